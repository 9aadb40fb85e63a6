package docfile

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// takeBudget replaces the decode budget with one of total bytes for the
// test; tests that use it do not run in parallel.
func takeBudget(t *testing.T, total int64, queue int) *memBudget {
	t.Helper()
	old := decodeBudget
	b := newMemBudget(total, queue)
	decodeBudget = b
	t.Cleanup(func() { decodeBudget = old })
	return b
}

func smallPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodeWaitHonoursContext: with the decode budget spent, an image
// upload waits, gives up when its context ends and leaves nothing behind;
// once the budget frees up, it goes through.
func TestDecodeWaitHonoursContext(t *testing.T) {
	data := smallPNG(t)
	b := takeBudget(t, 8<<20, 4)
	if err := b.acquire(context.Background(), 8<<20, time.Second); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := Check(ctx, IDDocument, "id.png", bytes.NewReader(data), dir)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("with the budget spent: got %v, want context.DeadlineExceeded", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left behind", len(ents))
	}

	done := make(chan error, 1)
	go func() {
		c, err := Check(context.Background(), IDDocument, "id.png", bytes.NewReader(data), dir)
		if err == nil {
			c.Remove()
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("decoded without room in the budget: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	b.release(8 << 20)
	if err := <-done; err != nil {
		t.Errorf("after the budget freed up: %v", err)
	}
	if b.used != 0 || len(b.waiters) != 0 {
		t.Errorf("budget after the decode: %d bytes used, %d waiting; want none", b.used, len(b.waiters))
	}
}

// TestDecodeBusy: an image that finds no room within decodeWait is
// refused as busy, with a time to come back, and leaves nothing behind.
func TestDecodeBusy(t *testing.T) {
	defer func(d time.Duration) { decodeWait = d }(decodeWait)
	decodeWait = 30 * time.Millisecond
	b := takeBudget(t, 8<<20, 4)
	if err := b.acquire(context.Background(), 8<<20, time.Second); err != nil {
		t.Fatal(err)
	}
	defer b.release(8 << 20)
	dir := t.TempDir()
	start := time.Now()
	_, err := Check(context.Background(), Certification, "cert.png", bytes.NewReader(smallPNG(t)), dir)
	var refused *domain.Refused
	if !errors.As(err, &refused) || refused.Err.Code != domain.EBusy || refused.Retry != BusyRetry {
		t.Fatalf("got %v, want a *domain.Refused of code busy with Retry %s", err, BusyRetry)
	}
	const want = "We are checking many pictures right now, so the certification document could not be checked. Please send it again in a minute."
	if refused.Err.Message != want {
		t.Errorf("message %q, want %q", refused.Err.Message, want)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("refused after %s; the wait is bounded by %s", took, decodeWait)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left behind", len(ents))
	}
	if len(b.waiters) != 0 {
		t.Errorf("%d waiters left in the queue", len(b.waiters))
	}
}

// queueWatch makes b tell on the returned channel the size of each
// reservation that joins its queue.
func queueWatch(b *memBudget) <-chan int64 {
	ch := make(chan int64, 64)
	b.queued = func(n int64) { ch <- n }
	return ch
}

// acquireAsync acquires n bytes of b on a goroutine of its own and sends
// the result on the returned channel.
func acquireAsync(b *memBudget, n int64) <-chan error {
	done := make(chan error, 1)
	go func() { done <- b.acquire(context.Background(), n, time.Minute) }()
	return done
}

func expectQueued(t *testing.T, q <-chan int64, n int64) {
	t.Helper()
	select {
	case got := <-q:
		if got != n {
			t.Fatalf("%d bytes joined the queue, want %d", got, n)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%d bytes never joined the queue", n)
	}
}

func expectGranted(t *testing.T, done <-chan error, what string) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: never granted", what)
	}
}

func (b *memBudget) state() (used int64, waiting int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used, len(b.waiters)
}

// A small reservation that fits in what is left goes ahead of a large
// one that waits; a large one that fits does not: it keeps its turn.
func TestMemBudgetSmallPasses(t *testing.T) {
	b := newMemBudget(100, 4)
	b.small = 10
	q := queueWatch(b)
	ctx := context.Background()
	if err := b.acquire(ctx, 60, 0); err != nil {
		t.Fatal(err)
	}
	large := acquireAsync(b, 50)
	expectQueued(t, q, 50)

	// 10 fits beside the 60 held: granted at once, without queueing (a
	// wait of 0 would refuse it as busy otherwise).
	if err := b.acquire(ctx, 10, 0); err != nil {
		t.Fatalf("a small reservation that fits, behind a large one: %v, want it granted at once", err)
	}
	if used, waiting := b.state(); used != 70 || waiting != 1 {
		t.Errorf("after the small one passed: %d used, %d waiting; want 70 and 1", used, waiting)
	}
	// 30 fits too, but is not small: it queues behind 50 and, within no
	// wait, is refused.
	if err := b.acquire(ctx, 30, 0); !errors.Is(err, errBudgetBusy{}) {
		t.Errorf("a large reservation behind a large one: %v, want busy", err)
	}
	expectQueued(t, q, 30)
	// Small ones pass while they fit; one that does not fit waits, and
	// is granted once it fits.
	for range 3 {
		if err := b.acquire(ctx, 10, 0); err != nil {
			t.Fatalf("a small reservation that fits: %v", err)
		}
	}
	small := acquireAsync(b, 10)
	expectQueued(t, q, 10)
	b.release(60)
	expectGranted(t, large, "the large reservation once the 60 bytes were released")
	expectGranted(t, small, "the small one behind it")
	if used, waiting := b.state(); used != 100 || waiting != 0 {
		t.Errorf("%d used, %d waiting; want 100 and 0", used, waiting)
	}
	b.release(50)
	for range 5 {
		b.release(10)
	}
	if used, _ := b.state(); used != 0 {
		t.Errorf("%d bytes still used", used)
	}
}

// A stream of small reservations does not starve a large one: after
// maxPasses have gone ahead of it, small ones queue behind it although
// they fit, and it is granted first once the memory is given back.
func TestMemBudgetLargeNotStarved(t *testing.T) {
	b := newMemBudget(100, 8)
	b.small, b.maxPasses = 20, 3
	q := queueWatch(b)
	ctx := context.Background()
	if err := b.acquire(ctx, 60, 0); err != nil {
		t.Fatal(err)
	}
	large := acquireAsync(b, 95)
	expectQueued(t, q, 95)
	for i := range 3 {
		if err := b.acquire(ctx, 10, 0); err != nil {
			t.Fatalf("small reservation %d: %v, want it to go ahead", i+1, err)
		}
		b.release(10)
	}
	// The fourth fits (60 + 10) but may not pass any more.
	fourth := acquireAsync(b, 10)
	expectQueued(t, q, 10)
	if used, waiting := b.state(); used != 60 || waiting != 2 {
		t.Fatalf("after three passes: %d used, %d waiting; want 60 and 2", used, waiting)
	}
	b.release(60)
	expectGranted(t, large, "the large reservation")
	// 95 + 10 does not fit: the small one waits for the large one.
	if used, waiting := b.state(); used != 95 || waiting != 1 {
		t.Errorf("once the large one is granted: %d used, %d waiting; want 95 and 1", used, waiting)
	}
	select {
	case err := <-fourth:
		t.Fatalf("the fourth small reservation went ahead: %v", err)
	default:
	}
	b.release(95)
	expectGranted(t, fourth, "the fourth small reservation")
	b.release(10)

	// Passes count per first in line: the next large one may be passed
	// maxPasses times again.
	if err := b.acquire(ctx, 60, 0); err != nil {
		t.Fatal(err)
	}
	next := acquireAsync(b, 50)
	expectQueued(t, q, 50)
	if err := b.acquire(ctx, 10, 0); err != nil {
		t.Errorf("a small one past the next large one: %v", err)
	}
	b.release(10)
	b.release(60)
	expectGranted(t, next, "the next large reservation")
	b.release(50)
}

// The queue is bounded, a waiter that gives up leaves nothing behind,
// and a reservation larger than the budget takes the whole budget.
func TestMemBudgetQueueBound(t *testing.T) {
	b := newMemBudget(100, 2)
	q := queueWatch(b)
	ctx := context.Background()
	if err := b.acquire(ctx, 100, 0); err != nil {
		t.Fatal(err)
	}
	w1, w2 := acquireAsync(b, 50), acquireAsync(b, 10)
	<-q
	<-q
	t0 := time.Now()
	if err := b.acquire(ctx, 1, 5*time.Second); !errors.Is(err, errBudgetBusy{}) {
		t.Errorf("with the queue full: %v, want busy", err)
	} else if time.Since(t0) > time.Second {
		t.Error("a full queue made the caller wait")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	b.mu.Lock()
	b.maxQueue = 3
	b.mu.Unlock()
	if err := b.acquire(cctx, 5, time.Minute); !errors.Is(err, context.Canceled) {
		t.Errorf("with its context ended: %v, want context.Canceled", err)
	}
	<-q
	b.release(100)
	expectGranted(t, w1, "50")
	expectGranted(t, w2, "10")
	b.release(50)
	b.release(10)
	if used, waiting := b.state(); used != 0 || waiting != 0 {
		t.Errorf("%d bytes used, %d waiting; want none", used, waiting)
	}
	if err := b.acquire(ctx, 1000, 0); err != nil {
		t.Errorf("oversized acquire: %v", err)
	}
	if used, _ := b.state(); used != 100 {
		t.Errorf("oversized acquire holds %d, want the whole 100", used)
	}
	b.release(1000)
	if used, _ := b.state(); used != 0 {
		t.Errorf("%d bytes used after releasing the oversized one", used)
	}
}

// Under many goroutines of mixed sizes the memory held never exceeds the
// total, and a large reservation amid a stream of small ones is granted.
func TestMemBudgetNeverExceeded(t *testing.T) {
	const total = 1000
	b := newMemBudget(total, 16)
	b.small, b.maxPasses = 100, 4
	var held, peak atomic.Int64
	hold := func(n int64) {
		if h := held.Add(n); h > total {
			t.Errorf("%d bytes held at once, over the total of %d", h, total)
		} else {
			for p := peak.Load(); h > p && !peak.CompareAndSwap(p, h); p = peak.Load() {
			}
		}
		runtime.Gosched()
		held.Add(-n)
		b.release(n)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := 1 + rng.Int64N(100)
				if g%4 == 0 {
					n = 100 + rng.Int64N(600) // large ones too
				}
				if err := b.acquire(context.Background(), n, time.Minute); err != nil {
					if !errors.Is(err, errBudgetBusy{}) {
						t.Errorf("acquire %d: %v", n, err)
					}
					runtime.Gosched()
					continue
				}
				hold(n)
			}
		})
	}
	for range 20 {
		var err error
		for {
			// A full queue refuses at once; the large one tries again.
			if err = b.acquire(context.Background(), 900, time.Minute); !errors.Is(err, errBudgetBusy{}) {
				break
			}
			runtime.Gosched()
		}
		if err != nil {
			t.Fatalf("the large reservation: %v", err)
		}
		hold(900)
	}
	close(stop)
	wg.Wait()
	if used, waiting := b.state(); used != 0 || waiting != 0 || b.holders != 0 {
		t.Errorf("%d bytes used by %d, %d waiting after all were released; want none", used, b.holders, waiting)
	}
	t.Logf("peak held: %d of %d", peak.Load(), total)
}

// ReadDecodeStats tells the decodes under way, those waiting and the
// bytes reserved.
func TestReadDecodeStats(t *testing.T) {
	b := takeBudget(t, 100, 4)
	q := queueWatch(b)
	for _, n := range []int64{30, 40} {
		if err := b.acquire(context.Background(), n, 0); err != nil {
			t.Fatal(err)
		}
	}
	waiter := acquireAsync(b, 50)
	expectQueued(t, q, 50)
	if got, want := ReadDecodeStats(), (DecodeStats{Decoding: 2, Waiting: 1, Reserved: 70}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	b.release(30)
	expectGranted(t, waiter, "50")
	if got, want := ReadDecodeStats(), (DecodeStats{Decoding: 2, Waiting: 0, Reserved: 90}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	b.release(40)
	b.release(50)
	if got := ReadDecodeStats(); got != (DecodeStats{}) {
		t.Errorf("after all were released: %+v, want zeros", got)
	}
}
