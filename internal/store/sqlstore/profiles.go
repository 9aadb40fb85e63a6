package sqlstore

// Staff profiles (the public face of a post's author) and the authors
// loaded with posts.

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"corpsite/internal/domain"
)

const profileQuery = `SELECT u.id, COALESCE(p.display_name, ''), COALESCE(p.bio, ''),
	COALESCE(p.photo_versions, '[]'), p.updated_at, u.disabled
	FROM staff_users u LEFT JOIN staff_profiles p ON p.staff_id = u.id`

func scanProfile(sc scanner) (domain.StaffProfile, error) {
	var p domain.StaffProfile
	var at *time.Time
	err := sc.Scan(&p.StaffID, &p.DisplayName, &p.Bio, jsonCol{&p.Photo}, nullTimeCol{&at}, &p.Disabled)
	if at != nil {
		p.UpdatedAt = *at
	}
	if len(p.Photo) == 0 {
		p.Photo = nil
	}
	return p, err
}

// GetStaffProfile returns the profile of account staffID, empty when the
// member has made none.
func (s *Store) GetStaffProfile(ctx context.Context, staffID string) (_ domain.StaffProfile, err error) {
	defer s.wrap(&err, "GetStaffProfile(%q)", staffID)
	p, err := scanProfile(s.r.QueryRowContext(ctx, s.q(profileQuery+` WHERE u.id = ?`), staffID))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.StaffProfile{}, domain.NotFound("staff account")
	}
	return p, err
}

// ListStaffProfiles returns the profiles with a display name, by name.
func (s *Store) ListStaffProfiles(ctx context.Context) (_ []domain.StaffProfile, err error) {
	defer s.wrap(&err, "ListStaffProfiles")
	rows, err := s.r.QueryContext(ctx, s.q(profileQuery+` WHERE p.display_name <> ''
		ORDER BY LOWER(p.display_name), u.id`))
	if err != nil {
		return nil, err
	}
	return collect(rows, scanProfile)
}

// profileWrite runs write on an existing account's profile row (made
// when missing) in a transaction that bumps the content version when the
// member is the author of a published post.
func (s *Store) profileWrite(ctx context.Context, staffID string, write func(tx *sql.Tx, now time.Time) error) error {
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM staff_users WHERE id = ?`+s.d.ForUpdate), staffID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("staff account")
		}
		if err != nil {
			return false, err
		}
		t := now()
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO staff_profiles (staff_id, updated_at) VALUES (?, ?)
			ON CONFLICT (staff_id) DO NOTHING`), staffID, s.t(t)); err != nil {
			return false, err
		}
		if err := write(tx, t); err != nil {
			return false, err
		}
		var shown int
		err = tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM blog_posts WHERE author_id = ? AND status = ?`),
			staffID, string(domain.PostPublished)).Scan(&shown)
		return shown > 0, err
	})
}

// SaveStaffProfile stores p's display name and bio; the photo stays.
func (s *Store) SaveStaffProfile(ctx context.Context, p *domain.StaffProfile) (err error) {
	defer s.wrap(&err, "SaveStaffProfile(%q)", p.StaffID)
	err = s.profileWrite(ctx, p.StaffID, func(tx *sql.Tx, t time.Time) error {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE staff_profiles SET display_name = ?, bio = ?, updated_at = ?
			WHERE staff_id = ?`), p.DisplayName, p.Bio, s.t(t), p.StaffID)
		return err
	})
	if err != nil {
		return err
	}
	stored, err := s.GetStaffProfile(ctx, p.StaffID)
	if err == nil {
		*p = stored
	}
	return err
}

// SetStaffPhoto replaces the photo of account staffID and returns the old one.
func (s *Store) SetStaffPhoto(ctx context.Context, staffID string, photo []domain.ImageVersion) (old []domain.ImageVersion, err error) {
	defer s.wrap(&err, "SetStaffPhoto(%q)", staffID)
	versions, err := jsonArg(photo)
	if err != nil {
		return nil, err
	}
	err = s.profileWrite(ctx, staffID, func(tx *sql.Tx, t time.Time) error {
		err := tx.QueryRowContext(ctx, s.q(`SELECT photo_versions FROM staff_profiles WHERE staff_id = ?`), staffID).
			Scan(jsonCol{&old})
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE staff_profiles SET photo_versions = ?, updated_at = ?
			WHERE staff_id = ?`), versions, s.t(t), staffID)
		return err
	})
	if len(old) == 0 {
		old = nil
	}
	return old, err
}

// withAuthors fills the Author of each post that has one, from the
// author's profile (nil when it has no display name).
func (s *Store) withAuthors(ctx context.Context, posts []domain.BlogPost) error {
	var ids []any
	seen := map[string]bool{}
	for _, p := range posts {
		if p.AuthorID != "" && !seen[p.AuthorID] {
			seen[p.AuthorID] = true
			ids = append(ids, p.AuthorID)
		}
	}
	authors := make(map[string]*domain.PostAuthor, len(ids))
	for start := 0; start < len(ids); start += tagsChunk {
		chunk := ids[start:min(start+tagsChunk, len(ids))]
		rows, err := s.r.QueryContext(ctx, s.q(profileQuery+` WHERE u.id IN (`+placeholders(len(chunk))+`)`), chunk...)
		if err != nil {
			return err
		}
		profiles, err := collect(rows, scanProfile)
		if err != nil {
			return err
		}
		for _, p := range profiles {
			authors[p.StaffID] = domain.AuthorOf(p)
		}
	}
	for i := range posts {
		posts[i].Author = authors[posts[i].AuthorID]
	}
	return nil
}
