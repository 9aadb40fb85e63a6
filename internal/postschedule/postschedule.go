// Package postschedule is scheduled publishing of blog posts: the rules
// of a schedule's time, its wording in the site's time zone, and the step
// that publishes every due post (run by the server every minute, and by
// `site posts publish-due`).
package postschedule

import (
	"context"
	"fmt"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// Bounds of a schedule's time, from the moment it is set.
const (
	MinLead = time.Minute
	// MaxYears is how far ahead a post may be scheduled.
	MaxYears = 1
	// LocalLayout is the form of a time typed in the site's zone, as a
	// datetime-local field sends it.
	LocalLayout = "2006-01-02T15:04"
	// Interval is how often the server publishes due posts.
	Interval = time.Minute
	// batch is how many due posts one query fetches; rounds bounds one
	// run (a later run takes the rest).
	batch, rounds = 100, 20
)

// Field is the name of the form field of the time.
const Field = "publishAt"

// Messages of the time field.
const (
	MsgRequired = "Enter the date and time to publish the post."
	MsgFormat   = "Enter the date and time as year-month-day and hours:minutes, e.g. 2026-12-03T09:00."
	MsgTooSoon  = "Choose a time at least 1 minute from now."
	MsgTooFar   = "Choose a time at most 1 year from now."
)

func invalid(msg string) error {
	return &domain.Error{Code: domain.EInvalid, Message: "Please correct the publishing time.", Fields: map[string]string{Field: msg}}
}

// ParseLocal reads s, a date and time in zone (LocalLayout, seconds
// allowed).
func ParseLocal(s string, zone *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, invalid(MsgRequired)
	}
	for _, layout := range []string{LocalLayout, LocalLayout + ":05"} {
		if t, err := time.ParseInLocation(layout, s, zone); err == nil {
			return t, nil
		}
	}
	return time.Time{}, invalid(MsgFormat)
}

// Check says whether at is a time a post may be scheduled for at now:
// at least MinLead ahead and at most MaxYears.
func Check(now, at time.Time) error {
	switch {
	case at.Before(now.Add(MinLead)):
		return invalid(MsgTooSoon)
	case at.After(now.AddDate(MaxYears, 0, 0)):
		return invalid(MsgTooFar)
	}
	return nil
}

// Text is at as the console shows a schedule: "3 December 2026, 09:00
// IST" in zone.
func Text(at time.Time, zone *time.Location) string {
	return at.In(zone).Format("2 January 2006, 15:04 MST")
}

// Offset is zone's offset from UTC at t: "UTC+05:30", "UTC".
func Offset(zone *time.Location, t time.Time) string {
	_, off := t.In(zone).Zone()
	if off == 0 {
		return "UTC"
	}
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("UTC%c%02d:%02d", sign, off/3600, off%3600/60)
}

// Config is what a Service needs.
type Config struct {
	Store domain.Store
	Zone  *time.Location // nil = UTC
	Now   func() time.Time
	// Changed, if set, is told after a run published any post (the
	// server refreshes its pages; the store has bumped the content
	// version already).
	Changed func(context.Context)
}

// Service publishes due posts.
type Service struct{ c Config }

// New returns the service of c.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Zone == nil {
		c.Zone = time.UTC
	}
	return &Service{c}
}

// PublishDue publishes every post due by now, each once (several
// instances may run at once: the store publishes a schedule once), and
// records each in the audit log as published by the scheduler, naming
// the member of staff who scheduled it. A post due while no server ran
// is published by the first run. It returns the schedules it carried
// out, earliest first.
func (s *Service) PublishDue(ctx context.Context) ([]domain.PostSchedule, error) {
	now := s.c.Now()
	var out []domain.PostSchedule
	var err error
	for range rounds {
		var due []domain.PostSchedule
		if due, err = s.c.Store.DuePostSchedules(ctx, now, batch); err != nil {
			break
		}
		took := 0
		for _, d := range due {
			sc, done, perr := s.c.Store.PublishScheduledPost(ctx, d.PostID, now)
			if perr != nil {
				err = perr
				break
			}
			if !done {
				continue
			}
			took++
			out = append(out, sc)
			e := domain.AuditEntry{At: now, Action: domain.AuditPostPublished, Subject: "post " + sc.PostID, ActorEmail: domain.ActorScheduler,
				Detail: fmt.Sprintf("Published by the scheduler, as %s (%s) scheduled it for %s.", sc.ByName, sc.ByEmail, Text(sc.PublishAt, s.c.Zone))}
			if aerr := s.c.Store.AppendAudit(ctx, &e); aerr != nil && err == nil {
				err = fmt.Errorf("audit of post %s: %w", sc.PostID, aerr)
			}
		}
		// Fewer than a batch: none left. None taken: others are on them.
		if err != nil || len(due) < batch || took == 0 {
			break
		}
	}
	if len(out) > 0 && s.c.Changed != nil {
		s.c.Changed(ctx)
	}
	return out, err
}
