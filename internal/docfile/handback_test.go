package docfile

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"sync"
	"testing"
	"time"
)

// frees records the calls of a handBack's free.
type frees struct {
	mu    sync.Mutex
	times []time.Time
	block chan struct{} // when not nil, the first free waits on it
}

func (f *frees) free() {
	f.mu.Lock()
	block := f.block
	f.block = nil
	f.times = append(f.times, time.Now())
	f.mu.Unlock()
	if block != nil {
		<-block
	}
}

func (f *frees) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.times)
}

// waitCount waits up to within for n frees.
func (f *frees) waitCount(t *testing.T, n int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for f.count() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d frees after %s, want %d", f.count(), within, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The first hand-back runs at once on the caller's goroutine; those
// asked for within the interval after it make one more, at the end of
// the interval, and no other.
func TestHandBackAtMostOncePerInterval(t *testing.T) {
	const every = 200 * time.Millisecond
	var f frees
	h := newHandBack(every, f.free)
	h.request()
	if n := f.count(); n != 1 {
		t.Fatalf("after the first request: %d frees, want 1 at once", n)
	}
	for range 20 {
		h.request()
	}
	if n := f.count(); n != 1 {
		t.Fatalf("after 20 more requests within the interval: %d frees, want still 1", n)
	}
	f.waitCount(t, 2, 10*every)
	time.Sleep(3 * every)
	if n := f.count(); n != 2 {
		t.Fatalf("%d frees for 21 requests within one interval, want 2", n)
	}
	if gap := f.times[1].Sub(f.times[0]); gap < every {
		t.Errorf("the second free came %s after the first, want at least %s", gap, every)
	}
	// Once the interval has passed, a request frees at once again.
	h.request()
	if n := f.count(); n != 3 {
		t.Errorf("a request an interval after the last free: %d frees, want 3 at once", n)
	}
}

// A hand-back that took d keeps the next one handBackShare × d away.
func TestHandBackTakesAShareOfTheTime(t *testing.T) {
	const every, took = 10 * time.Millisecond, 40 * time.Millisecond
	var f frees
	slow := func() { f.free(); time.Sleep(took) }
	h := newHandBack(every, slow)
	h.request()
	h.request()
	f.waitCount(t, 2, 2*handBackShare*took)
	// The first began at times[0] and ended took later at the soonest.
	if gap, want := f.times[1].Sub(f.times[0]), took+handBackShare*took; gap < want {
		t.Errorf("the second free began %s after the first, want at least %s", gap, want)
	}
}

// A request while a free is under way (its garbage may have come after
// the collection began) gets a free of its own, an interval later.
func TestHandBackRequestDuringAFree(t *testing.T) {
	const every = 100 * time.Millisecond
	block := make(chan struct{})
	f := frees{block: block}
	h := newHandBack(every, f.free)
	done := make(chan struct{})
	go func() { h.request(); close(done) }()
	f.waitCount(t, 1, time.Second)
	h.request() // returns at once: the free is under way
	close(block)
	<-done
	f.waitCount(t, 2, 10*every)
	time.Sleep(3 * every)
	if n := f.count(); n != 2 {
		t.Errorf("%d frees, want 2", n)
	}
}

// Check hands the memory back after decoding an image above freeAfter,
// not after a small one.
func TestCheckHandsBackAfterLargeDecodes(t *testing.T) {
	var f frees
	old := handBacks
	handBacks = newHandBack(time.Hour, f.free)
	t.Cleanup(func() { handBacks = old })

	dir := t.TempDir()
	check := func(data []byte) {
		t.Helper()
		c, err := Check(context.Background(), Certification, "scan.jpg", bytes.NewReader(data), dir)
		if err != nil {
			t.Fatal(err)
		}
		c.Remove()
	}
	check(pageJPEG(t, 600, 800))
	if n := f.count(); n != 0 {
		t.Fatalf("after a 600 × 800 photo: %d frees, want none", n)
	}
	// 4800 × 4800 pixels of 4:2:0 YCbCr decode to 35 MB.
	check(pageJPEG(t, 4800, 4800))
	if n := f.count(); n != 1 {
		t.Errorf("after a 4800 × 4800 scan: %d frees, want 1", n)
	}
}

// pageJPEG is a w × h colour JPEG of a page with lines of dark words:
// an ordinary scan, whose pixels weigh far less than MaxExpansion times
// its bytes.
func pageJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := uint8(236 + (x+y)*12/(w+h))
			img.SetRGBA(x, y, color.RGBA{v, v, v - 6, 255})
		}
	}
	ink := color.RGBA{30, 30, 60, 255}
	for y := 20; y+26 < h; y += 64 {
		for x, i := 20, 0; x < w-20; i++ {
			word := 20 + (i*37+y)%120
			for yy := y; yy < y+26; yy++ {
				for xx := x; xx < min(x+word, w); xx++ {
					img.SetRGBA(xx, yy, ink)
				}
			}
			x += word + 18
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
