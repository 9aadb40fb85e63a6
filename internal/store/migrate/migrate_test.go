package migrate_test

import (
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	_ "modernc.org/sqlite"

	"corpsite/internal/store/migrate"
)

func TestRebind(t *testing.T) {
	q := `SELECT a FROM t WHERE b = ? AND c IN (?, ?)`
	if got := migrate.Question.Rebind(q); got != q {
		t.Errorf("Question.Rebind = %q, want it unchanged", got)
	}
	want := `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)`
	if got := migrate.Dollar.Rebind(q); got != want {
		t.Errorf("Dollar.Rebind = %q, want %q", got, want)
	}
}

func TestLoad(t *testing.T) {
	ms, err := migrate.Load(fstest.MapFS{
		"0010_ten.sql":   {Data: []byte("ten")},
		"0002_two.sql":   {Data: []byte("two")},
		"README.md":      {Data: []byte("not a migration")},
		"0001_one.sql":   {Data: []byte("one")},
		"sub/0003_x.sql": {Data: []byte("in a directory: ignored")},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Name+"="+m.SQL)
	}
	want := []string{"0001_one.sql=one", "0002_two.sql=two", "0010_ten.sql=ten"}
	if !slices.Equal(got, want) {
		t.Errorf("Load = %v, want %v", got, want)
	}
	if ms[2].Version != 10 {
		t.Errorf("version of 0010_ten.sql = %d, want 10", ms[2].Version)
	}

	for name, fsys := range map[string]fstest.MapFS{
		"bad name":  {"init.sql": {}},
		"zero":      {"0000_zero.sql": {}},
		"duplicate": {"0001_a.sql": {}, "01_b.sql": {}},
	} {
		if _, err := migrate.Load(fsys); err == nil {
			t.Errorf("%s: Load succeeded, want an error", name)
		}
	}
}

func openDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func versions(t *testing.T, db *sql.DB) []int64 {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var vs []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	return vs
}

func TestUp(t *testing.T) {
	ctx := t.Context()
	db := openDB(t)
	opts := migrate.Options{Placeholder: migrate.Question}
	fsys := fstest.MapFS{
		// Applied in version order, not name order: 2 needs 1's table.
		"0002_fill.sql":  {Data: []byte(`INSERT INTO t (v) VALUES ('a'); INSERT INTO t (v) VALUES ('b');`)},
		"0001_table.sql": {Data: []byte(`CREATE TABLE t (v TEXT NOT NULL);`)},
	}
	if err := migrate.Up(ctx, db, fsys, opts); err != nil {
		t.Fatalf("Up: %v", err)
	}
	if got := versions(t, db); !slices.Equal(got, []int64{1, 2}) {
		t.Errorf("versions = %v, want [1 2]", got)
	}

	// Again: nothing is re-applied (the inserts would double).
	if err := migrate.Up(ctx, db, fsys, opts); err != nil {
		t.Fatalf("Up again: %v", err)
	}
	count := func() int {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM t`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 2 {
		t.Errorf("rows after a second Up = %d, want 2", n)
	}

	// A failing file leaves no trace and stops the series; earlier files stay.
	fsys["0003_more.sql"] = &fstest.MapFile{Data: []byte(`INSERT INTO t (v) VALUES ('c');`)}
	fsys["0004_broken.sql"] = &fstest.MapFile{Data: []byte(`INSERT INTO t (v) VALUES ('d'); INSERT INTO nowhere VALUES (1);`)}
	fsys["0005_after.sql"] = &fstest.MapFile{Data: []byte(`INSERT INTO t (v) VALUES ('e');`)}
	err := migrate.Up(ctx, db, fsys, opts)
	if err == nil || !strings.Contains(err.Error(), "0004_broken.sql") {
		t.Fatalf("Up with a broken file = %v, want an error naming it", err)
	}
	if got := versions(t, db); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Errorf("versions = %v, want [1 2 3]", got)
	}
	if n := count(); n != 3 {
		t.Errorf("rows = %d, want 3 (the broken file's insert rolled back)", n)
	}
}

func TestUpLock(t *testing.T) {
	ctx := t.Context()
	db := openDB(t)
	// The lock statement runs inside every migration transaction; here it
	// leaves a mark so the test can see that.
	if _, err := db.ExecContext(ctx, `CREATE TABLE locks (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	opts := migrate.Options{Placeholder: migrate.Question, Lock: `INSERT INTO locks VALUES (1)`}
	fsys := fstest.MapFS{"0001_a.sql": {Data: []byte(`CREATE TABLE a (x INTEGER);`)}}
	if err := migrate.Up(ctx, db, fsys, opts); err != nil {
		t.Fatalf("Up: %v", err)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM locks`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 2 { // creating schema_migrations, then 0001
		t.Errorf("lock ran %d times, want 2", n)
	}
}
