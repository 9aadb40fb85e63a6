package docfiletest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/gen2brain/webp"
)

// PDFOfSize returns a well-formed one-page PDF of exactly size bytes
// (at least len(GoodPDF())), padded with comment lines after its header;
// the xref offsets account for the padding.
func PDFOfSize(size int) []byte {
	base := len(buildPDF(0))
	if size < base {
		panic(fmt.Sprintf("docfiletest.PDFOfSize: %d is below the smallest PDF (%d bytes)", size, base))
	}
	// The xref offsets have fixed width, so padding adds exactly pad bytes.
	return buildPDF(size - base)
}

// GoodPDF returns a minimal valid one-page PDF.
func GoodPDF() []byte { return buildPDF(0) }

// buildPDF returns a one-page PDF with pad bytes of comments after its
// header.
func buildPDF(pad int) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n")
	for pad > 0 {
		// Comment lines of at most 80 bytes: "%" + x… + "\n".
		n := min(pad, 80)
		if n == 1 {
			b.WriteString("\n")
		} else {
			b.WriteString("%" + strings.Repeat("x", n-2) + "\n")
		}
		pad -= n
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		"<< /Length 41 >>\nstream\nBT /F1 24 Tf 72 700 Td (Curriculum) Tj ET\nendstream",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%010d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// ZipEntry is one entry of an archive built by Zip.
type ZipEntry struct {
	Name string
	Data []byte
	// Flags are OR-ed into the entry's general purpose flags (0x1 claims
	// the entry is encrypted).
	Flags uint16
	// Store keeps the data uncompressed.
	Store bool
}

// Zip builds a zip archive of entries, in order, duplicates and unsafe
// names included (archive/zip's writer checks neither).
func Zip(entries ...ZipEntry) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		method := zip.Deflate
		if e.Store {
			method = zip.Store
		}
		data := e.Data
		if method == zip.Deflate {
			data = deflate(e.Data)
		}
		// CreateRaw keeps the flags as given and lets entries share one
		// precompressed body.
		w, err := zw.CreateRaw(&zip.FileHeader{
			Name: e.Name, Method: method, Flags: e.Flags,
			CRC32:              crc32.ChecksumIEEE(e.Data),
			CompressedSize64:   uint64(len(data)),
			UncompressedSize64: uint64(len(e.Data)),
		})
		if err != nil {
			panic(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

var (
	deflateMu    sync.Mutex
	deflateCache = map[string][]byte{}
)

// deflate compresses data; big inputs repeat in the corpus (zip bombs),
// so their compressed form is cached by identity of content.
func deflate(data []byte) []byte {
	key := ""
	if len(data) > 1<<16 {
		key = fmt.Sprintf("%d:%x", len(data), crc32.ChecksumIEEE(data))
		deflateMu.Lock()
		c, ok := deflateCache[key]
		deflateMu.Unlock()
		if ok {
			return c
		}
	}
	var b bytes.Buffer
	fw, _ := flate.NewWriter(&b, flate.BestCompression)
	fw.Write(data)
	fw.Close()
	if key != "" {
		deflateMu.Lock()
		deflateCache[key] = b.Bytes()
		deflateMu.Unlock()
	}
	return b.Bytes()
}

// Parts of a minimal Word document.
const (
	ContentTypesXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`
	RelsXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`
	DocumentXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Curriculum vitae</w:t></w:r></w:p></w:body></w:document>`
)

// RelsWith returns a relationships part with one relationship of type
// typ to target, external or not.
func RelsWith(typ, target string, external bool) string {
	mode := ""
	if external {
		mode = ` TargetMode="External"`
	}
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="` +
		typ + `" Target="` + target + `"` + mode + `/></Relationships>`
}

// DOCXParts returns the entries of a minimal Word document, to which a
// bad file adds or from which it removes entries.
func DOCXParts() []ZipEntry {
	return []ZipEntry{
		{Name: "[Content_Types].xml", Data: []byte(ContentTypesXML)},
		{Name: "_rels/.rels", Data: []byte(RelsXML)},
		{Name: "word/document.xml", Data: []byte(DocumentXML)},
	}
}

// GoodDOCX returns a minimal valid Word document.
func GoodDOCX() []byte { return Zip(DOCXParts()...) }

// OLEEntry is a directory entry of a compound file built by OLE.
type OLEEntry struct {
	Name    string
	Storage bool   // a storage (folder) rather than a stream
	Data    []byte // stream content; at least 4096 bytes or empty
}

// OLE builds a version-3 compound file (512-byte sectors) with a root
// entry and entries, at most 3 of them and 60 KB of data in all.
func OLE(entries ...OLEEntry) []byte {
	const sect = 512
	le := binary.LittleEndian
	if len(entries) > 3 {
		panic("docfiletest.OLE: at most 3 entries")
	}
	header := make([]byte, sect)
	copy(header, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(header[0x18:], 0x3E)
	le.PutUint16(header[0x1A:], 3)
	le.PutUint16(header[0x1C:], 0xFFFE)
	le.PutUint16(header[0x1E:], 9)
	le.PutUint16(header[0x20:], 6)
	le.PutUint32(header[0x2C:], 1)          // one FAT sector
	le.PutUint32(header[0x30:], 1)          // directory at sector 1
	le.PutUint32(header[0x38:], 4096)       // mini stream cutoff
	le.PutUint32(header[0x3C:], 0xFFFFFFFE) // no mini FAT
	le.PutUint32(header[0x44:], 0xFFFFFFFE) // no DIFAT sectors
	for i := range 109 {
		le.PutUint32(header[0x4C+4*i:], 0xFFFFFFFF)
	}
	le.PutUint32(header[0x4C:], 0) // the FAT is sector 0

	fat := make([]uint32, sect/4)
	for i := range fat {
		fat[i] = 0xFFFFFFFF
	}
	fat[0] = 0xFFFFFFFD // FAT sector
	fat[1] = 0xFFFFFFFE // the directory: one sector
	dir := make([]byte, sect)
	var data []byte
	next := uint32(2)
	putEntry := func(i int, name string, typ byte, start uint32, size int, child, right uint32) {
		e := dir[128*i : 128*(i+1)]
		u := utf16.Encode([]rune(name))
		for j, c := range u {
			le.PutUint16(e[2*j:], c)
		}
		le.PutUint16(e[0x40:], uint16(2*(len(u)+1)))
		e[0x42] = typ
		e[0x43] = 1 // black
		le.PutUint32(e[0x44:], 0xFFFFFFFF)
		le.PutUint32(e[0x48:], right)
		le.PutUint32(e[0x4C:], child)
		le.PutUint32(e[0x74:], start)
		le.PutUint64(e[0x78:], uint64(size))
	}
	child := uint32(0xFFFFFFFF)
	if len(entries) > 0 {
		child = 1
	}
	putEntry(0, "Root Entry", 5, 0xFFFFFFFE, 0, child, 0xFFFFFFFF)
	for i, e := range entries {
		right := uint32(0xFFFFFFFF)
		if i+1 < len(entries) {
			right = uint32(i + 2)
		}
		if e.Storage {
			putEntry(i+1, e.Name, 1, 0, 0, 0xFFFFFFFF, right)
			continue
		}
		start := uint32(0xFFFFFFFE)
		if len(e.Data) > 0 {
			if len(e.Data) < 4096 {
				panic("docfiletest.OLE: a stream needs 4096 bytes or none")
			}
			start = next
			n := uint32((len(e.Data) + sect - 1) / sect)
			for k := range n {
				fat[next+k] = next + k + 1
			}
			fat[next+n-1] = 0xFFFFFFFE
			next += n
			padded := make([]byte, int(n)*sect)
			copy(padded, e.Data)
			data = append(data, padded...)
		}
		putEntry(i+1, e.Name, 2, start, len(e.Data), 0xFFFFFFFF, right)
	}
	fatBytes := make([]byte, sect)
	for i, v := range fat {
		le.PutUint32(fatBytes[4*i:], v)
	}
	out := append(header, fatBytes...)
	out = append(out, dir...)
	return append(out, data...)
}

// WordStream returns the content of a WordDocument stream: a File
// Information Block (magic 0xA5EC, given flags) padded to 4096 bytes.
func WordStream(flags uint16) []byte {
	b := make([]byte, 4096)
	binary.LittleEndian.PutUint16(b, 0xA5EC)
	binary.LittleEndian.PutUint16(b[2:], 0x00C1) // nFib of Word 97
	binary.LittleEndian.PutUint16(b[0x0A:], flags)
	return b
}

// GoodDOC returns a minimal Word 97–2003 document: a compound file with a
// WordDocument stream.
func GoodDOC() []byte { return OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0)}) }

// testImage is a w×h picture: red on its left half, blue on its right,
// a pattern whose orientation tests can check.
func testImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 220, G: 20, B: 20, A: 255}
			if x >= w/2 {
				c = color.RGBA{R: 20, G: 20, B: 220, A: 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// PNGOf returns a w×h PNG of the test pattern.
func PNGOf(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testImage(w, h)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// JPEGOf returns a w×h JPEG of the test pattern.
func JPEGOf(w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(w, h), &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// WebPOf returns a w×h lossy WebP of the test pattern.
func WebPOf(w, h int) []byte {
	var b bytes.Buffer
	if err := webp.Encode(&b, testImage(w, h), webp.Options{Quality: 80}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// GoodPNG returns a small valid PNG.
func GoodPNG() []byte { return PNGOf(64, 48) }

// GoodJPEG returns a small valid JPEG.
func GoodJPEG() []byte { return JPEGOf(64, 48) }

// GPSLatitudeMarker is text carried in the EXIF of JPEGWithEXIF, which
// must not survive re-encoding.
const GPSLatitudeMarker = "N-17.3850-SECRET-GPS"

// JPEGWithEXIF returns a 40×20 JPEG of the test pattern with an EXIF
// APP1 segment holding the given orientation (1–8), a GPS position and a
// camera make containing GPSLatitudeMarker.
func JPEGWithEXIF(orientation int) []byte {
	le := binary.LittleEndian
	// TIFF: header, IFD0 (Make, Orientation, GPS pointer), GPS IFD
	// (latitude ref, latitude), then the values that do not fit.
	t := make([]byte, 0, 256)
	t = append(t, "II*\x00"...)
	t = le.AppendUint32(t, 8)
	const ifd0 = 8
	const ifd0Len = 2 + 3*12 + 4
	const gps = ifd0 + ifd0Len
	const gpsLen = 2 + 2*12 + 4
	makeOff := uint32(gps + gpsLen)
	maker := GPSLatitudeMarker + "\x00"
	ratOff := makeOff + uint32(len(maker))
	entry := func(tag, typ uint16, count, value uint32) {
		t = le.AppendUint16(t, tag)
		t = le.AppendUint16(t, typ)
		t = le.AppendUint32(t, count)
		t = le.AppendUint32(t, value)
	}
	t = le.AppendUint16(t, 3)
	entry(0x010F, 2, uint32(len(maker)), makeOff) // Make (ASCII)
	entry(0x0112, 3, 1, uint32(orientation))      // Orientation (SHORT, in the low bytes)
	entry(0x8825, 4, 1, gps)                      // GPS IFD pointer
	t = le.AppendUint32(t, 0)
	t = le.AppendUint16(t, 2)
	entry(0x0001, 2, 2, uint32('N')) // GPSLatitudeRef "N"
	entry(0x0002, 5, 3, ratOff)      // GPSLatitude, 3 RATIONALs
	t = le.AppendUint32(t, 0)
	t = append(t, maker...)
	for _, r := range [][2]uint32{{17, 1}, {23, 1}, {306, 100}} {
		t = le.AppendUint32(t, r[0])
		t = le.AppendUint32(t, r[1])
	}
	seg := append([]byte("Exif\x00\x00"), t...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	app1 = append(app1, seg...)

	plain := JPEGOf(40, 20)
	out := append([]byte{}, plain[:2]...) // SOI
	out = append(out, app1...)
	return append(out, plain[2:]...)
}

// PNG16Zeros returns a real w × h PNG of 16-bit RGBA pixels, all zero:
// deflate packs such rows about 1000 times, so a 5600 × 5600 one (251 MB
// decoded) takes 244 KB, a decompression bomb. The rows are written one
// at a time, never held in memory together.
func PNG16Zeros(w, h int) []byte {
	var b bytes.Buffer
	b.Write(pngSignatureBytes)
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 16, 6 // 16 bits a sample, RGBA
	pngChunk(&b, "IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+8*w) // filter "none", then the pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	pngChunk(&b, "IDAT", z.Bytes())
	pngChunk(&b, "IEND", nil)
	return b.Bytes()
}

var pngSignatureBytes = []byte("\x89PNG\r\n\x1a\n")

// pngChunk appends a PNG chunk of type typ to b.
func pngChunk(b *bytes.Buffer, typ string, data []byte) {
	b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	b.WriteString(typ)
	b.Write(data)
	b.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(append([]byte(typ), data...))))
}

// pngWithSize returns a small PNG whose header claims w×h pixels, with a
// correct header CRC: only the header is believable.
func pngWithSize(w, h uint32) []byte {
	b := bytes.Clone(GoodPNG())
	// Signature (8), IHDR length (4), "IHDR" (4), width, height.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// pngWithDepth16 returns a small 16-bit RGBA PNG whose header claims w×h
// pixels.
func pngWithDepth16(w, h uint32) []byte {
	b := pngWithSize(w, h)
	b[24] = 16 // bit depth
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// jpegWithSize returns a small JPEG whose frame header claims w×h pixels
// and, if progressive, a progressive frame (SOF2; the data stays
// baseline, so only the header is believable) of 4:4:4 colour.
func jpegWithSize(w, h uint16, progressive bool) []byte {
	b := bytes.Clone(GoodJPEG())
	for i := 2; i+9 < len(b); {
		marker := b[i+1]
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if marker == 0xC0 { // SOF0, which image/jpeg writes
			if progressive {
				b[i+1] = 0xC2
				for c := range int(b[i+9]) {
					b[i+11+3*c] = 0x11 // sampling factors 1 × 1
				}
			}
			binary.BigEndian.PutUint16(b[i+5:], h)
			binary.BigEndian.PutUint16(b[i+7:], w)
			return b
		}
		i += 2 + n
	}
	panic("docfiletest: no frame header in the JPEG")
}

// ZipDirectoryBomb is a zip whose central directory holds entries empty
// entries (46 bytes each) under an end record that claims claimed
// entries, after one empty local header. archive/zip checks the count
// modulo 65536 only, so 196613 entries claiming 5 pass its check.
func ZipDirectoryBomb(entries int, claimed uint16) []byte {
	var b bytes.Buffer
	local := make([]byte, 30)
	copy(local, "PK\x03\x04")
	b.Write(local)
	dirStart := b.Len()
	entry := make([]byte, 46)
	copy(entry, "PK\x01\x02")
	for range entries {
		b.Write(entry)
	}
	dirSize := b.Len() - dirStart
	end := make([]byte, 22)
	copy(end, "PK\x05\x06")
	binary.LittleEndian.PutUint16(end[8:], claimed)
	binary.LittleEndian.PutUint16(end[10:], claimed)
	binary.LittleEndian.PutUint32(end[12:], uint32(dirSize))
	binary.LittleEndian.PutUint32(end[16:], uint32(dirStart))
	b.Write(end)
	return b.Bytes()
}

// Zip64Marked is a good DOCX whose end record carries the Zip64 marker
// (0xFFFF entries), which sends archive/zip looking for Zip64 records.
func Zip64Marked() []byte {
	z := GoodDOCX()
	end := z[len(z)-22:]
	binary.LittleEndian.PutUint16(end[8:], 0xFFFF)
	binary.LittleEndian.PutUint16(end[10:], 0xFFFF)
	return z
}

// WithFakeEndInComment gives the zip z (which has no comment) a comment
// holding a second end record, claiming 5 entries in an empty directory,
// whose own comment would run past the end of the file: archive/zip
// skips it for the real one, and so must any check made before it.
func WithFakeEndInComment(z []byte) []byte {
	fake := make([]byte, 22)
	copy(fake, "PK\x05\x06")
	binary.LittleEndian.PutUint16(fake[8:], 5)
	binary.LittleEndian.PutUint16(fake[10:], 5)
	binary.LittleEndian.PutUint16(fake[20:], 0xFFFF)
	out := bytes.Clone(z)
	binary.LittleEndian.PutUint16(out[len(out)-2:], uint16(len(fake)))
	return append(out, fake...)
}

// PDFObjects are the objects of GoodPDF, the catalog first: a bad PDF
// adds entries to the catalog (strings.Replace of "/Pages 2 0 R") or
// objects after them (numbered from 6).
func PDFObjects() []string {
	return []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		PDFStream("", "BT /F1 24 Tf 72 700 Td (Curriculum) Tj ET"),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
}

// PDFStream returns a stream object's body: a dictionary of the entries
// dict and the data's /Length, then the data.
func PDFStream(dict, data string) string {
	return fmt.Sprintf("<< %s/Length %d >>\nstream\n%s\nendstream", dict+strings.Repeat(" ", min(len(dict), 1)), len(data), data)
}

// PDF returns a PDF of objs (numbered from 1, the catalog first) with a
// cross-reference table and a trailer holding trailerExtra besides /Size
// and /Root.
func PDF(trailerExtra string, objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, trailerExtra, xref)
	return b.Bytes()
}

// PDFWithObjStm returns a PDF 1.5 whose objects after GoodPDF's five sit
// compressed in an object stream (object 6, FlateDecode, with the extra
// entries objStmDict), found through a cross-reference stream (object 7)
// rather than a table, as Word and browsers save PDFs. Each of inStream
// is numbered from 8.
func PDFWithObjStm(objStmDict string, inStream ...string) []byte {
	var body, index bytes.Buffer
	for i, o := range inStream {
		fmt.Fprintf(&index, "%d %d ", 8+i, body.Len())
		body.WriteString(o + "\n")
	}
	first := index.Len()
	data := zlibBytes(append(index.Bytes(), body.Bytes()...))
	objs := PDFObjects()
	objs[0] = "<< /Type /Catalog /Pages 2 0 R /Names 8 0 R >>"
	if len(inStream) == 0 {
		objs[0] = "<< /Type /Catalog /Pages 2 0 R >>"
	}
	objStm := fmt.Sprintf("<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode %s/Length %d >>\nstream\n%s\nendstream",
		len(inStream), first, objStmDict, len(data), data)
	objs = append(objs, objStm)

	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n%\xE2\xE3\xCF\xD3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	// The cross-reference stream: type, offset or object stream, index.
	xrefAt := b.Len()
	size := 8 + len(inStream)
	var rows []byte
	row := func(typ byte, f2 uint32, f3 uint16) {
		rows = append(rows, typ)
		rows = binary.BigEndian.AppendUint32(rows, f2)
		rows = binary.BigEndian.AppendUint16(rows, f3)
	}
	row(0, 0, 0xFFFF)
	for _, off := range offsets {
		row(1, uint32(off), 0)
	}
	row(1, uint32(xrefAt), 0)
	for i := range inStream {
		row(2, 6, uint16(i))
	}
	fmt.Fprintf(&b, "7 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n%s\nendstream\nendobj\n",
		size, len(rows), rows)
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", xrefAt)
	return b.Bytes()
}

// zlibBytes compresses data as FlateDecode does (zlib format).
func zlibBytes(data []byte) []byte {
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}
