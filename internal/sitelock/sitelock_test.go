package sitelock_test

import (
	"errors"
	"testing"

	"corpsite/internal/sitelock"
	"corpsite/internal/store/postgres/pgtest"
)

// Sites share the lock; a restore takes it alone: it is refused while a
// site holds it, and a site is refused while the restore does. Another
// site's data (folder, or schema of the same database) is another lock.
func TestServeAndRestoreExcludeEachOther(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		dir, other := t.TempDir(), t.TempDir()
		check(t, func() (*sitelock.Lock, error) { return sitelock.Serve(t.Context(), dir, "") },
			func() (*sitelock.Lock, error) { return sitelock.Restore(t.Context(), dir, "") },
			func() (*sitelock.Lock, error) { return sitelock.Restore(t.Context(), other, "") })
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		db, other := pgtest.Schema(t, "sitelock"), pgtest.Schema(t, "sitelock")
		dir := t.TempDir() // not used with PostgreSQL
		check(t, func() (*sitelock.Lock, error) { return sitelock.Serve(t.Context(), dir, db) },
			func() (*sitelock.Lock, error) { return sitelock.Restore(t.Context(), dir, db) },
			func() (*sitelock.Lock, error) { return sitelock.Restore(t.Context(), dir, other) })
	})
}

func check(t *testing.T, serve, restore, restoreOther func() (*sitelock.Lock, error)) {
	t.Helper()
	a, err := serve()
	if err != nil {
		t.Fatalf("first site: %v", err)
	}
	b, err := serve()
	if err != nil {
		t.Fatalf("second site beside the first: %v", err)
	}
	if l, err := restore(); !errors.Is(err, sitelock.ErrServing) {
		l.Release()
		t.Errorf("restore while two sites serve = %v, want ErrServing", err)
	}
	o, err := restoreOther()
	if err != nil {
		t.Errorf("restore of other data while the sites serve: %v", err)
	}
	o.Release()
	a.Release()
	if l, err := restore(); !errors.Is(err, sitelock.ErrServing) {
		l.Release()
		t.Errorf("restore while one site serves = %v, want ErrServing", err)
	}
	b.Release()
	r, err := restore()
	if err != nil {
		t.Fatalf("restore once the sites stopped: %v", err)
	}
	if l, err := serve(); !errors.Is(err, sitelock.ErrRestoring) {
		l.Release()
		t.Errorf("site start during a restore = %v, want ErrRestoring", err)
	}
	if l, err := restore(); !errors.Is(err, sitelock.ErrServing) {
		l.Release()
		t.Errorf("second restore during a restore = %v, want a refusal", err)
	}
	r.Release()
	r.Release() // twice is harmless
	s, err := serve()
	if err != nil {
		t.Errorf("site start after the restore: %v", err)
	}
	s.Release()
}
