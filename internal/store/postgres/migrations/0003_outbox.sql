-- E-mail waiting to be sent (staff notifications). A sending row's
-- next_attempt_at is when its sender's lease runs out.
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    reply_to        TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    last_error      TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    sent_at         TIMESTAMPTZ
);
-- Claims look for due rows among those not yet done.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX outbox_status_created ON outbox (status, created_at DESC, id DESC);
