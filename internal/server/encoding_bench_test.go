package server_test

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"corpsite/internal/server"
)

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

// BenchmarkCachedPageHTTP serves the cached home page over loopback TCP,
// one request at a time on one kept-alive connection, as net/http alone
// serves it and as the fast lane does: the whole server's cost per request
// (the client's reads included; they allocate nothing).
func BenchmarkCachedPageHTTP(b *testing.B) {
	f := newFixture(b, nil)
	for _, lane := range []bool{false, true} {
		name := "net-http"
		if lane {
			name = "fast-lane"
		}
		b.Run(name, func(b *testing.B) {
			hs := &http.Server{Handler: f.srv, ConnContext: server.ConnContext,
				ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute, WriteTimeout: 30 * time.Second}
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			var sl net.Listener = server.GatherListener(l)
			var fl *server.FastLane
			if lane {
				fl = f.srv.FastLane(l, hs)
				sl = fl
			}
			go func() { _ = hs.Serve(sl) }()
			defer hs.Close()
			c, err := net.Dial("tcp", l.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			req := []byte("GET / HTTP/1.1\r\nHost: site.test\r\n\r\n")
			buf := make([]byte, 256<<10)
			roundTrip := func() {
				if _, err := c.Write(req); err != nil {
					b.Fatal(err)
				}
				n, need := 0, -1
				for need < 0 || n < need {
					m, err := c.Read(buf[n:])
					if err != nil {
						b.Fatal(err)
					}
					n += m
					if need < 0 {
						end := bytes.Index(buf[:n], []byte("\r\n\r\n"))
						if end < 0 {
							continue
						}
						_, v, ok := bytes.Cut(buf[:end], []byte("\r\nContent-Length: "))
						if !ok {
							b.Fatalf("no Content-Length in %q", buf[:end])
						}
						v, _, _ = bytes.Cut(v, []byte("\r\n"))
						length, _ := strconv.Atoi(string(v))
						need = end + 4 + length
					}
				}
			}
			roundTrip() // renders and caches
			b.ReportAllocs()
			for b.Loop() {
				roundTrip()
			}
			if lane && server.FastLaneAnswered(fl) == 0 {
				b.Fatal("the fast lane answered nothing")
			}
		})
	}
}
