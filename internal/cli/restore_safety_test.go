package cli_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/backup"
	"corpsite/internal/blob"
	"corpsite/internal/config"
	"corpsite/internal/sitelock"
)

// backedUp fills a site and backs it up with its key file; it returns the
// archive and the key line.
func backedUp(t *testing.T, src site) (archive, keyLine string) {
	t.Helper()
	fill(t, src)
	keyLine = testKey() + "\n"
	if err := os.WriteFile(filepath.Join(src.dir, "data.key"), []byte(keyLine), 0o600); err != nil {
		t.Fatal(err)
	}
	archive = filepath.Join(t.TempDir(), "site.tar")
	mustRun(t, append([]string{"backup", "--to", archive, "--include-key"}, src.flags()...)...)
	return archive, keyLine
}

// nothingWritten fails the test if the restore left files or a key file
// in dst, or (SQLite) a database or its staging copy.
func nothingWritten(t *testing.T, dst site) {
	t.Helper()
	if got := files(t, dst); len(got) != 0 {
		t.Errorf("the failed restore left %d files in the file store", len(got))
	}
	if _, err := os.Stat(filepath.Join(dst.dir, "data.key")); err == nil {
		t.Error("the failed restore left data.key")
	}
	entries, _ := os.ReadDir(dst.dir)
	for _, e := range entries {
		if n := e.Name(); n == "site.db" || strings.HasPrefix(n, ".site.db.restore-") {
			t.Errorf("the failed restore left %s", n)
		}
	}
}

// A restore that fails after it began writing takes back what it wrote:
// the files and the key file are deleted, and the database is not
// installed (SQLite: never renamed into place; PostgreSQL: the
// transaction rolled back).
func TestRestoreFailingLateTakesBackWhatItWrote(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	archive, keyLine := backedUp(t, site{dir: filepath.Join(tmp, "src")})

	t.Run("the archive changed after it was verified", func(t *testing.T) {
		t.Parallel()
		m, err := backup.Verify(archive, blob.ValidateKey)
		if err != nil {
			t.Fatal(err)
		}
		// The key file is the last member before the manifest: every
		// document is written by the time its change is found.
		b, err := os.ReadFile(archive)
		if err != nil {
			t.Fatal(err)
		}
		at := bytes.Index(b, []byte(keyLine))
		if at < 0 {
			t.Fatal("the key file is not in the archive")
		}
		b[at+len(keyLine)/2] ^= 0x01
		changed := filepath.Join(t.TempDir(), "site.tar")
		if err := os.WriteFile(changed, b, 0o600); err != nil {
			t.Fatal(err)
		}
		dst := site{dir: filepath.Join(t.TempDir(), "data")}
		if err := os.MkdirAll(dst.dir, 0o700); err != nil {
			t.Fatal(err)
		}
		err = backup.Restore(t.Context(), changed, m, backup.RestoreOptions{
			DB: backup.SQLite(filepath.Join(dst.dir, "site.db")), Blobs: dst.blobs(t), KeyFile: filepath.Join(dst.dir, "data.key"),
		})
		if !errors.Is(err, backup.ErrCorrupt) || !strings.Contains(err.Error(), "the 7 files it had written were removed") {
			t.Errorf("restore of an archive changed after verification = %v; want it damaged, and the 7 files it wrote removed", err)
		}
		nothingWritten(t, dst)
	})

	t.Run("SQLite: the database cannot be put in place", func(t *testing.T) {
		t.Parallel()
		dst := site{dir: filepath.Join(t.TempDir(), "data")}
		// Something that is not SQLite's log where the old log would be:
		// it cannot be removed, so the copy is not renamed into place.
		if err := os.MkdirAll(filepath.Join(dst.dir, "site.db-wal", "in-the-way"), 0o700); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := run(t, append([]string{"restore", "--from", archive}, dst.flags()...)...)
		if code == 0 || !strings.Contains(stderr, "the 7 files and the key file it had written were removed") {
			t.Errorf("restore = %d, stderr:\n%s\nwant a failure saying the files and the key file were removed", code, stderr)
		}
		nothingWritten(t, dst)
	})

	t.Run("PostgreSQL: the database refuses the restore", func(t *testing.T) {
		t.Parallel()
		src := site{dir: filepath.Join(t.TempDir(), "src"), dbURL: pgDatabase(t)}
		archive, _ := backedUp(t, src)
		dbURL := pgDatabase(t)
		// A read-only session: psql's transaction fails and rolls back
		// after the files and the key file were written.
		dst := site{dir: filepath.Join(t.TempDir(), "data"), dbURL: dbURL + "&default_transaction_read_only=on"}
		code, _, stderr := run(t, append([]string{"restore", "--from", archive}, dst.flags()...)...)
		if code == 0 || !strings.Contains(stderr, "read-only transaction") ||
			!strings.Contains(stderr, "the 7 files and the key file it had written were removed") {
			t.Errorf("restore = %d, stderr:\n%s\nwant psql's failure, and the files and the key file removed", code, stderr)
		}
		nothingWritten(t, dst)
		db, err := sql.Open("pgx", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var tables int
		if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil || tables != 0 {
			t.Errorf("the target database has %d tables (%v) after the failed restore, want none", tables, err)
		}
	})
}

// serving starts the site on s as `serve` does and stops it when the test
// ends (or when stop is called).
func serving(t *testing.T, s site) (stop func()) {
	t.Helper()
	cfg := &config.Config{
		Addr: "127.0.0.1:0", DataDir: s.dir, DatabaseURL: s.dbURL, FilesURL: s.filesURL,
		RenderWorkers: 1, ShutdownTimeout: 10 * time.Second, LogLevel: "error",
	}
	if s.dbURL != "" {
		cfg.DataKey = testKey()
	}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	a, err := app.New(t.Context(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	if err := a.Listen(); err != nil {
		a.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx) }()
	if res, err := http.Get("http://" + a.Addr() + "/readyz"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the site is not ready: %v %v", res, err)
	}
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		a.Close()
	}
	t.Cleanup(stop)
	return stop
}

// A restore into the data a site is serving is refused, even with
// --force, and writes nothing; once the site has stopped it goes ahead.
// A site does not start while a restore holds the data.
func TestRestoreRefusesWhileTheSiteServes(t *testing.T) {
	t.Parallel()
	for _, pg := range []bool{false, true} {
		t.Run(map[bool]string{false: "sqlite", true: "postgres"}[pg], func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			src := site{dir: filepath.Join(tmp, "src")}
			dst := site{dir: filepath.Join(tmp, "dst")}
			if pg {
				src.dbURL, dst.dbURL = pgDatabase(t), pgDatabase(t)
			}
			archive, _ := backedUp(t, src)
			want := take(t, src)
			mustRun(t, append([]string{"seed"}, dst.flags()...)...)
			stop := serving(t, dst)
			before := take(t, dst)

			code, _, stderr := run(t, append([]string{"restore", "--from", archive, "--force"}, dst.flags()...)...)
			if code == 0 || !strings.Contains(stderr, "a site is serving from this data") || !strings.Contains(stderr, "nothing was written") {
				t.Errorf("restore --force under a running site = %d, stderr:\n%s\nwant a refusal", code, stderr)
			}
			compare(t, take(t, dst), before)
			if _, err := os.Stat(filepath.Join(dst.dir, "data.key")); err == nil && !pg {
				// The SQLite site made its own key file at start; it must
				// not have been replaced by the archive's.
				if k, _ := os.ReadFile(filepath.Join(dst.dir, "data.key")); string(k) == testKey()+"\n" {
					t.Error("the refused restore wrote the archive's key file")
				}
			}

			stop()
			// Nor does a site start while a restore holds the data.
			lock, err := sitelock.Restore(t.Context(), dst.dir, dst.dbURL)
			if err != nil {
				t.Fatalf("sitelock.Restore once the site stopped: %v", err)
			}
			cfg := &config.Config{Addr: "127.0.0.1:0", DataDir: dst.dir, DatabaseURL: dst.dbURL, DataKey: testKey(), LogLevel: "error"}
			if err := cfg.Finish(); err != nil {
				t.Fatal(err)
			}
			if a, err := app.New(t.Context(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), nil); !errors.Is(err, sitelock.ErrRestoring) {
				if err == nil {
					a.Close()
				}
				t.Errorf("app.New during a restore = %v, want a refusal", err)
			}
			lock.Release()
			if !pg {
				// The key file the site made is not the archive's: moved away, as the restore asks.
				os.Remove(filepath.Join(dst.dir, "data.key"))
			}
			mustRun(t, append([]string{"restore", "--from", archive, "--force"}, dst.flags()...)...)
			got := take(t, dst)
			compare(t, snapshot{rows: got.rows, files: want.files}, want)
		})
	}
}
