package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"corpsite/internal/server"
)

// Unsupported methods on API routes get 405 with the methods that work.
func TestAPIMethodNotAllowed(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// With Options.AccessLog, each request's access line is written to it
// whole, in one Write, with slog's keys in slog's order, and says what the
// line a logger without it writes says; the logger's level still decides
// whether it is written.
func TestAccessLogWriter(t *testing.T) {
	t.Parallel()
	level := new(slog.LevelVar)
	var raw, logged writes
	f := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(&raw, &slog.HandlerOptions{Level: level}))
		o.AccessLog = &raw
	})
	viaSlog := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(&logged, nil))
	})
	requests := []struct{ method, target string }{
		{http.MethodGet, "/about"},
		{http.MethodHead, "/jobs"},
		{http.MethodGet, "/no/%22q%22%5C%00%0A%1F%7F%E2%80%A8%FF%3Cscript%3E&amp;"},
		{http.MethodGet, "/" + strings.Repeat("é", 150)},
		{strings.Repeat("X", 40), "/about"},
	}
	wantKeys := []string{"time", "level", "msg", "request_id", "method", "path", "client", "status", "bytes", "duration_ms"}
	for _, rq := range requests {
		before := time.Now()
		res := f.do(t, rq.method, rq.target, nil)
		after := time.Now()
		viaSlog.do(t, rq.method, rq.target, nil)
		line, want := raw.accessLine(t), logged.accessLine(t)
		if keys := jsonKeys(t, line); !slices.Equal(keys, wantKeys) {
			t.Errorf("%s %s: keys %q, want %q", rq.method, rq.target, keys, wantKeys)
		}
		var got map[string]any
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatalf("%s %s: access line is not JSON: %v\n%q", rq.method, rq.target, err, line)
		}
		if got["request_id"] != res.Header.Get("X-Request-Id") {
			t.Errorf("%s %s: request_id %v, want the response's %q", rq.method, rq.target, got["request_id"], res.Header.Get("X-Request-Id"))
		}
		if ts, err := time.Parse(time.RFC3339Nano, got["time"].(string)); err != nil || ts.Before(before) || ts.After(after) {
			t.Errorf("%s %s: time %v (%v), want between %v and %v", rq.method, rq.target, got["time"], err, before, after)
		}
		if d, ok := got["duration_ms"].(float64); !ok || d < 0 {
			t.Errorf("%s %s: duration_ms %v", rq.method, rq.target, got["duration_ms"])
		}
		var slogged map[string]any
		if err := json.Unmarshal(want, &slogged); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"time", "request_id", "duration_ms"} {
			delete(got, k)
			delete(slogged, k)
		}
		if d := diff(slogged, got); d != "" {
			t.Errorf("%s %s: access line differs from slog's (-slog +raw):\n%s", rq.method, rq.target, d)
		}
	}
	level.Set(slog.LevelWarn)
	f.get(t, "/about")
	if n := raw.count(); n != 0 {
		t.Errorf("logger at WARN: %d lines written, want none", n)
	}
}

// writes keeps each Write apart, as it came.
type writes struct {
	mu sync.Mutex
	w  [][]byte
}

func (w *writes) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.w = append(w.w, bytes.Clone(p))
	return len(p), nil
}

func (w *writes) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.w)
}

// accessLine takes the writes so far, which must hold exactly one access
// line, written whole in one Write, and returns it.
func (w *writes) accessLine(t *testing.T) []byte {
	t.Helper()
	w.mu.Lock()
	all := w.w
	w.w = nil
	w.mu.Unlock()
	var found [][]byte
	for _, p := range all {
		if bytes.Contains(p, []byte(`"msg":"request"`)) {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d access lines, want 1: %q", len(found), all)
	}
	if p := found[0]; bytes.IndexByte(p, '\n') != len(p)-1 {
		t.Fatalf("access line not written whole, in one Write: %q", p)
	}
	return found[0]
}

// jsonKeys returns the keys of the JSON object line, in order.
func jsonKeys(t *testing.T, line []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
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

// A request whose client went away before anything was written is logged
// with 499, not with the 200 it never got.
func TestAccessLogOfClientGone(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	f := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	gone, leave := context.WithCancel(context.Background())
	leave()
	f.srv.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(gone, "GET", "/about", nil))
	f.get(t, "/about")
	var statuses []float64
	for line := range strings.Lines(logs.String()) {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line is not JSON: %v\n%s", err, line)
		}
		if e["msg"] == "request" && e["path"] == "/about" {
			statuses = append(statuses, e["status"].(float64))
		}
	}
	if !slices.Equal(statuses, []float64{499, 200}) {
		t.Errorf("logged statuses of /about for a client gone, then one who stayed: %v, want [499 200]", statuses)
	}
}
