-- Fixed-window counters for per-client rate limits, shared by instances.
CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start TIMESTAMPTZ NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
