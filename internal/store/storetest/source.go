package storetest

import (
	"fmt"
	"testing"

	"corpsite/internal/domain"
)

// sourceTests are the contract cases of applications' sources: stored
// and read back, filtered, counted per job, and replaced with a later
// application.
var sourceTests = []contractTest{
	{"Source/FilterAndCount", testSourceFilterCount},
	{"Source/ReapplyTakesNewSource", testSourceReapply},
}

// sourceFixture stores applications from several sources: app-00 …
// app-06, newest last.
func sourceFixture(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for _, id := range []string{"job-a", "job-b"} {
		j := newJob(id, t0, domain.JobOpen)
		must(t, s.CreateJob(ctx, &j), "CreateJob")
	}
	for i, x := range []struct {
		job, source string
		spam        bool
	}{
		{"job-a", "linkedin", false},
		{"job-a", "naukri", false},
		{"job-a", "linkedin", false},
		{"job-a", "", false},
		{"job-b", "linkedin", false},
		{"job-a", "linkedin", true}, // suspected spam
		{"job-b", "", false},
	} {
		a := newApp(x.job, fmt.Sprintf("applicant%d@example.com", i), fmt.Sprint(i))
		a.ID, a.AppliedAt, a.Source, a.Spam = fixedID("app", i), at(day(i)), x.source, x.spam
		a.Reference = fmt.Sprintf("APP-SRC%05d", i)
		_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}
}

func testSourceFilterCount(t *testing.T, s domain.Store) {
	ctx := t.Context()
	got, err := s.CountApplicationsBySource(ctx, domain.ApplicationFilter{})
	must(t, err, "CountApplicationsBySource on an empty store")
	checkDiff(t, "counts of an empty store", []domain.SourceCount{}, got)

	sourceFixture(t, s)
	a, err := s.GetApplication(ctx, "app-01")
	must(t, err, "GetApplication")
	if a.Source != "naukri" {
		t.Errorf("app-01 read back with source %q, want naukri", a.Source)
	}
	for _, tc := range []struct {
		f    domain.ApplicationFilter
		want []string
	}{
		{domain.ApplicationFilter{Source: "linkedin"}, []string{"app-05", "app-04", "app-02", "app-00"}},
		{domain.ApplicationFilter{Source: "linkedin", Spam: domain.SpamExclude}, []string{"app-04", "app-02", "app-00"}},
		{domain.ApplicationFilter{Source: "linkedin", JobID: "job-b"}, []string{"app-04"}},
		{domain.ApplicationFilter{Source: domain.NoSource}, []string{"app-06", "app-03"}},
		{domain.ApplicationFilter{Source: domain.NoSource, JobID: "job-a"}, []string{"app-03"}},
		{domain.ApplicationFilter{Source: "indeed"}, []string{}},
	} {
		list, err := s.ListApplications(ctx, tc.f)
		must(t, err, "ListApplications")
		checkDiff(t, fmt.Sprintf("ListApplications(%+v)", tc.f), tc.want, ids(list, appID))
		n, err := s.CountApplications(ctx, tc.f)
		must(t, err, "CountApplications")
		if n != len(tc.want) {
			t.Errorf("CountApplications(%+v) = %d, want %d", tc.f, n, len(tc.want))
		}
	}

	// Per job, suspected spam left out: the most first, ties by source
	// ("" for none sorts first).
	got, err = s.CountApplicationsBySource(ctx, domain.ApplicationFilter{JobID: "job-a", Spam: domain.SpamExclude})
	must(t, err, "CountApplicationsBySource(job-a)")
	checkDiff(t, "sources of job-a", []domain.SourceCount{
		{Source: "linkedin", N: 2}, {Source: "", N: 1}, {Source: "naukri", N: 1},
	}, got)
	got, err = s.CountApplicationsBySource(ctx, domain.ApplicationFilter{})
	must(t, err, "CountApplicationsBySource of every application")
	checkDiff(t, "sources of every job, spam included", []domain.SourceCount{
		{Source: "linkedin", N: 4}, {Source: "", N: 2}, {Source: "naukri", N: 1},
	}, got)
	got, err = s.CountApplicationsBySource(ctx, domain.ApplicationFilter{JobID: "no-such-job"})
	must(t, err, "CountApplicationsBySource of a job with none")
	checkDiff(t, "sources of a job with none", []domain.SourceCount{}, got)
}

// A later application to the same job is a fresh submission: it brings
// its own source, or none.
func testSourceReapply(t *testing.T, s domain.Store) {
	ctx := t.Context()
	sourceFixture(t, s)
	again := newApp("job-a", "applicant1@example.com", "again")
	again.Source, again.Spam = "", false
	res, err := s.SaveApplication(ctx, &again, domain.SaveOptions{})
	must(t, err, "SaveApplication again")
	if res.Created || again.ID != "app-01" {
		t.Fatalf("the second application created %v with ID %q, want app-01 replaced", res.Created, again.ID)
	}
	a, err := s.GetApplication(ctx, "app-01")
	must(t, err, "GetApplication")
	if a.Source != "" {
		t.Errorf("replaced application has source %q, want none", a.Source)
	}
	n, err := s.CountApplications(ctx, domain.ApplicationFilter{Source: "naukri"})
	must(t, err, "CountApplications(naukri)")
	if n != 0 {
		t.Errorf("%d applications from naukri after the replacement, want 0", n)
	}
}
