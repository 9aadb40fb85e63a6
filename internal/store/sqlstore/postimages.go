package sqlstore

import (
	"context"
	"fmt"

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
