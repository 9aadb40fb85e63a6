package media

import (
	"bytes"
	"image"

	"golang.org/x/image/draw"
)

// The size of a post's social image, the picture link previews show: the
// 1.91 : 1 that the large previews of the common networks crop to.
const (
	SocialWidth  = 1200
	SocialHeight = 630
)

// EncodeSocial makes a social image of src: the largest centred part of
// it with the proportions of SocialWidth × SocialHeight, scaled to that
// size (up, when src is smaller), on white, as a JPEG of the covers'
// quality.
func EncodeSocial(src image.Image) []byte {
	b := src.Bounds()
	// The crop: full width or full height, whichever keeps 1200 : 630.
	w, h := b.Dx(), b.Dx()*SocialHeight/SocialWidth
	if h > b.Dy() {
		w, h = b.Dy()*SocialWidth/SocialHeight, b.Dy()
	}
	w, h = max(1, w), max(1, h)
	crop := image.Rect(0, 0, w, h).Add(image.Pt(b.Min.X+(b.Dx()-w)/2, b.Min.Y+(b.Dy()-h)/2))
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(rgba, rgba.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(rgba, rgba.Bounds(), src, crop.Min, draw.Over)
	var out *image.RGBA
	if w >= SocialWidth && h >= SocialHeight {
		out = shrink(rgba, SocialWidth, SocialHeight)
	} else {
		out = image.NewRGBA(image.Rect(0, 0, SocialWidth, SocialHeight))
		draw.CatmullRom.Scale(out, out.Rect, rgba, rgba.Rect, draw.Src, nil)
	}
	var buf bytes.Buffer
	_ = JPEG.Encode(&buf, out) // to memory: cannot fail
	return buf.Bytes()
}
