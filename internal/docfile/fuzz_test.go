package docfile_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
)

// FuzzCheck: Check never panics, refuses with EInvalid, leaves nothing
// behind when it refuses, and what it accepts is accepted again.
func FuzzCheck(f *testing.F) {
	for _, b := range docfiletest.BadFiles() {
		if len(b.Data) > 256<<10 {
			continue // the size limits are tested elsewhere; keep the fuzzer fast
		}
		f.Add(uint8(b.Kind()), b.Name, b.Data)
	}
	for _, k := range []docfile.Kind{docfile.Resume, docfile.IDDocument, docfile.Certification} {
		name, data := docfiletest.Good(k)
		f.Add(uint8(k), name, data)
	}
	f.Add(uint8(docfile.Resume), "cv.docx", docfiletest.GoodDOCX())
	f.Add(uint8(docfile.Resume), "cv.doc", docfiletest.GoodDOC())
	f.Add(uint8(docfile.IDDocument), "id.jpg", docfiletest.JPEGWithEXIF(6))

	f.Fuzz(func(t *testing.T, k uint8, name string, data []byte) {
		kind := docfile.Kind(k % 3)
		dir := t.TempDir()
		c, err := docfile.Check(context.Background(), kind, name, bytes.NewReader(data), dir)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.EInvalid || de.Message == "" {
				t.Fatalf("refusal %v is not an EInvalid domain.Error with a message", err)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("refusal left %d files behind", len(ents))
			}
			return
		}
		defer c.Remove()
		again := stored(t, c)
		c2, err := docfile.Check(context.Background(), kind, "again"+c.Ext, bytes.NewReader(again), dir)
		if err != nil {
			t.Fatalf("accepted content refused on a second check: %v", err)
		}
		if c2.Ext != c.Ext || c2.ContentType != c.ContentType {
			t.Errorf("second check: %s %s, first %s %s", c2.Ext, c2.ContentType, c.Ext, c.ContentType)
		}
		c2.Remove()
		c.Remove()
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("Remove left %d files behind", len(ents))
		}
	})
}

func BenchmarkCheckPDF5MB(b *testing.B) {
	data := docfiletest.PDFOfSize(5 << 20)
	dir := b.TempDir()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := docfile.Check(context.Background(), docfile.Resume, "cv.pdf", bytes.NewReader(data), dir)
		if err != nil {
			b.Fatal(err)
		}
		c.Remove()
	}
}

// BenchmarkCheckJPEG12MP: the cost of re-encoding a phone photo, which
// bounds how many ID documents a core can take per second.
func BenchmarkCheckJPEG12MP(b *testing.B) {
	data := docfiletest.JPEGOf(4000, 3000)
	dir := b.TempDir()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := docfile.Check(context.Background(), docfile.IDDocument, "id.jpg", bytes.NewReader(data), dir)
		if err != nil {
			b.Fatal(err)
		}
		c.Remove()
	}
}

// BenchmarkCheckPDFManyStreams: a 9 MB PDF of 30,000 small streams
// (pictures and fonts of a long document), the scan's worst shape.
func BenchmarkCheckPDFManyStreams(b *testing.B) {
	objs := docfiletest.PDFObjects()
	data := strings.Repeat("x", 200)
	for len(objs) < 30_000 {
		objs = append(objs, docfiletest.PDFStream("/Subtype /Image /Width 10 /Height 20", data))
	}
	pdf := docfiletest.PDF("", objs...)
	dir := b.TempDir()
	b.SetBytes(int64(len(pdf)))
	for b.Loop() {
		c, err := docfile.Check(context.Background(), docfile.Resume, "cv.pdf", bytes.NewReader(pdf), dir)
		if err != nil {
			b.Fatal(err)
		}
		c.Remove()
	}
}
