package docfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"

	webpenc "github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"
)

// TestDecodeCostCoversMeasured decodes and re-encodes real images of each
// kind accepted (decodeAndWrite, as an upload is) and compares the memory
// allocated meanwhile with the estimate the budget reserves for it. The
// collector is off during the decode, so that the measure is everything
// allocated, garbage included: never less than the peak. The estimate
// must cover it, and not by far more (then it would keep decodes waiting
// for memory they do not take). Not parallel: the measure is the
// process's.
func TestDecodeCostCoversMeasured(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocator is not production's: small objects take more")
	}
	const w, h = 1600, 1200
	cases := []struct {
		name string
		data []byte
	}{
		{"grey JPEG", encodeJPEG(t, grayPage(w, h))},
		{"4:2:0 JPEG", encodeJPEG(t, rgbaPage(w, h))},
		{"4:2:2 JPEG", readTestdata(t, "ycbcr422.jpg")},
		{"4:4:4 JPEG", readTestdata(t, "ycbcr444.jpg")},
		{"progressive 4:2:0 JPEG", readTestdata(t, "progressive420.jpg")},
		{"progressive 4:4:4 JPEG", readTestdata(t, "progressive444.jpg")},
		{"RGB JPEG", readTestdata(t, "rgb.jpg")},
		{"4:2:0 JPEG turned (EXIF orientation 6)", withOrientation(t, encodeJPEG(t, rgbaPage(w, h)), 6)},
		{"grey JPEG turned (EXIF orientation 3)", withOrientation(t, encodeJPEG(t, grayPage(w, h)), 3)},
		{"paletted PNG", encodePNG(t, palettedPage(w, h))},
		{"grey PNG", encodePNG(t, grayPage(w, h))},
		{"grey PNG with a transparent colour", withTRNS(t, encodePNG(t, grayPage(w, h)))},
		{"RGB PNG", encodePNG(t, rgbaPage(w, h))},
		{"RGBA PNG", encodePNG(t, nrgbaPage(w, h, 0x80))},
		{"interlaced RGB PNG", interlacedPNG(t, rgbaPage(w, h))},
		{"16-bit grey PNG", encodePNG(t, gray16Page(w, h))},
		{"16-bit RGB PNG", encodePNG(t, nrgba64Page(w, h, 0xFFFF))},
		{"16-bit RGBA PNG", encodePNG(t, nrgba64Page(w, h, 0x8000))},
		// Where the buffers and rows weigh more than the pixels.
		{"small 16-bit RGB PNG", encodePNG(t, nrgba64Page(64, 64, 0xFFFF))},
		{"small 4:4:4 JPEG", readTestdata(t, "small444.jpg")},
		{"wide 16-bit RGBA PNG", encodePNG(t, nrgba64Page(MaxImageSide, 40, 0x8000))},
		{"wide grey PNG", encodePNG(t, grayPage(MaxImageSide, 40))},
		{"wide progressive 4:4:4 JPEG", readTestdata(t, "wide-progressive444.jpg")},
	}
	dir := t.TempDir()
	ki, _ := Certification.info()
	for _, tc := range cases {
		isJPEG := bytes.HasPrefix(tc.data, []byte{0xFF, 0xD8})
		ft := formats[".png"]
		var cfg image.Config
		var err error
		if isJPEG {
			ft = formats[".jpg"]
			cfg, err = jpeg.DecodeConfig(bytes.NewReader(tc.data))
		} else {
			cfg, err = png.DecodeConfig(bytes.NewReader(tc.data))
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r := bytes.NewReader(tc.data)
		estimate, orientation, err := estimateDecode(isJPEG, r, r.Size(), int64(cfg.Width), int64(cfg.Height), cfg.ColorModel)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		measured := measureDecode(t, ki, ft, tc.data, orientation, dir)
		checkEstimate(t, tc.name, estimate, measured, slackOf(isJPEG), int64(cfg.Width)*int64(cfg.Height))
	}
}

// TestWebPDecodeCostCoversMeasured is TestDecodeCostCoversMeasured for
// the WebP images staff upload: lossy (written again as a JPEG), lossy
// with transparency, lossless photos and lossless palette images (each
// written again as a PNG).
func TestWebPDecodeCostCoversMeasured(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocator is not production's: small objects take more")
	}
	const w, h = 1600, 1200
	cases := []struct {
		name string
		data []byte
	}{
		{"lossy WebP", encodeWebP(t, rgbaPage(w, h), false)},
		{"lossy WebP with transparency", encodeWebP(t, nrgbaPage(w, h, 0x80), false)},
		{"lossless WebP", encodeWebP(t, rgbaPage(w, h), true)},
		{"lossless WebP with transparency", encodeWebP(t, nrgbaPage(w, h, 0x80), true)},
		{"lossless paletted WebP", encodeWebP(t, palettedPage(w, h), true)},
		{"lossless 4-colour WebP", encodeWebP(t, fewColourPage(w, h, 4), true)},
		{"lossless 2-colour WebP with transparency", encodeWebP(t, fewColourPage(w, h, 2), true)},
		{"small lossy WebP", encodeWebP(t, rgbaPage(64, 64), false)},
	}
	dir := t.TempDir()
	ki, _ := CoverImage.info()
	for _, tc := range cases {
		cfg, err := xwebp.DecodeConfig(bytes.NewReader(tc.data))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		hd, err := readWebPHeader(bytes.NewReader(tc.data), int64(len(tc.data)))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		w := int64(cfg.Width)
		estimate := hd.decodeCost(w, int64(cfg.Height), int64(len(tc.data))) + webpSlack + rowSlackPerPixel*w
		measured := measureDecode(t, ki, formats[".webp"], tc.data, 1, dir)
		t.Logf("%-40s %+v", tc.name, hd)
		checkEstimate(t, tc.name, estimate, measured, webpSlack, w*int64(cfg.Height))
	}
}

// measureDecode decodes and re-encodes data as an upload of kind ki and
// format ft is (decodeAndWrite) and returns what it allocated, garbage
// included (the collector is off meanwhile).
func measureDecode(t *testing.T, ki kindInfo, ft format, data []byte, orientation int, dir string) int64 {
	t.Helper()
	f := spoolFile(t, dir, data)
	defer f.Close()
	runtime.GC()
	gc := debug.SetGCPercent(-1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, err := decodeAndWrite(t.Context(), ki, ft, f, int64(len(data)), orientation, func() error { return io.ErrUnexpectedEOF }, dir)
	runtime.ReadMemStats(&after)
	debug.SetGCPercent(gc)
	if err != nil {
		t.Fatalf("decodeAndWrite: %v", err)
	}
	c.Remove()
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// checkEstimate fails when estimate is below measured, or far above it
// (then it would keep decodes waiting for memory they do not take).
func checkEstimate(t *testing.T, name string, estimate, measured, slack, px int64) {
	t.Helper()
	t.Logf("%-40s estimate %5.2f MB (%5.2f bytes a pixel), allocated %5.2f MB (%5.2f)",
		name, mb(estimate), float64(estimate)/float64(px), mb(measured), float64(measured)/float64(px))
	if estimate < measured {
		t.Errorf("%s: estimated %.2f MB, below the %.2f MB allocated", name, mb(estimate), mb(measured))
	}
	if estimate > measured*3/2+slack {
		t.Errorf("%s: estimated %.2f MB, far above the %.2f MB allocated", name, mb(estimate), mb(measured))
	}
}

// fewColourPage is a w × h image of n colours (half of them half
// transparent), in stripes.
func fewColourPage(w, h, n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := (x/7 + y/5) % n
			img.SetNRGBA(x, y, color.NRGBA{uint8(40 * c), uint8(255 - 30*c), uint8(90 * c), uint8(255 - 127*(c%2))})
		}
	}
	return img
}

func encodeWebP(t *testing.T, img image.Image, lossless bool) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := webpenc.Encode(&b, img, webpenc.Options{Quality: 75, Lossless: lossless}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

func spoolFile(t *testing.T, dir string, data []byte) *os.File {
	t.Helper()
	f, err := os.CreateTemp(dir, "spool-*")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	return f
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "decodecost", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func encodeJPEG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 75}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The pages below are gradients: what matters is the shape of the
// decoded image, not its content.

func grayPage(w, h int) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(200 + i%w*40/w)
	}
	return img
}

func rgbaPage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(200 + x*40/w), uint8(200 + y*40/h), 220, 0xFF})
		}
	}
	return img
}

func nrgbaPage(w, h int, a uint8) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(200 + x*40/w), uint8(200 + y*40/h), 220, a})
		}
	}
	return img
}

func palettedPage(w, h int) *image.Paletted {
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.RGBA{uint8(i), uint8(255 - i), 128, 0xFF}
	}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8(i % w * 256 / w)
	}
	return img
}

func gray16Page(w, h int) *image.Gray16 {
	img := image.NewGray16(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetGray16(x, y, color.Gray16{uint16(50000 + x*10000/w)})
		}
	}
	return img
}

func nrgba64Page(w, h int, a uint16) *image.NRGBA64 {
	img := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA64(x, y, color.NRGBA64{uint16(50000 + x*10000/w), uint16(50000 + y*10000/h), 55000, a})
		}
	}
	return img
}

// pngChunk is a PNG chunk of type typ holding data.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// withTRNS returns the 8-bit grey PNG p with a tRNS chunk (grey 0 is
// transparent) after its header: image/png then decodes it with alpha.
func withTRNS(t *testing.T, p []byte) []byte {
	t.Helper()
	const ihdrEnd = 8 + 8 + 13 + 4
	if string(p[12:16]) != "IHDR" {
		t.Fatal("no IHDR")
	}
	out := append([]byte(nil), p[:ihdrEnd]...)
	out = append(out, pngChunk("tRNS", []byte{0, 0})...)
	return append(out, p[ihdrEnd:]...)
}

// withOrientation returns the JPEG j with an EXIF segment whose
// orientation is o, after its start.
func withOrientation(t *testing.T, j []byte, o uint16) []byte {
	t.Helper()
	tiff := []byte("MM\x00*\x00\x00\x00\x08")
	tiff = binary.BigEndian.AppendUint16(tiff, 1)      // one entry
	tiff = binary.BigEndian.AppendUint16(tiff, 0x0112) // orientation
	tiff = binary.BigEndian.AppendUint16(tiff, 3)      // SHORT
	tiff = binary.BigEndian.AppendUint32(tiff, 1)
	tiff = binary.BigEndian.AppendUint16(tiff, o)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0) // padding, no next IFD
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := append([]byte(nil), j[:2]...)
	out = append(out, 0xFF, 0xE1)
	out = binary.BigEndian.AppendUint16(out, uint16(len(seg)+2))
	out = append(out, seg...)
	return append(out, j[2:]...)
}

// interlacedPNG writes img as an 8-bit RGB PNG interlaced by Adam7,
// which image/png reads but does not write: each of the seven passes is
// the pixels of its grid, row by row, each row unfiltered.
func interlacedPNG(t *testing.T, img *image.RGBA) []byte {
	t.Helper()
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var raw bytes.Buffer
	zw := zlib.NewWriter(&raw)
	passes := [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	for _, p := range passes {
		for y := p[1]; y < h; y += p[3] {
			if p[0] >= w {
				break
			}
			row := []byte{0}
			for x := p[0]; x < w; x += p[2] {
				c := img.RGBAAt(x, y)
				row = append(row, c.R, c.G, c.B)
			}
			if _, err := zw.Write(row); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 2, 0, 0, 1) // 8 bits, RGB, deflate, adaptive filters, Adam7
	out := append([]byte(nil), pngSignature...)
	out = append(out, pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", raw.Bytes())...)
	out = append(out, pngChunk("IEND", nil)...)
	// Decodes to the same pixels.
	back, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if c := back.At(w-1, h-1); c != color.Color(img.RGBAAt(w-1, h-1)) {
		t.Fatalf("interlaced PNG decodes to %v at its corner, want %v", c, img.RGBAAt(w-1, h-1))
	}
	return out
}
