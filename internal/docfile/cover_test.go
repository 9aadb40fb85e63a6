package docfile_test

import (
	"bytes"
	"image"
	_ "image/jpeg" // the checked files' formats, for image.Decode
	_ "image/png"
	"strings"
	"testing"

	"github.com/gen2brain/webp"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
)

// A cover image is a JPEG, PNG or WebP only, and its messages offer no PDF.
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

// Staff may upload a WebP cover, photo or picture: a lossy one is written
// again as a JPEG, a lossless or transparent one as a PNG, with no trace
// of the WebP left. Applicants' scans stay JPEG or PNG, and a file named
// .webp must be one.
func TestCheckWebPImages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	opaque := image.NewRGBA(image.Rect(0, 0, 300, 200))
	clear := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	for i := range opaque.Pix {
		opaque.Pix[i] = uint8(i * 7)
		clear.Pix[i] = uint8(i * 5)
		if i%4 == 3 {
			opaque.Pix[i] = 0xFF
		}
	}
	for _, tc := range []struct {
		name     string
		img      image.Image
		lossless bool
		want     string
	}{
		{"lossy.webp", opaque, false, docfile.TypeJPEG},
		{"lossless.webp", opaque, true, docfile.TypePNG},
		{"transparent.webp", clear, false, docfile.TypePNG},
	} {
		var b bytes.Buffer
		if err := webp.Encode(&b, tc.img, webp.Options{Quality: 80, Lossless: tc.lossless}); err != nil {
			t.Fatal(err)
		}
		for _, kind := range []docfile.Kind{docfile.CoverImage, docfile.ProfilePhoto, docfile.PostImage} {
			c, err := docfile.Check(t.Context(), kind, tc.name, bytes.NewReader(b.Bytes()), dir)
			if err != nil {
				t.Fatalf("%s as a %s: %v", tc.name, kind, err)
			}
			r, err := c.Open()
			if err != nil {
				t.Fatal(err)
			}
			img, format, err := image.Decode(r)
			r.Close()
			c.Remove()
			if err != nil || c.ContentType != tc.want || "image/"+format != tc.want || img.Bounds().Dx() != 300 || img.Bounds().Dy() != 200 {
				t.Errorf("%s as a %s: %s %q (%v, %v); want a 300 × 200 %s", tc.name, kind, c.ContentType, format, img.Bounds(), err, tc.want)
			}
		}
		if _, err := docfile.Check(t.Context(), docfile.IDDocument, tc.name, bytes.NewReader(b.Bytes()), dir); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("%s as an ID document: %v; want a refusal", tc.name, err)
		}
	}
	for name, data := range map[string][]byte{
		"png-inside.webp": docfiletest.PNGOf(10, 10),
		"broken.webp":     []byte("RIFF\x20\x00\x00\x00WEBPVP8 \x10\x00\x00\x00garbage-garbage!"),
		// An extended header with the animation flag and a canvas of 10 × 10.
		"animated.webp": []byte("RIFF\x1e\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x02\x00\x00\x00\x09\x00\x00\x09\x00\x00ANIM\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
	} {
		_, err := docfile.Check(t.Context(), docfile.CoverImage, name, bytes.NewReader(data), dir)
		if msg := domain.ErrorMessage(err); domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(msg, "WebP") ||
			strings.HasPrefix(name, "animated") != strings.Contains(msg, "animated") {
			t.Errorf("%s: %v; want a refusal naming a WebP image (an animated one as such)", name, err)
		}
	}
}
