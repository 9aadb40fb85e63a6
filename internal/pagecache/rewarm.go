package pagecache

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// MaxRewarmPages bounds the pages checked again in the background after
// a content change: the most recently used ones that were cached.
const MaxRewarmPages = 256

// maxStaleServe bounds how long, after a content change, visitors may be
// served a page from before it while the rewarmer works through the
// pages: past it (the rewarmer stuck behind busy engines, or changes
// coming faster than it gets through them) a request checks its own page.
const maxStaleServe = 3 * time.Second

// MaxWriteWait bounds how long a request that changed content waits for
// the rewarmer to bring the pages up to its change.
const MaxWriteWait = 5 * time.Second

// refreshingKey marks the rewarmer's own requests.
type refreshingKey struct{}

// Refreshing says whether ctx is one of the rewarmer's requests, which
// check their page rather than take a stale one.
func Refreshing(ctx context.Context) bool { return ctx.Value(refreshingKey{}) != nil }

// warmKey is the rewarmer's stand-in for the site's known pages (Known):
// it expands to them when the rewarmer comes to it, so that pages new
// with a change (a job just published) are rendered before anyone asks
// for them.
const warmKey = "\x00warm"

// Rewarmer brings the cached pages up to a new content version, one page
// at a time, on one goroutine: each page's data is loaded again, and only
// a page whose data changed is rendered again (Refresh); the others are
// kept. A newer change replaces the pages still to do with the whole list
// again. It also renders again a known page found past the moment its
// content changes by time alone (a job it shows closed). While it works
// (for at most maxStaleServe), visitors are served the known pages as
// they were. It does nothing until Begin gave it the server's lifetime.
type Rewarmer struct {
	// Refresh checks the page of key again, rendering it when its data
	// changed, on ctx (which Refreshing recognises); it reports whether
	// the page could be had (no server error).
	Refresh func(ctx context.Context, key string) bool
	// Known lists the site's known pages, to be brought up to a new
	// version after the cached ones.
	Known func(ctx context.Context) []string
	// Log gets a line per pass.
	Log *slog.Logger

	mu      sync.Mutex
	ctx     context.Context // nil until Begin
	pending []string        // cache keys (and warmKey)
	target  int64           // the version pending leads to
	done    int64           // the newest version every page was brought up to
	running bool
	stopped bool          // StopRewarm was called: never start again
	since   time.Time     // when the goroutine last started from idle
	moved   chan struct{} // closed (and replaced) when done moves or running ends
	wg      sync.WaitGroup
}

// Stop keeps the rewarmer from starting again and waits until it has
// stopped: at once when the context given to Begin has ended, since it
// stops between pages then.
func (w *Rewarmer) Stop() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.wg.Wait()
}

// Idle waits until the rewarmer has finished its pass, if any.
func (w *Rewarmer) Idle() { w.wg.Wait() }

// Begin gives the rewarmer the server's lifetime: it works until ctx ends.
func (w *Rewarmer) Begin(ctx context.Context) {
	w.mu.Lock()
	w.ctx = ctx
	w.mu.Unlock()
}

// Queue has the rewarmer bring the pages of keys, and then the known
// pages, up to version.
func (w *Rewarmer) Queue(version int64, keys []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ctx == nil || w.ctx.Err() != nil || w.stopped || version <= w.target {
		return
	}
	w.target = version
	w.pending = append([]string{warmKey}, keys...)
	if !w.running {
		w.start()
	}
}

// start starts the goroutine; w.mu is held.
func (w *Rewarmer) start() {
	w.running = true
	w.since = time.Now()
	w.wg.Add(1)
	go w.run()
}

// Covers says whether the rewarmer brings the stale page of key up to
// date in a moment, so that a visitor may have it as it is meanwhile: it
// is working towards version (or a newer one), or, when the page expired,
// it takes key on now; either way for no longer than maxStaleServe.
func (w *Rewarmer) Covers(key string, version int64, expired bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ctx == nil || w.ctx.Err() != nil || w.stopped {
		return false
	}
	if w.running && time.Since(w.since) >= maxStaleServe {
		return false
	}
	if !expired {
		return w.running && w.target >= version
	}
	if !slices.Contains(w.pending, key) {
		w.pending = append(w.pending, key)
	}
	if !w.running {
		w.start()
	}
	return true
}

// Wait returns when the pages are up to version, the rewarmer stopped, or
// ctx ends.
func (w *Rewarmer) Wait(ctx context.Context, version int64) {
	for {
		w.mu.Lock()
		if !w.running || w.done >= version {
			w.mu.Unlock()
			return
		}
		if w.moved == nil {
			w.moved = make(chan struct{})
		}
		moved := w.moved
		w.mu.Unlock()
		select {
		case <-moved:
		case <-ctx.Done():
			return
		}
	}
}

// signal wakes the waiters; w.mu is held.
func (w *Rewarmer) signal() {
	if w.moved != nil {
		close(w.moved)
		w.moved = nil
	}
}

func (w *Rewarmer) run() {
	defer w.wg.Done()
	start := time.Now()
	checked := 0
	for {
		w.mu.Lock()
		if len(w.pending) == 0 || w.ctx.Err() != nil {
			if w.ctx.Err() == nil {
				w.done = w.target
			}
			w.running = false
			w.pending = nil
			w.signal()
			w.mu.Unlock()
			w.Log.Info("re-warm done", "pages", checked, "duration_ms", time.Since(start).Milliseconds())
			return
		}
		key, ctx := w.pending[0], w.ctx
		w.pending = w.pending[1:]
		w.mu.Unlock()

		if key == warmKey {
			w.add(w.Known(ctx))
			continue
		}
		if w.Refresh(context.WithValue(ctx, refreshingKey{}, true), key) {
			checked++
		}
	}
}

// add appends the urls not pending yet.
func (w *Rewarmer) add(urls []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	have := make(map[string]bool, len(w.pending))
	for _, k := range w.pending {
		have[k] = true
	}
	for _, u := range urls {
		if !have[u] {
			have[u] = true
			w.pending = append(w.pending, u)
		}
	}
}
