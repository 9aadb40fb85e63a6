package docfile

import (
	"context"
	"sync"
	"time"

	"corpsite/internal/domain"
)

// Decoding images is bounded by memory, not by a count: each decode
// reserves what it will take (its estimated cost, see imageCost) from a
// shared budget and waits while the budget is spent. A wait is short: a
// decode that cannot start within decodeWait is refused as busy, which
// the caller tells as 503 with Retry-After, rather than holding its
// request (and its upload slot) for as long as others decode.
const (
	// DecodeBudget is the memory all image decodes may take at once. One
	// image of the largest cost (maxDecodedBytes) fits with room for the
	// small photos most applicants send.
	DecodeBudget = 384 << 20
	// BusyRetry is how long a client refused as busy is asked to wait.
	BusyRetry = 30 * time.Second
	// maxDecodeWaiters bounds the queue of images waiting for the budget;
	// one more is refused as busy at once.
	maxDecodeWaiters = 32
)

// decodeWait is the longest an image waits for its share of the budget;
// a variable so that a test can shorten it.
var decodeWait = 4 * time.Second

// decodeBudget is the process's budget for image decodes. A variable so
// that a test can take it over.
var decodeBudget = newMemBudget(DecodeBudget, maxDecodeWaiters)

// memBudget is a weighted semaphore: reservations of bytes against a
// total, granted in the order they were asked for, with a bounded queue.
type memBudget struct {
	mu       sync.Mutex
	total    int64
	used     int64
	waiters  []*budgetWaiter
	maxQueue int
}

type budgetWaiter struct {
	n     int64
	ready chan struct{} // closed when the reservation is granted
}

func newMemBudget(total int64, maxQueue int) *memBudget {
	return &memBudget{total: total, maxQueue: maxQueue}
}

// errBudgetBusy: no room within the wait, or the queue is full.
type errBudgetBusy struct{}

func (errBudgetBusy) Error() string { return "docfile: decode budget busy" }

// acquire reserves n bytes (at most the total), waiting at most wait. It
// returns ctx.Err() when ctx ends first and errBudgetBusy when the wait
// runs out or too many wait already.
func (b *memBudget) acquire(ctx context.Context, n int64, wait time.Duration) error {
	n = min(n, b.total)
	b.mu.Lock()
	if len(b.waiters) == 0 && b.used+n <= b.total {
		b.used += n
		b.mu.Unlock()
		return nil
	}
	if len(b.waiters) >= b.maxQueue {
		b.mu.Unlock()
		return errBudgetBusy{}
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	b.waiters = append(b.waiters, w)
	b.mu.Unlock()

	timer := time.NewTimer(wait)
	defer timer.Stop()
	var err error
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-timer.C:
		err = errBudgetBusy{}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready:
		// Granted while giving up: hand it back.
		b.used -= n
		b.grant()
	default:
		for i, x := range b.waiters {
			if x == w {
				b.waiters = append(b.waiters[:i], b.waiters[i+1:]...)
				break
			}
		}
		// The first in line may fit now that this one left.
		b.grant()
	}
	return err
}

// release gives n bytes back (as acquired).
func (b *memBudget) release(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	b.used -= n
	b.grant()
	b.mu.Unlock()
}

// grant wakes the waiters at the head of the queue that fit, in order;
// b.mu is held.
func (b *memBudget) grant() {
	for len(b.waiters) > 0 && b.used+b.waiters[0].n <= b.total {
		w := b.waiters[0]
		b.waiters = b.waiters[1:]
		b.used += w.n
		close(w.ready)
	}
}

// busy is the refusal of an image that found no room to be decoded: the
// server is at capacity, and the visitor is told to try again later.
func busy(ki kindInfo) error {
	return &domain.Refused{
		Err: domain.Errorf(domain.EBusy, "We are checking many pictures right now, so the %s could not be checked. Please send it again in a minute.",
			ki.label),
		Retry: BusyRetry,
	}
}
