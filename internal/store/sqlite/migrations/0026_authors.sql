-- Authors of blog posts. A member of staff's public profile: the name
-- and short bio shown under the posts they wrote, and a square photo as
-- a JSON array of {url, width, height, webp}, smallest first ([] = no
-- photo). A member needs a display name to be chosen as an author.
CREATE TABLE staff_profiles (
    staff_id       TEXT PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
    display_name   TEXT NOT NULL DEFAULT '',
    bio            TEXT NOT NULL DEFAULT '',
    photo_versions TEXT NOT NULL DEFAULT '[]',
    updated_at     TEXT NOT NULL
) STRICT;

-- A post's author (NULL = none: the organisation). An account that is
-- disabled stays the author of its posts; a deleted one leaves them
-- without an author.
ALTER TABLE blog_posts ADD COLUMN author_id TEXT REFERENCES staff_users (id) ON DELETE SET NULL;
CREATE INDEX blog_posts_author ON blog_posts (author_id) WHERE author_id IS NOT NULL;
