package docfile

import (
	"encoding/binary"
	"errors"
	"image"
	"image/draw"
	"io"
)

// WebP images (staff uploads only: covers, photos, pictures in posts'
// text), decoded with golang.org/x/image/webp and written again as a
// JPEG (a lossy one without transparency: the decoder gives YCbCr, which
// the JPEG encoder takes as it is) or as a PNG (lossless, or with
// transparency: converted to NRGBA, which the PNG encoder writes row by
// row). What the decode costs, read from the chunks before any pixel is:
//
//   - A lossy image ("VP8 ") decodes into YCbCr 4:2:0 of whole 16 × 16
//     macroblocks (1.5 bytes a pixel), after reading its coded data into
//     memory (the file's size).
//   - Its transparency (an "ALPH" chunk) is 1 byte a pixel, decoded, when
//     compressed, as a lossless image of its own; the NRGBA copy for the
//     PNG encoder is 4.
//   - A lossless image ("VP8L") decodes into NRGBA (4 bytes a pixel); one
//     whose first transform is a small palette (colour indexing, at most
//     16 colours) is decoded first as indexes packed 2, 4 or 8 to a
//     pixel, which then expand into a new NRGBA image.
//
// The chunks are read in order; a file whose chunks cannot be read gets
// the costliest guess.

// TypeWebP is the content type of a WebP image.
const TypeWebP = "image/webp"

// webpSlack is what a WebP decode and its re-encoding take besides what
// grows with the pixels: the decoder's tables and the encoder's buffers
// (a PNG's deflate window among them).
const webpSlack = 3 << 19

// isWebP reports whether head starts as a WebP file does.
func isWebP(head []byte) bool {
	return len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP"
}

// webpHeader is what a WebP file's chunks before its pixels tell.
type webpHeader struct {
	lossless bool // VP8L (else VP8, lossy)
	// palette is the size of the lossless image's colour table when its
	// first transform is colour indexing, else 0.
	palette    int
	alpha      bool // an ALPH chunk
	alphaCoded bool // ... compressed as a lossless image
	// alphaPalette is palette of the compressed alpha plane's image.
	alphaPalette int
	// animated: the extended header says the file holds frames, which
	// the decoder does not take.
	animated bool
}

// maxPalette is the largest colour table of a lossless WebP.
const maxPalette = 256

// firstPalette reads the size of the colour table of a lossless stream
// whose transforms start at t (least significant bit first: present (1),
// type (2), then for colour indexing the table's size less one (8)), or
// 0 when its first transform is not colour indexing.
func firstPalette(t []byte) int {
	if t[0]&1 == 0 || t[0]>>1&3 != 3 {
		return 0
	}
	return int(t[0]>>3|t[1]&7<<5) + 1
}

// readWebPHeader reads the chunks of the WebP in r (of size bytes) up to
// its image data. A chunk it cannot read leaves the costliest guess.
func readWebPHeader(r io.ReaderAt, size int64) (webpHeader, error) {
	worst := webpHeader{lossless: true, palette: maxPalette, alpha: true, alphaCoded: true, alphaPalette: maxPalette}
	hd, sawAlpha := worst, false
	// A chunk's header (8 bytes) and the start of its data (8).
	var b [16]byte
	for off, n := int64(12), 0; n < maxHeaderSegments && off+int64(len(b)) <= size; n++ {
		if _, err := r.ReadAt(b[:], off); err != nil {
			if errors.Is(err, io.EOF) {
				return worst, nil
			}
			return worst, err
		}
		data := b[8:]
		switch string(b[:4]) {
		case "VP8 ":
			hd.lossless, hd.palette = false, 0
			if !sawAlpha {
				hd.alpha, hd.alphaCoded, hd.alphaPalette = false, false, 0
			}
			return hd, nil
		case "VP8L":
			// Its transparency is in its own pixels. Its transforms follow
			// the signature (1 byte) and the sizes, alpha and version (4).
			return webpHeader{lossless: true, palette: firstPalette(data[5:])}, nil
		case "VP8X":
			if data[0]&0x02 != 0 {
				return webpHeader{animated: true}, nil
			}
		case "ALPH":
			sawAlpha = true
			hd.alphaCoded, hd.alphaPalette = data[0]&3 == 1, 0
			if hd.alphaCoded {
				// A lossless stream without its header: its transforms come first.
				hd.alphaPalette = firstPalette(data[1:])
			}
		}
		chunk := int64(binary.LittleEndian.Uint32(b[4:8]))
		off += 8 + chunk + chunk&1
	}
	return worst, nil
}

// losslessCost is what a lossless image of w × h pixels takes decoded:
// its NRGBA pixels, into which the indexes of a colour table of more than
// 16 colours expand in place; the indexes of a smaller table come packed
// several to a pixel, and expand into a new NRGBA image.
func losslessCost(w, h int64, palette int) int64 {
	bits := 0
	switch {
	case palette == 0 || palette > 16:
		// Unpacked indexes expand in place.
		return 4 * w * h
	case palette <= 2:
		bits = 3
	case palette <= 4:
		bits = 2
	default:
		bits = 1
	}
	packed := (w + 1<<bits - 1) >> bits
	return 4*packed*h + 4*w*h
}

// decodeCost is the memory a decode of the WebP and its re-encoding take
// for its w × h pixels and size bytes, rows and buffers aside.
func (hd webpHeader) decodeCost(w, h, size int64) int64 {
	var cost int64
	if hd.lossless {
		cost = losslessCost(w, h, hd.palette)
	} else {
		mbw, mbh := (w+15)/16, (h+15)/16
		cost = 384*mbw*mbh + size
	}
	if hd.alpha {
		// The plane, its lossless image if compressed, and the NRGBA copy the PNG encoder writes.
		cost += w*h + 4*w*h
		if hd.alphaCoded {
			cost += losslessCost(w, h, hd.alphaPalette)
		}
	}
	return cost
}

// asJPEGOrNRGBA is img as the re-encoding writes it: a YCbCr image (a
// lossy WebP without transparency) as it is, for the JPEG encoder;
// anything else as NRGBA, for the PNG encoder.
func asJPEGOrNRGBA(img image.Image) (out image.Image, jpeg bool) {
	switch m := img.(type) {
	case *image.YCbCr:
		return m, true
	case *image.NRGBA:
		return m, false
	}
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Bounds(), img, img.Bounds().Min, draw.Src)
	return n, false
}
