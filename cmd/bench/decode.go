package main

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/docfile"
)

// benchDecode measures the image check an application's documents go
// through (docfile.Check, as a certification document) on a 16-bit
// 5600 × 5600 PNG of about 244 KB, which a naive decoder inflates to
// 251 MB: once, then eight at once. It prints the wall time and the
// growth of the resident memory (sampled every 5 ms) and never fails on
// them; a check's answer, accepted or refused, is printed as it is.
func benchDecode() {
	if err := decodeFigures(); err != nil {
		fmt.Fprintln(os.Stderr, "bench: image decoding:", err)
	}
}

func decodeFigures() error {
	const side = 5600
	data, err := png16Bomb(side, side)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "bench-decode-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	check := func(kind docfile.Kind) string {
		c, err := docfile.Check(context.Background(), kind, "certificate.png", bytes.NewReader(data), dir)
		if err != nil {
			msg := err.Error()
			if len(msg) > 90 {
				msg = msg[:90] + "…"
			}
			return "refused: " + msg
		}
		c.Remove()
		return "accepted"
	}
	fmt.Printf("\nA %d-byte 16-bit %d × %d PNG (251 MB decoded) through docfile.Check:\n", len(data), side, side)
	for _, run := range []struct {
		kind docfile.Kind
		n    int
	}{{docfile.Certification, 1}, {docfile.Certification, 8}, {docfile.CoverImage, 1}} {
		n := run.n
		debug.FreeOSMemory()
		grew, took, answers := sampleRSS(func() []string {
			out := make([]string, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() { out[i] = check(run.kind) })
			}
			wg.Wait()
			return out
		})
		fmt.Printf("  as a %s, %d at once: %s, resident memory grew by %d MB at its peak; %s\n",
			run.kind, n, took.Round(time.Millisecond), grew>>20, summarize(answers))
	}
	return scansAtOnce(dir)
}

// scansAtOnce checks eight 24-megapixel scans at once, as certificates,
// and a small photo as an ID document sent photoDelay after them, and
// prints how many decoded at once at most (the decode budget read every
// millisecond), the time of each and the photo's.
func scansAtOnce(dir string) error {
	scan, err := scanJPEG(6000, 4000)
	if err != nil {
		return err
	}
	photo, err := scanJPEG(1200, 1600)
	if err != nil {
		return err
	}
	check := func(kind docfile.Kind, name string, data []byte) string {
		c, err := docfile.Check(context.Background(), kind, name, bytes.NewReader(data), dir)
		if err != nil {
			return "refused: " + err.Error()
		}
		c.Remove()
		return "accepted"
	}
	debug.FreeOSMemory()
	var peak docfile.DecodeStats
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			st := docfile.ReadDecodeStats()
			peak.Decoding = max(peak.Decoding, st.Decoding)
			peak.Waiting = max(peak.Waiting, st.Waiting)
			peak.Reserved = max(peak.Reserved, st.Reserved)
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	answers := make([]string, 8)
	var photoAnswer string
	var photoTook time.Duration
	t0 := time.Now()
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() { answers[i] = check(docfile.Certification, "scan.jpg", scan) })
	}
	wg.Go(func() {
		time.Sleep(photoDelay)
		p0 := time.Now()
		photoAnswer = check(docfile.IDDocument, "id-card.jpg", photo)
		photoTook = time.Since(p0)
	})
	wg.Wait()
	took := time.Since(t0)
	close(stop)
	<-sampled
	fmt.Printf("  eight 24 MP scans (6000 × 4000 JPEG) at once as certificates: %s in %s; at most %d decoding at once (%d MB of the %d MB budget reserved), %d waiting\n",
		summarize(answers), took.Round(time.Millisecond), peak.Decoding, peak.Reserved>>20, docfile.DecodeBudget>>20, peak.Waiting)
	fmt.Printf("    a small photo (1200 × 1600 JPEG) as an ID document sent %s after them: %s in %s\n",
		photoDelay, photoAnswer, photoTook.Round(time.Millisecond))
	return nil
}

// sampleRSS runs fn while sampling the resident set size and returns its
// peak growth over the size before, fn's time and its result.
func sampleRSS(fn func() []string) (grew int64, took time.Duration, out []string) {
	before := rssBytes()
	peak := watchPeak(rssBytes, before)
	t0 := time.Now()
	out = fn()
	took = time.Since(t0)
	return max(peak(), rssBytes()) - before, took, out
}

// watchPeak reads read every 5 ms from now on; the function it returns
// stops the reading and gives the highest value seen, start included.
func watchPeak(read func() int64, start int64) func() int64 {
	var peak atomic.Int64
	peak.Store(start)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if r := read(); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		return peak.Load()
	}
}

// summarize counts equal answers: "8 × refused: …".
func summarize(answers []string) string {
	counts := map[string]int{}
	var order []string
	for _, a := range answers {
		if counts[a] == 0 {
			order = append(order, a)
		}
		counts[a]++
	}
	parts := make([]string, len(order))
	for i, a := range order {
		parts[i] = strconv.Itoa(counts[a]) + " × " + a
	}
	return strings.Join(parts, "; ")
}

// png16Bomb writes a w × h PNG of 16-bit RGBA pixels, all zero, row by row
// through zlib at its best compression, so that neither the pixels nor the
// raw rows are ever held in memory.
func png16Bomb(w, h int) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		var l [4]byte
		binary.BigEndian.PutUint32(l[:], uint32(len(data)))
		b.Write(l[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		b.WriteString(typ)
		b.Write(data)
		binary.BigEndian.PutUint32(l[:], crc.Sum32())
		b.Write(l[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 16, 6 // 16 bits a sample, RGBA
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriterSize(zw, 1<<20)
	row := make([]byte, 1+8*w) // filter byte "none", then the pixels
	for range h {
		if _, err := bw.Write(row); err != nil {
			return nil, err
		}
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes(), nil
}
