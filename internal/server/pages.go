package server

import (
	"net/http"

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
	apiPath := "/api/jobs/" + id
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
	case domain.EGone:
		spec.Status, spec.Title, spec.NoIndex = http.StatusGone, "Position closed", true
		spec.Description = "This position is no longer open. See our other open positions."
	default:
		return nil, err
	}
	return spec, nil
}

// Any path without a route.
func (s *Server) notFoundPage(*http.Request) (*pageSpec, error) {
	meta := s.content.Pages["notFound"]
	return &pageSpec{
		Status: http.StatusNotFound, Page: "not-found", Title: meta.Title, Description: meta.Description,
		NoIndex: true, Cache: true,
	}, nil
}
