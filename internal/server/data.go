package server

import (
	"context"
	"time"

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
	// The search finds a city by its aliases too; each job carries its own.
	aliases, err := s.locationAliases(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]wire.Job, 0, len(jobs))
	for _, j := range jobs {
		if j.Public(now) {
			v := s.jobView(j)
			v.LocationAliases = aliases[j.LocationID]
			out = append(out, v)
		}
	}
	return out, nil
}

// locationAliases are the aliases of each location, by its ID.
func (s *Server) locationAliases(ctx context.Context) (map[string][]string, error) {
	locs, err := s.store.ListJobLocations(ctx)
	if err != nil {
		return nil, err
	}
	return domain.AliasesByLocation(locs), nil
}

// publicJobView is a job visitors may see with its city's aliases (the
// application form matches its offices against them).
func (s *Server) publicJobView(ctx context.Context, j domain.Job) (wire.Job, error) {
	aliases, err := s.locationAliases(ctx)
	if err != nil {
		return wire.Job{}, err
	}
	v := s.jobView(j)
	v.LocationAliases = aliases[j.LocationID]
	return v, nil
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
		Workplace:        j.Workplace,
		YearsMin:         j.YearsMin,
		YearsMax:         j.YearsMax,
		PostedDaysAgo:    postedDaysAgo(j.CreatedAt, s.now()),
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

// postedDaysAgo is how many days (UTC) lie between the day a job was
// posted and the day of now: 0 the same day. Pages that show it expire at
// the next UTC midnight (nextMidnight).
func postedDaysAgo(created, now time.Time) int {
	day := func(t time.Time) time.Time {
		t = t.UTC()
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
	return max(0, int(day(now).Sub(day(created)).Hours()/24))
}

// nextMidnight is the UTC midnight after now, when "posted N days ago"
// changes.
func nextMidnight(now time.Time) time.Time {
	now = now.UTC()
	return time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
}
