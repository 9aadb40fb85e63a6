package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// Whatever its size and shape, the social image is a 1200 × 630 JPEG of
// the middle of the picture.
func TestEncodeSocial(t *testing.T) {
	t.Parallel()
	for _, size := range []image.Point{{1600, 400}, {400, 1600}, {2400, 1260}, {300, 200}, {1, 1}} {
		src := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
		// Red in the middle third (both ways), blue around it.
		for y := range size.Y {
			for x := range size.X {
				c := color.RGBA{0, 0, 255, 255}
				if x >= size.X/3 && x < size.X*2/3+1 && y >= size.Y/3 && y < size.Y*2/3+1 || size.X == 1 {
					c = color.RGBA{255, 0, 0, 255}
				}
				src.Set(x, y, c)
			}
		}
		img, err := jpeg.Decode(bytes.NewReader(EncodeSocial(src)))
		if err != nil {
			t.Fatalf("%v: not a JPEG: %v", size, err)
		}
		if got := img.Bounds().Size(); got != (image.Point{SocialWidth, SocialHeight}) {
			t.Errorf("%v: size %v", size, got)
		}
		r, _, bl, _ := img.At(SocialWidth/2, SocialHeight/2).RGBA()
		if r>>8 < 200 || bl>>8 > 60 {
			t.Errorf("%v: the middle is not the picture's middle (r %d, b %d)", size, r>>8, bl>>8)
		}
	}
}
