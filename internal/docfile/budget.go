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

// Small decodes go ahead of large ones that wait, within a bound. In
// strict arrival order an applicant's photo (a few MB) would wait behind
// scans of 40 MB each for as long as those decode, although it fits in
// the memory they leave. So a reservation of at most smallDecode bytes
// is granted as soon as it fits, even while larger ones wait. So that a
// stream of small ones cannot keep a large one waiting for ever, the
// oldest waiter counts the reservations that went ahead of it: after
// maxPasses none goes ahead any more, and every newcomer queues behind
// it until it is granted, as soon as the memory held is given back. A
// bound by count rather than by time: a large waiter is passed at most
// maxPasses times, which each cost a small decode's time, whatever the
// clock. The total is never exceeded: every grant fits in what is left.
const (
	smallDecode = 16 << 20
	maxPasses   = 8
)

// memBudget is a weighted semaphore: reservations of bytes against a
// total, granted in the order they were asked for, except that small
// ones (at most small bytes) go ahead when they fit, at most maxPasses
// times past the oldest waiter; with a bounded queue.
type memBudget struct {
	mu        sync.Mutex
	total     int64
	used      int64
	holders   int // reservations granted and not released
	waiters   []*budgetWaiter
	maxQueue  int
	small     int64
	maxPasses int
	// queued, when set (by tests), is called with the size of each
	// reservation that joins the queue, once it is in it, outside mu.
	queued func(n int64)
}

type budgetWaiter struct {
	n      int64
	passed int           // reservations granted ahead of it while it was first in line
	ready  chan struct{} // closed when the reservation is granted
}

func newMemBudget(total int64, maxQueue int) *memBudget {
	return &memBudget{total: total, maxQueue: maxQueue, small: smallDecode, maxPasses: maxPasses}
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
	if b.used+n <= b.total && (len(b.waiters) == 0 || b.mayPass(n)) {
		b.used += n
		b.holders++
		if len(b.waiters) > 0 {
			b.waiters[0].passed++
		}
		b.mu.Unlock()
		return nil
	}
	if len(b.waiters) >= b.maxQueue {
		b.mu.Unlock()
		return errBudgetBusy{}
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	b.waiters = append(b.waiters, w)
	queued := b.queued
	b.mu.Unlock()
	if queued != nil {
		queued(n)
	}

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
		b.holders--
		b.grant()
	default:
		for i, x := range b.waiters {
			if x == w {
				b.waiters = append(b.waiters[:i], b.waiters[i+1:]...)
				break
			}
		}
		// Those behind may fit now that this one left.
		b.grant()
	}
	return err
}

// mayPass tells whether a reservation of n bytes may go ahead of the
// first in line, memory permitting; b.mu is held and someone waits.
func (b *memBudget) mayPass(n int64) bool {
	return n <= b.small && b.waiters[0].passed < b.maxPasses
}

// release gives n bytes back (as acquired).
func (b *memBudget) release(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	b.used -= n
	b.holders--
	b.grant()
	b.mu.Unlock()
}

// DecodeStats is a reading of the budget of image decodes.
type DecodeStats struct {
	Decoding int   // images decoding now
	Waiting  int   // images waiting for memory
	Reserved int64 // bytes the decoding ones reserved
}

// ReadDecodeStats reads the process's budget of image decodes.
func ReadDecodeStats() DecodeStats {
	b := decodeBudget
	b.mu.Lock()
	defer b.mu.Unlock()
	return DecodeStats{Decoding: b.holders, Waiting: len(b.waiters), Reserved: b.used}
}

// grant wakes the waiters at the head of the queue that fit, in order,
// then the small ones behind the first that does not fit, while they fit
// and may pass it; b.mu is held.
func (b *memBudget) grant() {
	for len(b.waiters) > 0 && b.used+b.waiters[0].n <= b.total {
		w := b.waiters[0]
		b.waiters = b.waiters[1:]
		b.used += w.n
		b.holders++
		close(w.ready)
	}
	for i := 1; i < len(b.waiters); {
		w := b.waiters[i]
		if !b.mayPass(w.n) {
			if b.waiters[0].passed >= b.maxPasses {
				return
			}
			i++
			continue
		}
		if b.used+w.n > b.total {
			i++
			continue
		}
		b.waiters = append(b.waiters[:i], b.waiters[i+1:]...)
		b.used += w.n
		b.holders++
		b.waiters[0].passed++
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
