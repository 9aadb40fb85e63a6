package contact_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/contact"
	"corpsite/internal/domain"
	"corpsite/internal/store/sqlite"
	"corpsite/internal/wire"
)

var testNow = time.Date(2026, time.November, 26, 9, 30, 0, 0, time.UTC)

const staffEmail = "hello@site.test"

// fixture is the use case over a real, migrated SQLite store.
type fixture struct {
	store  *sqlite.Store
	svc    *contact.Service
	queued atomic.Int32 // MailQueued calls
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	f := &fixture{store: st}
	f.svc = contact.New(contact.Config{
		Store: st, StaffEmail: staffEmail,
		MailQueued: func() { f.queued.Add(1) },
		Now:        func() time.Time { return testNow },
	})
	return f
}

func ms(d time.Duration) *int64 { n := d.Milliseconds(); return &n }

func message() wire.ContactRequest {
	return wire.ContactRequest{
		Name: "Asha Rao", Email: "asha@example.in", Subject: "Cloud migration",
		Message: "We would like a quote for moving two services to the cloud.", ElapsedMs: ms(40 * time.Second),
	}
}

func (f *fixture) messages(t *testing.T) []domain.ContactMessage {
	t.Helper()
	all, err := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func (f *fixture) outbox(t *testing.T) []domain.OutboxMessage {
	t.Helper()
	out, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSendStoresAndNotifiesStaff(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sent, err := f.svc.Send(context.Background(), message(), "", "client-a")
	if err != nil {
		t.Fatal(err)
	}
	if sent.ID == "" || sent.Spam || !sent.Notified || sent.Replayed {
		t.Fatalf("sent = %+v, want a new notified message", sent)
	}
	got := f.messages(t)
	if len(got) != 1 || got[0].ID != sent.ID || got[0].Name != "Asha Rao" || got[0].Spam || !got[0].CreatedAt.Equal(testNow) {
		t.Fatalf("stored %+v", got)
	}
	out := f.outbox(t)
	if len(out) != 1 {
		t.Fatalf("outbox holds %d messages, want 1", len(out))
	}
	m := out[0]
	if m.To != staffEmail || m.ReplyTo != "asha@example.in" || m.Subject != "New contact message: Cloud migration" ||
		!strings.Contains(m.Body, "moving two services") || !strings.Contains(m.Body, "Reply to this e-mail to answer Asha Rao.") {
		t.Errorf("notification = %+v", m)
	}
	if n := f.queued.Load(); n != 1 {
		t.Errorf("MailQueued called %d times, want 1", n)
	}
}

func TestSendSpamIsKeptWithoutMail(t *testing.T) {
	t.Parallel()
	cases := map[string]func(*wire.ContactRequest){
		"honeypot filled":  func(r *wire.ContactRequest) { r.Website = "https://spam.example" },
		"filled too fast":  func(r *wire.ContactRequest) { r.ElapsedMs = ms(contact.MinFill - time.Millisecond) },
		"no time reported": func(r *wire.ContactRequest) { r.ElapsedMs = nil },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			req := message()
			change(&req)
			sent, err := f.svc.Send(context.Background(), req, "", "client-a")
			if err != nil {
				t.Fatal(err)
			}
			if !sent.Spam || sent.Notified {
				t.Errorf("sent = %+v, want spam without a notification", sent)
			}
			if got := f.messages(t); len(got) != 1 || !got[0].Spam {
				t.Errorf("stored %+v, want one message marked spam", got)
			}
			if out := f.outbox(t); len(out) != 0 || f.queued.Load() != 0 {
				t.Errorf("spam queued %d mails", len(out))
			}
		})
	}
	// Exactly the minimum fill time is a person.
	f := newFixture(t)
	req := message()
	req.ElapsedMs = ms(contact.MinFill)
	if sent, err := f.svc.Send(context.Background(), req, "", "client-a"); err != nil || sent.Spam {
		t.Errorf("at MinFill: %+v, %v; want a message that is not spam", sent, err)
	}
}

func TestSendRefusesBadInputAndStoresNothing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		change func(*wire.ContactRequest)
		field  string
	}{
		{"negative time", func(r *wire.ContactRequest) { r.ElapsedMs = ms(-time.Second) }, ""},
		{"time beyond a year", func(r *wire.ContactRequest) { r.ElapsedMs = ms(domain.MaxFormElapsed + time.Second) }, ""},
		{"bad e-mail", func(r *wire.ContactRequest) { r.Email = "asha@" }, "email"},
		{"no message", func(r *wire.ContactRequest) { r.Message = "  " }, "message"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			req := message()
			c.change(&req)
			_, err := f.svc.Send(context.Background(), req, "", "client-a")
			if domain.ErrorCode(err) != domain.EInvalid {
				t.Fatalf("err = %v, want EInvalid", err)
			}
			var de *domain.Error
			if c.field != "" && (!errors.As(err, &de) || de.Fields[c.field] == "") {
				t.Errorf("err = %#v, want a message for %q", err, c.field)
			}
			if got := f.messages(t); len(got) != 0 {
				t.Errorf("a refused message was stored: %+v", got)
			}
		})
	}
}

func TestSendLimitsEachClient(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	for i := range contact.Limit {
		if _, err := f.svc.Send(ctx, message(), "", "client-a"); err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
	}
	_, err := f.svc.Send(ctx, message(), "", "client-a")
	var refused *domain.Refused
	if !errors.As(err, &refused) || refused.Err.Code != domain.ETooMany || refused.Retry <= 0 || refused.Retry > contact.Window {
		t.Fatalf("message %d: err = %v, want ETooMany with a retry within the window", contact.Limit+1, err)
	}
	if got := len(f.messages(t)); got != contact.Limit {
		t.Errorf("%d messages stored, want %d", got, contact.Limit)
	}
	// Another client is not held up.
	if _, err := f.svc.Send(ctx, message(), "", "client-b"); err != nil {
		t.Errorf("another client: %v", err)
	}
}

func TestReplayAnswersTheFirstMessage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	const key = "k0123456789abcdefXYZ"
	if _, found, err := f.svc.Replay(ctx, key); err != nil || found {
		t.Fatalf("before any message: found %v, %v", found, err)
	}
	first, err := f.svc.Send(ctx, message(), key, "client-a")
	if err != nil {
		t.Fatal(err)
	}
	again, found, err := f.svc.Replay(ctx, key)
	if err != nil || !found || again.ID != first.ID || !again.Replayed {
		t.Fatalf("Replay = %+v, %v, %v; want the first message %s", again, found, err, first.ID)
	}
	// A repeat that raced past Replay stores nothing new either.
	raced, err := f.svc.Send(ctx, message(), key, "client-a")
	if err != nil || !raced.Replayed || raced.ID != first.ID {
		t.Fatalf("raced repeat = %+v, %v", raced, err)
	}
	if n := len(f.messages(t)); n != 1 {
		t.Errorf("%d messages stored, want 1", n)
	}
	if n := len(f.outbox(t)); n != 1 {
		t.Errorf("%d notifications queued, want 1", n)
	}
}
