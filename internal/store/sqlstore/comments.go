package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"corpsite/internal/domain"
)

const commentColumns = `id, blog_id, name, email, website, comment, status, created_at`

// ListComments returns the comments on a post, newest first; visibleOnly
// drops spam and hidden ones. A post without comments, or no such post,
// gives an empty list.
func (s *Store) ListComments(ctx context.Context, blogID string, visibleOnly bool) (_ []domain.Comment, err error) {
	defer s.wrap(&err, "ListComments(%q)", blogID)
	query := `SELECT ` + commentColumns + ` FROM comments WHERE blog_id = ?`
	args := []any{blogID}
	if visibleOnly {
		query += ` AND status = ?`
		args = append(args, string(domain.CommentVisible))
	}
	rows, err := s.r.QueryContext(ctx, s.q(query+` ORDER BY created_at DESC, id DESC`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	comments := []domain.Comment{}
	for rows.Next() {
		var c domain.Comment
		if err := rows.Scan(&c.ID, &c.BlogID, &c.Name, &c.Email, &c.Website, &c.Comment, &c.Status,
			timeCol{&c.CreatedAt}); err != nil {
			return nil, err
		}
		comments = append(comments, c)
	}
	return comments, rows.Err()
}

// CreateComment stores c under its post (ENotFound if the post does not
// exist). An empty ID is filled with a new one, an empty status with
// visible and a zero CreatedAt with the current time; c is updated with
// what was stored.
func (s *Store) CreateComment(ctx context.Context, c *domain.Comment) (err error) {
	defer s.wrap(&err, "CreateComment(post %q)", c.BlogID)
	n := *c
	if n.ID == "" {
		n.ID = domain.NewID()
	}
	if n.Status == "" {
		n.Status = domain.CommentVisible
	}
	n.CreatedAt = stampOr(n.CreatedAt, now())
	// A comment held for review (spam, hidden) changes no page.
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM blog_posts WHERE id = ?`), n.BlogID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("blog post")
		}
		if err != nil {
			return false, err
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO comments (`+commentColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
			n.ID, n.BlogID, n.Name, n.Email, n.Website, n.Comment, string(n.Status), s.t(n.CreatedAt))
		return n.Status == domain.CommentVisible, err
	})
	if err == nil {
		*c = n
	}
	return err
}

// SetCommentStatus changes whether a comment is shown. Only a change to or
// from visible bumps the content version (spam ↔ hidden changes no page).
func (s *Store) SetCommentStatus(ctx context.Context, id string, st domain.CommentStatus) (err error) {
	defer s.wrap(&err, "SetCommentStatus(%q)", id)
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		err := tx.QueryRowContext(ctx, s.q(`SELECT status FROM comments WHERE id = ?`+s.d.ForUpdate), id).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("comment")
		}
		if err != nil {
			return false, err
		}
		if err := s.execOne(ctx, tx, "comment", `UPDATE comments SET status = ? WHERE id = ?`, string(st), id); err != nil {
			return false, err
		}
		visible := string(domain.CommentVisible)
		return (was == visible) != (st == domain.CommentVisible), nil
	})
}

// DeleteComment removes a comment; only a visible one bumps the content
// version.
func (s *Store) DeleteComment(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteComment(%q)", id)
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		err := tx.QueryRowContext(ctx, s.q(`DELETE FROM comments WHERE id = ? RETURNING status`), id).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("comment")
		}
		return was == string(domain.CommentVisible), err
	})
}
