package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Engines, as the manifest names them.
const (
	EngineSQLite   = "sqlite"
	EnginePostgres = "postgres"
)

// Database is the database side of a backup or a restore: SQLite or
// PostgreSQL.
type Database interface {
	// Engine is EngineSQLite or EnginePostgres.
	Engine() string
	// Describe names the database for messages, without credentials.
	Describe() string
	// Preflight checks, before anything is read or written, that what
	// the engine needs is there (PostgreSQL's programs on PATH).
	Preflight(restore bool) error

	// snapshot writes a consistent copy of the database into the
	// private folder dir and returns its path, the row count of each
	// table and, for PostgreSQL, the schema copied.
	snapshot(ctx context.Context, dir string) (path string, tables map[string]int64, schema string, err error)
	// tablesWithRows names the target's tables that hold rows, leaving
	// out the migrations' bookkeeping; it fails if m cannot be restored
	// into the target at all.
	tablesWithRows(ctx context.Context, m *Manifest) ([]string, error)
	// stage returns a new private file to write the database member to.
	stage() (*os.File, error)
	// unstage removes what stage made.
	unstage(path string)
	// validate checks the staged copy before anything is installed.
	validate(ctx context.Context, path string) error
	// install replaces the target's database with the staged copy.
	install(ctx context.Context, path string, m *Manifest) error
}

// bookkeeping are tables that a freshly migrated, empty database already
// has rows in: the migrations' own, and the default lists of job
// locations and departments (migration 0017).
var bookkeeping = map[string]bool{
	"schema_migrations": true, "content_version": true, "sqlite_sequence": true,
	"job_locations": true, "job_location_keys": true, "job_departments": true,
}

// SQLite is the database file at path (the data folder's site.db).
func SQLite(path string) Database { return sqliteDB{path: path} }

type sqliteDB struct{ path string }

func (s sqliteDB) Engine() string       { return EngineSQLite }
func (s sqliteDB) Describe() string     { return "SQLite database " + s.path }
func (s sqliteDB) Preflight(bool) error { return nil }

// openSQLite opens the database file at path for reading only; it must
// exist (the driver would otherwise create it).
func openSQLite(ctx context.Context, path string) (*sql.DB, error) {
	return openSQLiteMode(ctx, path, "&_query_only=1")
}

// openSQLiteMode is openSQLite with more DSN parameters: VACUUM INTO
// counts as a write for query_only, although it writes only its copy.
func openSQLiteMode(ctx context.Context, path, params string) (*sql.DB, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("backup: SQLite path %q must not contain '?' or '#'", path)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	db, err := sql.Open("sqlite", path+"?_busy_timeout=10000"+params)
	if err != nil {
		return nil, fmt.Errorf("backup: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("backup: open %s: %w", path, err)
	}
	return db, nil
}

func (s sqliteDB) snapshot(ctx context.Context, dir string) (string, map[string]int64, string, error) {
	if _, err := os.Stat(s.path); errors.Is(err, fs.ErrNotExist) {
		return "", nil, "", fmt.Errorf("backup: there is no SQLite database at %s (is --data-dir right?)", s.path)
	}
	db, err := openSQLiteMode(ctx, s.path, "")
	if err != nil {
		return "", nil, "", err
	}
	defer db.Close()
	out := filepath.Join(dir, databaseMember(EngineSQLite))
	// VACUUM INTO copies the database as one read transaction sees it,
	// while the site goes on writing.
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return "", nil, "", fmt.Errorf("backup: copy %s: %w", s.path, err)
	}
	if err := os.Chmod(out, memberMode); err != nil {
		return "", nil, "", fmt.Errorf("backup: %w", err)
	}
	tables, err := sqliteCounts(ctx, out)
	if err != nil {
		return "", nil, "", err
	}
	return out, tables, "", nil
}

// sqliteTables returns the names of the tables in db.
func sqliteTables(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("backup: list tables: %w", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("backup: list tables: %w", err)
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

// sqliteQuote quotes an identifier.
func sqliteQuote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// sqliteCounts returns the row count of every table of the file at path.
func sqliteCounts(ctx context.Context, path string) (map[string]int64, error) {
	db, err := openSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	names, err := sqliteTables(ctx, db)
	if err != nil {
		return nil, err
	}
	counts := make(map[string]int64, len(names))
	for _, n := range names {
		var c int64
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+sqliteQuote(n)).Scan(&c); err != nil {
			return nil, fmt.Errorf("backup: count %s: %w", n, err)
		}
		counts[n] = c
	}
	return counts, nil
}

func (s sqliteDB) tablesWithRows(ctx context.Context, _ *Manifest) ([]string, error) {
	fi, err := os.Stat(s.path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && fi.Size() == 0) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	db, err := openSQLite(ctx, s.path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	names, err := sqliteTables(ctx, db)
	if err != nil {
		return nil, err
	}
	var full []string
	for _, n := range names {
		if bookkeeping[n] {
			continue
		}
		var any bool
		if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+sqliteQuote(n)+`)`).Scan(&any); err != nil {
			return nil, fmt.Errorf("backup: read %s: %w", n, err)
		}
		if any {
			full = append(full, n)
		}
	}
	return full, nil
}

// stage makes the copy in the database's own folder, so that installing
// it is a rename.
func (s sqliteDB) stage() (*os.File, error) {
	f, err := os.CreateTemp(filepath.Dir(s.path), "."+filepath.Base(s.path)+".restore-*")
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if err := f.Chmod(memberMode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("backup: %w", err)
	}
	return f, nil
}

func (s sqliteDB) unstage(path string) {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		os.Remove(p)
	}
}

func (s sqliteDB) validate(ctx context.Context, path string) error {
	db, err := openSQLite(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("backup: check the database copy: %w", err)
	}
	if res != "ok" {
		return corrupt("the database copy fails SQLite's integrity check: %s", shorten(res))
	}
	return nil
}

// install renames the copy over the database file. The old database's
// write-ahead log and shared memory go first: left beside the new file,
// SQLite would apply the old log to it. The log is checkpointed into the
// old database before, so that if the rename fails the old database is
// whole (no site has it open: the restore holds the site's lock).
func (s sqliteDB) install(ctx context.Context, path string, _ *Manifest) error {
	if _, err := os.Stat(s.path); err == nil {
		db, err := openSQLiteMode(ctx, s.path, "")
		if err != nil {
			return err
		}
		_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
		db.Close()
		if err != nil {
			return fmt.Errorf("backup: checkpoint %s: %w", s.path, err)
		}
	}
	for _, p := range []string{path + "-wal", path + "-shm", s.path + "-wal", s.path + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("backup: %w", err)
		}
	}
	if err := os.Rename(path, s.path); err != nil {
		return fmt.Errorf("backup: put the database in place: %w", err)
	}
	syncDir(filepath.Dir(s.path))
	return nil
}

// syncDir makes a rename in dir durable, as far as the platform allows.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
