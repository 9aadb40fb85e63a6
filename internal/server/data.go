package server

import (
	"context"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// The loaders below serve both the JSON API and the pages, so a page's boot
// data and the API a client-side navigation calls have the same shapes.
// They answer in wire types: what visitors may see, never a domain entity.

// publicJobs lists the jobs visitors may see, newest first.
func (s *Server) publicJobs(ctx context.Context) ([]wire.Job, error) {
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}})
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]wire.Job, 0, len(jobs))
	for _, j := range jobs {
		if j.Public(now) {
			out = append(out, s.jobView(j))
		}
	}
	return out, nil
}

// publicJob returns job id if visitors may see it (domain.PublicJob).
func (s *Server) publicJob(ctx context.Context, id string) (domain.Job, error) {
	return domain.PublicJob(ctx, s.store, id, s.now())
}

// jobTitle is a job page's title without the site name.
func jobTitle(j domain.Job) string { return j.JobTitle + " – " + j.Location }

// jobView is j as visitors see it. Whether applications are open is
// decided here, against the server's clock, so the page shows what the
// server enforces.
func (s *Server) jobView(j domain.Job) wire.Job {
	return wire.Job{
		ID:               j.ID,
		JobTitle:         j.JobTitle,
		Experience:       j.Experience,
		Location:         j.Location,
		Description:      j.Description,
		Department:       j.Department,
		EmploymentType:   j.EmploymentType,
		SalaryMin:        j.SalaryMin,
		SalaryMax:        j.SalaryMax,
		ClosingDate:      j.ClosingDate,
		ApplicationsOpen: j.Public(s.now()),
		PageTitle:        s.content.Title(jobTitle(j)),
		CreatedAt:        j.CreatedAt,
	}
}
