package docfile

import (
	"bytes"
	"io"
)

// pdfSource is a buffered reader over one stretch of a PDF (or of an
// inflated object stream) that knows the offset of each byte and can look
// a few bytes ahead.
type pdfSource struct {
	r    io.Reader
	buf  []byte
	i, n int   // buf[i:n] is unread
	base int64 // offset of buf[0]
	err  error // the first error of r (io.EOF at the end)
}

func newPDFSource(r io.Reader, base int64, buf []byte) *pdfSource {
	return &pdfSource{r: r, buf: buf, base: base}
}

// reset makes s read r, which starts at offset base.
func (s *pdfSource) reset(r io.Reader, base int64) {
	s.r, s.base, s.i, s.n, s.err = r, base, 0, 0, nil
}

// seek moves s to offset off of the file f (of size bytes) that s reads:
// within what s holds if it can, else by reading f from there.
func (s *pdfSource) seek(f io.ReaderAt, off, size int64) {
	if off >= s.base+int64(s.i) && off <= s.base+int64(s.n) {
		s.i = int(off - s.base)
		return
	}
	s.reset(io.NewSectionReader(f, off, size-off), off)
}

// window returns the n bytes at offset off if s holds them, read or not.
func (s *pdfSource) window(off, n int64) ([]byte, bool) {
	if off < s.base || off+n > s.base+int64(s.n) {
		return nil, false
	}
	i := int(off - s.base)
	return s.buf[i : i+int(n)], true
}

// offset is the offset of the next byte.
func (s *pdfSource) offset() int64 { return s.base + int64(s.i) }

// fill reads until more than k bytes are unread, or r ends; it reports
// whether they are.
func (s *pdfSource) fill(k int) bool {
	for s.n-s.i <= k {
		if s.err != nil {
			return false
		}
		if s.i > 0 {
			copy(s.buf, s.buf[s.i:s.n])
			s.base += int64(s.i)
			s.n -= s.i
			s.i = 0
		}
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err != nil {
			s.err = err
		} else if m == 0 {
			s.err = io.ErrNoProgress
		}
	}
	return true
}

// next returns the next byte.
func (s *pdfSource) next() (byte, bool) {
	if s.i >= s.n && !s.fill(0) {
		return 0, false
	}
	c := s.buf[s.i]
	s.i++
	return c, true
}

// peek returns the byte k bytes after the next one, without reading it.
func (s *pdfSource) peek(k int) (byte, bool) {
	if !s.fill(k) {
		return 0, false
	}
	return s.buf[s.i+k], true
}

// isPDFSpace reports PDF's white space.
func isPDFSpace(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}

// isPDFDelimiter reports PDF's delimiters.
func isPDFDelimiter(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func isRegular(c byte) bool { return !isPDFSpace(c) && !isPDFDelimiter(c) }

// readName reads the rest of a name after its "/", undoing #xx escapes,
// and appends at most maxPDFName+1 bytes of it to b.
func (s *pdfSource) readName(b []byte) []byte {
	for {
		c, ok := s.peek(0)
		if !ok || !isRegular(c) {
			return b
		}
		s.next()
		if c == '#' {
			h, ok1 := s.peek(0)
			l, ok2 := s.peek(1)
			if ok1 && ok2 && isHex(h) && isHex(l) {
				s.next()
				s.next()
				c = unhex(h)<<4 | unhex(l)
			}
		}
		if len(b) <= maxPDFName {
			b = append(b, c)
		}
	}
}

// readWord reads the rest of a regular token whose first byte b holds,
// keeping at most 32 bytes of it.
func (s *pdfSource) readWord(b []byte) []byte {
	for {
		c, ok := s.peek(0)
		if !ok || !isRegular(c) {
			return b
		}
		s.next()
		if len(b) < 32 {
			b = append(b, c)
		}
	}
}

// skipComment reads to the end of the line; with html set, it reports
// false when the comment holds an HTML tag.
func (s *pdfSource) skipComment(html bool) bool {
	for {
		c, ok := s.next()
		if !ok || c == '\r' || c == '\n' {
			return true
		}
		if c == '<' && html && s.htmlTagAhead() {
			return false
		}
	}
}

// skipString reads a literal string after its "(" to its balancing ")";
// with html set, it reports false when the string holds an HTML tag.
func (s *pdfSource) skipString(html bool) bool {
	nest := 1
	for {
		c, ok := s.next()
		if !ok {
			return true
		}
		switch c {
		case '\\':
			s.next()
		case '(':
			nest++
		case ')':
			if nest--; nest == 0 {
				return true
			}
		case '<':
			if html && s.htmlTagAhead() {
				return false
			}
		}
	}
}

// skipHex reads a hexadecimal string after its "<" to its ">".
func (s *pdfSource) skipHex() {
	for {
		c, ok := s.next()
		if !ok || c == '>' {
			return
		}
	}
}

// htmlTags open an HTML document or element that runs or loads something,
// as a browser would render them from a file it took for a web page. In
// PDF syntax, "<" starts a hexadecimal string, which none of these is.
var htmlTags = []string{
	"html", "head", "body", "script", "iframe", "frame", "frameset", "svg", "object", "embed",
	"img", "meta", "style", "link", "base", "form", "div", "a", "!doctype",
}

// htmlTagAhead reports whether the bytes after a "<" just read open an
// HTML tag (or a comment or a PHP block).
func (s *pdfSource) htmlTagAhead() bool {
	var b [10]byte
	n := 0
	for n < len(b) {
		c, ok := s.peek(n)
		if !ok {
			break
		}
		b[n] = c
		n++
	}
	return isHTMLTagStart(b[:n])
}

// isHTMLTagStart reports whether b, the bytes after a "<", open an HTML
// tag: a tag name followed by white space, ">" or "/", or "!--" or "?php".
func isHTMLTagStart(b []byte) bool {
	lower := bytes.ToLower(b)
	if bytes.HasPrefix(lower, []byte("!--")) || bytes.HasPrefix(lower, []byte("?php")) {
		return true
	}
	for _, t := range htmlTags {
		if !bytes.HasPrefix(lower, []byte(t)) {
			continue
		}
		if len(lower) == len(t) {
			return t != "a" // at the end of the input: a tag cut short
		}
		switch c := lower[len(t)]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			return true
		case (c == '>' || c == '/') && t != "a":
			return true
		}
	}
	return false
}

// hasHTMLTag reports whether b holds an HTML tag anywhere.
func hasHTMLTag(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] == '<' && isHTMLTagStart(b[i+1:min(len(b), i+11)]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
