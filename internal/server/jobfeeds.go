package server

// The job feeds: an Atom feed of open positions for feed readers, one per
// search of /jobs, and the XML feed job aggregators read. Like the blog's
// feed they are built from the store on each request (one query, the
// same the jobs page makes), never kept in the page cache: a position
// published, closed or past its closing date is in or out of the next
// answer at once. Clients may keep an answer for machineCacheControl.

import (
	"context"
	"net/http"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/jobsearch"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// Addresses of the job feeds.
const (
	jobsFeedPath       = "/jobs/feed.xml"
	aggregatorFeedPath = "/jobs/aggregators.xml"
)

// jobsFeedEntries bounds the positions in the Atom feed: the newest ones,
// as the blog's feed (readers need what is new).
const jobsFeedEntries = feedEntries

// aggregatorFeedJobs bounds the positions in the aggregators' feed, which
// lists every open one: far above what the company hires for at once.
const aggregatorFeedJobs = 500

// jobsFeedBytes and aggregatorFeedBytes bound the descriptions (the bulk
// of a feed: up to 100,000 characters each when saved) one feed carries,
// so that a document stays a few megabytes whatever was saved: the
// newest positions that fit are listed, always at least one. At the
// usual few kilobytes a description neither is ever reached.
const (
	jobsFeedBytes       = 1 << 20
	aggregatorFeedBytes = 8 << 20
)

// feedLink is a feed a page advertises in its <head>
// (<link rel="alternate" type="application/atom+xml">).
type feedLink struct {
	Title string
	Href  string // path on this site, query included
}

// feedJobs returns the public positions q matches, newest first: the
// positions /jobs shows for the same search, as jobsearch.Search decides;
// at most limit, and no more than fit descriptions of maxBytes in all
// (the first always does).
func (s *Server) feedJobs(ctx context.Context, q jobsearch.Query, limit, maxBytes int) ([]seo.FeedJob, error) {
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}})
	if err != nil {
		return nil, err
	}
	// The search finds a city by its aliases too.
	aliases, err := s.locationAliases(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	byID := make(map[string]domain.Job, len(jobs))
	views := make([]wire.Job, 0, len(jobs))
	for _, j := range jobs {
		if j.Public(now) {
			byID[j.ID] = j
			v := s.jobView(j)
			v.LocationAliases = aliases[j.LocationID]
			views = append(views, v)
		}
	}
	matched := jobsearch.Search(views, q).Jobs
	out := make([]seo.FeedJob, 0, min(len(matched), limit))
	size := 0
	for _, v := range matched {
		j := byID[v.ID]
		size += len(j.Description)
		if len(out) == limit || len(out) > 0 && size > maxBytes {
			break
		}
		out = append(out, seo.FeedJob{Job: j, URL: s.jobURL(v.ID)})
	}
	return out, nil
}

// jobsFeedLink is the Atom feed of the positions that match q, as pages
// advertise it.
func (s *Server) jobsFeedLink(q jobsearch.Query) feedLink {
	return feedLink{Title: s.seo.JobsFeedTitle(q.Values(jobsearch.WordsOf(s.content.Jobs))), Href: q.WithQuery(jobsFeedPath)}
}

// allJobsFeed is the feed of every open position, for the career page.
func (s *Server) allJobsFeed() []feedLink { return []feedLink{s.jobsFeedLink(jobsearch.Query{})} }

// GET /jobs/feed.xml?q=&years=&location=&workplace=&department=: the newest
// public positions the search matches, as an Atom feed. Its self link and
// ID carry the search's canonical query, so each search is a feed of its
// own and "?location=+Pune&utm_source=x" is the same feed as
// "?location=Pune".
func (s *Server) jobsFeed(w http.ResponseWriter, r *http.Request) {
	q := jobsearch.Parse(r.URL.RawQuery)
	jobs, err := s.feedJobs(r.Context(), q, jobsFeedEntries, jobsFeedBytes)
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	doc, err := s.seo.JobsFeed(s.baseURL+q.WithQuery(jobsFeedPath), s.baseURL+q.WithQuery(jobsPagePath), q.Values(jobsearch.WordsOf(s.content.Jobs)), jobs)
	s.writeXML(w, r, "application/atom+xml; charset=utf-8", doc, err)
}

// GET /jobs/aggregators.xml: every public position in the XML format job
// aggregators read (seo.AggregatorFeed).
func (s *Server) aggregatorFeed(w http.ResponseWriter, r *http.Request) {
	jobs, err := s.feedJobs(r.Context(), jobsearch.Query{}, aggregatorFeedJobs, aggregatorFeedBytes)
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	doc, err := s.seo.AggregatorFeed(jobs)
	s.writeXML(w, r, "application/xml; charset=utf-8", doc, err)
}
