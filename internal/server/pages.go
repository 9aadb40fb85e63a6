package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"corpsite/content"
	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/jobalerts"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// pageRoute is one page of the site.
type pageRoute struct {
	// path is the route ("/job/{id}") and, without wildcards, the canonical
	// path and the key of the page's meta in content/pages.json.
	path string
	// page is the web app's page: web/src/pages/<page>.tsx.
	page string
	// handle builds the page for a request. nil = a page whose data does
	// not depend on its URL, served by staticPage with api and jsonLD.
	handle func(s *Server, r *http.Request) (*pageSpec, error)
	// key names a request's page cache slot (nil = byPath: the query
	// string is ignored). A page whose output depends on the query needs
	// its own, bounded one.
	key cacheKeyFunc
	// api loads the API responses the page reads (nil = none).
	api func(s *Server, ctx context.Context) (map[string]wire.Result, error)
	// jsonLD returns the page's structured data (nil = none).
	jsonLD func(s *Server) []any
	// feeds returns the feeds the page advertises besides the blog's
	// (nil = none).
	feeds func(s *Server) []feedLink
	// daily marks a page that says how many days ago jobs were posted:
	// its cached render expires at the next UTC midnight.
	daily bool
	// private marks the page of a private link (the applicant's status
	// page): noindex, never stored, no referrer, not in the sitemap. Its
	// HTML holds nothing private (it is cached like any page); its
	// script reads the link.
	private bool
}

// pageRoutes is the one list of the site's pages. The router, the warm-up
// and the web app's route table (web/src/gen/wire.ts, generated) read it;
// what a page reads from the API is declared here once, by its loader.
var pageRoutes = []pageRoute{
	{path: "/", page: "home", api: (*Server).homeAPI, jsonLD: (*Server).homeLD},
	{path: "/job/{id}", page: "job", handle: (*Server).jobPage},
	{path: "/apply/{id}", page: "apply", handle: (*Server).applyPage},
	{path: "/about", page: "about", jsonLD: (*Server).organizationOnlyLD},
	{path: "/technologies", page: "technologies"},
	{path: "/services", page: "services"},
	{path: "/service1", page: "service1"},
	{path: "/service2", page: "service2"},
	{path: "/service3", page: "service3"},
	{path: "/more", page: "more", jsonLD: (*Server).faqPageLD},
	{path: "/privacy", page: "privacy"},
	{path: "/terms", page: "terms"},
	{path: "/contact-us", page: "contact-us", jsonLD: (*Server).organizationOnlyLD},
	{path: "/career", page: "career", api: (*Server).careerAPI, feeds: (*Server).allJobsFeed, daily: true},
	{path: "/jobs", page: "jobs", handle: (*Server).jobsPage, key: jobsCacheKey},
	{path: blogPagePath, page: "blog", handle: (*Server).blogPage, key: pagedCacheKey},
	{path: blogPostRoute, page: "blog-post", handle: (*Server).blogPostPage},
	{path: "/blog/tag/{slug}", page: "blog-tag", handle: (*Server).blogTagPage, key: pagedCacheKey},
	{path: careers.StatusPagePath, page: "application-status", private: true},
	{path: jobalerts.PagePath, page: "job-alert", private: true},
}

// notFoundPageName is the web app's page for any path without a route.
const notFoundPageName = "not-found"

// PageRoute is one entry of the site's route table as the web app sees it.
type PageRoute struct {
	Path string // ServeMux syntax: "/", "/about", "/job/{id}"
	Page string // web/src/pages/<Page>.tsx
}

// PageRoutes returns the site's route table, for the web app's generated
// copy, and the page shown for every other path.
func PageRoutes() (routes []PageRoute, notFound string) {
	for _, p := range pageRoutes {
		routes = append(routes, PageRoute{Path: p.path, Page: p.page})
	}
	return routes, notFoundPageName
}

// fixed reports whether the route has one URL (no wildcards).
func (p pageRoute) fixed() bool { return !strings.Contains(p.path, "{") }

// cacheKey is the route's cache key function.
func (p pageRoute) cacheKey() cacheKeyFunc {
	if p.key != nil {
		return p.key
	}
	return byPath
}

// pageHandler serves the route's pages.
func (s *Server) pageHandler(p pageRoute) pageFunc {
	if p.handle != nil {
		return func(r *http.Request) (*pageSpec, error) { return p.handle(s, r) }
	}
	return s.staticPage(p)
}

// homeLD is the home page's structured data: the company and the site.
// jobURL and postURL are the public addresses of a job's and a post's pages.
func (s *Server) jobURL(id string) string          { return s.baseURL + "/job/" + id }
func (s *Server) postURL(p domain.BlogPost) string { return s.baseURL + p.Path() }

func (s *Server) homeLD() []any { return []any{s.seo.Organization(), s.seo.WebSite()} }

// organizationOnlyLD is the structured data of pages about the company.
func (s *Server) organizationOnlyLD() []any { return []any{s.seo.Organization()} }

// careerAPI is the career page's data: the open positions.
func (s *Server) careerAPI(ctx context.Context) (map[string]wire.Result, error) {
	jobs, err := s.publicJobs(ctx)
	if err != nil {
		return nil, err
	}
	return map[string]wire.Result{"/api/jobs": result(jobs, nil)}, nil
}

// GET /job/{id}
func (s *Server) jobPage(r *http.Request) (*pageSpec, error) {
	spec, j, err := s.jobSpec(r, "job")
	if err != nil || spec.Status != 0 {
		return spec, err
	}
	s.describeJobPage(spec, j)
	return spec, nil
}

// describeJobPage fills the <head> of job j's page. The console's preview
// uses it too, so it shows what visitors get.
func (s *Server) describeJobPage(spec *pageSpec, j domain.Job) {
	spec.Title = jobTitle(j)
	spec.Description = seo.JobDescription(j)
	spec.Path = "/job/" + j.ID
	spec.JSONLD = []any{s.seo.JobPosting(j, s.jobURL(j.ID))}
	spec.Cache = true
}

// jobSpec loads the job of a /job/{id} or /apply/{id} request into the
// page's boot data. For a job visitors may see it returns the job and a
// spec for the caller to finish (Status 0); for a missing one the shared
// not-found page (404), for a closed or expired one "Position closed" (410).
func (s *Server) jobSpec(r *http.Request, page string) (*pageSpec, domain.Job, error) {
	id := r.PathValue("id")
	apiPath := "/api/jobs/" + wire.EncodeURIComponent(id) // as the web app builds it
	j, err := s.publicJob(r.Context(), id)
	var view wire.Job
	if err == nil {
		view, err = s.publicJobView(r.Context(), j)
	}
	spec := &pageSpec{Page: page, API: map[string]wire.Result{apiPath: result(view, err)}}
	switch domain.ErrorCode(err) {
	case "":
		return spec, j, nil
	case domain.ENotFound:
		meta := s.content.Pages["notFound"]
		spec.Status, spec.Title, spec.Description, spec.NoIndex = http.StatusNotFound, meta.Title, meta.Description, true
		spec.NotFound = true // shares the one not-found render
	case domain.EGone:
		spec.Status, spec.Title, spec.NoIndex = http.StatusGone, "Position closed", true
		spec.Description = "This position is no longer open. See our other open positions."
		// Cached apart from the site's own pages (the cache's other
		// tier): search engines keep asking for a closed job's page.
		spec.Cache = true
	default:
		return nil, domain.Job{}, err
	}
	return spec, domain.Job{}, nil
}

// GET /apply/{id}: the application form of an open job. It reads the same
// API path as the job page, so the form and a client-side navigation from
// the job page share one answer.
func (s *Server) applyPage(r *http.Request) (*pageSpec, error) {
	spec, j, err := s.jobSpec(r, "apply")
	if err != nil || spec.Status != 0 {
		return spec, err
	}
	spec.Title = applyTitle(j)
	spec.Description = "Apply for " + j.JobTitle + " in " + j.Location + "."
	spec.Path = "/apply/" + j.ID
	// The form has nothing for a search engine that the job page lacks, and
	// the job page is the one to find (robots.txt keeps crawlers off
	// /apply/ too); noindex keeps the form out of results that slip through.
	spec.NoIndex = true
	spec.Cache = true
	return spec, nil
}

// applyTitle is the application form's title without the site name (spec:
// "Apply for {jobTitle}").
func applyTitle(j domain.Job) string { return "Apply for " + j.JobTitle }

// faqItem is one question of content/faq.json, as the FAQ page shows it.
type faqItem struct {
	Question string `json:"question"`
	Answer   string `json:"answer"` // plain text
}

// faqItems reads the FAQ once; the file is embedded, so it cannot change.
var faqItems = sync.OnceValues(func() ([]faqItem, error) {
	b, err := fs.ReadFile(content.FS, "faq.json")
	if err != nil {
		return nil, fmt.Errorf("faq: %w", err)
	}
	var f struct {
		Items []faqItem `json:"items"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("faq: faq.json: %w", err)
	}
	return f.Items, nil
})

// faqPageLD is the FAQ page's structured data: every question and answer
// the page shows. A broken faq.json costs the structured data, not the page.
func (s *Server) faqPageLD() []any {
	items, err := faqItems()
	if err != nil {
		s.log.Error("FAQ structured data", "err", err)
		return nil
	}
	questions := make([]seo.Question, len(items))
	for i, it := range items {
		questions[i] = seo.Question{Question: it.Question, Answer: it.Answer}
	}
	return []any{seo.FAQPage(questions)}
}

// staticPage serves p with its meta from content/pages.json.
func (s *Server) staticPage(p pageRoute) pageFunc {
	return func(r *http.Request) (*pageSpec, error) {
		meta := s.content.Pages[p.path]
		spec := &pageSpec{Page: p.page, Title: meta.Title, Description: meta.Description, Path: p.path, Cache: true, NoIndex: p.private}
		if p.api != nil {
			api, err := p.api(s, r.Context())
			if err != nil {
				return nil, err
			}
			spec.API = api
		}
		if p.daily {
			spec.Expires = nextMidnight(s.now())
		}
		if p.jsonLD != nil {
			spec.JSONLD = p.jsonLD(s)
		}
		if p.feeds != nil {
			spec.Feeds = p.feeds(s)
		}
		return spec, nil
	}
}

// Any path without a route. Its output depends on no part of the path, so
// every unknown path shares one cached render per content version.
func (s *Server) notFoundPage(*http.Request) (*pageSpec, error) {
	meta := s.content.Pages["notFound"]
	return &pageSpec{
		Status: http.StatusNotFound, Page: notFoundPageName, Title: meta.Title, Description: meta.Description,
		NoIndex: true, Cache: true, NotFound: true, RenderPath: notFoundRenderPath,
	}, nil
}
