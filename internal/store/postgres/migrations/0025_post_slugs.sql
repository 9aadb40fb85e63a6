-- A blog post's own address and what search engines and link previews
-- show of it. slug '' = the post lives at /blog/{id}; a slug is unique
-- among posts. seo_title, seo_description and social_image '' = the
-- title, the description and the cover stand in.
ALTER TABLE blog_posts ADD COLUMN slug TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN social_image TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX blog_posts_slug ON blog_posts (slug) WHERE slug <> '';

-- The earlier slugs of published posts: /blog/{slug} answers 301 to the
-- post's address. A row is written when a published post's slug changes
-- (a draft's earlier slugs were never public and are not kept), goes
-- when the post takes the slug back, and goes with the post.
CREATE TABLE blog_post_slugs (
    slug       TEXT PRIMARY KEY,
    post_id    TEXT NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    retired_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX blog_post_slugs_post ON blog_post_slugs (post_id);
