package postgres_test

import (
	"database/sql"
	"flag"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"corpsite/internal/domain"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/postgres/pgtest"
	"corpsite/internal/store/storetest"
)

// TestMain lets more tests run at once than the default, GOMAXPROCS, unless
// -test.parallel was given: each contract case spends its time waiting on
// the PostgreSQL server (a fresh schema, its migrations, its queries), not
// on this process's CPU. Four at once, not more: other test packages share
// the server and its connection limit.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(max(4, runtime.GOMAXPROCS(0)))); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

// freshSchema is a schema of the test's own (see pgtest.Schema).
func freshSchema(t *testing.T) string { return pgtest.Schema(t, "storetest") }

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
	t.Parallel()
	pgtest.URL(t)
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
	t.Parallel()
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
	t.Parallel()
	s := open(t, pgtest.URL(t))
	got := s.DBStats()
	if len(got) != 1 || got["main"].MaxOpenConnections != 20 || got["main"].OpenConnections < 1 {
		t.Errorf("DBStats = %+v; want one open pool, main, of 20", got)
	}
}
