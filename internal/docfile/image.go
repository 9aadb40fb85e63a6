package docfile

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"

	"golang.org/x/image/webp"
)

// Bounds of an image, checked from its header before any pixel is
// decoded: a 100 KB PNG can claim 50,000 × 50,000 pixels and would take
// 10 GB to decode. A 40-megapixel photo is more than any phone takes;
// an ID document or a certificate needs far less (MaxScanPixels).
const (
	MaxImagePixels = 40_000_000
	// MaxScanPixels bounds the photo or scan of an ID document or a
	// certificate: an A4 page scanned at 600 dpi is 35 megapixels, at
	// 300 dpi under 9; a phone's photo is 12 to 24.
	MaxScanPixels = 24_000_000
	MaxImageSide  = 12000
	// maxDecodedBytes bounds the memory one decode may take, estimated
	// from the headers (decodeCost). An 8-bit image of MaxImagePixels
	// fits; 16-bit PNGs, progressive JPEGs and photos that must be turned
	// take more per pixel, so their pixel limit is lower.
	maxDecodedBytes = 256 << 20
	// jpegSlack and pngSlack are what a decode and its re-encoding take
	// besides what grows with the pixels: the file's and the encoder's
	// buffers, the decoder's tables, and for a PNG the deflate window
	// and hash tables (its compressor alone takes about 800 KB). Rows
	// are counted apart: rowSlackPerPixel bytes per pixel of a row (a
	// 16-bit PNG's encoder keeps six rows of up to 8 bytes a pixel, its
	// decoder two).
	jpegSlack        = 512 << 10
	pngSlack         = 3 << 19
	rowSlackPerPixel = 64
	// maxHeaderSegments bounds the segments (JPEG) or chunks (PNG) read
	// before the image data; past it the costliest guess is made.
	maxHeaderSegments = 4096
	// MaxExpansion is the most a large image's decoded pixels may weigh
	// per byte of its file. Photos and scans come to 5 to 100; deflate
	// reaches 1032 on a run of zeros, which is how a 244 KB PNG of
	// 5600 × 5600 16-bit pixels asks for 251 MB: a decompression bomb.
	// Below bombFloor decoded bytes a high ratio costs little (a blank
	// 1000 × 1000 PNG) and passes.
	MaxExpansion = 250
	bombFloor    = 32 << 20
	// freeAfter: after a decode above this cost the memory is handed back
	// to the system (handback.go), rather than kept by the heap for the
	// next. A phone's photo of 12 megapixels costs about 20 MB, a scan
	// of 24 about 38.
	freeAfter = 32 << 20
	// jpegQuality of re-encoded photos: visually lossless for a scan.
	jpegQuality = 90
)

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// reencodedMax is the largest re-encoded image kept for kind ki: twice
// what an upload of the kind may weigh. A small file of noisy or
// crafted pixels can come out of the encoder many times larger (a JPEG
// saved at a low quality, then at jpegQuality), which would fill the
// disk and blob storage past the limits the upload was held to. A
// variable so that a test can lower it.
var reencodedMax = func(ki kindInfo) int64 { return 2 * ki.maxBytes }

// errReencodedTooLarge stops writing an image past reencodedMax.
var errReencodedTooLarge = errors.New("docfile: re-encoded image too large")

// limitWriter writes to w until n bytes, then fails with
// errReencodedTooLarge, so that an oversized image stops while it is
// written rather than after.
type limitWriter struct {
	w io.Writer
	n int64
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > l.n {
		return 0, errReencodedTooLarge
	}
	n, err := l.w.Write(p)
	l.n -= int64(n)
	return n, err
}

// imageCodec reads one of the image formats accepted: its signature, its
// header and its pixels.
type imageCodec struct {
	signature    func(head []byte) bool
	decodeConfig func(io.Reader) (image.Config, error)
	decode       func(io.Reader) (image.Image, error)
}

// imageCodecs are the image formats reencodeImage reads, by canonical extension.
var imageCodecs = map[string]imageCodec{
	".jpg":  {func(head []byte) bool { return bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}) }, jpeg.DecodeConfig, jpeg.Decode},
	".png":  {func(head []byte) bool { return bytes.HasPrefix(head, pngSignature) }, png.DecodeConfig, png.Decode},
	".webp": {isWebP, webp.DecodeConfig, webp.Decode},
}

// reencodeImage checks that f holds an image of format ft within the
// bounds, decodes it and writes it again into a new temp file, without
// any metadata. A JPEG's EXIF orientation is applied to the pixels first,
// since the tag that told viewers to turn the photo is dropped with the
// rest.
func reencodeImage(ctx context.Context, ki kindInfo, ft format, f *os.File, size int64, head []byte, tmpDir string) (*Checked, error) {
	codec := imageCodecs[ft.ext]
	if !codec.signature(head) {
		return nil, mismatch(ki, ft)
	}
	damaged := func() error {
		return invalid("%s is a damaged or incomplete %s. Please save or take it again and upload it%s.", ki.the(), ft.name[2:], ki.orPDF(", or upload a PDF"))
	}
	cfg, err := codec.decodeConfig(io.NewSectionReader(f, 0, size))
	if err != nil {
		return nil, damaged()
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return nil, damaged()
	}
	// The decode's cost, slack (what does not grow with the pixels) included.
	var cost, slack int64
	orientation := 1
	if ft.ext == ".webp" {
		hd, err := readWebPHeader(f, size)
		if err != nil {
			return nil, fmt.Errorf("docfile: read spool file: %w", err)
		}
		if hd.animated {
			return nil, invalid("%s is an animated WebP image. Please upload a still picture (JPEG, PNG or WebP).", ki.the())
		}
		slack = webpSlack + rowSlackPerPixel*w
		cost = hd.decodeCost(w, h, size) + slack
	} else {
		isJPEG := ft.ext == ".jpg"
		if cost, orientation, err = estimateDecode(isJPEG, f, size, w, h, cfg.ColorModel); err != nil {
			return nil, err
		}
		slack = slackOf(isJPEG) + rowSlackPerPixel*w
	}
	if w > MaxImageSide || h > MaxImageSide || w*h > ki.maxPixels() || cost > maxDecodedBytes {
		// The most pixels an image of this kind and shape may have: its
		// cost per pixel within what a decode may take.
		maxPixels := ki.maxPixels()
		if perPixels := cost - slack; perPixels > 0 {
			maxPixels = min(maxPixels, (maxDecodedBytes-slack)*w*h/perPixels)
		}
		return nil, invalid("%s is too large an image (%d × %d pixels). We accept at most %d megapixels and %d pixels on a side: please upload a smaller photo or scan%s.",
			ki.the(), w, h, maxPixels/1_000_000, MaxImageSide, ki.orPDF(", or a PDF"))
	}
	if decoded := w * h * bytesPerPixel(cfg.ColorModel); decoded > bombFloor && decoded > MaxExpansion*size {
		return nil, invalid("%s is an image of %d × %d pixels packed into only %d KB, the way a decompression bomb is made, so we did not open it. Please upload an ordinary photo or scan%s.",
			ki.the(), w, h, max(size>>10, 1), ki.orPDF(", or a PDF"))
	}

	switch err := decodeBudget.acquire(ctx, cost, decodeWait); {
	case errors.Is(err, errBudgetBusy{}):
		return nil, busy(ki)
	case err != nil:
		return nil, err
	}
	defer decodeBudget.release(cost)
	c, err := decodeAndWrite(ctx, ki, ft, f, size, orientation, damaged, tmpDir)
	if cost > freeAfter {
		// The decoded image is garbage now: give its pages back, before
		// another upload takes the budget unless that was done within
		// the last second (then within a second), so that the process
		// does not keep its peak.
		handBacks.request()
	}
	return c, err
}

// maxPixels is the most pixels an image of kind ki may have.
func (ki kindInfo) maxPixels() int64 {
	if ki.scan {
		return MaxScanPixels
	}
	return MaxImagePixels
}

// decodeAndWrite decodes the image in f and writes it again, turned as
// orientation says, into a new temp file: a JPEG or a PNG as it came, a
// WebP as a JPEG or a PNG (asJPEGOrNRGBA).
func decodeAndWrite(ctx context.Context, ki kindInfo, ft format, f *os.File, size int64, orientation int, damaged func() error, tmpDir string) (*Checked, error) {
	img, err := imageCodecs[ft.ext].decode(bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 64<<10))
	if err != nil {
		return nil, damaged()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	img = orient(img, orientation)
	if ft.ext == ".webp" {
		var asJPEG bool
		if img, asJPEG = asJPEGOrNRGBA(img); asJPEG {
			ft = formats[".jpg"]
		} else {
			ft = formats[".png"]
		}
	}
	isJPEG := ft.ext == ".jpg"

	out, err := os.CreateTemp(tmpDir, "docfile-*"+ft.ext)
	if err != nil {
		return nil, fmt.Errorf("docfile: create image file: %w", err)
	}
	bw := bufio.NewWriterSize(&limitWriter{w: out, n: reencodedMax(ki)}, 64<<10)
	if isJPEG {
		err = jpeg.Encode(bw, img, &jpeg.Options{Quality: jpegQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(bw, img)
	}
	if err == nil {
		err = bw.Flush()
	}
	var st os.FileInfo
	if err == nil {
		st, err = out.Stat()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		if errors.Is(err, errReencodedTooLarge) {
			return nil, invalid("%s could not be processed: the image comes out too large once cleaned of its metadata. Please upload %s.", ki.the(), ki.orPDF("it as a PDF, or as a smaller image", "a smaller image"))
		}
		return nil, fmt.Errorf("docfile: write image file: %w", err)
	}
	return &Checked{Ext: ft.ext, ContentType: ft.contentType, Size: st.Size(), path: out.Name()}, nil
}

// bytesPerPixel is what a pixel of model m weighs decoded, as the
// ratio to the file's bytes that gives a decompression bomb away counts
// it; the memory a decode takes is decodeCost's.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4 // RGBA, NRGBA, CMYK; YCbCr takes at most 3
}

// exifOrientation reads tag 0x0112 from the first IFD of the TIFF
// structure t.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int64(bo.Uint32(t[4:]))
	if off+2 > int64(len(t)) {
		return 1
	}
	n := int64(bo.Uint16(t[off:]))
	for k := int64(0); k < n; k++ {
		e := off + 2 + 12*k
		if e+12 > int64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if bo.Uint16(t[e+2:]) != 3 { // SHORT
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// orient returns img turned and mirrored as EXIF orientation o says, so
// that it looks right without the tag.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	ycc, isYCC := img.(*image.YCbCr)
	for y := range dh {
		row := dst.Pix[y*dst.Stride:]
		for x := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			p := row[4*x : 4*x+4 : 4*x+4]
			if isYCC {
				// No interface value per pixel: a 12-megapixel photo
				// would otherwise allocate 12 million times.
				c := ycc.YCbCrAt(b.Min.X+sx, b.Min.Y+sy)
				p[0], p[1], p[2] = color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
				p[3] = 0xFF
				continue
			}
			r, g, bl, a := img.At(b.Min.X+sx, b.Min.Y+sy).RGBA()
			p[0], p[1], p[2], p[3] = uint8(r>>8), uint8(g>>8), uint8(bl>>8), uint8(a>>8)
		}
	}
	return dst
}
