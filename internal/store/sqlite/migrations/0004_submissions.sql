-- The result of each submission made with an idempotency key, so that a
-- retry answers the first result instead of saving again. key_hash is the
-- SHA-256 (hex) of the key: the key is a bearer of the result and is not
-- kept. application_id is not a foreign key: the record outlives an
-- application deleted by staff (a retry then still gets its answer).
CREATE TABLE submissions (
    key_hash       TEXT PRIMARY KEY,
    job_id         TEXT NOT NULL,
    application_id TEXT NOT NULL,
    reference      TEXT NOT NULL,
    created        INTEGER NOT NULL,
    recorded_at    TEXT NOT NULL
) STRICT;
-- Pruning forgets old keys.
CREATE INDEX submissions_recorded ON submissions (recorded_at);
