package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"time"
)

// maxRewarmPages bounds the pages checked again in the background after
// a content change: the most recently used ones that were cached.
const maxRewarmPages = 256

// maxStaleServe bounds how long, after a content change, visitors may be
// served a page from before it while the rewarmer works through the
// pages: past it (the rewarmer stuck behind busy engines, or changes
// coming faster than it gets through them) a request checks its own page.
const maxStaleServe = 3 * time.Second

// maxWriteWait bounds how long a request that changed content waits for
// the rewarmer to bring the pages up to its change.
const maxWriteWait = 5 * time.Second

// warmKey is the rewarmer's stand-in for the pages Warm renders (the
// site's fixed pages, open jobs, the newest posts): it expands to them
// when the rewarmer comes to it, so that pages new with a change (a job
// just published) are rendered before anyone asks for them.
const warmKey = "\x00warm"

// Warm renders the error screen and the site's known pages into the cache,
// so the first visitor after start-up is served from memory. From then on,
// until ctx ends, each content change has the cached pages checked again
// in the background (see rewarmer). It returns the number of pages
// rendered.
func (s *Server) Warm(ctx context.Context) int {
	s.rewarm.begin(ctx)
	s.errorPage(ctx)
	urls := s.warmURLs(ctx)
	start := time.Now()
	n := 0
	for _, u := range urls {
		if ctx.Err() != nil {
			break
		}
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code < 500 {
			n++
		}
	}
	s.log.Info("warm-up done", "pages", n, "duration_ms", time.Since(start).Milliseconds())
	return n
}

// warmURLs lists the site's known pages: the fixed ones, every open job's
// page and form, and the posts of the blog list's first page (the newest,
// the most read).
func (s *Server) warmURLs(ctx context.Context) []string {
	var urls []string
	for _, p := range pageRoutes {
		if p.fixed() {
			urls = append(urls, p.path)
		}
	}
	if jobs, err := s.publicJobs(ctx); err == nil {
		for _, j := range jobs {
			urls = append(urls, "/job/"+j.ID, "/apply/"+j.ID)
		}
	} else if ctx.Err() == nil {
		s.log.Warn("warm-up: listing jobs failed", "err", err)
	}
	if list, err := s.blogList(ctx, 1); err == nil {
		for _, p := range list.Posts {
			urls = append(urls, blogPagePath+"/"+p.ID)
		}
	} else if ctx.Err() == nil {
		s.log.Warn("warm-up: listing posts failed", "err", err)
	}
	return urls
}

// noticeVersion makes version the cache's newest when it moved on, which
// leaves the cached pages stale, and has the rewarmer bring them up to it.
func (s *Server) noticeVersion(version int64) {
	if keys, moved := s.cache.advance(version, maxRewarmPages); moved {
		s.rewarm.queue(s, version, keys)
	}
}

// contentChanged is called by a request that changed what public pages
// show, once the change is stored: it has this instance look at the
// content version now rather than after versionCache's TTL, and waits
// (within maxWriteWait) until the rewarmer has brought the pages up to
// it. So the writer's next page shows the change, and no visitor's
// request waits on a render for it.
func (s *Server) contentChanged(ctx context.Context) {
	s.versions.invalidate()
	version, err := s.versions.get(ctx)
	if err != nil {
		return // the next page request looks again
	}
	s.noticeVersion(version)
	ctx, cancel := context.WithTimeout(ctx, maxWriteWait)
	defer cancel()
	s.rewarm.wait(ctx, version)
}

// refreshingKey marks the rewarmer's own requests.
type refreshingKey struct{}

// refreshing says whether ctx is one of the rewarmer's requests, which
// check their page rather than take a stale one.
func refreshing(ctx context.Context) bool { return ctx.Value(refreshingKey{}) != nil }

// rewarmer brings the cached pages up to a new content version, one page
// at a time, on one goroutine: each page's data is loaded again, and only
// a page whose data changed is rendered again (buildPage); the others are
// kept. A newer change replaces the pages still to do with the whole list
// again. It also renders again a known page found past the moment its
// content changes by time alone (a job it shows closed). While it works
// (for at most maxStaleServe), visitors are served the known pages as
// they were. It does nothing until Warm gave it the server's lifetime.
type rewarmer struct {
	mu      sync.Mutex
	ctx     context.Context // nil until Warm
	pending []string        // cache keys (and warmKey)
	target  int64           // the version pending leads to
	done    int64           // the newest version every page was brought up to
	running bool
	stopped bool          // StopRewarm was called: never start again
	since   time.Time     // when the goroutine last started from idle
	moved   chan struct{} // closed (and replaced) when done moves or running ends
	wg      sync.WaitGroup
}

// StopRewarm keeps the rewarmer from starting again and waits until it
// has stopped: at once when the context given to Warm has ended, since it
// stops between pages then.
func (s *Server) StopRewarm() {
	w := &s.rewarm
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.wg.Wait()
}

func (w *rewarmer) begin(ctx context.Context) {
	w.mu.Lock()
	w.ctx = ctx
	w.mu.Unlock()
}

func (w *rewarmer) queue(s *Server, version int64, keys []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ctx == nil || w.ctx.Err() != nil || w.stopped || version <= w.target {
		return
	}
	w.target = version
	w.pending = append([]string{warmKey}, keys...)
	if !w.running {
		w.start(s)
	}
}

// start starts the goroutine; w.mu is held.
func (w *rewarmer) start(s *Server) {
	w.running = true
	w.since = time.Now()
	w.wg.Add(1)
	go w.run(s)
}

// covers says whether the rewarmer brings the stale page of key up to
// date in a moment, so that a visitor may have it as it is meanwhile: it
// is working towards version (or a newer one), or, when the page expired,
// it takes key on now; either way for no longer than maxStaleServe.
func (w *rewarmer) covers(s *Server, key string, version int64, expired bool) bool {
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
		w.start(s)
	}
	return true
}

// wait returns when the pages are up to version, the rewarmer stopped, or
// ctx ends.
func (w *rewarmer) wait(ctx context.Context, version int64) {
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
func (w *rewarmer) signal() {
	if w.moved != nil {
		close(w.moved)
		w.moved = nil
	}
}

func (w *rewarmer) run(s *Server) {
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
			s.log.Info("re-warm done", "pages", checked, "duration_ms", time.Since(start).Milliseconds())
			return
		}
		key, ctx := w.pending[0], w.ctx
		w.pending = w.pending[1:]
		w.mu.Unlock()

		if key == warmKey {
			w.add(s.warmURLs(ctx))
			continue
		}
		path := key
		if key == notFoundKey {
			path = notFoundRenderPath
		}
		req, err := http.NewRequestWithContext(context.WithValue(ctx, refreshingKey{}, true), http.MethodGet, "/", nil)
		if err != nil {
			continue
		}
		req.URL.Path = path
		req.RequestURI = path
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code < 500 {
			checked++
		}
	}
}

// add appends the urls not pending yet.
func (w *rewarmer) add(urls []string) {
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
