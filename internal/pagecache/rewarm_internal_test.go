package pagecache

import (
	"context"
	"testing"
	"time"
)

// An idle rewarmer covers no page stale from a content change: only a
// pass towards the page's version may have visitors served it as it was.
func TestRewarmerCoversOnlyWhileWorkingTowardsTheVersion(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var w Rewarmer
	w.Begin(ctx)
	if w.Covers("/about", 2, false) {
		t.Error("an idle rewarmer covers a stale page")
	}
	if w.running {
		t.Error("Covers of a stale page started a pass")
	}
	// Working towards version 2 (its goroutine stood in for: running set
	// by hand), it covers pages stale for 2, not for 3.
	w.mu.Lock()
	w.running, w.target = true, 2
	w.since = time.Now()
	w.mu.Unlock()
	if !w.Covers("/about", 2, false) {
		t.Error("a rewarmer working towards version 2 does not cover a page stale for 2")
	}
	if w.Covers("/about", 3, false) {
		t.Error("a rewarmer working towards version 2 covers a page stale for 3")
	}
	// An expired page is taken on by a running rewarmer.
	if !w.Covers("/career", 2, true) || len(w.pending) != 1 || w.pending[0] != "/career" {
		t.Errorf("an expired page: pending %q, want [/career]", w.pending)
	}
}
