-- Extra headers of an outbox message (List-Unsubscribe of job alert
-- mail): a JSON array of {name, value}; '' = none.
ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '';

-- When a job last became public (moved to open). Job alerts list the jobs
-- published since their last digest. Open jobs count as published when
-- they were created.
ALTER TABLE jobs ADD COLUMN published_at TEXT;
UPDATE jobs SET published_at = created_at WHERE status = 'open';
CREATE INDEX jobs_published ON jobs (published_at);

-- Job alerts: an address that asked to hear of new jobs matching a
-- search (filter: jobsearch's canonical query string). Unconfirmed ones
-- are deleted after 48 hours; confirmed ones end at expires_at unless
-- renewed. window_end is the end of the last digest's window.
CREATE TABLE job_alerts (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL,
    email_key      TEXT NOT NULL,
    filter         TEXT NOT NULL,
    frequency      TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly')),
    created_at     TEXT NOT NULL,
    confirmed_at   TEXT,
    expires_at     TEXT NOT NULL,
    reminded_at    TEXT,
    window_end     TEXT NOT NULL,
    next_digest_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX job_alerts_address_filter ON job_alerts (email_key, filter);
CREATE INDEX job_alerts_due ON job_alerts (next_digest_at, id) WHERE confirmed_at IS NOT NULL;

-- The SHA-256 of each link token of an alert (one per mail sent); the
-- tokens themselves are only in the mail.
CREATE TABLE job_alert_tokens (
    token_hash TEXT PRIMARY KEY,
    alert_id   TEXT NOT NULL REFERENCES job_alerts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX job_alert_tokens_alert ON job_alert_tokens (alert_id);
