package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"corpsite/internal/domain"
)

const staffColumns = `id, email, name, password_hash, role, disabled, totp_secret, totp_pending, totp_last_step, created_at, totp_pending_at`

func scanStaff(sc scanner) (domain.StaffUser, error) {
	var u domain.StaffUser
	var pendingAt *time.Time
	err := sc.Scan(&u.ID, &u.Email, &u.Name, &u.PasswordHash, &u.Role, &u.Disabled,
		&u.TOTPSecret, &u.TOTPPending, &u.TOTPLastStep, timeCol{&u.CreatedAt}, nullTimeCol{&pendingAt})
	if pendingAt != nil {
		u.TOTPPendingAt = *pendingAt
	}
	if len(u.TOTPSecret) == 0 {
		u.TOTPSecret = nil
	}
	if len(u.TOTPPending) == 0 {
		u.TOTPPending = nil
	}
	return u, err
}

// emailKey is the form in which e-mail addresses are compared.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// nullBytes binds an optional byte string: nil and empty are NULL.
func nullBytes(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

// CreateStaffUser stores u; EConflict if another account has the same
// e-mail address in any case. An empty ID is filled with a new one and a
// zero CreatedAt with the current time; u is updated with what was stored.
func (s *Store) CreateStaffUser(ctx context.Context, u *domain.StaffUser) (err error) {
	defer s.wrap(&err, "CreateStaffUser")
	c := *u
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	if len(c.TOTPSecret) == 0 {
		c.TOTPSecret = nil
	}
	var pendingAt *time.Time
	if len(c.TOTPPending) == 0 {
		c.TOTPPending = nil
		c.TOTPPendingAt = time.Time{}
	} else {
		c.TOTPPendingAt = stampOr(c.TOTPPendingAt, c.CreatedAt)
		pendingAt = &c.TOTPPendingAt
	}
	// The conflict target names the e-mail index only: a taken ID stays an
	// internal error rather than passing for a taken address.
	res, err := s.w.ExecContext(ctx, s.q(`INSERT INTO staff_users (`+staffColumns+`, email_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email_key) DO NOTHING`),
		c.ID, c.Email, c.Name, c.PasswordHash, c.Role, c.Disabled, nullBytes(c.TOTPSecret), nullBytes(c.TOTPPending),
		c.TOTPLastStep, s.t(c.CreatedAt), s.tp(pendingAt), emailKey(c.Email))
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.Errorf(domain.EConflict, "An account with this e-mail address already exists.")
	}
	*u = c
	return nil
}

// GetStaffUser returns the account with the ID.
func (s *Store) GetStaffUser(ctx context.Context, id string) (_ domain.StaffUser, err error) {
	defer s.wrap(&err, "GetStaffUser(%q)", id)
	u, err := scanStaff(s.r.QueryRowContext(ctx, s.q(`SELECT `+staffColumns+` FROM staff_users WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.StaffUser{}, domain.NotFound("staff user")
	}
	return u, err
}

// GetStaffUserByEmail returns the account with the given e-mail address,
// compared regardless of case.
func (s *Store) GetStaffUserByEmail(ctx context.Context, email string) (_ domain.StaffUser, err error) {
	defer s.wrap(&err, "GetStaffUserByEmail")
	u, err := scanStaff(s.r.QueryRowContext(ctx, s.q(`SELECT `+staffColumns+` FROM staff_users WHERE email_key = ?`), emailKey(email)))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.StaffUser{}, domain.NotFound("staff user")
	}
	return u, err
}

// ListStaffUsers returns every account in e-mail order.
func (s *Store) ListStaffUsers(ctx context.Context) (_ []domain.StaffUser, err error) {
	defer s.wrap(&err, "ListStaffUsers")
	rows, err := s.r.QueryContext(ctx, `SELECT `+staffColumns+` FROM staff_users ORDER BY email_key, id`)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanStaff)
}

// UpdateStaffPassword replaces an account's password hash.
func (s *Store) UpdateStaffPassword(ctx context.Context, id, hash string) (err error) {
	defer s.wrap(&err, "UpdateStaffPassword(%q)", id)
	return s.execOne(ctx, s.w, "staff user", `UPDATE staff_users SET password_hash = ? WHERE id = ?`, hash, id)
}

// UpdateStaffAccount sets an account's role and disabled flag; disabling
// ends its sessions and removes its set-up token (a link must not start
// working again when the account is enabled).
func (s *Store) UpdateStaffAccount(ctx context.Context, id string, role domain.Role, disabled bool) (err error) {
	defer s.wrap(&err, "UpdateStaffAccount(%q)", id)
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		if err := s.execOne(ctx, tx, "staff user", `UPDATE staff_users SET role = ?, disabled = ? WHERE id = ?`, role, disabled, id); err != nil {
			return err
		}
		if !disabled {
			return nil
		}
		for _, q := range []string{
			`DELETE FROM staff_sessions WHERE user_id = ?`,
			`DELETE FROM staff_setup_tokens WHERE user_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.q(q), id); err != nil {
				return err
			}
		}
		return nil
	})
}

// DeleteStaffUser removes an account with everything that hangs on it.
func (s *Store) DeleteStaffUser(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteStaffUser(%q)", id)
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM staff_sessions WHERE user_id = ?`,
			`DELETE FROM staff_setup_tokens WHERE user_id = ?`,
			`DELETE FROM staff_recovery_codes WHERE user_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.q(q), id); err != nil {
				return err
			}
		}
		return s.execOne(ctx, tx, "staff user", `DELETE FROM staff_users WHERE id = ?`, id)
	})
}

// IssueSetupToken replaces the account's set-up token and removes its
// password, second factor, recovery codes and sessions.
func (s *Store) IssueSetupToken(ctx context.Context, userID, tokenHash string, expires time.Time) (err error) {
	defer s.wrap(&err, "IssueSetupToken(%q)", userID)
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		if err := s.execOne(ctx, tx, "staff user", `UPDATE staff_users
			SET password_hash = '', totp_secret = NULL, totp_pending = NULL, totp_pending_at = NULL, totp_last_step = 0 WHERE id = ?`, userID); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM staff_sessions WHERE user_id = ?`,
			`DELETE FROM staff_recovery_codes WHERE user_id = ?`,
			`DELETE FROM staff_setup_tokens WHERE user_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.q(q), userID); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO staff_setup_tokens (user_id, token_hash, expires_at) VALUES (?, ?, ?)`),
			userID, tokenHash, s.t(expires))
		return err
	})
}

// LookupSetupToken returns the enabled account whose token is valid at now.
func (s *Store) LookupSetupToken(ctx context.Context, tokenHash string, now time.Time) (_ domain.StaffUser, err error) {
	defer s.wrap(&err, "LookupSetupToken")
	u, err := scanStaff(s.r.QueryRowContext(ctx, s.q(`SELECT `+prefixed("u.", staffColumns)+`
		FROM staff_setup_tokens t JOIN staff_users u ON u.id = t.user_id
		WHERE t.token_hash = ? AND t.expires_at > ? AND u.disabled = ?`), tokenHash, s.t(now), false))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.StaffUser{}, domain.NotFound("set-up token")
	}
	return u, err
}

// CompleteSetup consumes a valid token and sets the password hash.
func (s *Store) CompleteSetup(ctx context.Context, tokenHash, passwordHash string, now time.Time) (_ domain.StaffUser, err error) {
	defer s.wrap(&err, "CompleteSetup")
	var u domain.StaffUser
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		// Deleting first claims the token: a concurrent use finds no row.
		var userID string
		err := tx.QueryRowContext(ctx, s.q(`DELETE FROM staff_setup_tokens WHERE token_hash = ? AND expires_at > ?
			RETURNING user_id`), tokenHash, s.t(now)).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("set-up token")
		}
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE staff_users SET password_hash = ? WHERE id = ? AND disabled = ?`), passwordHash, userID, false)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return domain.NotFound("set-up token")
		}
		u, err = scanStaff(tx.QueryRowContext(ctx, s.q(`SELECT `+staffColumns+` FROM staff_users WHERE id = ?`), userID))
		return err
	})
	return u, err
}

// PruneSetupTokens removes tokens that expired before t.
func (s *Store) PruneSetupTokens(ctx context.Context, t time.Time) (err error) {
	defer s.wrap(&err, "PruneSetupTokens")
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM staff_setup_tokens WHERE expires_at < ?`), s.t(t))
	return err
}

// SetStaffTOTPPending stores (or with nil clears) a secret being set up.
func (s *Store) SetStaffTOTPPending(ctx context.Context, id string, sealed []byte, at time.Time) (err error) {
	defer s.wrap(&err, "SetStaffTOTPPending(%q)", id)
	var when any
	if len(sealed) > 0 {
		when = s.t(at)
	}
	return s.execOne(ctx, s.w, "staff user", `UPDATE staff_users SET totp_pending = ?, totp_pending_at = ? WHERE id = ?`, nullBytes(sealed), when, id)
}

// ReplaceStaffTOTP makes the pending secret the second factor, if it is
// still the one pending.
func (s *Store) ReplaceStaffTOTP(ctx context.Context, id string, pending []byte, step int64) (err error) {
	defer s.wrap(&err, "ReplaceStaffTOTP(%q)", id)
	if len(pending) == 0 {
		return domain.Errorf(domain.EInvalid, "No second-factor secret.")
	}
	ok, err := s.affected(ctx, `UPDATE staff_users SET totp_secret = totp_pending, totp_pending = NULL, totp_pending_at = NULL, totp_last_step = ?
		WHERE id = ? AND totp_pending = ?`, step, id, pending)
	if err == nil && !ok {
		return domain.Errorf(domain.EConflict, "The new authenticator is no longer being set up.")
	}
	return err
}

// ReplaceRecoveryCodes replaces the account's recovery codes.
func (s *Store) ReplaceRecoveryCodes(ctx context.Context, id string, hashes []string) (err error) {
	defer s.wrap(&err, "ReplaceRecoveryCodes(%q)", id)
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		// The account's row first: a concurrent reset waits, and a missing
		// account is ENotFound.
		if err := s.execOne(ctx, tx, "staff user", `UPDATE staff_users SET id = id WHERE id = ?`, id); err != nil {
			return err
		}
		return s.putRecoveryCodes(ctx, tx, id, hashes)
	})
}

// putRecoveryCodes replaces the account's recovery codes within tx.
func (s *Store) putRecoveryCodes(ctx context.Context, tx *sql.Tx, id string, hashes []string) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM staff_recovery_codes WHERE user_id = ?`), id); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES (?, ?)
			ON CONFLICT DO NOTHING`), id, h); err != nil {
			return err
		}
	}
	return nil
}

// ChangeStaffPassword sets a new password hash if the old one is still
// the account's, and ends its other sessions.
func (s *Store) ChangeStaffPassword(ctx context.Context, id, oldHash, newHash, keep string) (err error) {
	defer s.wrap(&err, "ChangeStaffPassword(%q)", id)
	if oldHash == "" || newHash == "" {
		return domain.Errorf(domain.EInvalid, "No password hash.")
	}
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE staff_users SET password_hash = ? WHERE id = ? AND password_hash = ? AND disabled = ?`),
			newHash, id, oldHash, false)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return domain.Errorf(domain.EConflict, "The account changed meanwhile.")
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM staff_sessions WHERE user_id = ? AND id <> ?`), id, keep)
		return err
	})
}

// EnableStaffTOTP makes sealed the second factor and replaces the
// recovery codes.
func (s *Store) EnableStaffTOTP(ctx context.Context, id string, sealed []byte, step int64, recoveryHashes []string) (err error) {
	defer s.wrap(&err, "EnableStaffTOTP(%q)", id)
	if len(sealed) == 0 {
		return domain.Errorf(domain.EInvalid, "No second-factor secret.")
	}
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		if err := s.execOne(ctx, tx, "staff user", `UPDATE staff_users
			SET totp_secret = ?, totp_pending = NULL, totp_pending_at = NULL, totp_last_step = ? WHERE id = ?`, sealed, step, id); err != nil {
			return err
		}
		return s.putRecoveryCodes(ctx, tx, id, recoveryHashes)
	})
}

// UseTOTPStep records step as used if it is later than the last one.
func (s *Store) UseTOTPStep(ctx context.Context, id string, step int64) (ok bool, err error) {
	defer s.wrap(&err, "UseTOTPStep(%q)", id)
	return s.affected(ctx, `UPDATE staff_users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, id, step)
}

// UseRecoveryCode removes a recovery code and reports whether it existed.
func (s *Store) UseRecoveryCode(ctx context.Context, id, codeHash string) (ok bool, err error) {
	defer s.wrap(&err, "UseRecoveryCode(%q)", id)
	return s.affected(ctx, `DELETE FROM staff_recovery_codes WHERE user_id = ? AND code_hash = ?`, id, codeHash)
}

// CountRecoveryCodes returns how many unused codes the account has.
func (s *Store) CountRecoveryCodes(ctx context.Context, id string) (n int, err error) {
	defer s.wrap(&err, "CountRecoveryCodes(%q)", id)
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM staff_recovery_codes WHERE user_id = ?`), id).Scan(&n)
	return n, err
}

// Refund takes back one event that Allow counted for key at the time at,
// unless its window has ended since (a window that started after at is
// another one). It is here rather than with Allow because it serves the
// staff sign-in's limit on second-step codes.
func (s *Store) Refund(ctx context.Context, key string, at time.Time) (err error) {
	defer s.wrap(&err, "Refund")
	_, err = s.w.ExecContext(ctx, s.q(`UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND window_start <= ? AND hits > 0`),
		key, s.t(stamp(at)))
	return err
}

// affected runs a write and reports whether it changed a row.
func (s *Store) affected(ctx context.Context, query string, args ...any) (bool, error) {
	res, err := s.w.ExecContext(ctx, s.q(query), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// prefixed qualifies each of a comma-separated column list with p.
func prefixed(p, columns string) string {
	cols := strings.Split(columns, ",")
	for i, c := range cols {
		cols[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}
