package sqlstore

// Tags of blog posts (see domain.TagSlug): written with the post in its
// transaction, read with it, and listed for the tag pages and the sitemap.

import (
	"context"
	"database/sql"

	"corpsite/internal/domain"
)

// tagsChunk bounds the posts whose tags one query reads, well below
// every engine's limit of bound parameters.
const tagsChunk = 500

// writePostTags replaces the tags of post id with tags, in their order:
// each normalised, empty ones and later repeats of a slug dropped. The
// rules of domain.TagsProblem are the caller's to apply.
func (s *Store) writePostTags(ctx context.Context, tx *sql.Tx, id string, tags []string) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM blog_post_tags WHERE post_id = ?`), id); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, t := range domain.NormalizeTags(tags) {
		slug := domain.TagSlug(t)
		if slug == "" || seen[slug] {
			continue
		}
		seen[slug] = true
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO blog_post_tags (post_id, position, name, slug) VALUES (?, ?, ?, ?)`),
			id, len(seen), t, slug); err != nil {
			return err
		}
	}
	return nil
}

// keptTags is tags as writePostTags keeps them (nil for none).
func keptTags(tags []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range domain.NormalizeTags(tags) {
		if slug := domain.TagSlug(t); slug != "" && !seen[slug] {
			seen[slug] = true
			out = append(out, t)
		}
	}
	return out
}

// withTags fills the Tags of posts from the store (nil for a post without).
func (s *Store) withTags(ctx context.Context, posts []domain.BlogPost) error {
	at := make(map[string]int, len(posts))
	for i := range posts {
		at[posts[i].ID] = i
	}
	for start := 0; start < len(posts); start += tagsChunk {
		chunk := posts[start:min(start+tagsChunk, len(posts))]
		args := make([]any, len(chunk))
		for i, p := range chunk {
			args[i] = p.ID
		}
		rows, err := s.r.QueryContext(ctx, s.q(`SELECT post_id, name FROM blog_post_tags
			WHERE post_id IN (`+placeholders(len(chunk))+`) ORDER BY post_id, position`), args...)
		if err != nil {
			return err
		}
		if err := func() error {
			defer rows.Close()
			for rows.Next() {
				var id, name string
				if err := rows.Scan(&id, &name); err != nil {
					return err
				}
				if i, ok := at[id]; ok {
					posts[i].Tags = append(posts[i].Tags, name)
				}
			}
			return rows.Err()
		}(); err != nil {
			return err
		}
	}
	return nil
}

// tagCondition is the condition of BlogFilter.Tag: posts with that slug.
const tagCondition = `id IN (SELECT post_id FROM blog_post_tags WHERE slug = ?)`

// ListBlogTags returns the tags of published posts, at most limit (0 = no
// limit), by slug: each with its name as the newest published post that
// has it spells it, and how many published posts have it.
func (s *Store) ListBlogTags(ctx context.Context, limit int) (_ []domain.BlogTag, err error) {
	defer s.wrap(&err, "ListBlogTags")
	lim, _ := pageArgs(limit, 0)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT t.slug, COUNT(*),
			(SELECT t2.name FROM blog_post_tags t2 JOIN blog_posts p2 ON p2.id = t2.post_id
			 WHERE t2.slug = t.slug AND p2.status = ?
			 ORDER BY p2.created_at DESC, p2.id DESC LIMIT 1)
		FROM blog_post_tags t JOIN blog_posts p ON p.id = t.post_id
		WHERE p.status = ?
		GROUP BY t.slug ORDER BY t.slug LIMIT ?`),
		string(domain.PostPublished), string(domain.PostPublished), lim)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.BlogTag, error) {
		var t domain.BlogTag
		err := sc.Scan(&t.Slug, &t.Posts, &t.Name)
		return t, err
	})
}
