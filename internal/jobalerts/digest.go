package jobalerts

import (
	"context"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Run is what one scheduler run did.
type Run struct {
	Pruned    int // unconfirmed alerts past 48 hours and ended ones deleted
	Reminders int // reminders of a coming end queued
	Checked   int // due alerts looked at
	Digests   int // digests queued
}

// RunOnce does the alerts' scheduled work at the service's clock: deletes
// what is past its time, queues reminders of alerts ending within
// ReminderBefore, and queues the digest of every due alert with jobs new
// to it (an alert with none gets no mail; its window moves on all the
// same). Each alert's window and its mail are recorded in one
// transaction, guarded by the window read, so a run that stops anywhere,
// or two runs at once, mail each window at most once.
func (s *Service) RunOnce(ctx context.Context) (Run, error) {
	now := s.c.Now()
	var r Run
	var err error
	if r.Pruned, err = s.c.Store.PruneJobAlerts(ctx, now.Add(-ConfirmWithin), now); err != nil {
		return r, err
	}
	if r.Reminders, err = s.remind(ctx, now); err != nil {
		return r, err
	}
	err = s.digests(ctx, now, &r)
	if r.Reminders+r.Digests > 0 {
		s.queued()
	}
	return r, err
}

func (s *Service) remind(ctx context.Context, now time.Time) (int, error) {
	n := 0
	for {
		ending, err := s.c.Store.EndingJobAlerts(ctx, now.Add(ReminderBefore), batch)
		if err != nil || len(ending) == 0 {
			return n, err
		}
		for _, a := range ending {
			token, hash := newToken()
			done, err := s.c.Store.RemindJobAlert(ctx, a.ID, now, hash, s.reminderMail(a, token))
			if err != nil {
				return n, err
			}
			if done {
				n++
			}
		}
		if len(ending) < batch {
			return n, nil
		}
	}
}

// published holds the jobs published since a moment, loaded again only
// when an older moment is asked for.
type published struct {
	since time.Time
	jobs  []domain.PublishedJob
	views map[string]wire.Job
}

func (s *Service) digests(ctx context.Context, now time.Time, r *Run) error {
	var pub *published
	after := ""
	for {
		due, err := s.c.Store.DueJobAlerts(ctx, now, after, batch)
		if err != nil || len(due) == 0 {
			return err
		}
		after = due[len(due)-1].ID
		oldest := now
		for _, a := range due {
			if a.WindowEnd.Before(oldest) {
				oldest = a.WindowEnd
			}
		}
		if pub == nil || oldest.Before(pub.since) {
			jobs, err := s.c.Store.JobsPublishedSince(ctx, oldest)
			if err != nil {
				return err
			}
			locs, err := s.c.Store.ListJobLocations(ctx)
			if err != nil {
				return err
			}
			aliases := domain.AliasesByLocation(locs)
			pub = &published{since: oldest, jobs: jobs, views: map[string]wire.Job{}}
			for _, p := range jobs {
				pub.views[p.Job.ID] = jobView(p.Job, aliases[p.Job.LocationID])
			}
		}
		// Whether a job matches a filter, for this batch: alerts share
		// searches.
		memo := map[[2]string]bool{}
		steps := make([]domain.AlertDigest, 0, len(due))
		for _, a := range due {
			var fresh []domain.PublishedJob
			for _, p := range pub.jobs {
				if !p.PublishedAt.After(a.WindowEnd) || p.PublishedAt.After(now) || !p.Job.Public(now) {
					continue
				}
				key := [2]string{a.Filter, p.Job.ID}
				ok, seen := memo[key]
				if !seen {
					ok = Matches(pub.views[p.Job.ID], a.Filter)
					memo[key] = ok
				}
				if ok {
					fresh = append(fresh, p)
				}
			}
			step := domain.AlertDigest{AlertID: a.ID, WindowFrom: a.WindowEnd, WindowEnd: now, NextDigestAt: nextDigest(a, now)}
			if len(fresh) > 0 {
				token, hash := newToken()
				step.Mail, step.TokenHash = s.digestMail(a, fresh, token), hash
			}
			steps = append(steps, step)
		}
		r.Checked += len(due)
		sent, err := s.c.Store.RecordJobAlertDigests(ctx, steps)
		r.Digests += sent
		if err != nil {
			return err
		}
		if len(due) < batch {
			return nil
		}
	}
}

// nextDigest is when alert a's digest after the one at now is due: one
// period after the one that was due, or after now when runs were missed.
func nextDigest(a domain.JobAlert, now time.Time) time.Time {
	next := a.NextDigestAt.Add(a.Frequency.Period())
	if !next.After(now) {
		next = now.Add(a.Frequency.Period())
	}
	return next
}

// jobView is the job as the job search reads it, with its city's
// aliases (a search's location may name one).
func jobView(j domain.Job, aliases []string) wire.Job {
	return wire.Job{
		ID: j.ID, JobTitle: j.JobTitle, Experience: j.Experience, Location: j.Location, LocationAliases: aliases,
		Workplace: j.Workplace, YearsMin: j.YearsMin, YearsMax: j.YearsMax, Description: j.Description,
		Department: j.Department, EmploymentType: j.EmploymentType, SalaryMin: j.SalaryMin, SalaryMax: j.SalaryMax,
		ClosingDate: j.ClosingDate, CreatedAt: j.CreatedAt,
	}
}
