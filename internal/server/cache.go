package server

import (
	"context"
	"sync"
	"time"

	"corpsite/internal/domain"
)

// pageCache keeps rendered pages by key for one content version. A newer
// version empties it. Its size is bounded; when full, an arbitrary entry
// goes (map iteration order), which is fine for a site of this size.
type pageCache struct {
	mu      sync.RWMutex
	max     int
	version int64
	pages   map[string]*renderedPage
}

func newPageCache(max int) *pageCache {
	return &pageCache{max: max, pages: make(map[string]*renderedPage)}
}

func (c *pageCache) get(key string, version int64) *renderedPage {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.version != version {
		return nil
	}
	return c.pages[key]
}

func (c *pageCache) put(key string, version int64, p *renderedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case version < c.version:
		return // rendered from older content
	case version > c.version:
		c.version = version
		clear(c.pages)
	}
	if _, ok := c.pages[key]; !ok && len(c.pages) >= c.max {
		for k := range c.pages {
			delete(c.pages, k)
			break
		}
	}
	c.pages[key] = p
}

func (c *pageCache) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.pages)
}

// versionCache asks the store for the content version at most once per
// ttl, so every instance notices another instance's change within ttl.
type versionCache struct {
	store domain.Store
	ttl   time.Duration
	now   func() time.Time

	mu      sync.Mutex
	version int64
	checked time.Time
}

func (v *versionCache) get(ctx context.Context) (int64, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.now()
	if !v.checked.IsZero() && now.Sub(v.checked) < v.ttl {
		return v.version, nil
	}
	n, err := v.store.ContentVersion(ctx)
	if err != nil {
		return 0, err
	}
	v.version, v.checked = n, now
	return n, nil
}

// invalidate makes the next get ask the store (after this instance wrote).
func (v *versionCache) invalidate() {
	v.mu.Lock()
	v.checked = time.Time{}
	v.mu.Unlock()
}

// DropCache forgets every rendered page, so the next request of each page
// renders again (benchmarks measure cold renders with it).
func (s *Server) DropCache() {
	s.cache.mu.Lock()
	clear(s.cache.pages)
	s.cache.mu.Unlock()
}
