package docfile

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"corpsite/internal/domain"
)

// An image that comes out of the re-encoder larger than reencodedMax is
// refused with a message the visitor can act on, and leaves no file; the
// same image within the bound is kept.
func TestReencodedImageBounded(t *testing.T) {
	// Noise does not compress: 64 × 64 RGBA pixels re-encode to ~16 KB.
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.Uint32())
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c, err := Check(context.Background(), Certification, "cert.png", bytes.NewReader(b.Bytes()), dir)
	if err != nil {
		t.Fatalf("with the default bound: %v", err)
	}
	c.Remove()

	defer func(f func(kindInfo) int64) { reencodedMax = f }(reencodedMax)
	reencodedMax = func(kindInfo) int64 { return 4096 }
	_, err = Check(context.Background(), Certification, "cert.png", bytes.NewReader(b.Bytes()), dir)
	const want = "The certification document could not be processed: the image comes out too large once cleaned of its metadata. Please upload it as a PDF, or as a smaller image."
	if domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != want {
		t.Errorf("re-encoded beyond the bound: %v (code %q), want %q", err, domain.ErrorCode(err), want)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("files left behind: %s", strings.Join(names, ", "))
	}
}
