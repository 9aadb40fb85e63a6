package attention_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/attention"
	"corpsite/internal/domain"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/postgres/pgtest"
	"corpsite/internal/store/sqlite"
	"corpsite/internal/wire"
)

var testNow = time.Date(2026, time.November, 26, 9, 30, 0, 0, time.UTC)

// stores are the two engines, each migrated and empty; PostgreSQL only
// with TEST_DATABASE_URL (see pgtest).
var stores = map[string]func(t *testing.T) domain.Store{
	"sqlite": func(t *testing.T) domain.Store {
		s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		if err := s.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		return s
	},
	"postgres": func(t *testing.T) domain.Store {
		s, err := postgres.Open(t.Context(), pgtest.Schema(t, "attention"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		if err := s.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		return s
	},
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// fixture stores something waiting in every part: 3 inbox messages (2
// unread, 1 of them assigned; the read one unassigned), an archived and
// a spam message, a held and a visible comment, 2 new applications, one
// being reviewed and one suspected spam, a failed and a queued e-mail.
func fixture(t *testing.T, s domain.Store) {
	ctx := context.Background()
	for i, m := range []struct {
		id       string
		status   domain.ContactStatus
		spam     bool
		assigned string
	}{
		{"m-new", domain.ContactNew, false, ""},
		{"m-new-mine", domain.ContactNew, false, "st-editor"},
		{"m-read", domain.ContactRead, false, ""},
		{"m-arch", domain.ContactArchived, false, ""},
		{"m-spam", domain.ContactNew, true, ""},
	} {
		c := domain.ContactMessage{ID: m.id, Name: "N", Email: "n@example.com", Subject: "S", Message: "Text",
			Status: m.status, Spam: m.spam, CreatedAt: testNow.Add(time.Duration(i) * time.Minute)}
		_, err := s.CreateContactMessage(ctx, &c, domain.ContactOptions{})
		must(t, err)
		if m.assigned != "" {
			_, err := s.AssignContactMessage(ctx, m.id, m.assigned, nil)
			must(t, err)
		}
	}
	p := domain.BlogPost{ID: "p-1", Title: "T", Description: "D", Content: "<p>x</p>", Status: domain.PostPublished,
		CreatedAt: testNow, UpdatedAt: testNow}
	must(t, s.CreateBlogPost(ctx, &p))
	for i, st := range []domain.CommentStatus{domain.CommentHeld, domain.CommentVisible} {
		c := domain.Comment{ID: fmt.Sprintf("c-%d", i), BlogID: "p-1", Name: "N", Email: "n@example.com", Comment: "c",
			Status: st, CreatedAt: testNow}
		must(t, s.CreateComment(ctx, &c))
	}
	for i, a := range []struct {
		spam      bool
		reviewing bool
	}{{false, false}, {false, false}, {false, true}, {true, false}} {
		app := domain.Application{JobID: "job-1", FirstName: "A", LastName: "B", FullName: "A B",
			Email: fmt.Sprintf("a%d@example.com", i), Spam: a.spam}
		_, err := s.SaveApplication(ctx, &app, domain.SaveOptions{})
		must(t, err)
		if a.reviewing {
			_, err := s.SetApplicationStatus(ctx, app.ID, domain.StatusReviewing, testNow)
			must(t, err)
		}
	}
	failed := domain.OutboxMessage{To: "x@example.com", Subject: "s", Body: "b"}
	must(t, s.EnqueueOutbox(ctx, &failed))
	claimed, err := s.ClaimOutbox(ctx, time.Now().Add(time.Hour), time.Minute, 1)
	must(t, err)
	if len(claimed) != 1 {
		t.Fatalf("claimed %d e-mails, want 1", len(claimed))
	}
	must(t, s.FailOutbox(ctx, failed.ID, claimed[0].Attempts, "refused"))
	queued := domain.OutboxMessage{To: "y@example.com", Subject: "s", Body: "b"}
	must(t, s.EnqueueOutbox(ctx, &queued))
}

func TestCountsPerRole(t *testing.T) {
	t.Parallel()
	for engine, open := range stores {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			fixture(t, s)
			for role, want := range map[domain.Role]wire.DashboardCounts{
				domain.RoleAdmin: {NewApplications: 2, SuspectedSpam: 1, UnreadMessages: 2, UnassignedMessages: 2,
					HeldComments: 1, FailedMail: 1},
				domain.RoleEditor:    {UnreadMessages: 2, UnassignedMessages: 2, HeldComments: 1},
				domain.RoleRecruiter: {NewApplications: 2, SuspectedSpam: 1},
			} {
				got, err := attention.For(t.Context(), s, role)
				must(t, err)
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: counts mismatch (-want +got):\n%s", role, d)
				}
			}
		})
	}
}

func TestNothingWaits(t *testing.T) {
	t.Parallel()
	s := stores["sqlite"](t)
	for _, role := range domain.Roles {
		got, err := attention.For(t.Context(), s, role)
		if err != nil || got != (wire.DashboardCounts{}) {
			t.Errorf("%s on an empty site: %+v, %v", role, got, err)
		}
	}
}
