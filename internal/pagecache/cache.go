package pagecache

import (
	"container/list"
	"sync"
	"sync/atomic"
	"time"
)

// Page is what the cache needs of a cached page: its size in bytes (every
// body it is kept in) and when its content changes by time alone (zero =
// never). A nil page is no page.
type Page interface {
	comparable
	Size() int
	Expires() time.Time
}

// otherPagesShare is the fraction (1/otherPagesShare) of the budget that
// pages other than the site's known ones (closed-job pages, for one) may
// use. They are evicted first, so however many of them visitors ask for,
// they never push a known page out.
const otherPagesShare = 4

// entryOverhead approximates the bytes an entry costs besides its page
// bodies (key, list element, map slot, headers).
const entryOverhead = 256

// Cache keeps rendered pages by key, each stamped with the content
// version it was rendered from. A page of an older version than the
// newest is stale: it is not served as current, but it stays until its
// data is checked again (servePage, the rewarmer), and when that data is
// unchanged it is stamped with the newer version instead of rendered
// again. It holds at most its budget in bytes (least recently
// used pages go first) in two tiers: known pages (the site's real pages and the
// shared not-found page) and the others, which are evicted before any
// known page and kept within a share of the budget. A page may expire:
// after that moment it is a miss, because what it shows changed with time.
type Cache[P Page] struct {
	mu      sync.Mutex
	budget  int
	version int64
	// latest mirrors version for advance's lock-free check on every hit.
	latest atomic.Int64
	pages  map[string]*list.Element // of *cacheEntry
	known  list.List                // most recently used first
	other  list.List
	size   [2]int // bytes in other, known
	// Hits and Misses count Find's answers (for metrics).
	Hits, Misses atomic.Uint64
}

type cacheEntry[P Page] struct {
	key     string
	page    P
	known   bool
	size    int
	version int64 // the content version page was rendered from or checked against
}

// New returns an empty cache of budget bytes.
func New[P Page](budget int) *Cache[P] {
	return &Cache[P]{budget: budget, pages: make(map[string]*list.Element)}
}

// Budget is the cache's budget in bytes.
func (c *Cache[P]) Budget() int { return c.budget }

func (c *Cache[P]) tier(known bool) (*list.List, *int) {
	if known {
		return &c.known, &c.size[1]
	}
	return &c.other, &c.size[0]
}

// Get returns the page cached under key for version, or nil (stale pages
// included). It costs a map lookup and a list move: no allocation.
func (c *Cache[P]) Get(key string, version int64, now time.Time) P {
	if f := c.Find(key, version, now); !f.Stale {
		return f.Page
	}
	var none P
	return none
}

// Found is what Find found under a key.
type Found[P Page] struct {
	Page P // nil = nothing
	// Stale: rendered from content older than the version asked for, or
	// expired; Expired: past the moment its content changes by time
	// alone, so its render is out of date whatever its data.
	Stale, Expired bool
	Known          bool // one of the site's known pages
}

// Reusable is the page, stale or not, whose render may be kept when its
// data turns out unchanged: none once it expired, as time alone changed
// what it shows.
func (f Found[P]) Reusable() P {
	if f.Expired {
		var none P
		return none
	}
	return f.Page
}

// Find returns the page cached under key, and whether it is stale for
// version at now. A stale page stays until it is replaced or evicted.
func (c *Cache[P]) Find(key string, version int64, now time.Time) Found[P] {
	f := c.lookup(key, version, now)
	var none P
	if f.Page == none || f.Stale {
		c.Misses.Add(1)
	} else {
		c.Hits.Add(1)
	}
	return f
}

// Fresh returns the page cached under key when it is current for
// version at now, and counts the hit; otherwise nil, counting nothing: a
// caller that then asks Find has the miss counted there, once.
func (c *Cache[P]) Fresh(key string, version int64, now time.Time) P {
	f := c.lookup(key, version, now)
	var none P
	if f.Page == none || f.Stale {
		return none
	}
	c.Hits.Add(1)
	return f.Page
}

func (c *Cache[P]) lookup(key string, version int64, now time.Time) Found[P] {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.pages[key]
	if !ok {
		return Found[P]{}
	}
	e := el.Value.(*cacheEntry[P])
	l, _ := c.tier(e.known)
	l.MoveToFront(el)
	exp := e.page.Expires()
	expired := !exp.IsZero() && !now.Before(exp)
	return Found[P]{Page: e.page, Stale: expired || e.version < version, Expired: expired, Known: e.known}
}

// Drop removes the page of key unless it is newer than version.
func (c *Cache[P]) Drop(key string, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.pages[key]; ok && el.Value.(*cacheEntry[P]).version <= version {
		c.remove(el)
	}
}

// Promote stamps the entry of key with version when it still holds p from
// older content: p's data was checked at version and found unchanged.
func (c *Cache[P]) Promote(key string, p P, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.pages[key]; ok {
		if e := el.Value.(*cacheEntry[P]); e.page == p && e.version < version {
			e.version = version
		}
	}
}

// Put caches p under key, unless it was rendered from older content than
// the cache holds. known says whether p is one of the site's known pages.
func (c *Cache[P]) Put(key string, version int64, p P, known bool) {
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
		if el.Value.(*cacheEntry[P]).version > version {
			return // a newer render is in already
		}
		c.remove(el)
	}
	e := &cacheEntry[P]{key: key, page: p, known: known, size: EntrySize(key, p), version: version}
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

// EntrySize is what p under key costs the cache.
func EntrySize[P Page](key string, p P) int { return len(key) + p.Size() + entryOverhead }

func (c *Cache[P]) remove(el *list.Element) {
	e := el.Value.(*cacheEntry[P])
	l, n := c.tier(e.known)
	l.Remove(el)
	*n -= e.size
	delete(c.pages, e.key)
}

// Reset forgets every page.
func (c *Cache[P]) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reset(c.version)
}

func (c *Cache[P]) reset(version int64) {
	c.version = version
	c.latest.Store(version)
	clear(c.pages)
	c.known.Init()
	c.other.Init()
	c.size = [2]int{}
}

// Advance makes version the newest when it is newer, which makes every
// cached page stale, and returns true with the keys of the known pages,
// most recently used first (at most max), so they can be checked again in
// the background.
func (c *Cache[P]) Advance(version int64, max int) ([]string, bool) {
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
		keys = append(keys, el.Value.(*cacheEntry[P]).key)
	}
	c.version = version
	c.latest.Store(version)
	return keys, true
}

// Stats returns the number of cached pages and the bytes they take.
func (c *Cache[P]) Stats() (pages, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages), c.size[0] + c.size[1]
}
