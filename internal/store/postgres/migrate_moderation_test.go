package postgres_test

import (
	"database/sql"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"corpsite/internal/domain"
	"corpsite/internal/store/migrate"
)

// migrationsBefore returns the migration files numbered below version.
func migrationsBefore(t *testing.T, version int64) fstest.MapFS {
	t.Helper()
	dir := os.DirFS("migrations")
	names, err := fs.Glob(dir, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, name := range names {
		digits, _, _ := strings.Cut(name, "_")
		v, err := strconv.ParseInt(digits, 10, 64)
		if err != nil || v >= version {
			continue
		}
		b, err := fs.ReadFile(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

// Migration 8 maps the rows written before it: handled contact messages
// are archived and the rest new (spam kept); comments held automatically
// as 'spam' are held, and those staff had 'hidden' are spam.
func TestMigrateModeration(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := freshSchema(t)
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate.Up(ctx, db, migrationsBefore(t, 8), migrate.Options{Placeholder: migrate.Dollar}); err != nil {
		t.Fatalf("migrate to 7: %v", err)
	}
	const ts = `'2024-03-01T10:00:00Z'`
	for _, q := range []string{
		`INSERT INTO blog_posts VALUES ('p1', 'Post one', 'd', '', '<h2>a</h2>', 'published', ` + ts + `, ` + ts + `)`,
		`INSERT INTO comments VALUES ('c-vis', 'p1', 'A', 'a@example.com', '', 'Shown', 'visible', ` + ts + `)`,
		`INSERT INTO comments VALUES ('c-auto', 'p1', 'B', 'b@example.com', '', 'Suspected', 'spam', ` + ts + `)`,
		`INSERT INTO comments VALUES ('c-hid', 'p1', 'C', 'c@example.com', '', 'Hidden by staff', 'hidden', ` + ts + `)`,
		`INSERT INTO contact_messages VALUES ('m-new', 'M', 'm@example.com', 's', 'hello there', false, false, ` + ts + `)`,
		`INSERT INTO contact_messages VALUES ('m-done', 'M', 'm@example.com', 's', 'hello there', false, true, ` + ts + `)`,
		`INSERT INTO contact_messages VALUES ('m-spam-done', 'M', 'm@example.com', 's', 'hello there', true, true, ` + ts + `)`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	s := open(t, dbURL)
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	for id, want := range map[string]struct {
		status domain.ContactStatus
		spam   bool
	}{
		"m-new":       {domain.ContactNew, false},
		"m-done":      {domain.ContactArchived, false},
		"m-spam-done": {domain.ContactArchived, true},
	} {
		m, err := s.GetContactMessage(ctx, id)
		if err != nil {
			t.Fatalf("GetContactMessage(%s): %v", id, err)
		}
		if m.Status != want.status || m.Spam != want.spam {
			t.Errorf("%s after migration: status %q spam %v, want %q %v", id, m.Status, m.Spam, want.status, want.spam)
		}
	}
	got, err := s.ListComments(ctx, "p1", false)
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]domain.CommentStatus{}
	for _, c := range got {
		status[c.ID] = c.Status
	}
	for id, w := range map[string]domain.CommentStatus{
		"c-vis": domain.CommentVisible, "c-auto": domain.CommentHeld, "c-hid": domain.CommentSpam,
	} {
		if status[id] != w {
			t.Errorf("comment %s after migration: %q, want %q", id, status[id], w)
		}
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO comments VALUES ('x', 'p1', 'N', 'n@example.com', '', 'x', 'hidden', `+ts+`)`); err == nil {
		t.Error("a comment with the old status 'hidden' was stored")
	}
}
