package docfile

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// pdfTailLen is how close to the end "%%EOF" must be. Readers such as
// Acrobat look for it in the last 1024 bytes; a file without it there is
// cut short (an interrupted download) or not a PDF.
const pdfTailLen = 1024

// Bounds of the PDF scan.
const (
	// maxObjStms is the most object streams a PDF may have; a long book
	// saved by Word or a browser has a few dozen.
	maxObjStms = 10_000
	// objStmExpansion, objStmBudgetMin and objStmBudgetMax bound the
	// bytes all the object streams of a PDF may inflate to: 8 times the
	// file, at least 1 MB and at most 64 MB. Object streams hold only
	// dictionaries, which deflate 3 to 10 times, and are a small part of
	// a file whose bulk is fonts and pictures.
	objStmExpansion = 8
	objStmBudgetMin = 1 << 20
	objStmBudgetMax = 64 << 20
	// maxPDFName is the longest name PDF readers take (127 bytes);
	// longer ones are read to their end but never match.
	maxPDFName = 127
)

// checkPDF accepts a file with a "%PDF-x." header in its first 1024 bytes
// (some producers put a few bytes before it; activeContent has already
// refused markup and programs there), "%%EOF" in its last 1024 bytes, a
// cross-reference structure, and none of what makes a PDF run or carry
// something besides its pages: scripts, launch actions, embedded files,
// rich media, XFA forms, or a web page hidden in it. scanPDF says how.
func checkPDF(ki kindInfo, ft format, f *os.File, size int64, head []byte) error {
	i := bytes.Index(head, []byte("%PDF-"))
	if i < 0 || len(head) < i+7 || !isDigit(head[i+5]) || head[i+6] != '.' {
		return mismatch(ki, ft)
	}
	if hasHTMLTag(head[:i]) {
		return pdfRefusal(ki, ft, pdfHTML)
	}
	tail := make([]byte, min(size, pdfTailLen))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return fmt.Errorf("docfile: read spool file: %w", err)
	}
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return invalid("%s looks like an incomplete PDF: its end is missing. Please save or download it again and upload the whole file.", ki.the())
	}
	if p := scanPDF(f, int64(i), size); p != pdfOK {
		return pdfRefusal(ki, ft, p)
	}
	return nil
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// pdfProblem is what the scan of a PDF found wrong.
type pdfProblem int

const (
	pdfOK         pdfProblem = iota
	pdfNotPDF                // no object or no startxref: not a PDF at all
	pdfNoXref                // no cross-reference table or stream
	pdfScript                // /JavaScript, /JS, /Launch
	pdfEmbedded              // /EmbeddedFile(s), /EF, /FileAttachment
	pdfMedia                 // /RichMedia…
	pdfXFA                   // /XFA
	pdfHTML                  // HTML markup outside the streams
	pdfEndless               // a stream without its end
	pdfDamaged               // an object stream that does not inflate
	pdfBomb                  // object streams beyond their budget
	pdfCompressed            // an object stream compressed in a way we do not inflate
	pdfEncrypted             // an encrypted PDF with object streams
	pdfTooMany               // more than maxObjStms object streams
	pdfReadFailed            // the spool file failed
)

// plainPDF is what the applicant can do about most refusals.
const plainPDF = "Save it again as a plain PDF (for example with Print to PDF) and upload that."

// pdfRefusal tells the applicant what problem p is and what to do.
func pdfRefusal(ki kindInfo, ft format, p pdfProblem) error {
	the := ki.the()
	switch p {
	case pdfNotPDF:
		return mismatch(ki, ft)
	case pdfNoXref:
		return invalid("%s is a damaged PDF: its table of contents (the cross-reference table) is missing. %s", the, plainPDF)
	case pdfScript:
		return invalid("%s is a PDF with scripts or actions that start programs, which we cannot accept. %s", the, plainPDF)
	case pdfEmbedded:
		return invalid("%s is a PDF with files embedded in it (attachments), which we cannot accept. %s", the, plainPDF)
	case pdfMedia:
		return invalid("%s is a PDF with embedded media (video, sound or Flash), which we cannot accept. %s", the, plainPDF)
	case pdfXFA:
		return invalid("%s is an interactive PDF form (XFA), which we cannot accept. %s", the, plainPDF)
	case pdfHTML:
		return invalid("%s is a PDF with a web page (HTML) hidden in it, which we cannot accept. %s", the, plainPDF)
	case pdfEndless:
		return invalid("%s is a damaged PDF: one of its parts has no end. %s", the, plainPDF)
	case pdfDamaged:
		return invalid("%s is a damaged PDF: one of its compressed parts cannot be read. %s", the, plainPDF)
	case pdfBomb:
		return invalid("%s is a PDF whose compressed parts expand too much to be checked, the way a zip bomb does. %s", the, plainPDF)
	case pdfCompressed:
		return invalid("%s is a PDF compressed in a way we cannot check. %s", the, plainPDF)
	case pdfEncrypted:
		return invalid("%s is a protected (encrypted) PDF whose contents we cannot check. Remove the protection, or save it again with Print to PDF, and upload that.", the)
	case pdfTooMany:
		return invalid("%s is a PDF with too many compressed parts (more than %d) to be checked. %s", the, maxObjStms, plainPDF)
	}
	return fmt.Errorf("docfile: read spool file")
}

// What a name means, wherever it appears outside strings (#xx escapes
// undone: /Java#53cript is /JavaScript). Names are case-sensitive, as
// readers take them.
var pdfNames = map[string]pdfProblem{
	"JavaScript": pdfScript, "JS": pdfScript, "Launch": pdfScript,
	"EmbeddedFile": pdfEmbedded, "EmbeddedFiles": pdfEmbedded, "EF": pdfEmbedded, "FileAttachment": pdfEmbedded,
	"RichMedia": pdfMedia, "XFA": pdfXFA,
}

// pdfNameProblem is what name means, in the file's own syntax and in
// object streams (long is false), or in the raw data of another stream
// (long is true): there only names too long to come up by chance in
// compressed bytes count (a 3-byte /JS would, in one 10 MB PDF out of 30).
func pdfNameProblem(name []byte, long bool) pdfProblem {
	if len(name) > len("RichMedia") && string(name[:len("RichMedia")]) == "RichMedia" {
		return pdfMedia // RichMediaContent, RichMediaSettings, …
	}
	p, ok := pdfNames[string(name)]
	if !ok || long && len(name) < len("Launch") {
		return pdfOK
	}
	return p
}

// scanMode is what a scanned stretch of bytes is.
type scanMode int

const (
	// modeFile: the file's own syntax. Every name counts, markup is
	// looked for in comments, strings and between objects, and the
	// cross-reference structure and the streams are noted.
	modeFile scanMode = iota
	// modeObjStm: the objects an object stream holds, inflated: names and
	// markup as in modeFile.
	modeObjStm
	// modeStream: the raw data of a stream (page content, pictures,
	// fonts, compressed bytes). Only long names inside a dictionary
	// count: objects hidden in a stream's data, which a cross-reference
	// entry could point at, are dictionaries; the text of a page or of
	// XMP metadata ("HTML/CSS/JavaScript" in a developer's CV) is not.
	modeStream
)

// pdfScan holds what the scan of one PDF has found so far.
type pdfScan struct {
	f    io.ReaderAt
	size int64

	objects    int   // "obj" keywords
	startxref  int64 // the last startxref's offset, or -1
	xrefTable  bool  // an "xref" keyword
	xrefStream bool  // a stream of /Type /XRef
	encrypted  bool  // an /Encrypt entry (in a trailer)
	objStms    []pdfObjStm
	budget     int64 // bytes the object streams may still inflate to

	buf    []byte // reused by the scans of stream data
	search []byte // reused by findEndstream
}

// pdfObjStm is an object stream found in the file, inflated after the
// file's scan, once it is known whether the PDF is encrypted.
type pdfObjStm struct {
	start, length int64
	dict          pdfDict
}

// pdfDict is what the scan keeps of a stream's dictionary: the entries
// at its outermost level that say how to read the stream.
type pdfDict struct {
	typ        string   // /Type's value
	length     int64    // /Length's value if a number, else -1
	n, first   bool     // /N and /First: an object stream, /Type or not
	filters    []string // /Filter's names
	filterRef  bool     // /Filter is not a name or an array of names
	predictor  bool     // a /Predictor anywhere in it (in /DecodeParms)
	encryptKey bool     // /Encrypt (a cross-reference stream's)
}

// scanPDF scans the PDF in f, whose header is at offset start, and
// returns the first problem found, or pdfOK.
func scanPDF(f io.ReaderAt, start, size int64) pdfProblem {
	sc := &pdfScan{f: f, size: size, startxref: -1,
		budget: min(objStmBudgetMax, max(objStmBudgetMin, objStmExpansion*size))}
	src := newPDFSource(io.NewSectionReader(f, start, size-start), start, make([]byte, 64<<10))
	if p := sc.scan(src, modeFile); p != pdfOK {
		return p
	}
	switch {
	case sc.objects == 0 || sc.startxref < 0:
		return pdfNotPDF
	case sc.startxref >= size || !sc.xrefTable && !sc.xrefStream:
		return pdfNoXref
	case sc.encrypted && len(sc.objStms) > 0:
		// Encryption hides an object stream's content; the names outside
		// the object streams are in the clear and were checked.
		return pdfEncrypted
	}
	for _, o := range sc.objStms {
		if p := sc.scanObjStm(o); p != pdfOK {
			return p
		}
	}
	return pdfOK
}

// scanObjStm inflates an object stream within the budget left and scans
// the objects it holds.
func (sc *pdfScan) scanObjStm(o pdfObjStm) pdfProblem {
	d := o.dict
	raw := io.NewSectionReader(sc.f, o.start, o.length)
	var r io.Reader
	switch {
	case d.filterRef || d.predictor || len(d.filters) > 1:
		// Chained filters and predictors could scramble the names; no
		// producer writes object streams that way.
		return pdfCompressed
	case len(d.filters) == 0:
		r = raw
	case d.filters[0] == "FlateDecode" || d.filters[0] == "Fl":
		zr, err := zlib.NewReader(raw)
		if err != nil {
			// A few producers write raw deflate data without the zlib
			// header, which readers take too.
			r = flate.NewReader(io.NewSectionReader(sc.f, o.start, o.length))
		} else {
			r = zr
		}
	default:
		return pdfCompressed
	}
	br := &budgetReader{r: r, left: &sc.budget}
	if p := sc.scan(newPDFSource(br, 0, sc.streamBuf()), modeObjStm); p != pdfOK {
		return p
	}
	switch {
	case br.err == nil, br.err == io.EOF, errors.Is(br.err, zlib.ErrChecksum):
		// A wrong checksum after data that inflated: readers show it,
		// and every byte of it was scanned.
		return pdfOK
	case br.err == errOverBudget:
		return pdfBomb
	}
	return pdfDamaged
}

// streamBuf returns the buffer the scans of streams share.
func (sc *pdfScan) streamBuf() []byte {
	if sc.buf == nil {
		sc.buf = make([]byte, 32<<10)
	}
	return sc.buf
}

// searchBuf returns the buffer findEndstream reads into.
func (sc *pdfScan) searchBuf() []byte {
	if sc.search == nil {
		sc.search = make([]byte, 64<<10)
	}
	return sc.search
}

var errOverBudget = errors.New("docfile: object streams over their budget")

// budgetReader reads r, taking every byte from *left, and fails with
// errOverBudget past it. err is the error r gave, if any.
type budgetReader struct {
	r    io.Reader
	left *int64
	err  error
}

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.r.Read(p)
	*b.left -= int64(n)
	if *b.left < 0 {
		err = errOverBudget
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

// scan reads src to its end as mode says and returns the first problem.
// It is a tokenizer of PDF syntax, not a parser: it knows strings,
// comments, names, dictionaries and the keywords it needs, and every loop
// moves forward by at least one byte, so any input ends.
func (sc *pdfScan) scan(src *pdfSource, mode scanMode) pdfProblem {
	var (
		depth     int     // << >> nesting
		dict      pdfDict // the outermost open dictionary
		lastDict  pdfDict // the outermost dictionary closed last
		afterDict bool    // the previous token closed an outermost dictionary
		key       string  // the key at the outermost level whose value comes next
		inArray   bool    // in an array that is the value of key
		startxref bool    // the previous token was "startxref"
		name      = make([]byte, 0, maxPDFName+1)
		word      = make([]byte, 0, 16)
	)
	for {
		c, ok := src.next()
		if !ok {
			break
		}
		if mode == modeStream {
			// Strings and comments are not skipped here: an object hidden
			// in the data may start right after a "(" or a "%".
			switch c {
			case '<', '>':
				if b, ok := src.peek(0); ok && b == c {
					src.next()
					if c == '<' {
						depth++
					} else if depth > 0 {
						depth--
					}
				}
			case '/':
				name = src.readName(name[:0])
				if depth > 0 {
					if p := pdfNameProblem(name, true); p != pdfOK {
						return p
					}
				}
			}
			continue
		}
		if isPDFSpace(c) {
			continue
		}
		html := mode == modeFile // markup matters where a browser could see it
		wasAfterDict := afterDict
		afterDict = false
		switch c {
		case '%':
			if !src.skipComment(html) {
				return pdfHTML
			}
			afterDict = wasAfterDict // a comment between ">>" and "stream" changes nothing
			continue
		case '(':
			if !src.skipString(html) {
				return pdfHTML
			}
			key = ""
			continue
		case '<':
			if b, ok := src.peek(0); ok && b == '<' {
				src.next()
				depth++
				if depth == 1 {
					dict = pdfDict{length: -1}
					key = ""
				}
				continue
			}
			if html && src.htmlTagAhead() {
				return pdfHTML
			}
			src.skipHex()
			key = ""
			continue
		case '>':
			if b, ok := src.peek(0); ok && b == '>' {
				src.next()
				if depth > 0 {
					depth--
					switch depth {
					case 0:
						lastDict, afterDict = dict, true
						if mode == modeFile && dict.encryptKey {
							sc.encrypted = true // a trailer's or a cross-reference stream's
						}
					case 1:
						key = "" // a dictionary was key's value
					}
				}
			}
			continue
		case '[':
			if depth == 1 && key != "" {
				inArray = true
			}
			continue
		case ']':
			if inArray {
				inArray, key = false, ""
			}
			continue
		case '{', '}', ')':
			continue
		case '/':
			name = src.readName(name[:0])
			if p := pdfNameProblem(name, false); p != pdfOK {
				return p
			}
			if depth == 0 {
				continue
			}
			n := string(name)
			if n == "Predictor" {
				dict.predictor = true
			}
			if depth > 1 {
				continue
			}
			switch {
			case key == "" && !inArray:
				key = n
				switch n {
				case "N":
					dict.n = true
				case "First":
					dict.first = true
				case "Encrypt":
					dict.encryptKey = true
				}
			case key == "Type":
				dict.typ, key = n, ""
			case key == "Filter":
				dict.filters = append(dict.filters, n)
				if !inArray {
					key = ""
				}
			default:
				if !inArray {
					key = ""
				}
			}
			continue
		}
		// A regular token: a number or a keyword.
		word = src.readWord(append(word[:0], c))
		wasStartxref := startxref
		startxref = false
		if depth == 1 && key != "" && !inArray {
			switch key {
			case "Length":
				if n, err := strconv.ParseInt(string(word), 10, 64); err == nil && n >= 0 {
					dict.length = n
				}
			case "Filter":
				dict.filterRef = true // an indirect reference: not followed
			}
			key = ""
			continue
		}
		if mode != modeFile || depth > 0 {
			continue
		}
		switch string(word) {
		case "obj":
			sc.objects++
		case "xref":
			sc.xrefTable = true
		case "startxref":
			startxref = true
		case "stream":
			if wasAfterDict {
				if p := sc.stream(src, lastDict); p != pdfOK {
					return p
				}
			}
		default:
			if wasStartxref {
				if n, err := strconv.ParseInt(string(word), 10, 64); err == nil {
					sc.startxref = n
				}
			}
		}
	}
	if src.err != nil && src.err != io.EOF {
		if _, ok := src.r.(*budgetReader); ok {
			return pdfOK // scanObjStm tells what the inflater's error means
		}
		return pdfReadFailed
	}
	return pdfOK
}

// stream handles a stream whose keyword src has just read: it finds the
// data's end (at /Length when "endstream" is there, else at the next
// "endstream"), scans the data in modeStream, notes a cross-reference or
// object stream, and moves src past "endstream".
func (sc *pdfScan) stream(src *pdfSource, d pdfDict) pdfProblem {
	// The data starts after the end of the keyword's line (CR LF or LF).
	if b, ok := src.peek(0); ok && b == '\r' {
		src.next()
	}
	if b, ok := src.peek(0); ok && b == '\n' {
		src.next()
	}
	start := src.offset()
	end, resume := int64(-1), int64(-1)
	if d.length >= 0 && start+d.length <= sc.size {
		if at := sc.endstreamAt(src, start+d.length); at >= 0 {
			end, resume = start+d.length, at+int64(len("endstream"))
		}
	}
	if end < 0 {
		dataEnd, at := sc.findEndstream(start)
		if at < 0 {
			return pdfEndless
		}
		end, resume = dataEnd, at+int64(len("endstream"))
	}
	if d.typ == "XRef" {
		sc.xrefStream = true
	}
	if d.typ == "ObjStm" || d.n && d.first {
		if len(sc.objStms) == maxObjStms {
			return pdfTooMany
		}
		sc.objStms = append(sc.objStms, pdfObjStm{start: start, length: end - start, dict: d})
	}
	var r io.Reader = io.NewSectionReader(sc.f, start, end-start)
	if b, ok := src.window(start, end-start); ok {
		r = bytes.NewReader(b) // the data is in src's buffer already
	}
	data := newPDFSource(r, start, sc.streamBuf())
	if p := sc.scan(data, modeStream); p != pdfOK {
		return p
	}
	src.seek(sc.f, resume, sc.size)
	return pdfOK
}

// endstreamAt returns the offset of "endstream" at off, after white
// space, or -1; it looks in src's buffer first.
func (sc *pdfScan) endstreamAt(src *pdfSource, off int64) int64 {
	b, ok := src.window(off, min(32, sc.size-off))
	if !ok {
		b = make([]byte, 32)
		n, _ := sc.f.ReadAt(b, off)
		b = b[:n]
	}
	i := 0
	for i < len(b) && isPDFSpace(b[i]) {
		i++
	}
	if bytes.HasPrefix(b[i:], []byte("endstream")) {
		return off + int64(i)
	}
	return -1
}

// findEndstream returns the offset of the first "endstream" from off
// and where the data before it ends (the end of line before the keyword
// left out), or -1, -1.
func (sc *pdfScan) findEndstream(off int64) (dataEnd, at int64) {
	const key = "endstream"
	buf := sc.searchBuf()
	for pos := off; pos < sc.size; {
		n, _ := sc.f.ReadAt(buf, pos)
		if n == 0 {
			return -1, -1
		}
		if i := bytes.Index(buf[:n], []byte(key)); i >= 0 {
			j := i
			if j > 0 && buf[j-1] == '\n' {
				j--
			}
			if j > 0 && buf[j-1] == '\r' {
				j--
			}
			return pos + int64(j), pos + int64(i)
		}
		if pos+int64(n) >= sc.size || n < len(key) {
			return -1, -1
		}
		// Overlap so that a keyword across two reads is found.
		pos += int64(n - len(key) + 1)
	}
	return -1, -1
}
