package server_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// TestJobWireTypeCarriesServerDecisions checks that a job's answer holds
// what the page must not work out itself: whether applications are open
// (by the server's clock) and the document title.
func TestJobWireTypeCarriesServerDecisions(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	today := f.createJob(t, "Closes Today", domain.JobOpen, dateUTC(testNow))
	res := f.get(t, "/api/jobs/"+today.ID)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/jobs/%s = %d, want 200; %s", today.ID, res.Status, res.Body)
	}
	var got wire.Job
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
		t.Fatal(err)
	}
	if !got.ApplicationsOpen {
		t.Error("applicationsOpen = false on the closing day, want true")
	}
	if got.ClosingDate == nil || !got.ClosingDate.Equal(*dateUTC(testNow)) {
		t.Errorf("closingDate = %v, want %v", got.ClosingDate, dateUTC(testNow))
	}
	if want := "Closes Today – Bangalore | " + f.site.Site.Name; got.PageTitle != want {
		t.Errorf("pageTitle = %q, want %q", got.PageTitle, want)
	}
	// The same title is the one Go writes into the page's <head>.
	page := f.get(t, "/job/"+today.ID)
	if h := parseHead(t, page.Body); h.Title != got.PageTitle {
		t.Errorf("<title> = %q, want the API's pageTitle %q", h.Title, got.PageTitle)
	}

	// A day later the job is gone; the API says so instead of a closed flag.
	f.clock.Add(24 * time.Hour)
	if res := f.get(t, "/api/jobs/"+today.ID); res.Status != http.StatusGone {
		t.Errorf("GET /api/jobs/%s the day after closing = %d, want 410", today.ID, res.Status)
	}
}
