package sqlite_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/store/sqlite"
	"corpsite/internal/store/storetest"
)

func TestContract(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) domain.Store {
		return openMigrated(t, filepath.Join(t.TempDir(), "site.db"))
	})
}

func openMigrated(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	if err := s.Migrate(t.Context()); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	return s
}

// Open leaves migrating to the caller, and Migrate may run on every start.
func TestMigrateExplicitAndRepeatable(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "site.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	if _, err := s.ContentVersion(ctx); err == nil {
		t.Fatalf("ContentVersion before Migrate succeeded: Open must not migrate")
	}
	for range 2 {
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
	}
	if _, err := s.ContentVersion(ctx); err != nil {
		t.Fatalf("ContentVersion after Migrate: %v", err)
	}
}

// Data written through one Store is there after reopening the file.
func TestReopen(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "site.db")
	s := openMigrated(t, path)
	j := domain.Job{JobTitle: "Kept", Status: domain.JobOpen}
	if err := s.CreateJob(ctx, &j); err != nil {
		t.Fatalf("CreateJob: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	r := openMigrated(t, path)
	got, err := r.GetJob(ctx, j.ID)
	if err != nil || got.JobTitle != "Kept" {
		t.Fatalf("GetJob after reopen = %+v, %v", got, err)
	}
}

// The database and its WAL files are readable by the site's user alone,
// whether Open creates them or finds them with looser modes.
func TestFilesArePrivate(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dir := t.TempDir()
	check := func(when string) {
		t.Helper()
		for _, name := range []string{"site.db", "site.db-wal", "site.db-shm"} {
			fi, err := os.Stat(filepath.Join(dir, name))
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			if got := fi.Mode().Perm(); got != 0o600 {
				t.Errorf("%s: %s mode = %v, want -rw-------", when, name, got)
			}
		}
	}
	path := filepath.Join(dir, "site.db")
	s := openMigrated(t, path)
	check("new database")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Left world-readable by a copy or an older version: Open fixes it.
	// (Close checkpoints and may remove the WAL files; recreate them.)
	for _, name := range []string{"site.db", "site.db-wal", "site.db-shm"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chmod(p, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	check("reopened database")
}

// DBStats names the two pools: one writer connection, the readers.
func TestDBStats(t *testing.T) {
	t.Parallel()
	s := openMigrated(t, filepath.Join(t.TempDir(), "site.db"))
	if _, err := s.ContentVersion(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := s.DBStats()
	if len(got) != 2 || got["write"].MaxOpenConnections != 1 || got["read"].MaxOpenConnections < 4 || got["read"].OpenConnections < 1 {
		t.Errorf("DBStats = %+v; want a write pool of 1 and an open read pool of at least 4", got)
	}
}
