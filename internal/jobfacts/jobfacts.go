// Package jobfacts is the data step that gives jobs stored before the
// locations and departments lists and the experience range their
// structured facts. It runs after the migrations, on every start, and
// after the demo content is loaded; it is idempotent: a job whose facts
// are set is left alone, and text that names no list entry or range stays
// as it was, for an admin to map in the staff console.
package jobfacts

import (
	"context"
	"fmt"

	"corpsite/internal/domain"
)

// Store is what the step reads and writes.
type Store interface {
	ListJobs(ctx context.Context, f domain.JobFilter) ([]domain.Job, error)
	ListJobLocations(ctx context.Context) ([]domain.JobLocation, error)
	ListJobDepartments(ctx context.Context) ([]domain.JobDepartment, error)
	UpdateJob(ctx context.Context, j *domain.Job) error
}

// Result counts what a run did: jobs it mapped (some fact at least), and
// jobs left with a fact to map by hand.
type Result struct {
	Mapped, Unmapped int
}

// MapStored maps the facts of every stored job that domain.MapJobFacts
// can map (domain.MapJobFacts says how).
func MapStored(ctx context.Context, st Store) (Result, error) {
	var res Result
	jobs, err := st.ListJobs(ctx, domain.JobFilter{})
	if err != nil {
		return res, fmt.Errorf("jobfacts: list jobs: %w", err)
	}
	var todo []domain.Job
	for _, j := range jobs {
		if len(j.UnmappedFacts()) > 0 {
			todo = append(todo, j)
		}
	}
	if len(todo) == 0 {
		return res, nil
	}
	locs, err := st.ListJobLocations(ctx)
	if err != nil {
		return res, fmt.Errorf("jobfacts: list locations: %w", err)
	}
	deps, err := st.ListJobDepartments(ctx)
	if err != nil {
		return res, fmt.Errorf("jobfacts: list departments: %w", err)
	}
	for _, j := range todo {
		if domain.MapJobFacts(&j, locs, deps) {
			if err := st.UpdateJob(ctx, &j); err != nil {
				return res, fmt.Errorf("jobfacts: update job %s: %w", j.ID, err)
			}
			res.Mapped++
		}
		if len(j.UnmappedFacts()) > 0 {
			res.Unmapped++
		}
	}
	return res, nil
}
