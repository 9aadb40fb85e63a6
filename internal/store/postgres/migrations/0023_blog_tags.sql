-- Tags of blog posts: each as typed (name) and its slug, the tag page's
-- address, unique per post (tags are matched regardless of case). position
-- keeps the order the editor gave. A post's tags go with it.
CREATE TABLE blog_post_tags (
    post_id  TEXT NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    slug     TEXT NOT NULL,
    PRIMARY KEY (post_id, slug)
);
CREATE INDEX blog_post_tags_slug ON blog_post_tags (slug, post_id);
