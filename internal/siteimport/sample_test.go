package siteimport_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"corpsite/internal/docfile/docfiletest"
)

// sampleFiles are the files of testdata/sample-files, made here (not
// copied from anywhere): two valid PDFs, two valid JPEGs and two files
// that fail the upload checks (an HTML page named .pdf, a PDF named .jpg).
func sampleFiles(t testing.TB) map[string][]byte {
	t.Helper()
	return map[string][]byte{
		"resumes/asha-verma-1719822000000.pdf": docfiletest.GoodPDF(),
		"certifications/aws-practitioner.pdf":  docfiletest.GoodPDF(),
		"national-ids/asha-aadhaar.jpg":        testJPEG(t, 320, 200, color.RGBA{40, 90, 160, 255}),
		"blogs/cloud-cover.jpg":                testJPEG(t, 640, 360, color.RGBA{200, 120, 40, 255}),
		"resumes/ravi-kumar-1722500000000.pdf": []byte("<html><body><script>alert(1)</script>not a resume</body></html>\n"),
		"blogs/broken-cover.jpg":               docfiletest.GoodPDF(),
	}
}

// testJPEG draws a w×h gradient over a base colour.
func testJPEG(t testing.TB, w, h int, base color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{base.R + uint8(x*40/w), base.G + uint8(y*40/h), base.B, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 70}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSampleFilesAreCurrent keeps testdata/sample-files what sampleFiles
// makes; SITEIMPORT_WRITE_SAMPLE=1 writes them.
func TestSampleFilesAreCurrent(t *testing.T) {
	write := os.Getenv("SITEIMPORT_WRITE_SAMPLE") == "1"
	for name, want := range sampleFiles(t) {
		p := filepath.Join("testdata", "sample-files", filepath.FromSlash(name))
		if write {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (SITEIMPORT_WRITE_SAMPLE=1 go test -run TestSampleFilesAreCurrent writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the test makes; SITEIMPORT_WRITE_SAMPLE=1 writes it again", p)
		}
	}
}
