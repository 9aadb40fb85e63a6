package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// rootHTML returns the server-rendered markup inside <div id="root">.
func rootHTML(t *testing.T, doc string) string {
	t.Helper()
	_, after, ok := strings.Cut(doc, `<div id="root">`)
	if !ok {
		t.Fatal(`document has no <div id="root">`)
	}
	root, _, ok := strings.Cut(after, `<script id="boot-data"`)
	if !ok {
		t.Fatal("document has no boot data after #root")
	}
	return root
}

func TestHomePage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.get(t, "/")
	if res.Status != http.StatusOK {
		t.Fatalf("GET / status = %d, want 200", res.Status)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("Content-Type = %q, want text/html", ct)
	}

	root := rootHTML(t, res.Body)
	posts, err := f.store.ListBlogPosts(context.Background(), domain.BlogFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var published, drafts int
	for _, p := range posts {
		switch p.Status {
		case domain.PostPublished:
			published++
			// The carousel shows the first page of the list: the six newest.
			if shown := strings.Contains(root, p.Title); shown != (published <= 6) {
				t.Errorf("home page shows published post %d %q: %v, want %v", published, p.Title, shown, published <= 6)
			}
		case domain.PostDraft:
			drafts++
			if strings.Contains(res.Body, p.Title) {
				t.Errorf("home page shows draft post %q", p.Title)
			}
		}
	}
	if published <= 6 || drafts == 0 {
		t.Fatalf("seed has %d published and %d draft posts; the test needs both", published, drafts)
	}
	if !strings.Contains(root, "Welcome") {
		t.Error(`home page #root lacks the hero text "Welcome"`)
	}

	h := parseHead(t, res.Body)
	siteName := f.site.Site.Name
	wantTitle := f.site.Pages["/"].Title + " | " + siteName
	if h.Title != wantTitle {
		t.Errorf("<title> mismatch (-want +got):\n- %q\n+ %q", wantTitle, h.Title)
	}
	if !strings.Contains(h.Title, siteName) {
		t.Errorf("<title> %q lacks the site name %q", h.Title, siteName)
	}
	if h.Description != f.site.Pages["/"].Description || h.Description == "" {
		t.Errorf("meta description mismatch (-want +got):\n- %q\n+ %q", f.site.Pages["/"].Description, h.Description)
	}
	if h.Canonical != baseURL+"/" {
		t.Errorf("canonical = %q, want %q", h.Canonical, baseURL+"/")
	}
	if h.OGTitle != wantTitle {
		t.Errorf("og:title = %q, want %q", h.OGTitle, wantTitle)
	}
	if h.Robots != "" {
		t.Errorf("home page has robots %q; it must be indexable", h.Robots)
	}

	orgs := jsonLD(t, res.Body, "Organization")
	if len(orgs) != 1 {
		t.Fatalf("home page has %d Organization JSON-LD blocks, want 1", len(orgs))
	}
	org := orgs[0]
	want := map[string]any{"@context": "https://schema.org", "name": siteName, "url": baseURL + "/"}
	got := map[string]any{"@context": org["@context"], "name": org["name"], "url": org["url"]}
	if d := diff(want, got); d != "" {
		t.Errorf("Organization JSON-LD mismatch (-want +got):\n%s", d)
	}
	addr, _ := org["address"].(map[string]any)
	if addr["addressLocality"] != f.site.Site.Address.Locality {
		t.Errorf("Organization address locality = %v, want %q", addr["addressLocality"], f.site.Site.Address.Locality)
	}

	// The boot data carries the posts the carousel shows, the same as the API.
	bootPosts := bootData(t, res.Body)["api"].(map[string]any)["/api/blogs"].(map[string]any)["data"]
	api := f.get(t, "/api/blogs")
	if d := diff(decodeJSON(t, api.Body), bootPosts); d != "" {
		t.Errorf("boot data /api/blogs differs from GET /api/blogs (-want +got):\n%s", d)
	}
}

func TestJobPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	var withClosing, without *domain.Job
	for _, j := range f.jobs(t) {
		switch {
		case j.ClosingDate != nil && withClosing == nil:
			withClosing = &j
		case j.ClosingDate == nil && without == nil:
			without = &j
		}
	}
	if withClosing == nil || without == nil {
		t.Fatal("the seed needs a job with and one without a closing date")
	}

	for _, j := range []domain.Job{*withClosing, *without} {
		t.Run(j.JobTitle, func(t *testing.T) {
			res := f.get(t, "/job/"+j.ID)
			if res.Status != http.StatusOK {
				t.Fatalf("GET /job/%s status = %d, want 200", j.ID, res.Status)
			}
			root := rootHTML(t, res.Body)
			// The job's own words, rendered on the server.
			firstLine := plainTextOf(j.Description)
			for _, want := range []string{j.JobTitle, j.Location, firstLine} {
				if !strings.Contains(root, want) {
					t.Errorf("job page #root lacks %q", want)
				}
			}

			h := parseHead(t, res.Body)
			if want := baseURL + "/job/" + j.ID; h.Canonical != want {
				t.Errorf("canonical = %q, want %q", h.Canonical, want)
			}
			if !strings.Contains(h.Title, j.JobTitle) || !strings.HasSuffix(h.Title, f.site.Site.Name) {
				t.Errorf("<title> %q should name the job %q and end with the site name", h.Title, j.JobTitle)
			}
			if h.Description == "" || len([]rune(h.Description)) > 160 {
				t.Errorf("meta description has %d runes, want 1..160: %q", len([]rune(h.Description)), h.Description)
			}
			if h.Robots != "" {
				t.Errorf("open job page has robots %q", h.Robots)
			}

			postings := jsonLD(t, res.Body, "JobPosting")
			if len(postings) != 1 {
				t.Fatalf("job page has %d JobPosting blocks, want 1", len(postings))
			}
			p := postings[0]
			got := map[string]any{
				"title":           p["title"],
				"hiringOrg":       dig(p, "hiringOrganization", "name"),
				"addressLocality": dig(p, "jobLocation", "address", "addressLocality"),
				"datePosted":      p["datePosted"],
				"validThrough":    p["validThrough"],
				"description":     p["description"],
				"directApply":     p["directApply"],
			}
			want := map[string]any{
				"title":           j.JobTitle,
				"hiringOrg":       f.site.Site.Name,
				"addressLocality": j.Location,
				"datePosted":      j.CreatedAt.UTC().Format("2006-01-02"),
				"validThrough":    nil,
				"description":     j.Description,
				"directApply":     true, // the application form is on the site
			}
			if j.ClosingDate != nil {
				want["validThrough"] = j.ClosingDate.Format("2006-01-02") + "T23:59:59Z"
			}
			if d := diff(want, got); d != "" {
				t.Errorf("JobPosting mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// plainTextOf returns the text of the first paragraph of an HTML fragment.
func plainTextOf(fragment string) string {
	s := fragment
	if _, after, ok := strings.Cut(s, "<p>"); ok {
		s, _, _ = strings.Cut(after, "</p>")
	}
	// Keep it short and free of characters React escapes differently.
	words := strings.Fields(s)
	return strings.Join(words[:min(len(words), 6)], " ")
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func TestJobPageBootDataMatchesAPI(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	j := f.jobs(t)[0]
	page := f.get(t, "/job/"+j.ID)
	boot := bootData(t, page.Body)
	if got, want := boot["now"], testNow.Format(time.RFC3339); got != want {
		t.Errorf(`boot data "now" = %v, want %q`, got, want)
	}
	entry, ok := boot["api"].(map[string]any)["/api/jobs/"+j.ID].(map[string]any)
	if !ok {
		t.Fatalf("boot data has no /api/jobs/%s entry: %v", j.ID, boot["api"])
	}
	api := f.get(t, "/api/jobs/"+j.ID)
	if api.Status != http.StatusOK {
		t.Fatalf("GET /api/jobs/%s status = %d", j.ID, api.Status)
	}
	if d := diff(decodeJSON(t, api.Body), entry["data"]); d != "" {
		t.Errorf("boot data differs from the API (-want +got):\n%s", d)
	}
	if _, hasErr := entry["error"]; hasErr {
		t.Errorf("boot data entry of an open job has an error: %v", entry)
	}
}

func TestJobStatuses(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	closed := f.createJob(t, "Closed Role", domain.JobClosed, nil)
	draft := f.createJob(t, "Draft Role", domain.JobDraft, nil)
	expired := f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -1)))
	lastDay := f.createJob(t, "Last Day Role", domain.JobOpen, dateUTC(testNow))

	tests := []struct {
		name      string
		id        string
		status    int
		apiCode   string // "" = 200
		wantTitle string // the <title> starts with this
	}{
		{"unknown id", "doesnotexist", http.StatusNotFound, "not_found", "Page not found"},
		{"malformed id", "no-such.job", http.StatusNotFound, "not_found", "Page not found"},
		{"draft", draft.ID, http.StatusNotFound, "not_found", "Page not found"},
		{"closed", closed.ID, http.StatusGone, "gone", "Position closed"},
		{"expired yesterday", expired.ID, http.StatusGone, "gone", "Position closed"},
		{"closes today", lastDay.ID, http.StatusOK, "", "Last Day Role"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.get(t, "/job/"+tt.id)
			if res.Status != tt.status {
				t.Fatalf("GET /job/%s status = %d, want %d", tt.id, res.Status, tt.status)
			}
			h := parseHead(t, res.Body)
			if !strings.HasPrefix(h.Title, tt.wantTitle) {
				t.Errorf("<title> = %q, want it to start with %q", h.Title, tt.wantTitle)
			}
			if tt.status == http.StatusOK {
				if h.Robots != "" {
					t.Errorf("robots = %q on an open job", h.Robots)
				}
			} else {
				if !strings.Contains(h.Robots, "noindex") {
					t.Errorf("robots = %q, want noindex on a %d page", h.Robots, tt.status)
				}
				if h.Canonical != "" {
					t.Errorf("a %d page has canonical %q", tt.status, h.Canonical)
				}
				if len(jsonLD(t, res.Body, "JobPosting")) != 0 {
					t.Errorf("a %d page has a JobPosting", tt.status)
				}
				if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q on a %d page, want no-store", cc, tt.status)
				}
			}
			if tt.status == http.StatusNotFound && !strings.Contains(rootHTML(t, res.Body), "Page not found") {
				t.Error(`404 job page #root lacks "Page not found"`)
			}

			api := f.get(t, "/api/jobs/"+tt.id)
			if api.Status != tt.status {
				t.Errorf("GET /api/jobs/%s status = %d, want %d", tt.id, api.Status, tt.status)
			}
			if tt.apiCode != "" {
				if got := dig(decodeJSON(t, api.Body), "error", "code"); got != tt.apiCode {
					t.Errorf("GET /api/jobs/%s error code = %v, want %q", tt.id, got, tt.apiCode)
				}
			}
		})
	}
}

func TestJobPageWithEscapedID(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, p := range []string{"/job/ab%20cd", "/job/no%3Cjob%3E", "/job/%C3%A9t%C3%A9"} {
		res := f.get(t, p)
		if res.Status != http.StatusNotFound {
			t.Errorf("GET %s status = %d, want 404", p, res.Status)
		}
		if root := rootHTML(t, res.Body); !strings.Contains(root, "Page not found") {
			t.Errorf(`GET %s: server-rendered #root lacks "Page not found"`, p)
		}
	}
}

func TestAPIJobsListsOnlyPublicJobs(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	seeded := f.jobs(t)
	f.createJob(t, "Closed Role", domain.JobClosed, nil)
	f.createJob(t, "Draft Role", domain.JobDraft, nil)
	f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -3)))

	res := f.get(t, "/api/jobs")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/jobs status = %d", res.Status)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	var got []wire.Job
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
		t.Fatalf("GET /api/jobs is not a JSON array of jobs: %v\n%s", err, res.Body)
	}
	for _, internal := range []string{`"status"`, `"updatedAt"`} {
		if strings.Contains(res.Body, internal) {
			t.Errorf("GET /api/jobs exposes %s, which is not part of wire.Job", internal)
		}
	}
	var wantIDs, gotIDs []string
	for _, j := range seeded { // all seeded jobs are open and unexpired
		wantIDs = append(wantIDs, j.ID)
	}
	for _, j := range got {
		gotIDs = append(gotIDs, j.ID)
		if !j.ApplicationsOpen {
			t.Errorf("GET /api/jobs lists %q with applications closed", j.JobTitle)
		}
	}
	if d := diff(wantIDs, gotIDs); d != "" {
		t.Errorf("GET /api/jobs ids mismatch (-want +got):\n%s", d)
	}
	if !slices.IsSortedFunc(got, func(a, b wire.Job) int { return b.CreatedAt.Compare(a.CreatedAt) }) {
		t.Error("GET /api/jobs is not newest first")
	}
}

func TestAPIErrors(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/jobs/bad", http.StatusNotFound, "not_found"},
		{"GET", "/api/nope", http.StatusNotFound, "not_found"},
		{"GET", "/api/", http.StatusNotFound, "not_found"},
		{"DELETE", "/api/nope", http.StatusNotFound, "not_found"},
		{"DELETE", "/api/jobs/bad", http.StatusMethodNotAllowed, "method_not_allowed"},
		{"PUT", "/api/contact", http.StatusMethodNotAllowed, "method_not_allowed"},
		{"GET", "/api/contact", http.StatusMethodNotAllowed, "method_not_allowed"},
		{"GET", "/api/" + strings.Repeat("x", 3000), http.StatusRequestURITooLong, "uri_too_long"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			res := f.do(t, tt.method, tt.path, nil)
			if res.Status != tt.status {
				t.Errorf("status = %d, want %d", res.Status, tt.status)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q, want application/json", ct)
			}
			body := decodeJSON(t, res.Body)
			if got := dig(body, "error", "code"); got != tt.code {
				t.Errorf("error.code = %v, want %q (body %s)", got, tt.code, res.Body)
			}
			if msg, _ := dig(body, "error", "message").(string); msg == "" {
				t.Errorf("error.message is empty (body %s)", res.Body)
			}
		})
	}
}

func TestCrossOriginWriteIsRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.do(t, http.MethodPost, "/api/jobs", map[string]string{
		"Origin":         "https://evil.example",
		"Sec-Fetch-Site": "cross-site",
		"Content-Type":   "application/json",
	})
	if res.Status != http.StatusForbidden {
		t.Fatalf("cross-site POST status = %d, want 403", res.Status)
	}
	if got := dig(decodeJSON(t, res.Body), "error", "code"); got != "forbidden" {
		t.Errorf("error.code = %v, want forbidden", got)
	}
	checkSecurityHeaders(t, "403", res)

	// A cross-site GET is a normal visit.
	res = f.do(t, http.MethodGet, "/api/jobs", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"})
	if res.Status != http.StatusOK {
		t.Errorf("cross-site GET /api/jobs status = %d, want 200", res.Status)
	}
}

func TestRedirectsAndUnknownPaths(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.get(t, "/Terms")
	if res.Status != http.StatusMovedPermanently {
		t.Errorf("GET /Terms status = %d, want 301", res.Status)
	}
	if loc := res.Header.Get("Location"); loc != "/terms" {
		t.Errorf("GET /Terms Location = %q, want /terms", loc)
	}

	for _, p := range []string{"/no/such/page", "/job/", "/job/a/b", "/assetsx"} {
		res := f.get(t, p)
		if res.Status != http.StatusNotFound {
			t.Errorf("GET %s status = %d, want 404", p, res.Status)
			continue
		}
		h := parseHead(t, res.Body)
		if !strings.HasPrefix(h.Title, "Page not found") || !strings.Contains(h.Robots, "noindex") {
			t.Errorf("GET %s: title %q robots %q; want the not-found page with noindex", p, h.Title, h.Robots)
		}
		if !strings.Contains(rootHTML(t, res.Body), "Page not found") {
			t.Errorf(`GET %s: #root lacks "Page not found"`, p)
		}
	}

	res = f.do(t, http.MethodPost, "/no/such/page", nil)
	if res.Status != http.StatusMethodNotAllowed {
		t.Errorf("POST /no/such/page status = %d, want 405", res.Status)
	}
}

func TestSharedNotFoundPageDoesNotDependOnFirstPath(t *testing.T) {
	t.Parallel()
	// One server sees /ABOUT first, the other sees /nope first.
	a := newFixture(t, nil)
	a.get(t, "/ABOUT")
	afterOther := a.get(t, "/nope")

	b := newFixture(t, nil)
	fresh := b.get(t, "/nope")
	if afterOther.Status != http.StatusNotFound || fresh.Status != http.StatusNotFound {
		t.Fatalf("statuses %d and %d, want 404", afterOther.Status, fresh.Status)
	}
	if rootHTML(t, afterOther.Body) != rootHTML(t, fresh.Body) {
		t.Error("the not-found page of /nope differs depending on which unknown path was requested before it")
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	entry := entryAsset(t, f)
	tests := []struct {
		name   string
		method string
		path   string
		header map[string]string
		status int
	}{
		{"page", "GET", "/", nil, 200},
		{"job page", "GET", "/job/" + f.jobs(t)[0].ID, nil, 200},
		{"not found page", "GET", "/nope", nil, 404},
		{"api", "GET", "/api/jobs", nil, 200},
		{"api error", "GET", "/api/jobs/bad", nil, 404},
		{"cross-origin", "POST", "/api/jobs", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403},
		{"redirect", "GET", "/Terms", nil, 301},
		{"asset", "GET", entry, map[string]string{"Accept-Encoding": "gzip"}, 200},
		{"missing asset", "GET", "/assets/nope.js", nil, 404},
		{"healthz", "GET", "/healthz", nil, 200},
		{"robots", "GET", "/robots.txt", nil, 200},
		{"method not allowed", "PUT", "/", nil, 405},
		{"api method not allowed", "PUT", "/api/contact", map[string]string{"Sec-Fetch-Site": "same-origin"}, 405},
		{"trailing slash", "GET", "/about/", nil, 301},
		{"path too long", "GET", "/" + strings.Repeat("a", 3000), nil, 414},
		{"head", "HEAD", "/", nil, 200},
	}
	for _, path := range []string{"/", "/jobs"} {
		if res := f.get(t, path); res.Header.Get("Cross-Origin-Opener-Policy") != "" || res.Header.Get("ETag") == "" {
			t.Errorf("GET %s: Cross-Origin-Opener-Policy %q, ETag %q; want none and one (a page the same for everyone)", path, res.Header.Get("Cross-Origin-Opener-Policy"), res.Header.Get("ETag"))
		}
	}
	ids := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.do(t, tt.method, tt.path, tt.header)
			if res.Status != tt.status {
				t.Errorf("%s %s status = %d, want %d", tt.method, tt.path, res.Status, tt.status)
			}
			checkSecurityHeaders(t, tt.name, res)
			if id := res.Header.Get("X-Request-Id"); ids[id] {
				t.Errorf("X-Request-Id %q repeated", id)
			} else {
				ids[id] = true
			}
			// A page the same for every visitor (200 with an ETag) is not isolated from its opener; the rest is.
			wantCOOP := "same-origin"
			if res.Status == http.StatusOK && res.Header.Get("ETag") != "" && strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				wantCOOP = ""
			}
			if got := res.Header.Get("Cross-Origin-Opener-Policy"); got != wantCOOP {
				t.Errorf("Cross-Origin-Opener-Policy = %q, want %q", got, wantCOOP)
			}
			if hsts := res.Header.Get("Strict-Transport-Security"); hsts != "max-age=63072000; includeSubDomains" {
				t.Errorf("Strict-Transport-Security = %q on an https site, want two years (max-age=63072000) with includeSubDomains", hsts)
			}
		})
	}
}

func TestNoHSTSOnPlainHTTP(t *testing.T) {
	t.Parallel()
	f := newFixture(t, func(o *server.Options) { o.BaseURL = "http://127.0.0.1:8080" })
	res := f.get(t, "/healthz")
	if hsts := res.Header.Get("Strict-Transport-Security"); hsts != "" {
		t.Errorf("Strict-Transport-Security = %q on an http:// site, want none", hsts)
	}
	checkSecurityHeaders(t, "healthz", res)
}

// entryAsset returns the URL path of the client entry script.
func entryAsset(t *testing.T, f *fixture) string {
	t.Helper()
	raw, err := fs.ReadFile(f.client, "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]struct {
		File string `json:"file"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	e, ok := m["src/entry-client.tsx"]
	if !ok {
		t.Fatal("manifest has no src/entry-client.tsx")
	}
	return "/" + e.File
}

func TestAssets(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	entry := entryAsset(t, f)
	want, err := fs.ReadFile(f.client, strings.TrimPrefix(entry, "/"))
	if err != nil {
		t.Fatal(err)
	}

	// The page names the entry script for its loader, which the
	// Content-Security-Policy allows by hash.
	page := f.get(t, "/")
	if !strings.Contains(page.Body, `<script id="app-modules" type="application/json">{"entry":"`+entry+`","preload":[`) {
		t.Errorf("home page does not load %s", entry)
	}
	if !strings.Contains(page.Body, "<script>"+server.AppLoader+"</script>") {
		t.Error("home page lacks the app loader")
	}
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' "+server.AppLoaderHash+";") {
		t.Errorf("CSP %q does not allow the app loader", csp)
	}

	gz := f.do(t, "GET", entry, map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	if gz.Status != http.StatusOK {
		t.Fatalf("GET %s status = %d", entry, gz.Status)
	}
	if ce := gz.Header.Get("Content-Encoding"); ce != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", ce)
	}
	if got := gunzip(t, gz.Body); string(got) != string(want) {
		t.Errorf("gunzipped asset differs from the file (%d bytes, want %d)", len(got), len(want))
	}
	if cc := gz.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("Cache-Control = %q, want a year, immutable", cc)
	}
	if ct := gz.Header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("Content-Type = %q, want JavaScript", ct)
	}
	if v := gz.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
		t.Errorf("Vary = %q, want Accept-Encoding", v)
	}

	for _, ae := range []string{"", "identity", "gzip;q=0"} {
		plain := f.do(t, "GET", entry, map[string]string{"Accept-Encoding": ae})
		if ce := plain.Header.Get("Content-Encoding"); ce != "" {
			t.Errorf("Accept-Encoding %q: Content-Encoding = %q, want none", ae, ce)
		}
		if plain.Body != string(want) {
			t.Errorf("Accept-Encoding %q: body differs from the file", ae)
		}
	}

	for _, p := range []string{"/assets/nope.js", "/assets/", "/assets/../manifest.json", "/manifest.json"} {
		res := f.get(t, p)
		// The mux redirects /assets/../x to the clean path (307).
		if res.Status != http.StatusNotFound && res.Status != http.StatusTemporaryRedirect {
			t.Errorf("GET %s status = %d, want 404", p, res.Status)
		}
		if strings.Contains(res.Body, `"src/entry-client.tsx"`) {
			t.Errorf("GET %s exposes the manifest", p)
		}
	}
	if res := f.get(t, "/assets/nope.js"); res.Status != http.StatusNotFound || res.Header.Get("Cache-Control") == "public, max-age=31536000, immutable" {
		t.Errorf("unknown asset: status %d Cache-Control %q; want 404, not cached for a year", res.Status, res.Header.Get("Cache-Control"))
	}
}

func TestPageETagAndGzip(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	first := f.get(t, "/")
	etag := first.Header.Get("ETag")
	if etag == "" {
		t.Fatal("GET / has no ETag")
	}
	if cc := first.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control = %q, want no-cache", cc)
	}

	notModified := f.do(t, "GET", "/", map[string]string{"If-None-Match": etag})
	if notModified.Status != http.StatusNotModified {
		t.Errorf("If-None-Match %s: status = %d, want 304", etag, notModified.Status)
	}
	if notModified.Body != "" {
		t.Errorf("304 has a body of %d bytes", len(notModified.Body))
	}
	checkSecurityHeaders(t, "304", notModified)

	other := f.do(t, "GET", "/", map[string]string{"If-None-Match": `"something-else"`})
	if other.Status != http.StatusOK || other.Body != first.Body {
		t.Errorf("stale If-None-Match: status = %d, want 200 with the page", other.Status)
	}

	gz := f.do(t, "GET", "/", map[string]string{"Accept-Encoding": "gzip"})
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", gz.Header.Get("Content-Encoding"))
	}
	if got := string(gunzip(t, gz.Body)); got != first.Body {
		t.Error("gzipped page differs from the plain page")
	}
	// Each coding is a representation of its own: its own strong ETag.
	gzTag := gz.Header.Get("ETag")
	if gzTag == "" || gzTag == etag {
		t.Errorf("gzipped page ETag = %q, want one other than the plain page's %q", gzTag, etag)
	}
	if res := f.do(t, "GET", "/", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": gzTag}); res.Status != http.StatusNotModified {
		t.Errorf("gzip accepted, If-None-Match %s: status = %d, want 304", gzTag, res.Status)
	}
	if res := f.do(t, "GET", "/", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}); res.Status != http.StatusOK {
		t.Errorf("gzip accepted, If-None-Match the plain page's %s: status = %d, want 200", etag, res.Status)
	}
}

func TestHead(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	get := f.get(t, "/")
	head := f.do(t, http.MethodHead, "/", nil)
	if head.Status != http.StatusOK {
		t.Fatalf("HEAD / status = %d, want 200", head.Status)
	}
	if head.Body != "" {
		t.Errorf("HEAD / has a body of %d bytes", len(head.Body))
	}
	if got, want := head.Header.Get("Content-Length"), fmt.Sprint(len(get.Body)); got != want {
		t.Errorf("HEAD / Content-Length = %q, want %q (as GET)", got, want)
	}
	if head.Header.Get("ETag") != get.Header.Get("ETag") {
		t.Errorf("HEAD / ETag = %q, GET has %q", head.Header.Get("ETag"), get.Header.Get("ETag"))
	}
}

func TestPageCache(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil) // VersionTTL is 1s on the fixture's clock
	ctx := context.Background()

	home1 := f.get(t, "/")
	home2 := f.get(t, "/")
	if home1.Body != home2.Body {
		t.Error("two GETs of / returned different bodies")
	}
	job := f.jobs(t)[0]
	jobPage := f.get(t, "/job/"+job.ID)
	if !strings.Contains(jobPage.Body, job.JobTitle) {
		t.Fatalf("job page lacks %q", job.JobTitle)
	}

	// Change content behind the server's back.
	post := domain.BlogPost{
		Title: "Fresh News From The Test", Description: "A new post.", Content: "<h2>Hi</h2><p>x</p>",
		Status: domain.PostPublished, CreatedAt: testNow, UpdatedAt: testNow,
	}
	if err := f.store.CreateBlogPost(ctx, &post); err != nil {
		t.Fatal(err)
	}
	job.JobTitle = "Renamed Staff Engineer"
	if err := f.store.UpdateJob(ctx, &job); err != nil {
		t.Fatal(err)
	}
	newJob := f.createJob(t, "Brand New Role", domain.JobOpen, nil)

	// Within VersionTTL the cached pages are served.
	if got := f.get(t, "/"); got.Body != home1.Body {
		t.Error("GET / within VersionTTL was rendered again; want the cached page")
	}

	f.clock.Add(1100 * time.Millisecond)

	home3 := f.get(t, "/")
	if !strings.Contains(rootHTML(t, home3.Body), post.Title) {
		t.Errorf("after a store write and VersionTTL, GET / does not show the new post %q", post.Title)
	}
	if got := f.get(t, "/job/"+job.ID); !strings.Contains(rootHTML(t, got.Body), "Renamed Staff Engineer") {
		t.Error("after an update and VersionTTL, the job page still shows the old title")
	}

	api := f.get(t, "/api/jobs")
	if !strings.Contains(api.Body, newJob.ID) {
		t.Errorf("GET /api/jobs lacks the new job %s", newJob.ID)
	}
	res := f.get(t, "/job/"+newJob.ID)
	if res.Status != http.StatusOK || !strings.Contains(rootHTML(t, res.Body), "Brand New Role") {
		t.Errorf("new job page: status %d, want 200 showing its title", res.Status)
	}
}

func TestHealth(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tests := []struct {
		path   string
		status int
		body   string
	}{
		{"/healthz", 200, "ok\n"},
		{"/readyz", 200, "ready\n"},
	}
	for _, tt := range tests {
		res := f.get(t, tt.path)
		if res.Status != tt.status || res.Body != tt.body {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, res.Status, res.Body, tt.status, tt.body)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("GET %s Cache-Control = %q, want no-store", tt.path, cc)
		}
	}

	f.store.Close()
	if res := f.get(t, "/readyz"); res.Status != http.StatusServiceUnavailable {
		t.Errorf("GET /readyz with the store closed = %d, want 503", res.Status)
	}
	if res := f.get(t, "/healthz"); res.Status != http.StatusOK {
		t.Errorf("GET /healthz with the store closed = %d, want 200 (liveness does not need the database)", res.Status)
	}
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tests := []struct {
		path, contentType, contains string
	}{
		{"/robots.txt", "text/plain", "Disallow: /api/"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
		{"/media/demo/cloud-migration.svg", "image/svg+xml", "<svg"},
	}
	for _, tt := range tests {
		res := f.get(t, tt.path)
		if res.Status != http.StatusOK {
			t.Errorf("GET %s status = %d, want 200", tt.path, res.Status)
			continue
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, tt.contentType) {
			t.Errorf("GET %s Content-Type = %q, want %s", tt.path, ct, tt.contentType)
		}
		if !strings.Contains(res.Body, tt.contains) {
			t.Errorf("GET %s body lacks %q", tt.path, tt.contains)
		}
	}
	for _, p := range []string{"/media/", "/media/demo/", "/media/demo/nope.svg", "/media/cloud-migration.svg"} {
		if res := f.get(t, p); res.Status != http.StatusNotFound {
			t.Errorf("GET %s status = %d, want 404", p, res.Status)
		}
	}
}

// wrapBundle returns the real bundle with render replaced for url.
func wrapBundle(t *testing.T, url, replacement string) *render.Renderer {
	t.Helper()
	bundle := serverBundle(t) + fmt.Sprintf(`
;(function () {
	const real = globalThis.render;
	globalThis.render = function (url, boot) {
		if (url === %q) { %s }
		return real(url, boot);
	};
})();
`, url, replacement)
	r, err := render.New(bundle, render.Options{Size: 1, Timeout: testRenderTimeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

func TestRenderFailure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		js        string
		wantTitle string
	}{
		// The engine fails: even the error page cannot be rendered.
		{"bundle throws", `throw new Error("boom");`, "Unexpected Application Error!"},
		// The page threw and the bundle rendered its error screen instead.
		{"page threw", `return JSON.stringify({ ok: false, error: "TypeError: boom", html: "<main><h1>Unexpected Application Error!</h1></main>" });`, "Unexpected Application Error!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := wrapBundle(t, "/", tt.js)
			f := newFixture(t, func(o *server.Options) { o.Renderer = r })
			res := f.get(t, "/")
			if res.Status != http.StatusInternalServerError {
				t.Fatalf("GET / status = %d, want 500", res.Status)
			}
			if !strings.Contains(res.Body, "Unexpected Application Error!") {
				t.Errorf("500 body lacks the error screen:\n%.500s", res.Body)
			}
			h := parseHead(t, res.Body)
			if !strings.HasPrefix(h.Title, tt.wantTitle) {
				t.Errorf("<title> = %q, want it to start with %q", h.Title, tt.wantTitle)
			}
			if strings.Contains(res.Body, "boom") {
				t.Error("the error page reveals the exception")
			}
			if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control = %q on a 500, want no-store", cc)
			}
			checkSecurityHeaders(t, "500", res)

			// Other pages still work.
			if ok := f.get(t, "/job/"+f.jobs(t)[0].ID); ok.Status != http.StatusOK {
				t.Errorf("GET a job page with a broken home page: status %d, want 200", ok.Status)
			}
		})
	}
}

func TestFailedRenderIsNotCached(t *testing.T) {
	t.Parallel()
	// The first render of / throws (a transient failure); later ones work.
	r := wrapBundle(t, "/", `
		globalThis.__failures = (globalThis.__failures || 0) + 1;
		if (globalThis.__failures === 1) {
			return JSON.stringify({ ok: false, error: "transient", html: "<main><h1>Unexpected Application Error!</h1></main>" });
		}`)
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	if res := f.get(t, "/"); res.Status != http.StatusInternalServerError {
		t.Fatalf("first GET / status = %d, want 500", res.Status)
	}
	res := f.get(t, "/")
	if res.Status != http.StatusOK {
		t.Errorf("second GET / status = %d, want 200: a failed render must not be cached", res.Status)
	}
}

func TestStoreDown(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.store.Close() // before any page asked for the content version

	page := f.get(t, "/")
	if page.Status != http.StatusServiceUnavailable {
		t.Errorf("GET / with the store down: status = %d, want 503", page.Status)
	}
	if h := parseHead(t, page.Body); !strings.HasPrefix(h.Title, "Unexpected Application Error!") || !strings.Contains(h.Robots, "noindex") {
		t.Errorf("GET / with the store down: title %q robots %q; want the error page, noindex", h.Title, h.Robots)
	}
	checkSecurityHeaders(t, "503", page)

	api := f.get(t, "/api/jobs")
	if api.Status != http.StatusInternalServerError {
		t.Errorf("GET /api/jobs with the store down: status = %d, want 500", api.Status)
	}
	want := map[string]any{"error": map[string]any{"code": "internal", "message": "Internal error."}}
	if d := diff(want, decodeJSON(t, api.Body)); d != "" {
		t.Errorf("GET /api/jobs with the store down mismatch (-want +got):\n%s", d)
	}
}

func TestWarm(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.createJob(t, "Closed Role", domain.JobClosed, nil)
	public := len(f.jobs(t)) - 1
	// "/", the fifteen static pages (/jobs unfiltered, /blog, the
	// applicant's status page and the job alert's page among them), every
	// public job's page and application form, and the posts of the blog's
	// first page.
	posts := min(len(f.posts(t)), 6)
	if got, want := f.srv.Warm(context.Background()), 16+2*public+posts; got != want {
		t.Errorf("Warm() = %d, want %d", got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := f.srv.Warm(ctx); got != 0 {
		t.Errorf("Warm(cancelled ctx) = %d, want 0", got)
	}
}

func TestGzipRefusedWithQZero(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	entry := entryAsset(t, f)
	tests := []struct {
		acceptEncoding string
		gzip           bool
	}{
		{"gzip", true},
		{"GZIP", true},
		{"deflate, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0", false},
		{"br", false},
		{"gzip;q=0.0", false},
		{"gzip;q=0.000", false},
	}
	for _, tt := range tests {
		t.Run(tt.acceptEncoding, func(t *testing.T) {
			for _, p := range []string{"/", entry} {
				res := f.do(t, "GET", p, map[string]string{"Accept-Encoding": tt.acceptEncoding})
				if got := res.Header.Get("Content-Encoding") == "gzip"; got != tt.gzip {
					t.Errorf("GET %s with Accept-Encoding %q: gzipped = %v, want %v", p, tt.acceptEncoding, got, tt.gzip)
				}
			}
		})
	}
}
