-- The applications inbox: where each application stands in the hiring
-- pipeline, staff's internal notes on it, and what the console filters,
-- searches and sorts by.

-- Every application starts as new; a later application by the same
-- applicant for the same job sets it to new again (sqlstore).
ALTER TABLE applications ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'));
ALTER TABLE applications ADD COLUMN status_changed_at TEXT NOT NULL DEFAULT '';
UPDATE applications SET status_changed_at = applied_at;

-- The full name lower-cased by the server (Unicode, like PostgreSQL's
-- lower()), so that a search ignores case the same way on both engines.
-- Rows stored before this migration get SQLite's ASCII-only lower().
ALTER TABLE applications ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE applications SET name_key = lower(full_name);

CREATE INDEX applications_status_applied ON applications (status, applied_at DESC, id DESC);
CREATE INDEX applications_spam_applied ON applications (spam, applied_at DESC, id DESC);
CREATE INDEX applications_name ON applications (name_key);

-- Staff's notes on an application; they go with it.
CREATE TABLE application_notes (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    author_id      TEXT NOT NULL,
    author_name    TEXT NOT NULL,
    body           TEXT NOT NULL,
    created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX application_notes_application ON application_notes (application_id, created_at, id);
