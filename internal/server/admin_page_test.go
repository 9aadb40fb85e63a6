package server_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"corpsite/web"
)

// adminManifest reads the console bundle's manifest, as the server does.
func adminManifest(t *testing.T) map[string]struct {
	File string   `json:"file"`
	CSS  []string `json:"css"`
} {
	t.Helper()
	raw, err := fs.ReadFile(web.Dist, "dist/admin/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]struct {
		File string   `json:"file"`
		CSS  []string `json:"css"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAdminPageServesTheConsoleShell(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	entry, ok := adminManifest(t)["src/admin/main.tsx"]
	if !ok || len(entry.CSS) == 0 {
		t.Fatalf("the console manifest has no entry with a style sheet: %+v", entry)
	}
	for _, target := range []string{"/admin", "/admin/", "/admin/jobs", "/admin/jobs/abc/edit", "/admin/setup", "/admin/no-such-screen?x=1"} {
		res := f.get(t, target)
		if res.Status != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", target, res.Status)
			continue
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", target, ct)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want no-store", target, cc)
		}
		if xr := res.Header.Get("X-Robots-Tag"); !strings.Contains(xr, "noindex") {
			t.Errorf("GET %s: X-Robots-Tag %q, want noindex", target, xr)
		}
		checkSecurityHeaders(t, "GET "+target, res)
		if got := res.Header.Get("Cross-Origin-Opener-Policy"); got != "same-origin" {
			t.Errorf("GET %s: Cross-Origin-Opener-Policy = %q, want same-origin (the console is isolated from its opener)", target, got)
		}
		for _, want := range []string{
			`<html lang="en-IN">`,
			`<title>Staff console</title>`,
			`<meta name="viewport" content="width=device-width, initial-scale=1">`,
			`<meta name="robots" content="noindex, nofollow">`,
			`<script type="module" src="/` + entry.File + `"></script>`,
			`<link rel="stylesheet" href="/` + entry.CSS[0] + `">`,
			`<div id="root"></div>`,
			`<noscript><p>The staff console needs JavaScript.`,
		} {
			if !strings.Contains(res.Body, want) {
				t.Errorf("GET %s: the page lacks %s:\n%s", target, want, res.Body)
			}
		}
		// Nothing of the public app: the console has its own bundle.
		if strings.Contains(res.Body, "/assets/entry-client") || strings.Contains(res.Body, "boot-data") {
			t.Errorf("GET %s: the console page loads the public app:\n%s", target, res.Body)
		}
	}
	head := f.do(t, http.MethodHead, "/admin/staff", nil)
	if head.Status != http.StatusOK || head.Body != "" || head.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("HEAD /admin/staff = %d, %d bytes, Cache-Control %q", head.Status, len(head.Body), head.Header.Get("Cache-Control"))
	}
}

func TestAdminAssetsAreServedImmutable(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	m := adminManifest(t)
	entry := m["src/admin/main.tsx"]
	files := []string{entry.File, entry.CSS[0]}
	// Each screen's lazily loaded chunk is served too.
	for key, e := range m {
		if strings.HasSuffix(key, "-screen.tsx") {
			files = append(files, e.File)
		}
	}
	if len(files) < 3 {
		t.Fatalf("the console manifest lists no screen chunks: %v", m)
	}
	for _, file := range files {
		if !strings.HasPrefix(file, "admin-assets/") {
			t.Errorf("%s is not under admin-assets/", file)
			continue
		}
		raw, err := fs.ReadFile(web.Dist, "dist/admin/"+file)
		if err != nil {
			t.Fatal(err)
		}
		res := f.get(t, "/"+file)
		if res.Status != http.StatusOK || res.Body != string(raw) {
			t.Errorf("GET /%s = %d, %d bytes; want 200 and the file's %d bytes", file, res.Status, len(res.Body), len(raw))
		}
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("GET /%s: Cache-Control %q, want a year, immutable", file, cc)
		}
		wantType := map[bool]string{true: "text/css", false: "text/javascript"}[strings.HasSuffix(file, ".css")]
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, wantType) {
			t.Errorf("GET /%s: Content-Type %q, want %s", file, ct, wantType)
		}
	}
	gz := f.do(t, http.MethodGet, "/"+entry.File, map[string]string{"Accept-Encoding": "gzip"})
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("GET /%s with gzip accepted: Content-Encoding %q", entry.File, gz.Header.Get("Content-Encoding"))
	}
}

func TestAdminAssetsUnknownFileIsNotFound(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, target := range []string{"/admin-assets/main-nothere.js", "/admin-assets/", "/admin-assets/manifest.json", "/admin-assets/admin-assets/x.js"} {
		res := f.get(t, target)
		if res.Status != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", target, res.Status)
		}
		if cc := res.Header.Get("Cache-Control"); strings.Contains(cc, "immutable") {
			t.Errorf("GET %s: a miss is cached: %q", target, cc)
		}
	}
	// The console's files are not public assets, nor the public ones the console's.
	entry := adminManifest(t)["src/admin/main.tsx"]
	name := strings.TrimPrefix(entry.File, "admin-assets/")
	if res := f.get(t, "/assets/"+name); res.Status != http.StatusNotFound {
		t.Errorf("GET /assets/%s = %d, want 404: the console's code is served as a public asset", name, res.Status)
	}
	public := regexp.MustCompile(`/assets/entry-client-[^"]+\.js`).FindString(f.get(t, "/about").Body)
	if public == "" {
		t.Fatal("the public page names no entry script")
	}
	if res := f.get(t, "/admin-assets/"+strings.TrimPrefix(public, "/assets/")); res.Status != http.StatusNotFound {
		t.Errorf("GET /admin-assets/%s = %d, want 404", strings.TrimPrefix(public, "/assets/"), res.Status)
	}
}

func TestRobotsTxtKeepsCrawlersOffTheConsole(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.get(t, "/robots.txt")
	if !strings.Contains("\n"+res.Body, "\nDisallow: /admin\n") {
		t.Errorf("robots.txt does not disallow /admin:\n%s", res.Body)
	}
}

// The public bundle must carry nothing of the console: not its screens,
// not its shell (it has a bundle of its own).
func TestPublicBundleHasNoConsoleCode(t *testing.T) {
	t.Parallel()
	raw, err := fs.ReadFile(web.Dist, "dist/client/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for key := range m {
		if strings.HasPrefix(key, "src/admin/") {
			t.Errorf("the public client bundle includes %s", key)
		}
	}
}
