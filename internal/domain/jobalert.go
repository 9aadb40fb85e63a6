package domain

import (
	"context"
	"time"
)

// MailHeader is one extra header of an outbox message (List-Unsubscribe,
// say). internal/mail checks the name and value before writing them.
type MailHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// AlertFrequency is how often a job alert's digest is sent.
type AlertFrequency string

const (
	AlertDaily  AlertFrequency = "daily"
	AlertWeekly AlertFrequency = "weekly"
)

// Valid reports whether f is a frequency the site sends at.
func (f AlertFrequency) Valid() bool { return f == AlertDaily || f == AlertWeekly }

// Period is the time between two digests of frequency f.
func (f AlertFrequency) Period() time.Duration {
	if f == AlertWeekly {
		return 7 * 24 * time.Hour
	}
	return 24 * time.Hour
}

// JobAlert is a visitor's request to hear about new jobs matching a
// search by e-mail. It has no account: it is reached through tokens
// (JobAlertStore keeps their hashes), each scoped to this one alert.
type JobAlert struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	// Filter is the search as jobsearch's canonical query string ("" =
	// every job).
	Filter    string         `json:"filter"`
	Frequency AlertFrequency `json:"frequency"`
	CreatedAt time.Time      `json:"createdAt"`
	// ConfirmedAt is when the link of the confirmation mail was followed;
	// nil: nothing but that mail is ever sent to the address.
	ConfirmedAt *time.Time `json:"confirmedAt,omitempty"`
	// ExpiresAt is when the alert ends unless renewed (for an unconfirmed
	// one: when it is deleted).
	ExpiresAt time.Time `json:"expiresAt"`
	// RemindedAt is when the reminder of the coming end was queued, nil
	// before (and again after a renewal).
	RemindedAt *time.Time `json:"remindedAt,omitempty"`
	// WindowEnd is the end of the last digest's window: jobs published
	// after it are new to this alert.
	WindowEnd time.Time `json:"windowEnd"`
	// NextDigestAt is when the next digest is due.
	NextDigestAt time.Time `json:"nextDigestAt"`
}

// Confirmed reports whether the alert's address was confirmed.
func (a JobAlert) Confirmed() bool { return a.ConfirmedAt != nil }

// PublishedJob is a job with the moment it last became public.
type PublishedJob struct {
	Job         Job
	PublishedAt time.Time
}

// AlertDigest is what one digest step records for one alert, all in one
// transaction: the window moves from WindowFrom (as read; the step is
// skipped when the stored window no longer is that) to WindowEnd, and
// Mail, if any, is queued with a new token for its links.
type AlertDigest struct {
	AlertID      string
	WindowFrom   time.Time
	WindowEnd    time.Time
	NextDigestAt time.Time
	Mail         *OutboxMessage
	TokenHash    string
}

// AlertFilterCount is how many confirmed alerts have one filter.
type AlertFilterCount struct {
	Filter string `json:"filter"`
	Daily  int    `json:"daily"`
	Weekly int    `json:"weekly"`
}

// JobAlertStore keeps job alerts and the hashes of their tokens.
type JobAlertStore interface {
	// CreateJobAlert stores the unconfirmed alert a (ID, CreatedAt filled
	// when empty) with a token and queues its confirmation mail, unless
	// the address already holds max alerts (then created is false and
	// nothing is written).
	CreateJobAlert(ctx context.Context, a *JobAlert, tokenHash string, confirm *OutboxMessage, max int) (created bool, err error)
	// JobAlertFor is the alert of an address (any case) with a filter;
	// ENotFound when there is none.
	JobAlertFor(ctx context.Context, email, filter string) (JobAlert, error)
	// AddJobAlertToken stores one more token of alert id and queues m with
	// it (m nil: none).
	AddJobAlertToken(ctx context.Context, id, tokenHash string, m *OutboxMessage, at time.Time) error
	// JobAlertByToken is the alert a token's hash belongs to; ENotFound
	// when none.
	JobAlertByToken(ctx context.Context, tokenHash string) (JobAlert, error)
	// ConfirmJobAlert confirms alert id at at (only once: a confirmed one
	// is left as it is), with its end and first window.
	ConfirmJobAlert(ctx context.Context, id string, at, expires, next time.Time) error
	// UpdateJobAlert stores a's frequency, ExpiresAt, RemindedAt and
	// NextDigestAt.
	UpdateJobAlert(ctx context.Context, a JobAlert) error
	// DeleteJobAlert ends alert id and forgets its tokens; ENotFound when
	// it is gone already.
	DeleteJobAlert(ctx context.Context, id string) error
	// DueJobAlerts lists confirmed alerts whose digest is due at now and
	// that have not ended, by ID after afterID, at most limit.
	DueJobAlerts(ctx context.Context, now time.Time, afterID string, limit int) ([]JobAlert, error)
	// RecordJobAlertDigests applies each step in one transaction and
	// returns how many mails it queued.
	RecordJobAlertDigests(ctx context.Context, steps []AlertDigest) (int, error)
	// JobsPublishedSince lists the open jobs that became public after since.
	JobsPublishedSince(ctx context.Context, since time.Time) ([]PublishedJob, error)
	// EndingJobAlerts lists confirmed alerts ending before before that were
	// not reminded, at most limit.
	EndingJobAlerts(ctx context.Context, before time.Time, limit int) ([]JobAlert, error)
	// RemindJobAlert marks alert id reminded at at and queues m with a
	// new token, unless it was reminded meanwhile (false).
	RemindJobAlert(ctx context.Context, id string, at time.Time, tokenHash string, m *OutboxMessage) (bool, error)
	// PruneJobAlerts deletes unconfirmed alerts created before
	// unconfirmedBefore and alerts that ended before now, with their
	// tokens, and returns how many.
	PruneJobAlerts(ctx context.Context, unconfirmedBefore, now time.Time) (int, error)
	// CountJobAlerts counts confirmed alerts by filter, most first.
	CountJobAlerts(ctx context.Context) ([]AlertFilterCount, error)
	// ListConfirmedJobAlerts lists every confirmed alert, oldest first.
	ListConfirmedJobAlerts(ctx context.Context) ([]JobAlert, error)
}
