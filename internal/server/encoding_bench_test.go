package server_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// discard is a ResponseWriter that keeps nothing but its headers.
// discard is a ResponseWriter that keeps nothing, reused across a
// benchmark's requests.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkCachedPage serves the cached home page through the whole
// handler (middleware included) with a few Accept-Encoding values.
func BenchmarkCachedPage(b *testing.B) {
	f := newFixture(b, nil)
	for _, tc := range []struct{ name, accept string }{
		{"identity", ""},
		{"gzip", "gzip"},
		{"browser", "gzip, deflate, br, zstd"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			w := &discard{h: http.Header{}}
			f.srv.ServeHTTP(w, req) // renders and caches
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				f.srv.ServeHTTP(w, req)
			}
		})
	}
}
