package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/andybalholm/brotli"
)

// Bodies compressed with a window fitted to them, and with pooled gzip
// writers, decode to what went in, at every size around the windows' edges.
func TestCompressedBodiesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 1<<10 - 16, 1<<10 - 15, 70 << 10, 1<<18 + 3, 5 << 20} {
		src := make([]byte, n)
		for i := range src {
			src[i] = "abcdefgh <div class=\"x\">"[rng.IntN(24)]
		}
		if w := brotliWindow(n); w < 10 || w > 24 || w < 24 && 1<<w-16 < n || w > 10 && 1<<(w-1)-16 >= n {
			t.Errorf("brotliWindow(%d) = %d, want the smallest window from 10 to 24 that holds it", n, w)
		}
		got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(brotliBytes(src, 5))))
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("brotli of %d bytes: decodes to %d bytes (%v)", n, len(got), err)
		}
		for range 2 { // the second time with a pooled writer
			zr, err := gzip.NewReader(bytes.NewReader(gzipBytes(src, gzip.BestSpeed)))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, src) {
				t.Errorf("gzip of %d bytes: decodes to %d bytes (%v)", n, len(got), err)
			}
		}
	}
}
