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
	"corpsite/internal/domain"
)

// GET /
func (s *Server) homePage(r *http.Request) (*pageSpec, error) {
	posts, err := s.recentPosts(r.Context())
	if err != nil {
		return nil, err
	}
	meta := s.content.Pages["/"]
	return &pageSpec{
		Page: "home", Title: meta.Title, Description: meta.Description, Path: "/",
		JSONLD: []any{s.organizationLD(), s.websiteLD()},
		API:    map[string]apiResult{"/api/blogs": result(posts, nil)},
		Cache:  true,
	}, nil
}

// GET /job/{id}
func (s *Server) jobPage(r *http.Request) (*pageSpec, error) {
	id := r.PathValue("id")
	apiPath := "/api/jobs/" + encodeURIComponent(id) // as the web app builds it
	j, err := s.publicJob(r.Context(), id)
	spec := &pageSpec{Page: "job", API: map[string]apiResult{apiPath: result(j, err)}}
	switch domain.ErrorCode(err) {
	case "":
		spec.Title = j.JobTitle + " – " + j.Location
		spec.Description = jobDescription(j)
		spec.Path = "/job/" + j.ID
		spec.JSONLD = []any{s.jobPostingLD(j)}
		spec.Cache = true
	case domain.ENotFound:
		meta := s.content.Pages["notFound"]
		spec.Status, spec.Title, spec.Description, spec.NoIndex = http.StatusNotFound, meta.Title, meta.Description, true
		spec.NotFound = true // shares the one not-found render
	case domain.EGone:
		spec.Status, spec.Title, spec.NoIndex = http.StatusGone, "Position closed", true
		spec.Description = "This position is no longer open. See our other open positions."
	default:
		return nil, err
	}
	return spec, nil
}

// static is a page whose data does not depend on its URL.
type static struct {
	path string // route and canonical path
	page string // web app page name
	// api loads the API responses the page reads (nil = none).
	api func(ctx context.Context) (map[string]apiResult, error)
	// jsonLD returns the page's structured data (nil = none).
	jsonLD func() []any
}

// staticPages lists the site's pages that have a fixed path.
func (s *Server) staticPages() []static {
	org := func() []any { return []any{s.organizationLD()} }
	return []static{
		{path: "/about", page: "about", jsonLD: org},
		{path: "/services", page: "services"},
		{path: "/service1", page: "service1"},
		{path: "/service2", page: "service2"},
		{path: "/service3", page: "service3"},
		{path: "/technologies", page: "technologies"},
		{path: "/more", page: "more", jsonLD: s.faqPageLD},
		{path: "/privacy", page: "privacy"},
		{path: "/terms", page: "terms"},
		{path: "/contact-us", page: "contact-us", jsonLD: org},
		{path: "/career", page: "career", api: func(ctx context.Context) (map[string]apiResult, error) {
			jobs, err := s.publicJobs(ctx)
			if err != nil {
				return nil, err
			}
			return map[string]apiResult{"/api/jobs": result(jobs, nil)}, nil
		}},
	}
}

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
	questions := make([]ld, len(items))
	for i, it := range items {
		questions[i] = ld{
			"@type":          "Question",
			"name":           it.Question,
			"acceptedAnswer": ld{"@type": "Answer", "text": it.Answer},
		}
	}
	return []any{ld{"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": questions}}
}

// staticPage serves p with its meta from content/pages.json.
func (s *Server) staticPage(p static) pageFunc {
	return func(r *http.Request) (*pageSpec, error) {
		meta := s.content.Pages[p.path]
		spec := &pageSpec{Page: p.page, Title: meta.Title, Description: meta.Description, Path: p.path, Cache: true}
		if p.api != nil {
			api, err := p.api(r.Context())
			if err != nil {
				return nil, err
			}
			spec.API = api
		}
		if p.jsonLD != nil {
			spec.JSONLD = p.jsonLD()
		}
		return spec, nil
	}
}

// Any path without a route. Its output depends on no part of the path, so
// every unknown path shares one cached render per content version.
func (s *Server) notFoundPage(*http.Request) (*pageSpec, error) {
	meta := s.content.Pages["notFound"]
	return &pageSpec{
		Status: http.StatusNotFound, Page: "not-found", Title: meta.Title, Description: meta.Description,
		NoIndex: true, Cache: true, NotFound: true, RenderPath: notFoundRenderPath,
	}, nil
}

// encodeURIComponent escapes s as JavaScript's encodeURIComponent does, so
// boot data keys match the API paths the web app builds.
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
