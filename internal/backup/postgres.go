package backup

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"corpsite/internal/sitelock"
)

// The PostgreSQL client programs a backup and a restore run. They come
// with PostgreSQL (Debian: apt-get install postgresql-client); pg_dump's
// major version must be at least the server's.
var (
	backupPrograms  = []string{"pg_dump"}
	restorePrograms = []string{"pg_restore", "psql"}
)

// Postgres is the database at rawURL (a postgres:// URL as the site's
// --database-url takes it).
func Postgres(rawURL string) Database { return pgDB{url: rawURL} }

type pgDB struct{ url string }

func (p pgDB) Engine() string { return EnginePostgres }

func (p pgDB) Describe() string {
	u, err := url.Parse(p.url)
	if err != nil {
		return "PostgreSQL database"
	}
	return fmt.Sprintf("PostgreSQL database %q on %s", strings.TrimPrefix(u.Path, "/"), u.Host)
}

func (p pgDB) Preflight(restore bool) error {
	if _, _, err := libpqURL(p.url); err != nil {
		return err
	}
	progs := backupPrograms
	if restore {
		progs = restorePrograms
	}
	var missing []string
	for _, prog := range progs {
		if _, err := exec.LookPath(prog); err != nil {
			missing = append(missing, prog)
		}
	}
	if len(missing) > 0 {
		verb := "backup"
		if restore {
			verb = "restore"
		}
		return fmt.Errorf("backup: a PostgreSQL %s runs %s, and %s not on PATH: install PostgreSQL's client programs "+
			"(Debian: apt-get install postgresql-client; pg_dump must be of the server's major version or newer) "+
			"or add their folder to PATH", verb, strings.Join(progs, " and "), missingList(missing))
	}
	return nil
}

func missingList(missing []string) string {
	if len(missing) == 1 {
		return missing[0] + " is"
	}
	return strings.Join(missing, " and ") + " are"
}

// libpqParams are the URL parameters libpq itself understands. The site's
// driver (pgx) sends any other parameter, such as search_path, to the
// server as a setting; for the PostgreSQL programs those go into options.
var libpqParams = map[string]bool{
	"host": true, "hostaddr": true, "port": true, "dbname": true, "user": true, "passfile": true,
	"channel_binding": true, "connect_timeout": true, "client_encoding": true, "options": true,
	"application_name": true, "fallback_application_name": true, "keepalives": true,
	"keepalives_idle": true, "keepalives_interval": true, "keepalives_count": true,
	"tcp_user_timeout": true, "replication": true, "gssencmode": true, "sslmode": true,
	"requiressl": true, "sslcompression": true, "sslcert": true, "sslkey": true, "sslpassword": true,
	"sslrootcert": true, "sslcrl": true, "sslcrldir": true, "sslsni": true, "requirepeer": true,
	"ssl_min_protocol_version": true, "ssl_max_protocol_version": true, "krbsrvname": true,
	"gsslib": true, "service": true, "target_session_attrs": true, "load_balance_hosts": true,
}

// pgxOnlyParams are URL parameters the site's driver (pgx) or its pool
// reads itself: neither libpq nor the server knows them, so the
// PostgreSQL programs get none of them.
var pgxOnlyParams = map[string]bool{
	"default_query_exec_mode": true, "statement_cache_capacity": true, "description_cache_capacity": true,
	"krbspn": true, "servicefile": true, "min_read_buffer_size": true,
}

// libpqURL turns the site's database URL into one the PostgreSQL programs
// read, and the environment that carries its password (a password on a
// command line would show in process lists).
func libpqURL(raw string) (string, []string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		// url.Parse echoes the URL, which may hold a password: keep it out.
		return "", nil, fmt.Errorf("backup: a PostgreSQL backup or restore needs --database-url as a postgres:// URL")
	}
	var env []string
	if u.User != nil {
		if pw, ok := u.User.Password(); ok {
			env = append(env, "PGPASSWORD="+pw)
			u.User = url.User(u.User.Username())
		}
	}
	q := u.Query()
	// A password given as a parameter goes to the environment too.
	if pw := q.Get("password"); pw != "" {
		env = append(env, "PGPASSWORD="+pw)
	}
	q.Del("password")
	for k := range q {
		if pgxOnlyParams[k] || strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	var opts []string
	if o := q.Get("options"); o != "" {
		opts = append(opts, o)
	}
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if libpqParams[k] {
			continue
		}
		v := strings.NewReplacer(`\`, `\\`, " ", `\ `).Replace(q.Get(k))
		opts = append(opts, "-c "+k+"="+v)
		q.Del(k)
	}
	if len(opts) > 0 {
		q.Set("options", strings.Join(opts, " "))
	}
	// libpq decodes %XX only, not '+', so spaces are written %20.
	var enc []string
	for _, k := range slices.Sorted(maps.Keys(q)) {
		for _, v := range q[k] {
			enc = append(enc, escape(k)+"="+escape(v))
		}
	}
	u.RawQuery = strings.Join(enc, "&")
	return u.String(), env, nil
}

// escape escapes a URL query's key or value for libpq.
func escape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// run runs a PostgreSQL program with the environment of the URL; its
// error carries the end of what the program wrote to stderr.
func run(ctx context.Context, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr tailBuffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("backup: %s: %w%s", name, err, stderr.suffix())
	}
	return nil
}

// tailBuffer keeps the last 4 KB written to it.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = t.b[len(t.b)-4096:]
	}
	return len(p), nil
}

func (t *tailBuffer) suffix() string {
	s := strings.TrimSpace(string(t.b))
	if s == "" {
		return ""
	}
	return ": " + s
}

// connect opens one connection with the site's own driver.
func (p pgDB) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return nil, fmt.Errorf("backup: connect to %s: %w", p.Describe(), err)
	}
	return conn, nil
}

// pgTables returns the tables of schema.
func pgTables(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, schema string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, schema)
	if err != nil {
		return nil, fmt.Errorf("backup: list tables: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("backup: list tables: %w", err)
	}
	return names, nil
}

// snapshot runs pg_dump on a snapshot exported by a read-only
// transaction, which counts the rows of the same snapshot.
func (p pgDB) snapshot(ctx context.Context, dir string) (string, map[string]int64, string, error) {
	conn, err := p.connect(ctx)
	if err != nil {
		return "", nil, "", err
	}
	defer conn.Close(context.Background())
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return "", nil, "", fmt.Errorf("backup: %w", err)
	}
	defer tx.Rollback(context.Background())
	var schema *string
	var snap string
	if err := tx.QueryRow(ctx, `SELECT current_schema(), pg_export_snapshot()`).Scan(&schema, &snap); err != nil {
		return "", nil, "", fmt.Errorf("backup: %w", err)
	}
	if schema == nil {
		return "", nil, "", fmt.Errorf("backup: no schema of the connection's search_path exists in %s: nothing to back up", p.Describe())
	}
	names, err := pgTables(ctx, tx, *schema)
	if err != nil {
		return "", nil, "", err
	}
	if len(names) == 0 {
		return "", nil, "", fmt.Errorf("backup: schema %q of %s has no tables (is --database-url right?)", *schema, p.Describe())
	}
	counts := make(map[string]int64, len(names))
	for _, n := range names {
		var c int64
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{*schema, n}.Sanitize()).Scan(&c); err != nil {
			return "", nil, "", fmt.Errorf("backup: count %s: %w", n, err)
		}
		counts[n] = c
	}
	conninfo, env, err := libpqURL(p.url)
	if err != nil {
		return "", nil, "", err
	}
	out := filepath.Join(dir, databaseMember(EnginePostgres))
	// Custom format (compressed, read by pg_restore); no owners or
	// grants, so that another user can restore it.
	if err := run(ctx, env, "pg_dump", "--format=custom", "--no-owner", "--no-privileges",
		"--schema="+quoteIdent(*schema), "--snapshot="+snap, "--file="+out, "--dbname="+conninfo); err != nil {
		return "", nil, "", err
	}
	if err := os.Chmod(out, memberMode); err != nil {
		return "", nil, "", fmt.Errorf("backup: %w", err)
	}
	return out, counts, *schema, nil
}

func (p pgDB) tablesWithRows(ctx context.Context, m *Manifest) ([]string, error) {
	conn, err := p.connect(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.Background())
	// The schema a serving site locks (see internal/sitelock).
	schema, err := sitelock.Schema(ctx, conn)
	if err != nil {
		return nil, err
	}
	if schema != m.Schema {
		return nil, fmt.Errorf("backup: the archive holds schema %q, but the target's tables would go into schema %q: "+
			"restore into a database whose search_path starts with %q (URL parameter search_path=%s)", m.Schema, schema, m.Schema, m.Schema)
	}
	names, err := pgTables(ctx, conn, schema)
	if err != nil {
		return nil, err
	}
	var full []string
	for _, n := range names {
		if bookkeeping[n] {
			continue
		}
		var any bool
		if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{schema, n}.Sanitize()+`)`).Scan(&any); err != nil {
			return nil, fmt.Errorf("backup: read %s: %w", n, err)
		}
		if any {
			full = append(full, n)
		}
	}
	return full, nil
}

// stage makes the copy in a private temporary folder.
func (p pgDB) stage() (*os.File, error) {
	dir, err := os.MkdirTemp("", "site-restore-*")
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, databaseMember(EnginePostgres)), os.O_RDWR|os.O_CREATE|os.O_EXCL, memberMode)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("backup: %w", err)
	}
	return f, nil
}

func (p pgDB) unstage(path string) { os.RemoveAll(filepath.Dir(path)) }

// validate has pg_restore read the dump's table of contents.
func (p pgDB) validate(ctx context.Context, path string) error {
	if err := run(ctx, nil, "pg_restore", "--list", "--file="+os.DevNull, path); err != nil {
		return fmt.Errorf("%w (%w)", ErrCorrupt, err)
	}
	return nil
}

// install drops what the target's schema holds and restores the dump, in
// one transaction: pg_restore writes the dump as SQL, psql runs it after
// the drops, and any error rolls everything back.
func (p pgDB) install(ctx context.Context, path string, m *Manifest) error {
	drops, err := p.drops(ctx, m.Schema)
	if err != nil {
		return err
	}
	conninfo, env, err := libpqURL(p.url)
	if err != nil {
		return err
	}
	prelude := filepath.Join(filepath.Dir(path), "prelude.sql")
	if err := os.WriteFile(prelude, []byte(drops), memberMode); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	// pg_restore writes the whole dump as SQL first; psql runs it only
	// once that finished (fed through a pipe, psql would take an input cut
	// short by a failing pg_restore as complete, and commit it).
	script := filepath.Join(filepath.Dir(path), "restore.sql")
	defer os.Remove(script)
	if err := run(ctx, nil, "pg_restore", "--no-owner", "--no-privileges", "--schema="+m.Schema, "--file="+script, path); err != nil {
		return fmt.Errorf("backup: pg_restore (nothing was restored): %w", err)
	}
	if err := os.Chmod(script, memberMode); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	psql := exec.CommandContext(ctx, "psql", "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction",
		"--dbname="+conninfo, "--file="+prelude, "--file="+script)
	psql.Env = append(os.Environ(), env...)
	var psqlOut, psqlErr tailBuffer
	psql.Stdout, psql.Stderr = &psqlOut, &psqlErr
	if err := psql.Run(); err != nil {
		return fmt.Errorf("backup: psql (nothing was restored; the transaction rolled back): %w%s", err, psqlErr.suffix())
	}
	return nil
}

// quoteIdent writes a name as pg_dump's --schema reads it literally: a
// pattern in double quotes matches exactly that name (case, dots and
// wildcards included).
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// drops returns the SQL that empties schema of the relations a restore
// would collide with (creating the schema if it is missing).
func (p pgDB) drops(ctx context.Context, schema string) (string, error) {
	conn, err := p.connect(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(ctx, `
		SELECT c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		ORDER BY c.relname`, schema)
	if err != nil {
		return "", fmt.Errorf("backup: list relations: %w", err)
	}
	type rel struct{ name, kind string }
	rels, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (rel, error) {
		var x rel
		err := r.Scan(&x.name, &x.kind)
		return x, err
	})
	if err != nil {
		return "", fmt.Errorf("backup: list relations: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("SET client_min_messages = warning;\n")
	fmt.Fprintf(&b, "CREATE SCHEMA IF NOT EXISTS %s;\n", pgx.Identifier{schema}.Sanitize())
	// Views first, sequences last: a table's drop takes its own sequences.
	for _, k := range []struct{ kind, what string }{
		{"v", "VIEW"}, {"m", "MATERIALIZED VIEW"}, {"f", "FOREIGN TABLE"}, {"p", "TABLE"}, {"r", "TABLE"}, {"S", "SEQUENCE"},
	} {
		for _, r := range rels {
			if r.kind == k.kind {
				fmt.Fprintf(&b, "DROP %s IF EXISTS %s CASCADE;\n", k.what, pgx.Identifier{schema, r.name}.Sanitize())
			}
		}
	}
	return b.String(), nil
}
