-- The sizes of a blog post's cover image uploaded in the console, as a JSON
-- array of {url, width, height}, narrowest first; [] when the post has no
-- uploaded cover (its image, if any, has one size only).
ALTER TABLE blog_posts ADD COLUMN image_versions JSONB NOT NULL DEFAULT '[]';
