package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/pagecache"
	"corpsite/internal/wire"
)

// pageCacheBytes is the page cache's budget: the bytes of every cached
// page in every coding it is kept in (HTML, gzip, zstd, brotli) together.
// The whole public site (a few dozen pages of 30–70 KB of HTML, about 1.6
// times that with the compressed bodies) fits many times over.
const pageCacheBytes = 64 << 20

// Warm renders the error screen and the site's known pages into the cache,
// so the first visitor after start-up is served from memory. From then on,
// until ctx ends, each content change has the cached pages checked again
// in the background (see pagecache.Rewarmer). It returns the number of pages
// rendered.
func (s *Server) Warm(ctx context.Context) int {
	s.rewarm.Begin(ctx)
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
	if keys, moved := s.cache.Advance(version, pagecache.MaxRewarmPages); moved {
		s.rewarm.Queue(version, keys)
	}
}

// contentChanged is called by a request that changed what public pages
// show, once the change is stored: it has this instance look at the
// content version now rather than after its TTL, and waits
// (within pagecache.MaxWriteWait) until the rewarmer has brought the pages up to
// it. So the writer's next page shows the change, and no visitor's
// request waits on a render for it.
func (s *Server) contentChanged(ctx context.Context) {
	s.versions.Invalidate()
	version, err := s.versions.Get(ctx)
	if err != nil {
		return // the next page request looks again
	}
	s.noticeVersion(version)
	ctx, cancel := context.WithTimeout(ctx, pagecache.MaxWriteWait)
	defer cancel()
	s.rewarm.Wait(ctx, version)
}

// StopRewarm keeps the rewarmer from starting again and waits until it
// has stopped: at once when the context given to Warm has ended, since it
// stops between pages then.
func (s *Server) StopRewarm() { s.rewarm.Stop() }

// refresh is the rewarmer's check of one cached page: the page's request
// as a visitor would make it (the shared not-found page by its render
// path), on the rewarmer's context. It reports whether the page was had.
func (s *Server) refresh(ctx context.Context, key string) bool {
	path := key
	if key == notFoundKey {
		path = notFoundRenderPath
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
	if err != nil {
		return false
	}
	req.URL.Path = path
	req.RequestURI = path
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code < 500
}

// pageExpiry returns the first moment after now at which the page built
// from api would show something else by time alone (a listed job closes),
// or zero if none. It looks at the jobs the page's data holds.
func pageExpiry(api map[string]wire.Result, now time.Time) time.Time {
	var first time.Time
	consider := func(closing *time.Time) {
		if t := domain.ClosesAt(closing); !t.IsZero() && t.After(now) && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	for _, r := range api {
		switch v := r.Data.(type) {
		case wire.Job:
			consider(v.ClosingDate)
		case []wire.Job:
			for _, j := range v {
				consider(j.ClosingDate)
			}
		}
	}
	return first
}

// DropCache forgets every rendered page, so the next request of each page
// renders again (benchmarks measure cold renders with it).
func (s *Server) DropCache() {
	s.cache.Reset()
	s.errPage.Store(nil)
}
