package docfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"io"
)

// What a decode costs, read from the headers before any pixel is
// decoded: the memory image/jpeg and image/png allocate for an image of
// its shape, and what the re-encoding adds, from the decode's start to
// the end of its re-encoding. Each figure follows what the decoders
// allocate (see TestDecodeCostCoversMeasured, which decodes real images
// of each kind and compares):
//
//   - A JPEG decodes into one plane per component at its own sampling,
//     rounded up to whole blocks: a grey one takes 1 byte a pixel, a
//     colour one 3 (4:4:4), 2 (4:2:2) or 1.5 (4:2:0, what phones and
//     most encoders write). A progressive one also keeps every
//     coefficient of every component (4 bytes a sample) until the end.
//     One stored as RGB rather than YCbCr is converted into an RGBA copy
//     (4 bytes a pixel), and a CMYK one into a CMYK image (4), whose
//     re-encoding then boxes a colour per pixel (4 more, garbage).
//   - A PNG decodes into 1 byte a pixel (grey or paletted), 2 (16-bit
//     grey), 4 (8-bit colour, or grey with alpha, or grey with a
//     transparent colour) or 8 (16-bit colour or alpha); an interlaced
//     one decodes each of its seven passes apart before merging them
//     (twice the pixels). image/png writes 16-bit pixels through
//     image.Image.At, which boxes a colour per pixel: 2 bytes (grey) or
//     8 (colour) of garbage.
//   - A photo whose EXIF orientation asks to be turned is copied into a
//     turned RGBA image (4 bytes a pixel) beside the decoded one.
//
// The encoders keep no copy of the image: the JPEG encoder works block
// by block, the PNG encoder row by row. Garbage is counted as it is
// allocated, as if the collector did not run during a decode.

// estimateDecode reads the headers of the JPEG (or PNG) in f, of size
// bytes, w × h pixels and colour model m, and returns the memory its
// decode and re-encoding take, buffers included, and its EXIF
// orientation (1 for a PNG).
func estimateDecode(isJPEG bool, f io.ReaderAt, size, w, h int64, m color.Model) (cost int64, orientation int, err error) {
	orientation = 1
	if isJPEG {
		hd, err := readJPEGHeader(f, size)
		if err != nil {
			return 0, 0, fmt.Errorf("docfile: read spool file: %w", err)
		}
		orientation = hd.orientation
		cost = hd.decodeCost(w, h, m)
	} else {
		hd, err := readPNGHeader(f, size)
		if err != nil {
			return 0, 0, fmt.Errorf("docfile: read spool file: %w", err)
		}
		cost = hd.decodeCost(w, h)
	}
	return cost + slackOf(isJPEG) + rowSlackPerPixel*w, orientation, nil
}

// slackOf is the part of a decode's cost that does not grow with its
// pixels.
func slackOf(isJPEG bool) int64 {
	if isJPEG {
		return jpegSlack
	}
	return pngSlack
}

// jpegHeader is what a JPEG's segments before its image data tell.
type jpegHeader struct {
	orientation int  // EXIF orientation, 1–8 (1: none)
	frame       bool // a frame header (SOFn) was read
	progressive bool
	comps       []jpegComp
	jfif        bool // an APP0 JFIF segment: the components are YCbCr
	adobe       bool // an APP14 Adobe segment, whose colour transform is
	transform   byte
}

type jpegComp struct {
	id   byte
	h, v int64 // sampling factors
}

// readJPEGHeader reads the segments of the JPEG in r (of size bytes)
// before its image data. A header it cannot read leaves the fields
// unset, so that decodeCost makes its costliest guess; only a failing
// read is an error.
func readJPEGHeader(r io.ReaderAt, size int64) (jpegHeader, error) {
	hd := jpegHeader{orientation: 1}
	exifSeen := false
	var b [4]byte
	readAt := func(p []byte, off int64) (bool, error) {
		if off+int64(len(p)) > size {
			return false, nil
		}
		if _, err := r.ReadAt(p, off); err != nil {
			if errors.Is(err, io.EOF) {
				return false, nil
			}
			return false, err
		}
		return true, nil
	}
	for off, n := int64(2), 0; n < maxHeaderSegments; n++ {
		if ok, err := readAt(b[:], off); !ok || err != nil || b[0] != 0xFF {
			return hd, err
		}
		marker := b[1]
		switch {
		case marker == 0xFF: // fill byte
			off++
			continue
		case marker == 0xDA || marker == 0xD9: // image data or end
			return hd, nil
		case marker >= 0xD0 && marker <= 0xD7 || marker == 0x01: // no length
			off += 2
			continue
		}
		l := int64(binary.BigEndian.Uint16(b[2:]))
		if l < 2 {
			return hd, nil
		}
		// Only the segments that tell the cost are read.
		var seg []byte
		switch {
		case marker == 0xE0 || marker == 0xEE || marker == 0xE1 && !exifSeen,
			marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
			seg = make([]byte, l-2)
			if ok, err := readAt(seg, off+4); !ok || err != nil {
				return hd, err
			}
		}
		switch {
		case marker == 0xE0 && bytes.HasPrefix(seg, []byte("JFIF\x00")):
			hd.jfif = true
		case marker == 0xEE && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			hd.adobe, hd.transform = true, seg[11]
		case marker == 0xE1 && !exifSeen && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			exifSeen = true
			hd.orientation = exifOrientation(seg[6:])
		case seg != nil && marker >= 0xC0 && !hd.frame:
			// A frame header (SOFn); SOF2, 6, 10 and 14 are progressive.
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) || seg[5] == 0 {
				return hd, nil
			}
			hd.frame = true
			hd.progressive = marker&0x3 == 0x2
			for i := range int(seg[5]) {
				c := seg[6+3*i:]
				hd.comps = append(hd.comps, jpegComp{id: c[0], h: max(int64(c[1]>>4), 1), v: max(int64(c[1]&0xF), 1)})
			}
		}
		off += 2 + l
	}
	return hd, nil
}

// decodeCost is the memory a decode and re-encoding of the JPEG takes
// for its w × h pixels of colour model m (from jpeg.DecodeConfig), rows
// and buffers aside.
func (hd jpegHeader) decodeCost(w, h int64, m color.Model) int64 {
	nComp := map[color.Model]int{color.GrayModel: 1, color.CMYKModel: 4}[m]
	if nComp == 0 {
		nComp = 3
	}
	comps := hd.comps
	progressive := hd.progressive
	if !hd.frame || len(comps) != nComp {
		// No frame header read: every component at full resolution,
		// progressive, and RGB.
		comps = make([]jpegComp, nComp)
		for i := range comps {
			comps[i] = jpegComp{h: 1, v: 1}
		}
		progressive = true
	}
	h0, v0 := comps[0].h, comps[0].v
	if nComp == 1 {
		// A grey JPEG is decoded in blocks of 8 × 8 whatever its factors.
		h0, v0 = 1, 1
		comps = []jpegComp{{h: 1, v: 1}}
	}
	// Whole units of 8h0 × 8v0 pixels, as image/jpeg allocates them.
	mcus := ((w + 8*h0 - 1) / (8 * h0)) * ((h + 8*v0 - 1) / (8 * v0))
	var cost int64
	for i, c := range comps {
		samples := 64 * c.h * c.v * mcus
		plane := samples
		if i == 2 {
			// image.YCbCr gives Cr the size of Cb.
			plane = max(plane, 64*comps[1].h*comps[1].v*mcus)
		}
		cost += plane
		if progressive {
			cost += 4 * samples // a 32-bit coefficient per sample
		}
	}
	px := w * h
	switch {
	case nComp == 4:
		cost += 8 * px // the CMYK image, and a colour boxed per pixel as it is encoded
	case nComp == 3 && (hd.rgb() || !hd.frame):
		cost += 4 * px // the RGBA copy
	}
	if hd.orientation > 1 {
		cost += 4 * px // the turned RGBA copy
	}
	return cost
}

// rgb tells whether image/jpeg takes the three components as RGB rather
// than YCbCr, and converts them into an RGBA copy.
func (hd jpegHeader) rgb() bool {
	switch {
	case hd.jfif:
		return false
	case hd.adobe && hd.transform == 0:
		return true
	}
	return len(hd.comps) == 3 && hd.comps[0].id == 'R' && hd.comps[1].id == 'G' && hd.comps[2].id == 'B'
}

// pngHeader is what a PNG's chunks before its image data tell.
type pngHeader struct {
	depth, colorType byte
	interlaced       bool
	transparent      bool // a tRNS chunk: grey and RGB decode with alpha
}

// readPNGHeader reads the PNG in r (of size bytes) up to its image data.
// Past maxHeaderSegments chunks it guesses a transparent colour, the
// costlier guess; only a failing read is an error.
func readPNGHeader(r io.ReaderAt, size int64) (pngHeader, error) {
	var hd pngHeader
	var ihdr [33]byte
	if size < int64(len(ihdr)) {
		return pngHeader{depth: 16, colorType: 6, interlaced: true, transparent: true}, nil
	}
	if _, err := r.ReadAt(ihdr[:], 0); err != nil {
		return hd, err
	}
	hd.depth, hd.colorType, hd.interlaced = ihdr[24], ihdr[25], ihdr[28] == 1
	var b [8]byte
	off := int64(len(ihdr))
	for range maxHeaderSegments {
		if off+8 > size {
			return hd, nil
		}
		if _, err := r.ReadAt(b[:], off); err != nil {
			if errors.Is(err, io.EOF) {
				return hd, nil
			}
			return hd, err
		}
		switch string(b[4:]) {
		case "IDAT", "IEND":
			return hd, nil
		case "tRNS":
			hd.transparent = true
		}
		off += 12 + int64(binary.BigEndian.Uint32(b[:]))
	}
	hd.transparent = true
	return hd, nil
}

// decodeCost is the memory a decode and re-encoding of the PNG takes for
// its w × h pixels, rows and buffers aside.
func (hd pngHeader) decodeCost(w, h int64) int64 {
	deep := hd.depth == 16
	var px, garbage int64
	switch hd.colorType {
	case 3: // paletted
		px = 1
	case 0: // grey
		switch {
		case deep && hd.transparent:
			px, garbage = 8, 8
		case deep:
			px, garbage = 2, 2
		case hd.transparent:
			px = 4
		default:
			px = 1
		}
	default: // RGB, grey with alpha, RGBA; and unknown types
		px = 4
		if deep || hd.colorType > 6 {
			px, garbage = 8, 8
		}
	}
	if hd.interlaced {
		px *= 2
	}
	return w * h * (px + garbage)
}
