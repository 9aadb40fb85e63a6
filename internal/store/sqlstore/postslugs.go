package sqlstore

// The addresses of blog posts: a post's slug is unique among posts, and
// no post takes another's earlier slug (blog_post_slugs) or ID. A
// published post's slug change keeps the slug it had as an earlier one,
// which the site answers with a redirect; a draft's is not kept (it was
// never public). A post that takes one of its own earlier slugs back
// drops it from the earlier ones. Deleting the post deletes them all.

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"corpsite/internal/domain"
)

// errSlugTaken refuses a slug another post uses, at the slug field.
func errSlugTaken() error {
	return &domain.Error{Code: domain.EInvalid, Message: domain.MsgSlugTaken, Fields: map[string]string{"slug": domain.MsgSlugTaken}}
}

// claimPostSlug checks, in tx, that no post but id uses slug as its
// slug, an earlier slug or its ID ("" claims nothing).
func (s *Store) claimPostSlug(ctx context.Context, tx *sql.Tx, id, slug string) error {
	if slug == "" {
		return nil
	}
	var other string
	err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM blog_posts WHERE (slug = ? OR id = ?) AND id <> ?
		UNION ALL SELECT post_id FROM blog_post_slugs WHERE slug = ? AND post_id <> ?
		LIMIT 1`), slug, slug, id, slug, id).Scan(&other)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return errSlugTaken()
}

// movePostSlug changes post id's slug from was to slug in tx: slug must
// be free (claimPostSlug); was is kept as an earlier slug when the post
// was published; slug leaves the post's earlier slugs.
func (s *Store) movePostSlug(ctx context.Context, tx *sql.Tx, id, was, slug string, published bool, at time.Time) error {
	if was == slug {
		return nil
	}
	if err := s.claimPostSlug(ctx, tx, id, slug); err != nil {
		return err
	}
	if slug != "" {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM blog_post_slugs WHERE slug = ? AND post_id = ?`), slug, id); err != nil {
			return err
		}
	}
	if was == "" || !published {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO blog_post_slugs (slug, post_id, retired_at) VALUES (?, ?, ?)`), was, id, s.t(at))
	return err
}

// FindPostAddress returns the post whose address key is: its ID, its
// slug or one of its earlier slugs, in that order. ENotFound when none.
func (s *Store) FindPostAddress(ctx context.Context, key string) (_ domain.PostAddress, err error) {
	defer s.wrap(&err, "FindPostAddress(%q)", key)
	var a domain.PostAddress
	err = s.r.QueryRowContext(ctx, s.q(`SELECT id, slug, status FROM (
			SELECT id, slug, status, 0 AS o FROM blog_posts WHERE id = ?
			UNION ALL SELECT id, slug, status, 1 FROM blog_posts WHERE slug = ?
			UNION ALL SELECT p.id, p.slug, p.status, 2 FROM blog_post_slugs e JOIN blog_posts p ON p.id = e.post_id WHERE e.slug = ?
		) found ORDER BY o LIMIT 1`), key, key, key).Scan(&a.ID, &a.Slug, &a.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.PostAddress{}, domain.NotFound("blog post")
	}
	return a, err
}

// EarlierPostSlugs lists post id's earlier slugs, newest first.
func (s *Store) EarlierPostSlugs(ctx context.Context, id string) (_ []string, err error) {
	defer s.wrap(&err, "EarlierPostSlugs(%q)", id)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT slug FROM blog_post_slugs WHERE post_id = ? ORDER BY retired_at DESC, slug`), id)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (string, error) {
		var v string
		return v, sc.Scan(&v)
	})
}
