package app_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/web"
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
	a, err := app.New(context.Background(), cfg, quietLogger())
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
	cfg := testConfig(t, func(c *config.Config) { c.BaseURL = "https://www.example.com/" })
	a, err := app.New(context.Background(), cfg, quietLogger())
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

// openPartialRequest connects to addr and sends a request without the
// blank line that ends its headers, so the server waits for the rest.
func openPartialRequest(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: test\r\n"); err != nil {
		t.Fatal(err)
	}
	// Give the server time to accept the connection and start reading it.
	time.Sleep(300 * time.Millisecond)
	return c
}

// largestAsset returns the URL path and size of the biggest client file.
func largestAsset(t *testing.T) (string, int) {
	t.Helper()
	var name string
	var size int
	err := fs.WalkDir(web.Dist, "dist/client/assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil && int(info.Size()) > size {
			name, size = strings.TrimPrefix(p, "dist/client"), int(info.Size())
		}
		return err
	})
	if err != nil || name == "" {
		t.Fatalf("no client assets: %v", err)
	}
	return name, size
}

func TestGracefulShutdownFinishesRequestInFlight(t *testing.T) {
	s := start(t, testConfig(t, nil))
	addr := s.app.Addr()
	asset, size := largestAsset(t)

	// A client with a tiny receive buffer asks for the asset many times in
	// one go (HTTP/1.1 pipelining) and reads nothing yet: more bytes than
	// the sockets buffer, so a handler is still writing when shutdown begins.
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048)
		})
		return errors.Join(err, serr)
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const pipelined = 60 // 60 requests fit the server's 4 KiB read buffer
	if pipelined*size < 8<<20 {
		t.Skipf("the largest asset (%d bytes) is too small to fill the socket buffers", size)
	}
	req := "GET " + asset + " HTTP/1.1\r\nHost: test\r\n\r\n"
	if _, err := io.WriteString(conn, strings.Repeat(req, pipelined)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // a handler is now blocked writing

	s.cancel()
	if err, ok := s.wait(500 * time.Millisecond); ok {
		t.Fatalf("Serve returned %v while a response was being written", err)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("the server accepts new connections during shutdown")
	}

	// Every response sent is complete; the server stops after the one in
	// flight and closes the connection.
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	br := bufio.NewReader(conn)
	n := 0
	for {
		if _, err := br.Peek(1); errors.Is(err, io.EOF) {
			break // the server closed the connection after a whole response
		}
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("response %d: %v", n+1, err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) != size || err != nil {
			t.Fatalf("response %d: %d with %d bytes (%v); want 200 with %d bytes", n+1, res.StatusCode, len(body), err, size)
		}
		n++
	}
	if n == 0 || n == pipelined {
		t.Errorf("got %d of %d pipelined responses; want the ones up to the one in flight at shutdown", n, pipelined)
	}

	if err, ok := s.wait(10 * time.Second); !ok {
		t.Fatal("Serve did not return after the last response was sent")
	} else if err != nil {
		t.Errorf("Serve = %v, want nil after a clean shutdown", err)
	}
}

func TestShutdownTimeout(t *testing.T) {
	cfg := testConfig(t, func(c *config.Config) { c.ShutdownTimeout = 300 * time.Millisecond })
	s := start(t, cfg)
	if status, _ := get(t, s.app.URL()+"healthz"); status != http.StatusOK {
		t.Fatalf("GET /healthz = %d before shutdown", status)
	}
	openPartialRequest(t, s.app.Addr()) // never finished

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
