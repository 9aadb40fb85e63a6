package domain

import (
	"context"
	"time"
)

// JobFilter narrows ListJobs. The zero value lists every job.
type JobFilter struct {
	Statuses []JobStatus // empty = any status
}

// BlogFilter narrows ListBlogPosts. The zero value lists every post.
type BlogFilter struct {
	PublishedOnly bool
	Limit         int // 0 = no limit
	Offset        int
}

// ApplicationFilter narrows ListApplications.
type ApplicationFilter struct {
	JobID  string // "" = any job
	Limit  int
	Offset int
}

// Store is every persistent record of the site. Implementations must pass
// the contract suite in package storetest. Methods return *Error values of
// kind ENotFound for missing records; other failures are internal.
type Store interface {
	JobStore
	BlogStore
	CommentStore
	ContactStore
	ApplicationStore
	StaffStore
	RateLimiter
	OutboxStore

	// ContentVersion returns a number that grows whenever anything shown on
	// public pages changes (jobs, posts, comments). Render caches key on it.
	ContentVersion(ctx context.Context) (int64, error)
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}

// JobStore keeps jobs. Writes bump the content version.
type JobStore interface {
	ListJobs(ctx context.Context, f JobFilter) ([]Job, error) // newest first
	GetJob(ctx context.Context, id string) (Job, error)
	// CreateJob stores j; an empty ID is filled with a new one, and zero
	// CreatedAt/UpdatedAt with the current time.
	CreateJob(ctx context.Context, j *Job) error
	UpdateJob(ctx context.Context, j *Job) error
	DeleteJob(ctx context.Context, id string) error
}

// BlogStore keeps blog posts. Writes bump the content version.
type BlogStore interface {
	ListBlogPosts(ctx context.Context, f BlogFilter) ([]BlogPost, error) // newest first
	CountBlogPosts(ctx context.Context, f BlogFilter) (int, error)
	GetBlogPost(ctx context.Context, id string) (BlogPost, error)
	CreateBlogPost(ctx context.Context, p *BlogPost) error
	UpdateBlogPost(ctx context.Context, p *BlogPost) error
	DeleteBlogPost(ctx context.Context, id string) error // also deletes its comments
}

// CommentStore keeps comments. Writes bump the content version.
type CommentStore interface {
	// ListComments lists a post's comments newest first; visibleOnly drops
	// spam and hidden ones.
	ListComments(ctx context.Context, blogID string, visibleOnly bool) ([]Comment, error)
	CreateComment(ctx context.Context, c *Comment) error
	SetCommentStatus(ctx context.Context, id string, s CommentStatus) error
	DeleteComment(ctx context.Context, id string) error
}

// ContactStore keeps contact messages.
type ContactStore interface {
	// CreateContactMessage stores m and, when notify is not nil, queues
	// notify in the outbox in the same transaction: a message is never
	// kept without its staff notification or the reverse. Both are
	// updated with what was stored (see EnqueueOutbox).
	CreateContactMessage(ctx context.Context, m *ContactMessage, notify *OutboxMessage) error
	ListContactMessages(ctx context.Context, limit, offset int) ([]ContactMessage, error) // newest first
	GetContactMessage(ctx context.Context, id string) (ContactMessage, error)
	SetContactHandled(ctx context.Context, id string, handled bool) error
	DeleteContactMessage(ctx context.Context, id string) error
}

// SaveOptions are what one submission stores with its application,
// atomically.
type SaveOptions struct {
	// IdempotencyKey, if not "", is recorded with the result; a later
	// save with the same key stores nothing and reports the first result
	// (Replayed). The store keeps only a hash of it: the key is a bearer
	// of the first result.
	IdempotencyKey string
	// Notify, if not nil, writes the mails about the save. It is called
	// inside the transaction once the application is written, with the
	// application as stored (its ID and Reference, which a replacing save
	// keeps from the earlier application) and whether it was created; the
	// messages it returns are queued in the same transaction (as
	// EnqueueOutbox would, and updated likewise). It is not called on a
	// replay, and may be called again if the transaction is retried, so
	// it must only build messages.
	Notify func(a Application, created bool) []*OutboxMessage
}

// SaveResult says what SaveApplication did.
type SaveResult struct {
	// Created reports a new application (false: an earlier one with the
	// same job and e-mail was replaced). On a replay it is what the first
	// save reported, so that its answer can be repeated exactly.
	Created bool
	// Replayed reports that the idempotency key was seen before: nothing
	// was written, and the application argument was given the first
	// result's ID and Reference.
	Replayed bool
	// Previous holds the blob keys of the replaced application that the
	// new one no longer references (to delete them); when suspected spam
	// left a real application in place, the spam's own keys; nil
	// otherwise.
	Previous []string
}

// Submission is the result recorded for an idempotency key.
type Submission struct {
	Key           string // the key as looked up; the store keeps only its hash
	JobID         string
	ApplicationID string
	Reference     string
	Created       bool      // the first save created the application
	At            time.Time // when the first save was recorded
}

// ApplicationStore keeps job applications.
type ApplicationStore interface {
	// SaveApplication inserts a, or, when an application with the same job
	// and e-mail (case-insensitive) exists, replaces it keeping its ID,
	// Reference and AppliedAt; a is updated with the stored ID, Reference
	// and timestamps. Suspected spam never replaces an application that
	// is not spam (which anyone knowing the address could otherwise wipe):
	// when a.Spam is set and the existing one's is not, the existing row
	// is left untouched, a gets its ID, Reference and timestamps (Spam
	// stays true, so Notify can tell), the result is Created false and
	// Previous holds a's own blob keys (for the caller to delete). A spam
	// application is replaced by a later one as usual.
	// With opt.IdempotencyKey set, the key is recorded in
	// the same transaction, and a save with a key already recorded writes
	// nothing and reports Replayed; of concurrent saves with one key,
	// exactly one writes. The key alone identifies the submission: a
	// replay is reported whatever a holds, even another job (callers that
	// care compare LookupSubmission's JobID first).
	SaveApplication(ctx context.Context, a *Application, opt SaveOptions) (SaveResult, error)
	// LookupSubmission returns the result recorded for an idempotency key:
	// ENotFound when none.
	LookupSubmission(ctx context.Context, key string) (Submission, error)
	// PruneSubmissions forgets idempotency keys recorded before t.
	PruneSubmissions(ctx context.Context, before time.Time) error

	GetApplication(ctx context.Context, id string) (Application, error)
	ListApplications(ctx context.Context, f ApplicationFilter) ([]Application, error) // newest first
	DeleteApplication(ctx context.Context, id string) error
	// DeleteApplicationsBefore removes applications applied before t and
	// returns the blob keys they referenced.
	DeleteApplicationsBefore(ctx context.Context, t time.Time) ([]string, error)
	// ClearNationalIDDocumentsBefore removes the national-ID document from
	// the applications last saved (UpdatedAt: when the applicant last
	// applied and uploaded it) before t, keeping the rest of them, and
	// returns the blob keys no longer referenced (to delete them).
	ClearNationalIDDocumentsBefore(ctx context.Context, t time.Time) ([]string, error)
	// BlobKeyReferenced reports whether any application references key.
	BlobKeyReferenced(ctx context.Context, key string) (bool, error)
}

// StaffStore keeps staff accounts.
type StaffStore interface {
	CreateStaffUser(ctx context.Context, u *StaffUser) error // EConflict on a taken e-mail
	GetStaffUserByEmail(ctx context.Context, email string) (StaffUser, error)
	ListStaffUsers(ctx context.Context) ([]StaffUser, error)
	UpdateStaffPassword(ctx context.Context, id, hash string) error
	DeleteStaffUser(ctx context.Context, id string) error
}

// RateLimiter counts events per key in fixed windows. It lives in the
// database so that every instance of the site shares the counts.
type RateLimiter interface {
	// Allow records one event for key at now and reports whether it is
	// within limit events per window. When it is not, retryAfter is the
	// time left until the window ends and events are counted afresh (for
	// a Retry-After answer); it is 0 when ok. Keys must not hold personal
	// data in the clear (hash client addresses).
	Allow(ctx context.Context, key string, limit int, window time.Duration, now time.Time) (ok bool, retryAfter time.Duration, err error)
	// PruneRateLimits forgets windows that started before t.
	PruneRateLimits(ctx context.Context, before time.Time) error
}

// OutboxStore keeps outgoing e-mail until it is sent. Several senders
// (one per instance) may claim at once; a claimed message is leased to
// its sender, and each claim counts as an attempt.
type OutboxStore interface {
	// EnqueueOutbox queues m. An empty ID is filled with a new one, a zero
	// CreatedAt with the current time and a zero NextAttemptAt with
	// CreatedAt; Status becomes queued and Attempts 0. m is updated with
	// what was stored.
	EnqueueOutbox(ctx context.Context, m *OutboxMessage) error
	// ClaimOutbox leases up to limit due messages (queued ones whose next
	// attempt is at or before now, and sending ones whose lease ran out)
	// to the caller until now+lease: it marks them sending, counts an
	// attempt and returns them, oldest due first. Concurrent callers never
	// get the same message.
	ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]OutboxMessage, error)
	// MarkOutboxSent records the delivery of the claim of message id made
	// at attempt number attempt. EConflict when that claim is no longer
	// current (its lease ran out and another sender took the message).
	MarkOutboxSent(ctx context.Context, id string, attempt int, at time.Time) error
	// RetryOutbox records a failed delivery of the claim (id, attempt) and
	// queues the message again for next. EConflict as for MarkOutboxSent.
	RetryOutbox(ctx context.Context, id string, attempt int, next time.Time, lastErr string) error
	// FailOutbox records a failed delivery of the claim (id, attempt) and
	// gives the message up. EConflict as for MarkOutboxSent.
	FailOutbox(ctx context.Context, id string, attempt int, lastErr string) error
	// ListOutbox lists up to limit messages with the given status (""
	// means any), newest first; a limit of 0 means no limit.
	ListOutbox(ctx context.Context, status OutboxStatus, limit int) ([]OutboxMessage, error)
}
