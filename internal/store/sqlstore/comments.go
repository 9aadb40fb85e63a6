package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"corpsite/internal/domain"
)

const commentColumns = `id, blog_id, name, email, website, comment, status, created_at`

// ListComments returns the comments on a post, newest first; visibleOnly
// drops held and spam ones. A post without comments, or no such post,
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
	if !n.Status.Valid() {
		return fmt.Errorf("unknown comment status %q", n.Status)
	}
	n.CreatedAt = stampOr(n.CreatedAt, now())
	// A comment held for review or spam changes no page.
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
// from visible bumps the content version (held ↔ spam changes no page).
func (s *Store) SetCommentStatus(ctx context.Context, id string, st domain.CommentStatus) (err error) {
	defer s.wrap(&err, "SetCommentStatus(%q)", id)
	if !st.Valid() {
		return fmt.Errorf("unknown comment status %q", st)
	}
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

// ListCommentsForReview lists the comments with f's status on every post,
// newest first, with their posts' titles and slugs.
func (s *Store) ListCommentsForReview(ctx context.Context, f domain.CommentFilter) (_ []domain.ReviewComment, err error) {
	defer s.wrap(&err, "ListCommentsForReview(%q)", f.Status)
	query := `SELECT c.id, c.blog_id, c.name, c.email, c.website, c.comment, c.status, c.created_at, p.title, p.slug
		FROM comments c JOIN blog_posts p ON p.id = c.blog_id`
	var where []string
	var args []any
	if f.Status != "" {
		where = append(where, `c.status = ?`)
		args = append(args, string(f.Status))
	}
	if len(f.IDs) > 0 {
		where = append(where, `c.id IN (`+placeholders(len(f.IDs))+`)`)
		for _, id := range f.IDs {
			args = append(args, id)
		}
	}
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	l, o := pageArgs(f.Limit, f.Offset)
	rows, err := s.r.QueryContext(ctx, s.q(query+` ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`), append(args, l, o)...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.ReviewComment, error) {
		var c domain.ReviewComment
		err := sc.Scan(&c.ID, &c.BlogID, &c.Name, &c.Email, &c.Website, &c.Comment.Comment, &c.Status,
			timeCol{&c.CreatedAt}, &c.PostTitle, &c.PostSlug)
		return c, err
	})
}

// CountComments counts the comments with status st ("" = all).
func (s *Store) CountComments(ctx context.Context, st domain.CommentStatus) (n int, err error) {
	defer s.wrap(&err, "CountComments(%q)", st)
	query, args := `SELECT COUNT(*) FROM comments`, []any{}
	if st != "" {
		query += ` WHERE status = ?`
		args = append(args, string(st))
	}
	err = s.r.QueryRowContext(ctx, s.q(query), args...).Scan(&n)
	return n, err
}

// bulkIDs checks the IDs of a bulk action and drops repeats.
func bulkIDs(ids []string) ([]any, error) {
	if len(ids) == 0 || len(ids) > domain.MaxBulk {
		return nil, fmt.Errorf("bulk action on %d records: want 1 to %d", len(ids), domain.MaxBulk)
	}
	seen := make(map[string]bool, len(ids))
	args := make([]any, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			args = append(args, id)
		}
	}
	return args, nil
}

// SetCommentsStatus gives the listed comments status st in one
// transaction; see domain.CommentStore. The content version moves when a
// comment became or stopped being visible.
func (s *Store) SetCommentsStatus(ctx context.Context, ids []string, st domain.CommentStatus) (n int, err error) {
	defer s.wrap(&err, "SetCommentsStatus(%q)", st)
	if !st.Valid() {
		return 0, fmt.Errorf("unknown comment status %q", st)
	}
	args, err := bulkIDs(ids)
	if err != nil {
		return 0, err
	}
	in := `id IN (` + placeholders(len(args)) + `)`
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		// First the comments whose visibility stays, then those whose
		// visibility changes (visible ones leaving, or others becoming
		// visible; the first update made none of them): the row counts
		// say whether the version must move, without a read that a
		// concurrent writer could make stale.
		flip := `status = 'visible'`
		if st == domain.CommentVisible {
			flip = `status <> 'visible'`
		}
		var counts [2]int64
		for i, cond := range []string{`NOT (` + flip + `)`, flip} {
			res, err := tx.ExecContext(ctx, s.q(`UPDATE comments SET status = ? WHERE `+in+` AND `+cond), append([]any{string(st)}, args...)...)
			if err != nil {
				return false, err
			}
			if counts[i], err = res.RowsAffected(); err != nil {
				return false, err
			}
		}
		total, flips := int(counts[0]+counts[1]), counts[1]
		if total == 0 {
			return false, domain.NotFound("comment")
		}
		n = total
		return flips > 0, nil
	})
	return n, err
}

// DeleteComments removes the listed comments in one transaction; see
// domain.CommentStore. The content version moves when a visible one went.
func (s *Store) DeleteComments(ctx context.Context, ids []string) (n int, err error) {
	defer s.wrap(&err, "DeleteComments")
	args, err := bulkIDs(ids)
	if err != nil {
		return 0, err
	}
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		rows, err := tx.QueryContext(ctx, s.q(`DELETE FROM comments WHERE id IN (`+placeholders(len(args))+`) RETURNING status`), args...)
		if err != nil {
			return false, err
		}
		statuses, err := collect(rows, func(sc scanner) (string, error) {
			var st string
			return st, sc.Scan(&st)
		})
		if err != nil {
			return false, err
		}
		if len(statuses) == 0 {
			return false, domain.NotFound("comment")
		}
		n = len(statuses)
		return slices.Contains(statuses, string(domain.CommentVisible)), nil
	})
	return n, err
}
