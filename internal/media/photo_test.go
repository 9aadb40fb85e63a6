package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// A photo is cropped to the square at its centre and stored in each of
// PhotoSizes it is large enough for, as JPEG and WebP; a small one at
// its own size, never enlarged.
func TestEncodePhotoCropsSquareAndScales(t *testing.T) {
	t.Parallel()
	// 900 × 500: red bands at left and right outside the centred square
	// (200 … 700), green inside it.
	src := image.NewRGBA(image.Rect(0, 0, 900, 500))
	for y := range 500 {
		for x := range 900 {
			c := color.RGBA{G: 200, A: 255}
			if x < 200 || x >= 700 {
				c = color.RGBA{R: 200, A: 255}
			}
			src.Set(x, y, c)
		}
	}
	set := EncodePhoto(src, quiet)
	if len(set.Formats) != 2 || set.Formats[0].Ext != ".jpg" || set.Formats[1].Ext != ".webp" {
		t.Fatalf("formats %+v; want jpg and webp", set.Formats)
	}
	var sizes []int
	for _, v := range set.Versions {
		if v.Width != v.Height {
			t.Errorf("version %d × %d is not square", v.Width, v.Height)
		}
		sizes = append(sizes, v.Width)
		img, err := jpeg.Decode(bytes.NewReader(v.Files[0]))
		if err != nil {
			t.Fatalf("%d px JPEG: %v", v.Width, err)
		}
		for _, x := range []int{1, v.Width / 2, v.Width - 2} {
			if r, g, _, _ := img.At(x, v.Width/2).RGBA(); r>>8 > 60 || g>>8 < 150 {
				t.Errorf("%d px: pixel at x=%d is (%d, %d); want the centre's green only, no red band", v.Width, x, r>>8, g>>8)
			}
		}
	}
	if len(sizes) != 3 || sizes[0] != 96 || sizes[1] != 192 || sizes[2] != 384 {
		t.Errorf("sizes %v; want 96, 192, 384", sizes)
	}

	small := EncodePhoto(image.NewRGBA(image.Rect(10, 20, 90, 150)), quiet) // 80 × 130, offset bounds
	if len(small.Versions) != 1 || small.Versions[0].Width != 80 || small.Versions[0].Height != 80 {
		t.Errorf("a small photo: %+v; want one 80 × 80 version", small.Versions)
	}
}
