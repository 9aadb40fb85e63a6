-- The staff console's moderation.
--
-- Contact messages get a status (new, read, archived) instead of the
-- handled flag: handled ones are archived, the rest new. Spam stays a
-- flag of its own: quarantined messages live in the Spam folder whatever
-- their status.
ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'read', 'archived'));
UPDATE contact_messages SET status = CASE WHEN handled <> 0 THEN 'archived' ELSE 'new' END;
ALTER TABLE contact_messages DROP COLUMN handled;
CREATE INDEX contact_messages_folder ON contact_messages (spam, status, created_at DESC, id DESC);

-- Comments: visible (approved), held (for review) or spam. What was
-- stored as 'spam' was suspected spam held automatically: it is held;
-- what staff had 'hidden' is spam. SQLite cannot change a CHECK in
-- place, so the table is rebuilt (this runs in the migration's
-- transaction; nothing references comments, so dropping the old table
-- with foreign keys enforced deletes nothing else).
CREATE TABLE comments_new (
    id         TEXT PRIMARY KEY,
    blog_id    TEXT NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    website    TEXT NOT NULL,
    comment    TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('visible', 'held', 'spam')),
    created_at TEXT NOT NULL
) STRICT;
INSERT INTO comments_new (id, blog_id, name, email, website, comment, status, created_at)
    SELECT id, blog_id, name, email, website, comment,
           CASE status WHEN 'spam' THEN 'held' WHEN 'hidden' THEN 'spam' ELSE status END,
           created_at
    FROM comments;
DROP TABLE comments;
ALTER TABLE comments_new RENAME TO comments;
CREATE INDEX comments_blog_created ON comments (blog_id, created_at DESC, id DESC);
CREATE INDEX comments_status_created ON comments (status, created_at DESC, id DESC);
