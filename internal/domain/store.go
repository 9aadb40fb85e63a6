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
	Tag           string // a tag's slug: only posts with that tag ("" = any)
	Limit         int    // 0 = no limit
	Offset        int
}

// ContactFilter narrows ListContactMessages and CountContactMessages.
type ContactFilter struct {
	Folder ContactFolder // "" = every message, spam or not
	Status ContactStatus // "" = any status (e.g. new within the inbox: unread)
	// Query keeps the messages whose sender's name, e-mail address,
	// subject or text contains it, ignoring case; LIKE wildcards in it
	// are plain characters. "" = any.
	Query string
	// AssignedTo keeps the messages assigned to this member of staff
	// ("" = anyone's or no one's); Unassigned those assigned to no one.
	AssignedTo string
	Unassigned bool
	Limit      int // 0 = no limit
	Offset     int
}

// CommentFilter narrows ListCommentsForReview.
type CommentFilter struct {
	Status CommentStatus // "" = any status
	// IDs, when not empty, keeps only these comments (at most MaxBulk).
	IDs    []string
	Limit  int // 0 = no limit
	Offset int
}

// MaxBulk is the most records one bulk action may name.
const MaxBulk = 100

// ApplicationFilter narrows ListApplications and CountApplications. The
// zero value lists every application, spam included, newest first.
type ApplicationFilter struct {
	JobID  string            // "" = any job
	Status ApplicationStatus // "" = any status
	// From and To bound when the applicant first applied: From <= AppliedAt
	// < To. Zero values do not bound.
	From, To time.Time
	// Query keeps applications whose full name, e-mail address or
	// reference contains it, ignoring case; LIKE wildcards in it are
	// plain characters.
	Query string
	// Reference keeps the application with this reference, ignoring
	// case ("" = any); Email those sent from this address, ignoring case.
	Reference string
	Email     string
	// Source keeps the applications of this source ("" = any; NoSource
	// those sent without one).
	Source string
	Spam   SpamFilter
	// Sort orders the list; "" is SortApplied newest first whatever Desc
	// says. With a Sort, Desc reverses its order (ties stay newest first).
	Sort ApplicationSort
	Desc bool
	// Limit is the page size (0 = no limit: the console asks at most
	// MaxApplicationPage); Offset the rows skipped before it.
	Limit  int
	Offset int
}

// StageCount is how many applications of one job are at one stage of
// the pipeline (CountApplicationsByJob).
type StageCount struct {
	JobID  string
	Status ApplicationStatus
	N      int
}

// SourceCount is how many applications came from one source
// (CountApplicationsBySource); Source "" counts those without one.
type SourceCount struct {
	Source string
	N      int
}

// Store is every persistent record of the site. Implementations must pass
// the contract suite in package storetest. Methods return *Error values of
// kind ENotFound for missing records; other failures are internal.
type Store interface {
	JobStore
	JobListStore
	BlogStore
	PostScheduleStore
	PostImageStore
	CommentStore
	ContactStore
	ApplicationStore
	StaffStore
	StaffProfileStore
	SessionStore
	AuditStore
	RateLimiter
	OutboxStore
	TemplateStore
	VitalsStore
	JobAlertStore

	// ContentVersion returns a number that grows whenever anything shown on
	// public pages changes (jobs, posts, comments). Render caches key on it.
	ContentVersion(ctx context.Context) (int64, error)
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}

// JobListStore keeps the lists a job's location and department are picked
// from. Every write bumps the content version (the /jobs page's options
// and job pages show the names).
type JobListStore interface {
	// ListJobLocations returns the locations by name, each with how many
	// jobs use it.
	ListJobLocations(ctx context.Context) ([]JobLocation, error)
	// CreateJobLocation stores l (normalised by NormalizeJobLocation); an
	// empty ID is filled. EConflict when a name or alias is already one
	// of another entry's, regardless of case.
	CreateJobLocation(ctx context.Context, l *JobLocation) error
	// UpdateJobLocation replaces the name and aliases of the entry with
	// l's ID (EConflict as CreateJobLocation); the jobs using it show the
	// new name.
	UpdateJobLocation(ctx context.Context, l *JobLocation) error
	// DeleteJobLocation removes an entry no job uses; EConflict naming how
	// many jobs use it otherwise.
	DeleteJobLocation(ctx context.Context, id string) error
	ListJobDepartments(ctx context.Context) ([]JobDepartment, error)
	CreateJobDepartment(ctx context.Context, d *JobDepartment) error
	UpdateJobDepartment(ctx context.Context, d *JobDepartment) error
	DeleteJobDepartment(ctx context.Context, id string) error
}

// JobStore keeps jobs. Writes bump the content version.
//
// Every write of a job (creating it, saving it, publishing or closing it)
// makes a new version of it: Version is one more than before and a copy
// is kept as a Revision, the last RevisionsKept of a job; older ones are
// removed in the same transaction. An update of a job whose Version is
// not 0 is applied only while the stored Version is that one, else it is
// EConflict (StaleVersion): someone else saved the job meanwhile.
type JobStore interface {
	ListJobs(ctx context.Context, f JobFilter) ([]Job, error) // newest first
	GetJob(ctx context.Context, id string) (Job, error)
	// CreateJob stores j; an empty ID is filled with a new one, and zero
	// CreatedAt/UpdatedAt with the current time.
	CreateJob(ctx context.Context, j *Job) error
	UpdateJob(ctx context.Context, j *Job) error
	// UpdateJobFrom is UpdateJob applied only while the job's stored
	// status is from, the status the change was based on: EConflict,
	// and nothing written, when someone else published, closed or
	// reopened it meanwhile (an edit must not undo that).
	UpdateJobFrom(ctx context.Context, j *Job, from JobStatus) error
	DeleteJob(ctx context.Context, id string) error
	// JobRevisions lists the kept revisions of job id, newest first;
	// JobRevision is one of them (ENotFound when not kept).
	JobRevisions(ctx context.Context, id string) ([]Revision, error)
	JobRevision(ctx context.Context, id string, version int) (Revision, error)
}

// BlogStore keeps blog posts. Writes bump the content version; every
// write is a new version with its revision, as JobStore's.
type BlogStore interface {
	ListBlogPosts(ctx context.Context, f BlogFilter) ([]BlogPost, error) // newest first
	CountBlogPosts(ctx context.Context, f BlogFilter) (int, error)
	GetBlogPost(ctx context.Context, id string) (BlogPost, error)
	CreateBlogPost(ctx context.Context, p *BlogPost) error
	UpdateBlogPost(ctx context.Context, p *BlogPost) error
	// UpdateBlogPostFrom is UpdateBlogPost applied only while the post's
	// stored status is from (see UpdateJobFrom).
	UpdateBlogPostFrom(ctx context.Context, p *BlogPost, from PostStatus) error
	DeleteBlogPost(ctx context.Context, id string) error // also deletes its comments
	// FindPostAddress returns the post an address under /blog/ names:
	// key is its ID, its slug or one of its earlier slugs (in that order
	// of precedence); ENotFound when none. Saving a post whose slug
	// another post uses as its slug, an earlier slug or its ID is
	// EInvalid with domain.MsgSlugTaken at the "slug" field.
	FindPostAddress(ctx context.Context, key string) (PostAddress, error)
	// EarlierPostSlugs lists the earlier slugs of post id, newest first.
	EarlierPostSlugs(ctx context.Context, id string) ([]string, error)
	// ListBlogTags returns the tags of published posts by slug, at most
	// limit (0 = no limit).
	ListBlogTags(ctx context.Context, limit int) ([]BlogTag, error)
	// PostRevisions and PostRevision are JobRevisions and JobRevision of
	// a post.
	PostRevisions(ctx context.Context, id string) ([]Revision, error)
	PostRevision(ctx context.Context, id string, version int) (Revision, error)
}

// CommentStore keeps comments. Writes that change what visitors see (a
// comment that is or was visible) bump the content version.
type CommentStore interface {
	// ListComments lists a post's comments newest first; visibleOnly drops
	// held and spam ones.
	ListComments(ctx context.Context, blogID string, visibleOnly bool) ([]Comment, error)
	CreateComment(ctx context.Context, c *Comment) error
	SetCommentStatus(ctx context.Context, id string, s CommentStatus) error
	DeleteComment(ctx context.Context, id string) error
	// ListCommentsForReview lists comments of every post with the given
	// status, newest first, each with its post's title.
	ListCommentsForReview(ctx context.Context, f CommentFilter) ([]ReviewComment, error)
	// CountComments counts the comments with status s ("" = all).
	CountComments(ctx context.Context, s CommentStatus) (int, error)
	// SetCommentsStatus gives the comments with the given IDs (at most
	// MaxBulk) status s in one transaction and returns how many exist;
	// unknown IDs are skipped, and ENotFound when none matched.
	SetCommentsStatus(ctx context.Context, ids []string, s CommentStatus) (int, error)
	// DeleteComments removes the comments with the given IDs (at most
	// MaxBulk) in one transaction and returns how many it removed;
	// ENotFound when none matched.
	DeleteComments(ctx context.Context, ids []string) (int, error)
}

// ContactOptions are what one contact form submission stores with its
// message, atomically.
type ContactOptions struct {
	// Notify, if not nil, is queued in the outbox in the same transaction
	// as the message: a message is never kept without its staff
	// notification or the reverse. It is updated with what was stored
	// (see EnqueueOutbox).
	Notify *OutboxMessage
	// IdempotencyKey, if not "", is recorded with the message; a later
	// call with the same key stores nothing and reports a replay with the
	// first message's ID. The store keeps only a hash of it (the key is a
	// bearer of the first result). Keys are forgotten by
	// PruneSubmissions.
	IdempotencyKey string
}

// ContactStore keeps contact messages.
type ContactStore interface {
	// CreateContactMessage stores m, with what opt says, and updates it
	// with what was stored. With opt.IdempotencyKey already recorded it
	// stores and queues nothing, gives m the ID of the message first
	// stored with the key and reports replayed; of concurrent calls with
	// one key, exactly one stores.
	CreateContactMessage(ctx context.Context, m *ContactMessage, opt ContactOptions) (replayed bool, err error)
	// LookupContactSubmission returns the ID of the message stored with
	// an idempotency key: ENotFound when none (or the key was
	// forgotten).
	LookupContactSubmission(ctx context.Context, key string) (messageID string, err error)
	// ListContactMessages lists the messages f selects, newest first.
	ListContactMessages(ctx context.Context, f ContactFilter) ([]ContactMessage, error)
	// CountContactMessages counts the messages f selects (ignoring its
	// Limit and Offset).
	CountContactMessages(ctx context.Context, f ContactFilter) (int, error)
	GetContactMessage(ctx context.Context, id string) (ContactMessage, error)
	SetContactStatus(ctx context.Context, id string, s ContactStatus) error
	// MarkContactNotSpam takes a message out of the Spam folder; it keeps
	// its status.
	MarkContactNotSpam(ctx context.Context, id string) error
	DeleteContactMessage(ctx context.Context, id string) error
	// AssignContactMessage gives the message to the member of staff
	// staffID ("" = to no one) and returns whom it was assigned to
	// before; audit, if not nil, is appended in the same transaction
	// when the assignee changes. ENotFound when there is no such message.
	AssignContactMessage(ctx context.Context, id, staffID string, audit *AuditEntry) (prev string, err error)
	// AddContactThreadEntry stores e (a note or a reply) on its message,
	// with, in the same transaction, mail queued in the outbox (e's
	// OutboxID becomes its ID) when not nil and audit appended when not
	// nil. ENotFound when there is no such message; EInvalid when its
	// thread holds MaxContactThread entries. e (and mail) are updated
	// with what was stored.
	AddContactThreadEntry(ctx context.Context, e *ContactThreadEntry, mail *OutboxMessage, audit *AuditEntry) error
	// ListContactThread returns a message's notes and replies, oldest
	// first, each reply with the status of its e-mail in the outbox
	// ("" once the outbox has forgotten it).
	ListContactThread(ctx context.Context, messageID string) ([]ContactThreadEntry, error)
}

// SaveOptions are what one submission stores with its application,
// atomically.
type SaveOptions struct {
	// IdempotencyKey, if not "", is recorded with the result; a later
	// save with the same key stores nothing and reports the first result
	// (Replayed). The store keeps only a hash of it: the key is a bearer
	// of the first result.
	IdempotencyKey string
	// StatusLinkSealed, with IdempotencyKey, is the status link token of
	// the answer, sealed with the data keys (the store keeps the token
	// itself nowhere), so that a replay answers with the same link.
	StatusLinkSealed []byte
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
	// StatusLinkSealed is the status link token the first answer gave,
	// sealed with the data keys (nil: it gave none); see
	// SaveOptions.StatusLinkSealed.
	StatusLinkSealed []byte
}

// ApplicationStore keeps job applications.
type ApplicationStore interface {
	// SaveApplication inserts a, or, when an application with the same job
	// and e-mail (case-insensitive) exists, replaces it keeping its ID,
	// Reference, AppliedAt and notes; a is updated with the stored ID,
	// Reference and timestamps. Either way the status becomes new (a
	// later application is a fresh submission for staff to look at), at
	// the time of saving. Suspected spam never replaces an application that
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
	// PruneSubmissions forgets the idempotency keys recorded before t,
	// of applications and of contact messages.
	PruneSubmissions(ctx context.Context, before time.Time) error

	GetApplication(ctx context.Context, id string) (Application, error)
	// ListApplications returns the page of applications f selects, in
	// its order.
	ListApplications(ctx context.Context, f ApplicationFilter) ([]Application, error)
	// CountApplications returns how many applications f selects, ignoring
	// its Limit and Offset.
	CountApplications(ctx context.Context, f ApplicationFilter) (int, error)
	// CountApplicationsByJob counts the applications outside the spam
	// folder by job and status, in one query: of job jobID, or of every
	// job when it is "". Pairs with no application are left out.
	CountApplicationsByJob(ctx context.Context, jobID string) ([]StageCount, error)
	// CountApplicationsBySource counts the applications f selects by
	// source (ignoring its Sort, Limit and Offset), the most first, ties
	// by source; sources with no application are left out.
	CountApplicationsBySource(ctx context.Context, f ApplicationFilter) ([]SourceCount, error)
	// SetApplicationStatus moves an application to status at the given
	// time and returns the status it had (ENotFound when there is no such
	// application). Setting the status it has changes nothing.
	SetApplicationStatus(ctx context.Context, id string, status ApplicationStatus, at time.Time) (ApplicationStatus, error)
	// ChangeApplicationStatus moves an application to c.Status and
	// returns it as it was and whether a mail was queued (ENotFound when
	// there is no such application). When the status changes, in one
	// transaction: the status and its time are written, c.Notify's mail
	// (if any) is queued with its token hash stored, and c.Audit's entry
	// (if c.Audit is set) is appended. The same status again changes
	// nothing, calls neither function and queues nothing.
	ChangeApplicationStatus(ctx context.Context, id string, c StatusChange) (before Application, mailed bool, err error)
	// ReviewApplicationSpam records staff's verdict d on an application
	// and returns the application as it was and as it is now (ENotFound
	// when there is none). A verdict that holds already (not spam for an
	// application outside the folder, spam for one staff marked spam)
	// changes nothing and appends no audit entry: then before and after
	// are equal. Otherwise, in one transaction, the application
	// moves in or out of the Suspected spam folder with d as its review,
	// d.Audit's entry is appended and, on a release of a held
	// confirmation, d.Release's mails are queued.
	ReviewApplicationSpam(ctx context.Context, id string, d SpamDecision) (before, after Application, err error)
	// AddApplicationNote stores n on its application (ENotFound when there
	// is none; EInvalid when the application holds MaxNotesPerApplication
	// notes already). An empty ID is filled with a new one and a zero
	// CreatedAt with the current time; n is updated with what was stored.
	AddApplicationNote(ctx context.Context, n *ApplicationNote) error
	// ListApplicationNotes returns an application's notes, oldest first.
	ListApplicationNotes(ctx context.Context, applicationID string) ([]ApplicationNote, error)
	// DeleteApplication removes an application and its notes. Its blobs
	// are the caller's.
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

	// GetApplicationByStatusToken returns the application whose status
	// link token has the hash (ENotFound when none).
	GetApplicationByStatusToken(ctx context.Context, tokenHash string) (Application, error)
	// GetApplicationByReference returns the application with the
	// reference, compared exactly (ENotFound when none).
	GetApplicationByReference(ctx context.Context, reference string) (Application, error)
	// SetStatusToken gives application id a new status link token (its
	// hash), so the earlier link stops working, and queues mail (if not
	// nil; as EnqueueOutbox would) in the same transaction. ENotFound
	// when there is no such application.
	SetStatusToken(ctx context.Context, id, tokenHash string, mail *OutboxMessage) error
	// WithdrawApplication marks application id withdrawn at the given
	// time, unless it is withdrawn already (which changes nothing), and
	// returns it as stored. When this call withdrew it, notify (if not
	// nil) is queued in the same transaction (as EnqueueOutbox would).
	// ENotFound when there is no such application.
	WithdrawApplication(ctx context.Context, id string, at time.Time, notify *OutboxMessage) (Application, error)
}

// StaffStore keeps staff accounts, their set-up tokens, second factors
// and recovery codes. Tokens and codes are stored as hashes only.
type StaffStore interface {
	CreateStaffUser(ctx context.Context, u *StaffUser) error // EConflict on a taken e-mail
	GetStaffUser(ctx context.Context, id string) (StaffUser, error)
	GetStaffUserByEmail(ctx context.Context, email string) (StaffUser, error)
	ListStaffUsers(ctx context.Context) ([]StaffUser, error)
	UpdateStaffPassword(ctx context.Context, id, hash string) error
	// UpdateStaffAccount sets an account's role and whether it is
	// disabled; disabling it ends its sessions and removes its set-up
	// token in the same transaction.
	UpdateStaffAccount(ctx context.Context, id string, role Role, disabled bool) error
	DeleteStaffUser(ctx context.Context, id string) error // with its sessions, token and codes

	// IssueSetupToken gives the account a new one-time set-up token (its
	// hash), valid until expires, replacing any earlier one. The account
	// starts over: its password, second factor, recovery codes and
	// sessions are removed in the same transaction.
	IssueSetupToken(ctx context.Context, userID, tokenHash string, expires time.Time) error
	// LookupSetupToken returns the account whose set-up token has the hash,
	// if the token is valid at now and the account is not disabled;
	// ENotFound otherwise.
	LookupSetupToken(ctx context.Context, tokenHash string, now time.Time) (StaffUser, error)
	// CompleteSetup consumes a valid set-up token (as LookupSetupToken
	// finds it) and sets the account's password hash, atomically: of
	// two concurrent uses one wins, the other gets ENotFound. It returns
	// the account as updated.
	CompleteSetup(ctx context.Context, tokenHash, passwordHash string, now time.Time) (StaffUser, error)
	// PruneSetupTokens removes tokens that expired before t.
	PruneSetupTokens(ctx context.Context, before time.Time) error

	// SetStaffTOTPPending stores a sealed secret being set up, made at at
	// (nil clears it).
	SetStaffTOTPPending(ctx context.Context, id string, sealed []byte, at time.Time) error
	// ReplaceStaffTOTP makes the account's pending secret its second
	// factor in place of the one it has (its recovery codes stay), if the
	// pending secret is still pending (byte for byte; EConflict otherwise),
	// and records step as the last code used.
	ReplaceStaffTOTP(ctx context.Context, id string, pending []byte, step int64) error
	// ReplaceRecoveryCodes replaces the account's recovery codes with the
	// given hashes, in one transaction: the old codes stop working.
	ReplaceRecoveryCodes(ctx context.Context, id string, hashes []string) error
	// ChangeStaffPassword sets the account's password hash to newHash if
	// it is still oldHash (EConflict otherwise: changed meanwhile) and
	// ends every session of the account but keep, in one transaction.
	ChangeStaffPassword(ctx context.Context, id, oldHash, newHash, keep string) error
	// EnableStaffTOTP makes sealed the account's second factor, clears the
	// pending one, records step as the last code used and replaces the
	// account's recovery codes with the given hashes, in one transaction.
	EnableStaffTOTP(ctx context.Context, id string, sealed []byte, step int64, recoveryHashes []string) error
	// UseTOTPStep records that a code of time step was used, if it is
	// later than the last one recorded; false means it is not (a replay).
	UseTOTPStep(ctx context.Context, id string, step int64) (bool, error)
	// UseRecoveryCode removes the account's recovery code with the hash
	// and reports whether there was one: each code works once.
	UseRecoveryCode(ctx context.Context, id, codeHash string) (bool, error)
	// CountRecoveryCodes returns how many unused recovery codes the account has.
	CountRecoveryCodes(ctx context.Context, id string) (int, error)
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
	// Refund takes back one event that Allow recorded for key at the
	// time at, if the window it was counted in is still the current one:
	// for an event counted before it was known whether it counts (a
	// second-step code is counted before it is checked, so that
	// concurrent guesses cannot pass the limit, and refunded when right).
	Refund(ctx context.Context, key string, at time.Time) error
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
	// ListOutboxPage is ListOutbox from offset on (for the console's pages).
	ListOutboxPage(ctx context.Context, status OutboxStatus, limit, offset int) ([]OutboxMessage, error)
	// ListOutboxAbout lists up to limit messages sent to the address to
	// (case-insensitive) whose subject or body mentions the text about (an
	// application's reference), newest first.
	ListOutboxAbout(ctx context.Context, to, about string, limit int) ([]OutboxMessage, error)
	// GetOutbox returns the message id, body included; ENotFound when
	// there is none.
	GetOutbox(ctx context.Context, id string) (OutboxMessage, error)
	// CountOutbox counts the messages of each status (statuses without
	// messages are absent).
	CountOutbox(ctx context.Context) (map[OutboxStatus]int, error)
	// RetryOutboxNow queues a queued or failed message for an attempt at
	// now, keeping its attempt count and last error, and returns it as
	// stored. EConflict when it is being sent or was sent.
	RetryOutboxNow(ctx context.Context, id string, now time.Time) (OutboxMessage, error)
}
