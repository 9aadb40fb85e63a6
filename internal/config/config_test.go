package config_test

import (
	"flag"
	"io"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"corpsite/internal/config"
	"corpsite/internal/sitecontent"
)

// siteEnv lists every environment variable Register reads.
var siteEnv = []string{
	"SITE_ADDR", "SITE_DATA_DIR", "SITE_DATABASE_URL", "SITE_FILES_URL",
	"SITE_BASE_URL", "SITE_RENDER_WORKERS", "SITE_SHUTDOWN_TIMEOUT", "SITE_LOG_LEVEL",
	"SITE_TRUSTED_PROXIES", "SITE_SMTP_URL", "SITE_MAIL_FROM", "SITE_STAFF_EMAIL",
	"SITE_RETENTION_DAYS", "SITE_ID_DOCUMENT_RETENTION_DAYS", "SITE_DATA_KEY",
	"SITE_STAFF_IDLE_TIMEOUT", "SITE_METRICS_ADDR",
}

// parse registers the flags with env set (every other SITE_ variable
// empty-unset), parses args and finishes the config.
func parse(t *testing.T, env map[string]string, args ...string) (config.Config, error) {
	t.Helper()
	for _, k := range siteEnv {
		t.Setenv(k, "x") // t.Setenv restores the variable after the test…
		os.Unsetenv(k)   // …and this removes it for the test.
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	var c config.Config
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.Register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("Parse(%q): %v", args, err)
	}
	return c, c.Finish()
}

func TestDefaults(t *testing.T) {
	got, err := parse(t, nil)
	if err != nil {
		t.Fatalf("Finish: %v", err)
	}
	want := config.Config{
		Addr:             "127.0.0.1:8080",
		DataDir:          "./data",
		BaseURL:          "http://127.0.0.1:8080",
		RenderWorkers:    0,
		ShutdownTimeout:  20 * time.Second,
		LogLevel:         "info",
		MailFrom:         siteEmail(t),
		StaffEmail:       siteEmail(t),
		RetentionDays:    365,
		StaffIdleTimeout: 30 * time.Minute,

		IDDocumentRetentionDays: 365,
	}
	if d := cmp.Diff(want, got, configOpts); d != "" {
		t.Errorf("defaults mismatch (-want +got):\n%s", d)
	}
}

func TestEnvironmentAndFlags(t *testing.T) {
	env := map[string]string{
		"SITE_ADDR":                       "0.0.0.0:9000",
		"SITE_DATA_DIR":                   "/var/lib/site",
		"SITE_DATABASE_URL":               "postgres://u@db:5432/site",
		"SITE_FILES_URL":                  "s3://bucket?region=x",
		"SITE_BASE_URL":                   "https://example.com/",
		"SITE_RENDER_WORKERS":             "3",
		"SITE_SHUTDOWN_TIMEOUT":           "7s",
		"SITE_LOG_LEVEL":                  "debug",
		"SITE_SMTP_URL":                   "smtps://user:s3cret@mail.example.com:465",
		"SITE_MAIL_FROM":                  "Nimbus Grove <noreply@example.com>",
		"SITE_STAFF_EMAIL":                "staff@example.com",
		"SITE_RETENTION_DAYS":             "180",
		"SITE_ID_DOCUMENT_RETENTION_DAYS": "30",
		"SITE_DATA_KEY":                   envKey,
		"SITE_STAFF_IDLE_TIMEOUT":         "45m",
		"SITE_METRICS_ADDR":               "10.0.0.5:9090",
	}
	tests := []struct {
		name string
		args []string
		want config.Config
	}{
		{
			name: "environment only",
			want: config.Config{
				Addr: "0.0.0.0:9000", DataDir: "/var/lib/site", DatabaseURL: "postgres://u@db:5432/site",
				FilesURL: "s3://bucket?region=x", BaseURL: "https://example.com", RenderWorkers: 3,
				ShutdownTimeout: 7 * time.Second, LogLevel: "debug",
				SMTPURL: "smtps://user:s3cret@mail.example.com:465", MailFrom: "Nimbus Grove <noreply@example.com>",
				StaffEmail: "staff@example.com", RetentionDays: 180, IDDocumentRetentionDays: 30, DataKey: envKey,
				StaffIdleTimeout: 45 * time.Minute, MetricsAddr: "10.0.0.5:9090",
			},
		},
		{
			name: "flags win over the environment",
			args: []string{
				"--addr", "127.0.0.1:1", "--data-dir", "d", "--database-url", "postgresql://x/y",
				"--files-url", "file:///srv/files", "--base-url", "http://localhost:1", "--render-workers", "5",
				"--shutdown-timeout", "1m", "--log-level", "warn",
				"--smtp-url", "smtp://relay.example.com", "--mail-from", "site@example.com", "--staff-email", "ops@example.com",
				"--retention-days", "90", "--id-document-retention-days", "0", "--data-key", flagKey,
				"--staff-idle-timeout", "10s", "--metrics-addr", "127.0.0.1:9090",
			},
			want: config.Config{
				Addr: "127.0.0.1:1", DataDir: "d", DatabaseURL: "postgresql://x/y",
				FilesURL: "file:///srv/files", BaseURL: "http://localhost:1", RenderWorkers: 5,
				ShutdownTimeout: time.Minute, LogLevel: "warn",
				SMTPURL: "smtp://relay.example.com", MailFrom: "site@example.com", StaffEmail: "ops@example.com",
				RetentionDays: 90, IDDocumentRetentionDays: 90, DataKey: flagKey,
				StaffIdleTimeout: 10 * time.Second, MetricsAddr: "127.0.0.1:9090",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(t, env, tt.args...)
			if err != nil {
				t.Fatalf("Finish: %v", err)
			}
			if d := cmp.Diff(tt.want, got, configOpts); d != "" {
				t.Errorf("config mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// Test keys (32 zero and 32 0xff bytes), standard and raw URL-safe base64.
const (
	envKey  = "k2026:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
	flagKey = "k2027:__________________________________________8,k2026:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
)

// The data key from the environment is a secret: -help must not show it
// as the flag's default.
func TestHelpHidesDataKey(t *testing.T) {
	t.Setenv("SITE_DATA_KEY", envKey)
	var c config.Config
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var out strings.Builder
	fs.SetOutput(&out)
	c.Register(fs)
	fs.PrintDefaults()
	if strings.Contains(out.String(), envKey[len("k2026:"):]) || !strings.Contains(out.String(), "-data-key") {
		t.Errorf("help shows the data key or lacks the flag:\n%s", out.String())
	}
}

// The SMTP URL may carry the mail server's password: -help must not show
// the one the environment set, and the flag still takes it.
func TestHelpHidesSMTPURL(t *testing.T) {
	const url = "smtp://site:s3cret-pass@mail.example.com:587"
	t.Setenv("SITE_SMTP_URL", url)
	var c config.Config
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var out strings.Builder
	fs.SetOutput(&out)
	c.Register(fs)
	fs.PrintDefaults()
	if strings.Contains(out.String(), "s3cret-pass") || !strings.Contains(out.String(), "-smtp-url") {
		t.Errorf("help shows the SMTP password or lacks the flag:\n%s", out.String())
	}
	if c.SMTPURL != url {
		t.Errorf("SMTPURL from the environment = %q, want %q", c.SMTPURL, url)
	}
	if err := fs.Parse([]string{"-smtp-url", "smtps://a:b@mail.example.com:465"}); err != nil || c.SMTPURL != "smtps://a:b@mail.example.com:465" {
		t.Errorf("-smtp-url flag: %v, SMTPURL %q", err, c.SMTPURL)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "http://127.0.0.1:8080"},
		{[]string{"--addr", "0.0.0.0:3000"}, "http://localhost:3000"},
		{[]string{"--addr", "localhost:0"}, "http://localhost:0"},
		{[]string{"--addr", "0.0.0.0:3000", "--base-url", "https://www.example.com"}, "https://www.example.com"},
		{[]string{"--base-url", "https://www.example.com///"}, "https://www.example.com"},
		{[]string{"--base-url", "http://example.com:8443/site/"}, "http://example.com:8443/site"},
	}
	for _, tt := range tests {
		got, err := parse(t, nil, tt.args...)
		if err != nil {
			t.Errorf("%q: Finish: %v", tt.args, err)
			continue
		}
		if got.BaseURL != tt.want {
			t.Errorf("%q: BaseURL mismatch (-want +got):\n- %q\n+ %q", tt.args, tt.want, got.BaseURL)
		}
	}
}

func TestFinishErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the error
	}{
		{"empty data dir", []string{"--data-dir", ""}, "--data-dir"},
		{"relative base URL", []string{"--base-url", "example.com"}, "--base-url"},
		{"ftp base URL", []string{"--base-url", "ftp://example.com"}, "--base-url"},
		{"base URL without host", []string{"--base-url", "https://"}, "--base-url"},
		{"unparsable base URL", []string{"--base-url", "http://exa mple.com/%zz"}, "--base-url"},
		{"mysql database", []string{"--database-url", "mysql://u@h/db"}, "--database-url"},
		{"sqlite database URL", []string{"--database-url", "sqlite:///tmp/x.db"}, "--database-url"},
		{"bad log level", []string{"--log-level", "verbose"}, "--log-level"},
		{"upper-case log level", []string{"--log-level", "INFO"}, "--log-level"},
		{"http SMTP URL", []string{"--smtp-url", "http://mail.example.com"}, "--smtp-url"},
		{"SMTP URL without host", []string{"--smtp-url", "smtp://user:pw@"}, "--smtp-url"},
		{"SMTP URL with a path", []string{"--smtp-url", "smtp://mail.example.com/x"}, "--smtp-url"},
		{"unparsable SMTP URL", []string{"--smtp-url", "smtp://u:pw@[::1"}, "--smtp-url"},
		{"mail-from not an address", []string{"--mail-from", "the site"}, "--mail-from"},
		{"staff e-mail with a line break", []string{"--staff-email", "a@example.com\nBcc: b@example.com"}, "--staff-email"},
		{"staff e-mail with a name", []string{"--staff-email", "Staff <a@example.com>"}, "--staff-email"},
		{"two staff e-mails", []string{"--staff-email", "a@example.com, b@example.com"}, "--staff-email"},
		{"negative retention", []string{"--retention-days", "-1"}, "--retention-days"},
		{"retention over ten years", []string{"--retention-days", "3651"}, "--retention-days"},
		{"ID documents kept longer than applications", []string{"--retention-days", "30", "--id-document-retention-days", "31"}, "--id-document-retention-days"},
		{"negative ID document retention", []string{"--id-document-retention-days", "-1"}, "--id-document-retention-days"},
		{"data key without ID", []string{"--data-key", envKey[len("k2026:"):]}, "--data-key"},
		{"short data key", []string{"--data-key", "k1:c2hvcnQ="}, "--data-key"},
		{"data key twice", []string{"--data-key", envKey + "," + envKey}, "--data-key"},
		{"negative idle timeout", []string{"--staff-idle-timeout", "-30m"}, "--staff-idle-timeout"},
		{"idle timeout under 5 seconds", []string{"--staff-idle-timeout", "4s"}, "--staff-idle-timeout"},
		{"idle timeout over a session's 12 hours", []string{"--staff-idle-timeout", "12h1s"}, "--staff-idle-timeout"},
		{"metrics address without a port", []string{"--metrics-addr", "127.0.0.1"}, "--metrics-addr"},
		{"metrics on the site's address", []string{"--addr", "127.0.0.1:8080", "--metrics-addr", "127.0.0.1:8080"}, "--metrics-addr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(t, nil, tt.args...)
			if err == nil {
				t.Fatalf("Finish(%q) = nil, want an error", tt.args)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Finish(%q) = %q; want it to name %s", tt.args, err, tt.want)
			}
		})
	}
}

func TestBadEnvironmentIsAnError(t *testing.T) {
	tests := []struct{ key, value string }{
		{"SITE_RENDER_WORKERS", "four"},
		{"SITE_RENDER_WORKERS", "4abc"},
		{"SITE_SHUTDOWN_TIMEOUT", "20"},
		{"SITE_TRUSTED_PROXIES", "10.0.0.0/33"},
		{"SITE_STAFF_IDLE_TIMEOUT", "30"},
		{"SITE_STAFF_IDLE_TIMEOUT", "30 minutes"},
	}
	for _, tt := range tests {
		if _, err := parse(t, map[string]string{tt.key: tt.value}); err == nil {
			t.Errorf("%s=%q: Finish = nil, want an error", tt.key, tt.value)
		}
	}
}

func TestBaseURLFromWildcardAddr(t *testing.T) {
	got, err := parse(t, nil, "--addr", ":8080")
	if err != nil {
		return // refusing is fine
	}
	if strings.HasPrefix(got.BaseURL, "http://:") {
		t.Errorf("BaseURL = %q: no host", got.BaseURL)
	}
}

func TestTrustedProxies(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{name: "default is none", want: nil},
		{
			name: "environment",
			env:  map[string]string{"SITE_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1/32"},
			want: []string{"10.0.0.0/8", "127.0.0.1/32"},
		},
		{
			name: "flag wins over the environment",
			env:  map[string]string{"SITE_TRUSTED_PROXIES": "10.0.0.0/8"},
			args: []string{"--trusted-proxies", "192.168.1.0/24 fd00::/8"},
			want: []string{"192.168.1.0/24", "fd00::/8"},
		},
		{
			name: "empty flag clears the environment",
			env:  map[string]string{"SITE_TRUSTED_PROXIES": "10.0.0.0/8"},
			args: []string{"--trusted-proxies", ""},
			want: nil,
		},
		{
			name: "bare addresses, host bits and mapped IPv4",
			args: []string{"--trusted-proxies", "127.0.0.1,::1,10.1.2.3/8,::ffff:172.16.0.0/108"},
			want: []string{"127.0.0.1/32", "::1/128", "10.0.0.0/8", "172.16.0.0/12"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(t, tt.env, tt.args...)
			if err != nil {
				t.Fatalf("Finish: %v", err)
			}
			var gotS []string
			for _, p := range got.TrustedProxies {
				gotS = append(gotS, p.String())
			}
			if d := cmp.Diff(tt.want, gotS); d != "" {
				t.Errorf("TrustedProxies mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestTrustedProxiesRefusesGarbage(t *testing.T) {
	for _, v := range []string{"10.0.0.0/33", "example.com", "10.0.0", "fe80::1%eth0", "1.2.3.4/"} {
		var p config.Prefixes
		if err := p.Set(v); err == nil {
			t.Errorf("Set(%q) = nil, want an error", v)
		}
	}
	var p config.Prefixes
	if err := p.Set("10.0.0.0/8,::1"); err != nil {
		t.Fatal(err)
	}
	var again config.Prefixes
	if err := again.Set(p.String()); err != nil || !cmp.Equal(p, again, configOpts) {
		t.Errorf("Set(String()) = %v, %v; want %v", again, err, p)
	}
}

// configOpts compare Configs for cmp.Diff: network prefixes with ==, as
// cmp cannot look into their unexported fields, and without the
// environment errors Finish keeps unexported (a Finish that returned nil
// had none).
var configOpts = cmp.Options{cmpopts.EquateComparable(netip.Prefix{}), cmpopts.IgnoreUnexported(config.Config{})}

func siteEmail(t *testing.T) string {
	t.Helper()
	c, err := sitecontent.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c.Site.Email
}

// Each mail address left empty is the site's own.
func TestMailAddressDefaults(t *testing.T) {
	got, err := parse(t, nil, "--smtp-url", "smtp://relay.example.com", "--staff-email", "ops@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if got.StaffEmail != "ops@example.com" || got.MailFrom != siteEmail(t) {
		t.Errorf("MailFrom, StaffEmail = %q, %q; want the site's e-mail, ops@example.com", got.MailFrom, got.StaffEmail)
	}
}

// A bad SMTP URL is reported without its password.
func TestSMTPURLErrorHidesPassword(t *testing.T) {
	for _, u := range []string{"http://user:s3cret@mail.example.com", "smtp://user:s3cret@mail.example.com/x", "smtp://user:s3cret@[::1"} {
		_, err := parse(t, nil, "--smtp-url", u)
		if err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("--smtp-url %q: error %v; want one without the password", u, err)
		}
	}
}

// Port 0 twice is two free ports, not the same address.
func TestMetricsAddrPortZero(t *testing.T) {
	got, err := parse(t, nil, "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0")
	if err != nil || got.MetricsAddr != "127.0.0.1:0" {
		t.Errorf("--metrics-addr 127.0.0.1:0 beside --addr 127.0.0.1:0: %q, %v; want it accepted", got.MetricsAddr, err)
	}
}
