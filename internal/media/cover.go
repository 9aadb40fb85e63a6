// Package media turns a checked picture into the files the site serves
// for it: a blog cover scaled to a few widths, or a member of staff's
// photo cropped square and scaled to a few sizes, each encoded as WebP
// and JPEG for a <picture> with a <source srcset> per format. Checking an
// upload (type, pixel bounds, orientation, metadata) is docfile's job, and
// storing and serving the files the HTTP side's; this package only
// scales and encodes, and knows nothing of either.
package media

import (
	"bytes"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"time"

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
)

// CoverWidths are the widths a cover is stored in, narrowest first: a
// phone, a card on a wide screen and the post's header on a wide or dense
// screen. A narrower upload is stored at its own width, never enlarged.
var CoverWidths = []int{480, 960, 1600}

// coverQuality is the JPEG quality of the stored versions.
const coverQuality = 82

// Settings of the WebP versions. On a 1600 × 900 test picture full of
// detail they measured as good as the JPEG at coverQuality (luma PSNR) at
// about half its bytes (see BenchmarkCoverVersions).
//
// AVIF versions were made too until November 2026, at quality 60, speed 8
// (libavif). They measured no smaller than the WebP ones (two photos at
// 480 px: 20.8 KB against 20.6 KB, 37.3 KB against 36.6 KB), took 3 to 5
// times as long to encode, and every browser that shows AVIF shows WebP;
// the encoder was 1.2 MB of the binary. Covers stored with AVIF files keep
// them: ContentType still knows the type, the pages still offer them.
const (
	coverWebPQuality = 75 // libwebp's 0–100 scale
	coverWebPMethod  = 4  // 0 fastest … 6 smallest
)

// Format is a file format the cover versions are stored in.
type Format struct {
	Ext         string // the file name's extension, dot included
	ContentType string
	Encode      func(w io.Writer, img *image.RGBA) error
}

// JPEG is the format every version is stored in: every browser shows it.
var JPEG = Format{".jpg", "image/jpeg", func(w io.Writer, img *image.RGBA) error {
	return jpeg.Encode(w, img, &jpeg.Options{Quality: coverQuality})
}}

// ModernFormats are stored beside the JPEG when their encoder works, best
// first (the order of the <source> elements). A format whose encoder
// fails for one version is left out of the whole set, so each <source>
// offers every width. A variable so that a test can make one fail.
var ModernFormats = []Format{
	{".webp", "image/webp", func(w io.Writer, img *image.RGBA) error {
		return webp.Encode(w, img, webp.Options{Quality: coverWebPQuality, Method: coverWebPMethod})
	}},
}

// ContentType is the type of a cover file with extension ext (dot
// included), or "" for one no format writes.
func ContentType(ext string) string {
	if ext == JPEG.Ext {
		return JPEG.ContentType
	}
	for _, f := range ModernFormats {
		if f.Ext == ext {
			return f.ContentType
		}
	}
	if ext == avifExt {
		return avifType
	}
	return ""
}

// The AVIF files of covers stored before AVIF versions were dropped.
const (
	avifExt  = ".avif"
	avifType = "image/avif"
)

// CoverSet is a cover encoded in every width and format.
type CoverSet struct {
	// Formats are the formats of each version's files, in order: the
	// JPEG and those of ModernFormats whose encoder worked.
	Formats  []Format
	Versions []Version
}

// Version is one width of a cover: Files[i] is in CoverSet.Formats[i].
type Version struct {
	Width, Height int
	Files         [][]byte
}

// EncodeCover scales src to each of CoverWidths no wider than src (or
// src's own width when it is narrower than all) and encodes each in every
// format. A modern format whose encoder fails is left out and logged to
// log: the JPEG alone still shows the cover everywhere.
func EncodeCover(src image.Image, log *slog.Logger) CoverSet {
	return encodeSet(scales(onWhite(src, src.Bounds()), CoverWidths), log)
}

// PhotoSizes are the sizes, in pixels a side, a member of staff's square
// photo is stored in, smallest first: beside a post's author name, and
// the same on dense screens. A smaller upload is stored at its own size.
var PhotoSizes = []int{96, 192, 384}

// EncodePhoto crops src to the square at its centre, scales it to each of
// PhotoSizes no larger than the square (or the square's own size when it
// is smaller than all) and encodes each in every format, as EncodeCover.
func EncodePhoto(src image.Image, log *slog.Logger) CoverSet {
	b := src.Bounds()
	side := min(b.Dx(), b.Dy())
	x, y := b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2
	return encodeSet(scales(onWhite(src, image.Rect(x, y, x+side, y+side)), PhotoSizes), log)
}

// encodeSet encodes each of scaled, narrowest first, as a JPEG and in
// each of ModernFormats whose encoder works for all.
func encodeSet(scaled []*image.RGBA, log *slog.Logger) CoverSet {
	set := CoverSet{Formats: []Format{JPEG}, Versions: make([]Version, len(scaled))}
	for i, img := range scaled {
		var buf bytes.Buffer
		// Encoding to memory cannot fail.
		_ = JPEG.Encode(&buf, img)
		set.Versions[i] = Version{Width: img.Rect.Dx(), Height: img.Rect.Dy(), Files: [][]byte{buf.Bytes()}}
	}
formats:
	for _, fm := range ModernFormats {
		files := make([][]byte, len(scaled))
		for i, img := range scaled {
			var buf bytes.Buffer
			start := time.Now()
			if err := fm.Encode(&buf, img); err != nil {
				log.Error("encoding a cover image; it is stored without this format",
					"type", fm.ContentType, "width", img.Rect.Dx(), "err", err)
				continue formats
			}
			log.Debug("cover image encoded", "type", fm.ContentType, "width", img.Rect.Dx(),
				"bytes", buf.Len(), "duration", time.Since(start))
			files[i] = buf.Bytes()
		}
		set.Formats = append(set.Formats, fm)
		for i := range set.Versions {
			set.Versions[i].Files = append(set.Versions[i].Files, files[i])
		}
	}
	return set
}

// onWhite is the part r of src on white, at the origin: JPEG has no
// transparency, and every format shows the same picture.
func onWhite(src image.Image, r image.Rectangle) *image.RGBA {
	rgba := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	// A PNG's transparent parts go on white (copied as they are, they
	// would turn black in the JPEG).
	draw.Draw(rgba, rgba.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(rgba, rgba.Bounds(), src, r.Min, draw.Over)
	return rgba
}

// scales returns rgba scaled to each of widths no wider than it (or
// rgba at its own width when it is narrower than all), narrowest first.
func scales(rgba *image.RGBA, ws []int) []*image.RGBA {
	b := rgba.Rect
	var widths []int
	for _, w := range ws {
		if w <= b.Dx() {
			widths = append(widths, w)
		}
	}
	if len(widths) == 0 {
		widths = []int{b.Dx()}
	}
	// Widest first, each narrower one from the one before it: the filter's
	// cost grows with how much it shrinks, and from 1600 px to 960 px is
	// far less work than from a 5000 px original (about a tenth of it here).
	out := make([]*image.RGBA, len(widths))
	from := rgba
	for i := len(widths) - 1; i >= 0; i-- {
		w := widths[i]
		h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
		out[i] = shrink(from, w, h)
		from = out[i]
	}
	return out
}

// shrink scales src down to w × h: halved while it is at least twice as
// large (each halving averages 2 × 2 pixels: cheap, and free of the
// aliasing of picking pixels), then to the size with a Catmull-Rom filter
// (sharp), whose cost grows with the ratio it shrinks by. w and h are at
// most src's size.
func shrink(src *image.RGBA, w, h int) *image.RGBA {
	if w == src.Rect.Dx() && h == src.Rect.Dy() {
		return src
	}
	for src.Rect.Dx() >= 2*w && src.Rect.Dy() >= 2*h {
		half := image.NewRGBA(image.Rect(0, 0, src.Rect.Dx()/2, src.Rect.Dy()/2))
		draw.ApproxBiLinear.Scale(half, half.Rect, src, src.Rect, draw.Src, nil)
		src = half
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Rect, src, src.Rect, draw.Src, nil)
	return dst
}
