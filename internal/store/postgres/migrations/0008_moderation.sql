-- The staff console's moderation.
--
-- Contact messages get a status (new, read, archived) instead of the
-- handled flag: handled ones are archived, the rest new. Spam stays a
-- flag of its own: quarantined messages live in the Spam folder whatever
-- their status.
ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'read', 'archived'));
UPDATE contact_messages SET status = CASE WHEN handled THEN 'archived' ELSE 'new' END;
ALTER TABLE contact_messages ALTER COLUMN status DROP DEFAULT;
ALTER TABLE contact_messages DROP COLUMN handled;
CREATE INDEX contact_messages_folder ON contact_messages (spam, status, created_at DESC, id DESC);

-- Comments: visible (approved), held (for review) or spam. What was
-- stored as 'spam' was suspected spam held automatically: it is held;
-- what staff had 'hidden' is spam. The CHECK written inline in 0001 got
-- PostgreSQL's default name.
ALTER TABLE comments DROP CONSTRAINT comments_status_check;
UPDATE comments SET status = CASE status WHEN 'spam' THEN 'held' WHEN 'hidden' THEN 'spam' ELSE status END;
ALTER TABLE comments ADD CONSTRAINT comments_status_check CHECK (status IN ('visible', 'held', 'spam'));
CREATE INDEX comments_status_created ON comments (status, created_at DESC, id DESC);
