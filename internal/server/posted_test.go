package server_test

import (
	"testing"
	"time"

	"corpsite/internal/server"
)

func TestPostedDaysAgo(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	now := at("2026-11-26T00:30:00Z")
	for _, tt := range []struct {
		created string
		want    int
	}{
		{"2026-11-26T00:00:00Z", 0},
		{"2026-11-25T23:59:59Z", 1}, // yesterday (UTC), a minute ago
		{"2026-11-25T00:00:00Z", 1},
		{"2026-11-19T12:00:00Z", 7},
		{"2026-11-26T05:00:00+05:30", 1}, // 23:30 UTC the day before
		{"2026-11-27T00:00:00Z", 0},      // a clock ahead: never negative
	} {
		if got := server.PostedDaysAgo(at(tt.created), now); got != tt.want {
			t.Errorf("PostedDaysAgo(%s) = %d, want %d", tt.created, got, tt.want)
		}
	}
	if got := server.NextMidnight(at("2026-11-26T23:59:59+05:30")); !got.Equal(at("2026-11-27T00:00:00Z")) {
		t.Errorf("NextMidnight = %v", got)
	}
}
