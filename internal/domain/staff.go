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
	AuditSignIn         AuditAction = "sign-in"
	AuditSignInFailed   AuditAction = "sign-in-failed"
	AuditSignOut        AuditAction = "sign-out"
	AuditSignOutAll     AuditAction = "sign-out-everywhere"
	AuditPasswordSet    AuditAction = "password-set"
	AuditTOTPEnabled    AuditAction = "totp-enabled"
	AuditRecoveryUsed   AuditAction = "recovery-code-used"
	AuditStaffAdded     AuditAction = "staff-added"
	AuditStaffReset     AuditAction = "staff-reset"
	AuditStaffDisabled  AuditAction = "staff-disabled"
	AuditStaffEnabled   AuditAction = "staff-enabled"
	AuditRoleChanged    AuditAction = "role-changed"
	AuditIDRevealed     AuditAction = "national-id-revealed"
	AuditDocDownloaded  AuditAction = "document-downloaded"
	AuditExport         AuditAction = "applications-exported"
	AuditErase          AuditAction = "application-erased"
	AuditStatusChanged  AuditAction = "application-status-changed"
	AuditMarkedNotSpam  AuditAction = "application-marked-not-spam"
	AuditMarkedSpam     AuditAction = "application-marked-spam"
	AuditJobPublished   AuditAction = "job-published"
	AuditJobClosed      AuditAction = "job-closed"
	AuditJobDeleted     AuditAction = "job-deleted"
	AuditPostPublished  AuditAction = "post-published"
	AuditPostUnpublish  AuditAction = "post-unpublished"
	AuditPostDeleted    AuditAction = "post-deleted"
	AuditCommentsMod    AuditAction = "comments-moderated"
	AuditMailRetried    AuditAction = "mail-retried"
	AuditContactDeleted AuditAction = "contact-message-deleted"
	// AuditAppOpened is a member of staff opening an application's
	// details; recorded at most once per member and application in
	// careers.OpenedEvery.
	AuditAppOpened AuditAction = "application-opened"
)

// How long the audit log keeps its entries: two years, and failed
// sign-ins (which anyone can cause) 90 days.
const (
	AuditKeepDays       = 730
	AuditFailedKeepDays = 90
)

// AuditEntry is one row of the audit log: who did what, when and from
// where. Subjects name records by ID or reference (an application by its
// APP- reference), never by personal data; Detail is a short free text
// with no personal data either (a role change: "editor → recruiter").
type AuditEntry struct {
	ID         string      `json:"id"`
	At         time.Time   `json:"at"`
	ActorID    string      `json:"actorId"`    // "" for the command line or an unknown account
	ActorEmail string      `json:"actorEmail"` // as typed on a failed sign-in; staff e-mail otherwise
	Action     AuditAction `json:"action"`
	Subject    string      `json:"subject"`
	Detail     string      `json:"detail"`
	ClientIP   string      `json:"clientIp"`
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
	Since   time.Time
	Until   time.Time // exclusive
	Limit   int       // 0 = no limit
	Offset  int
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
