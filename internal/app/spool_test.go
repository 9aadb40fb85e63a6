package app_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/app"
)

// A start removes the folder of a run that crashed (its lock free) at
// once, however young; leaves a running instance's folder (its lock held)
// and the files the site did not make alone; and removes document-check
// files outside a run's folder only once older than an upload can last.
func TestStartRemovesSpoolOfCrashedRun(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, nil)
	uploads := filepath.Join(cfg.DataDir, "uploads")
	mk := func(p string, age time.Duration) string {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("%PDF-1.7"), 0o600); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
		return p
	}
	crashed := filepath.Join(uploads, "run-crashed")
	mk(filepath.Join(crashed, ".lock"), 0)
	mk(filepath.Join(crashed, "docfile-1.upload"), time.Second)
	live := filepath.Join(uploads, "run-live")
	lock := mk(filepath.Join(live, ".lock"), 0)
	liveDoc := mk(filepath.Join(live, "docfile-2.upload"), time.Hour)
	f, err := os.OpenFile(lock, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	oldLoose := mk(filepath.Join(uploads, "docfile-old.upload"), 20*time.Minute)
	youngLoose := mk(filepath.Join(uploads, "docfile-young.upload"), 5*time.Minute)
	notOurs := mk(filepath.Join(uploads, "notes.txt"), 48*time.Hour)

	a, err := app.New(t.Context(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	own := app.SpoolDir(a)
	for _, tt := range []struct {
		path string
		kept bool
	}{
		{crashed, false}, {oldLoose, false},
		{liveDoc, true}, {youngLoose, true}, {notOurs, true}, {own, true},
	} {
		_, err := os.Stat(tt.path)
		if kept := err == nil; kept != tt.kept {
			t.Errorf("%s: kept = %v, want %v", filepath.Base(tt.path), kept, tt.kept)
		}
	}
	if filepath.Dir(own) != uploads || filepath.Base(own)[:4] != "run-" {
		t.Errorf("this run's folder = %s, want a run-* folder in %s", own, uploads)
	}
	// Housekeeping keeps the folder of the run doing it; the run's end
	// removes it.
	app.Housekeep(a, t.Context())
	if _, err := os.Stat(own); err != nil {
		t.Errorf("housekeeping removed this run's own folder: %v", err)
	}
	a.Close()
	if _, err := os.Stat(own); err == nil {
		t.Error("this run's folder outlived the run")
	}
}
