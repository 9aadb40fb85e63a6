package storetest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/domain"
)

func testRateLimitWindow(t *testing.T, st domain.Store) {
	ctx := context.Background()
	t0 := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	allow := func(key string, at time.Time) bool {
		t.Helper()
		ok, retry, err := st.Allow(ctx, key, 3, time.Minute, at)
		if err != nil {
			t.Fatalf("Allow(%q): %v", key, err)
		}
		if ok != (retry == 0) {
			t.Errorf("Allow(%q) = %v, retry after %v; want a wait exactly when refused", key, ok, retry)
		}
		return ok
	}
	for i := range 3 {
		if !allow("a", t0.Add(time.Duration(i)*time.Second)) {
			t.Fatalf("event %d of 3 refused", i+1)
		}
	}
	if allow("a", t0.Add(10*time.Second)) {
		t.Error("4th event in the window allowed, want refused")
	}
	if !allow("b", t0.Add(10*time.Second)) {
		t.Error("another key refused: keys must be counted apart")
	}
	if allow("a", t0.Add(59*time.Second)) {
		t.Error("event before the window ends allowed, want refused")
	}
	if !allow("a", t0.Add(61*time.Second)) {
		t.Error("first event of a new window refused")
	}
	if !allow("a", t0.Add(62*time.Second)) || !allow("a", t0.Add(63*time.Second)) || allow("a", t0.Add(64*time.Second)) {
		t.Error("new window does not count from one")
	}

	// A refused event learns when the window ends: 60s after its first event.
	if ok, retry, err := st.Allow(ctx, "a", 3, time.Minute, t0.Add(64*time.Second+500*time.Millisecond)); err != nil || ok || retry != 56500*time.Millisecond {
		t.Errorf("Allow after the limit = %v, retry after %v, %v; want false, 56.5s, nil", ok, retry, err)
	}

	// Pruning forgets old windows: "b" starts afresh.
	for range 3 {
		allow("b", t0.Add(20*time.Second))
	}
	if err := st.PruneRateLimits(ctx, t0.Add(30*time.Second)); err != nil {
		t.Fatal(err)
	}
	if !allow("b", t0.Add(21*time.Second)) {
		t.Error("pruned key still limited")
	}
}

func testRateLimitConcurrent(t *testing.T, st domain.Store) {
	ctx := context.Background()
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			ok, _, err := st.Allow(ctx, "burst", 10, time.Minute, now)
			if err != nil {
				t.Error(err)
				return
			}
			if ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if got := allowed.Load(); got != 10 {
		t.Errorf("allowed %d of 20 concurrent events, want exactly 10", got)
	}
}
