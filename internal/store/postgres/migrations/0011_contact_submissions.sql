-- The contact message stored for each idempotency key the contact form
-- sent, so that a retry (its first answer lost on the way) answers the
-- first message's ID instead of storing it again. key_hash is the SHA-256
-- (hex) of the key: the key is a bearer of the result and is not kept.
-- message_id is not a foreign key: the record outlives a message deleted
-- by staff (a retry then still gets its answer).
CREATE TABLE contact_submissions (
    key_hash    TEXT PRIMARY KEY,
    message_id  TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
-- Pruning forgets old keys.
CREATE INDEX contact_submissions_recorded ON contact_submissions (recorded_at);
