package httpcore

import (
	"strings"
	"testing"
	"time"
)

// The rate is judged per window of waiting for the client, at the
// route's values (20 KB/s over 30 s): a trickle fails at the window's
// end, a burst then a stall lasts one more window, and time the handler
// spends between reads does not count.
func TestRateMeter(t *testing.T) {
	const perSec, window = 20 << 10, 30 * time.Second
	type read struct {
		n    int
		wait time.Duration
	}
	for _, tt := range []struct {
		name  string
		reads []read
		okAll bool // false: the last read fails
	}{
		{"one byte every 5 s", repeat(read{1, 5 * time.Second}, 6), false},
		{"just enough", []read{{perSec * 30, 29 * time.Second}, {0, time.Second}}, true},
		{"just short", []read{{perSec*30 - 1, 29 * time.Second}, {0, time.Second}}, false},
		{"burst, then a stall of one window", []read{{1 << 20, time.Second}, {0, 29 * time.Second}, {0, 29 * time.Second}}, true},
		{"burst, then a stall of two windows", []read{{1 << 20, time.Second}, {0, 29 * time.Second}, {0, 31 * time.Second}}, false},
		{"fast, many windows", repeat(read{64 << 10, time.Second}, 200), true},
	} {
		m := newRateMeter(perSec, window)
		for i, r := range tt.reads {
			ok := m.add(r.n, r.wait)
			last := i == len(tt.reads)-1
			if want := tt.okAll || !last; ok != want {
				t.Errorf("%s: read %d ok = %v, want %v", tt.name, i, ok, want)
				break
			}
		}
	}
}

// patience runs to the end of the window while it lacks bytes, and to the
// end of the next one once it has them: a deadline set from it fires only
// when the rate is surely missed.
func TestRatePatience(t *testing.T) {
	m := newRateMeter(1000, 10*time.Second)
	if p := m.patience(); p != 10*time.Second {
		t.Errorf("fresh patience = %v, want 10s", p)
	}
	m.add(500, 4*time.Second)
	if p := m.patience(); p != 6*time.Second {
		t.Errorf("patience short of bytes = %v, want 6s", p)
	}
	m.add(9500, time.Second)
	if p := m.patience(); p != 15*time.Second {
		t.Errorf("patience with the window's bytes = %v, want 15s", p)
	}
	msg := (&SlowError{MinRate: 20 << 10, Window: 30 * time.Second}).Message()
	if !strings.Contains(msg, "under 20 KB a second for 30 seconds") {
		t.Errorf("message = %q", msg)
	}
}

func repeat[T any](v T, n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}
