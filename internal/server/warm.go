package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"time"
)

// Warm renders the site's known pages into the cache, so the first
// visitor after start-up (or after a content change) is served from memory.
// It returns the number of pages rendered.
func (s *Server) Warm(ctx context.Context) int {
	var urls []string
	for _, p := range pageRoutes {
		if p.fixed() {
			urls = append(urls, p.path)
		}
	}
	if jobs, err := s.publicJobs(ctx); err == nil {
		for _, j := range jobs {
			urls = append(urls, "/job/"+j.ID)
		}
	} else {
		s.log.Warn("warm-up: listing jobs failed", "err", err)
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
