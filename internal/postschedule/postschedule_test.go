package postschedule_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/postschedule"
	"corpsite/internal/store/sqlite"
)

var ist = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		panic(err)
	}
	return loc
}()

// now is the fake clock's time: 2 December 2026, 15:00 IST.
var now = time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)

func field(err error) string {
	if de, ok := err.(*domain.Error); ok && de.Code == domain.EInvalid {
		return de.Fields[postschedule.Field]
	}
	return ""
}

func TestParseLocal(t *testing.T) {
	at, err := postschedule.ParseLocal("2026-12-03T09:00", ist)
	if err != nil || !at.Equal(time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC)) {
		t.Errorf("ParseLocal = %v, %v; want 03:30 UTC", at, err)
	}
	if at, err := postschedule.ParseLocal(" 2026-12-03T09:00:30 ", ist); err != nil || at.Second() != 30 {
		t.Errorf("ParseLocal with seconds = %v, %v", at, err)
	}
	for in, want := range map[string]string{
		"": postschedule.MsgRequired, "  ": postschedule.MsgRequired,
		"3 Dec 2026": postschedule.MsgFormat, "2026-12-03": postschedule.MsgFormat,
		"2026-12-03T09:00Z": postschedule.MsgFormat, "2026-13-03T09:00": postschedule.MsgFormat,
	} {
		if _, err := postschedule.ParseLocal(in, ist); field(err) != want {
			t.Errorf("ParseLocal(%q) = %v; want %q", in, err, want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		at   time.Time
		want string
	}{
		{now.Add(time.Minute), ""},
		{now.Add(time.Minute - time.Second), postschedule.MsgTooSoon},
		{now, postschedule.MsgTooSoon},
		{now.Add(-time.Hour), postschedule.MsgTooSoon},
		{now.AddDate(1, 0, 0), ""},
		{now.AddDate(1, 0, 0).Add(time.Second), postschedule.MsgTooFar},
	} {
		if got := field(postschedule.Check(now, tc.at)); got != tc.want {
			t.Errorf("Check(%v) = %q; want %q", tc.at.Sub(now), got, tc.want)
		}
	}
}

func TestText(t *testing.T) {
	at := time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC)
	if got := postschedule.Text(at, ist); got != "3 December 2026, 09:00 IST" {
		t.Errorf("Text = %q", got)
	}
	if got := postschedule.Offset(ist, at); got != "UTC+05:30" {
		t.Errorf("Offset(IST) = %q", got)
	}
	if got := postschedule.Offset(time.UTC, at); got != "UTC" {
		t.Errorf("Offset(UTC) = %q", got)
	}
	ny, _ := time.LoadLocation("America/St_Johns")
	if got := postschedule.Offset(ny, at); got != "UTC-03:30" {
		t.Errorf("Offset(St John's) = %q", got)
	}
}

func openStore(t *testing.T) *sqlite.Store {
	t.Helper()
	return openStoreAt(t, filepath.Join(t.TempDir(), "site.db"))
}

// openStoreAt opens (and migrates) the database at path: a second call
// for the same path is another instance of the site.
func openStoreAt(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	return st
}

func draft(t *testing.T, st domain.Store, id string, at time.Time) {
	t.Helper()
	p := domain.BlogPost{ID: id, Title: "Post " + id, Content: "<h2>One</h2><p>Text</p>", Status: domain.PostDraft,
		CreatedAt: now.Add(-72 * time.Hour)}
	if err := st.CreateBlogPost(t.Context(), &p); err != nil {
		t.Fatal(err)
	}
	if !at.IsZero() {
		sc := domain.PostSchedule{PostID: id, PublishAt: at, ByID: "s1", ByName: "Asha Rao", ByEmail: "asha@example.com"}
		if err := st.SchedulePost(t.Context(), sc); err != nil {
			t.Fatal(err)
		}
	}
}

func status(t *testing.T, st domain.Store, id string) domain.BlogPost {
	t.Helper()
	p, err := st.GetBlogPost(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPublishDue(t *testing.T) {
	st := openStore(t)
	due := time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC) // 09:00 IST
	draft(t, st, "due", due)
	draft(t, st, "later", due.Add(time.Minute))
	draft(t, st, "plain", time.Time{})
	clock := now
	var changed atomic.Int32
	svc := postschedule.New(postschedule.Config{Store: st, Zone: ist, Now: func() time.Time { return clock },
		Changed: func(context.Context) { changed.Add(1) }})

	// Before the time: nothing.
	clock = due.Add(-time.Second)
	if got, err := svc.PublishDue(t.Context()); err != nil || len(got) != 0 || changed.Load() != 0 {
		t.Fatalf("before the time: %+v, %v, changed %d", got, err, changed.Load())
	}
	if p := status(t, st, "due"); p.Status != domain.PostDraft {
		t.Fatalf("published early: %+v", p)
	}
	// At the time, or after a restart later: published, dated as scheduled.
	clock = due.Add(30 * time.Second)
	got, err := svc.PublishDue(t.Context())
	if err != nil || len(got) != 1 || got[0].PostID != "due" || changed.Load() != 1 {
		t.Fatalf("at the time: %+v, %v, changed %d", got, err, changed.Load())
	}
	p := status(t, st, "due")
	if p.Status != domain.PostPublished || !p.CreatedAt.Equal(due) {
		t.Errorf("published post: %s at %v; want published at %v", p.Status, p.CreatedAt, due)
	}
	for _, id := range []string{"later", "plain"} {
		if p := status(t, st, id); p.Status != domain.PostDraft {
			t.Errorf("%s published too", id)
		}
	}
	entries, _, err := st.ListAudit(t.Context(), domain.AuditFilter{Action: domain.AuditPostPublished})
	if err != nil || len(entries) != 1 {
		t.Fatalf("audit = %+v, %v", entries, err)
	}
	e := entries[0]
	if e.Subject != "post due" || e.ActorID != "" || !strings.Contains(e.Detail, "by the scheduler") ||
		!strings.Contains(e.Detail, "Asha Rao (asha@example.com)") || !strings.Contains(e.Detail, "3 December 2026, 09:00 IST") {
		t.Errorf("audit entry = %+v", e)
	}
	// Run again: nothing more.
	if got, err := svc.PublishDue(t.Context()); err != nil || len(got) != 0 || changed.Load() != 1 {
		t.Errorf("second run: %+v, %v, changed %d", got, err, changed.Load())
	}
}

// Two instances of the server (each with its own connections to the one
// database) run the step at the same moment: each due post is published,
// and audited, once.
func TestPublishDueRacingInstances(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	st := openStoreAt(t, path)
	other := openStoreAt(t, path)
	due := time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC)
	const posts = 12
	for i := range posts {
		draft(t, st, "p"+string(rune('a'+i)), due.Add(-time.Duration(i)*time.Minute))
	}
	clock := func() time.Time { return due }
	a := postschedule.New(postschedule.Config{Store: st, Zone: ist, Now: clock})
	b := postschedule.New(postschedule.Config{Store: other, Zone: ist, Now: clock})
	var wg sync.WaitGroup
	var got [2][]domain.PostSchedule
	var errs [2]error
	for i, svc := range []*postschedule.Service{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = svc.PublishDue(t.Context())
		}()
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	seen := map[string]int{}
	for _, list := range got {
		for _, sc := range list {
			seen[sc.PostID]++
		}
	}
	if len(seen) != posts {
		t.Errorf("published %d posts; want %d", len(seen), posts)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("post %s published %d times", id, n)
		}
	}
	entries, _, err := st.ListAudit(t.Context(), domain.AuditFilter{Action: domain.AuditPostPublished})
	if err != nil || len(entries) != posts {
		t.Errorf("%d audit entries (%v); want %d", len(entries), err, posts)
	}
}
