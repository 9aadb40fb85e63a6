package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// page returns a cached page of n bytes (HTML only).
func page(n int) *renderedPage {
	return &renderedPage{status: 200, body: variants{codingIdentity: make([]byte, n)}}
}

// entrySize is what a page of n bytes under key costs the cache.
func entrySize(key string, n int) int { return len(key) + n + entryOverhead }

func TestPageCacheEvictsLeastRecentlyUsedWithinBudget(t *testing.T) {
	t.Parallel()
	const n = 1000
	// Room for exactly three known pages of n bytes under two-byte keys.
	c := newPageCache(3 * entrySize("/a", n))
	now := time.Now()
	for _, k := range []string{"/a", "/b", "/c"} {
		c.put(k, 1, page(n), true)
	}
	c.get("/a", 1, now) // /a is now the most recently used
	c.put("/d", 1, page(n), true)
	for k, want := range map[string]bool{"/a": true, "/b": false, "/c": true, "/d": true} {
		if got := c.get(k, 1, now) != nil; got != want {
			t.Errorf("after a fourth page: %s cached = %v, want %v (the least recently used, /b, goes)", k, got, want)
		}
	}
	if pages, bytes := c.stats(); pages != 3 || bytes > c.budget {
		t.Errorf("stats = %d pages, %d bytes; want 3 pages within %d bytes", pages, bytes, c.budget)
	}
}

func TestPageCacheKnownPagesSurviveAFloodOfOthers(t *testing.T) {
	t.Parallel()
	const n = 1000
	budget := 8 * entrySize("/known-0", n)
	c := newPageCache(budget)
	now := time.Now()
	var known []string
	for i := range 6 {
		k := fmt.Sprintf("/known-%d", i)
		known = append(known, k)
		c.put(k, 1, page(n), true)
	}
	for i := range 10_000 {
		c.put(fmt.Sprintf("/other-%05d", i), 1, page(n), false)
	}
	for _, k := range known {
		if c.get(k, 1, now) == nil {
			t.Errorf("known page %s was pushed out by other pages", k)
		}
	}
	c.mu.Lock()
	others := c.size[0]
	c.mu.Unlock()
	if others > budget/otherPagesShare {
		t.Errorf("other pages take %d bytes, want at most %d (1/%d of the budget)", others, budget/otherPagesShare, otherPagesShare)
	}
	if c.get("/other-09999", 1, now) == nil {
		t.Error("the most recent other page is not cached")
	}
	if c.get("/other-00000", 1, now) != nil {
		t.Error("the oldest other page is still cached")
	}
	// A known page needing room takes it from the others first.
	c.put("/known-6", 1, page(n), true)
	c.put("/known-7", 1, page(n), true)
	for _, k := range append(known, "/known-6", "/known-7") {
		if c.get(k, 1, now) == nil {
			t.Errorf("known page %s missing once others were evicted for it", k)
		}
	}
	// A page bigger than the others' share is not cached at all.
	c.put("/huge-other", 1, page(budget), false)
	if c.get("/huge-other", 1, now) != nil {
		t.Error("a page larger than the others' share was cached")
	}
}

func TestPageCacheVersionsAndExpiry(t *testing.T) {
	t.Parallel()
	c := newPageCache(1 << 20)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	closing := page(10)
	closing.expires = now.Add(time.Hour)
	c.put("/career", 1, closing, true)
	c.put("/", 1, page(10), true)

	if c.get("/career", 1, now.Add(time.Hour-time.Nanosecond)) == nil {
		t.Error("page missing just before it expires")
	}
	if c.get("/career", 1, now.Add(time.Hour)) != nil {
		t.Error("page served at the moment it expires")
	}
	if f := c.find("/career", 1, now.Add(time.Hour)); f.page != closing || !f.stale || !f.expired {
		t.Errorf("find of an expired page = %+v; want the page, stale and expired", f)
	}
	if c.get("/", 1, now.AddDate(1, 0, 0)) == nil {
		t.Error("a page without expiry is missing a year later")
	}
	if c.get("/", 2, now) != nil {
		t.Error("a page of version 1 served for version 2")
	}
	c.put("/old", 0, page(10), true)
	if c.get("/old", 0, now) != nil {
		t.Error("a page rendered from older content was cached")
	}

	// advance returns the known pages, most recently used first, and
	// keeps every page, stale: not served as current, found by find.
	c.put("/about", 1, page(10), true)
	c.put("/gone", 1, page(10), false)
	c.get("/", 1, now)
	got, moved := c.advance(2, 10)
	if d := cmp.Diff([]string{"/", "/about", "/career"}, got); !moved || d != "" {
		t.Errorf("advance moved = %v, want true; known pages mismatch (-want +got):\n%s", moved, d)
	}
	if pages, _ := c.stats(); pages != 4 {
		t.Errorf("%d pages after advance, want 4 (kept, stale; the expired one too)", pages)
	}
	if c.get("/about", 2, now) != nil {
		t.Error("get returned a page of version 1 for version 2")
	}
	f := c.find("/about", 2, now)
	about := f.page
	if about == nil || !f.stale || f.expired || !f.known {
		t.Errorf("find(/about) after advance = %+v; want the page, stale, not expired, known", f)
	}
	// Its data checked unchanged, the page is current again.
	c.promote("/about", about, 2)
	if c.get("/about", 2, now) != about {
		t.Error("promoted page not served for version 2")
	}
	// promote leaves a page that was replaced meanwhile alone.
	fresh := page(10)
	c.put("/", 2, fresh, true)
	c.promote("/", about, 3)
	if f := c.find("/", 2, now); f.page != fresh || f.stale {
		t.Error("promote of another page changed the entry")
	}
	// A render from older content never replaces a newer one.
	c.put("/", 1, page(10), true)
	if c.get("/", 2, now) != fresh {
		t.Error("a page rendered from version 1 replaced the one from version 2")
	}
	if got, moved := c.advance(2, 10); moved || got != nil {
		t.Errorf("advance to the same version = %q, %v; want nil, false", got, moved)
	}
	c.put("/a", 2, page(10), true)
	c.put("/b", 2, page(10), true)
	if got, _ := c.advance(3, 1); len(got) != 1 {
		t.Errorf("advance with max 1 returned %d keys", len(got))
	}
}

// TestPageExpiry: a page expires when the first job it lists closes.
func TestPageExpiry(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	soon, later, past := now.Add(time.Hour), now.AddDate(0, 0, 5), now.AddDate(0, 0, -5)
	api := map[string]wire.Result{
		"/api/jobs":   {Data: []wire.Job{{ClosingDate: &later}, {ClosingDate: &past}, {}}},
		"/api/jobs/x": {Data: wire.Job{ClosingDate: &soon}},
		"/api/blogs":  {Data: []wire.BlogSummary{}},
	}
	if got, want := pageExpiry(api, now), domain.ClosesAt(&soon); !got.Equal(want) {
		t.Errorf("pageExpiry = %v, want %v (the earliest future expiry)", got, want)
	}
	if got := pageExpiry(map[string]wire.Result{"/api/blogs": {Data: []wire.BlogSummary{}}}, now); !got.IsZero() {
		t.Errorf("pageExpiry of a page without jobs = %v, want zero", got)
	}
}
