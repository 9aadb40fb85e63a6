package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/sitecontent"
	"corpsite/internal/wire"
)

// composeServer is a Server with what documentData reads.
func composeServer() *Server {
	return &Server{
		content: &sitecontent.Content{Site: sitecontent.Site{Name: "Test Site"}},
		assets:  &assets{entryJS: "/assets/entry.js", entryStyle: "body{margin:0}" + strings.Repeat(".a{color:red}", 3000)},
		baseURL: "https://example.com",
	}
}

// A not-found document joined from its parts is the template's document
// byte for byte, and its gzip body decodes to it: with no boot data, a
// little, and more than one stored deflate block holds.
func TestComposedNotFoundIsTheTemplatesDocument(t *testing.T) {
	s := composeServer()
	spec := &pageSpec{Status: http.StatusNotFound, Page: "job", Title: "Page not found", Description: "Nothing here.", NoIndex: true, NotFound: true}
	root := `<main><h1>Page not found</h1><p>Try the <a href="/">home page</a>.</p></main>`
	style := `h1{font-size:2rem}a{color:#06c}`
	const csp = "default-src 'self'; style-src 'sha256-x'"
	c := new(composedDocs)
	for _, boot := range []string{"", `{"api":{"/api/jobs/zz1":{"error":{"code":"not_found"}}},"now":"2026-11-26T10:00:00Z"}`, `{"x":"` + strings.Repeat("0123456789", 14000) + `"}`} {
		d := c.parts(s, spec, root, style)
		if d == nil {
			t.Fatal("parts: nil, want the document cut at its boot data")
		}
		p := d.page(http.StatusNotFound, []byte(boot), csp)
		var want bytes.Buffer
		if err := documentTemplate.Execute(&want, s.documentData(spec, root, style, []byte(boot))); err != nil {
			t.Fatal(err)
		}
		if got := p.body[codingIdentity]; !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("boot of %d bytes: joined document differs from the template's (%d and %d bytes)", len(boot), len(got), want.Len())
		}
		zr, err := gzip.NewReader(bytes.NewReader(p.body[codingGzip]))
		if err != nil {
			t.Fatalf("boot of %d bytes: gzip body: %v", len(boot), err)
		}
		zr.Multistream(false)
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("boot of %d bytes: gzip body: %v", len(boot), err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("boot of %d bytes: gzip body decodes to %d bytes, not the document's %d", len(boot), len(got), want.Len())
		}
		if rest := len(got) - len(boot); (len(p.body[codingGzip])-len(boot))*4 > rest*3 {
			t.Errorf("boot of %d bytes: gzip body of %d bytes for %d, want the head and tail compressed", len(boot), len(p.body[codingGzip]), len(got))
		}
		if p.csp != csp {
			t.Errorf("boot of %d bytes: CSP %q, want the shared render's %q", len(boot), p.csp, csp)
		}
		if p.status != http.StatusNotFound {
			t.Errorf("status %d, want 404", p.status)
		}
	}
	if n := len(c.kinds); n != 1 {
		t.Errorf("%d kinds of document kept for one spec, want 1", n)
	}
	// A spec that differs besides its API data is a kind of its own.
	other := *spec
	other.Page = "blog-post"
	other.API = map[string]wire.Result{"/api/blogs/x": {}}
	if c.parts(s, &other, root, "") == nil || len(c.kinds) != 2 {
		t.Errorf("after a second kind: %d kinds kept, want 2", len(c.kinds))
	}
}

// A document whose render holds the marker besides the boot data's place
// cannot be cut: it is made whole instead (nil parts).
func TestComposedNotFoundNotCutWhereMarkerRepeats(t *testing.T) {
	s := composeServer()
	spec := &pageSpec{Status: http.StatusNotFound, Page: "job", Title: "Page not found", NotFound: true}
	if d := new(composedDocs).parts(s, spec, "<p>"+bootMarker+"</p>", ""); d != nil {
		t.Errorf("parts of a root holding the marker: %d+%d bytes, want nil", len(d.head), len(d.tail))
	}
	var none *composedDocs
	if d := none.parts(s, spec, "<p></p>", ""); d != nil {
		t.Error("parts without a cache: not nil")
	}
}
