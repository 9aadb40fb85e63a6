package server_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

const staffEmail = "staff@site.test"

// mailFixture is a server that notifies staffEmail and counts the wake-ups
// it gives the mail sender.
func mailFixture(t *testing.T) (*fixture, *atomic.Int32) {
	t.Helper()
	var woken atomic.Int32
	f := newFixture(t, func(o *server.Options) {
		o.StaffEmail = staffEmail
		o.MailQueued = func() { woken.Add(1) }
	})
	return f, &woken
}

func TestContactQueuesStaffNotification(t *testing.T) {
	t.Parallel()
	f, woken := mailFixture(t)
	res := f.post(t, "/api/contact", "203.0.113.7:5000", "application/json", contactBody(nil))
	if res.Status != http.StatusCreated || !strings.HasPrefix(res.Body, `{"id":"`) {
		t.Fatalf("answer = %d %s, want 201 with the id only, as without mail", res.Status, res.Body)
	}
	msgs, err := f.store.ListContactMessages(t.Context(), domain.ContactFilter{})
	if err != nil || len(msgs) != 1 {
		t.Fatalf("stored messages = %d, %v", len(msgs), err)
	}
	out, err := f.store.ListOutbox(t.Context(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 {
		t.Fatalf("outbox holds %d messages, want 1", len(out))
	}
	n := out[0]
	if n.To != staffEmail || n.Subject != "New contact message: A new project" || n.ReplyTo != "asha@example.com" ||
		n.Status != domain.OutboxQueued || !n.CreatedAt.Equal(testNow) {
		t.Errorf("notification = %+v", n)
	}
	for _, want := range []string{"Asha Rao", "asha@example.com", "A new project",
		"We would like a quote for a customer portal.", "2026-11-21 12:00 UTC"} {
		if !strings.Contains(n.Body, want) {
			t.Errorf("notification body lacks %q:\n%s", want, n.Body)
		}
	}
	if got := woken.Load(); got != 1 {
		t.Errorf("mail sender woken %d times, want 1", got)
	}
}

// Suspected spam waits for staff in the console and mails no one.
func TestContactSpamIsNotNotified(t *testing.T) {
	t.Parallel()
	f, woken := mailFixture(t)
	for _, edit := range []func(m map[string]any){
		func(m map[string]any) { m["website"] = "http://spam.example" },
		func(m map[string]any) { m["elapsedMs"] = 900 },
		func(m map[string]any) { delete(m, "elapsedMs") },
	} {
		if res := f.post(t, "/api/contact", "198.51.100.1:1", "application/json", contactBody(edit)); res.Status != http.StatusCreated {
			t.Fatalf("status = %d, want 201 (spam is answered like mail)", res.Status)
		}
	}
	msgs, err := f.store.ListContactMessages(t.Context(), domain.ContactFilter{})
	if err != nil || len(msgs) != 3 {
		t.Fatalf("stored messages = %d, %v; want the 3 kept as spam", len(msgs), err)
	}
	out, err := f.store.ListOutbox(t.Context(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 0 || woken.Load() != 0 {
		t.Errorf("spam queued %d notifications and woke the sender %d times; want none", len(out), woken.Load())
	}
}

// An invalid form is refused before anything is stored or queued; line
// breaks meant to add mail headers never reach a notification.
func TestContactInvalidQueuesNothing(t *testing.T) {
	t.Parallel()
	f, woken := mailFixture(t)
	for name, edit := range map[string]func(m map[string]any){
		"bad address":          func(m map[string]any) { m["email"] = "not-an-address" },
		"header in subject":    func(m map[string]any) { m["subject"] = "Hi\r\nBcc: victim@example.com" },
		"header in name":       func(m map[string]any) { m["name"] = "Asha\nBcc: victim@example.com" },
		"header after address": func(m map[string]any) { m["email"] = "asha@example.com\r\nBcc: victim@example.com" },
	} {
		if res := f.post(t, "/api/contact", "198.51.100.1:1", "application/json", contactBody(edit)); res.Status == http.StatusCreated {
			t.Errorf("%s: form accepted", name)
		}
	}
	if out, err := f.store.ListOutbox(t.Context(), "", 0); err != nil || len(out) != 0 || woken.Load() != 0 {
		t.Errorf("outbox = %d, %v, woken %d; want nothing queued", len(out), err, woken.Load())
	}
}
