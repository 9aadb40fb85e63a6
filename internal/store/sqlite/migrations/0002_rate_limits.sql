-- Fixed-window counters for per-client rate limits, shared by instances.
CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start TEXT NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
