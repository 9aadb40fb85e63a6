package server

import (
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// TestPageExpiry: a page expires when the first job it lists closes.
func TestPageExpiry(t *testing.T) {
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
