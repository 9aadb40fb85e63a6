package server

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"sync"
)

// A not-found page of a missing job or post (composeNotFound) is the
// shared not-found render in a document of the page's own <head> and boot
// data. Its URLs are endless, so it is made per request; but the document
// differs from one such URL to the next only in its boot data. So the
// document is split around the boot data once per shared render and kind
// of page, each part kept with its deflate stream, and a request's page is
// the parts joined around its boot data: its gzip body is the parts'
// streams around the boot data as stored (uncompressed) deflate blocks.
// No template runs and nothing is compressed per request, and the page
// costs the collector only its two bodies: a flood of unknown job
// addresses neither takes a core nor leaves megabytes of compressor state
// behind.

// bootMarker stands for the boot data in the document the parts are cut
// from; the document must hold it exactly once.
const bootMarker = "\x1eboot-data-goes-here\x1e"

// maxComposedKinds bounds the kinds of page whose parts one shared render
// keeps (a missing job's page, its form, a missing post...: a handful).
const maxComposedKinds = 16

// composedDocs are the parts of not-found documents around one shared
// not-found render, by the spec they were made for (without its API data).
type composedDocs struct {
	mu    sync.Mutex
	kinds map[string]*docParts
}

// docParts is a document cut around its boot data.
type docParts struct {
	head, tail []byte
	// headFlate is head as raw deflate data ending at a byte boundary in
	// a block that is not the last (a sync flush); tailFlate is tail as
	// raw deflate data ending in the last block.
	headFlate, tailFlate []byte
}

// parts returns the parts of spec's document around root, made on first
// use; nil when the document cannot be cut (then it is made whole).
func (c *composedDocs) parts(s *Server, spec *pageSpec, root, style string) *docParts {
	if c == nil {
		return nil
	}
	head := *spec
	head.API = nil
	b, err := json.Marshal(&head)
	if err != nil {
		return nil
	}
	key := string(b)
	c.mu.Lock()
	d, ok := c.kinds[key]
	c.mu.Unlock()
	if ok {
		return d
	}
	d = s.cutDocument(spec, root, style)
	if d == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if had, ok := c.kinds[key]; ok {
		return had
	}
	if len(c.kinds) < maxComposedKinds {
		if c.kinds == nil {
			c.kinds = make(map[string]*docParts)
		}
		c.kinds[key] = d
	}
	return d
}

// cutDocument renders spec's document around root (with its inline style
// sheet) with the marker for its boot data and cuts it there; nil when the marker is not there exactly
// once.
func (s *Server) cutDocument(spec *pageSpec, root, style string) *docParts {
	var buf bytes.Buffer
	if err := documentTemplate.Execute(&buf, s.documentData(spec, root, style, []byte(bootMarker))); err != nil {
		return nil
	}
	doc := buf.Bytes()
	if bytes.Count(doc, []byte(bootMarker)) != 1 {
		return nil
	}
	i := bytes.Index(doc, []byte(bootMarker))
	d := &docParts{head: bytes.Clone(doc[:i]), tail: bytes.Clone(doc[i+len(bootMarker):])}
	var z bytes.Buffer
	zw, _ := flate.NewWriter(&z, pageLevels.gzip)
	_, _ = zw.Write(d.head)
	_ = zw.Flush()
	d.headFlate = bytes.Clone(z.Bytes())
	z.Reset()
	zw.Reset(&z)
	_, _ = zw.Write(d.tail)
	_ = zw.Close()
	d.tailFlate = bytes.Clone(z.Bytes())
	return d
}

// page returns the page of status whose boot data is boot, sent with the
// Content-Security-Policy csp (that of the render it was cut around).
func (d *docParts) page(status int, boot []byte, csp string) *renderedPage {
	html := make([]byte, 0, len(d.head)+len(boot)+len(d.tail))
	html = append(append(append(html, d.head...), boot...), d.tail...)
	p := &renderedPage{status: status, body: variants{codingIdentity: html}, csp: csp}
	p.body.add(codingGzip, d.gzip(html, boot))
	p.seal()
	return p
}

// storedBlockMax is the most bytes one stored deflate block holds.
const storedBlockMax = 1<<16 - 1

// gzipHeader is a gzip member's header without name, time or flags
// (RFC 1952), as compress/gzip writes it for the default level.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// gzip returns html, which is head, boot and tail, as one gzip member:
// the head's stream, boot in stored blocks (each starts at a byte
// boundary, where the head's sync flush and every stored block end), the
// tail's stream, then html's CRC-32 and length.
func (d *docParts) gzip(html, boot []byte) []byte {
	n := len(gzipHeader) + len(d.headFlate) + len(boot) + 5*(len(boot)/storedBlockMax+1) + len(d.tailFlate) + 8
	z := make([]byte, 0, n)
	z = append(z, gzipHeader...)
	z = append(z, d.headFlate...)
	for rest := boot; len(rest) > 0; {
		k := min(len(rest), storedBlockMax)
		// BFINAL 0, BTYPE 00 (stored), padded to the byte; LEN, NLEN.
		z = append(z, 0)
		z = binary.LittleEndian.AppendUint16(z, uint16(k))
		z = binary.LittleEndian.AppendUint16(z, ^uint16(k))
		z = append(z, rest[:k]...)
		rest = rest[k:]
	}
	z = append(z, d.tailFlate...)
	z = binary.LittleEndian.AppendUint32(z, crc32.ChecksumIEEE(html))
	return binary.LittleEndian.AppendUint32(z, uint32(len(html)))
}
