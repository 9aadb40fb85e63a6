package server

// Documents for machines: the blog's Atom feed, the sitemap and
// robots.txt. They are built from the store on each request (a few small
// queries) and cached by clients and crawlers for a short while.

import (
	"fmt"
	"io"
	"net/http"
	"strconv"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/seo"
)

// feedEntries bounds the posts in the feed: the newest ones. Readers
// poll it; they need what is new, not the archive.
const feedEntries = 50

// sitemapPostsMax bounds the posts listed in the sitemap, well below the
// 50,000 URLs one sitemap file may hold, with room for jobs and pages.
const sitemapPostsMax = 40000

// machineCacheControl lets clients and crawlers keep the feed, the
// sitemap and robots.txt for a short while.
const machineCacheControl = "public, max-age=300"

// GET /blog/feed.xml: the newest published posts as an Atom feed.
func (s *Server) blogFeed(w http.ResponseWriter, r *http.Request) {
	posts, err := s.store.ListBlogPosts(r.Context(), domain.BlogFilter{PublishedOnly: true, Limit: feedEntries})
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	feed := make([]seo.FeedPost, len(posts))
	for i, p := range posts {
		feed[i] = seo.FeedPost{Post: p, URL: s.postURL(p), Summary: s.postDescription(p)}
	}
	doc, err := s.seo.BlogFeed(s.baseURL+blogPagePath, s.baseURL+"/blog/feed.xml", s.content.Pages[blogPagePath].Description, feed)
	s.writeXML(w, r, "application/atom+xml; charset=utf-8", doc, err)
}

// GET /sitemap.xml: every public page with a fixed address, every open
// position and every published post. Drafts, closed positions, filtered
// views and application forms (noindex) are left out.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}})
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	posts, err := s.store.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Limit: sitemapPostsMax})
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	var urls []seo.SitemapURL
	for _, p := range pageRoutes {
		if p.fixed() && !p.private {
			urls = append(urls, seo.SitemapURL{Loc: s.baseURL + p.path})
		}
	}
	now := s.now()
	for _, j := range jobs {
		if j.Public(now) { // not past its closing date
			urls = append(urls, seo.SitemapURL{Loc: s.jobURL(j.ID), LastMod: seo.W3CTime(j.UpdatedAt)})
		}
	}
	for _, p := range posts {
		urls = append(urls, seo.SitemapURL{Loc: s.postURL(p), LastMod: seo.W3CTime(seo.LastChange(p))})
	}
	tags, err := s.tagSitemapURLs(ctx)
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	urls = append(urls, tags...)
	doc, err := seo.Sitemap(urls)
	s.writeXML(w, r, "application/xml; charset=utf-8", doc, err)
}

// writeXML answers doc, an XML document seo built (or failed to build: err).
func (s *Server) writeXML(w http.ResponseWriter, r *http.Request, contentType string, doc []byte, err error) {
	if err != nil {
		httpcore.Fail(w, r, fmt.Errorf("server: %s: %w", r.URL.Path, err))
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", machineCacheControl)
	w.Header().Set("Content-Length", strconv.Itoa(len(doc)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(doc)
	}
}

// GET /robots.txt: crawlers may read the site but not the API, the staff
// console or the application forms (each job has its own page to find).
func (s *Server) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", machineCacheControl)
	_, _ = io.WriteString(w, s.seo.Robots())
}
