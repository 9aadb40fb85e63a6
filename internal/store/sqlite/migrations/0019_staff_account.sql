-- The staff account page: when a pending two-step secret was made (it is
-- kept, so that a reload shows the same one, for ten minutes), and the
-- browser each session signed in from (shown in the member's own list of
-- sessions).
ALTER TABLE staff_users ADD COLUMN totp_pending_at TEXT;
ALTER TABLE staff_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
