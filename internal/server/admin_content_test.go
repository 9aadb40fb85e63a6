package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/blob"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

var (
	contentRecruiter = server.Staff{ID: "staff-r", Email: "rec@site.test", Name: "Rec", Role: domain.RoleRecruiter}
	editor           = server.Staff{ID: "staff-e", Email: "ed@site.test", Name: "Ed", Role: domain.RoleEditor}
)

// admin sends a staff API request as st, with body as JSON (nil = none).
func (f *fixture) admin(t *testing.T, st server.Staff, method, target string, body any) response {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, target, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return f.serveAdmin(t, st, req)
}

func (f *fixture) serveAdmin(t *testing.T, st server.Staff, req *http.Request) response {
	t.Helper()
	rec := httptest.NewRecorder()
	server.ServeAdminAs(f.srv, st, rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

func decodeInto[T any](t *testing.T, res response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(res.Body), &v); err != nil {
		t.Fatalf("body is not the expected JSON: %v\n%s", err, res.Body)
	}
	return v
}

// errorFields returns the field messages of an error answer.
func errorFields(t *testing.T, res response) map[string]string {
	t.Helper()
	var e struct {
		Error struct {
			Code   string            `json:"code"`
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(res.Body), &e); err != nil {
		t.Fatalf("error body is not JSON: %v\n%s", err, res.Body)
	}
	return e.Error.Fields
}

// fullJob is a job with every field filled in, closing in a month.
func fullJob(title string) wire.AdminJobInput {
	return wire.AdminJobInput{
		JobTitle: title, YearsMin: years(3), YearsMax: years(5), LocationID: "hyderabad", DepartmentID: "engineering",
		Workplace: "hybrid", EmploymentType: "FULL_TIME", SalaryMin: 900000, SalaryMax: 1500000,
		ClosingDate: testNow.AddDate(0, 1, 0).Format(time.DateOnly),
		Description: "<h2>About</h2><p>Build the " + title + " platform.</p>",
	}
}

func years(n int) *int { return &n }

func TestAdminJobValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	yesterday := testNow.AddDate(0, 0, -1).Format(time.DateOnly)
	cases := []struct {
		name  string
		edit  func(*wire.AdminJobInput)
		field string // "" = accepted
		msg   string // the message, when it matters
	}{
		{"complete", func(*wire.AdminJobInput) {}, "", ""},
		{"title missing", func(in *wire.AdminJobInput) { in.JobTitle = "  " }, "jobTitle", ""},
		{"title too long", func(in *wire.AdminJobInput) { in.JobTitle = strings.Repeat("a", 151) }, "jobTitle", ""},
		{"title on two lines", func(in *wire.AdminJobInput) { in.JobTitle = "a\nb" }, "jobTitle", ""},
		{"years backwards", func(in *wire.AdminJobInput) { in.YearsMin, in.YearsMax = years(5), years(2) }, "yearsMax",
			"The maximum years must not be less than the minimum years."},
		{"years negative", func(in *wire.AdminJobInput) { in.YearsMin = years(-1) }, "yearsMin",
			"Enter the minimum years as a whole number from 0 to 50."},
		{"years over 50", func(in *wire.AdminJobInput) { in.YearsMax = years(51) }, "yearsMax",
			"Enter the maximum years as a whole number from 0 to 50, or leave it empty for no maximum."},
		{"max without min", func(in *wire.AdminJobInput) { in.YearsMin = nil }, "yearsMin",
			"Enter the minimum years too, or clear the maximum."},
		{"open maximum", func(in *wire.AdminJobInput) { in.YearsMax = nil }, "", ""},
		{"equal ends", func(in *wire.AdminJobInput) { in.YearsMin, in.YearsMax = years(50), years(50) }, "", ""},
		{"location not in the list", func(in *wire.AdminJobInput) { in.LocationID = "atlantis" }, "locationId",
			"Choose a location from the list."},
		{"department not in the list", func(in *wire.AdminJobInput) { in.DepartmentID = "sales" }, "departmentId",
			"Choose a department from the list."},
		{"workplace unknown", func(in *wire.AdminJobInput) { in.Workplace = "moon" }, "workplace", "Choose on-site, hybrid or remote."},
		{"employment type unknown", func(in *wire.AdminJobInput) { in.EmploymentType = "GIG" }, "employmentType", ""},
		{"salary negative", func(in *wire.AdminJobInput) { in.SalaryMin = -1 }, "salaryMin", ""},
		{"salary max below min", func(in *wire.AdminJobInput) { in.SalaryMax = 100 }, "salaryMax", ""},
		{"salary only max", func(in *wire.AdminJobInput) { in.SalaryMin = 0 }, "", ""},
		{"closing date not a date", func(in *wire.AdminJobInput) { in.ClosingDate = "2026-02-30" }, "closingDate", ""},
		// A draft may lack what publishing needs, and a past date.
		{"draft without location", func(in *wire.AdminJobInput) { in.LocationID = "" }, "", ""},
		{"draft without years", func(in *wire.AdminJobInput) { in.YearsMin, in.YearsMax = nil, nil }, "", ""},
		{"draft with a past date", func(in *wire.AdminJobInput) { in.ClosingDate = yesterday }, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := fullJob("Validated " + tc.name)
			tc.edit(&in)
			before := len(f.jobs(t))
			res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", in)
			if tc.field == "" {
				if res.Status != http.StatusCreated {
					t.Fatalf("status %d, want 201: %s", res.Status, res.Body)
				}
				j := decodeInto[wire.AdminJob](t, res)
				if j.Status != "draft" {
					t.Errorf("status = %q, want draft", j.Status)
				}
				return
			}
			if res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 400/422: %s", res.Status, res.Body)
			}
			if msg := errorFields(t, res)[tc.field]; msg == "" || (tc.msg != "" && msg != tc.msg) {
				t.Errorf("message for %s = %q, want %q: %s", tc.field, msg, tc.msg, res.Body)
			}
			if after := len(f.jobs(t)); after != before {
				t.Errorf("a refused job was stored: %d jobs, were %d", after, before)
			}
		})
	}
}

func TestAdminJobPublishRefusedUntilComplete(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", wire.AdminJobInput{JobTitle: "Half-written role"})
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	j := decodeInto[wire.AdminJob](t, res)
	res = f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil)
	if res.Status < 400 || res.Status >= 500 {
		t.Fatalf("publish of an incomplete job: %d %s", res.Status, res.Body)
	}
	fields := errorFields(t, res)
	for _, k := range []string{"yearsMin", "locationId", "description"} {
		if fields[k] == "" {
			t.Errorf("no field message for %s: %v", k, fields)
		}
	}
	got, err := f.store.GetJob(context.Background(), j.ID)
	if err != nil || got.Status != domain.JobDraft {
		t.Errorf("after refused publish: status %q, %v; want draft", got.Status, err)
	}

	// A past closing date cannot be published either.
	in := fullJob("Late role")
	in.ClosingDate = testNow.AddDate(0, 0, -2).Format(time.DateOnly)
	in.BaseVersion = j.Version
	res = f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, in)
	if res.Status != http.StatusOK {
		t.Fatalf("update draft: %d %s", res.Status, res.Body)
	}
	res = f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil)
	if errorFields(t, res)["closingDate"] == "" {
		t.Errorf("publishing with a past closing date: %d %s", res.Status, res.Body)
	}
}

func TestAdminJobPublishAndCloseShowAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	const title = "Quantum Gardener"
	// The pages are rendered and cached before the change.
	for _, p := range []string{"/career", "/jobs"} {
		if res := f.get(t, p); res.Status != 200 || strings.Contains(res.Body, title) {
			t.Fatalf("GET %s before: %d, shows the job: %v", p, res.Status, strings.Contains(res.Body, title))
		}
	}
	res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob(title))
	j := decodeInto[wire.AdminJob](t, res)
	if res := f.get(t, "/career"); strings.Contains(res.Body, title) {
		t.Fatal("a draft is on the career page")
	}
	res = f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil)
	if res.Status != http.StatusOK || decodeInto[wire.AdminJob](t, res).Status != "open" {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	for _, p := range []string{"/career", "/jobs", "/job/" + j.ID} {
		if res := f.get(t, p); res.Status != 200 || !strings.Contains(res.Body, title) {
			t.Errorf("GET %s right after publishing: %d, shows the job: %v", p, res.Status, strings.Contains(res.Body, title))
		}
	}
	res = f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/close", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("close: %d %s", res.Status, res.Body)
	}
	for _, p := range []string{"/career", "/jobs"} {
		if res := f.get(t, p); strings.Contains(res.Body, title) {
			t.Errorf("GET %s right after closing still shows the job", p)
		}
	}
	if res := f.get(t, "/job/"+j.ID); res.Status != http.StatusGone {
		t.Errorf("GET /job/{id} of a closed job: %d, want 410", res.Status)
	}
	// An open job cannot be deleted; a closed one can, and each step is audited.
	res = f.admin(t, contentRecruiter, "DELETE", "/api/admin/jobs/"+j.ID, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("delete closed job: %d %s", res.Status, res.Body)
	}
	entries, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		if e.Subject == "job "+j.ID {
			actions = append(actions, string(e.Action))
			if e.ActorEmail != contentRecruiter.Email {
				t.Errorf("audit actor %q, want %q", e.ActorEmail, contentRecruiter.Email)
			}
		}
	}
	// The test clock stands still, so the order within one instant is the IDs'.
	slices.Sort(actions)
	want := []string{"job-closed", "job-deleted", "job-published"}
	if !slices.Equal(actions, want) {
		t.Errorf("audit actions %v, want %v", actions, want)
	}
}

func TestAdminJobDeleteOpenRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	j := f.createJob(t, "Open role", domain.JobOpen, nil)
	res := f.admin(t, contentRecruiter, "DELETE", "/api/admin/jobs/"+j.ID, nil)
	if res.Status != http.StatusConflict {
		t.Errorf("delete open job: %d, want 409", res.Status)
	}
	if _, err := f.store.GetJob(context.Background(), j.ID); err != nil {
		t.Errorf("the open job is gone: %v", err)
	}
}

// checkOf returns the check items by field.
func checkOf(items []wire.CheckItem) map[string]wire.CheckItem {
	m := map[string]wire.CheckItem{}
	for _, it := range items {
		m[it.Field] = it
	}
	return m
}

func TestAdminJobStructuredDataCheck(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	// A city whose state the page does not know.
	if err := f.store.CreateJobLocation(t.Context(), &domain.JobLocation{ID: "pune", Name: "Pune"}); err != nil {
		t.Fatal(err)
	}
	in := wire.AdminJobInput{JobTitle: "Sparse role", YearsMin: years(2), YearsMax: years(2), LocationID: "pune", Description: "<p>Work.</p>"}
	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", in))
	got := checkOf(decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "GET", "/api/admin/jobs/"+j.ID, nil)).Check)
	for field, ok := range map[string]bool{
		"title": true, "description": true, "datePosted": true, "hiringOrganization.name": true,
		"jobLocation.address.addressLocality": true, "jobLocation.address.addressCountry": true,
		"jobLocation.address.addressRegion": false, // Pune's state is not known to the page
		"validThrough":                      false,
		"employmentType":                    false,
		"baseSalary":                        false,
		"identifier":                        true,
		"directApply":                       true,
	} {
		it, found := got[field]
		if !found {
			t.Errorf("check has no item %s", field)
			continue
		}
		if it.OK != ok {
			t.Errorf("%s ok = %v, want %v", field, it.OK, ok)
		}
		if !it.OK && it.Hint == "" {
			t.Errorf("%s is missing without a hint", field)
		}
	}
	if !got["title"].Required || got["validThrough"].Required {
		t.Error("title must be required and validThrough recommended")
	}

	// Filling the fields fills the check, as the page's JSON-LD does.
	full := fullJob("Sparse role")
	full.BaseVersion = j.Version
	res := f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, full)
	for _, it := range decodeInto[wire.AdminJob](t, res).Check {
		if !it.OK {
			t.Errorf("complete job: %s still missing", it.Field)
		}
	}
	// An empty description is missing even as markup.
	empty := full
	empty.Description = "<p> </p>"
	res = f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/preview", empty)
	if checkOf(decodeInto[wire.PagePreview](t, res).Check)["description"].OK {
		t.Error("an empty description counts as present")
	}
}

func TestAdminJobPreview(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := fullJob("Preview Pilot")
	in.Description = `<h2>Role</h2><p>Fly the unique-preview-text.</p><script>alert(1)</script><img src=x onerror=alert(2)>`
	res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/preview", in)
	if res.Status != http.StatusOK {
		t.Fatalf("preview: %d %s", res.Status, res.Body)
	}
	p := decodeInto[wire.PagePreview](t, res)
	for _, want := range []string{"<!doctype html>", "Preview Pilot", "unique-preview-text", `"@type":"JobPosting"`} {
		if !strings.Contains(p.HTML, want) {
			t.Errorf("preview lacks %q", want)
		}
	}
	if strings.Contains(p.HTML, `type="module"`) || strings.Contains(p.HTML, "modulepreload") {
		t.Error("preview asks for the app's scripts")
	}
	// The frame runs under the console's policy, which allows no inline
	// style: the whole sheet is linked (outside <noscript>) instead.
	if strings.Contains(p.HTML, "<style") {
		t.Error("preview carries an inline style sheet, which the console's Content-Security-Policy refuses")
	}
	head, _, _ := strings.Cut(p.HTML, "<noscript>")
	if !regexp.MustCompile(`<link rel="stylesheet" href="/assets/[^"]+\.css">`).MatchString(head) {
		t.Error("preview lacks a link to the site's style sheet")
	}
	if strings.Contains(p.HTML, "alert(") || strings.Contains(p.HTML, "onerror") {
		t.Error("preview carries the script of the description")
	}
	if len(p.Check) == 0 {
		t.Error("preview without the structured-data check")
	}
	// Nothing was stored.
	for _, j := range f.jobs(t) {
		if j.JobTitle == "Preview Pilot" {
			t.Error("preview stored a job")
		}
	}
}

func TestAdminJobDescriptionSanitised(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := fullJob("Clean role")
	in.Description = `<h2>Role</h2><p onclick="steal()">Safe words.</p><script>document.cookie</script><a href="javascript:alert(1)">x</a>`
	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", in))
	f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil)
	got := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "GET", "/api/admin/jobs/"+j.ID, nil))
	page := f.get(t, "/job/"+j.ID)
	for where, body := range map[string]string{"console": got.Description, "page": page.Body} {
		if !strings.Contains(body, "Safe words.") {
			t.Errorf("%s lost the text", where)
		}
		for _, bad := range []string{"<script>document.cookie", "onclick", "javascript:alert"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s carries %q", where, bad)
			}
		}
	}
}

func TestAdminPostSectionsAndPublish(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	const title = "Notes from the unique-post-title"
	// A draft may be unfinished.
	res := f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: title})
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	p := decodeInto[wire.AdminPost](t, res)
	res = f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil)
	if msg := errorFields(t, res)["content"]; !strings.Contains(msg, "Write the post before publishing it") {
		t.Errorf("publish of an empty post: %d %s", res.Status, res.Body)
	}
	for content, want := range map[string]string{
		"":                          "Write the post",
		"<p> </p>":                  "Write the post",
		"<h2> </h2><p>Body.</p>":    "needs words",
		"<h3>Small</h3><p>x</p>":    "",
		"<p>Intro.</p><h2>One</h2>": "",
		"<h2>One</h2><p>Body.</p>":  "",
	} {
		// A draft's save and publishing apply the same rules.
		res := f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Check", Content: content})
		if res.Status == http.StatusCreated {
			id := decodeInto[wire.AdminPost](t, res).ID
			res = f.admin(t, editor, "POST", "/api/admin/posts/"+id+"/publish", nil)
		}
		msg := ""
		if res.Status != http.StatusOK {
			msg = errorFields(t, res)["content"]
		}
		if want == "" && res.Status != http.StatusOK || want != "" && !strings.Contains(msg, want) {
			t.Errorf("publish %q: %d %q, want %q", content, res.Status, msg, want)
		}
	}
	if res := f.get(t, "/blog"); strings.Contains(res.Body, title) {
		t.Fatal("a draft is on the blog")
	}
	in := wire.AdminPostInput{Title: title, Description: "About it.", Content: "<h2>First</h2><p>One.</p><h2>Second</h2><p>Two.</p>", BaseVersion: p.Version}
	if res := f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, in); res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	if res := f.get(t, "/blog"); !strings.Contains(res.Body, title) {
		t.Error("the blog does not show the post right after publishing")
	}
	if res := f.get(t, p.URL); res.Status != 200 || !strings.Contains(res.Body, "Second") {
		t.Errorf("post page: %d", res.Status)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/unpublish", nil); res.Status != http.StatusOK {
		t.Fatalf("unpublish: %d %s", res.Status, res.Body)
	}
	if res := f.get(t, "/blog"); strings.Contains(res.Body, title) {
		t.Error("the blog still shows the post after unpublishing")
	}
	if res := f.get(t, p.URL); res.Status != http.StatusNotFound {
		t.Errorf("unpublished post page: %d, want 404", res.Status)
	}
	if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID, nil); res.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	if _, err := f.store.GetBlogPost(context.Background(), p.ID); !domain.IsNotFound(err) {
		t.Errorf("deleted post: %v", err)
	}
	entries, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		if e.Subject == "post "+p.ID {
			actions = append(actions, string(e.Action))
		}
	}
	slices.Sort(actions)
	if want := []string{"post-deleted", "post-published", "post-unpublished"}; !slices.Equal(actions, want) {
		t.Errorf("audit actions %v, want %v", actions, want)
	}
	list := decodeInto[wire.AdminPostList](t, f.admin(t, editor, "GET", "/api/admin/posts", nil))
	if list.Total < 5 || len(list.Posts) == 0 {
		t.Errorf("list: total %d, %d posts", list.Total, len(list.Posts))
	}
}

func TestAdminPostPreview(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := wire.AdminPostInput{Title: "Previewed post", Content: "<h2>Opening slide</h2><p>unique-slide-text</p><script>x()</script>"}
	res := f.admin(t, editor, "POST", "/api/admin/posts/preview", in)
	if res.Status != http.StatusOK {
		t.Fatalf("preview: %d %s", res.Status, res.Body)
	}
	html := decodeInto[wire.PagePreview](t, res).HTML
	for _, want := range []string{"Previewed post", "Opening slide", "unique-slide-text"} {
		if !strings.Contains(html, want) {
			t.Errorf("preview lacks %q", want)
		}
	}
	if strings.Contains(html, "x()") {
		t.Error("preview carries the script")
	}
}

// coverFixture is a server with blob storage in a local folder, and a
// draft post.
func coverFixture(t *testing.T) (*fixture, domain.BlobStore, wire.AdminPost) {
	t.Helper()
	blobs, err := blob.Open(context.Background(), "", filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	return coverFixtureWith(t, blobs)
}

// coverFixtureWith is a server with blobs as its storage, and a draft post.
func coverFixtureWith(t *testing.T, blobs domain.BlobStore) (*fixture, domain.BlobStore, wire.AdminPost) {
	t.Helper()
	f := newFixture(t, func(o *server.Options) { o.Blobs = blobs; o.TempDir = t.TempDir() })
	res := f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Covered", Content: "<h2>A</h2><p>b</p>", ImageAlt: "A wide harbour at dusk."})
	return f, blobs, decodeInto[wire.AdminPost](t, res)
}

func (f *fixture) uploadCover(t *testing.T, id, name string, data []byte) response {
	t.Helper()
	return f.uploadImage(t, "/api/admin/posts/"+id+"/cover", name, data)
}

// uploadImage sends an editor's upload of a picture (field "image") to path.
func (f *fixture) uploadImage(t *testing.T, path, name string, data []byte) response {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	w, _ := mw.CreateFormFile("image", name)
	_, _ = w.Write(data)
	_ = mw.Close()
	req := httptest.NewRequest("POST", path, &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return f.serveAdmin(t, editor, req)
}

func TestAdminCoverRefused(t *testing.T) {
	t.Parallel()
	f, blobs, p := coverFixture(t)
	for name, data := range map[string][]byte{
		"notes.txt":   []byte("hello"),
		"fake.jpg":    []byte("<html><script>alert(1)</script></html>"),
		"scan.pdf":    docfiletest.GoodPDF(),
		"broken.png":  docfiletest.PNGOf(10, 10)[:40],
		"renamed.png": docfiletest.JPEGOf(10, 10),
	} {
		res := f.uploadCover(t, p.ID, name, data)
		if res.Status < 400 || res.Status >= 500 {
			t.Errorf("%s: %d, want a refusal", name, res.Status)
			continue
		}
		if msg := errorFields(t, res)["image"]; !strings.Contains(msg, "cover image") {
			t.Errorf("%s: field message %q", name, msg)
		}
	}
	keys, _ := blobs.List(context.Background(), "covers/")
	if len(keys) != 0 {
		t.Errorf("refused uploads left %v", keys)
	}
	got, _ := f.store.GetBlogPost(context.Background(), p.ID)
	if got.Image != "" {
		t.Errorf("refused uploads changed the post's image to %q", got.Image)
	}
	// Only cover names are served, and only from covers/.
	for _, path := range []string{"/covers/..%2Fresumes%2Fx.pdf", "/covers/x.png", "/covers/x-1.jpg"} {
		if res := f.get(t, path); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, res.Status)
		}
	}
}

// An edit saved while a cover uploads stays: the upload writes its image
// into the post as it is when the upload ends, not as it began.
func TestAdminCoverUploadKeepsEditsMadeMeanwhile(t *testing.T) {
	t.Parallel()
	f, _, p := coverFixture(t)
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req := httptest.NewRequest("POST", "/api/admin/posts/"+p.ID+"/cover", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	done := make(chan response, 1)
	go func() { done <- f.serveAdmin(t, editor, req) }()

	// The upload has begun (its headers are in) when the edit is saved.
	part, err := mw.CreateFormFile("image", "wide.png")
	if err != nil {
		t.Fatal(err)
	}
	img := docfiletest.PNGOf(800, 400)
	if _, err := part.Write(img[:len(img)/2]); err != nil {
		t.Fatal(err)
	}
	res := f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: "Renamed meanwhile", Content: "<h2>A</h2><p>b</p>", BaseVersion: p.Version})
	if res.Status != http.StatusOK {
		t.Fatalf("edit during the upload: %d %s", res.Status, res.Body)
	}
	if _, err := part.Write(img[len(img)/2:]); err != nil {
		t.Fatal(err)
	}
	_ = mw.Close()
	_ = pw.Close()
	if res := <-done; res.Status != http.StatusOK {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	got := decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID, nil))
	if got.Title != "Renamed meanwhile" || len(got.ImageVersions) == 0 {
		t.Errorf("after the upload: title %q, %d image versions; want the edit kept and the cover set", got.Title, len(got.ImageVersions))
	}
}

// staleStore answers reads of jobs and posts as they were before a change
// that another member of staff made while this request was being handled.
type staleStore struct {
	domain.Store
	job  *domain.Job
	post *domain.BlogPost
}

func (s *staleStore) GetJob(ctx context.Context, id string) (domain.Job, error) {
	if s.job != nil && s.job.ID == id {
		return *s.job, nil
	}
	return s.Store.GetJob(ctx, id)
}

func (s *staleStore) GetBlogPost(ctx context.Context, id string) (domain.BlogPost, error) {
	if s.post != nil && s.post.ID == id {
		return *s.post, nil
	}
	return s.Store.GetBlogPost(ctx, id)
}

// An edit saved while someone else closed the job (or unpublished the
// post) does not undo that: 409 with the status it has now, nothing changed.
func TestAdminEditDoesNotUndoAConcurrentStatusChange(t *testing.T) {
	t.Parallel()
	stale := &staleStore{}
	f := newFixture(t, func(o *server.Options) { stale.Store = o.Store; o.Store = stale })
	ctx := context.Background()

	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob("Tide Surveyor")))
	if res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	open, err := f.store.GetJob(ctx, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/close", nil); res.Status != http.StatusOK {
		t.Fatalf("close: %d %s", res.Status, res.Body)
	}
	stale.job = &open // the edit read the job before the close
	in := fullJob("Tide Surveyor, edited")
	in.BaseVersion = open.Version
	res := f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, in)
	if res.Status != http.StatusConflict || !strings.Contains(res.Body, "it is now closed") {
		t.Errorf("edit of a job closed meanwhile: %d %s; want 409 saying it is closed", res.Status, res.Body)
	}
	if res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/close", nil); res.Status != http.StatusConflict {
		t.Errorf("close of a job closed meanwhile: %d %s; want 409", res.Status, res.Body)
	}
	stale.job = nil
	if got, err := f.store.GetJob(ctx, j.ID); err != nil || got.Status != domain.JobClosed || got.JobTitle != "Tide Surveyor" {
		t.Errorf("job after the refused edit: %q %s, %v; want it closed and unedited", got.JobTitle, got.Status, err)
	}

	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Low tide notes", Description: "About it.", Content: "<h2>First</h2><p>One.</p>"}))
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish post: %d %s", res.Status, res.Body)
	}
	published, err := f.store.GetBlogPost(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/unpublish", nil); res.Status != http.StatusOK {
		t.Fatalf("unpublish: %d %s", res.Status, res.Body)
	}
	stale.post = &published
	edited := wire.AdminPostInput{Title: "Low tide notes, edited", Description: "About it.", Content: "<h2>First</h2><p>One.</p>", BaseVersion: published.Version}
	if res := f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, edited); res.Status != http.StatusConflict || !strings.Contains(res.Body, "it is now draft") {
		t.Errorf("edit of a post unpublished meanwhile: %d %s; want 409 saying it is a draft", res.Status, res.Body)
	}
	stale.post = nil
	if got, err := f.store.GetBlogPost(ctx, p.ID); err != nil || got.Status != domain.PostDraft || got.Title != "Low tide notes" {
		t.Errorf("post after the refused edit: %q %s, %v; want the unedited draft", got.Title, got.Status, err)
	}
}
