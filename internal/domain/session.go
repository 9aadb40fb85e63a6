package domain

import (
	"context"
	"time"
)

// Session is a staff sign-in. The browser holds a random token; the store
// keeps only its hash, which is the session's ID.
type Session struct {
	ID         string    // hex SHA-256 of the token
	UserID     string    // the staff account
	CreatedAt  time.Time // sign-in
	LastSeenAt time.Time // last request (touched at most once a minute)
	ExpiresAt  time.Time // the absolute end, whatever the activity
	// UserAgent is the browser's User-Agent header at sign-in (at most
	// SessionUserAgentMax bytes), shown in the member's list of sessions.
	UserAgent string
}

// SessionUserAgentMax bounds the user agent kept with a session.
const SessionUserAgentMax = 300

// SessionStart is what StartSession checks and changes with a new session.
type SessionStart struct {
	// PasswordHash is the account's password hash that the sign-in
	// checked the password against.
	PasswordHash string
	// Rehash, if not "", replaces PasswordHash: the same password hashed
	// with stronger parameters.
	Rehash string
	// Replaces, if not "", is the ID of a session that ends: the one the
	// browser held before (a new sign-in never keeps an old token).
	Replaces string
	// UserAgent is the browser's User-Agent header, kept with the new
	// session (not checked).
	UserAgent string
}

// SessionStore keeps staff sign-in sessions (in the database, so that
// every instance of the site knows them).
type SessionStore interface {
	// CreateSession stores s (its ID set by the caller).
	CreateSession(ctx context.Context, s *Session) error
	// StartSession stores s for a sign-in whose password was checked
	// against start.PasswordHash: only if the account s.UserID still
	// has that hash and is not disabled, checked in the same transaction
	// as the insert and excluding a concurrent reset, disabling or
	// password change (which would otherwise miss the new session). It
	// then also sets start.Rehash as the password hash, if not "", and
	// removes the session start.Replaces, if not "". EConflict when the
	// account changed or is gone; then nothing is written.
	StartSession(ctx context.Context, s *Session, start SessionStart) error
	// GetSession returns the session with the ID: ENotFound when none.
	GetSession(ctx context.Context, id string) (Session, error)
	// TouchSession records activity on a session at t.
	TouchSession(ctx context.Context, id string, t time.Time) error
	// DeleteSession ends one session; no error when it is gone already.
	DeleteSession(ctx context.Context, id string) error
	// DeleteStaffSessions ends every session of an account.
	DeleteStaffSessions(ctx context.Context, userID string) error
	// ListStaffSessions returns an account's sessions, newest sign-in first.
	ListStaffSessions(ctx context.Context, userID string) ([]Session, error)
	// DeleteOtherStaffSessions ends every session of an account but keep.
	DeleteOtherStaffSessions(ctx context.Context, userID, keep string) error
	// PruneSessions removes sessions last seen before idleBefore or whose
	// absolute end is at or before now.
	PruneSessions(ctx context.Context, idleBefore, now time.Time) error
}
