package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"corpsite/internal/domain"
)

// Images uploaded for the text of blog posts (domain.PostImageStore).

// AddPostImage records an uploaded image.
func (s *Store) AddPostImage(ctx context.Context, img domain.PostImage) (err error) {
	defer s.wrap(&err, "AddPostImage(%q)", img.Src)
	versions, err := jsonArg(img.Versions)
	if err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, s.q(`INSERT INTO post_images (src, versions, by_id, uploaded_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (src) DO NOTHING`),
		img.Src, versions, img.ByID, s.t(stampOr(img.At, now())))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.EConflict, "An image is already stored at %s.", img.Src)
	}
	return nil
}

// PostImages returns those of srcs that are uploaded images.
func (s *Store) PostImages(ctx context.Context, srcs []string) (_ map[string]domain.PostImage, err error) {
	defer s.wrap(&err, "PostImages")
	out := map[string]domain.PostImage{}
	if len(srcs) == 0 {
		return out, nil
	}
	if len(srcs) > domain.PostImagesMax {
		return nil, fmt.Errorf("%d images, at most %d", len(srcs), domain.PostImagesMax)
	}
	args := make([]any, len(srcs))
	for i, src := range srcs {
		args[i] = src
	}
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT src, versions, by_id, uploaded_at FROM post_images
		WHERE src IN (`+placeholders(len(args))+`)`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var img domain.PostImage
		if err := rows.Scan(&img.Src, jsonCol{&img.Versions}, &img.ByID, timeCol{&img.At}); err != nil {
			return nil, err
		}
		out[img.Src] = img
	}
	return out, rows.Err()
}

// containing is a LIKE pattern that matches any text containing s.
func containing(s string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s) + "%"
}

// ImageInUse reports whether a post (its cover, social image or text, or
// the text of a kept revision) or a member's photo refers to a file of
// the upload. JSON columns are read as text (PostgreSQL keeps them as
// jsonb, whose text has the URLs as they are). The revisions, the most text, are read only when nothing
// current refers to it.
func (s *Store) ImageInUse(ctx context.Context, upload string) (used bool, err error) {
	defer s.wrap(&err, "ImageInUse")
	if upload == "" {
		return false, fmt.Errorf("an empty upload stem matches every image")
	}
	like := containing(upload)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`SELECT COUNT(*) > 0 FROM blog_posts WHERE image LIKE ? ESCAPE '\' OR CAST(image_versions AS TEXT) LIKE ? ESCAPE '\'
			OR social_image LIKE ? ESCAPE '\' OR content LIKE ? ESCAPE '\'`, []any{like, like, like, like}},
		{`SELECT COUNT(*) > 0 FROM staff_profiles WHERE CAST(photo_versions AS TEXT) LIKE ? ESCAPE '\'`, []any{like}},
		{`SELECT COUNT(*) > 0 FROM revisions WHERE kind = 'post' AND CAST(data AS TEXT) LIKE ? ESCAPE '\'`, []any{like}},
	} {
		if err := s.r.QueryRowContext(ctx, s.q(q.sql), q.args...).Scan(&used); err != nil || used {
			return used, err
		}
	}
	return false, nil
}

// ForgetPostImages removes the records of the text images of the upload.
func (s *Store) ForgetPostImages(ctx context.Context, upload string) (err error) {
	defer s.wrap(&err, "ForgetPostImages")
	if upload == "" {
		return fmt.Errorf("an empty upload stem matches every image")
	}
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM post_images WHERE src LIKE ? ESCAPE '\'`), containing(upload))
	return err
}
