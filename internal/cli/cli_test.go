package cli_test

import (
	"bytes"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/cli"
)

// clearEnv removes the SITE_ variables for the test, so flags' defaults
// are the built-in ones.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{
		"SITE_ADDR", "SITE_DATA_DIR", "SITE_DATABASE_URL", "SITE_FILES_URL",
		"SITE_BASE_URL", "SITE_RENDER_WORKERS", "SITE_SHUTDOWN_TIMEOUT", "SITE_LOG_LEVEL",
	} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
}

// run runs the program with args and returns its exit code and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = cli.Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	clearEnv(t)
	commands := []string{"serve", "migrate", "seed", "staff", "backup", "restore", "version"}
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout bool // usage on stdout (asked for) or stderr (a mistake)
	}{
		{"--help", []string{"--help"}, 0, true},
		{"help", []string{"help"}, 0, true},
		{"-h", []string{"-h"}, 0, true},
		{"no command", nil, 2, false},
		{"unknown command", []string{"frobnicate"}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("Main(%q) = %d, want %d", tt.args, code, tt.code)
			}
			usage := stderr
			if tt.inStdout {
				usage = stdout
			}
			for _, c := range commands {
				if !strings.Contains(usage, "  "+c+" ") {
					t.Errorf("Main(%q) usage does not list %q:\n%s", tt.args, c, usage)
				}
			}
			if tt.name == "unknown command" && !strings.Contains(stderr, `"frobnicate"`) {
				t.Errorf("stderr does not name the unknown command:\n%s", stderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	clearEnv(t)
	old := cli.Version
	cli.Version = "1.2.3-test"
	t.Cleanup(func() { cli.Version = old })
	for _, arg := range []string{"version", "--version"} {
		code, stdout, _ := run(t, arg)
		if code != 0 || stdout != "site 1.2.3-test\n" {
			t.Errorf("Main(%q) = %d, %q; want 0, %q", arg, code, stdout, "site 1.2.3-test\n")
		}
	}
}

func TestCommandFlags(t *testing.T) {
	clearEnv(t)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // in stderr
	}{
		{"migrate --help lists flags", []string{"migrate", "--help"}, 0, "-data-dir"},
		{"unknown flag", []string{"migrate", "--nope"}, 1, "-nope"},
		{"extra argument", []string{"seed", "--data-dir", t.TempDir(), "extra"}, 1, `"extra"`},
		{"bad base URL", []string{"migrate", "--data-dir", t.TempDir(), "--base-url", "ftp://x"}, 1, "--base-url"},
		{"mysql", []string{"migrate", "--data-dir", t.TempDir(), "--database-url", "mysql://x/y"}, 1, "--database-url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("Main(%q) = %d, want %d (stderr %q)", tt.args, code, tt.code, stderr)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("Main(%q) stderr lacks %q:\n%s", tt.args, tt.stderr, stderr)
			}
		})
	}
}

func TestMigrateAndSeed(t *testing.T) {
	clearEnv(t)
	dir := filepath.Join(t.TempDir(), "data")

	code, stdout, stderr := run(t, "migrate", "--data-dir", dir)
	if code != 0 {
		t.Fatalf("migrate = %d, stderr:\n%s", code, stderr)
	}
	if stdout != "Database is up to date.\n" {
		t.Errorf("migrate stdout = %q", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "site.db")); err != nil {
		t.Errorf("migrate did not create site.db: %v", err)
	}
	// Running it again is fine.
	if code, _, stderr := run(t, "migrate", "--data-dir", dir); code != 0 {
		t.Errorf("second migrate = %d, stderr:\n%s", code, stderr)
	}

	tests := []struct{ want string }{
		{"Loaded demo content.\n"},
		{"The database already has content; nothing loaded.\n"},
	}
	for i, tt := range tests {
		code, stdout, stderr := run(t, "seed", "--data-dir", dir)
		if code != 0 {
			t.Fatalf("seed #%d = %d, stderr:\n%s", i+1, code, stderr)
		}
		if stdout != tt.want {
			t.Errorf("seed #%d stdout mismatch (-want +got):\n- %q\n+ %q", i+1, tt.want, stdout)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestServeStopsOnSIGINT(t *testing.T) {
	clearEnv(t)
	dir := t.TempDir()
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- cli.Main([]string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0",
			"--log-level", "error", "--render-workers", "1", "--shutdown-timeout", "10s"}, &stdout, &stderr)
	}()

	// serve prints its URL once it listens (after installing its signal handler).
	re := regexp.MustCompile(`Serving the site at (http://127\.0\.0\.1:\d+/)`)
	var url string
	deadline := time.Now().Add(2 * time.Minute)
	for url == "" {
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d before listening; stderr:\n%s", code, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if m := re.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not print its URL; stdout %q stderr %q", stdout.String(), stderr.String())
		}
	}

	res, err := http.Get(url + "healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz = %d, want 200", res.StatusCode)
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited with %d after SIGINT, want 0; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop within 30s of SIGINT")
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("%s still accepts connections after serve returned", addr)
	}
}
