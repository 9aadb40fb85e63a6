// Package sitelock is the lock on a site's data that every process serving
// the site holds, shared, for as long as it runs, and that `site restore`
// takes alone: a restore refuses to write under a running site, and a site
// refuses to start in the middle of a restore.
//
// With SQLite it is an advisory file lock (flock) on site.lock in the data
// folder. With PostgreSQL it is a session-level advisory lock of the
// database, on a connection of its own, keyed by the schema the site's
// tables are in (so that sites in other schemas of the same database are
// not concerned); it needs a connection that stays the same session (not
// a pooler in transaction mode). A lock goes with the process that holds
// it, even one killed. The wiring (internal/app, internal/cli) uses it.
package sitelock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// FileName is the lock file in the data folder (SQLite).
const FileName = "site.lock"

// Errors of a lock held by another process.
var (
	// ErrServing: a site serves from the data (or a restore runs).
	ErrServing = errors.New("sitelock: a site is serving from this data")
	// ErrRestoring: a restore is writing the data.
	ErrRestoring = errors.New("sitelock: a restore is writing this data")
)

// Lock is a lock held; Release lets it go.
type Lock struct {
	release func()
}

// Release lets the lock go. It may be called more than once.
func (l *Lock) Release() {
	if l != nil && l.release != nil {
		l.release()
		l.release = nil
	}
}

// Serve takes the lock shared, for a site about to serve the data of
// dataDir, or of databaseURL when it is not "" (PostgreSQL). It fails
// with ErrRestoring while a restore holds the lock.
func Serve(ctx context.Context, dataDir, databaseURL string) (*Lock, error) {
	l, err := take(ctx, dataDir, databaseURL, false)
	if errors.Is(err, errHeld) {
		return nil, fmt.Errorf("%w (%s): start the site once it has finished", ErrRestoring, where(dataDir, databaseURL))
	}
	return l, err
}

// Restore takes the lock alone, for a restore into the data of dataDir,
// or of databaseURL when it is not "" (PostgreSQL). It fails with
// ErrServing while a site holds it (or another restore).
func Restore(ctx context.Context, dataDir, databaseURL string) (*Lock, error) {
	l, err := take(ctx, dataDir, databaseURL, true)
	if errors.Is(err, errHeld) {
		return nil, fmt.Errorf("%w (%s), or another restore is: stop every instance of the site first", ErrServing, where(dataDir, databaseURL))
	}
	return l, err
}

// errHeld is a lock that another process holds.
var errHeld = errors.New("sitelock: held")

func take(ctx context.Context, dataDir, databaseURL string, exclusive bool) (*Lock, error) {
	if databaseURL != "" {
		return pgLock(ctx, databaseURL, exclusive)
	}
	return fileLock(filepath.Join(dataDir, FileName), exclusive)
}

// where says what the lock is on, for messages (without credentials).
func where(dataDir, databaseURL string) string {
	if databaseURL != "" {
		return "it holds the PostgreSQL advisory lock of the site's schema"
	}
	return "it holds " + filepath.Join(dataDir, FileName)
}

// lockClass is the first key of the PostgreSQL advisory lock ("SITE");
// the second is the hash of the schema's name.
const lockClass int32 = 0x53495445

func pgLock(ctx context.Context, databaseURL string, exclusive bool) (*Lock, error) {
	conn, err := pgx.Connect(ctx, databaseURL)
	if err != nil {
		return nil, fmt.Errorf("sitelock: connect to the database: %w", err)
	}
	schema, err := Schema(ctx, conn)
	if err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	fn := "pg_try_advisory_lock_shared"
	if exclusive {
		fn = "pg_try_advisory_lock"
	}
	// A process that has just let its session go may still hold the lock
	// for a moment: PostgreSQL ends a session after its client left. So a
	// held lock is asked for again a few times before it counts as held.
	var ok bool
	for try := 0; ; try++ {
		if err := conn.QueryRow(ctx, `SELECT `+fn+`($1, hashtext($2))`, lockClass, schema).Scan(&ok); err != nil {
			conn.Close(context.Background())
			return nil, fmt.Errorf("sitelock: %w", err)
		}
		if ok || try == heldRetries {
			break
		}
		select {
		case <-ctx.Done():
			conn.Close(context.Background())
			return nil, ctx.Err()
		case <-time.After(heldRetryWait):
		}
	}
	if !ok {
		conn.Close(context.Background())
		return nil, errHeld
	}
	return &Lock{release: func() {
		// Let go of the lock before closing the session, so that it is
		// free when Release returns (a closed session's locks are freed
		// only once the server has noticed it ended).
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = conn.Exec(ctx, `SELECT pg_advisory_unlock_all()`)
		conn.Close(ctx)
	}}, nil
}

// A PostgreSQL lock found held is asked for again heldRetries times,
// heldRetryWait apart.
const (
	heldRetries   = 10
	heldRetryWait = 200 * time.Millisecond
)

// Schema returns the schema a site's tables are in, or go into, on the
// database conn is connected to: current_schema(), or the first schema
// of search_path when none of them exists yet (a restore creates it).
func Schema(ctx context.Context, conn *pgx.Conn) (string, error) {
	var schema *string
	var path string
	if err := conn.QueryRow(ctx, `SELECT current_schema(), current_setting('search_path')`).Scan(&schema, &path); err != nil {
		return "", fmt.Errorf("sitelock: %w", err)
	}
	if schema != nil {
		return *schema, nil
	}
	for s := range strings.SplitSeq(path, ",") {
		s = strings.TrimSpace(s)
		if s == "" || s == `"$user"` {
			continue
		}
		if strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`) && len(s) >= 2 {
			s = strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
		}
		return s, nil
	}
	return "", errors.New("sitelock: the database's search_path names no schema")
}

// fileLock locks the file at path (created, for the owner alone, if
// missing), without waiting.
func fileLock(path string, exclusive bool) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sitelock: %w", err)
	}
	if err := flock(f, exclusive); err != nil {
		f.Close()
		return nil, err
	}
	// Closing the file lets the lock go.
	return &Lock{release: func() { f.Close() }}, nil
}
