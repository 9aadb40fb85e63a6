-- Scheduled publishing of blog posts: a draft with a row here publishes
-- itself at publish_at (the server's scheduler, or bin/site posts
-- publish-due). by_* are the member of staff who scheduled it, named in
-- the audit entry of the publication. The row goes when the post is
-- published, unscheduled or deleted.
CREATE TABLE blog_post_schedules (
    post_id      TEXT PRIMARY KEY REFERENCES blog_posts (id) ON DELETE CASCADE,
    publish_at   TEXT NOT NULL,
    by_id        TEXT NOT NULL,
    by_name      TEXT NOT NULL,
    by_email     TEXT NOT NULL,
    scheduled_at TEXT NOT NULL
) STRICT;
CREATE INDEX blog_post_schedules_due ON blog_post_schedules (publish_at, post_id);
