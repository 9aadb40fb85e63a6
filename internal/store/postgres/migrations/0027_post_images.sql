-- Images uploaded for the text of blog posts. The text refers to one by
-- src, the URL path of its widest JPEG; versions are its sizes and
-- formats (JSON, as blog_posts.image_versions), from which the post's
-- page builds srcset and <source>. An image belongs to no post: it is
-- uploaded while a post is written, before a new one is saved. by_id is
-- the member of staff who uploaded it.
CREATE TABLE post_images (
    src         TEXT PRIMARY KEY,
    versions    JSONB NOT NULL,
    by_id       TEXT NOT NULL,
    uploaded_at TIMESTAMPTZ NOT NULL
);
