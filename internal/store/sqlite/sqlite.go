// Package sqlite is the SQLite implementation of domain.Store, using the
// pure-Go driver modernc.org/sqlite. The database runs in WAL mode with
// one writer connection (write transactions begin IMMEDIATE, so they
// queue instead of failing) and a pool of read-only connections. Only
// internal/app imports it (tests elsewhere use it as a real store);
// everything else depends on domain.Store.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver

	"corpsite/internal/store/migrate"
	"corpsite/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// timeLayout is how timestamps are stored: fixed width, so that text order
// is time order.
const timeLayout = "2006-01-02T15:04:05.000000Z07:00"

// dsnWrite and dsnRead are appended to the file name, after the busy
// timeout (see Options).
const (
	dsnCommon = "&_foreign_keys=1"
	dsnWrite  = dsnCommon + "&_journal_mode=WAL&_synchronous=NORMAL&_txlock=immediate"
	dsnRead   = dsnCommon + "&_query_only=1"
)

// BusyTimeout is how long a statement waits for a lock held by another
// connection (a checkpoint, or another process writing) before it fails
// as busy (domain.EBusy).
const BusyTimeout = 5 * time.Second

// Options tune Open.
type Options struct {
	// BusyTimeout replaces the package's BusyTimeout when positive
	// (tests use a short one).
	BusyTimeout time.Duration
}

// Store is a domain.Store kept in one SQLite database file.
type Store struct {
	*sqlstore.Store
	writer *sql.DB
}

// Open opens (creating if needed) the database file at path. It does not
// migrate: call Migrate before first use. The caller closes the Store.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Options{})
}

// OpenWith is Open with o.
func OpenWith(ctx context.Context, path string, o Options) (*Store, error) {
	if o.BusyTimeout <= 0 {
		o.BusyTimeout = BusyTimeout
	}
	busy := "_busy_timeout=" + strconv.FormatInt(max(o.BusyTimeout.Milliseconds(), 1), 10)
	// The writer and the readers must share one file: no URIs, no
	// ":memory:" (each connection would get its own database).
	if path == "" || path == ":memory:" || strings.ContainsAny(path, "?#") || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("sqlite: Open: path must be a plain file name without '?' or '#'")
	}
	if err := privateFiles(path); err != nil {
		return nil, err
	}
	// The writer opens first: it switches the file to WAL before any
	// reader connects.
	writer, err := sql.Open("sqlite", path+"?"+busy+dsnWrite)
	if err != nil {
		return nil, fmt.Errorf("sqlite: Open: %w", err)
	}
	writer.SetMaxOpenConns(1)
	writer.SetMaxIdleConns(1)
	writer.SetConnMaxLifetime(0)
	writer.SetConnMaxIdleTime(0)
	if err := writer.PingContext(ctx); err != nil {
		writer.Close()
		return nil, fmt.Errorf("sqlite: Open: %w", err)
	}

	reader, err := sql.Open("sqlite", path+"?"+busy+dsnRead)
	if err != nil {
		writer.Close()
		return nil, fmt.Errorf("sqlite: Open: %w", err)
	}
	n := max(4, runtime.NumCPU())
	reader.SetMaxOpenConns(n)
	reader.SetMaxIdleConns(n)
	if err := reader.PingContext(ctx); err != nil {
		reader.Close()
		writer.Close()
		return nil, fmt.Errorf("sqlite: Open: %w", err)
	}

	d := sqlstore.Dialect{
		Name:        "sqlite",
		Placeholder: migrate.Question,
		Time:        func(t time.Time) any { return t.Format(timeLayout) },
		ForUpdate:   "", // IMMEDIATE transactions already exclude other writers
		SkipLocked:  "", // and so do claims: there is one writer
		Busy:        isBusy,
	}
	return &Store{Store: sqlstore.New(d, reader, writer), writer: writer}, nil
}

// isBusy reports SQLite's "database is busy" and "database table is
// locked" (primary codes 5 and 6, whatever their extended code): another
// connection held a lock past the busy timeout.
func isBusy(err error) bool {
	const sqliteBusy, sqliteLocked = 5, 6
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqliteBusy || code == sqliteLocked
}

// filePerm is the mode of the database file: it holds visitors' messages
// and staff accounts, so only the site's own user may read it.
const filePerm = 0o600

// privateFiles creates the database file at path readable by its owner
// alone, or makes an existing one (and its WAL and shared-memory files) so.
// SQLite gives the files it creates later the database file's mode.
func privateFiles(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, filePerm)
	if err != nil {
		return fmt.Errorf("sqlite: Open: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sqlite: Open: %w", err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, filePerm); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sqlite: Open: make %s private: %w", filepath.Base(p), err)
		}
	}
	return nil
}

// Migrate brings the schema up to date. It is safe to call on every start.
func (s *Store) Migrate(ctx context.Context) error {
	files, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return fmt.Errorf("sqlite: Migrate: %w", err)
	}
	if err := migrate.Up(ctx, s.writer, files, migrate.Options{Placeholder: migrate.Question}); err != nil {
		return fmt.Errorf("sqlite: Migrate: %w", err)
	}
	return nil
}
