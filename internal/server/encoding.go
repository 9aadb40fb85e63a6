package server

// Content codings. Assets and cached pages are kept compressed in every
// coding that pays, each made once (assets at start-up, a page when it
// enters the cache), and each request is answered with the best one its
// Accept-Encoding allows: nothing is compressed per request.

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// coding is a content coding the server can send.
type coding uint8

const (
	codingIdentity coding = iota
	codingGzip
	codingZstd
	codingBrotli
	numCodings
)

// codingNames are the codings' Content-Encoding values (identity sends none).
var codingNames = [numCodings]string{"", "gzip", "zstd", "br"}

// etagSuffixes tell a page's ETags apart by coding: each coding is its own
// representation, so a strong validator must differ (RFC 9110, 8.8.3).
var etagSuffixes = [numCodings]string{"", "-gzip", "-zstd", "-br"}

// codingSet is a set of codings, one bit each.
type codingSet uint8

func (s codingSet) has(c coding) bool { return s&(1<<c) != 0 }

// variants is one body in each coding worth serving: v[codingIdentity] is
// the body itself; a nil entry is a coding not made or not kept.
type variants [numCodings][]byte

func (v *variants) codings() codingSet {
	var s codingSet
	for c, b := range v {
		if b != nil {
			s |= 1 << c
		}
	}
	return s
}

// size is the bytes of every body together.
func (v *variants) size() int {
	n := 0
	for _, b := range v {
		n += len(b)
	}
	return n
}

// pick returns the coding and body to send to r.
func (v *variants) pick(r *http.Request) (coding, []byte) {
	c := negotiate(acceptEncoding(r), v.codings())
	return c, v[c]
}

// setEncodingHeaders sets Content-Encoding and Content-Length for body
// in coding c.
func setEncodingHeaders(h http.Header, c coding, body []byte) {
	setEncoding(h, c, []string{strconv.Itoa(len(body))})
}

// contentEncodings are the codings' Content-Encoding values as header
// values made once (see htmlContentType).
var contentEncodings = func() (v [numCodings][]string) {
	for c, name := range codingNames {
		if name != "" {
			v[c] = []string{name}
		}
	}
	return v
}()

// setEncoding sets Content-Encoding for coding c and Content-Length to
// length, a header value of the body's length.
func setEncoding(h http.Header, c coding, length []string) {
	if c != codingIdentity {
		h["Content-Encoding"] = contentEncodings[c]
	}
	h["Content-Length"] = length
}

// acceptEncoding is r's Accept-Encoding, its lines joined.
func acceptEncoding(r *http.Request) string {
	v := r.Header["Accept-Encoding"]
	switch len(v) {
	case 0:
		return ""
	case 1:
		return v[0]
	}
	return strings.Join(v, ",")
}

// serverPreference orders the codings from most to least preferred, for
// codings the client weighs equally.
var serverPreference = [numCodings]coding{codingBrotli, codingZstd, codingGzip, codingIdentity}

// negotiate chooses the coding to answer an Accept-Encoding of header
// with, among the codings in have (identity is always had): the one of
// highest weight, the server's preference (br, zstd, gzip, identity)
// among equals. Names are case-insensitive; "q=0" refuses a coding; "*"
// stands for every coding not named; x-gzip is gzip. Identity not named
// is acceptable but the last resort. When the client refuses everything
// (identity;q=0 or *;q=0), identity is sent anyway rather than a 406. It
// does not allocate.
func negotiate(header string, have codingSet) coding {
	// Weights in thousandths; -1 = not named.
	q := [numCodings]int{-1, -1, -1, -1}
	star := -1
	for rest := header; rest != ""; {
		var item string
		item, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(item, ";")
		name = strings.TrimSpace(name)
		w := qvalue(params)
		var c coding
		switch {
		case name == "*":
			star = lower(star, w)
			continue
		case strings.EqualFold(name, "br"):
			c = codingBrotli
		case strings.EqualFold(name, "zstd"):
			c = codingZstd
		case strings.EqualFold(name, "gzip") || strings.EqualFold(name, "x-gzip"):
			c = codingGzip
		case strings.EqualFold(name, "identity"):
			c = codingIdentity
		default:
			continue
		}
		q[c] = lower(q[c], w)
	}
	for c := range q {
		switch {
		case q[c] >= 0: // named
		case star >= 0:
			q[c] = star
		case coding(c) == codingIdentity:
			q[c] = 1 // acceptable unless refused, but the last resort
		default:
			q[c] = 0
		}
	}
	best, bestQ := codingIdentity, 0
	for _, c := range serverPreference {
		if (have.has(c) || c == codingIdentity) && q[c] > bestQ {
			best, bestQ = c, q[c]
		}
	}
	return best
}

// lower returns the lower of two weights, -1 standing for none: a coding
// named twice gets the lower weight, so a refusal holds.
func lower(a, b int) int {
	if a < 0 {
		return b
	}
	return min(a, b)
}

// qvalue returns the weight in thousandths given by params (the part of
// an Accept-Encoding item after its name): 1000 without "q", 0 for a
// weight that is not a number from 0 to 1.
func qvalue(params string) int {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return 0
		}
		return int(f*1000 + 0.5)
	}
	return 1000
}

// add keeps body as v's body in coding c when it is smaller than every
// body v holds. Codings are added in the server's order of preference
// from least to most preferred (gzip, zstd, brotli), so a coding kept is
// always the smaller of the two when negotiation prefers it.
func (v *variants) add(c coding, body []byte) {
	for _, b := range v {
		if b != nil && len(body) >= len(b) {
			return
		}
	}
	v[c] = body
}

// levels are the compression settings of one kind of body.
type levels struct {
	gzip   int
	zstd   zstd.EncoderLevel
	brotli int
}

var (
	// assetLevels are each coding's best: assets are compressed once per
	// process, in the background (CompressAssets).
	assetLevels = levels{gzip: gzip.BestCompression, zstd: zstd.SpeedBestCompression, brotli: brotli.BestCompression}
	// pageLevels are for pages, compressed at run time when they enter the
	// page cache: brotli at a moderate quality (about 1 ms for the home
	// page's 40 KB; 11 takes 60 ms for 12 per cent less).
	pageLevels = levels{gzip: gzip.BestCompression, zstd: zstd.SpeedDefault, brotli: 5}
)

// zstdWindow bounds the window a zstd body may need: browsers decode at
// most 8 MiB (RFC 9659).
const zstdWindow = 8 << 20

// newZstd returns an encoder at level; its EncodeAll may be called
// concurrently.
func newZstd(level zstd.EncoderLevel, concurrency int) *zstd.Encoder {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithWindowSize(zstdWindow), zstd.WithEncoderConcurrency(concurrency))
	if err != nil {
		panic(err) // only for invalid options
	}
	return enc
}

// pageZstd compresses pages; it lives as long as the process (a few MiB).
var pageZstd = sync.OnceValue(func() *zstd.Encoder { return newZstd(pageLevels.zstd, 2) })

// The compressors return bodies of exactly their length: the page cache
// counts bodies by length against its budget, so no spare capacity of a
// growing buffer may stay attached to them.

// gzipWriters keeps gzip writers by level (index level - gzip.HuffmanOnly)
// with their output buffers: a writer's state is about a megabyte, which
// made anew for each not-found page composed per request (pages of a
// missing job or post) was most of the garbage a flood of unknown
// addresses left, and so of the memory it took from the system.
var gzipWriters [gzip.BestCompression - gzip.HuffmanOnly + 1]sync.Pool

type pooledGzip struct {
	buf bytes.Buffer
	zw  *gzip.Writer
}

func gzipBytes(src []byte, level int) []byte {
	pool := &gzipWriters[level-gzip.HuffmanOnly]
	g, _ := pool.Get().(*pooledGzip)
	if g == nil {
		g = new(pooledGzip)
		zw, err := gzip.NewWriterLevel(&g.buf, level)
		if err != nil {
			panic(err) // only for an invalid level
		}
		g.zw = zw
	} else {
		g.zw.Reset(&g.buf)
	}
	_, _ = g.zw.Write(src)
	_ = g.zw.Close()
	out := bytes.Clone(g.buf.Bytes())
	g.buf.Reset()
	if g.buf.Cap() <= maxPooledGzipBuffer {
		pool.Put(g)
	}
	return out
}

// maxPooledGzipBuffer bounds the output buffer a pooled gzip writer keeps:
// a page's gzip is tens of KB, an asset's a few hundred; a larger one is
// left to the collector.
const maxPooledGzipBuffer = 1 << 20

// brotliBytes compresses src with a window just large enough for it: the
// default window (4 MiB) made the encoder allocate and clear its 4 MiB
// ring buffer, and at the best quality a 32 MiB match finder, for every
// page and file of tens of KB, which decoders do not need and which made
// the start-up's compression of assets take more than a hundred MiB.
func brotliBytes(src []byte, quality int) []byte {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: brotliWindow(len(src))})
	_, _ = bw.Write(src)
	_ = bw.Close()
	return bytes.Clone(buf.Bytes())
}

// brotliWindow is the smallest brotli window (log2, 10 to 24) that holds n
// bytes: the window is 2^lgwin - 16 bytes.
func brotliWindow(n int) int {
	w := 10
	for w < 24 && 1<<w-16 < n {
		w++
	}
	return w
}

// zstdBytes compresses src with enc (EncodeAll allocates room for the
// whole input).
func zstdBytes(enc *zstd.Encoder, src []byte) []byte {
	return bytes.Clone(enc.EncodeAll(src, nil))
}
