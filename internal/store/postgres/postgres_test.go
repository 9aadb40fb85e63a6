package postgres_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"corpsite/internal/domain"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/storetest"
)

// databaseURL returns TEST_DATABASE_URL, skipping the test without it
// except under CI, where the suite is required.
func databaseURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv("TEST_DATABASE_URL")
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is not set: the PostgreSQL contract suite is required under CI")
		}
		t.Skip("TEST_DATABASE_URL is not set")
	}
	return u
}

// freshSchema creates a schema with a random name, dropped when the test
// ends, and returns a URL whose connections use it. Tests never touch the
// public schema: other packages may be testing against the same database.
func freshSchema(t *testing.T) string {
	t.Helper()
	base := databaseURL(t)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("sql.Open: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := "storetest_" + rand.Text()[:12]
	if _, err := admin.ExecContext(t.Context(), `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("CREATE SCHEMA: %v", err)
	}
	t.Cleanup(func() {
		// t.Context is already cancelled during cleanup.
		if _, err := admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("DROP SCHEMA: %v", err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL must be a postgres:// URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// open opens a Store on dbURL, closed when the test ends.
func open(t *testing.T, dbURL string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(t.Context(), dbURL)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	// Registered after freshSchema's cleanup, so it runs before the drop.
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestContract(t *testing.T) {
	databaseURL(t)
	storetest.Run(t, func(t *testing.T) domain.Store {
		s := open(t, freshSchema(t))
		if err := s.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		return s
	})
}

// Instances starting together all call Migrate; each must succeed and the
// schema must be migrated once.
func TestConcurrentMigrate(t *testing.T) {
	dbURL := freshSchema(t)
	const n = 6
	stores := make([]*postgres.Store, n)
	for i := range stores {
		stores[i] = open(t, dbURL)
	}
	ctx := t.Context()
	if _, err := stores[0].ContentVersion(ctx); err == nil {
		t.Fatalf("ContentVersion before Migrate succeeded: Open must not migrate")
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, s := range stores {
		wg.Go(func() { errs[i] = s.Migrate(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Migrate %d: %v", i, err)
		}
	}
	for i, s := range stores {
		if v, err := s.ContentVersion(ctx); err != nil || v != 1 {
			t.Errorf("store %d: ContentVersion = %d, %v; want 1", i, v, err)
		}
	}
	// Each migration recorded once.
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows, distinct int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_migrations`).Scan(&rows, &distinct); err != nil {
		t.Fatal(err)
	}
	if rows == 0 || rows != distinct {
		t.Errorf("schema_migrations has %d rows for %d versions", rows, distinct)
	}
}

// DBStats names the one pool that reads and writes.
func TestDBStats(t *testing.T) {
	s := open(t, databaseURL(t))
	got := s.DBStats()
	if len(got) != 1 || got["main"].MaxOpenConnections != 20 || got["main"].OpenConnections < 1 {
		t.Errorf("DBStats = %+v; want one open pool, main, of 20", got)
	}
}
