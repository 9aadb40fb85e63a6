package careers

import (
	"context"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// A recruiter's view of one application: who opened it and when, and the
// history of it told as a timeline.

// OpenedEvery is how often opening an application is recorded for one
// member of staff: once per application in this window, so that a page
// shown again and again does not flood the audit log.
const OpenedEvery = 10 * time.Minute

// Bounds of a timeline.
const (
	// TimelineMax is the most events a timeline holds: the latest ones.
	TimelineMax = 200
	// timelineMails bounds the e-mails read for one timeline.
	timelineMails = 50
)

// RecordOpened records in the audit log that by opened application a,
// unless by has done so within OpenedEvery. It reports whether it wrote
// a row.
func (s *Service) RecordOpened(ctx context.Context, a domain.Application, by Reviewer) (bool, error) {
	now := s.now()
	_, n, err := s.store.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditAppOpened,
		ActorID: by.ID, Subject: a.Reference, Since: now.Add(-OpenedEvery), Limit: 1})
	if err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	e := domain.AuditEntry{Action: domain.AuditAppOpened, Subject: a.Reference, At: now,
		ActorID: by.ID, ActorEmail: by.Email, ClientIP: by.ClientIP}
	if err := s.store.AppendAudit(ctx, &e); err != nil {
		return false, err
	}
	return true, nil
}

// Timeline event kinds.
const (
	EventReceived   = "received"
	EventReplaced   = "replaced"
	EventOpened     = "opened"
	EventStage      = "stage"
	EventSpam       = "spam"
	EventNotSpam    = "not-spam"
	EventIDRevealed = "id-revealed"
	EventDocument   = "document"
	EventEmail      = "email"
	EventNote       = "note"
	EventWithdrawn  = "withdrawn"
)

// TimelineEvent is one thing that happened to an application.
type TimelineEvent struct {
	At   time.Time
	Kind string // one of the Event kinds
	// Actor is who did it: a member of staff's e-mail address or a note's
	// author; "" for the applicant or the site.
	Actor string
	// Text says what happened, in words ("new → reviewing", an e-mail's
	// subject, a note's first line, a document's ID).
	Text string
	// Status is an e-mail's: queued, sending, sent or failed.
	Status string
}

// timelineKinds are the audit actions a timeline shows, as events.
var timelineKinds = map[domain.AuditAction]string{
	domain.AuditAppOpened:     EventOpened,
	domain.AuditStatusChanged: EventStage,
	domain.AuditMarkedSpam:    EventSpam,
	domain.AuditMarkedNotSpam: EventNotSpam,
	domain.AuditIDRevealed:    EventIDRevealed,
	domain.AuditDocDownloaded: EventDocument,
}

// Timeline tells a's history, oldest first: when it was received (and
// replaced by a new version), opened, moved between stages, judged spam
// or not, its ID revealed or its documents downloaded (by whom), the
// e-mails sent to the applicant about it, its notes and its withdrawal.
// It holds the latest TimelineMax events.
func (s *Service) Timeline(ctx context.Context, a domain.Application) ([]TimelineEvent, error) {
	notes, err := s.store.ListApplicationNotes(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	mails, err := s.store.ListOutboxAbout(ctx, a.Email, a.Reference, timelineMails)
	if err != nil {
		return nil, err
	}
	entries, _, err := s.store.ListAudit(ctx, domain.AuditFilter{Subject: a.Reference, Limit: TimelineMax})
	if err != nil {
		return nil, err
	}
	ev := []TimelineEvent{{At: a.AppliedAt, Kind: EventReceived}}
	if a.UpdatedAt.After(a.AppliedAt) {
		ev = append(ev, TimelineEvent{At: a.UpdatedAt, Kind: EventReplaced})
	}
	if a.WithdrawnAt != nil {
		ev = append(ev, TimelineEvent{At: *a.WithdrawnAt, Kind: EventWithdrawn})
	}
	slices.Reverse(entries) // oldest first, as the events
	for _, e := range entries {
		kind, ok := timelineKinds[e.Action]
		// The filter matches a part of the subject: keep this one's own.
		if !ok || e.Subject != a.Reference {
			continue
		}
		ev = append(ev, TimelineEvent{At: e.At, Kind: kind, Actor: e.ActorEmail, Text: e.Detail})
	}
	for _, m := range mails {
		at := m.CreatedAt
		if m.SentAt != nil {
			at = *m.SentAt
		}
		ev = append(ev, TimelineEvent{At: at, Kind: EventEmail, Text: m.Subject, Status: string(m.Status)})
	}
	for _, n := range notes {
		first, _, _ := strings.Cut(strings.TrimSpace(n.Body), "\n")
		ev = append(ev, TimelineEvent{At: n.CreatedAt, Kind: EventNote, Actor: n.AuthorName, Text: strings.TrimSpace(first)})
	}
	slices.SortStableFunc(ev, func(x, y TimelineEvent) int { return x.At.Compare(y.At) })
	if len(ev) > TimelineMax {
		ev = ev[len(ev)-TimelineMax:]
	}
	return ev, nil
}
