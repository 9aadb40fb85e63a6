package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// The application form's page: the job's boot data as the job page has
// it, its own title, kept out of search results; closed and missing jobs
// answer as the job page does.
func TestApplyPage(t *testing.T) {
	f := newFixture(t, nil)
	j := f.jobs(t)[0]

	res := f.get(t, "/apply/"+j.ID)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /apply/%s status = %d, want 200", j.ID, res.Status)
	}
	h := parseHead(t, res.Body)
	if want := "Apply for " + j.JobTitle + " | " + f.site.Site.Name; h.Title != want {
		t.Errorf("<title> = %q, want %q", h.Title, want)
	}
	if !strings.Contains(h.Robots, "noindex") {
		t.Errorf("robots = %q, want noindex on the form", h.Robots)
	}
	if want := baseURL + "/apply/" + j.ID; h.Canonical != want {
		t.Errorf("canonical = %q, want %q", h.Canonical, want)
	}
	if n := len(jsonLD(t, res.Body, "JobPosting")); n != 0 {
		t.Errorf("the form has %d JobPosting blocks; the job page carries it", n)
	}
	root := rootHTML(t, res.Body)
	for _, want := range []string{"Apply for " + j.JobTitle, "Submit Application", `name="firstName"`, `type="file"`} {
		if !strings.Contains(root, want) {
			t.Errorf("apply page #root lacks %q", want)
		}
	}
	if strings.Contains(root, `role="status">Loading...`) {
		t.Error("apply page rendered Loading... on the server")
	}

	entry, ok := bootData(t, res.Body)["api"].(map[string]any)["/api/jobs/"+j.ID].(map[string]any)
	if !ok {
		t.Fatalf("boot data has no /api/jobs/%s entry", j.ID)
	}
	api := f.get(t, "/api/jobs/"+j.ID)
	if d := diff(decodeJSON(t, api.Body), entry["data"]); d != "" {
		t.Errorf("boot data differs from GET /api/jobs/%s (-want +got):\n%s", j.ID, d)
	}

	// Cached like the job page: a change shows once the content version is checked again.
	j.JobTitle = "Renamed Role"
	if err := f.store.UpdateJob(context.Background(), &j); err != nil {
		t.Fatal(err)
	}
	if again := f.get(t, "/apply/"+j.ID); again.Body != res.Body {
		t.Error("the form was rendered again within VersionTTL; want the cached page")
	}
	f.clock.Add(1100 * time.Millisecond)
	if got := f.get(t, "/apply/"+j.ID); !strings.Contains(rootHTML(t, got.Body), "Apply for Renamed Role") {
		t.Error("after an update and VersionTTL, the form still shows the old title")
	}
}

func TestApplyPageStatuses(t *testing.T) {
	f := newFixture(t, nil)
	closed := f.createJob(t, "Closed Role", domain.JobClosed, nil)
	draft := f.createJob(t, "Draft Role", domain.JobDraft, nil)
	expired := f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -1)))

	tests := []struct {
		name      string
		id        string
		status    int
		wantTitle string
		wantRoot  string
	}{
		{"unknown id", "doesnotexist", http.StatusNotFound, "Page not found", "Page not found"},
		{"draft", draft.ID, http.StatusNotFound, "Page not found", "Page not found"},
		{"closed", closed.ID, http.StatusGone, "Position closed", "This position is no longer open"},
		{"expired yesterday", expired.ID, http.StatusGone, "Position closed", "This position is no longer open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.get(t, "/apply/"+tt.id)
			if res.Status != tt.status {
				t.Fatalf("GET /apply/%s status = %d, want %d", tt.id, res.Status, tt.status)
			}
			h := parseHead(t, res.Body)
			if !strings.HasPrefix(h.Title, tt.wantTitle) {
				t.Errorf("<title> = %q, want it to start with %q", h.Title, tt.wantTitle)
			}
			if !strings.Contains(h.Robots, "noindex") || h.Canonical != "" {
				t.Errorf("robots = %q, canonical = %q; want noindex and no canonical", h.Robots, h.Canonical)
			}
			root := rootHTML(t, res.Body)
			if !strings.Contains(root, tt.wantRoot) {
				t.Errorf("#root lacks %q", tt.wantRoot)
			}
			if strings.Contains(root, "Submit Application") {
				t.Error("the form is shown for a job that takes no applications")
			}
		})
	}
}
