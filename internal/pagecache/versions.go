package pagecache

import (
	"context"
	"sync"
	"time"
)

// Versions asks the store for the content version at most once per TTL,
// so every instance notices another instance's change within it.
type Versions struct {
	// Read reads the content version from the store.
	Read func(ctx context.Context) (int64, error)
	TTL  time.Duration
	Now  func() time.Time

	mu      sync.Mutex
	version int64
	checked time.Time
}

// Get returns the content version, read from the store when the one
// known is older than TTL.
func (v *Versions) Get(ctx context.Context) (int64, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.Now()
	if !v.checked.IsZero() && now.Sub(v.checked) < v.TTL {
		return v.version, nil
	}
	n, err := v.Read(ctx)
	if err != nil {
		return 0, err
	}
	v.version, v.checked = n, now
	return n, nil
}

// Invalidate makes the next Get ask the store (after this instance wrote).
func (v *Versions) Invalidate() {
	v.mu.Lock()
	v.checked = time.Time{}
	v.mu.Unlock()
}
