package server

// The job search's pages and API: the rules of a search are
// internal/jobsearch's; here it is loaded, cached and answered.

import (
	"context"
	"net/http"
	"time"

	"corpsite/internal/jobsearch"
	"corpsite/internal/wire"
)

// jobSearchAPIPath is the API of the job search; the page reads it with
// the page's canonical query string.
const jobSearchAPIPath = "/api/jobs/search"

// jobsPagePath is the path of the page of all open positions.
const jobsPagePath = "/jobs"

// jobsSearchResult is a search's answer and when it goes stale by time
// alone: the first closing of any open position, since each one counts in
// the total and the filter options even when it does not match.
type jobsSearchResult struct {
	view    wire.JobSearch
	expires time.Time
}

// searchJobs runs q over the open positions.
func (s *Server) searchJobs(ctx context.Context, q jobsearch.Query) (jobsSearchResult, error) {
	jobs, err := s.publicJobs(ctx)
	if err != nil {
		return jobsSearchResult{}, err
	}
	// The cards say how many days ago each job was posted: stale at
	// midnight, if no position closes before.
	expires := nextMidnight(s.now())
	if first := jobsearch.FirstClosing(jobs, s.now()); !first.IsZero() && first.Before(expires) {
		expires = first
	}
	return jobsSearchResult{view: jobsearch.Search(jobs, q), expires: expires}, nil
}

// GET /api/jobs/search?q=&years=&location=&workplace=&department=
func (s *Server) apiJobSearch(r *http.Request) (any, error) {
	res, err := s.searchJobs(r.Context(), jobsearch.Parse(r.URL.RawQuery))
	if err != nil {
		return nil, err
	}
	return res.view, nil
}

// jobsCacheKey is the page cache key of a /jobs request: the path with the
// canonical query string, so "?location=Pune&utm_source=x" and
// "?location=+Pune" share one slot and unknown parameters add none.
//
// Filtered views are cached, not rendered for every request: a shared
// link (say, every position in one city) is asked for again and again.
// Their number is unbounded (free-text keywords), so they are cached as
// Variant pages, in the cache's unprotected tier: it is held to a share of
// the budget and evicted first, so however many distinct searches visitors
// send, they never push the site's own pages out. Each key is bounded too
// (four values of at most jobsearch.ValueMax characters). A miss costs one
// render, which the flight group and the bounded queue for engines guard
// like any other.
func jobsCacheKey(r *http.Request) string {
	return jobsearch.Parse(r.URL.RawQuery).WithQuery(jobsPagePath)
}

// legacyJobSearch sends a /jobs link from before the years filter
// ("?experience=2-4") to the search it means ("?years=2"), permanently,
// so the page and the web app read the same URL.
func legacyJobSearch(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if jobsearch.HasLegacy(r.URL.RawQuery) {
			http.Redirect(w, r, jobsearch.Parse(r.URL.RawQuery).WithQuery(jobsPagePath), http.StatusMovedPermanently)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// GET /jobs: every open position, or those a search in the query matches.
func (s *Server) jobsPage(r *http.Request) (*pageSpec, error) {
	q := jobsearch.Parse(r.URL.RawQuery)
	res, err := s.searchJobs(r.Context(), q)
	if err != nil {
		return nil, err
	}
	meta := s.content.Pages[jobsPagePath]
	return &pageSpec{
		Page:        "jobs",
		Title:       meta.Title,
		Description: meta.Description,
		// One canonical page for every search. A filtered view is not
		// indexed: searches are endless, each a subset of the full list,
		// and every position has its own indexable page.
		Path:    jobsPagePath,
		NoIndex: q.Filtered(),
		// The feed of the same search: a filtered view advertises its
		// own.
		Feeds:   []feedLink{s.jobsFeedLink(q)},
		API:     map[string]wire.Result{q.WithQuery(jobSearchAPIPath): result(res.view, nil)},
		Cache:   true,
		Variant: q.Filtered(),
		Expires: res.expires,
		// The web app reads the search from the URL: render at the
		// canonical one, which it parses to the same search.
		RenderPath: q.WithQuery(jobsPagePath),
	}, nil
}
