-- Suspected spam as a queue staff review: why an application was
-- suspected when it arrived, staff's verdict on it, and whether its
-- confirmation e-mail waits for that verdict (suspected spam is sent none
-- until staff mark it not spam).
ALTER TABLE applications ADD COLUMN spam_reasons TEXT NOT NULL DEFAULT '';
ALTER TABLE applications ADD COLUMN spam_review TEXT NOT NULL DEFAULT ''
    CHECK (spam_review IN ('', 'spam', 'not-spam'));
ALTER TABLE applications ADD COLUMN confirmation_held INTEGER NOT NULL DEFAULT 0;

-- Applications stored as spam before this migration were never sent
-- their confirmation, and were suspected by the one rule of the time.
UPDATE applications SET confirmation_held = 1,
    spam_reasons = 'suspected by the earlier check (the hidden field filled in, or the form sent in under 20 seconds)'
    WHERE spam = 1;

-- An e-mail address is looked up exactly, in any folder (a reference
-- has its unique index).
CREATE INDEX applications_email ON applications (email_key);
