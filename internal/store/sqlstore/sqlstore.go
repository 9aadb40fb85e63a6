// Package sqlstore implements domain.Store over database/sql with portable
// SQL. It is what the SQLite and PostgreSQL stores share: each of those
// packages opens its connections, owns its migration series (the schema
// this code expects) and supplies a Dialect. Only they import sqlstore.
//
// Conventions the schemas follow: timestamps are stored in UTC with
// microsecond precision; e-mail addresses that must be unique regardless
// of case have an email_key column holding strings.ToLower(email), so both
// engines compare them identically; nested application parts are JSON.
package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/store/migrate"
)

// Dialect is what differs between engines.
type Dialect struct {
	// Name prefixes error messages, e.g. "sqlite".
	Name string
	// Placeholder is the engine's bind-parameter style; queries here are
	// written with "?".
	Placeholder migrate.Placeholder
	// Time converts a UTC timestamp, already truncated to microseconds, to
	// the value bound for a timestamp column.
	Time func(time.Time) any
	// ForUpdate is appended to a SELECT of a row that the same transaction
	// is about to rewrite: " FOR UPDATE" where other writers could run
	// concurrently, "" where a write transaction excludes them (SQLite).
	ForUpdate string
	// SkipLocked is appended to the SELECT that picks rows to claim:
	// " FOR UPDATE SKIP LOCKED" where several instances claim at once, so
	// that each takes rows the others have not locked; "" where one writer
	// runs at a time (SQLite).
	SkipLocked string
	// Busy reports an error of the engine that means the database is
	// there but cannot take the work now (a lock held too long, too many
	// connections, a transaction to retry): it is answered as
	// domain.EBusy, nothing written. nil: none is.
	Busy func(error) bool
	// UniqueIndex names the unique index a write broke, "" when err is
	// not such an error. Where writers run concurrently (PostgreSQL) two
	// transactions can both find a value free and then both write it: the
	// second is refused by the index, and answered as uniqueRefusals says.
	// nil: writes never race (SQLite, one writer at a time).
	UniqueIndex func(error) string
}

// uniqueRefusals are the errors a broken unique index is answered with,
// by index: what a check before the write would have said.
var uniqueRefusals = map[string]func() error{
	"blog_posts_slug": errSlugTaken,
}

// msgBusy is the message of a busy database's errors; those who answer
// visitors put it in their own words.
const msgBusy = "The database is busy. Please try again in a few minutes."

// Store implements domain.Store. Create it with New.
type Store struct {
	d Dialect
	r *sql.DB // reads
	w *sql.DB // writes; may be r
}

var _ domain.Store = (*Store)(nil)

// New returns a Store that reads through reader and writes through writer
// (which may be the same pool). The Store owns both and closes them.
func New(d Dialect, reader, writer *sql.DB) *Store {
	return &Store{d: d, r: reader, w: writer}
}

// Ping reports whether the database answers, on both pools, and can
// take a write: it begins a write transaction and rolls it back. A
// database that is there but cannot take the work now (a lock held by
// another process, every connection taken until ctx ends) is
// domain.EBusy; any other failure is the database down.
func (s *Store) Ping(ctx context.Context) (err error) {
	defer s.wrap(&err, "Ping")
	defer func() {
		if errors.Is(err, context.DeadlineExceeded) && s.saturated() {
			err = &domain.Error{Code: domain.EBusy, Message: msgBusy, Err: err}
		}
	}()
	for _, db := range s.pools() {
		var one int
		if err := db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
			return err
		}
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	return tx.Rollback()
}

// saturated reports whether a pool has every connection it may open in
// use: a request waiting for one waits for the database's work, not for
// a database that is gone.
func (s *Store) saturated() bool {
	for _, db := range s.pools() {
		st := db.Stats()
		if st.MaxOpenConnections > 0 && st.InUse >= st.MaxOpenConnections {
			return true
		}
	}
	return false
}

// Close closes both pools.
func (s *Store) Close() error {
	var errs []error
	for _, db := range s.pools() {
		errs = append(errs, db.Close())
	}
	return errors.Join(errs...)
}

// DBStats returns the statistics of each connection pool by name: "main"
// when one pool reads and writes, else "read" and "write". It is for
// metrics; it takes no connection.
func (s *Store) DBStats() map[string]sql.DBStats {
	if s.r == s.w {
		return map[string]sql.DBStats{"main": s.w.Stats()}
	}
	return map[string]sql.DBStats{"read": s.r.Stats(), "write": s.w.Stats()}
}

func (s *Store) pools() []*sql.DB {
	if s.r == s.w {
		return []*sql.DB{s.w}
	}
	return []*sql.DB{s.w, s.r}
}

// ContentVersion returns the number bumped by every write that changes
// what visitors see: jobs, posts, and comments that are or were visible.
func (s *Store) ContentVersion(ctx context.Context) (v int64, err error) {
	defer s.wrap(&err, "ContentVersion")
	err = s.r.QueryRowContext(ctx, `SELECT version FROM content_version`).Scan(&v)
	return v, err
}

// q rewrites a query written with "?" for the engine.
func (s *Store) q(query string) string { return s.d.Placeholder.Rebind(query) }

// wrap gives an internal error the engine's name and the operation, and
// makes a busy database's one domain.EBusy (Dialect.Busy); errors of the
// domain's kinds (not found, conflict) pass unchanged. Arguments must
// never carry personal data.
func (s *Store) wrap(errp *error, format string, args ...any) {
	if *errp == nil {
		return
	}
	var de *domain.Error
	if errors.As(*errp, &de) {
		return
	}
	if s.d.UniqueIndex != nil {
		if refuse := uniqueRefusals[s.d.UniqueIndex(*errp)]; refuse != nil {
			*errp = refuse()
			return
		}
	}
	*errp = fmt.Errorf("%s: %s: %w", s.d.Name, fmt.Sprintf(format, args...), *errp)
	if s.d.Busy != nil && s.d.Busy(*errp) {
		*errp = &domain.Error{Code: domain.EBusy, Message: msgBusy, Err: *errp}
	}
}

// tx runs fn in a write transaction. When content is true the transaction
// also bumps the content version, so caches never see the change without
// the new version or the reverse.
func (s *Store) tx(ctx context.Context, content bool, fn func(*sql.Tx) error) error {
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) { return content, fn(tx) })
}

// txVisible is tx for writes that only sometimes change what visitors see
// (a comment held for review does not): fn reports whether this one did,
// and only then is the content version bumped, which empties every
// instance's page cache.
func (s *Store) txVisible(ctx context.Context, fn func(*sql.Tx) (bool, error)) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	content, err := fn(tx)
	if err != nil {
		return err
	}
	if content {
		if _, err := tx.ExecContext(ctx, `UPDATE content_version SET version = version + 1`); err != nil {
			return fmt.Errorf("bump content version: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		// The transaction was rolled back because the request that ran it ended
		// (the client went away): say so, not that the commit failed.
		if errors.Is(err, sql.ErrTxDone) && ctx.Err() != nil {
			return fmt.Errorf("commit: %w", context.Cause(ctx))
		}
		return err
	}
	return nil
}

// execOne runs a statement that must change exactly one row; none means
// the record is missing.
func (s *Store) execOne(ctx context.Context, ex execer, what, query string, args ...any) error {
	res, err := ex.ExecContext(ctx, s.q(query), args...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.NotFound(what)
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type scanner interface{ Scan(dest ...any) error }

// collect scans every row of rows with scan and closes rows. With no rows
// it returns an empty slice, not nil, so lists encode as [] in JSON.
func collect[T any](rows *sql.Rows, scan func(scanner) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// now returns the current time as stored.
func now() time.Time { return stamp(time.Now()) }

// stamp returns t as the store keeps it: UTC, microseconds.
func stamp(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// stampOr returns stamp(t), or now when t is zero.
func stampOr(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return stamp(t)
}

// stampPtr returns a new pointer to stamp(*t), or nil.
func stampPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := stamp(*t)
	return &v
}

// t binds a timestamp.
func (s *Store) t(t time.Time) any { return s.d.Time(stamp(t)) }

// tp binds an optional timestamp.
func (s *Store) tp(t *time.Time) any {
	if t == nil {
		return nil
	}
	return s.t(*t)
}

// pageArgs returns LIMIT and OFFSET values; a limit of 0 means none.
func pageArgs(limit, offset int) (int64, int64) {
	l := int64(limit)
	if l <= 0 {
		l = math.MaxInt64
	}
	return l, int64(max(offset, 0))
}

// placeholders returns "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// timeCol scans a timestamp column: time.Time from drivers that parse it,
// RFC 3339 text from those that do not.
type timeCol struct{ p *time.Time }

func (c timeCol) Scan(src any) error {
	t, err := parseTime(src)
	if err != nil {
		return err
	}
	if t == nil {
		return errors.New("NULL in a NOT NULL timestamp column")
	}
	*c.p = *t
	return nil
}

// nullTimeCol scans a nullable timestamp column.
type nullTimeCol struct{ p **time.Time }

func (c nullTimeCol) Scan(src any) error {
	t, err := parseTime(src)
	*c.p = t
	return err
}

func parseTime(src any) (*time.Time, error) {
	var t time.Time
	switch v := src.(type) {
	case nil:
		return nil, nil
	case time.Time:
		t = v
	case string:
		return parseTime([]byte(v))
	case []byte:
		var err error
		if t, err = time.Parse(time.RFC3339Nano, string(v)); err != nil {
			return nil, fmt.Errorf("timestamp column: %w", err)
		}
	default:
		return nil, fmt.Errorf("timestamp column: unexpected %T", src)
	}
	t = t.UTC()
	return &t, nil
}

// jsonCol scans a JSON column into p, a pointer to a slice.
type jsonCol struct{ p any }

func (c jsonCol) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case nil:
		return nil
	case string:
		b = []byte(v)
	case []byte:
		b = v
	default:
		return fmt.Errorf("JSON column: unexpected %T", src)
	}
	return json.Unmarshal(b, c.p)
}

// jsonArg encodes a slice for a JSON column; nil becomes [].
func jsonArg[T any](v []T) (string, error) {
	if v == nil {
		v = []T{}
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// orEmpty returns v, or an empty non-nil slice for nil.
func orEmpty[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}
