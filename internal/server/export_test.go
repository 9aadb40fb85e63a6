package server

import (
	"net/http"
	"time"

	"corpsite/internal/console"
	"corpsite/internal/httpcore"
	"corpsite/internal/pagecache"
)

// OnFlight makes s call fn with the flight key whenever a request that
// missed the page cache asks for a render. Call it before s serves.
func OnFlight(s *Server, fn func(key string)) { s.flight.OnDo = fn }

// WaitRewarm waits until the background re-warm, if any, has finished.
func WaitRewarm(s *Server) { s.rewarm.Idle() }

// ErrorPageReady reports whether the error screen has been rendered.
func ErrorPageReady(s *Server) bool { return s.errPage.Load() != nil }

// SetRenderDeadline replaces the bound on one page's work, so a test can
// tell a cancelled render from one that ran out of time.
func SetRenderDeadline(s *Server, d time.Duration) { s.flight.Timeout = d }

// SetPageCacheBudget replaces the page cache with an empty one of budget
// bytes, so a test can fill it with few pages. Call it before s serves.
func SetPageCacheBudget(s *Server, budget int) { s.cache = pagecache.New[*renderedPage](budget) }

// PageCacheStats returns the number of cached pages and the bytes they take.
func PageCacheStats(s *Server) (pages, bytes int) { return s.cache.Stats() }

// SetUploadDeadlines replaces the application route's deadlines: first
// for the request's beginning, upload once it is accepted. Call it before
// s serves.
func SetUploadDeadlines(s *Server, first, upload time.Duration) {
	s.uploadLimits.ReadTimeout, s.uploadLimits.UploadTimeout = first, upload
	s.handler = httpcore.Middleware(&s.core, s.routes())
}

// SetMaxUploads replaces the number of applications that may stream their
// files at once. Call it before s serves.
func SetMaxUploads(s *Server, n int) { s.careers = s.newCareers(n) }

// UploadsInProgress is the number of applications streaming their files.
func UploadsInProgress(s *Server) int { return s.careers.Uploading() }

// Staff is the signed-in member of staff a console request is made by.
type Staff = console.Staff

// ServeAdminAs serves r with the staff API route it matches as if st
// were signed in, without a session or a role check (the role × route
// matrix tests those through the real middleware). It answers 404 when no
// route matches.
func ServeAdminAs(s *Server, st Staff, w http.ResponseWriter, r *http.Request) {
	httpcore.Middleware(&s.core, s.staffAPI.As(st)).ServeHTTP(w, r)
}

// AppLoader is the inline script that starts the app, and AppLoaderHash its CSP source.
const AppLoader = appLoader

var AppLoaderHash = appLoaderHash

// SetUploadRate replaces the application route's least upload rate.
// Call it before s serves.
func SetUploadRate(s *Server, perSecond int64, window time.Duration) {
	s.uploadLimits.MinRate, s.uploadLimits.RateWindow = perSecond, window
	s.handler = httpcore.Middleware(&s.core, s.routes())
}

// PostedDaysAgo and NextMidnight are the job cards' "posted N days ago"
// and when pages showing it go stale.
var (
	PostedDaysAgo = postedDaysAgo
	NextMidnight  = nextMidnight
)

// FastLaneAnswered is how many requests the fast lane answered itself.
func FastLaneAnswered(fl *FastLane) uint64 { return fl.answered.Load() }

// PageCacheCounts are the page cache's hits and misses.
func PageCacheCounts(s *Server) (hits, misses uint64) {
	return s.cache.Hits.Load(), s.cache.Misses.Load()
}
