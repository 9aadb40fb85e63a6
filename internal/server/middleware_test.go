package server_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"corpsite/internal/server"
)

// Unsupported methods on API routes get 405 with the methods that work.
func TestAPIMethodNotAllowed(t *testing.T) {
	f := newFixture(t, nil)
	tests := []struct{ method, path, allow string }{
		{"PUT", "/api/contact", "POST"},
		{"DELETE", "/api/contact", "POST"},
		{"GET", "/api/contact", "POST"},
		{"POST", "/api/jobs", "GET, HEAD"},
		{"PATCH", "/api/jobs/some-id", "GET, HEAD"},
	}
	for _, tt := range tests {
		res := f.do(t, tt.method, tt.path, map[string]string{"Sec-Fetch-Site": "same-origin"})
		if res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != tt.allow {
			t.Errorf("%s %s: status %d, Allow %q; want 405, %q", tt.method, tt.path, res.Status, res.Header.Get("Allow"), tt.allow)
		}
		if got := dig(decodeJSON(t, res.Body), "error", "code"); got != "method_not_allowed" {
			t.Errorf("%s %s: error.code = %v, want method_not_allowed", tt.method, tt.path, got)
		}
	}
}

// A known page path written with a trailing slash is redirected to the
// page instead of answering with its body under another address.
func TestTrailingSlashRedirects(t *testing.T) {
	f := newFixture(t, nil)
	job := f.jobs(t)[0]
	tests := []struct{ path, want string }{
		{"/about/", "/about"},
		{"/contact-us/", "/contact-us"},
		{"/terms/?ref=footer", "/terms?ref=footer"},
		{"/job/" + job.ID + "/", "/job/" + job.ID},
	}
	for _, tt := range tests {
		for _, method := range []string{"GET", "HEAD"} {
			res := f.do(t, method, tt.path, nil)
			if res.Status != http.StatusMovedPermanently || res.Header.Get("Location") != tt.want {
				t.Errorf("%s %s: status %d, Location %q; want 301 to %q", method, tt.path, res.Status, res.Header.Get("Location"), tt.want)
			}
		}
	}
	// Unknown paths, the API and paths that would leave the site are not
	// redirected.
	for _, p := range []string{"/nope/", "/api/jobs/", "/job/"} {
		if res := f.get(t, p); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, res.Status)
		}
	}
	for _, p := range []string{"//evil.example/", "/\\evil.example/"} {
		res := f.get(t, p)
		if loc := res.Header.Get("Location"); strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
			t.Errorf("GET %s: Location %q leaves the site", p, loc)
		}
	}
}

// Paths longer than any real one are refused before routing, and the
// access log keeps only their start and never the client's address.
func TestLongPathsAndAccessLog(t *testing.T) {
	var logs syncBuffer
	f := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	long := "/" + strings.Repeat("a", 2100)
	if res := f.get(t, long); res.Status != http.StatusRequestURITooLong {
		t.Errorf("GET of a %d-byte path: status %d, want 414", len(long), res.Status)
	}
	shortish := "/" + strings.Repeat("é", 150) // 301 bytes, 901 escaped: served (404), logged cut
	if res := f.get(t, shortish); res.Status != http.StatusNotFound {
		t.Errorf("GET of a %d-byte path: status %d, want 404", len(shortish), res.Status)
	}
	req := httptest.NewRequest(strings.Repeat("X", 5000), "/about", nil)
	req.RemoteAddr = "203.0.113.77:5000"
	f.srv.ServeHTTP(httptest.NewRecorder(), req)

	var entries []map[string]any
	for line := range strings.Lines(logs.String()) {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line is not JSON: %v\n%s", err, line)
		}
		if e["msg"] == "request" {
			entries = append(entries, e)
		}
	}
	if len(entries) != 3 {
		t.Fatalf("%d access log entries, want 3:\n%s", len(entries), logs.String())
	}
	for _, e := range entries {
		p, _ := e["path"].(string)
		if len(p) > 256+len("…") || !utf8.ValidString(p) {
			t.Errorf("logged path of %d bytes (valid UTF-8: %v), want at most 256", len(p), utf8.ValidString(p))
		}
		if m, _ := e["method"].(string); len(m) > 16 {
			t.Errorf("logged method of %d bytes, want at most 16", len(m))
		}
		if c, _ := e["client"].(string); c == "" {
			t.Errorf("access log entry without a client tag: %v", e)
		}
	}
	if strings.Contains(logs.String(), "203.0.113.77") {
		t.Errorf("the client's address reached the log:\n%s", logs.String())
	}
}

// syncBuffer is a bytes.Buffer safe for a logger and a test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
