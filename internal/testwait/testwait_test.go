package testwait_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/testwait"
)

// fakeT records a failure instead of ending the test, as Fatalf would.
type fakeT struct {
	testing.TB
	failed string
}

func (f *fakeT) Helper() {}

func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	// Fatalf ends the goroutine; Eventually must not go on after it.
	panic(f)
}

// run calls Eventually with ft and reports whether it returned normally.
func run(ft *fakeT, within time.Duration, what string, cond func() bool) (returned bool) {
	defer func() {
		if r := recover(); r != nil && r != any(ft) {
			panic(r)
		}
	}()
	testwait.Eventually(ft, within, what, cond)
	return true
}

func TestEventuallyReturnsOnceTheConditionHolds(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	ft := &fakeT{TB: t}
	start := time.Now()
	if !run(ft, time.Minute, "the third call", func() bool { return calls.Add(1) >= 3 }) {
		t.Fatalf("Eventually failed: %s", ft.failed)
	}
	if n := calls.Load(); n != 3 {
		t.Errorf("cond called %d times, want 3 (no call after it held)", n)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("three quick checks took %v", d)
	}
}

func TestEventuallyFailsWithWhatAfterTheDeadline(t *testing.T) {
	t.Parallel()
	ft := &fakeT{TB: t}
	start := time.Now()
	var calls int
	if run(ft, 30*time.Millisecond, "the moon to turn blue", func() bool { calls++; return false }) {
		t.Fatal("Eventually returned for a condition that never held")
	}
	if d := time.Since(start); d < 30*time.Millisecond {
		t.Errorf("gave up after %v, before the 30ms it was given", d)
	}
	if !strings.Contains(ft.failed, "the moon to turn blue") || !strings.Contains(ft.failed, "30ms") {
		t.Errorf("failure %q does not say what was awaited and for how long", ft.failed)
	}
	if calls < 2 {
		t.Errorf("cond asked %d times in 30ms, want it asked again", calls)
	}
}

// A condition that holds by the deadline passes, even when the machine
// was too slow to ask before it.
func TestEventuallyAsksOnceMoreAtTheDeadline(t *testing.T) {
	t.Parallel()
	ft := &fakeT{TB: t}
	first := true
	cond := func() bool {
		if first {
			first = false
			time.Sleep(20 * time.Millisecond) // a slow first check uses up the time
			return false
		}
		return true
	}
	if !run(ft, 10*time.Millisecond, "the second check", cond) {
		t.Errorf("Eventually failed although the check at the deadline held: %s", ft.failed)
	}
}
