-- The staff console's audit log: who did what, when and from where.
-- Subjects name records by ID or reference, never by personal data.
CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    at          TEXT NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    actor_key   TEXT NOT NULL, -- lower-case e-mail, for filtering
    action      TEXT NOT NULL,
    subject     TEXT NOT NULL,
    detail      TEXT NOT NULL,
    client_ip   TEXT NOT NULL
) STRICT;
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at ON audit_log (action, at DESC);
