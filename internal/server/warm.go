package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// maxRewarmPages bounds the pages rendered again in the background after
// a content change: the most recently used ones that were cached.
const maxRewarmPages = 256

// Warm renders the error screen and the site's known pages into the cache,
// so the first visitor after start-up is served from memory. From then on,
// until ctx ends, each content change has the pages that were cached
// rendered again in the background, one at a time. It returns the number
// of pages rendered.
func (s *Server) Warm(ctx context.Context) int {
	s.rewarm.begin(ctx)
	s.errorPage(ctx)
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
	} else {
		s.log.Warn("warm-up: listing jobs failed", "err", err)
	}
	// The posts of the list's first page: the newest, the most read.
	if list, err := s.blogList(ctx, 1); err == nil {
		for _, p := range list.Posts {
			urls = append(urls, blogPagePath+"/"+p.ID)
		}
	} else {
		s.log.Warn("warm-up: listing posts failed", "err", err)
	}
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

// noticeVersion empties the page cache when the content version moved on
// and has the pages it held rendered again in the background.
func (s *Server) noticeVersion(version int64) {
	if keys := s.cache.advance(version, maxRewarmPages); len(keys) > 0 {
		s.rewarm.queue(s, keys)
	}
}

// rewarmer renders pages again after a content change, one at a time, on
// one goroutine; a newer change replaces the pages still to do. It does
// nothing until Warm gave it the server's lifetime.
type rewarmer struct {
	mu      sync.Mutex
	ctx     context.Context // nil until Warm
	pending []string        // cache keys
	running bool
	wg      sync.WaitGroup // tracks the goroutine (tests wait on it)
}

func (w *rewarmer) begin(ctx context.Context) {
	w.mu.Lock()
	w.ctx = ctx
	w.mu.Unlock()
}

func (w *rewarmer) queue(s *Server, keys []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ctx == nil || w.ctx.Err() != nil {
		return
	}
	w.pending = keys
	if !w.running {
		w.running = true
		w.wg.Add(1)
		go w.run(s)
	}
}

func (w *rewarmer) run(s *Server) {
	defer w.wg.Done()
	start := time.Now()
	n := 0
	for {
		w.mu.Lock()
		if len(w.pending) == 0 || w.ctx.Err() != nil {
			w.running = false
			w.pending = nil
			w.mu.Unlock()
			s.log.Info("re-warm done", "pages", n, "duration_ms", time.Since(start).Milliseconds())
			return
		}
		key, ctx := w.pending[0], w.ctx
		w.pending = w.pending[1:]
		w.mu.Unlock()

		path := key
		if key == notFoundKey {
			path = notFoundRenderPath
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
		if err != nil {
			continue
		}
		req.URL.Path = path
		req.RequestURI = path
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code < 500 {
			n++
		}
	}
}
