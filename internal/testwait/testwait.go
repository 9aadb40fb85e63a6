// Package testwait waits, in tests, for something another goroutine or
// process does: Eventually asks a condition again and again until it
// holds, and fails the test with what it was waiting for once a deadline
// has passed. A test that waits this way is as fast as the thing it waits
// for, where a fixed sleep is either too long or, on a loaded machine, too
// short. Only tests import it.
package testwait

import (
	"testing"
	"time"
)

// Poll intervals: the first check is at once, later ones back off from
// firstPoll to maxPoll so that a quick event is seen quickly and a slow
// one costs little.
const (
	firstPoll = time.Millisecond
	maxPoll   = 50 * time.Millisecond
)

// Eventually calls cond until it returns true and fails the test (Fatalf,
// naming what) if it has not within the given time. cond runs on the
// caller's goroutine, so it may itself end the test early with t.Fatal
// (a process that exited, say). It is asked once more at the deadline, so
// a condition that holds by then passes however slow the machine was.
func Eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	wait := firstPoll
	for !cond() {
		left := time.Until(deadline)
		if left <= 0 {
			if cond() {
				return
			}
			t.Fatalf("still waiting after %v for %s", within, what)
		}
		time.Sleep(min(wait, left))
		wait = min(2*wait, maxPoll)
	}
}
