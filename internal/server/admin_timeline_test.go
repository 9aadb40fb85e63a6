package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// timeline fetches the application's timeline as st.
func (f *applyFixture) timeline(t *testing.T, st server.Staff, id string) []wire.TimelineEvent {
	t.Helper()
	return answerAs[wire.ApplicationTimeline](t, f.adminAs(t, st, "GET", "/api/admin/applications/"+id+"/timeline", nil), 200).Events
}

// opened counts the audit log's application-opened rows.
func (f *applyFixture) opened(t *testing.T) int {
	t.Helper()
	n := 0
	for _, e := range f.audits(t) {
		if e.Action == domain.AuditAppOpened {
			n++
		}
	}
	return n
}

func TestAdminTimelineTellsTheApplicationsHistoryInOrder(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyOne(t) // queues the applicant's confirmation
	ctx := context.Background()
	// Mails that are not about this application stay out: the same
	// applicant about another reference, and the staff notification.
	for _, m := range []domain.OutboxMessage{
		{To: strings.ToUpper(a.Email), Subject: "Your application for Other (APP-ZZZZZZZZ)", Body: "x", CreatedAt: testNow},
		{To: "careers@example.com", Subject: "Reference " + a.Reference, Body: "x", CreatedAt: testNow},
	} {
		if err := f.store.EnqueueOutbox(ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	base := "/api/admin/applications/" + a.ID
	f.clock.Add(time.Minute)
	answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", base, nil), 200)
	f.clock.Add(time.Minute)
	answerAs[wire.ApplicationDetail](t, f.admin(t, "PATCH", base+"/status", wire.StatusChange{Status: "reviewing"}), 200)
	f.clock.Add(time.Minute)
	answerAs[wire.ApplicationNote](t, f.admin(t, "POST", base+"/notes", wire.NoteRequest{Body: "Strong Go skills.\nCall Tuesday."}), 201)
	f.clock.Add(time.Minute)
	if res := f.admin(t, "GET", base+"/documents/resume", nil); res.Status != 200 {
		t.Fatalf("download = %d %s", res.Status, res.Body)
	}
	f.clock.Add(time.Minute)
	if _, err := f.store.WithdrawApplication(ctx, a.ID, testNow.Add(5*time.Minute), nil); err != nil {
		t.Fatal(err)
	}

	ev := f.timeline(t, recruiter, a.ID)
	var got []string
	for _, e := range ev {
		got = append(got, e.Kind+"|"+e.Actor+"|"+e.Text+"|"+e.Status)
	}
	want := []string{
		"received|||",
		"email||Your application for " + f.job.JobTitle + " (" + a.Reference + ")|queued",
		"opened|" + recruiter.Email + "||",
		"stage|" + recruiter.Email + "|new → reviewing|",
		"note|" + recruiter.Name + "|Strong Go skills.|",
		"document|" + recruiter.Email + "|resume|",
		"withdrawn|||",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("timeline =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := 1; i < len(ev); i++ {
		if ev[i].At.Before(ev[i-1].At) {
			t.Errorf("event %d (%s) at %v comes before event %d at %v", i, ev[i].Kind, ev[i].At, i-1, ev[i-1].At)
		}
	}
	if len(ev) > 0 && !ev[len(ev)-1].At.Equal(testNow.Add(5*time.Minute)) {
		t.Errorf("withdrawn at %v, want %v", ev[len(ev)-1].At, testNow.Add(5*time.Minute))
	}
	if res := f.admin(t, "GET", "/api/admin/applications/missing/timeline", nil); res.Status != http.StatusNotFound {
		t.Errorf("timeline of a missing application = %d, want 404", res.Status)
	}
}

func TestAdminTimelineKeepsTheLatestEvents(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	for i := range careers.TimelineMax + 5 {
		f.clock.Add(time.Second)
		answerAs[wire.ApplicationNote](t, f.admin(t, "POST", "/api/admin/applications/"+a.ID+"/notes",
			wire.NoteRequest{Body: "note " + strings.Repeat("x", i%3)}), 201)
	}
	ev := f.timeline(t, recruiter, a.ID)
	if len(ev) != careers.TimelineMax {
		t.Fatalf("timeline holds %d events, want %d", len(ev), careers.TimelineMax)
	}
	if ev[0].Kind != "note" || ev[len(ev)-1].Kind != "note" || !ev[len(ev)-1].At.Equal(f.clock.Now()) {
		t.Errorf("timeline runs from %s to %s at %v, want the latest notes up to now", ev[0].Kind, ev[len(ev)-1].Kind, ev[len(ev)-1].At)
	}
}

func TestAdminOpeningIsRecordedOnceInTenMinutes(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	target := "/api/admin/applications/" + a.ID
	for range 3 {
		answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", target, nil), 200)
	}
	if n := f.opened(t); n != 1 {
		t.Errorf("three views in a row wrote %d opened rows, want 1", n)
	}
	f.clock.Add(time.Second)
	other := server.Staff{ID: "staff-2", Email: "ravi@example.com", Name: "Ravi", Role: domain.RoleAdmin}
	answerAs[wire.ApplicationDetail](t, f.adminAs(t, other, "GET", target, nil), 200)
	if n := f.opened(t); n != 2 {
		t.Errorf("another member's view: %d opened rows, want 2", n)
	}
	f.clock.Add(careers.OpenedEvery - 2*time.Second)
	answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", target, nil), 200)
	if n := f.opened(t); n != 2 {
		t.Errorf("a view within ten minutes: %d opened rows, want 2", n)
	}
	f.clock.Add(2 * time.Second)
	answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", target, nil), 200)
	if n := f.opened(t); n != 3 {
		t.Errorf("a view after ten minutes: %d opened rows, want 3", n)
	}
	var who []string
	for _, e := range f.timeline(t, recruiter, a.ID) {
		if e.Kind == "opened" {
			who = append(who, e.Actor)
		}
	}
	if strings.Join(who, ",") != "priya@example.com,ravi@example.com,priya@example.com" {
		t.Errorf("opened by %v", who)
	}
	audit := answerAs[wire.AuditPage](t, f.adminAs(t, other, "GET", "/api/admin/audit?action=application-opened", nil), 200)
	if audit.Total != 3 {
		t.Errorf("the audit log's filter finds %d opened rows, want 3", audit.Total)
	}
}

func TestAdminTimelineIsForRecruiters(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	ctx := t.Context()
	jobs, err := f.store.ListJobs(ctx, domain.JobFilter{})
	if err != nil || len(jobs) == 0 {
		t.Fatalf("no job to apply to: %v", err)
	}
	a := domain.Application{JobID: jobs[0].ID, FirstName: "Asha", LastName: "Rao", FullName: "Asha Rao",
		Email: "asha@example.com", ConsentVersion: domain.ConsentVersion, ConsentAt: testNow, AppliedAt: testNow, UpdatedAt: testNow}
	if _, err := f.store.SaveApplication(ctx, &a, domain.SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		role domain.Role
		want int
	}{{domain.RoleEditor, http.StatusForbidden}, {domain.RoleRecruiter, http.StatusOK}} {
		m := f.addMember(t, string(tc.role)+"@example.com", tc.role, "", true)
		token := f.sessionFor(t, m)
		for _, p := range []string{"/applications/" + a.ID + "/timeline", "/applications/" + a.ID} {
			res := f.call(t, "GET", p, token, "")
			if res.Status != tc.want || (tc.want != 200 && strings.Contains(res.Body, "Asha")) {
				t.Errorf("GET %s as %s = %d %s, want %d", p, tc.role, res.Status, res.Body, tc.want)
			}
		}
	}
	var opened []string
	for _, e := range f.auditLog(t) {
		if e.Action == domain.AuditAppOpened {
			opened = append(opened, e.ActorEmail)
		}
	}
	if strings.Join(opened, ",") != "recruiter@example.com" {
		t.Errorf("opened rows by %v, want the recruiter's only", opened)
	}
}
