// Package postgres is the PostgreSQL implementation of domain.Store, for
// sites run as several instances. It uses pgx through database/sql. Tables
// live in the connection's search_path (set it with the URL parameter
// search_path to use a schema other than public). Only internal/app
// imports it; everything else depends on domain.Store.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"corpsite/internal/store/migrate"
	"corpsite/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrateLock serialises Migrate across instances sharing a database:
// an advisory lock held until each migration transaction ends, keyed by
// a constant and the schema so that separate schemas do not wait on each
// other.
const migrateLock = `SELECT pg_advisory_xact_lock(720431, hashtext(current_schema()))`

// Pool limits per instance.
const (
	maxConns        = 20
	maxConnIdleTime = 5 * time.Minute
)

// busyStates are the SQLSTATEs of a database that is there but cannot
// take the work now; the transaction was rolled back, nothing written.
var busyStates = map[string]bool{
	"55P03": true, // lock_not_available (lock_timeout)
	"40001": true, // serialization_failure
	"40P01": true, // deadlock_detected
	"53300": true, // too_many_connections
}

// isBusy reports an error of PostgreSQL saying it is busy (busyStates).
func isBusy(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && busyStates[pe.Code]
}

// uniqueIndex names the unique index a write broke (unique_violation).
func uniqueIndex(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return pe.ConstraintName
	}
	return ""
}

// Store is a domain.Store kept in a PostgreSQL database.
type Store struct {
	*sqlstore.Store
	db *sql.DB
}

// Open connects to the database at url (a postgres:// URL or key=value
// string as accepted by pgx). It does not migrate: call Migrate before
// first use. The caller closes the Store.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx redacts the password in its parse errors.
		return nil, fmt.Errorf("postgres: Open: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	db.SetConnMaxIdleTime(maxConnIdleTime)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: Open: %w", err)
	}
	d := sqlstore.Dialect{
		Name:        "postgres",
		Placeholder: migrate.Dollar,
		Time:        func(t time.Time) any { return t },
		ForUpdate:   " FOR UPDATE",
		SkipLocked:  " FOR UPDATE SKIP LOCKED",
		Busy:        isBusy,
		UniqueIndex: uniqueIndex,
	}
	return &Store{Store: sqlstore.New(d, db, db), db: db}, nil
}

// Migrate brings the schema up to date. Instances starting together may
// all call it: an advisory lock lets one migrate while the others wait.
func (s *Store) Migrate(ctx context.Context) error {
	files, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return fmt.Errorf("postgres: Migrate: %w", err)
	}
	opts := migrate.Options{Placeholder: migrate.Dollar, Lock: migrateLock}
	if err := migrate.Up(ctx, s.db, files, opts); err != nil {
		return fmt.Errorf("postgres: Migrate: %w", err)
	}
	return nil
}
