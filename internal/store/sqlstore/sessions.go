package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
)

const sessionColumns = `id, user_id, created_at, last_seen_at, expires_at, user_agent`

func scanSession(sc scanner) (domain.Session, error) {
	var x domain.Session
	err := sc.Scan(&x.ID, &x.UserID, timeCol{&x.CreatedAt}, timeCol{&x.LastSeenAt}, timeCol{&x.ExpiresAt}, &x.UserAgent)
	return x, err
}

// CreateSession stores x; x is updated with the timestamps as stored.
func (s *Store) CreateSession(ctx context.Context, x *domain.Session) (err error) {
	defer s.wrap(&err, "CreateSession")
	c := *x
	c.UserAgent = clipUserAgent(c.UserAgent)
	c.CreatedAt, c.LastSeenAt, c.ExpiresAt = stamp(c.CreatedAt), stamp(c.LastSeenAt), stamp(c.ExpiresAt)
	_, err = s.w.ExecContext(ctx, s.q(`INSERT INTO staff_sessions (`+sessionColumns+`) VALUES (?, ?, ?, ?, ?, ?)`),
		c.ID, c.UserID, s.t(c.CreatedAt), s.t(c.LastSeenAt), s.t(c.ExpiresAt), c.UserAgent)
	if err == nil {
		*x = c
	}
	return err
}

// StartSession stores x if the account still has start.PasswordHash and
// is enabled. The account's row is read for update: a reset, disabling
// or password change that runs at the same time waits for this
// transaction, and its removal of the account's sessions then sees the
// new one (or, when it came first, this check sees its change).
func (s *Store) StartSession(ctx context.Context, x *domain.Session, start domain.SessionStart) (err error) {
	defer s.wrap(&err, "StartSession")
	c := *x
	c.UserAgent = clipUserAgent(c.UserAgent)
	c.CreatedAt, c.LastSeenAt, c.ExpiresAt = stamp(c.CreatedAt), stamp(c.LastSeenAt), stamp(c.ExpiresAt)
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		var hash string
		var disabled bool
		err := tx.QueryRowContext(ctx, s.q(`SELECT password_hash, disabled FROM staff_users WHERE id = ?`+s.d.ForUpdate), c.UserID).Scan(&hash, &disabled)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (disabled || hash != start.PasswordHash)) {
			return domain.Errorf(domain.EConflict, "The account changed during sign-in.")
		}
		if err != nil {
			return err
		}
		if start.Rehash != "" {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE staff_users SET password_hash = ? WHERE id = ?`), start.Rehash, c.UserID); err != nil {
				return err
			}
		}
		if start.Replaces != "" {
			if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE id = ?`), start.Replaces); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO staff_sessions (`+sessionColumns+`) VALUES (?, ?, ?, ?, ?, ?)`),
			c.ID, c.UserID, s.t(c.CreatedAt), s.t(c.LastSeenAt), s.t(c.ExpiresAt), c.UserAgent)
		return err
	})
	if err == nil {
		*x = c
	}
	return err
}

// GetSession returns the session with the ID.
func (s *Store) GetSession(ctx context.Context, id string) (_ domain.Session, err error) {
	defer s.wrap(&err, "GetSession")
	x, err := scanSession(s.r.QueryRowContext(ctx, s.q(`SELECT `+sessionColumns+` FROM staff_sessions WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Session{}, domain.NotFound("session")
	}
	return x, err
}

// TouchSession records activity at t (never moving it back).
func (s *Store) TouchSession(ctx context.Context, id string, t time.Time) (err error) {
	defer s.wrap(&err, "TouchSession")
	return s.execOne(ctx, s.w, "session", `UPDATE staff_sessions SET last_seen_at = CASE WHEN last_seen_at < ? THEN ? ELSE last_seen_at END WHERE id = ?`,
		s.t(t), s.t(t), id)
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteSession")
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE id = ?`), id)
	return err
}

// DeleteStaffSessions ends every session of an account.
func (s *Store) DeleteStaffSessions(ctx context.Context, userID string) (err error) {
	defer s.wrap(&err, "DeleteStaffSessions(%q)", userID)
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE user_id = ?`), userID)
	return err
}

// ListStaffSessions returns an account's sessions, newest sign-in first.
func (s *Store) ListStaffSessions(ctx context.Context, userID string) (_ []domain.Session, err error) {
	defer s.wrap(&err, "ListStaffSessions(%q)", userID)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+sessionColumns+` FROM staff_sessions WHERE user_id = ? ORDER BY created_at DESC, id`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Session
	for rows.Next() {
		x, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// DeleteOtherStaffSessions ends every session of an account but keep.
func (s *Store) DeleteOtherStaffSessions(ctx context.Context, userID, keep string) (err error) {
	defer s.wrap(&err, "DeleteOtherStaffSessions(%q)", userID)
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE user_id = ? AND id <> ?`), userID, keep)
	return err
}

// clipUserAgent keeps at most domain.SessionUserAgentMax bytes of a user
// agent, cut at a character's start, and drops what is not valid UTF-8.
func clipUserAgent(ua string) string {
	ua = strings.ToValidUTF8(ua, "")
	if len(ua) <= domain.SessionUserAgentMax {
		return ua
	}
	cut := domain.SessionUserAgentMax
	for cut > 0 && !utf8.RuneStart(ua[cut]) {
		cut--
	}
	return ua[:cut]
}

// PruneSessions removes idle and expired sessions.
func (s *Store) PruneSessions(ctx context.Context, idleBefore, now time.Time) (err error) {
	defer s.wrap(&err, "PruneSessions")
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE last_seen_at < ? OR expires_at <= ?`), s.t(idleBefore), s.t(now))
	return err
}
