package sqlite_test

import (
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
// as 'spam' are held, those staff had 'hidden' are spam, and the rebuilt
// comments table still goes with its post.
func TestMigrateModeration(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "site.db")
	// As the store opens it: foreign keys enforced.
	db, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if err := migrate.Up(ctx, db, migrationsBefore(t, 8), migrate.Options{Placeholder: migrate.Question}); err != nil {
		t.Fatalf("migrate to 7: %v", err)
	}
	const ts = "2024-03-01T10:00:00.000000Z"
	for _, q := range []string{
		`INSERT INTO blog_posts VALUES ('p1', 'Post one', 'd', '', '<h2>a</h2>', 'published', '` + ts + `', '` + ts + `')`,
		`INSERT INTO blog_posts VALUES ('p2', 'Post two', 'd', '', '<h2>a</h2>', 'published', '` + ts + `', '` + ts + `')`,
		`INSERT INTO comments VALUES ('c-vis', 'p1', 'A', 'a@example.com', '', 'Shown', 'visible', '2024-03-01T10:01:00.000000Z')`,
		`INSERT INTO comments VALUES ('c-auto', 'p1', 'B', 'b@example.com', '', 'Suspected', 'spam', '2024-03-01T10:02:00.000000Z')`,
		`INSERT INTO comments VALUES ('c-hid', 'p1', 'C', 'c@example.com', '', 'Hidden by staff', 'hidden', '2024-03-01T10:03:00.000000Z')`,
		`INSERT INTO comments VALUES ('c-p2', 'p2', 'D', 'd@example.com', '', 'On post two', 'visible', '2024-03-01T10:04:00.000000Z')`,
		`INSERT INTO contact_messages VALUES ('m-new', 'M', 'm@example.com', 's', 'hello there', 0, 0, '` + ts + `')`,
		`INSERT INTO contact_messages VALUES ('m-done', 'M', 'm@example.com', 's', 'hello there', 0, 1, '` + ts + `')`,
		`INSERT INTO contact_messages VALUES ('m-spam', 'M', 'm@example.com', 's', 'hello there', 1, 0, '` + ts + `')`,
		`INSERT INTO contact_messages VALUES ('m-spam-done', 'M', 'm@example.com', 's', 'hello there', 1, 1, '` + ts + `')`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s := openMigrated(t, path) // applies 8 and anything after it

	for id, want := range map[string]struct {
		status domain.ContactStatus
		spam   bool
	}{
		"m-new":       {domain.ContactNew, false},
		"m-done":      {domain.ContactArchived, false},
		"m-spam":      {domain.ContactNew, true},
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
	if n, err := s.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew}); err != nil || n != 1 {
		t.Errorf("unread after migration = %d, %v; want 1", n, err)
	}

	got, err := s.ListCommentsForReview(ctx, domain.CommentFilter{})
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]domain.CommentStatus{}
	for _, c := range got {
		status[c.ID] = c.Status
	}
	want := map[string]domain.CommentStatus{
		"c-vis": domain.CommentVisible, "c-auto": domain.CommentHeld, "c-hid": domain.CommentSpam, "c-p2": domain.CommentVisible,
	}
	for id, w := range want {
		if status[id] != w {
			t.Errorf("comment %s after migration: %q, want %q", id, status[id], w)
		}
	}
	// The rebuilt table keeps its rules: no old status, no orphan, and a
	// post's comments go with it.
	raw, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(ctx, `INSERT INTO comments VALUES ('x1', 'p1', 'N', 'n@example.com', '', 'x', 'hidden', '`+ts+`')`); err == nil {
		t.Error("a comment with the old status 'hidden' was stored")
	}
	if _, err := raw.ExecContext(ctx, `INSERT INTO comments VALUES ('x2', 'missing', 'N', 'n@example.com', '', 'x', 'held', '`+ts+`')`); err == nil {
		t.Error("a comment on a missing post was stored")
	}
	if _, err := raw.ExecContext(ctx, `INSERT INTO contact_messages (id, name, email, subject, message, spam, status, created_at)
		VALUES ('x3', 'N', 'n@example.com', 's', 'm', 0, 'handled', '`+ts+`')`); err == nil {
		t.Error("a contact message with an unknown status was stored")
	}
	if err := s.DeleteBlogPost(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	left, err := s.ListCommentsForReview(ctx, domain.CommentFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range left {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []string{"c-p2"}) {
		t.Errorf("comments after deleting post p1 = %v, want [c-p2]", ids)
	}
}
