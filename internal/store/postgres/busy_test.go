package postgres_test

import (
	"context"
	"database/sql"
	"net/url"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/postgres/pgtest"
)

// A table another connection keeps locked past the store's lock_timeout
// is a busy database (domain.EBusy), not an internal error; once the lock
// goes, the same call succeeds.
func TestLockTimeoutIsBusy(t *testing.T) {
	t.Parallel()
	base := pgtest.Schema(t, "busy")
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("lock_timeout", "100") // milliseconds
	u.RawQuery = q.Encode()
	ctx := context.Background()
	st, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `LOCK TABLE rate_limits IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	_, _, err = st.Allow(ctx, "apply:client", 10, time.Hour, time.Now())
	if domain.ErrorCode(err) != domain.EBusy {
		t.Errorf("Allow with the table locked: %v, want busy", err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if ok, _, err := st.Allow(ctx, "apply:client", 10, time.Hour, time.Now()); err != nil || !ok {
		t.Errorf("Allow once the lock is gone = %v, %v", ok, err)
	}
}
