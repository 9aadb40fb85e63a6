package docfile_test

import (
	"strings"
	"testing"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
)

// A cover image is a JPEG or PNG only, and its messages offer no PDF.
func TestCheckCoverImage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, err := docfile.Check(t.Context(), docfile.CoverImage, "photo.jpg", strings.NewReader(string(docfiletest.JPEGWithEXIF(6))), dir)
	if err != nil {
		t.Fatalf("a JPEG photo: %v", err)
	}
	c.Remove()
	for name, data := range map[string][]byte{
		"scan.pdf":   docfiletest.GoodPDF(),
		"broken.png": docfiletest.PNGOf(10, 10)[:40],
	} {
		_, err := docfile.Check(t.Context(), docfile.CoverImage, name, strings.NewReader(string(data)), dir)
		msg := domain.ErrorMessage(err)
		if domain.ErrorCode(err) != domain.EInvalid || !strings.HasPrefix(msg, "The cover image") || strings.Contains(msg, "PDF") {
			t.Errorf("%s: %v; want a refusal naming the cover image without offering a PDF", name, err)
		}
	}
}
