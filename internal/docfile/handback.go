package docfile

import (
	"runtime/debug"
	"sync"
	"time"
)

// Memory handed back after large decodes: once written, a decoded image
// is garbage, and the heap would keep its pages for whatever comes next,
// so that the process stayed at its peak. Handing them back forces a
// garbage collection, so it takes at most a handBackShare-th of the
// time: after a hand-back that took d, the next waits handBackShare × d
// (at least handBackEvery). A large decode that ends sooner asks for
// one at the end of that wait, which serves every decode that ends
// meanwhile. A client sending large images in a loop thus costs at most
// a tenth of a core in collections, and the memory is back shortly after
// the last decode.
const (
	handBackEvery = 100 * time.Millisecond
	handBackShare = 10
)

// handBacks is the process's hand-back of memory. A variable so that a
// test can take it over.
var handBacks = newHandBack(handBackEvery, debug.FreeOSMemory)

// handBack runs free (debug.FreeOSMemory) at most a handBackShare-th of
// the time, and at most once per every.
type handBack struct {
	mu    sync.Mutex
	every time.Duration
	free  func()
	next  time.Time // the earliest the next free may start
	// scheduled: a free is to start at next and will serve any call
	// until it starts. running: a free is under way; again: a call came
	// meanwhile, whose garbage the running free may not have seen.
	scheduled, running, again bool
}

func newHandBack(every time.Duration, free func()) *handBack {
	return &handBack{every: every, free: free}
}

// request hands the free memory back now, on the caller's goroutine,
// when the wait after the last time is over; otherwise it makes sure one
// follows when it is.
func (h *handBack) request() {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.scheduled:
	case h.running:
		h.again = true
	case !time.Now().Before(h.next):
		h.runLocked()
	default:
		h.scheduleLocked(time.Until(h.next))
	}
}

// runLocked frees with h.mu released around it, then schedules the
// next if a call came meanwhile; h.mu is held.
func (h *handBack) runLocked() {
	h.running = true
	h.mu.Unlock()
	start := time.Now()
	h.free()
	took := time.Since(start)
	h.mu.Lock()
	h.running = false
	h.next = time.Now().Add(max(h.every, handBackShare*took))
	if h.again {
		h.again = false
		h.scheduleLocked(time.Until(h.next))
	}
}

// scheduleLocked frees after d on a goroutine of its own; h.mu is held.
func (h *handBack) scheduleLocked(d time.Duration) {
	h.scheduled = true
	time.AfterFunc(d, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.scheduled = false
		h.runLocked()
	})
}
