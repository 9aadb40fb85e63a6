-- Candidate e-mails from the pipeline: the template of each e-mail
-- (received, interview, rejection, offer) as staff last saved it; a
-- stage without a row uses its default text. Bodies are plain text with
-- placeholders; the HTML part is built from them when a mail is queued,
-- and the outbox keeps it next to the plain text ('' = text only).
CREATE TABLE candidate_templates (
    stage      TEXT PRIMARY KEY CHECK (stage IN ('received', 'interview', 'rejection', 'offer')),
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    updated_by TEXT NOT NULL
);
ALTER TABLE outbox ADD COLUMN html_body TEXT NOT NULL DEFAULT '';
