package sqlstore

import (
	"context"
	"time"
)

// Allow records one event for key in a fixed window and reports whether
// the window's count is within limit, and if not, how long until the
// window ends. One statement, so concurrent callers on any instance count
// correctly.
func (s *Store) Allow(ctx context.Context, key string, limit int, window time.Duration, now time.Time) (ok bool, retryAfter time.Duration, err error) {
	defer s.wrap(&err, "Allow")
	now = stamp(now)
	cutoff := now.Add(-window)
	var hits int
	var start time.Time
	err = s.w.QueryRowContext(ctx, s.q(`INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
			window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
		RETURNING hits, window_start`),
		key, s.t(now), s.t(cutoff), s.t(cutoff)).Scan(&hits, timeCol{&start})
	if err != nil {
		return false, 0, err
	}
	if hits <= limit {
		return true, 0, nil
	}
	// The window ends at start+window; a clock step back between instances
	// must not promise more than one window.
	return false, min(max(start.Add(window).Sub(now), 0), window), nil
}

// PruneRateLimits forgets windows that started before t.
func (s *Store) PruneRateLimits(ctx context.Context, t time.Time) (err error) {
	defer s.wrap(&err, "PruneRateLimits")
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM rate_limits WHERE window_start < ?`), s.t(t))
	return err
}
