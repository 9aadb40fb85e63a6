package pagecache

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// testPage is a cached page of size bytes.
type testPage struct {
	size    int
	expires time.Time
}

func (p *testPage) Size() int          { return p.size }
func (p *testPage) Expires() time.Time { return p.expires }

// page returns a cached page of n bytes.
func page(n int) *testPage { return &testPage{size: n} }

// entrySize is what a page of n bytes under key costs the cache.
func entrySize(key string, n int) int { return len(key) + n + entryOverhead }

func TestPageCacheEvictsLeastRecentlyUsedWithinBudget(t *testing.T) {
	t.Parallel()
	const n = 1000
	// Room for exactly three known pages of n bytes under two-byte keys.
	c := New[*testPage](3 * entrySize("/a", n))
	now := time.Now()
	for _, k := range []string{"/a", "/b", "/c"} {
		c.Put(k, 1, page(n), true)
	}
	c.Get("/a", 1, now) // /a is now the most recently used
	c.Put("/d", 1, page(n), true)
	for k, want := range map[string]bool{"/a": true, "/b": false, "/c": true, "/d": true} {
		if got := c.Get(k, 1, now) != nil; got != want {
			t.Errorf("after a fourth page: %s cached = %v, want %v (the least recently used, /b, goes)", k, got, want)
		}
	}
	if pages, bytes := c.Stats(); pages != 3 || bytes > c.budget {
		t.Errorf("stats = %d pages, %d bytes; want 3 pages within %d bytes", pages, bytes, c.budget)
	}
}

func TestPageCacheKnownPagesSurviveAFloodOfOthers(t *testing.T) {
	t.Parallel()
	const n = 1000
	budget := 8 * entrySize("/known-0", n)
	c := New[*testPage](budget)
	now := time.Now()
	var known []string
	for i := range 6 {
		k := fmt.Sprintf("/known-%d", i)
		known = append(known, k)
		c.Put(k, 1, page(n), true)
	}
	for i := range 10_000 {
		c.Put(fmt.Sprintf("/other-%05d", i), 1, page(n), false)
	}
	for _, k := range known {
		if c.Get(k, 1, now) == nil {
			t.Errorf("known page %s was pushed out by other pages", k)
		}
	}
	c.mu.Lock()
	others := c.size[0]
	c.mu.Unlock()
	if others > budget/otherPagesShare {
		t.Errorf("other pages take %d bytes, want at most %d (1/%d of the budget)", others, budget/otherPagesShare, otherPagesShare)
	}
	if c.Get("/other-09999", 1, now) == nil {
		t.Error("the most recent other page is not cached")
	}
	if c.Get("/other-00000", 1, now) != nil {
		t.Error("the oldest other page is still cached")
	}
	// A known page needing room takes it from the others first.
	c.Put("/known-6", 1, page(n), true)
	c.Put("/known-7", 1, page(n), true)
	for _, k := range append(known, "/known-6", "/known-7") {
		if c.Get(k, 1, now) == nil {
			t.Errorf("known page %s missing once others were evicted for it", k)
		}
	}
	// A page bigger than the others' share is not cached at all.
	c.Put("/huge-other", 1, page(budget), false)
	if c.Get("/huge-other", 1, now) != nil {
		t.Error("a page larger than the others' share was cached")
	}
}

func TestPageCacheVersionsAndExpiry(t *testing.T) {
	t.Parallel()
	c := New[*testPage](1 << 20)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	closing := page(10)
	closing.expires = now.Add(time.Hour)
	c.Put("/career", 1, closing, true)
	c.Put("/", 1, page(10), true)

	if c.Get("/career", 1, now.Add(time.Hour-time.Nanosecond)) == nil {
		t.Error("page missing just before it expires")
	}
	if c.Get("/career", 1, now.Add(time.Hour)) != nil {
		t.Error("page served at the moment it expires")
	}
	if f := c.Find("/career", 1, now.Add(time.Hour)); f.Page != closing || !f.Stale || !f.Expired {
		t.Errorf("find of an expired page = %+v; want the page, stale and expired", f)
	}
	if c.Get("/", 1, now.AddDate(1, 0, 0)) == nil {
		t.Error("a page without expiry is missing a year later")
	}
	if c.Get("/", 2, now) != nil {
		t.Error("a page of version 1 served for version 2")
	}
	c.Put("/old", 0, page(10), true)
	if c.Get("/old", 0, now) != nil {
		t.Error("a page rendered from older content was cached")
	}

	// Advance returns the known pages, most recently used first, and
	// keeps every page, stale: not served as current, found by Find.
	c.Put("/about", 1, page(10), true)
	c.Put("/gone", 1, page(10), false)
	c.Get("/", 1, now)
	got, moved := c.Advance(2, 10)
	if d := cmp.Diff([]string{"/", "/about", "/career"}, got); !moved || d != "" {
		t.Errorf("Advance moved = %v, want true; known pages mismatch (-want +got):\n%s", moved, d)
	}
	if pages, _ := c.Stats(); pages != 4 {
		t.Errorf("%d pages after advance, want 4 (kept, stale; the expired one too)", pages)
	}
	if c.Get("/about", 2, now) != nil {
		t.Error("get returned a page of version 1 for version 2")
	}
	f := c.Find("/about", 2, now)
	about := f.Page
	if about == nil || !f.Stale || f.Expired || !f.Known {
		t.Errorf("find(/about) after advance = %+v; want the page, stale, not expired, known", f)
	}
	// Its data checked unchanged, the page is current again.
	c.Promote("/about", about, 2)
	if c.Get("/about", 2, now) != about {
		t.Error("promoted page not served for version 2")
	}
	// promote leaves a page that was replaced meanwhile alone.
	fresh := page(10)
	c.Put("/", 2, fresh, true)
	c.Promote("/", about, 3)
	if f := c.Find("/", 2, now); f.Page != fresh || f.Stale {
		t.Error("promote of another page changed the entry")
	}
	// A render from older content never replaces a newer one.
	c.Put("/", 1, page(10), true)
	if c.Get("/", 2, now) != fresh {
		t.Error("a page rendered from version 1 replaced the one from version 2")
	}
	if got, moved := c.Advance(2, 10); moved || got != nil {
		t.Errorf("advance to the same version = %q, %v; want nil, false", got, moved)
	}
	c.Put("/a", 2, page(10), true)
	c.Put("/b", 2, page(10), true)
	if got, _ := c.Advance(3, 1); len(got) != 1 {
		t.Errorf("advance with max 1 returned %d keys", len(got))
	}
}
