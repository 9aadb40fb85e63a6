-- Contact messages answered in the console.
-- search_key: the sender's name, address, subject and text lower-cased
-- (by Go for new messages: domain.ContactSearchKey; messages stored
-- before this migration are lower-cased by SQLite, ASCII letters only).
-- assigned_to: the ID of the member of staff handling it, '' = no one.
ALTER TABLE contact_messages ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_messages ADD COLUMN assigned_to TEXT NOT NULL DEFAULT '';
UPDATE contact_messages SET search_key = LOWER(name || char(10) || email || char(10) || subject || char(10) || message);
CREATE INDEX contact_messages_assigned ON contact_messages (assigned_to, created_at DESC, id DESC);

-- A message's thread: staff's internal notes and the replies e-mailed
-- from the console (outbox_id: the reply's e-mail; the outbox may forget
-- it after a while, so it is not a foreign key).
CREATE TABLE contact_thread (
    id          TEXT PRIMARY KEY,
    message_id  TEXT NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('note', 'reply')),
    author_id   TEXT NOT NULL,
    author_name TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    outbox_id   TEXT NOT NULL,
    created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX contact_thread_message ON contact_thread (message_id, created_at, id);
