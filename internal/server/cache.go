package server

import (
	"container/list"
	"context"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// pageCacheBytes is the page cache's budget: the bytes of every cached
// page in every coding it is kept in (HTML, gzip, zstd, brotli) together.
// The whole public site (a few dozen pages of 30–70 KB of HTML, about 1.6
// times that with the compressed bodies) fits many times over.
const pageCacheBytes = 64 << 20

// otherPagesShare is the fraction (1/otherPagesShare) of the budget that
// pages other than the site's known ones (closed-job pages, for one) may
// use. They are evicted first, so however many of them visitors ask for,
// they never push a known page out.
const otherPagesShare = 4

// entryOverhead approximates the bytes an entry costs besides its page
// bodies (key, list element, map slot, headers).
const entryOverhead = 256

// pageCache keeps rendered pages by key, each stamped with the content
// version it was rendered from. A page of an older version than the
// newest is stale: it is not served as current, but it stays until its
// data is checked again (servePage, the rewarmer), and when that data is
// unchanged it is stamped with the newer version instead of rendered
// again. It holds at most pageCacheBytes (least recently used
// pages go first) in two tiers: known pages (the site's real pages and the
// shared not-found page) and the others, which are evicted before any
// known page and kept within a share of the budget. A page may expire:
// after that moment it is a miss, because what it shows changed with time.
type pageCache struct {
	mu      sync.Mutex
	budget  int
	version int64
	// latest mirrors version for advance's lock-free check on every hit.
	latest atomic.Int64
	pages  map[string]*list.Element // of *cacheEntry
	known  list.List                // most recently used first
	other  list.List
	size   [2]int // bytes in other, known
	// hits and misses count get's answers (for metrics).
	hits, misses atomic.Uint64
}

type cacheEntry struct {
	key     string
	page    *renderedPage
	known   bool
	size    int
	version int64 // the content version page was rendered from or checked against
}

func newPageCache(budget int) *pageCache {
	return &pageCache{budget: budget, pages: make(map[string]*list.Element)}
}

func (c *pageCache) tier(known bool) (*list.List, *int) {
	if known {
		return &c.known, &c.size[1]
	}
	return &c.other, &c.size[0]
}

// get returns the page cached under key for version, or nil (stale pages
// included). It costs a map lookup and a list move: no allocation.
func (c *pageCache) get(key string, version int64, now time.Time) *renderedPage {
	if f := c.find(key, version, now); !f.stale {
		return f.page
	}
	return nil
}

// found is what find found under a key.
type found struct {
	page *renderedPage // nil = nothing
	// stale: rendered from content older than the version asked for, or
	// expired; expired: past the moment its content changes by time
	// alone, so its render is out of date whatever its data.
	stale, expired bool
	known          bool // one of the site's known pages
}

// reusable is the page, stale or not, whose render may be kept when its
// data turns out unchanged: none once it expired, as time alone changed
// what it shows.
func (f found) reusable() *renderedPage {
	if f.expired {
		return nil
	}
	return f.page
}

// find returns the page cached under key, and whether it is stale for
// version at now. A stale page stays until it is replaced or evicted.
func (c *pageCache) find(key string, version int64, now time.Time) found {
	f := c.lookup(key, version, now)
	if f.page == nil || f.stale {
		c.misses.Add(1)
	} else {
		c.hits.Add(1)
	}
	return f
}

func (c *pageCache) lookup(key string, version int64, now time.Time) found {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.pages[key]
	if !ok {
		return found{}
	}
	e := el.Value.(*cacheEntry)
	l, _ := c.tier(e.known)
	l.MoveToFront(el)
	expired := !e.page.expires.IsZero() && !now.Before(e.page.expires)
	return found{page: e.page, stale: expired || e.version < version, expired: expired, known: e.known}
}

// drop removes the page of key unless it is newer than version.
func (c *pageCache) drop(key string, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.pages[key]; ok && el.Value.(*cacheEntry).version <= version {
		c.remove(el)
	}
}

// promote stamps the entry of key with version when it still holds p from
// older content: p's data was checked at version and found unchanged.
func (c *pageCache) promote(key string, p *renderedPage, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.pages[key]; ok {
		if e := el.Value.(*cacheEntry); e.page == p && e.version < version {
			e.version = version
		}
	}
}

// put caches p under key, unless it was rendered from older content than
// the cache holds. known says whether p is one of the site's known pages.
func (c *pageCache) put(key string, version int64, p *renderedPage, known bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version < c.version {
		return // rendered from older content
	}
	if version > c.version {
		c.version = version
		c.latest.Store(version)
	}
	if el, ok := c.pages[key]; ok {
		if el.Value.(*cacheEntry).version > version {
			return // a newer render is in already
		}
		c.remove(el)
	}
	e := &cacheEntry{key: key, page: p, known: known, size: len(key) + p.body.size() + entryOverhead, version: version}
	if e.size > c.budget/otherPagesShare && !known || e.size > c.budget {
		return // would take the place of too many others
	}
	l, n := c.tier(known)
	c.pages[key] = l.PushFront(e)
	*n += e.size
	// Other pages first, down to their share; then, only if a known page
	// needs the room, the least recently used known ones.
	for c.size[0] > 0 && (c.size[0] > c.budget/otherPagesShare || c.size[0]+c.size[1] > c.budget) {
		c.remove(c.other.Back())
	}
	for c.size[0]+c.size[1] > c.budget {
		c.remove(c.known.Back())
	}
}

func (c *pageCache) remove(el *list.Element) {
	e := el.Value.(*cacheEntry)
	l, n := c.tier(e.known)
	l.Remove(el)
	*n -= e.size
	delete(c.pages, e.key)
}

func (c *pageCache) reset(version int64) {
	c.version = version
	c.latest.Store(version)
	clear(c.pages)
	c.known.Init()
	c.other.Init()
	c.size = [2]int{}
}

// advance makes version the newest when it is newer, which makes every
// cached page stale, and returns true with the keys of the known pages,
// most recently used first (at most max), so they can be checked again in
// the background.
func (c *pageCache) advance(version int64, max int) ([]string, bool) {
	if version <= c.latest.Load() {
		return nil, false // the usual case: no lock
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if version <= c.version {
		return nil, false
	}
	var keys []string
	for el := c.known.Front(); el != nil && len(keys) < max; el = el.Next() {
		keys = append(keys, el.Value.(*cacheEntry).key)
	}
	c.version = version
	c.latest.Store(version)
	return keys, true
}

// stats returns the number of cached pages and the bytes they take.
func (c *pageCache) stats() (pages, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages), c.size[0] + c.size[1]
}

// pageExpiry returns the first moment after now at which the page built
// from api would show something else by time alone (a listed job closes),
// or zero if none. It looks at the jobs the page's data holds.
func pageExpiry(api map[string]wire.Result, now time.Time) time.Time {
	var first time.Time
	consider := func(closing *time.Time) {
		if t := domain.ClosesAt(closing); !t.IsZero() && t.After(now) && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	for _, r := range api {
		switch v := r.Data.(type) {
		case wire.Job:
			consider(v.ClosingDate)
		case []wire.Job:
			for _, j := range v {
				consider(j.ClosingDate)
			}
		}
	}
	return first
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
	s.cache.reset(s.cache.version)
	s.cache.mu.Unlock()
	s.errPage.Store(nil)
}
