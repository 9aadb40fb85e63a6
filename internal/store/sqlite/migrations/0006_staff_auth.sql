-- Staff sign-in: disabled accounts, the second factor (sealed secrets,
-- the last time step used), one-time set-up tokens, recovery codes and
-- sessions. Tokens and codes are kept as SHA-256 hashes only.
ALTER TABLE staff_users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE staff_users ADD COLUMN totp_secret BLOB;
ALTER TABLE staff_users ADD COLUMN totp_pending BLOB;
ALTER TABLE staff_users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;

-- At most one live set-up token per account.
CREATE TABLE staff_setup_tokens (
    user_id    TEXT PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL
) STRICT;

CREATE TABLE staff_recovery_codes (
    user_id   TEXT NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    PRIMARY KEY (user_id, code_hash)
) STRICT;

CREATE TABLE staff_sessions (
    id           TEXT PRIMARY KEY, -- SHA-256 of the cookie's token
    user_id      TEXT NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL
) STRICT;
CREATE INDEX staff_sessions_user ON staff_sessions (user_id);
