package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
)

const postColumns = `id, title, description, image, image_versions, content, status, created_at, updated_at, version, updated_by, image_alt, author_id, slug, seo_title, seo_description, social_image`

func scanPost(sc scanner) (domain.BlogPost, error) {
	var p domain.BlogPost
	var author sql.NullString
	err := sc.Scan(&p.ID, &p.Title, &p.Description, &p.Image, jsonCol{&p.ImageVersions}, &p.Content, &p.Status,
		timeCol{&p.CreatedAt}, timeCol{&p.UpdatedAt}, &p.Version, &p.UpdatedBy, &p.ImageAlt, &author,
		&p.Slug, &p.SEOTitle, &p.SEODescription, &p.SocialImage)
	p.AuthorID = author.String
	if len(p.ImageVersions) == 0 {
		p.ImageVersions = nil // as it was given: none
	}
	return p, err
}

// blogWhere returns the WHERE clause and arguments for f.
func blogWhere(f domain.BlogFilter) (string, []any) {
	var conds []string
	var args []any
	if f.PublishedOnly {
		conds, args = append(conds, `status = ?`), append(args, string(domain.PostPublished))
	}
	if f.Tag != "" {
		conds, args = append(conds, tagCondition), append(args, f.Tag)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return ` WHERE ` + strings.Join(conds, " AND "), args
}

// ListBlogPosts returns a page of posts, newest first.
func (s *Store) ListBlogPosts(ctx context.Context, f domain.BlogFilter) (_ []domain.BlogPost, err error) {
	defer s.wrap(&err, "ListBlogPosts")
	where, args := blogWhere(f)
	limit, offset := pageArgs(f.Limit, f.Offset)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+postColumns+` FROM blog_posts`+where+`
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	posts, err := collect(rows, scanPost)
	if err != nil {
		return nil, err
	}
	if err := s.withTags(ctx, posts); err != nil {
		return nil, err
	}
	return posts, s.withAuthors(ctx, posts)
}

// CountBlogPosts returns how many posts f selects, ignoring its page.
func (s *Store) CountBlogPosts(ctx context.Context, f domain.BlogFilter) (n int, err error) {
	defer s.wrap(&err, "CountBlogPosts")
	where, args := blogWhere(f)
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM blog_posts`+where), args...).Scan(&n)
	return n, err
}

// GetBlogPost returns the post with the given ID.
func (s *Store) GetBlogPost(ctx context.Context, id string) (_ domain.BlogPost, err error) {
	defer s.wrap(&err, "GetBlogPost(%q)", id)
	p, err := scanPost(s.r.QueryRowContext(ctx, s.q(`SELECT `+postColumns+` FROM blog_posts WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.BlogPost{}, domain.NotFound("blog post")
	}
	if err == nil {
		one := []domain.BlogPost{p}
		err = s.withTags(ctx, one)
		if err == nil {
			err = s.withAuthors(ctx, one)
		}
		p = one[0]
	}
	return p, err
}

// CreateBlogPost stores p. Its content is sanitised (see package
// sanitize). An empty ID is filled with a new one, an empty status with
// draft and zero timestamps with the current time; p is updated with what
// was stored.
func (s *Store) CreateBlogPost(ctx context.Context, p *domain.BlogPost) (err error) {
	defer s.wrap(&err, "CreateBlogPost")
	c := *p
	c.Tags = keptTags(c.Tags)
	// Every write path cleans the HTML here, whoever calls: pages insert
	// the content as HTML.
	c.Content = sanitize.PostHTML(c.Content)
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	if c.Status == "" {
		c.Status = domain.PostDraft
	}
	t := now()
	c.CreatedAt, c.UpdatedAt = stampOr(c.CreatedAt, t), stampOr(c.UpdatedAt, t)
	c.Version = 1
	versions, err := jsonArg(c.ImageVersions)
	if err != nil {
		return err
	}
	// A draft is on no public page.
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		if err := s.claimPostSlug(ctx, tx, c.ID, c.Slug); err != nil {
			return false, err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO blog_posts (`+postColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.Title, c.Description, c.Image, versions, c.Content, string(c.Status),
			s.t(c.CreatedAt), s.t(c.UpdatedAt), c.Version, c.UpdatedBy, c.ImageAlt, nullString(c.AuthorID),
			c.Slug, c.SEOTitle, c.SEODescription, c.SocialImage)
		if err == nil {
			err = s.writePostTags(ctx, tx, c.ID, c.Tags)
		}
		if err == nil {
			err = s.keepRevision(ctx, tx, revisionPost, c.ID, c.Version, c.UpdatedAt, c.UpdatedBy, c)
		}
		return c.Status == domain.PostPublished, err
	})
	if err == nil {
		*p = c
	}
	return err
}

// UpdateBlogPost replaces every field of the post with p's ID except
// CreatedAt, sanitising the content as CreateBlogPost does, and sets
// UpdatedAt to the current time; p is updated with what was stored. The
// post's next version is kept as a revision; when p.Version is not 0 the
// stored version must be that one (else StaleVersion).
func (s *Store) UpdateBlogPost(ctx context.Context, p *domain.BlogPost) error {
	return s.updateBlogPost(ctx, p, "")
}

// UpdateBlogPostFrom is UpdateBlogPost while the stored status is from.
func (s *Store) UpdateBlogPostFrom(ctx context.Context, p *domain.BlogPost, from domain.PostStatus) error {
	return s.updateBlogPost(ctx, p, from)
}

// statusChanged is the conflict of a change based on a status that
// someone else changed meanwhile; was is the status stored now.
func statusChanged(what, was string) error {
	return domain.Errorf(domain.EConflict, "Someone else changed this %s meanwhile: it is now %s. Reload the page to see it, then make your change again.", what, was)
}

// updateBlogPost is UpdateBlogPost, only while the stored status is from (any when "").
func (s *Store) updateBlogPost(ctx context.Context, p *domain.BlogPost, from domain.PostStatus) (err error) {
	defer s.wrap(&err, "UpdateBlogPost(%q)", p.ID)
	c := *p
	c.Tags = keptTags(c.Tags)
	c.Content = sanitize.PostHTML(c.Content)
	if c.Status == "" {
		c.Status = domain.PostDraft
	}
	c.UpdatedAt = now()
	versions, err := jsonArg(c.ImageVersions)
	if err != nil {
		return err
	}
	// Editing a draft that stays a draft changes no public page.
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was, wasSlug string
		var version int
		err := tx.QueryRowContext(ctx, s.q(`SELECT status, version, slug FROM blog_posts WHERE id = ?`+s.d.ForUpdate), c.ID).Scan(&was, &version, &wasSlug)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("blog post")
		}
		if err != nil {
			return false, err
		}
		if from != "" && was != string(from) {
			return false, statusChanged("post", was)
		}
		if c.Version != 0 && c.Version != version {
			return false, domain.StaleVersion("blog post")
		}
		c.Version = version + 1
		if err := s.movePostSlug(ctx, tx, c.ID, wasSlug, c.Slug, was == string(domain.PostPublished), c.UpdatedAt); err != nil {
			return false, err
		}
		row := tx.QueryRowContext(ctx, s.q(`UPDATE blog_posts SET title = ?, description = ?, image = ?,
			image_versions = ?, content = ?, status = ?, updated_at = ?, version = ?, updated_by = ?, image_alt = ?,
			author_id = ?, slug = ?, seo_title = ?, seo_description = ?, social_image = ?
			WHERE id = ? RETURNING created_at`),
			c.Title, c.Description, c.Image, versions, c.Content, string(c.Status), s.t(c.UpdatedAt),
			c.Version, c.UpdatedBy, c.ImageAlt, nullString(c.AuthorID), c.Slug, c.SEOTitle, c.SEODescription, c.SocialImage, c.ID)
		err = row.Scan(timeCol{&c.CreatedAt})
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("blog post")
		}
		if err == nil {
			err = s.writePostTags(ctx, tx, c.ID, c.Tags)
		}
		if err == nil {
			err = s.keepRevision(ctx, tx, revisionPost, c.ID, c.Version, c.UpdatedAt, c.UpdatedBy, c)
		}
		if err == nil && c.Status == domain.PostPublished {
			err = dropSchedule(ctx, s, tx, c.ID) // published now: not later
		}
		return was == string(domain.PostPublished) || c.Status == domain.PostPublished, err
	})
	if err == nil {
		*p = c
	}
	return err
}

// DeleteBlogPost removes the post and, through the foreign key, its
// comments. Only a published post's removal bumps the content version.
func (s *Store) DeleteBlogPost(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteBlogPost(%q)", id)
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		err := tx.QueryRowContext(ctx, s.q(`DELETE FROM blog_posts WHERE id = ? RETURNING status`), id).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("blog post")
		}
		if err == nil {
			err = s.dropRevisions(ctx, tx, revisionPost, id)
		}
		return was == string(domain.PostPublished), err
	})
}
