package docfile

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"sync"
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

// TestMemBudget: reservations are granted in order (a large one is not
// overtaken by a small one behind it that would fit), the queue is bounded, and nothing is
// lost when a waiter gives up.
func TestMemBudget(t *testing.T) {
	b := newMemBudget(100, 2)
	ctx := context.Background()
	if err := b.acquire(ctx, 60, 0); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int64
	var wg sync.WaitGroup
	for _, n := range []int64{50, 10} {
		wg.Go(func() {
			if err := b.acquire(ctx, n, 5*time.Second); err != nil {
				t.Errorf("acquire %d: %v", n, err)
				return
			}
			mu.Lock()
			order = append(order, n)
			mu.Unlock()
			b.release(n)
		})
		// Queue them in this order.
		for deadline := time.Now().Add(5 * time.Second); ; {
			b.mu.Lock()
			queued := len(b.waiters)
			b.mu.Unlock()
			if queued > 0 && int64(queued) == map[int64]int64{50: 1, 10: 2}[n] || time.Now().After(deadline) {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	// 10 would fit beside the 60 held, but 50 asked first.
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	if len(order) != 0 {
		t.Errorf("granted %v while the 60 bytes are held; want none (50 is first in line and does not fit)", order)
	}
	mu.Unlock()
	// Two wait: a third is refused at once.
	t0 := time.Now()
	if err := b.acquire(ctx, 1, 5*time.Second); !errors.Is(err, errBudgetBusy{}) {
		t.Errorf("with the queue full: %v, want busy", err)
	} else if time.Since(t0) > time.Second {
		t.Error("a full queue made the caller wait")
	}
	b.release(60)
	wg.Wait()
	if len(order) != 2 {
		t.Errorf("granted %v once the 60 bytes were released, want both", order)
	}
	if b.used != 0 {
		t.Errorf("%d bytes still used", b.used)
	}
	// A request larger than the whole budget takes the whole budget.
	if err := b.acquire(ctx, 1000, 0); err != nil || b.used != 100 {
		t.Errorf("oversized acquire: %v, used %d", err, b.used)
	}
	b.release(1000)
	if b.used != 0 {
		t.Errorf("%d bytes used after releasing the oversized one", b.used)
	}
}
