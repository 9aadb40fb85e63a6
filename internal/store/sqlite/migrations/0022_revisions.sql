-- Every save of a job or a blog post is a new version of it: version
-- counts them (a save based on an older one is refused as a conflict) and
-- updated_by names who made the last one. revisions keeps a copy of each
-- version (data: the item as JSON), the last 50 of an item; older ones are
-- removed in the transaction that adds a new one.
ALTER TABLE jobs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE jobs ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE blog_posts ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
-- A post's cover image described for people who cannot see it (its alt
-- text on public pages); publishing a post with a cover needs it.
ALTER TABLE blog_posts ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';

CREATE TABLE revisions (
    kind     TEXT NOT NULL CHECK (kind IN ('job', 'post')),
    item_id  TEXT NOT NULL,
    version  INTEGER NOT NULL,
    saved_at TEXT NOT NULL,
    saved_by TEXT NOT NULL,
    data     TEXT NOT NULL,
    PRIMARY KEY (kind, item_id, version)
) STRICT;
