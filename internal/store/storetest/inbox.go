package storetest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// inboxTests are the contract cases of the applications inbox: statuses, notes, search and counts.
var inboxTests = []contractTest{
	{"Inbox/FilterSearchSortCount", testInboxList},
	{"Inbox/Status", testInboxStatus},
	{"Inbox/Notes", testInboxNotes},
	{"Inbox/ReapplyResetsStatusKeepsNotes", testInboxReapply},
}

// inboxFixture stores six applications for list tests and returns their
// IDs by index: app-00 … app-05.
func inboxFixture(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j1, j2 := newJob("job-b", t0, domain.JobOpen), newJob("job-a", t0, domain.JobOpen)
	j1.JobTitle, j2.JobTitle = "Zeta Engineer", "alpha analyst"
	must(t, s.CreateJob(ctx, &j1), "CreateJob")
	must(t, s.CreateJob(ctx, &j2), "CreateJob")
	for i, x := range []struct {
		job, name, email string
		applied          time.Duration
		spam             bool
	}{
		{"job-b", "Asha Rao", "asha@example.com", 0, false},
		{"job-a", "ravi kumar", "RAVI@Example.org", day(1), false},
		{"job-b", "Émile Zola", "emile@example.fr", day(2), false},
		{"job-a", "Bob 100%_Sure", "bob@example.com", day(3), false},
		{"job-b", "Spam Bot", "bot@spam.example", day(4), true},
		{"gone-job", "Chitra N", "chitra@example.in", day(5), false},
	} {
		a := newApp(x.job, x.email, fmt.Sprint(i))
		a.ID, a.FullName, a.AppliedAt, a.Spam = fixedID("app", i), x.name, at(x.applied), x.spam
		a.Reference = fmt.Sprintf("APP-TEST%04d", i)
		_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}
	for id, st := range map[string]domain.ApplicationStatus{
		"app-00": domain.StatusRejected, "app-01": domain.StatusInterview, "app-03": domain.StatusReviewing,
	} {
		_, err := s.SetApplicationStatus(ctx, id, st, at(day(10)))
		must(t, err, "SetApplicationStatus")
	}
}

func testInboxList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	inboxFixture(t, s)
	real := []string{"app-05", "app-03", "app-02", "app-01", "app-00"} // newest first, no spam
	for _, tc := range []struct {
		f    domain.ApplicationFilter
		want []string
	}{
		{domain.ApplicationFilter{}, append([]string{"app-05", "app-04"}, real[1:]...)},
		{domain.ApplicationFilter{Spam: domain.SpamExclude}, real},
		{domain.ApplicationFilter{Spam: domain.SpamOnly}, []string{"app-04"}},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, JobID: "job-b"}, []string{"app-02", "app-00"}},
		{domain.ApplicationFilter{Status: domain.StatusNew}, []string{"app-05", "app-04", "app-02"}},
		{domain.ApplicationFilter{Status: domain.StatusInterview, JobID: "job-a"}, []string{"app-01"}},
		{domain.ApplicationFilter{Status: domain.StatusOffer}, []string{}},
		// From inclusive, To exclusive, compared at the microsecond as stored.
		{domain.ApplicationFilter{From: at(day(1)), To: at(day(3))}, []string{"app-02", "app-01"}},
		{domain.ApplicationFilter{From: at(day(4)).Add(time.Microsecond)}, []string{"app-05"}},
		// Search: name, e-mail and reference, any case; wildcards literal.
		{domain.ApplicationFilter{Query: "RAVI"}, []string{"app-01"}},
		{domain.ApplicationFilter{Query: "example.org"}, []string{"app-01"}},
		{domain.ApplicationFilter{Query: "app-test0002"}, []string{"app-02"}},
		{domain.ApplicationFilter{Query: "émile"}, []string{"app-02"}},
		{domain.ApplicationFilter{Query: "ÉMILE"}, []string{"app-02"}},
		{domain.ApplicationFilter{Query: "100%_"}, []string{"app-03"}},
		{domain.ApplicationFilter{Query: "%"}, []string{"app-03"}},
		{domain.ApplicationFilter{Query: "_"}, []string{"app-03"}},
		{domain.ApplicationFilter{Query: "  zola "}, []string{"app-02"}},
		{domain.ApplicationFilter{Query: "nobody"}, []string{}},
		// Sorting, ties newest first.
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortApplied}, reverse(real)},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortApplied, Desc: true}, real},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortName}, []string{"app-00", "app-03", "app-05", "app-01", "app-02"}},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortName, Desc: true}, []string{"app-02", "app-01", "app-05", "app-03", "app-00"}},
		{domain.ApplicationFilter{Sort: domain.SortStatus}, []string{"app-05", "app-04", "app-02", "app-03", "app-01", "app-00"}},
		{domain.ApplicationFilter{Sort: domain.SortStatus, Desc: true}, []string{"app-00", "app-01", "app-03", "app-05", "app-04", "app-02"}},
		// Job title ignoring case; a deleted job sorts as an empty title.
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortJob}, []string{"app-05", "app-03", "app-01", "app-02", "app-00"}},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortJob, Desc: true}, []string{"app-02", "app-00", "app-03", "app-01", "app-05"}},
		// Pages.
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Limit: 2}, real[:2]},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Limit: 2, Offset: 2}, real[2:4]},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Limit: 2, Offset: 4}, real[4:]},
		{domain.ApplicationFilter{Spam: domain.SpamExclude, Sort: domain.SortName, Limit: 2, Offset: 1}, []string{"app-03", "app-05"}},
	} {
		got, err := s.ListApplications(ctx, tc.f)
		must(t, err, "ListApplications")
		checkDiff(t, fmt.Sprintf("ListApplications(%+v) IDs", tc.f), tc.want, ids(got, appID))
		n, err := s.CountApplications(ctx, tc.f)
		must(t, err, "CountApplications")
		wantN := len(tc.want)
		if tc.f.Limit > 0 || tc.f.Offset > 0 {
			f := tc.f
			f.Limit, f.Offset = 0, 0
			all, err := s.ListApplications(ctx, f)
			must(t, err, "ListApplications")
			wantN = len(all)
		}
		if n != wantN {
			t.Errorf("CountApplications(%+v) = %d, want %d", tc.f, n, wantN)
		}
	}
	_, err := s.ListApplications(ctx, domain.ApplicationFilter{Sort: "salary"})
	wantCode(t, err, domain.EInvalid, "ListApplications with an unknown order")
}

func reverse(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

func testInboxStatus(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	a.AppliedAt, a.Spam = at(0), false
	_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	if a.Status != domain.StatusNew || !a.StatusChangedAt.Equal(a.AppliedAt) {
		t.Errorf("saved application: status %q since %v, want new since it applied (%v)", a.Status, a.StatusChangedAt, a.AppliedAt)
	}
	prev, err := s.SetApplicationStatus(ctx, a.ID, domain.StatusReviewing, at(time.Hour))
	must(t, err, "SetApplicationStatus")
	if prev != domain.StatusNew {
		t.Errorf("SetApplicationStatus returned previous %q, want new", prev)
	}
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	hour := at(time.Hour).Truncate(time.Microsecond)
	if got.Status != domain.StatusReviewing || !got.StatusChangedAt.Equal(hour) {
		t.Errorf("after SetApplicationStatus: %q since %v, want reviewing since %v", got.Status, got.StatusChangedAt, hour)
	}
	// The same status again: nothing changes, not even the time.
	prev, err = s.SetApplicationStatus(ctx, a.ID, domain.StatusReviewing, at(2*time.Hour))
	must(t, err, "SetApplicationStatus again")
	got, _ = s.GetApplication(ctx, a.ID)
	if prev != domain.StatusReviewing || !got.StatusChangedAt.Equal(hour) {
		t.Errorf("same status again: previous %q, changed at %v; want reviewing, %v", prev, got.StatusChangedAt, hour)
	}
	_, err = s.SetApplicationStatus(ctx, "missing", domain.StatusHired, at(0))
	wantCode(t, err, domain.ENotFound, "SetApplicationStatus of a missing application")
	_, err = s.SetApplicationStatus(ctx, a.ID, "archived", at(0))
	wantCode(t, err, domain.EInvalid, "SetApplicationStatus to an unknown status")
	got, _ = s.GetApplication(ctx, a.ID)
	if got.Status != domain.StatusReviewing {
		t.Errorf("a refused status change left %q, want reviewing", got.Status)
	}
}

func testInboxNotes(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a, b := newApp("job-1", "asha@example.com", "a"), newApp("job-1", "ravi@example.com", "b")
	for _, x := range []*domain.Application{&a, &b} {
		_, err := s.SaveApplication(ctx, x, domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}
	n1 := domain.ApplicationNote{ApplicationID: a.ID, AuthorID: "s1", AuthorName: "Priya", Body: "Strong Go skills.\nCall back.", CreatedAt: at(time.Hour)}
	n2 := domain.ApplicationNote{ApplicationID: a.ID, AuthorID: "s2", AuthorName: "Dev", Body: "ಕನ್ನಡ ok", CreatedAt: at(0)}
	other := domain.ApplicationNote{ApplicationID: b.ID, AuthorID: "s1", AuthorName: "Priya", Body: "Other"}
	for _, n := range []*domain.ApplicationNote{&n1, &n2, &other} {
		must(t, s.AddApplicationNote(ctx, n), "AddApplicationNote")
		if !domain.ValidID(n.ID) || n.CreatedAt.IsZero() {
			t.Errorf("AddApplicationNote left %+v without an ID or time", n)
		}
	}
	n1.CreatedAt, n2.CreatedAt = n1.CreatedAt.UTC().Truncate(time.Microsecond), n2.CreatedAt.UTC().Truncate(time.Microsecond)
	got, err := s.ListApplicationNotes(ctx, a.ID)
	must(t, err, "ListApplicationNotes")
	checkDiff(t, "notes, oldest first", []domain.ApplicationNote{n2, n1}, got)

	missing := domain.ApplicationNote{ApplicationID: "missing", AuthorName: "x", Body: "y"}
	wantCode(t, s.AddApplicationNote(ctx, &missing), domain.ENotFound, "AddApplicationNote on a missing application")
	if missing.ID != "" {
		t.Errorf("a refused note was given ID %q", missing.ID)
	}

	// Notes go with their application; the other's stay.
	must(t, s.DeleteApplication(ctx, a.ID), "DeleteApplication")
	got, err = s.ListApplicationNotes(ctx, a.ID)
	must(t, err, "ListApplicationNotes after delete")
	if len(got) != 0 {
		t.Errorf("notes after their application was deleted: %+v", got)
	}
	got, _ = s.ListApplicationNotes(ctx, b.ID)
	if len(got) != 1 || got[0].ID != other.ID {
		t.Errorf("the other application's notes = %+v, want its one", got)
	}
	// And with the retention purge.
	_, err = s.DeleteApplicationsBefore(ctx, time.Now().Add(time.Hour))
	must(t, err, "DeleteApplicationsBefore")
	got, _ = s.ListApplicationNotes(ctx, b.ID)
	if len(got) != 0 {
		t.Errorf("notes after the purge: %+v", got)
	}
}

func testInboxReapply(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	a.Spam = false
	_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	_, err = s.SetApplicationStatus(ctx, a.ID, domain.StatusRejected, time.Now())
	must(t, err, "SetApplicationStatus")
	note := domain.ApplicationNote{ApplicationID: a.ID, AuthorName: "Priya", Body: "Not now."}
	must(t, s.AddApplicationNote(ctx, &note), "AddApplicationNote")

	// Suspected spam with the same address leaves it as it is.
	spam := newApp("job-1", "ASHA@example.com", "spam")
	spam.Spam = true
	_, err = s.SaveApplication(ctx, &spam, domain.SaveOptions{})
	must(t, err, "SaveApplication (spam)")
	got, _ := s.GetApplication(ctx, a.ID)
	if got.Status != domain.StatusRejected || spam.Status != domain.StatusRejected {
		t.Errorf("after spam with the same address: stored %q, reported %q; want rejected both", got.Status, spam.Status)
	}

	before := time.Now().Add(-time.Second)
	again := newApp("job-1", "Asha@Example.com", "again")
	again.FullName, again.Spam = "Asha Rao-Iyer", false
	_, err = s.SaveApplication(ctx, &again, domain.SaveOptions{})
	must(t, err, "SaveApplication (again)")
	got, err = s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.Status != domain.StatusNew || got.StatusChangedAt.Before(before) {
		t.Errorf("re-application: status %q since %v, want new since now", got.Status, got.StatusChangedAt)
	}
	notes, err := s.ListApplicationNotes(ctx, a.ID)
	must(t, err, "ListApplicationNotes")
	if len(notes) != 1 || notes[0].ID != note.ID {
		t.Errorf("notes after a re-application = %+v, want the note kept", notes)
	}
	// The new name is what a search finds.
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{Query: strings.ToUpper("rao-iyer")})
	must(t, err, "ListApplications")
	if len(list) != 1 || list[0].ID != a.ID {
		t.Errorf("search for the new name = %d rows, want the application", len(list))
	}
}
