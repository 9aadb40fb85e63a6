package app_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
)

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func testConfig(t *testing.T, edit func(*config.Config)) *config.Config {
	t.Helper()
	cfg := &config.Config{
		Addr:            "127.0.0.1:0",
		DataDir:         filepath.Join(t.TempDir(), "data"),
		RenderWorkers:   1,
		ShutdownTimeout: 10 * time.Second,
		LogLevel:        "error",
	}
	if edit != nil {
		edit(cfg)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	return cfg
}

func TestOpenStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := testConfig(t, nil)
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	defer st.Close()
	if _, err := os.Stat(filepath.Join(cfg.DataDir, "site.db")); err != nil {
		t.Errorf("no site.db in the data folder: %v", err)
	}
	// Migrated: the tables exist and start empty.
	jobs, err := st.ListJobs(ctx, domain.JobFilter{})
	if err != nil || len(jobs) != 0 {
		t.Errorf("ListJobs on a new store = %d jobs, %v; want 0, nil", len(jobs), err)
	}
	if err := st.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

func TestOpenStoreErrors(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  config.Config
	}{
		{"data dir is a file", config.Config{DataDir: file}},
		{"unreachable postgres", config.Config{DataDir: t.TempDir(), DatabaseURL: "postgres://nobody@127.0.0.1:1/none?connect_timeout=5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := app.OpenStore(ctx, &tt.cfg)
			if err == nil {
				st.Close()
				t.Fatal("OpenStore succeeded; want an error")
			}
		})
	}
}

// started is a running app.
type started struct {
	app    *app.App
	cancel context.CancelFunc
	done   chan struct{} // closed when Serve returns
	err    error         // Serve's result, after done
}

// wait returns Serve's result, or false if it does not return within d.
func (s *started) wait(d time.Duration) (error, bool) {
	select {
	case <-s.done:
		return s.err, true
	case <-time.After(d):
		return nil, false
	}
}

func start(t *testing.T, cfg *config.Config) *started {
	t.Helper()
	a, err := app.New(context.Background(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	if err := a.Listen(); err != nil {
		a.Close()
		t.Fatalf("Listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &started{app: a, cancel: cancel, done: make(chan struct{})}
	go func() {
		s.err = a.Serve(ctx)
		close(s.done)
	}()
	t.Cleanup(func() {
		cancel()
		if _, ok := s.wait(30 * time.Second); !ok {
			t.Error("Serve did not return within 30s of cancel")
		}
		a.Close()
	})
	return s
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestServe(t *testing.T) {
	t.Parallel()
	s := start(t, testConfig(t, nil))
	base := s.app.URL()
	if want := "http://" + s.app.Addr() + "/"; base != want {
		t.Errorf("URL() = %q, want %q (the address actually listened on)", base, want)
	}
	tests := []struct {
		path     string
		status   int
		contains string
	}{
		{"healthz", 200, "ok"},
		{"readyz", 200, "ready"},
		{"robots.txt", 200, "Disallow: /api/"},
		{"api/jobs", 200, "[]"}, // a fresh data folder has no content
		{"media/demo/cloud-migration.svg", 200, "<svg"},
		{"media/cloud-migration.svg", 404, ""},
		{"api/nope", 404, `"not_found"`},
	}
	for _, tt := range tests {
		status, body := get(t, base+tt.path)
		if status != tt.status || !strings.Contains(body, tt.contains) {
			t.Errorf("GET /%s = %d %.80q; want %d containing %q", tt.path, status, body, tt.status, tt.contains)
		}
	}
}

func TestURLUsesBaseURL(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, func(c *config.Config) { c.BaseURL = "https://www.example.com/" })
	a, err := app.New(context.Background(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Listen(); err != nil {
		t.Fatal(err)
	}
	if got, want := a.URL(), "https://www.example.com/"; got != want {
		t.Errorf("URL() = %q, want %q", got, want)
	}
}

// contactBody is a valid contact form, as the browser sends it.
const contactBody = `{"name":"Asha Rao","email":"asha@example.com","subject":"Clinic app",` +
	`"message":"We would like an app for booking clinic appointments.","website":"","elapsedMs":9000}`

// openUnfinishedRequest connects to addr and starts posting the contact
// form without its body, asking the server to confirm with "100 Continue"
// first. That answer comes only once a handler is reading the body, so when
// this returns a request is in flight, waiting for the body. The caller
// may send contactBody on the connection and read the rest from the reader.
func openUnfinishedRequest(t *testing.T, addr string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := fmt.Sprintf("POST /api/contact HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"+
		"Content-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(contactBody))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	br := bufio.NewReader(c)
	status, err := br.ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 100 ") {
		t.Fatalf("waiting for 100 Continue: got %q, %v", status, err)
	}
	for line := status; line != "\r\n"; {
		if line, err = br.ReadString('\n'); err != nil {
			t.Fatalf("reading the 100 Continue response: %v", err)
		}
	}
	return c, br
}

func TestGracefulShutdownFinishesRequestInFlight(t *testing.T) {
	t.Parallel()
	s := start(t, testConfig(t, nil))
	addr := s.app.Addr()
	conn, br := openUnfinishedRequest(t, addr)

	s.cancel()
	if err, ok := s.wait(500 * time.Millisecond); ok {
		t.Fatalf("Serve returned %v while a request was in flight", err)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("the server accepts new connections during shutdown")
	}

	// The request in flight completes with a whole response; then the
	// server closes the connection.
	if _, err := io.WriteString(conn, contactBody); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || err != nil || !strings.Contains(string(body), `"id"`) {
		t.Errorf("response = %d %q (%v); want 201 with the new message's id", res.StatusCode, body, err)
	}
	if !res.Close {
		t.Error("the response does not close the connection during shutdown")
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Errorf("after the response: %v, want EOF (the server closes the connection)", err)
	}

	if err, ok := s.wait(10 * time.Second); !ok {
		t.Fatal("Serve did not return after the last response was sent")
	} else if err != nil {
		t.Errorf("Serve = %v, want nil after a clean shutdown", err)
	}
}

// Not parallel: it measures how long Serve takes to give up, which tests
// running beside it on two cores would stretch.
func TestShutdownTimeout(t *testing.T) {
	cfg := testConfig(t, func(c *config.Config) { c.ShutdownTimeout = 300 * time.Millisecond })
	s := start(t, cfg)
	if status, _ := get(t, s.app.URL()+"healthz"); status != http.StatusOK {
		t.Fatalf("GET /healthz = %d before shutdown", status)
	}
	openUnfinishedRequest(t, s.app.Addr()) // its body never comes

	began := time.Now()
	s.cancel()
	err, ok := s.wait(10 * time.Second)
	if !ok {
		t.Fatal("Serve did not give up after ShutdownTimeout")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Serve = %v, want an error wrapping context.DeadlineExceeded", err)
	}
	if elapsed := time.Since(began); elapsed < 250*time.Millisecond || elapsed > 5*time.Second {
		t.Errorf("Serve returned %v after cancel; want about the 300ms ShutdownTimeout", elapsed)
	}
}

// The data folder and the database are private to the site's user, also
// when the folder was made beforehand with the usual open modes.
func TestDataFolderIsPrivate(t *testing.T) {
	t.Parallel()
	for _, existing := range []bool{false, true} {
		cfg := testConfig(t, nil)
		if existing {
			if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(cfg.DataDir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		st, err := app.OpenStore(t.Context(), cfg)
		if err != nil {
			t.Fatalf("OpenStore: %v", err)
		}
		st.Close()
		for name, want := range map[string]fs.FileMode{"": 0o700, "site.db": 0o600} {
			fi, err := os.Stat(filepath.Join(cfg.DataDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != want {
				t.Errorf("folder existed %v: %q mode = %v, want %v", existing, filepath.Join("data", name), got, want)
			}
		}
	}
}

// TestPurgeApplications: applications older than --retention-days go, with
// their files; younger ones and their files stay.
func TestPurgeApplications(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, func(c *config.Config) { c.RetentionDays = 30 })
	a, err := app.New(t.Context(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	ctx := t.Context()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	job := domain.Job{JobTitle: "Engineer", Experience: "2-4", Location: "Hyderabad", Description: "<p>Build.</p>", Status: domain.JobOpen}
	if err := a.Store().CreateJob(ctx, &job); err != nil {
		t.Fatalf("CreateJob: %v", err)
	}
	save := func(email string, age time.Duration) domain.Application {
		t.Helper()
		app := domain.Application{
			JobID: job.ID, FirstName: "Asha", Email: email, ConsentAt: now.Add(-age), AppliedAt: now.Add(-age),
			ResumeKey: "resumes/" + email + ".pdf", NationalIDDocumentKey: "ids/" + email + ".png",
		}
		for _, k := range app.BlobKeys() {
			if err := a.Blobs().Put(ctx, k, strings.NewReader("%PDF-1.7 test"), "application/pdf"); err != nil {
				t.Fatalf("Put %s: %v", k, err)
			}
		}
		if _, err := a.Store().SaveApplication(ctx, &app, domain.SaveOptions{}); err != nil {
			t.Fatalf("SaveApplication: %v", err)
		}
		return app
	}
	old := save("old@example.com", 31*24*time.Hour)
	young := save("young@example.com", 29*24*time.Hour)

	deleted, err := a.PurgeApplications(ctx, now)
	if err != nil {
		t.Fatalf("PurgeApplications: %v", err)
	}
	if deleted != 2 {
		t.Errorf("deleted %d files, want the old application's 2", deleted)
	}
	if _, err := a.Store().GetApplication(ctx, old.ID); !domain.IsNotFound(err) {
		t.Errorf("the 31-day-old application is still there (err %v)", err)
	}
	if _, err := a.Store().GetApplication(ctx, young.ID); err != nil {
		t.Errorf("the 29-day-old application is gone: %v", err)
	}
	for _, k := range old.BlobKeys() {
		if _, _, err := a.Blobs().Open(ctx, k); !domain.IsNotFound(err) {
			t.Errorf("file %s of the old application is still there (err %v)", k, err)
		}
	}
	for _, k := range young.BlobKeys() {
		r, _, err := a.Blobs().Open(ctx, k)
		if err != nil {
			t.Errorf("file %s of the young application is gone: %v", k, err)
			continue
		}
		r.Close()
	}
}

// leakyDeletes is a blob store whose deletions fail with an error that
// quotes the key, as real stores' errors do.
type leakyDeletes struct{ domain.BlobStore }

func (leakyDeletes) Delete(_ context.Context, key string) error {
	return fmt.Errorf("blob: delete %q: %w", key, os.ErrPermission)
}

// TestPurgeApplicationsErrorNamesNoKey: keys carry applicants' names, so
// the error of a failed deletion (which the janitor logs) names only the
// folder and the kind of failure.
func TestPurgeApplicationsErrorNamesNoKey(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, func(c *config.Config) { c.RetentionDays = 30 })
	a, err := app.New(t.Context(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	ctx := t.Context()
	now := time.Now()
	old := now.AddDate(0, 0, -31)
	application := domain.Application{
		JobID: "job-1", FirstName: "Asha", Email: "asha@example.com", ConsentAt: old, AppliedAt: old,
		ResumeKey: domain.NewBlobKey(domain.BlobResumes, "Asha Secretname", old, ".pdf"),
	}
	if _, err := a.Store().SaveApplication(ctx, &application, domain.SaveOptions{}); err != nil {
		t.Fatalf("SaveApplication: %v", err)
	}
	app.SetBlobs(a, leakyDeletes{a.Blobs()})
	_, err = a.PurgeApplications(ctx, now)
	if err == nil {
		t.Fatal("PurgeApplications with failing deletions: no error")
	}
	if msg := err.Error(); strings.Contains(msg, "secretname") || strings.Contains(msg, application.ResumeKey) ||
		!strings.Contains(msg, "resumes/") || !strings.Contains(msg, "permission denied") {
		t.Errorf("error %q: want the folder and the kind of failure, never the key", msg)
	}
	if !errors.Is(err, os.ErrPermission) {
		t.Errorf("error %v no longer wraps its cause", err)
	}
}

// lockedBuffer is a bytes.Buffer safe for the logger's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Serve returns only once the warm-up it started has ended: nothing it
// started is left logging (or using the store Close releases) after it.
func TestServeWaitsForWarmUp(t *testing.T) {
	t.Parallel()
	for range 5 {
		var logs lockedBuffer
		a, err := app.New(context.Background(), testConfig(t, nil), slog.New(slog.NewTextHandler(&logs, nil)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Listen(); err != nil {
			a.Close()
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- a.Serve(ctx) }()
		// A deliberate pause, nothing to poll for: the cancel is to come
		// while the warm-up is rendering pages.
		time.Sleep(100 * time.Millisecond)
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve = %v", err)
		}
		out := logs.String()
		a.Close()
		warmed, shut := strings.Index(out, "warm-up done"), strings.Index(out, "msg=\"shut down\"")
		if warmed < 0 || shut < 0 || warmed > shut {
			t.Fatalf("log when Serve returned: want \"warm-up done\" before \"shut down\":\n%s", out)
		}
	}
}
