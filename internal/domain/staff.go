package domain

import (
	"context"
	"slices"
	"time"
)

// Role is what a member of staff may do in the console.
type Role string

// Roles. An admin may do everything; the others see their part of the
// console only. The server checks the role on every /api/admin route.
const (
	RoleAdmin     Role = "admin"     // everything: staff accounts, audit log, settings
	RoleRecruiter Role = "recruiter" // jobs and applications
	RoleEditor    Role = "editor"    // blog posts, comments and contact messages
)

// Roles lists every role, most powerful first.
var Roles = []Role{RoleAdmin, RoleRecruiter, RoleEditor}

// Valid reports whether r is one of Roles.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// Allowed reports whether a member with role r may use something open to
// the given roles. An admin may use everything.
func (r Role) Allowed(roles ...Role) bool {
	return r == RoleAdmin || slices.Contains(roles, r)
}

// AuditAction names a kind of event in the audit log.
type AuditAction string

// Audit actions: every sign-in, failed sign-in, reveal of a national ID,
// document download, export, erase, publish and change of an account.
const (
	AuditSignIn        AuditAction = "sign-in"
	AuditSignInFailed  AuditAction = "sign-in-failed"
	AuditSignOut       AuditAction = "sign-out"
	AuditSignOutAll    AuditAction = "sign-out-everywhere"
	AuditPasswordSet   AuditAction = "password-set"
	AuditTOTPEnabled   AuditAction = "totp-enabled"
	AuditRecoveryUsed  AuditAction = "recovery-code-used"
	AuditStaffAdded    AuditAction = "staff-added"
	AuditStaffReset    AuditAction = "staff-reset"
	AuditStaffDisabled AuditAction = "staff-disabled"
	AuditStaffEnabled  AuditAction = "staff-enabled"
	AuditRoleChanged   AuditAction = "role-changed"
	AuditIDRevealed    AuditAction = "national-id-revealed"
	AuditDocDownloaded AuditAction = "document-downloaded"
	AuditExport        AuditAction = "applications-exported"
	AuditErase         AuditAction = "application-erased"
	AuditStatusChanged AuditAction = "application-status-changed"
	AuditMarkedNotSpam AuditAction = "application-marked-not-spam"
	AuditMarkedSpam    AuditAction = "application-marked-spam"
	AuditJobPublished  AuditAction = "job-published"
	AuditJobClosed     AuditAction = "job-closed"
	AuditJobDeleted    AuditAction = "job-deleted"
	// AuditJobRestored and AuditPostRestored are an earlier revision
	// saved again (Detail: "version N"); AuditJobDuplicated is a draft
	// copy of a job (Detail: the copy's subject).
	AuditJobRestored   AuditAction = "job-revision-restored"
	AuditPostRestored  AuditAction = "post-revision-restored"
	AuditJobDuplicated AuditAction = "job-duplicated"
	// AuditJobListChanged is an entry of the locations or departments
	// list added, renamed or deleted.
	AuditJobListChanged AuditAction = "job-list-changed"
	AuditPostPublished  AuditAction = "post-published"
	AuditPostUnpublish  AuditAction = "post-unpublished"
	AuditPostDeleted    AuditAction = "post-deleted"
	// AuditPostScheduled is a draft post scheduled (or rescheduled) to
	// publish itself; AuditPostUnscheduled its schedule removed.
	AuditPostScheduled   AuditAction = "post-scheduled"
	AuditPostUnscheduled AuditAction = "post-unscheduled"
	AuditCommentsMod     AuditAction = "comments-moderated"
	AuditMailRetried     AuditAction = "mail-retried"
	AuditContactDeleted  AuditAction = "contact-message-deleted"
	// Contact messages answered in the console: assigned (or unassigned),
	// a note added, a reply queued.
	AuditContactAssigned AuditAction = "contact-message-assigned"
	AuditContactNote     AuditAction = "contact-message-note-added"
	AuditContactReplied  AuditAction = "contact-message-replied"
	// AuditContactUpdated is a message marked new (unread), read or
	// archived, or taken out of spam.
	AuditContactUpdated AuditAction = "contact-message-updated"
	// AuditAppOpened is a member of staff opening an application's
	// details; recorded at most once per member and application in
	// careers.OpenedEvery.
	AuditAppOpened     AuditAction = "application-opened"
	AuditTemplateSaved AuditAction = "candidate-email-edited"
	// AuditAlertsExport is an admin exporting job alert addresses.
	AuditAlertsExport AuditAction = "job-alert-addresses-exported"
	// AuditSiteImported is an import of the original site's records
	// (bin/site import) that stored any; Detail has the counts.
	AuditSiteImported AuditAction = "site-imported"
	// A member's changes to their own account (the account page).
	AuditPasswordChanged AuditAction = "password-changed"
	AuditRecoveryRenewed AuditAction = "recovery-codes-renewed"
	AuditTOTPReplaced    AuditAction = "totp-replaced"
	// AuditProfileChanged is a member's public author profile changed:
	// Detail names what ("display name, bio", "photo added", "photo
	// replaced", "photo removed").
	AuditProfileChanged AuditAction = "profile-changed"
	AuditSessionEnded   AuditAction = "session-ended"
	AuditSignOutOthers  AuditAction = "sign-out-other-sessions"
	// AuditLogExport is an admin downloading the audit log as CSV.
	AuditLogExport AuditAction = "audit-log-exported"
	// AuditMailOpened is an admin opening an e-mail of the outbox.
	AuditMailOpened AuditAction = "mail-opened"
)

// How long the audit log keeps its entries: two years, and failed
// sign-ins (which anyone can cause) 90 days.
const (
	AuditKeepDays       = 730
	AuditFailedKeepDays = 90
)

// AuditEntry is one row of the audit log: who did what, when and from
// where. Subjects name records by ID or reference (an application by its
// APP- reference); Detail is a short free text with no personal data
// (a role change: "editor → recruiter"). SubjectLabel is what the log
// shows for the subject: a title, a member of staff's name, an e-mail's
// subject line, or a comment's author and post (a visitor's name, kept
// as long as the entry); never an applicant's name.
type AuditEntry struct {
	ID         string      `json:"id"`
	At         time.Time   `json:"at"`
	ActorID    string      `json:"actorId"`    // "" for the command line or an unknown account
	ActorEmail string      `json:"actorEmail"` // as typed on a failed sign-in; staff e-mail otherwise
	Action     AuditAction `json:"action"`
	Subject    string      `json:"subject"`
	// SubjectLabel is what the subject was called when the entry was
	// written (a job's or post's title, a member of staff's name, a
	// comment's author and post), so that the log can name it after it
	// is renamed or deleted; "" for entries written before labels were
	// kept, or when the subject is its own name (a reference).
	SubjectLabel string `json:"subjectLabel"`
	Detail       string `json:"detail"`
	ClientIP     string `json:"clientIp"`
}

// AuditFilter narrows ListAudit. Zero fields do not filter.
type AuditFilter struct {
	Action AuditAction
	Actor  string // matches the actor's e-mail, case-insensitive substring
	// ActorID matches the actor's account ID exactly.
	ActorID string
	// Subject matches what an entry is about (an application's reference,
	// "job ID", an account's ID), case-insensitive substring.
	Subject string
	// About matches the subject or its label, case-insensitive substring
	// (the console's "Subject" filter: an ID, a reference or a title).
	About  string
	Since  time.Time
	Until  time.Time // exclusive
	Limit  int       // 0 = no limit
	Offset int
}

// AuditStore keeps the audit log. Entries are never changed; retention
// removes old ones.
type AuditStore interface {
	// AppendAudit stores e; an empty ID is filled with a new one and a zero
	// At with the current time. e is updated with what was stored.
	AppendAudit(ctx context.Context, e *AuditEntry) error
	// ListAudit returns the entries that match f, newest first, and how
	// many match in all (ignoring Limit and Offset).
	ListAudit(ctx context.Context, f AuditFilter) ([]AuditEntry, int, error)
	// PruneAudit removes entries older than t: of the given actions only,
	// or of every action when none is given.
	PruneAudit(ctx context.Context, before time.Time, actions ...AuditAction) error
}

// SeesVoluntaryAnswers reports whether staff of role r see an applicant's
// equal-opportunity answers (gender, disability status). Only admins do:
// recruiters review applications without them, so that they cannot weigh
// in a decision; reports show totals only.
func SeesVoluntaryAnswers(r Role) bool { return r == RoleAdmin }
