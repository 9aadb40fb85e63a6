package server

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// A PNG's transparent parts become white in the JPEG versions, not black;
// opaque parts keep their colour.
func TestCoverVersionsPutTransparencyOnWhite(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 600, 300)) // fully transparent
	for y := range 300 {
		for x := 300; x < 600; x++ {
			src.Set(x, y, color.NRGBA{R: 200, A: 255})
		}
	}
	out, versions := coverVersions(src)
	if len(out) != 1 || versions[0].Width != 480 || versions[0].Height != 240 {
		t.Fatalf("versions = %+v; want one 480 × 240", versions)
	}
	img, err := jpeg.Decode(bytes.NewReader(out[0]))
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := img.At(60, 120).RGBA()
	if r>>8 < 245 || g>>8 < 245 || b>>8 < 245 {
		t.Errorf("a transparent pixel became (%d, %d, %d); want white", r>>8, g>>8, b>>8)
	}
	r, g, b, _ = img.At(420, 120).RGBA()
	if r>>8 < 185 || g>>8 > 20 || b>>8 > 20 {
		t.Errorf("an opaque red pixel became (%d, %d, %d); want about (200, 0, 0)", r>>8, g>>8, b>>8)
	}
}
