package cli_test

import (
	"bytes"
	"crypto/rand"
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
	"corpsite/internal/testwait"
)

// TestMain sets the environment the tests run in, once for the binary
// rather than per test with t.Setenv, so that tests may run in parallel:
// no SITE_ variable (flags' defaults are the built-in ones), and dummy S3
// credentials with the AWS configuration files pointed where there are
// none (only the environment may supply credentials to the in-process S3
// server, never a developer's ~/.aws files or an instance role).
func TestMain(m *testing.M) {
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "SITE_") {
			os.Unsetenv(k)
		}
	}
	none := filepath.Join(os.TempDir(), "cli-test-no-aws-"+rand.Text()) // never created
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "test-secret-key",
		"AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "",
		"AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_S3": "",
		"AWS_CONFIG_FILE": filepath.Join(none, "config"), "AWS_SHARED_CREDENTIALS_FILE": filepath.Join(none, "credentials"),
		"AWS_EC2_METADATA_DISABLED": "true",
	} {
		os.Setenv(k, v)
	}
	os.Exit(m.Run())
}

// run runs the program with args and returns its exit code and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = cli.Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	t.Parallel()
	commands := []string{"serve", "migrate", "seed", "staff", "backup", "restore", "import", "version"}
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
	t.Parallel()
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
		{"import without an export", []string{"import", "--data-dir", t.TempDir()}, 1, "--from FILE.json and --files DIR are required"},
		{"import of a missing folder", []string{"import", "--data-dir", t.TempDir(), "--from", "x.json", "--files", "/nonexistent"}, 1, `--files "/nonexistent" is not a folder`},
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
	t.Parallel()
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
	testwait.Eventually(t, 2*time.Minute, "serve to print its URL", func() bool {
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d before listening; stderr:\n%s", code, stderr.String())
		default:
		}
		if m := re.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
		}
		return url != ""
	})

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
