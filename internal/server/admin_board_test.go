package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// boardColumn returns the column of status st, failing when it is missing.
func boardColumn(t *testing.T, b wire.JobBoard, st domain.ApplicationStatus) wire.BoardColumn {
	t.Helper()
	for _, c := range b.Columns {
		if c.Status == string(st) {
			return c
		}
	}
	t.Fatalf("the board has no %s column: %+v", st, b.Columns)
	return wire.BoardColumn{}
}

func cardNames(cards []wire.BoardCard) []string {
	out := []string{}
	for _, c := range cards {
		out = append(out, c.FullName)
	}
	return out
}

// A job's board: every stage in pipeline order with its count and
// cards, newest first; suspected spam and other jobs' applications are
// not on it; a withdrawn application is marked.
func TestAdminBoardColumnsCountsAndCards(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	other := f.createJob(t, "Data Analyst", domain.JobOpen, nil)
	day := func(n int) time.Time { return testNow.AddDate(0, 0, -30+n).Truncate(time.Second) }
	f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", day(0), false, domain.StatusInterview)
	meera := f.seedApp(t, f.job.ID, "Meera Iyer", "meera@example.com", day(1), false, domain.StatusInterview)
	f.seedApp(t, f.job.ID, "Émile Zola", "emile@example.fr", day(2), false, domain.StatusNew)
	f.seedApp(t, f.job.ID, "Spam Bot", "bot@spam.example", day(3), true, domain.StatusNew)
	f.seedApp(t, other.ID, "Ravi Kumar", "ravi@example.org", day(4), false, domain.StatusNew)
	withdrawn := day(5)
	if _, err := f.store.WithdrawApplication(context.Background(), meera.ID, withdrawn, nil); err != nil {
		t.Fatal(err)
	}

	b := answerAs[wire.JobBoard](t, f.admin(t, "GET", "/api/admin/jobs/"+f.job.ID+"/board", nil), 200)
	if b.JobID != f.job.ID || b.JobTitle != f.job.JobTitle || b.Cap != wire.BoardColumnCap {
		t.Errorf("board of %q %q cap %d, want %q %q cap %d", b.JobID, b.JobTitle, b.Cap, f.job.ID, f.job.JobTitle, wire.BoardColumnCap)
	}
	var order []string
	for _, c := range b.Columns {
		order = append(order, c.Status)
	}
	if fmt.Sprint(order) != "[new reviewing interview offer hired rejected]" {
		t.Errorf("columns %v, want every stage in pipeline order", order)
	}
	for st, want := range map[domain.ApplicationStatus][]string{
		domain.StatusNew:       {"Émile Zola"},
		domain.StatusInterview: {"Meera Iyer", "Asha Rao"},
		domain.StatusReviewing: {},
		domain.StatusRejected:  {},
	} {
		c := boardColumn(t, b, st)
		if got := cardNames(c.Cards); fmt.Sprint(got) != fmt.Sprint(want) || c.Count != len(want) || c.More != 0 {
			t.Errorf("%s column: %v count %d more %d, want %v count %d", st, got, c.Count, c.More, want, len(want))
		}
	}
	in := boardColumn(t, b, domain.StatusInterview)
	if w := in.Cards[0].WithdrawnAt; w == nil || !w.Equal(withdrawn) {
		t.Errorf("Meera's card withdrawnAt = %v, want %v", w, withdrawn)
	}
	if c := in.Cards[1]; c.WithdrawnAt != nil || c.Reference == "" || c.ID == "" || !c.AppliedAt.Equal(day(0)) {
		t.Errorf("Asha's card = %+v", c)
	}

	// A move is the status change: the board shows it at once.
	f.admin(t, "PATCH", "/api/admin/applications/"+in.Cards[1].ID+"/status", wire.StatusChange{Status: "offer"})
	b = answerAs[wire.JobBoard](t, f.admin(t, "GET", "/api/admin/jobs/"+f.job.ID+"/board", nil), 200)
	if c := boardColumn(t, b, domain.StatusOffer); c.Count != 1 || fmt.Sprint(cardNames(c.Cards)) != "[Asha Rao]" {
		t.Errorf("after the move, offer column = %+v", c)
	}
	if c := boardColumn(t, b, domain.StatusInterview); c.Count != 1 {
		t.Errorf("after the move, interview count = %d, want 1", c.Count)
	}
}

// A column holds at most BoardColumnCap cards and says how many more.
func TestAdminBoardColumnIsCapped(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	n := wire.BoardColumnCap + 3
	for i := range n {
		f.seedApp(t, f.job.ID, fmt.Sprintf("Applicant %03d", i), fmt.Sprintf("a%03d@example.com", i),
			testNow.Add(-time.Duration(n-i)*time.Minute), false, domain.StatusReviewing)
	}
	b := answerAs[wire.JobBoard](t, f.admin(t, "GET", "/api/admin/jobs/"+f.job.ID+"/board", nil), 200)
	c := boardColumn(t, b, domain.StatusReviewing)
	if c.Count != n || len(c.Cards) != wire.BoardColumnCap || c.More != 3 {
		t.Fatalf("reviewing column: count %d, %d cards, more %d; want %d, %d, 3", c.Count, len(c.Cards), c.More, n, wire.BoardColumnCap)
	}
	if first := c.Cards[0].FullName; first != fmt.Sprintf("Applicant %03d", n-1) {
		t.Errorf("first card %q, want the newest", first)
	}
}

// Recruiters and admins see a board; editors are refused; a job that
// does not exist is a 404.
func TestAdminBoardPermissionsAndMissingJob(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	jobs, err := f.store.ListJobs(t.Context(), domain.JobFilter{})
	if err != nil || len(jobs) == 0 {
		t.Fatalf("no seeded job: %v", err)
	}
	board := "/jobs/" + jobs[0].ID + "/board"
	for _, tc := range []struct {
		m    member
		want int
	}{
		{f.addMember(t, "recruiter@example.com", domain.RoleRecruiter, "", false), http.StatusOK},
		{f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true), http.StatusOK},
		{f.addMember(t, "editor@example.com", domain.RoleEditor, "", false), http.StatusForbidden},
	} {
		res := f.call(t, "GET", board, f.sessionFor(t, tc.m), "")
		if res.Status != tc.want {
			t.Errorf("%s GET %s = %d %s, want %d", tc.m.Role, board, res.Status, res.Body, tc.want)
		}
		if tc.want == http.StatusForbidden && strings.Contains(res.Body, jobs[0].JobTitle) {
			t.Errorf("the refusal shows the job: %s", res.Body)
		}
	}
	ff := newApplyFixture(t)
	res := ff.admin(t, "GET", "/api/admin/jobs/no-such-job/board", nil)
	if res.Status != http.StatusNotFound || errMessage(t, res) != "Job not found." {
		t.Errorf("board of a missing job = %d %s, want 404 Job not found.", res.Status, res.Body)
	}
}

// The jobs list counts each job's applications, in all and new, leaving
// suspected spam out.
func TestAdminJobsListCountsApplications(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	other := f.createJob(t, "Data Analyst", domain.JobOpen, nil)
	empty := f.createJob(t, "Designer", domain.JobDraft, nil)
	at := testNow.Add(-time.Hour)
	f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", at, false, domain.StatusNew)
	f.seedApp(t, f.job.ID, "Ravi Kumar", "ravi@example.org", at, false, domain.StatusNew)
	f.seedApp(t, f.job.ID, "Meera Iyer", "meera@example.com", at, false, domain.StatusHired)
	f.seedApp(t, f.job.ID, "Spam Bot", "bot@spam.example", at, true, domain.StatusNew)
	f.seedApp(t, other.ID, "Bob Das", "bob@example.com", at, false, domain.StatusRejected)

	list := answerAs[wire.AdminJobList](t, f.admin(t, "GET", "/api/admin/jobs", nil), 200)
	got := map[string][2]int{}
	for _, j := range list.Jobs {
		got[j.ID] = [2]int{j.Applications, j.NewApplications}
	}
	want := map[string][2]int{f.job.ID: {3, 2}, other.ID: {1, 0}, empty.ID: {0, 0}}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("job %s counts (all, new) = %v, want %v", id, got[id], w)
		}
	}
}
