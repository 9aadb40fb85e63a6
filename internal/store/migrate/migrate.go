// Package migrate applies a numbered series of plain SQL files to a
// database. Each store package embeds its own series and calls Up; this
// package knows nothing about an engine beyond its placeholder style and an
// optional lock statement, so it may be imported by any store but should
// not be imported by anything else.
package migrate

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Placeholder is the bind-parameter style of an SQL engine.
type Placeholder int

// Placeholder styles.
const (
	Question Placeholder = iota // "?" (SQLite, MySQL)
	Dollar                      // "$1", "$2"… (PostgreSQL)
)

// Rebind rewrites a query written with "?" placeholders into style p.
// Queries must not contain a literal "?" (in strings or operators).
func (p Placeholder) Rebind(query string) string {
	if p != Dollar || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// Migration is one file of a series.
type Migration struct {
	Version int64  // the file name's leading number
	Name    string // the file name
	SQL     string // the file's content, run as one script
}

// Load reads the migrations at the root of fsys: files named
// "NNNN_description.sql", returned in version order. Other files are
// ignored; a malformed name or a repeated version is an error.
func Load(fsys fs.FS) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("migrate: read migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || path.Ext(name) != ".sql" {
			continue
		}
		digits, _, ok := strings.Cut(name, "_")
		v, err := strconv.ParseInt(digits, 10, 64)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migrate: %s: name must be NNNN_description.sql", name)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("migrate: %w", err)
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	slices.SortFunc(ms, func(a, b Migration) int { return cmp.Compare(a.Version, b.Version) })
	for i := 1; i < len(ms); i++ {
		if ms[i].Version == ms[i-1].Version {
			return nil, fmt.Errorf("migrate: %s and %s have the same version", ms[i-1].Name, ms[i].Name)
		}
	}
	return ms, nil
}

// Options adapts Up to an engine.
type Options struct {
	// Placeholder is the engine's bind-parameter style.
	Placeholder Placeholder
	// Lock, when set, is executed first in every migration transaction and
	// must hold until the transaction ends (PostgreSQL:
	// pg_advisory_xact_lock). It lets instances that start together
	// migrate one at a time. Engines whose write transactions already
	// exclude each other (SQLite with BEGIN IMMEDIATE) leave it empty.
	Lock string
}

// Up applies, in version order, every migration in fsys that the
// schema_migrations table does not list yet, each in its own transaction
// together with the row that records it. Running Up again is a no-op.
func Up(ctx context.Context, db *sql.DB, fsys fs.FS, opts Options) error {
	ms, err := Load(fsys)
	if err != nil {
		return err
	}
	// applied_at is text so that the table reads the same in every engine.
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    BIGINT PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`
	if err := inTx(ctx, db, opts.Lock, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, create)
		return err
	}); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}

	done, err := applied(ctx, db)
	if err != nil {
		return err
	}
	check := opts.Placeholder.Rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`)
	record := opts.Placeholder.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`)
	for _, m := range ms {
		if done[m.Version] {
			continue
		}
		err := inTx(ctx, db, opts.Lock, func(tx *sql.Tx) error {
			// Another instance may have applied it while we waited for the lock.
			var n int
			if err := tx.QueryRowContext(ctx, check, m.Version).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			now := time.Now().UTC().Format(time.RFC3339Nano)
			_, err := tx.ExecContext(ctx, record, m.Version, m.Name, now)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate: %s: %w", m.Name, err)
		}
	}
	return nil
}

// applied returns the versions recorded in schema_migrations.
func applied(ctx context.Context, db *sql.DB) (map[int64]bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("migrate: read schema_migrations: %w", err)
	}
	defer rows.Close()
	done := make(map[int64]bool)
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		done[v] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("migrate: read schema_migrations: %w", err)
	}
	return done, nil
}

// inTx runs fn in a transaction that first executes lock (if any).
func inTx(ctx context.Context, db *sql.DB, lock string, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if lock != "" {
		if _, err := tx.ExecContext(ctx, lock); err != nil {
			return fmt.Errorf("lock: %w", err)
		}
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
