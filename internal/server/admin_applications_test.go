package server_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// recruiter is the member of staff the inbox tests act as.
var recruiter = server.Staff{ID: "staff-1", Email: "priya@example.com", Name: "Priya Recruiter", Role: domain.RoleRecruiter}

// admin serves one staff API request as recruiter. A page CSP is set
// first, as the middleware does, so a download can be seen replacing it.
func (f *applyFixture) admin(t testing.TB, method, target string, body any) response {
	t.Helper()
	return f.adminAs(t, recruiter, method, target, body)
}

// adminAs serves one staff API request as st.
func (f *applyFixture) adminAs(t testing.TB, st server.Staff, method, target string, body any) response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	rec.Header().Set("Content-Security-Policy", "default-src 'self'")
	server.ServeAdminAs(f.srv, st, rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

func answerAs[T any](t testing.TB, res response, want int) T {
	t.Helper()
	if res.Status != want {
		t.Fatalf("answer = %d %s, want %d", res.Status, res.Body, want)
	}
	var v T
	if err := json.Unmarshal([]byte(res.Body), &v); err != nil {
		t.Fatalf("answer does not decode: %v\n%s", err, res.Body)
	}
	return v
}

// audits returns the audit log, oldest first.
func (f *applyFixture) audits(t testing.TB) []domain.AuditEntry {
	t.Helper()
	list, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(list)
	return list
}

// applyOne submits validRequest with its documents and returns the
// stored application.
func (f *applyFixture) applyOne(t *testing.T) domain.Application {
	t.Helper()
	res := f.apply(t, validRequest(), validFiles(), "")
	if res.Status != http.StatusCreated {
		t.Fatalf("apply = %d %s", res.Status, res.Body)
	}
	apps := f.applications(t)
	if len(apps) != 1 {
		t.Fatalf("%d applications stored, want 1", len(apps))
	}
	return apps[0]
}

// seedApp stores an application directly, without documents.
func (f *applyFixture) seedApp(t *testing.T, jobID, name, email string, applied time.Time, spam bool, status domain.ApplicationStatus) domain.Application {
	t.Helper()
	first, last, _ := strings.Cut(name, " ")
	a := domain.Application{JobID: jobID, FirstName: first, LastName: last, FullName: name, Email: email,
		PhoneCountryCode: "+91", PhoneNumber: "9876543210", LocationPreference: "Hyderabad",
		AvailabilityDate: "2026-12-01", Skills: []string{"Go"}, NationalIDType: "PAN",
		NationalIDLast4: "234K", ConsentVersion: domain.ConsentVersion, ConsentAt: applied,
		Spam: spam, AppliedAt: applied, UpdatedAt: applied}
	ctx := context.Background()
	if _, err := f.store.SaveApplication(ctx, &a, domain.SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	if status != domain.StatusNew {
		if _, err := f.store.SetApplicationStatus(ctx, a.ID, status, applied); err != nil {
			t.Fatal(err)
		}
		a.Status = status
	}
	return a
}

func refs(rows []wire.ApplicationRow) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.FullName)
	}
	return out
}

func TestAdminApplicationsListFiltersSearchSortPages(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	other := f.createJob(t, "Data Analyst", domain.JobOpen, nil)
	day := func(n int) time.Time { return testNow.AddDate(0, 0, -30+n) }
	f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", day(0), false, domain.StatusRejected)
	f.seedApp(t, other.ID, "Ravi Kumar", "RAVI@example.org", day(1), false, domain.StatusInterview)
	f.seedApp(t, f.job.ID, "Émile Zola", "emile@example.fr", day(2), false, domain.StatusNew)
	f.seedApp(t, other.ID, "Bob 100%_Sure", "bob@example.com", day(3), false, domain.StatusReviewing)
	f.seedApp(t, f.job.ID, "Spam Bot", "bot@spam.example", day(4), true, domain.StatusNew)

	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"", []string{"Bob 100%_Sure", "Émile Zola", "Ravi Kumar", "Asha Rao"}},
		{"spam=1", []string{"Spam Bot"}},
		{"spam=0&job=" + other.ID, []string{"Bob 100%_Sure", "Ravi Kumar"}},
		{"status=interview", []string{"Ravi Kumar"}},
		{"status=new&job=" + f.job.ID, []string{"Émile Zola"}},
		{"from=" + day(1).Format(time.DateOnly) + "&to=" + day(2).Format(time.DateOnly), []string{"Émile Zola", "Ravi Kumar"}},
		{"to=" + day(0).Format(time.DateOnly), []string{"Asha Rao"}},
		{"q=ravi", []string{"Ravi Kumar"}},
		{"q=EXAMPLE.ORG", []string{"Ravi Kumar"}},
		{"q=" + url.QueryEscape("ÉMILE"), []string{"Émile Zola"}},
		{"q=" + url.QueryEscape("%"), []string{"Bob 100%_Sure"}},
		{"q=nobody", []string{}},
		{"sort=name", []string{"Asha Rao", "Bob 100%_Sure", "Ravi Kumar", "Émile Zola"}},
		{"sort=name&dir=desc", []string{"Émile Zola", "Ravi Kumar", "Bob 100%_Sure", "Asha Rao"}},
		{"sort=applied", []string{"Bob 100%_Sure", "Émile Zola", "Ravi Kumar", "Asha Rao"}},
		{"sort=applied&dir=asc", []string{"Asha Rao", "Ravi Kumar", "Émile Zola", "Bob 100%_Sure"}},
		// What the console sends for oldest first: the default sort is left out.
		{"dir=asc", []string{"Asha Rao", "Ravi Kumar", "Émile Zola", "Bob 100%_Sure"}},
		{"sort=status", []string{"Émile Zola", "Bob 100%_Sure", "Ravi Kumar", "Asha Rao"}},
		{"sort=job&dir=asc", []string{"Bob 100%_Sure", "Ravi Kumar", "Émile Zola", "Asha Rao"}},
		{"sort=job&status=new&q=zola", []string{"Émile Zola"}},
	} {
		list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?"+tc.query, nil), 200)
		if got := refs(list.Rows); !slices.Equal(got, tc.want) {
			t.Errorf("?%s = %q, want %q", tc.query, got, tc.want)
		}
		if list.Total != len(tc.want) || list.Page != 1 || list.Pages != 1 {
			t.Errorf("?%s: total %d, page %d of %d; want %d, 1 of 1", tc.query, list.Total, list.Page, list.Pages, len(tc.want))
		}
	}
	list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications", nil), 200)
	if len(list.Jobs) < 2 || !slices.Equal(list.Statuses, []string{"new", "reviewing", "interview", "offer", "hired", "rejected"}) {
		t.Errorf("filter options: %d jobs, statuses %q", len(list.Jobs), list.Statuses)
	}
	row := list.Rows[0]
	if row.JobTitle != "Data Analyst" || row.Status != "reviewing" || !referencePattern.MatchString(row.Reference) || row.Email != "bob@example.com" {
		t.Errorf("row = %+v", row)
	}

	// Pages of 25.
	for i := range 27 {
		f.seedApp(t, other.ID, fmt.Sprintf("Page Person%02d", i), fmt.Sprintf("p%d@example.com", i), day(10).Add(time.Duration(i)*time.Minute), false, domain.StatusNew)
	}
	p1 := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?job="+other.ID, nil), 200)
	p2 := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?job="+other.ID+"&page=2", nil), 200)
	if p1.Total != 29 || p1.Pages != 2 || len(p1.Rows) != 25 || len(p2.Rows) != 4 || p2.Page != 2 {
		t.Errorf("pages: total %d, %d pages, %d + %d rows; want 29, 2, 25 + 4", p1.Total, p1.Pages, len(p1.Rows), len(p2.Rows))
	}
	if p1.Rows[0].FullName != "Page Person26" || p2.Rows[3].FullName != "Ravi Kumar" {
		t.Errorf("pages start with %q and end with %q", p1.Rows[0].FullName, p2.Rows[3].FullName)
	}
	p9 := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?page=9", nil), 200)
	if len(p9.Rows) != 0 || p9.Total != 31 {
		t.Errorf("a page past the end: %d rows of %d, want none of 31", len(p9.Rows), p9.Total)
	}
}

func TestAdminApplicationsBadQuery(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	for _, tc := range []struct{ query, field, words string }{
		{"status=archived", "status", `Unknown status "archived"`},
		{"sort=salary", "sort", `Unknown sort "salary"`},
		{"dir=up", "dir", "asc or desc"},
		{"from=21-11-2026", "from", "Applied from must be a date"},
		{"to=2026-02-30", "to", "Applied to must be a date"},
		{"from=2026-11-02&to=2026-11-01", "to", "on or after"},
		{"page=0", "page", "whole number"},
		{"page=x", "page", "whole number"},
		{"spam=yes", "spam", "spam filter"},
		{"q=" + strings.Repeat("a", 201), "q", "at most 200"},
		{"colour=red", "colour", `Unknown filter "colour"`},
		{"status=new&status=offer", "status", "more than once"},
	} {
		for _, p := range []string{"/api/admin/applications?", "/api/admin/applications/export.csv?"} {
			res := f.admin(t, "GET", p+tc.query, nil)
			if res.Status != http.StatusBadRequest {
				t.Errorf("%s%s = %d, want 400", p, tc.query, res.Status)
				continue
			}
			e := decodeAPIError(t, res)
			if e.Code != domain.EInvalid || !strings.Contains(e.Message, tc.words) || e.Fields[tc.field] == "" {
				t.Errorf("%s%s: %+v, want %q about %s", p, tc.query, e, tc.words, tc.field)
			}
		}
	}
	if n := len(f.audits(t)); n != 0 {
		t.Errorf("refused exports were recorded: %d audit rows", n)
	}
}

func TestAdminApplicationDetailMasksAndRevealRecordsFirst(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyOne(t)

	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+a.ID, nil), 200)
	if strings.Contains(fmt.Sprint(d), testPAN) {
		t.Fatalf("the detail shows the national ID number")
	}
	if d.NationalIDMasked != "•••• 234K" || d.NationalIDType != "PAN" {
		t.Errorf("national ID shown as %q %q, want PAN •••• 234K", d.NationalIDType, d.NationalIDMasked)
	}
	if d.FullName != "Meera Iyer" || d.Email != "meera.iyer@example.com" || d.Phone != "+91 9876543210" ||
		d.JobTitle != f.job.JobTitle || d.Status != "new" || d.ConsentVersion != domain.ConsentVersion ||
		len(d.WorkExperiences) != 1 || len(d.Educations) != 1 || !slices.Equal(d.Skills, []string{"Go", "PostgreSQL"}) ||
		d.Certifications[0] != (wire.ApplicationCertification{Name: "Cloud Practitioner", Document: "certification-1"}) {
		t.Errorf("detail = %+v", d)
	}
	var docs []string
	for _, doc := range d.Documents {
		docs = append(docs, doc.ID+" "+doc.FileName+" "+doc.ContentType)
	}
	types := map[string]string{".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg"}
	var want []string
	for _, x := range []struct{ id, key string }{
		{"resume", a.ResumeKey}, {"certification-1", a.Certifications[0].DocumentKey}, {"national-id", a.NationalIDDocumentKey},
	} {
		ext := path.Ext(x.key)
		want = append(want, x.id+" "+a.Reference+"-"+x.id+ext+" "+types[ext])
	}
	if !slices.Equal(docs, want) {
		t.Errorf("documents = %q, want %q", docs, want)
	}
	if log := f.audits(t); len(log) != 1 || log[0].Action != domain.AuditAppOpened || log[0].Subject != a.Reference {
		t.Errorf("viewing the detail wrote %+v, want one application-opened row", log)
	}
	if res := f.admin(t, "GET", "/api/admin/applications", nil); res.Status != 200 || strings.Contains(res.Body, testPAN) || strings.Contains(res.Body, "234K") {
		t.Errorf("the list = %d, or shows the national ID: %s", res.Status, res.Body)
	}

	got := answerAs[wire.RevealedID](t, f.admin(t, "POST", "/api/admin/applications/"+a.ID+"/reveal-id", nil), 200)
	if got.Number != testPAN || got.Type != "PAN" {
		t.Errorf("revealed %+v, want PAN %s", got, testPAN)
	}
	log := slices.DeleteFunc(f.audits(t), func(e domain.AuditEntry) bool { return e.Action == domain.AuditAppOpened })
	if len(log) != 1 || log[0].Action != domain.AuditIDRevealed || log[0].Subject != a.Reference ||
		log[0].ActorID != recruiter.ID || log[0].ActorEmail != recruiter.Email {
		t.Errorf("audit log = %+v, want one reveal by %s of %s", log, recruiter.Email, a.Reference)
	}
	for _, e := range log {
		if strings.Contains(fmt.Sprint(e), testPAN) || strings.Contains(fmt.Sprint(e), "Meera") {
			t.Errorf("the audit row holds personal data: %+v", e)
		}
	}
	if strings.Contains(f.logs.String(), testPAN) {
		t.Errorf("the national ID number reached the log:\n%s", f.logs)
	}

	res := f.admin(t, "POST", "/api/admin/applications/missing/reveal-id", nil)
	if res.Status != http.StatusNotFound {
		t.Errorf("reveal of a missing application = %d", res.Status)
	}
}

// auditFailingStore refuses to record in the audit log.
type auditFailingStore struct{ domain.Store }

func (auditFailingStore) AppendAudit(context.Context, *domain.AuditEntry) error {
	return errors.New("audit log unavailable")
}

func TestAdminApplicationsShowNothingWhenTheAuditFails(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t, func(o *server.Options) { o.Store = auditFailingStore{o.Store} })
	a := f.applyOne(t)
	_, resume := docfiletest.Good(docfile.Resume)
	for _, tc := range []struct{ method, path string }{
		{"POST", "/reveal-id"},
		{"GET", "/documents/resume"},
		{"DELETE", ""},
		{"GET", "export.csv"},
	} {
		target := "/api/admin/applications/" + a.ID + tc.path
		if tc.path == "export.csv" {
			target = "/api/admin/applications/export.csv"
		}
		res := f.admin(t, tc.method, target, nil)
		if res.Status != http.StatusInternalServerError {
			t.Errorf("%s %s with the audit log failing = %d, want 500", tc.method, target, res.Status)
		}
		if strings.Contains(res.Body, testPAN) || strings.Contains(res.Body, "Meera") || strings.Contains(res.Body, string(resume[:20])) {
			t.Errorf("%s %s showed personal data without a record: %s", tc.method, target, res.Body)
		}
		if cd := res.Header.Get("Content-Disposition"); cd != "" {
			t.Errorf("%s %s answered an attachment: %s", tc.method, target, cd)
		}
	}
	if _, err := f.store.GetApplication(context.Background(), a.ID); err != nil {
		t.Errorf("the erase went ahead without a record: %v", err)
	}
	if n := len(f.allBlobs(t)); n != 3 {
		t.Errorf("%d documents left, want all 3", n)
	}
}

func TestAdminDocumentDownload(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyOne(t)
	_, resume := docfiletest.Good(docfile.Resume)

	res := f.admin(t, "GET", "/api/admin/applications/"+a.ID+"/documents/resume", nil)
	if res.Status != 200 || res.Body != string(resume) {
		t.Fatalf("download = %d, %d bytes; want 200 and the resume's %d", res.Status, len(res.Body), len(resume))
	}
	name := a.Reference + "-resume.pdf"
	for h, want := range map[string]string{
		"Content-Type":            "application/pdf",
		"Content-Disposition":     `attachment; filename="` + name + `"; filename*=UTF-8''` + name,
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "sandbox",
		"Cache-Control":           "no-store",
		"Content-Length":          fmt.Sprint(len(resume)),
	} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	for _, doc := range []string{"certification-1", "national-id"} {
		if res := f.admin(t, "GET", "/api/admin/applications/"+a.ID+"/documents/"+doc, nil); res.Status != 200 ||
			!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") {
			t.Errorf("download of %s = %d %q", doc, res.Status, res.Header.Get("Content-Disposition"))
		}
	}
	log := f.audits(t)
	var got []string
	for _, e := range log {
		got = append(got, string(e.Action)+" "+e.Subject+" "+e.Detail)
	}
	want := []string{"document-downloaded " + a.Reference + " resume", "document-downloaded " + a.Reference + " certification-1",
		"document-downloaded " + a.Reference + " national-id"}
	// The test clock stands still: the rows share a time, so any order.
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("audit log = %q, want %q", got, want)
	}

	for _, tc := range []struct{ doc, words string }{
		{"certification-2", "no such document"},
		{"../resume", "no such document"},
	} {
		res := f.admin(t, "GET", "/api/admin/applications/"+a.ID+"/documents/"+url.PathEscape(tc.doc), nil)
		if res.Status != 404 || !strings.Contains(decodeAPIError(t, res).Message, tc.words) {
			t.Errorf("download of %q = %d %s", tc.doc, res.Status, res.Body)
		}
	}
	// A file gone from storage: told so, nothing recorded.
	if err := f.blobs.Delete(context.Background(), a.ResumeKey); err != nil {
		t.Fatal(err)
	}
	res = f.admin(t, "GET", "/api/admin/applications/"+a.ID+"/documents/resume", nil)
	if res.Status != 404 || !strings.Contains(decodeAPIError(t, res).Message, "missing from storage") {
		t.Errorf("download of a missing file = %d %s", res.Status, res.Body)
	}
	if n := len(f.audits(t)); n != 3 {
		t.Errorf("a failed download was recorded: %d audit rows, want 3", n)
	}
}

func TestAdminExportCSVIsEscapedAndRecorded(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	applied := testNow.Add(-48 * time.Hour)
	names := []string{"=1+1 Sum", "+SUM(A1) x", "-2+3 y", "@cmd z", "\tTab t", "\rCR r", `Quote "Q" q`,
		"Comma, C", "New\nLine", "ಕನ್ನಡ ನಾಮ", "Plain Name"}
	for i, n := range names {
		f.seedApp(t, f.job.ID, n, fmt.Sprintf("p%d@example.com", i), applied.Add(time.Duration(i)*time.Minute), false, domain.StatusNew)
	}
	f.seedApp(t, f.job.ID, "Spam Bot", "bot@example.com", applied, true, domain.StatusNew)

	res := f.admin(t, "GET", "/api/admin/applications/export.csv?job="+f.job.ID+"&q=e", nil)
	if res.Status != 200 {
		t.Fatalf("export = %d %s", res.Status, res.Body)
	}
	for h, want := range map[string]string{
		"Content-Type":            "text/csv; charset=utf-8",
		"Content-Disposition":     `attachment; filename="applications-2026-11-21.csv"; filename*=UTF-8''applications-2026-11-21.csv`,
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "sandbox",
	} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	body, ok := strings.CutPrefix(res.Body, "\ufeff")
	if !ok {
		t.Fatalf("the export does not start with a byte-order mark")
	}
	records, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("the export is not valid CSV: %v", err)
	}
	if !slices.Equal(records[0][:8], []string{"Reference", "Applied (IST, UTC+05:30)", "Job", "Status", "First name", "Middle name", "Last name", "E-mail"}) {
		t.Errorf("header = %q", records[0])
	}
	for _, h := range records[0] {
		if strings.Contains(strings.ToLower(h), "national") {
			t.Errorf("the export has a national ID column: %q", h)
		}
	}
	// Every seeded e-mail contains an "e"; spam stays out.
	if len(records) != 1+len(names) {
		t.Fatalf("%d rows, want %d", len(records)-1, len(names))
	}
	firstNames := map[string]string{}
	for _, r := range records[1:] {
		firstNames[r[7]] = r[4]
		// A phone as stored ("+91", a space, digits) cannot run as a
		// formula: it stays readable, without an apostrophe.
		if r[8] != "+91 9876543210" {
			t.Errorf("phone cell = %q, want +91 9876543210", r[8])
		}
		// Times are in the site's zone, as the header says.
		var i int
		if _, err := fmt.Sscanf(r[7], "p%d@example.com", &i); err == nil {
			kolkata := time.FixedZone("IST", 5*3600+1800)
			if want := applied.Add(time.Duration(i) * time.Minute).In(kolkata).Format("2006-01-02 15:04"); r[1] != want {
				t.Errorf("applied cell = %q, want %q (IST)", r[1], want)
			}
		}
	}
	for i, n := range names {
		first, _, _ := strings.Cut(n, " ")
		want := first
		if strings.ContainsAny(first[:1], "=+-@\t\r") {
			want = "'" + first
		}
		if got := firstNames[fmt.Sprintf("p%d@example.com", i)]; got != want {
			t.Errorf("first name %q exported as %q, want %q", first, got, want)
		}
	}
	// encoding/csv quotes a cell with quotes, commas or line breaks and
	// doubles its quotes.
	for _, cell := range []string{`,"""Q"" q",`, `,"Comma,",`, "\"New\nLine\""} {
		if !strings.Contains(body, cell) {
			t.Errorf("the export lacks the cell %s:\n%s", cell, body)
		}
	}
	log := f.audits(t)
	if len(log) != 1 || log[0].Action != domain.AuditExport || log[0].Detail != "11 rows; job "+f.job.ID+"; with a search" {
		t.Errorf("audit log = %+v", log)
	}
	if strings.Contains(log[0].Detail, "=") {
		t.Errorf("the audit detail holds the search text: %q", log[0].Detail)
	}
}

func TestAdminStatusChangeIsRecorded(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	target := "/api/admin/applications/" + a.ID + "/status"
	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "PATCH", target, wire.StatusChange{Status: "reviewing"}), 200)
	if d.Status != "reviewing" || !d.StatusChangedAt.Equal(testNow) {
		t.Errorf("after the change: %q since %v", d.Status, d.StatusChangedAt)
	}
	answerAs[wire.ApplicationDetail](t, f.admin(t, "PATCH", target, wire.StatusChange{Status: "reviewing"}), 200)
	res := f.admin(t, "PATCH", target, wire.StatusChange{Status: "archived"})
	if e := decodeAPIError(t, res); res.Status != 422 || e.Fields["status"] == "" {
		t.Errorf("unknown status = %d %+v, want 422 on status", res.Status, e)
	}
	if res := f.admin(t, "PATCH", "/api/admin/applications/missing/status", wire.StatusChange{Status: "offer"}); res.Status != 404 {
		t.Errorf("status of a missing application = %d", res.Status)
	}
	log := f.audits(t)
	if len(log) != 1 || log[0].Action != domain.AuditStatusChanged || log[0].Subject != a.Reference || log[0].Detail != "new → reviewing" {
		t.Errorf("audit log = %+v, want one change new → reviewing of %s", log, a.Reference)
	}
}

func TestAdminNotes(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	target := "/api/admin/applications/" + a.ID + "/notes"
	n := answerAs[wire.ApplicationNote](t, f.admin(t, "POST", target, wire.NoteRequest{Body: "  Strong Go skills.\nCall Tuesday.  "}), 201)
	if n.Body != "Strong Go skills.\nCall Tuesday." || n.AuthorName != recruiter.Name || !n.CreatedAt.Equal(testNow) {
		t.Errorf("note = %+v", n)
	}
	for _, body := range []string{"", "   \n ", strings.Repeat("é", 5001)} {
		res := f.admin(t, "POST", target, wire.NoteRequest{Body: body})
		if e := decodeAPIError(t, res); res.Status != 422 || e.Fields["body"] == "" {
			t.Errorf("note of %d characters = %d %+v, want 422 on body", len(body), res.Status, e)
		}
	}
	f.clock.Add(time.Minute)
	long := answerAs[wire.ApplicationNote](t, f.admin(t, "POST", target, wire.NoteRequest{Body: strings.Repeat("é", 5000)}), 201)
	if res := f.admin(t, "POST", "/api/admin/applications/missing/notes", wire.NoteRequest{Body: "x"}); res.Status != 404 {
		t.Errorf("note on a missing application = %d", res.Status)
	}
	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+a.ID, nil), 200)
	if len(d.Notes) != 2 || d.Notes[0].ID != n.ID || d.Notes[1].ID != long.ID {
		t.Errorf("detail has %d notes, want the 2 oldest first", len(d.Notes))
	}
}

// failingDeletes is a blob store whose deletes fail.
type failingDeletes struct{ domain.BlobStore }

func (failingDeletes) Delete(context.Context, string) error { return errors.New("disk on fire") }

func TestAdminEraseRemovesRowNotesAndFiles(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyOne(t)
	answerAs[wire.ApplicationNote](t, f.admin(t, "POST", "/api/admin/applications/"+a.ID+"/notes", wire.NoteRequest{Body: "Note"}), 201)
	if n := len(f.allBlobs(t)); n != 3 {
		t.Fatalf("%d documents before the erase, want 3", n)
	}
	got := answerAs[wire.ApplicationErased](t, f.admin(t, "DELETE", "/api/admin/applications/"+a.ID, nil), 200)
	if got.Reference != a.Reference || !got.FilesDeleted {
		t.Errorf("erase answer = %+v", got)
	}
	if _, err := f.store.GetApplication(context.Background(), a.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("GetApplication after the erase: %v", err)
	}
	if notes, _ := f.store.ListApplicationNotes(context.Background(), a.ID); len(notes) != 0 {
		t.Errorf("notes after the erase: %+v", notes)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents after the erase: %q", keys)
	}
	log := f.audits(t)
	if len(log) != 1 || log[0].Action != domain.AuditErase || log[0].Subject != a.Reference || strings.Contains(log[0].Detail, "Meera") {
		t.Errorf("audit log = %+v", log)
	}
	if res := f.admin(t, "DELETE", "/api/admin/applications/"+a.ID, nil); res.Status != 404 {
		t.Errorf("a second erase = %d, want 404", res.Status)
	}
}

func TestAdminEraseLeavesUndeletableFilesToTheSweeper(t *testing.T) {
	t.Parallel()
	f := newApplyFixtureWith(t, func(b domain.BlobStore) domain.BlobStore { return failingDeletes{b} })
	a := f.applyOne(t)
	got := answerAs[wire.ApplicationErased](t, f.admin(t, "DELETE", "/api/admin/applications/"+a.ID, nil), 200)
	if got.FilesDeleted {
		t.Errorf("erase answer = %+v, want FilesDeleted false", got)
	}
	if _, err := f.store.GetApplication(context.Background(), a.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("the row stayed: %v", err)
	}
	logs := f.logs.String()
	if !strings.Contains(logs, "orphan sweeper") || !strings.Contains(logs, "documents=3") {
		t.Errorf("the log does not say the sweeper takes over:\n%s", logs)
	}
	for _, k := range a.BlobKeys() {
		if strings.Contains(logs, k) {
			t.Errorf("the log names a document key (a slug of the name): %s", k)
		}
	}
	if strings.Contains(logs, "meera") || strings.Contains(logs, "Meera") {
		t.Errorf("the log holds the applicant's name:\n%s", logs)
	}
}

// An export larger than one page of the store comes whole, once each,
// oldest first.
func TestAdminExportStreamsEveryPage(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	const n = 2*domain.MaxApplicationPage + 30
	start := testNow.Add(-n * time.Minute)
	for i := range n {
		f.seedApp(t, f.job.ID, fmt.Sprintf("Person %03d", i), fmt.Sprintf("p%03d@example.com", i), start.Add(time.Duration(i)*time.Minute), false, domain.StatusNew)
	}
	res := f.admin(t, "GET", "/api/admin/applications/export.csv?sort=name&dir=desc", nil)
	if res.Status != 200 {
		t.Fatalf("export = %d %s", res.Status, res.Body)
	}
	records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Body, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != n+1 {
		t.Fatalf("%d rows, want %d", len(records)-1, n)
	}
	for i, r := range records[1:] {
		if want := fmt.Sprintf("p%03d@example.com", i); r[7] != want {
			t.Fatalf("row %d is %s, want %s (oldest first, each once)", i, r[7], want)
		}
	}
	if log := f.audits(t); len(log) != 1 || log[0].Detail != fmt.Sprintf("%d rows", n) {
		t.Errorf("audit log = %+v", log)
	}
}

// The inbox's routes are served by the real router, behind the session
// check: without one, nothing is shown.
func TestAdminApplicationsNeedASession(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyOne(t)
	for _, target := range []string{"/api/admin/applications", "/api/admin/applications/" + a.ID,
		"/api/admin/applications/" + a.ID + "/documents/resume", "/api/admin/applications/export.csv"} {
		res := f.get(t, target)
		if res.Status != http.StatusUnauthorized || strings.Contains(res.Body, "Meera") {
			t.Errorf("GET %s without a session = %d %s, want 401", target, res.Status, res.Body)
		}
	}
	if n := len(f.audits(t)); n != 0 {
		t.Errorf("refused requests were recorded: %d audit rows", n)
	}
}

// Gender and disability answers reach admins only: recruiters review
// without them, and are told why the section is empty.
func TestAdminApplicationVoluntaryAnswersForAdminsOnly(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Meera Iyer", "meera.iyer@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	a.Gender, a.DisabilityStatus = "Female", "No disability"
	if _, err := f.store.SaveApplication(context.Background(), &a, domain.SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	target := "/api/admin/applications/" + a.ID
	res := f.admin(t, "GET", target, nil)
	if d := answerAs[wire.ApplicationDetail](t, res, 200); d.Voluntary != nil || strings.Contains(res.Body, "Female") || strings.Contains(res.Body, "No disability") {
		t.Errorf("a recruiter was shown the voluntary answers: %s", res.Body)
	}
	boss := server.Staff{ID: "staff-9", Email: "anita@example.com", Name: "Anita Admin", Role: domain.RoleAdmin}
	d := answerAs[wire.ApplicationDetail](t, f.adminAs(t, boss, "GET", target, nil), 200)
	if d.Voluntary == nil || *d.Voluntary != (wire.VoluntaryAnswers{Gender: "Female", DisabilityStatus: "No disability"}) {
		t.Errorf("admin sees voluntary = %+v, want Female / No disability", d.Voluntary)
	}
}

// An application its applicant withdrew says so in the list and the
// detail, with when.
func TestAdminApplicationShowsWithdrawal(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Meera Iyer", "meera.iyer@example.com", testNow.Add(-48*time.Hour), false, domain.StatusReviewing)
	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+a.ID, nil), 200)
	if d.WithdrawnAt != nil {
		t.Fatalf("a standing application shows withdrawn at %v", d.WithdrawnAt)
	}
	when := testNow.Add(-time.Hour).Truncate(time.Second)
	if _, err := f.store.WithdrawApplication(context.Background(), a.ID, when, nil); err != nil {
		t.Fatal(err)
	}
	d = answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+a.ID, nil), 200)
	if d.WithdrawnAt == nil || !d.WithdrawnAt.Equal(when) {
		t.Errorf("detail withdrawnAt = %v, want %v", d.WithdrawnAt, when)
	}
	list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications", nil), 200)
	if len(list.Rows) != 1 || list.Rows[0].WithdrawnAt == nil || !list.Rows[0].WithdrawnAt.Equal(when) {
		t.Errorf("list rows = %+v, want the one withdrawn at %v", list.Rows, when)
	}
}
