package server_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// An application's source (the src or utm_source of the link the
// applicant came by) travels in the application's JSON, is stored
// lower-cased, and a source that is not a short token is dropped without
// refusing the application.
func TestApplicationSourceKeptOrDropped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ sent, stored string }{
		{"LinkedIn", "linkedin"},
		{" naukri.com ", "naukri.com"},
		{"", ""},
		{"<script>alert(1)</script>", ""},
		{"someone@example.com", ""},
		{strings.Repeat("x", domain.SourceMax+1), ""},
	} {
		f := newApplyFixture(t)
		req := validRequest()
		req.Source = tc.sent
		res := f.apply(t, req, validFiles(), "")
		if res.Status != http.StatusCreated {
			t.Fatalf("source %q: apply = %d %s, want 201", tc.sent, res.Status, res.Body)
		}
		apps := f.applications(t)
		if len(apps) != 1 || apps[0].Source != tc.stored {
			t.Errorf("source %q: stored %d applications, source %q; want 1 with %q", tc.sent, len(apps), apps[0].Source, tc.stored)
		}
	}
}

// seedFrom stores an application from source directly, without documents.
func (f *applyFixture) seedFrom(t *testing.T, jobID, name, source string, applied time.Time, spam bool) {
	t.Helper()
	first, last, _ := strings.Cut(name, " ")
	a := domain.Application{JobID: jobID, FirstName: first, LastName: last, FullName: name,
		Email: strings.ToLower(first) + "@example.com", PhoneCountryCode: "+91", PhoneNumber: "9876543210",
		LocationPreference: "Hyderabad", AvailabilityDate: "2026-12-01", Skills: []string{"Go"},
		ConsentVersion: domain.ConsentVersion, ConsentAt: applied, Spam: spam, AppliedAt: applied,
		UpdatedAt: applied, Source: source}
	if _, err := f.store.SaveApplication(context.Background(), &a, domain.SaveOptions{}); err != nil {
		t.Fatal(err)
	}
}

// The console shows the source in the list and the detail, filters and
// exports by it, and counts a job's applications by source on its board.
func TestAdminApplicationSourceFilterExportAndBoard(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	other := f.createJob(t, "Data Analyst", domain.JobOpen, nil)
	day := func(n int) time.Time { return testNow.AddDate(0, 0, -30+n) }
	sources := map[string]string{"Asha Rao": "linkedin", "Ravi Kumar": "naukri", "Meera Iyer": "linkedin",
		"Chitra N": "", "Bob Sure": "linkedin", "Spam Bot": "linkedin"}
	f.seedFrom(t, f.job.ID, "Asha Rao", sources["Asha Rao"], day(0), false)
	f.seedFrom(t, f.job.ID, "Ravi Kumar", sources["Ravi Kumar"], day(1), false)
	f.seedFrom(t, f.job.ID, "Meera Iyer", sources["Meera Iyer"], day(2), false)
	f.seedFrom(t, f.job.ID, "Chitra N", sources["Chitra N"], day(3), false)
	f.seedFrom(t, other.ID, "Bob Sure", sources["Bob Sure"], day(4), false)
	f.seedFrom(t, f.job.ID, "Spam Bot", sources["Spam Bot"], day(5), true)

	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"source=linkedin", []string{"Bob Sure", "Meera Iyer", "Asha Rao"}},
		{"source=LinkedIn&job=" + f.job.ID, []string{"Meera Iyer", "Asha Rao"}},
		{"source=-", []string{"Chitra N"}},
		{"source=indeed", []string{}},
		{"source=linkedin&spam=1", []string{"Spam Bot"}},
	} {
		list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?"+tc.query, nil), 200)
		if got := refs(list.Rows); !slices.Equal(got, tc.want) {
			t.Errorf("?%s = %q, want %q", tc.query, got, tc.want)
		}
		for _, r := range list.Rows {
			if r.Source != sources[r.FullName] {
				t.Errorf("?%s: row %s has source %q, want %q", tc.query, r.FullName, r.Source, sources[r.FullName])
			}
		}
	}
	list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications", nil), 200)
	wantSources := []wire.SourceCount{{Source: "linkedin", Count: 4}, {Source: "", Count: 1}, {Source: "naukri", Count: 1}}
	if !slices.Equal(list.Sources, wantSources) {
		t.Errorf("filter's sources = %+v, want %+v", list.Sources, wantSources)
	}
	for _, q := range []string{"source=" + url.QueryEscape("linked in"), "source=" + strings.Repeat("a", 41), "source=a&source=b"} {
		res := f.admin(t, "GET", "/api/admin/applications?"+q, nil)
		if res.Status != http.StatusBadRequest || !strings.Contains(res.Body, `"source"`) {
			t.Errorf("?%s = %d %s, want 400 naming the source filter", q, res.Status, res.Body)
		}
	}

	// The detail shows it.
	row := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?source=naukri", nil), 200).Rows[0]
	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+row.ID, nil), 200)
	if d.Source != "naukri" || row.Source != "naukri" {
		t.Errorf("Ravi's source: row %q, detail %q; want naukri", row.Source, d.Source)
	}

	// The export has a Source column and follows the filter; the audit
	// log names the filter.
	res := f.admin(t, "GET", "/api/admin/applications/export.csv?source=linkedin&job="+f.job.ID, nil)
	if res.Status != 200 {
		t.Fatalf("export = %d %s", res.Status, res.Body)
	}
	records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Body, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(records[0], "Source")
	if col < 0 || len(records) != 3 {
		t.Fatalf("export: header %q, %d rows; want a Source column and 2 rows", records[0], len(records)-1)
	}
	for _, r := range records[1:] {
		if r[col] != "linkedin" {
			t.Errorf("exported row %q has source %q, want linkedin", r[0], r[col])
		}
	}
	// Found by its action: the detail opened just before may be recorded
	// at the same instant, so the order of the two is not the point.
	audits := f.audits(t)
	if !slices.ContainsFunc(audits, func(e domain.AuditEntry) bool {
		return e.Action == domain.AuditExport && strings.Contains(e.Detail, "source linkedin")
	}) {
		t.Errorf("audit entries %+v: none is the export naming its source filter", audits)
	}

	// The board counts the job's applications by source, spam left out.
	b := answerAs[wire.JobBoard](t, f.admin(t, "GET", "/api/admin/jobs/"+f.job.ID+"/board", nil), 200)
	wantBoard := []wire.SourceCount{{Source: "linkedin", Count: 2}, {Source: "", Count: 1}, {Source: "naukri", Count: 1}}
	if !slices.Equal(b.Sources, wantBoard) {
		t.Errorf("board sources = %+v, want %+v", b.Sources, wantBoard)
	}
	b = answerAs[wire.JobBoard](t, f.admin(t, "GET", "/api/admin/jobs/"+other.ID+"/board", nil), 200)
	if want := []wire.SourceCount{{Source: "linkedin", Count: 1}}; !slices.Equal(b.Sources, want) {
		t.Errorf("other job's board sources = %+v, want %+v", b.Sources, want)
	}
}

// canonicalRE finds a page's canonical link.
var canonicalRE = regexp.MustCompile(`<link rel="canonical" href="([^"]*)"`)

// A tracking parameter on a page that leads to an application makes no
// page of its own: the cached page is served, rendered once, and its
// canonical link has no query.
func TestTrackingParametersShareThePageCache(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	var job domain.Job
	for _, j := range f.jobs(t) {
		if j.Status == domain.JobOpen {
			job = j
			break
		}
	}
	if job.ID == "" {
		t.Fatal("no open job seeded")
	}
	for _, p := range []string{"/job/" + job.ID, "/apply/" + job.ID, "/jobs", "/career"} {
		first := f.get(t, p)
		if first.Status != http.StatusOK {
			t.Fatalf("GET %s = %d", p, first.Status)
		}
		if m := canonicalRE.FindStringSubmatch(first.Body); m == nil || !strings.HasSuffix(m[1], p) {
			t.Errorf("GET %s: canonical link %q, want the path without a query", p, m)
		}
		for _, q := range []string{"?src=linkedin", "?utm_source=naukri&utm_medium=job", "?src=LinkedIn&utm_source=x"} {
			res := f.get(t, p+q)
			if res.Status != http.StatusOK || res.Body != first.Body {
				t.Errorf("GET %s%s: status %d, same body %v; want 200 and the page of %s", p, q, res.Status, res.Body == first.Body, p)
			}
		}
		if n := log.count(p); n != 1 {
			t.Errorf("%s rendered %d times for four query strings, want 1", p, n)
		}
	}
}
