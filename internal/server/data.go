package server

import (
	"context"
	"time"

	"corpsite/internal/domain"
)

// The loaders below serve both the JSON API and the pages, so a page's boot
// data and the API a client-side navigation calls have the same shapes.

// publicJobs lists the jobs visitors may see, newest first.
func (s *Server) publicJobs(ctx context.Context) ([]domain.Job, error) {
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}})
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]domain.Job, 0, len(jobs))
	for _, j := range jobs {
		if j.Public(now) {
			out = append(out, j)
		}
	}
	return out, nil
}

var errJobNotFound = domain.Errorf(domain.ENotFound, "Job not found.")

// publicJob returns job id if visitors may see it: ENotFound for an unknown
// or draft job, EGone for a closed or expired one.
func (s *Server) publicJob(ctx context.Context, id string) (domain.Job, error) {
	if !domain.ValidID(id) {
		return domain.Job{}, errJobNotFound
	}
	j, err := s.store.GetJob(ctx, id)
	if domain.IsNotFound(err) || err == nil && j.Status == domain.JobDraft {
		return domain.Job{}, errJobNotFound
	}
	if err != nil {
		return domain.Job{}, err
	}
	if !j.Public(s.now()) {
		return domain.Job{}, domain.Errorf(domain.EGone, "This position is no longer open.")
	}
	return j, nil
}

// blogSummary is a post without its body, for lists and the home carousel.
type blogSummary struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Image       string    `json:"image"`
	CreatedAt   time.Time `json:"createdAt"`
}

// homeBlogLimit is how many posts the home page carousel shows.
const homeBlogLimit = 12

// recentPosts lists the newest published posts without their bodies.
func (s *Server) recentPosts(ctx context.Context) ([]blogSummary, error) {
	posts, err := s.store.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Limit: homeBlogLimit})
	if err != nil {
		return nil, err
	}
	out := make([]blogSummary, 0, len(posts))
	for _, p := range posts {
		out = append(out, blogSummary{ID: p.ID, Title: p.Title, Description: p.Description, Image: p.Image, CreatedAt: p.CreatedAt})
	}
	return out, nil
}
