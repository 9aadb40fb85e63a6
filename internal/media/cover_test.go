package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/gen2brain/webp"
)

// quiet is a logger that drops everything.
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// A PNG's transparent parts become white in every format, not black;
// opaque parts keep their colour.
func TestCoverVersionsPutTransparencyOnWhite(t *testing.T) {
	t.Parallel()
	src := image.NewNRGBA(image.Rect(0, 0, 600, 300)) // fully transparent
	for y := range 300 {
		for x := 300; x < 600; x++ {
			src.Set(x, y, color.NRGBA{R: 200, A: 255})
		}
	}
	set := EncodeCover(src, quiet)
	if len(set.Versions) != 1 || set.Versions[0].Width != 480 || set.Versions[0].Height != 240 {
		t.Fatalf("versions = %+v; want one 480 × 240", set.Versions)
	}
	decoders := map[string]func(io.Reader) (image.Image, error){".jpg": jpeg.Decode, ".webp": webp.Decode}
	var exts []string
	for i, f := range set.Formats {
		exts = append(exts, f.Ext)
		img, err := decoders[f.Ext](bytes.NewReader(set.Versions[0].Files[i]))
		if err != nil {
			t.Fatalf("%s: %v", f.Ext, err)
		}
		if r, g, b := shownRGB(img, 60, 120); r < 240 || g < 240 || b < 240 {
			t.Errorf("%s: a transparent pixel became (%d, %d, %d); want white", f.Ext, r, g, b)
		}
		if r, g, b := shownRGB(img, 420, 120); r < 175 || g > 30 || b > 30 {
			t.Errorf("%s: an opaque red pixel became (%d, %d, %d); want about (200, 0, 0)", f.Ext, r, g, b)
		}
	}
	if !slices.Equal(exts, []string{".jpg", ".webp"}) {
		t.Errorf("formats %v, want jpg, webp", exts)
	}
}

// shownRGB is the colour a browser shows at x, y of a decoded image. The
// WebP decoder hands over its YCbCr planes, which are in video range
// (16–235), not the full range Go's YCbCr colour model assumes.
func shownRGB(img image.Image, x, y int) (r, g, b int) {
	if yc, ok := img.(*image.NYCbCrA); ok {
		l := 1.164 * (float64(yc.Y[yc.YOffset(x, y)]) - 16)
		cb, cr := float64(yc.Cb[yc.COffset(x, y)])-128, float64(yc.Cr[yc.COffset(x, y)])-128
		c := func(v float64) int { return int(max(0, min(255, math.Round(v)))) }
		return c(l + 1.596*cr), c(l - 0.392*cb - 0.813*cr), c(l + 2.017*cb)
	}
	r32, g32, b32, _ := img.At(x, y).RGBA()
	return int(r32 >> 8), int(g32 >> 8), int(b32 >> 8)
}

// A format whose encoder fails is left out of the whole set; the others,
// the JPEG first, are all there for every width.
func TestCoverFormatLeftOutWhenItsEncoderFails(t *testing.T) {
	saved := slices.Clone(ModernFormats)
	t.Cleanup(func() { ModernFormats = saved })
	calls := 0
	ModernFormats[0].Encode = func(w io.Writer, img *image.RGBA) error {
		calls++
		if img.Rect.Dx() == 960 { // the second width: the first one's file must not stay either
			return errors.New("out of memory")
		}
		return saved[0].Encode(w, img)
	}
	set := EncodeCover(image.NewRGBA(image.Rect(0, 0, 1000, 500)), quiet)
	if calls != 2 {
		t.Errorf("the failing encoder was called %d times, want 2 (it stops at the failure)", calls)
	}
	var exts []string
	for _, f := range set.Formats {
		exts = append(exts, f.Ext)
	}
	if !slices.Equal(exts, []string{".jpg"}) {
		t.Errorf("formats %v, want the JPEG alone", exts)
	}
	for _, v := range set.Versions {
		if len(v.Files) != 1 || len(v.Files[0]) == 0 {
			t.Errorf("version %d has %d files; want its JPEG alone", v.Width, len(v.Files))
		}
	}
}

// detailedPicture is a w × h stand-in for a photo that is hard to
// compress: clouds of fractal noise over the whole frame, a horizon, and
// towers with rows of windows (sharp edges, fine regular detail), with a
// little grain. Seeded: the same picture every run.
func detailedPicture(w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(3, 4))
	noise := make([][]float64, 3)
	for c := range noise {
		f := make([]float64, w*h)
		amp := 1.0
		for cell := 512; cell >= 2; cell /= 2 {
			gw := w/cell + 2
			g := make([]float64, gw*(h/cell+2))
			for i := range g {
				g[i] = r.NormFloat64()
			}
			smooth := func(t float64) float64 { return t * t * (3 - 2*t) }
			for y := range h {
				y0, ty := y/cell, smooth(float64(y%cell)/float64(cell))
				for x := range w {
					x0, tx := x/cell, smooth(float64(x%cell)/float64(cell))
					a := g[y0*gw+x0]*(1-tx) + g[y0*gw+x0+1]*tx
					b := g[(y0+1)*gw+x0]*(1-tx) + g[(y0+1)*gw+x0+1]*tx
					f[y*w+x] += amp * (a*(1-ty) + b*ty)
				}
			}
			amp *= 0.72
		}
		noise[c] = f
	}
	clamp := func(v float64) uint8 { return uint8(max(0, min(255, v))) }
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			i, n := img.PixOffset(x, y), y*w+x
			shade := 0.0
			if float64(y) > float64(h)*0.6+40*math.Sin(float64(x)/120) {
				shade = -50
			}
			l := noise[0][n]
			img.Pix[i] = clamp(128 + 45*l + 15*noise[1][n] + shade + r.NormFloat64()*2)
			img.Pix[i+1] = clamp(120 + 40*l + 10*noise[2][n] + shade + r.NormFloat64()*2)
			img.Pix[i+2] = clamp(110 + 35*l - 20*noise[1][n] + shade/2 + r.NormFloat64()*2)
			img.Pix[i+3] = 255
		}
	}
	for range 30 {
		bx, bw, top := r.IntN(w), 40+r.IntN(120), h/3+r.IntN(h/2)
		base := 60 + r.Float64()*120
		for y := top; y < h; y++ {
			for x := bx; x < min(w, bx+bw); x++ {
				v := base + 20*noise[2][y*w+x]
				if (x-bx)%14 > 4 && (x-bx)%14 < 11 && (y-top)%18 > 5 && (y-top)%18 < 14 {
					v = 35
					if r.IntN(3) == 0 {
						v = 230
					}
				}
				i := img.PixOffset(x, y)
				img.Pix[i] = clamp(v + r.NormFloat64()*3)
				img.Pix[i+1] = clamp(v*0.95 + r.NormFloat64()*3)
				img.Pix[i+2] = clamp(v*0.85 + r.NormFloat64()*3)
			}
		}
	}
	return img
}

// BenchmarkCoverVersions encodes the widest cover version of a detailed
// 1600 × 900 picture in each format, reporting its bytes. The first
// encode of a format in a process also compiles its encoder (once); that
// is timed apart, as is the whole upload's work (every width, every format).
//
//	go test -run '^$' -bench CoverVersions -benchtime 3x ./internal/media/
func BenchmarkCoverVersions(b *testing.B) {
	src := detailedPicture(1600, 900)
	for _, f := range append([]Format{JPEG}, ModernFormats...) {
		var warm bytes.Buffer
		start := time.Now()
		if err := f.Encode(&warm, image.NewRGBA(image.Rect(0, 0, 16, 16))); err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: first use took %v", f.ContentType, time.Since(start))
		b.Run(f.Ext[1:], func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := f.Encode(&buf, src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
	b.Run("upload", func(b *testing.B) {
		var peak uint64
		for b.Loop() {
			set := EncodeCover(src, quiet)
			if len(set.Formats) != 3 {
				b.Fatalf("formats %d, want 3", len(set.Formats))
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapSys)
		}
		b.ReportMetric(float64(peak)/(1<<20), "heap-sys-MB")
	})
}

// Fine detail scaled down to half or less averages out instead of turning
// into stripes or blotches (aliasing): a one-pixel checkerboard becomes an
// even grey. (Close to its own size no filter can keep a pattern at the
// finest the pixels hold, so the 960 px version is not checked.)
func TestCoverScalingAveragesFineDetail(t *testing.T) {
	t.Parallel()
	src := image.NewRGBA(image.Rect(0, 0, 1000, 500))
	for y := range 500 {
		for x := range 1000 {
			if (x+y)%2 == 0 {
				src.Set(x, y, color.White)
			} else {
				src.Set(x, y, color.Black)
			}
		}
	}
	scaled := scales(onWhite(src, src.Bounds()), CoverWidths)
	if len(scaled) != 2 || scaled[0].Rect.Dx() != 480 || scaled[1].Rect.Dx() != 960 {
		t.Fatalf("widths %v; want 480 and 960", []int{scaled[0].Rect.Dx(), scaled[len(scaled)-1].Rect.Dx()})
	}
	for _, img := range scaled[:1] {
		lo, hi := 255, 0
		for y := 2; y < img.Rect.Dy()-2; y++ {
			for x := 2; x < img.Rect.Dx()-2; x++ {
				v := int(img.Pix[img.PixOffset(x, y)])
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if lo < 100 || hi > 155 {
			t.Errorf("%d px wide: grey between %d and %d; want about 128 throughout", img.Rect.Dx(), lo, hi)
		}
	}
}

func TestContentTypeOfEachFormat(t *testing.T) {
	t.Parallel()
	for ext, want := range map[string]string{".jpg": "image/jpeg", ".avif": "image/avif", ".webp": "image/webp", ".png": "", "": ""} {
		if got := ContentType(ext); got != want {
			t.Errorf("ContentType(%q) = %q, want %q", ext, got, want)
		}
	}
}
