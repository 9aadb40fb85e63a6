package console

import (
	"context"
	"net/http"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// The recruiters' view of the pipeline: a board per job with a column per
// stage and its applications counted by source, and counts per job on the
// jobs list. Both leave suspected spam
// out, as the applications list does. A move on the board is the status
// change of applications.go.

// boardRoutes are the staff API routes of the boards.
func (s *Server) boardRoutes() []adminRoute {
	return []adminRoute{
		get("/jobs/{id}/board", recruiters, s.adminJobBoard),
	}
}

// GET /api/admin/jobs/{id}/board: the job's applications by stage, the
// newest wire.BoardColumnCap of each with the stage's count.
func (s *Server) adminJobBoard(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.JobBoard, error) {
	ctx := r.Context()
	j, err := s.staffJob(ctx, r.PathValue("id"))
	if err != nil {
		return wire.JobBoard{}, err
	}
	counts, err := s.store.CountApplicationsByJob(ctx, j.ID)
	if err != nil {
		return wire.JobBoard{}, err
	}
	n := make(map[domain.ApplicationStatus]int, len(counts))
	for _, c := range counts {
		n[c.Status] = c.N
	}
	b := wire.JobBoard{JobID: j.ID, JobTitle: j.JobTitle, Cap: wire.BoardColumnCap,
		Columns: make([]wire.BoardColumn, 0, len(domain.ApplicationStatuses))}
	for _, st := range domain.ApplicationStatuses {
		col := wire.BoardColumn{Status: string(st), Count: n[st], Cards: []wire.BoardCard{}}
		if col.Count > 0 {
			if col.Cards, err = s.boardCards(ctx, j.ID, st); err != nil {
				return wire.JobBoard{}, err
			}
		}
		col.More = max(0, col.Count-len(col.Cards))
		b.Columns = append(b.Columns, col)
	}
	if b.Sources, err = s.sourceCounts(ctx, domain.ApplicationFilter{JobID: j.ID, Spam: domain.SpamExclude}); err != nil {
		return wire.JobBoard{}, err
	}
	return b, nil
}

// sourceCounts are the applications f selects by source, the most first.
func (s *Server) sourceCounts(ctx context.Context, f domain.ApplicationFilter) ([]wire.SourceCount, error) {
	counts, err := s.store.CountApplicationsBySource(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]wire.SourceCount, len(counts))
	for i, c := range counts {
		out[i] = wire.SourceCount{Source: c.Source, Count: c.N}
	}
	return out, nil
}

// boardCards are the newest applications of job at stage st, outside spam.
func (s *Server) boardCards(ctx context.Context, job string, st domain.ApplicationStatus) ([]wire.BoardCard, error) {
	apps, err := s.store.ListApplications(ctx, domain.ApplicationFilter{JobID: job, Status: st,
		Spam: domain.SpamExclude, Limit: wire.BoardColumnCap})
	if err != nil {
		return nil, err
	}
	cards := make([]wire.BoardCard, len(apps))
	for i, a := range apps {
		cards[i] = wire.BoardCard{ID: a.ID, Reference: a.Reference, FullName: a.FullName,
			AppliedAt: a.AppliedAt, WithdrawnAt: a.WithdrawnAt}
	}
	return cards, nil
}

// jobCounts are the applications outside spam of every job: in all, and
// new ones, by job ID.
func (s *Server) jobCounts(ctx context.Context) (total, fresh map[string]int, err error) {
	counts, err := s.store.CountApplicationsByJob(ctx, "")
	if err != nil {
		return nil, nil, err
	}
	total, fresh = map[string]int{}, map[string]int{}
	for _, c := range counts {
		total[c.JobID] += c.N
		if c.Status == domain.StatusNew {
			fresh[c.JobID] += c.N
		}
	}
	return total, fresh, nil
}
