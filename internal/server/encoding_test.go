package server_test

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"

	"corpsite/internal/server"
)

// decode returns body decoded from its Content-Encoding.
func decode(t *testing.T, encoding, body string) []byte {
	t.Helper()
	switch encoding {
	case "":
		return []byte(body)
	case "gzip":
		return gunzip(t, body)
	case "br":
		b, err := io.ReadAll(brotli.NewReader(strings.NewReader(body)))
		if err != nil {
			t.Fatalf("body is not brotli: %v", err)
		}
		return b
	case "zstd":
		// As a browser: a window of at most 8 MiB (RFC 9659).
		d, err := zstd.NewReader(nil, zstd.WithDecoderMaxWindow(8<<20))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		b, err := d.DecodeAll([]byte(body), nil)
		if err != nil {
			t.Fatalf("body is not zstd: %v", err)
		}
		return b
	}
	t.Fatalf("unexpected Content-Encoding %q", encoding)
	return nil
}

// TestCompressedResponses fetches an asset, a cached page and the no-script
// style sheet with the Accept-Encoding of each case: each is answered in
// the expected coding, decodes to the same bytes, and varies on
// Accept-Encoding; HEAD has GET's headers and no body.
func TestCompressedResponses(t *testing.T) {
	f := newFixture(t, nil)
	entry := entryAsset(t, f)
	asset, err := fs.ReadFile(f.client, strings.TrimPrefix(entry, "/"))
	if err != nil {
		t.Fatal(err)
	}
	home := f.get(t, "/") // renders the page and caches it
	if home.Status != http.StatusOK {
		t.Fatalf("GET / = %d", home.Status)
	}
	if _, took := f.srv.CompressAssets(context.Background()); took == 0 {
		t.Fatal("CompressAssets did nothing")
	}
	wantBody := map[string][]byte{entry: asset, "/": []byte(home.Body), "/noscript.css": []byte(f.get(t, "/noscript.css").Body)}

	cases := []struct {
		accept string
		want   string // Content-Encoding
	}{
		{"br", "br"},
		{"zstd", "zstd"},
		{"gzip", "gzip"},
		{"gzip, deflate, br, zstd", "br"},
		{"gzip;q=1, br;q=0.5", "gzip"},
		{"br;q=0", ""},
		{"", ""},
	}
	for _, target := range []string{entry, "/", "/noscript.css"} {
		etags := map[string]string{} // by Content-Encoding
		for _, tc := range cases {
			header := map[string]string{}
			if tc.accept != "" {
				header["Accept-Encoding"] = tc.accept
			}
			name := target + " with Accept-Encoding " + strconv.Quote(tc.accept)
			res := f.do(t, http.MethodGet, target, header)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: status %d", name, res.Status)
			}
			ce := res.Header.Get("Content-Encoding")
			if ce != tc.want && target != "/noscript.css" {
				t.Errorf("%s: Content-Encoding %q, want %q", name, ce, tc.want)
			}
			if ce != "" && (!strings.Contains(tc.accept, ce) || strings.Contains(tc.accept, ce+";q=0")) {
				t.Errorf("%s: Content-Encoding %q, which the client did not accept", name, ce)
			}
			if !bytes.Equal(decode(t, ce, res.Body), wantBody[target]) {
				t.Errorf("%s: decoded body differs from the original", name)
			}
			if v := res.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
				t.Errorf("%s: Vary %q, want Accept-Encoding", name, v)
			}
			if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(res.Body)) {
				t.Errorf("%s: Content-Length %s, body %d bytes", name, cl, len(res.Body))
			}
			head := f.do(t, http.MethodHead, target, header)
			for _, h := range []string{"Content-Encoding", "Content-Length", "Content-Type", "Vary", "ETag", "Cache-Control"} {
				if head.Header.Get(h) != res.Header.Get(h) {
					t.Errorf("HEAD %s: %s %q, GET has %q", name, h, head.Header.Get(h), res.Header.Get(h))
				}
			}
			if head.Body != "" {
				t.Errorf("HEAD %s: a body of %d bytes", name, len(head.Body))
			}
			if target == "/" {
				etag := res.Header.Get("ETag")
				if prev, ok := etags[ce]; ok && prev != etag {
					t.Errorf("%s: ETag %s, another request in the same coding had %s", name, etag, prev)
				}
				etags[ce] = etag
				// The ETag validates this coding's body only.
				if got := f.do(t, http.MethodGet, target, with(header, "If-None-Match", etag)); got.Status != http.StatusNotModified {
					t.Errorf("%s, If-None-Match its own ETag: status %d, want 304", name, got.Status)
				}
			}
		}
		if target == "/" {
			seen := map[string]bool{}
			for ce, etag := range etags {
				if seen[etag] {
					t.Errorf("GET /: coding %q shares its ETag %s with another coding", ce, etag)
				}
				seen[etag] = true
			}
			if got := f.do(t, http.MethodGet, "/", map[string]string{"Accept-Encoding": "br", "If-None-Match": etags["gzip"]}); got.Status != http.StatusOK {
				t.Errorf("GET / in brotli, If-None-Match the gzip ETag: status %d, want 200 (another representation)", got.Status)
			}
		}
	}
}

func with(h map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for k, v := range h {
		out[k] = v
	}
	return out
}

// TestAssetsGzippedUntilCompressed: before CompressAssets an asset is
// served gzipped to a browser; after it, in brotli; the work is done once.
func TestAssetsGzippedUntilCompressed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	entry := entryAsset(t, f)
	accept := map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}
	if ce := f.do(t, http.MethodGet, entry, accept).Header.Get("Content-Encoding"); ce != "gzip" {
		t.Errorf("before CompressAssets: Content-Encoding %q, want gzip", ce)
	}
	// Requests served while the codings are added get gzip or brotli.
	stop := make(chan struct{})
	served := make(chan []string)
	go func() {
		var got []string
		for {
			select {
			case <-stop:
				served <- got
				return
			default:
			}
			req := httptest.NewRequest(http.MethodGet, entry, nil)
			req.Header.Set("Accept-Encoding", accept["Accept-Encoding"])
			rec := httptest.NewRecorder()
			f.srv.ServeHTTP(rec, req)
			got = append(got, rec.Header().Get("Content-Encoding")+" "+strconv.Itoa(rec.Body.Len())+" "+rec.Header().Get("Content-Length"))
			time.Sleep(time.Millisecond) // paced on purpose: requests all along, not a flood taking CompressAssets' core
		}
	}()
	files, _ := f.srv.CompressAssets(context.Background())
	close(stop)
	for _, r := range <-served {
		ce, n, _ := strings.Cut(r, " ")
		if ce != "gzip" && ce != "br" {
			t.Errorf("during CompressAssets: Content-Encoding %q, want gzip or br", ce)
		}
		if length, cl, _ := strings.Cut(n, " "); length != cl {
			t.Errorf("during CompressAssets: %s bytes sent with Content-Length %s", length, cl)
		}
	}
	if files == 0 {
		t.Error("CompressAssets compressed no files")
	}
	if ce := f.do(t, http.MethodGet, entry, accept).Header.Get("Content-Encoding"); ce != "br" {
		t.Errorf("after CompressAssets: Content-Encoding %q, want br", ce)
	}
	if again, _ := f.srv.CompressAssets(context.Background()); again != 0 {
		t.Errorf("a second CompressAssets compressed %d files, want none (once per server)", again)
	}
}

func TestPageCacheCountsEveryCoding(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	gz := f.do(t, http.MethodGet, "/", map[string]string{"Accept-Encoding": "gzip"})
	plain := f.get(t, "/")
	br := f.do(t, http.MethodGet, "/", map[string]string{"Accept-Encoding": "br"})
	zs := f.do(t, http.MethodGet, "/", map[string]string{"Accept-Encoding": "zstd"})
	pages, bytes := server.PageCacheStats(f.srv)
	if pages != 1 {
		t.Fatalf("%d pages cached, want 1", pages)
	}
	if min := len("/") + len(plain.Body) + len(gz.Body) + len(br.Body) + len(zs.Body); bytes < min {
		t.Errorf("cache holds %d bytes for /, less than its four codings' %d", bytes, min)
	}
}
