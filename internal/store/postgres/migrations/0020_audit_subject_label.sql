-- What an audit entry's subject was called when the entry was written (a
-- job's title, a post's title, a member of staff's name), so that the log
-- still names a record after it was renamed or deleted. Entries written
-- before keep '' and are named by looking the subject up when shown.
ALTER TABLE audit_log ADD COLUMN subject_label TEXT NOT NULL DEFAULT '';
