package server

import (
	"bytes"
	"strings"
	"testing"

	"corpsite/internal/pagecache"
)

func TestNegotiate(t *testing.T) {
	t.Parallel()
	all := codingSet(1<<codingGzip | 1<<codingZstd | 1<<codingBrotli)
	gzipOnly := codingSet(1 << codingGzip)
	tests := []struct {
		header string
		have   codingSet
		want   coding
	}{
		{"", all, codingIdentity},
		{"identity", all, codingIdentity},
		{"gzip", all, codingGzip},
		{"zstd", all, codingZstd},
		{"br", all, codingBrotli},
		// A browser's: the server's preference decides among equals.
		{"gzip, deflate, br, zstd", all, codingBrotli},
		{"gzip, deflate, zstd", all, codingZstd},
		{"zstd, gzip", all, codingZstd},
		// A higher weight wins over the server's preference.
		{"gzip;q=1, br;q=0.5", all, codingGzip},
		{"br;q=0.5, gzip", all, codingGzip},
		{"br;q=0.9, zstd;q=0.9, gzip;q=0.95", all, codingGzip},
		{"br;q=0.8, zstd;q=0.9", all, codingZstd},
		// Refusals.
		{"br;q=0", all, codingIdentity},
		{"gzip;q=0", all, codingIdentity},
		{"br;q=0, gzip", all, codingGzip},
		{"gzip;q=0.0, br;q=0.000", all, codingIdentity},
		{"*;q=0", all, codingIdentity}, // everything refused: identity anyway, not 406
		{"identity;q=0", all, codingIdentity},
		{"identity;q=0, gzip", all, codingGzip},
		{"gzip;q=0, gzip", all, codingIdentity}, // named twice: the lower weight holds
		// Identity, when named, is weighed like the others.
		{"identity, gzip;q=0.5", all, codingIdentity},
		{"identity;q=0.5, gzip", all, codingGzip},
		{"gzip;q=0.001", all, codingGzip}, // unnamed identity is the last resort
		// The wildcard stands for every coding not named, identity too.
		{"*", all, codingBrotli},
		{"*;q=0.5, br;q=0", all, codingZstd},
		{"gzip, *;q=0", all, codingGzip},
		{"*;q=0.1, gzip;q=0.5", all, codingGzip},
		// Case, spaces, other parameters, unknown codings.
		{"GZIP", all, codingGzip},
		{"Br", all, codingBrotli},
		{"  gzip ; q=0.5 ,\tbr ; Q = 0.4 ", all, codingGzip},
		{"gzip; level=1; q=0", all, codingIdentity},
		{"x-gzip", all, codingGzip},
		{"deflate, compress", all, codingIdentity},
		{",, ;,gzip,", all, codingGzip},
		{"brotli, zst", all, codingIdentity},
		// Weights that are not numbers from 0 to 1 refuse.
		{"br;q=abc, gzip", all, codingGzip},
		{"br;q=2, gzip;q=0.5", all, codingGzip},
		{"br;q=-1", all, codingIdentity},
		{"br;q=NaN", all, codingIdentity},
		// Only the codings the body has are chosen.
		{"br, zstd, gzip", gzipOnly, codingGzip},
		{"br", gzipOnly, codingIdentity},
		{"br, zstd", 0, codingIdentity},
		{"br;q=0.9, gzip;q=0.1", 1<<codingGzip | 1<<codingZstd, codingGzip},
	}
	for _, tt := range tests {
		if got := negotiate(tt.header, tt.have); got != tt.want {
			t.Errorf("negotiate(%q, %03b) = %q, want %q", tt.header, tt.have, codingNames[got], codingNames[tt.want])
		}
	}
}

func TestNegotiateDoesNotAllocate(t *testing.T) {
	all := codingSet(1<<codingGzip | 1<<codingZstd | 1<<codingBrotli)
	if n := testing.AllocsPerRun(100, func() { negotiate("gzip, deflate, br;q=0.9, zstd", all) }); n != 0 {
		t.Errorf("negotiate allocates %v times per call", n)
	}
}

func TestVariantsKeepOnlySmallerBodies(t *testing.T) {
	t.Parallel()
	v := variants{codingIdentity: make([]byte, 100)}
	v.add(codingGzip, make([]byte, 100)) // no smaller: not kept
	v.add(codingZstd, make([]byte, 60))
	v.add(codingBrotli, make([]byte, 70)) // larger than zstd: not kept
	if v[codingGzip] != nil || v[codingZstd] == nil || v[codingBrotli] != nil {
		t.Errorf("kept gzip %v, zstd %v, brotli %v; want only zstd", v[codingGzip] != nil, v[codingZstd] != nil, v[codingBrotli] != nil)
	}
	if got := v.size(); got != 160 {
		t.Errorf("size = %d, want 160", got)
	}
}

// samplePage is HTML that compresses as a page does.
func samplePage() []byte {
	var b bytes.Buffer
	b.WriteString("<!doctype html><html><body>")
	for i := range 400 {
		b.WriteString(`<div class="card"><h2>Service ` + strings.Repeat("x", i%17) + `</h2><p>We build and run software.</p></div>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

func TestCachedPageHasEveryCodingAndCountsThem(t *testing.T) {
	t.Parallel()
	html := samplePage()
	p := newRenderedPage(200, html)
	if p.body[codingZstd] != nil || p.body[codingBrotli] != nil {
		t.Error("a page not yet cached has zstd or brotli bodies: only cached pages are worth them")
	}
	p.compress()
	for c, b := range p.body {
		if b == nil {
			t.Fatalf("cached page has no %s body", codingNames[c])
		}
	}
	if b := p.body; !(len(b[codingBrotli]) < len(b[codingZstd]) && len(b[codingBrotli]) < len(b[codingGzip]) &&
		len(b[codingGzip]) < len(html) && len(b[codingZstd]) < len(html)) {
		t.Errorf("sizes: identity %d, gzip %d, zstd %d, brotli %d; want all smaller than the HTML, brotli the smallest",
			len(html), len(p.body[codingGzip]), len(p.body[codingZstd]), len(p.body[codingBrotli]))
	}
	seen := map[string]bool{}
	for _, e := range p.etags {
		if seen[e] || !strings.HasPrefix(e, `"`) || !strings.HasSuffix(e, `"`) {
			t.Errorf("ETags %q: want one quoted ETag per coding", p.etags)
		}
		seen[e] = true
	}

	c := pagecache.New[*renderedPage](1 << 20)
	c.Put("/x", 1, p, true)
	want := pagecache.EntrySize("/x", p)
	if got := len("/x") + len(html) + len(p.body[codingGzip]) + len(p.body[codingZstd]) + len(p.body[codingBrotli]); want <= got {
		t.Errorf("entry size %d, want more than the key, the HTML and every compressed body (%d)", want, got)
	}
	if pages, got := c.Stats(); pages != 1 || got != want {
		t.Errorf("stats = %d pages, %d bytes; want 1 page of %d bytes (HTML and every compressed body)", pages, got, want)
	}
	// A budget one byte short of the page with all its codings does not
	// take it, though the HTML alone would fit many times.
	small := pagecache.New[*renderedPage](want - 1)
	small.Put("/x", 1, p, true)
	if pages, _ := small.Stats(); pages != 0 {
		t.Error("a page whose codings together exceed the budget was cached")
	}
}
