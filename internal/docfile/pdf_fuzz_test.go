package docfile_test

import (
	"bytes"
	"strings"
	"testing"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
)

// FuzzCheckPDF: the PDF scan ends on any input, never panics, and refuses
// with a message; seeded with every PDF of the corpus.
func FuzzCheckPDF(f *testing.F) {
	f.Add(docfiletest.GoodPDF())
	f.Add(docfiletest.PDFWithObjStm("", "<< /Dests << >> >>"))
	for _, b := range docfiletest.BadFiles() {
		if strings.HasSuffix(b.Name, ".pdf") && len(b.Data) < 64<<10 && bytes.HasPrefix(b.Data, []byte("%PDF-")) {
			f.Add(b.Data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := docfile.Check(t.Context(), docfile.Resume, "cv.pdf", bytes.NewReader(data), t.TempDir())
		if err == nil {
			c.Remove()
			return
		}
		if msg := err.Error(); msg == "" {
			t.Fatal("a refusal without a message")
		}
	})
}
