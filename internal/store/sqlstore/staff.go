package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"corpsite/internal/domain"
)

const staffColumns = `id, email, name, password_hash, role, created_at`

func scanStaff(sc scanner) (domain.StaffUser, error) {
	var u domain.StaffUser
	err := sc.Scan(&u.ID, &u.Email, &u.Name, &u.PasswordHash, &u.Role, timeCol{&u.CreatedAt})
	return u, err
}

// emailKey is the form in which e-mail addresses are compared.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

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
	// The conflict target names the e-mail index only: a taken ID stays an
	// internal error rather than passing for a taken address.
	res, err := s.w.ExecContext(ctx, s.q(`INSERT INTO staff_users (`+staffColumns+`, email_key)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email_key) DO NOTHING`),
		c.ID, c.Email, c.Name, c.PasswordHash, c.Role, s.t(c.CreatedAt), emailKey(c.Email))
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

// DeleteStaffUser removes an account.
func (s *Store) DeleteStaffUser(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteStaffUser(%q)", id)
	return s.execOne(ctx, s.w, "staff user", `DELETE FROM staff_users WHERE id = ?`, id)
}
