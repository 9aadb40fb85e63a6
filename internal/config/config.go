// Package config holds the one configuration struct of the binary, filled
// once from flags and matching environment variables and passed down.
// Only internal/cli (and cmd/bench) fills it; other packages take the
// fields they need.
package config

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/sitecontent"
)

// Config is every setting of the site binary.
type Config struct {
	// Addr is the address to listen on (SITE_ADDR).
	Addr string
	// DataDir holds the SQLite database and local files (SITE_DATA_DIR).
	DataDir string
	// DatabaseURL selects the database (SITE_DATABASE_URL): empty for SQLite
	// in DataDir, or a postgres:// URL.
	DatabaseURL string
	// FilesURL selects private file storage (SITE_FILES_URL): empty for a
	// folder in DataDir, file:///path, or s3://bucket?endpoint=…&region=….
	FilesURL string
	// BaseURL is the public origin used in canonical links, sitemaps and
	// e-mails (SITE_BASE_URL), without a trailing slash.
	BaseURL string
	// RenderWorkers is the number of JavaScript engines rendering pages at
	// once (SITE_RENDER_WORKERS); 0 = number of CPUs.
	RenderWorkers int
	// ShutdownTimeout bounds how long in-flight requests may take to finish
	// after SIGTERM/SIGINT (SITE_SHUTDOWN_TIMEOUT).
	ShutdownTimeout time.Duration
	// LogLevel is debug, info, warn or error (SITE_LOG_LEVEL).
	LogLevel string
	// TrustedProxies are the networks of reverse proxies whose
	// X-Forwarded-For header names the client (SITE_TRUSTED_PROXIES).
	// Empty: the connection's peer is the client and the header is ignored.
	TrustedProxies Prefixes
	// SMTPURL is the mail server (SITE_SMTP_URL): smtp://user:pass@host:587
	// (STARTTLS) or smtps://user:pass@host:465 (TLS). Empty: mail is
	// written as .eml files under DataDir/mail. It holds a password: never
	// log it.
	SMTPURL string
	// MailFrom is the sender of the site's e-mail (SITE_MAIL_FROM), an
	// address possibly with a name; empty means the site's e-mail address
	// from content/site.json.
	MailFrom string
	// StaffEmail receives staff notifications such as new contact
	// messages (SITE_STAFF_EMAIL); empty means the site's e-mail address.
	StaffEmail string
	// RetentionDays is how long job applications and their documents are
	// kept before they are deleted (SITE_RETENTION_DAYS); the privacy page
	// states it.
	RetentionDays int
	// IDDocumentRetentionDays is how long applicants' national-ID
	// documents are kept (SITE_ID_DOCUMENT_RETENTION_DAYS), at most
	// RetentionDays; 0 means RetentionDays. The rest of an application
	// stays until RetentionDays.
	IDDocumentRetentionDays int
	// DataKey seals applicants' national ID numbers (SITE_DATA_KEY):
	// "id:base64key[,id:base64key…]", 32-byte keys, the first sealing and
	// the others (older ones, after a rotation) only opening. Empty: the
	// key file DataDir/data.key, created on first start. Every instance
	// sharing a database must have the same keys. It is a secret: never
	// log it.
	DataKey string
	// StaffIdleTimeout ends a staff console session nobody used for this
	// long (SITE_STAFF_IDLE_TIMEOUT); between MinStaffIdleTimeout and
	// MaxStaffIdleTimeout (the absolute 12-hour end of a session); 0 =
	// DefaultStaffIdleTimeout.
	StaffIdleTimeout time.Duration
	// MetricsAddr is the address of the listener serving /metrics in
	// Prometheus' text format (SITE_METRICS_ADDR), apart from the site's
	// own so that it is not public: keep it private (127.0.0.1:9090, or
	// a network only the monitoring reaches). Empty: no metrics.
	MetricsAddr string

	// envErrs holds environment values that did not parse; Finish reports them.
	envErrs []error
}

// DefaultStaffIdleTimeout, MinStaffIdleTimeout and MaxStaffIdleTimeout
// bound --staff-idle-timeout. The maximum is a session's absolute length
// (auth.SessionMax): a longer idle limit would never apply.
const (
	DefaultStaffIdleTimeout = 30 * time.Minute
	MinStaffIdleTimeout     = 5 * time.Second
	MaxStaffIdleTimeout     = 12 * time.Hour
)

// Register defines the flags of c on fs with defaults taken from the
// environment where set.
func (c *Config) Register(fs *flag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", env("SITE_ADDR", "127.0.0.1:8080"), "listen address (env SITE_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env("SITE_DATA_DIR", "./data"), "folder for the SQLite database and local files (env SITE_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("SITE_DATABASE_URL", ""), "empty = SQLite in the data folder; postgres://… = PostgreSQL (env SITE_DATABASE_URL)")
	fs.StringVar(&c.FilesURL, "files-url", env("SITE_FILES_URL", ""), "empty = folder in the data folder; s3://bucket?endpoint=…&region=… = S3-compatible (env SITE_FILES_URL)")
	fs.StringVar(&c.BaseURL, "base-url", env("SITE_BASE_URL", ""), "public base URL for canonical links; empty = http://{addr} (env SITE_BASE_URL)")
	fs.IntVar(&c.RenderWorkers, "render-workers", c.envInt("SITE_RENDER_WORKERS", 0), "JavaScript engines rendering at once; 0 = CPUs (env SITE_RENDER_WORKERS)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", c.envDuration("SITE_SHUTDOWN_TIMEOUT", 20*time.Second), "time allowed for in-flight requests at shutdown (env SITE_SHUTDOWN_TIMEOUT)")
	fs.StringVar(&c.LogLevel, "log-level", env("SITE_LOG_LEVEL", "info"), "debug, info, warn or error (env SITE_LOG_LEVEL)")
	if v, ok := os.LookupEnv("SITE_TRUSTED_PROXIES"); ok {
		if err := c.TrustedProxies.Set(v); err != nil {
			c.envErrs = append(c.envErrs, fmt.Errorf("config: SITE_TRUSTED_PROXIES: %w", err))
		}
	}
	// The URL may hold the mail server's password: a secret, so that
	// -help never prints what the environment set.
	c.SMTPURL = env("SITE_SMTP_URL", "")
	fs.Var(secret{&c.SMTPURL}, "smtp-url", "smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; empty = .eml files in {data-dir}/mail (env SITE_SMTP_URL)")
	fs.StringVar(&c.MailFrom, "mail-from", env("SITE_MAIL_FROM", ""), "sender address of the site's e-mail; empty = the site's e-mail in content/site.json (env SITE_MAIL_FROM)")
	fs.IntVar(&c.RetentionDays, "retention-days", c.envInt("SITE_RETENTION_DAYS", domain.DefaultRetentionDays), "days job applications and their documents are kept before they are deleted (env SITE_RETENTION_DAYS)")
	fs.IntVar(&c.IDDocumentRetentionDays, "id-document-retention-days", c.envInt("SITE_ID_DOCUMENT_RETENTION_DAYS", 0), "days national-ID documents are kept, at most --retention-days; 0 = --retention-days (env SITE_ID_DOCUMENT_RETENTION_DAYS)")
	c.DataKey = env("SITE_DATA_KEY", "")
	fs.Var(secret{&c.DataKey}, "data-key", "keys sealing national ID numbers, id:base64key[,older-id:base64key…] (32-byte keys: openssl rand -base64 32); "+
		"empty = {data-dir}/data.key, created on first start. Several instances on one PostgreSQL database must all be given the same keys: set it (or copy one data.key) on each. "+
		"Prefer the environment variable: flags show in process lists (env SITE_DATA_KEY)")
	fs.StringVar(&c.StaffEmail, "staff-email", env("SITE_STAFF_EMAIL", ""), "address that gets staff notifications; empty = the site's e-mail in content/site.json (env SITE_STAFF_EMAIL)")
	fs.DurationVar(&c.StaffIdleTimeout, "staff-idle-timeout", c.envDuration("SITE_STAFF_IDLE_TIMEOUT", DefaultStaffIdleTimeout),
		"staff console sessions unused this long end, e.g. 30m; 5s to 12h, 0 = 30m (env SITE_STAFF_IDLE_TIMEOUT)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", env("SITE_METRICS_ADDR", ""), "listen address of /metrics (Prometheus), e.g. 127.0.0.1:9090; keep it private; empty = no metrics (env SITE_METRICS_ADDR)")
	fs.Var(&c.TrustedProxies, "trusted-proxies", "comma-separated networks (CIDR) of reverse proxies whose X-Forwarded-For is believed; empty = none (env SITE_TRUSTED_PROXIES)")
}

// Finish checks c and fills derived defaults. Call it after parsing.
func (c *Config) Finish() error {
	if len(c.envErrs) > 0 {
		return errors.Join(c.envErrs...)
	}
	if c.RetentionDays == 0 {
		c.RetentionDays = domain.DefaultRetentionDays
	}
	if c.RetentionDays < 1 || c.RetentionDays > domain.MaxRetentionDays {
		return fmt.Errorf("config: --retention-days must be between 1 and %d", domain.MaxRetentionDays)
	}
	if c.IDDocumentRetentionDays == 0 {
		c.IDDocumentRetentionDays = c.RetentionDays
	}
	if c.IDDocumentRetentionDays < 1 || c.IDDocumentRetentionDays > c.RetentionDays {
		return fmt.Errorf("config: --id-document-retention-days must be between 1 and --retention-days (%d)", c.RetentionDays)
	}
	if c.DataKey != "" {
		// idcrypt's errors name the entry and its ID, never key material.
		if _, err := idcrypt.ParseKeys(c.DataKey); err != nil {
			return fmt.Errorf("config: --data-key: %w", err)
		}
	}
	if c.StaffIdleTimeout == 0 {
		c.StaffIdleTimeout = DefaultStaffIdleTimeout
	}
	if c.StaffIdleTimeout < MinStaffIdleTimeout || c.StaffIdleTimeout > MaxStaffIdleTimeout {
		return fmt.Errorf("config: --staff-idle-timeout must be between %s and %s, such as 30m", MinStaffIdleTimeout, MaxStaffIdleTimeout)
	}
	if c.RenderWorkers < 0 {
		return fmt.Errorf("config: --render-workers must not be negative")
	}
	if c.DataDir == "" {
		return fmt.Errorf("config: --data-dir must not be empty")
	}
	if c.MetricsAddr != "" {
		_, port, err := net.SplitHostPort(c.MetricsAddr)
		if err != nil {
			return fmt.Errorf("config: --metrics-addr %q must be host:port, such as 127.0.0.1:9090", c.MetricsAddr)
		}
		if c.MetricsAddr == c.Addr && port != "0" { // port 0: any free port, each its own
			return fmt.Errorf("config: --metrics-addr must differ from --addr: metrics are served apart from the site")
		}
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + browsableAddr(c.Addr)
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("config: --base-url %q must be an absolute http(s) URL", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return fmt.Errorf("config: --database-url must be empty (SQLite) or a postgres:// URL")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("config: --log-level %q: want debug, info, warn or error", c.LogLevel)
	}
	return c.finishMail()
}

// finishMail checks the mail settings and fills the addresses left empty
// with the site's own.
func (c *Config) finishMail() error {
	if c.SMTPURL != "" {
		// The URL holds a password: errors describe it, never repeat it.
		u, err := url.Parse(c.SMTPURL)
		switch {
		case err != nil:
			return fmt.Errorf("config: --smtp-url does not parse as a URL")
		case u.Scheme != "smtp" && u.Scheme != "smtps":
			return fmt.Errorf("config: --smtp-url must start with smtp:// (STARTTLS) or smtps:// (TLS)")
		case u.Hostname() == "":
			return fmt.Errorf("config: --smtp-url has no host")
		case u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "":
			return fmt.Errorf("config: --smtp-url must be scheme://[user:password@]host[:port], nothing after")
		}
	}
	if c.MailFrom == "" || c.StaffEmail == "" {
		content, err := sitecontent.Load()
		if err != nil {
			return fmt.Errorf("config: default mail addresses: %w", err)
		}
		c.MailFrom = cmp.Or(c.MailFrom, content.Site.Email)
		c.StaffEmail = cmp.Or(c.StaffEmail, content.Site.Email)
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		return fmt.Errorf("config: --mail-from %q is not an e-mail address", c.MailFrom)
	}
	if a, err := mail.ParseAddress(c.StaffEmail); err != nil || a.Name != "" || a.Address != c.StaffEmail {
		return fmt.Errorf("config: --staff-email %q must be one plain e-mail address", c.StaffEmail)
	}
	return nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

// browsableAddr turns a listen address into one a browser can open: a
// wildcard or empty host becomes localhost.
func browsableAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	switch host {
	case "", "0.0.0.0", "::":
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func (c *Config) envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		c.envErrs = append(c.envErrs, fmt.Errorf("config: %s=%q is not a whole number", key, v))
		return def
	}
	return n
}

func (c *Config) envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(strings.TrimSpace(v))
	if err != nil {
		c.envErrs = append(c.envErrs, fmt.Errorf("config: %s=%q is not a duration such as 20s", key, v))
		return def
	}
	return d
}

// secret is a string flag whose value -help never prints (a default
// taken from the environment would otherwise be shown).
type secret struct{ p *string }

func (s secret) String() string { return "" }

func (s secret) Set(v string) error { *s.p = v; return nil }

// Prefixes is a list of IP networks given as a flag: comma- or
// space-separated CIDR prefixes such as "10.0.0.0/8, ::1/128". A bare
// address stands for itself alone (/32 or /128).
type Prefixes []netip.Prefix

// String returns the networks comma-separated, as Set accepts them.
func (p *Prefixes) String() string {
	if p == nil {
		return ""
	}
	parts := make([]string, len(*p))
	for i, n := range *p {
		parts[i] = n.String()
	}
	return strings.Join(parts, ",")
}

// Set replaces the list with the networks in s. An empty s clears it.
func (p *Prefixes) Set(s string) error {
	var out Prefixes
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		var n netip.Prefix
		var err error
		if strings.Contains(f, "/") {
			n, err = netip.ParsePrefix(f)
		} else {
			var a netip.Addr
			if a, err = netip.ParseAddr(f); err == nil && a.Zone() == "" {
				n = netip.PrefixFrom(a, a.BitLen())
			}
		}
		if err != nil || !n.IsValid() {
			return fmt.Errorf("%q is not a network such as 10.0.0.0/8 or an address", f)
		}
		// An IPv4 network written in IPv6 form (::ffff:10.0.0.0/104) is
		// compared with IPv4 peers, which are never in mapped form.
		if n.Addr().Is4In6() && n.Bits() >= 96 {
			n = netip.PrefixFrom(n.Addr().Unmap(), n.Bits()-96)
		}
		out = append(out, n.Masked())
	}
	*p = out
	return nil
}
