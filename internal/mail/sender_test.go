package mail_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
	mailer "corpsite/internal/mail"
	"corpsite/internal/mail/smtptest"
	"corpsite/internal/store/sqlite"
)

const from = "Nimbus Grove <hello@nimbusgrove.example>"

// clock is a fake clock that tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func openStore(t *testing.T) domain.Store {
	t.Helper()
	st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	return st
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// setup returns a store, a sender over SMTP to srv and its clock.
func setup(t *testing.T, srv *smtptest.Server) (domain.Store, *mailer.Sender, *clock) {
	t.Helper()
	st := openStore(t)
	tr, err := mailer.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: queued}
	s, err := mailer.NewSender(mailer.SenderOptions{Store: st, Transport: tr, From: from, Logger: quiet(), Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return st, s, clk
}

// enqueue queues n messages and returns their Message-IDs.
func enqueue(t *testing.T, st domain.Store, n int) []string {
	t.Helper()
	var ids []string
	for i := range n {
		m := outboxMessage(fmt.Sprintf("msg-%02d", i))
		if err := st.EnqueueOutbox(t.Context(), &m); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, mailer.MessageID(m.ID, "nimbusgrove.example"))
	}
	return ids
}

// round runs one round at the clock's time and checks how many it claimed.
func round(t *testing.T, s *mailer.Sender, wantClaimed int) {
	t.Helper()
	n, err := s.SendDue(t.Context())
	if err != nil {
		t.Fatalf("SendDue: %v", err)
	}
	if n != wantClaimed {
		t.Fatalf("SendDue claimed %d messages, want %d", n, wantClaimed)
	}
}

func outbox(t *testing.T, st domain.Store, status domain.OutboxStatus) []domain.OutboxMessage {
	t.Helper()
	l, err := st.ListOutbox(t.Context(), status, 0)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestRetryWait(t *testing.T) {
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour, time.Hour}
	for i, w := range want {
		if got := mailer.RetryWait(i + 1); got != w {
			t.Errorf("RetryWait(%d) = %v, want %v", i+1, got, w)
		}
	}
	if got := mailer.RetryWait(1000); got != mailer.MaxRetryWait {
		t.Errorf("RetryWait(1000) = %v, want the cap", got)
	}
}

func TestSenderDeliversOverSMTP(t *testing.T) {
	srv := smtptest.Start(t)
	st, s, _ := setup(t, srv)
	ids := enqueue(t, st, 3)
	round(t, s, 3)
	got := srv.CountByMessageID()
	for _, id := range ids {
		if got[id] != 1 {
			t.Errorf("server got %s %d times, want once", id, got[id])
		}
	}
	msgs := srv.Messages()
	if len(msgs) != 3 || msgs[0].From != "hello@nimbusgrove.example" || len(msgs[0].To) != 1 || msgs[0].To[0] != "staff@nimbusgrove.example" {
		t.Errorf("envelopes = %+v", msgs)
	}
	sent := outbox(t, st, domain.OutboxSent)
	if len(sent) != 3 {
		t.Fatalf("%d messages recorded as sent, want 3", len(sent))
	}
	for _, m := range sent {
		if m.Attempts != 1 || m.SentAt == nil || !m.SentAt.Equal(queued) {
			t.Errorf("%s: %d attempts, sent at %v; want 1 attempt, sent at the clock's time", m.ID, m.Attempts, m.SentAt)
		}
	}
	round(t, s, 0) // nothing is sent twice
}

// A server that is down, then answers "try later", then comes back: every
// message arrives exactly once, and the waits between attempts grow.
func TestSenderOutageThenRecovery(t *testing.T) {
	srv := smtptest.Start(t)
	st, s, clk := setup(t, srv)
	ids := enqueue(t, st, 4)

	// Down: connections refused.
	srv.Stop()
	round(t, s, 4)
	queuedNow := outbox(t, st, domain.OutboxQueued)
	if len(queuedNow) != 4 {
		t.Fatalf("%d messages queued again after a refused connection, want 4", len(queuedNow))
	}
	for _, m := range queuedNow {
		if m.Attempts != 1 || !m.NextAttemptAt.Equal(queued.Add(time.Minute)) || m.LastError == "" {
			t.Errorf("%s after the first failure: %d attempts, next at %v, error %q; want 1, +1m, the cause",
				m.ID, m.Attempts, m.NextAttemptAt.Sub(queued), m.LastError)
		}
	}

	// Not due before the wait is over.
	clk.Set(queued.Add(59 * time.Second))
	round(t, s, 0)

	// Back, but refusing for now ("421 try later").
	srv.Restart()
	srv.Refuse(421)
	clk.Set(queued.Add(time.Minute))
	round(t, s, 4)
	for _, m := range outbox(t, st, domain.OutboxQueued) {
		if m.Attempts != 2 || !m.NextAttemptAt.Equal(queued.Add(3*time.Minute)) || !strings.Contains(m.LastError, "421") {
			t.Errorf("%s after the second failure: %d attempts, next at +%v, error %q; want 2, +3m, a 421",
				m.ID, m.Attempts, m.NextAttemptAt.Sub(queued), m.LastError)
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("server accepted %d messages while refusing", n)
	}

	// Accepting again: each message arrives once, on its third attempt.
	srv.Refuse(0)
	clk.Set(queued.Add(3 * time.Minute))
	round(t, s, 4)
	got := srv.CountByMessageID()
	if len(got) != len(ids) {
		t.Errorf("server got %d distinct messages, want %d", len(got), len(ids))
	}
	for _, id := range ids {
		if got[id] != 1 {
			t.Errorf("server got %s %d times, want once", id, got[id])
		}
	}
	for _, m := range outbox(t, st, "") {
		if m.Status != domain.OutboxSent || m.Attempts != 3 || m.LastError != "" {
			t.Errorf("%s: %s after %d attempts (error %q); want sent after 3", m.ID, m.Status, m.Attempts, m.LastError)
		}
	}
	clk.Set(queued.Add(24 * time.Hour))
	round(t, s, 0)
	if n := len(srv.Messages()); n != len(ids) {
		t.Errorf("server has %d messages a day later, want %d", n, len(ids))
	}
}

// A server that refuses the recipient for good: the message is tried
// MaxAttempts times, then given up and kept with the reason.
func TestSenderGivesUpAfterMaxAttempts(t *testing.T) {
	srv := smtptest.Start(t)
	srv.Refuse(550)
	st, s, clk := setup(t, srv)
	enqueue(t, st, 1)
	at := queued
	for attempt := 1; attempt <= mailer.MaxAttempts; attempt++ {
		clk.Set(at)
		round(t, s, 1)
		at = at.Add(mailer.RetryWait(attempt))
	}
	failed := outbox(t, st, domain.OutboxFailed)
	if len(failed) != 1 {
		t.Fatalf("failed messages = %+v, want 1", outbox(t, st, ""))
	}
	if f := failed[0]; f.Attempts != mailer.MaxAttempts || !strings.Contains(f.LastError, "550") || f.SentAt != nil {
		t.Errorf("failed message: %d attempts, error %q; want %d and the 550", f.Attempts, f.LastError, mailer.MaxAttempts)
	}
	clk.Set(at.Add(365 * 24 * time.Hour))
	round(t, s, 0)
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("server accepted %d messages", n)
	}
}

// Run sends what is due at start, wakes on Nudge (its poll interval is
// far away) and returns when its context ends.
func TestRunWakesOnNudgeAndStops(t *testing.T) {
	srv := smtptest.Start(t)
	st := openStore(t)
	tr, err := mailer.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	s, err := mailer.NewSender(mailer.SenderOptions{Store: st, Transport: tr, From: from, Logger: quiet(), PollInterval: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	first := outboxMessage("first")
	first.CreatedAt = time.Time{}
	if err := st.EnqueueOutbox(t.Context(), &first); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	wait := func(what string) smtptest.Received {
		t.Helper()
		select {
		case r := <-srv.Next():
			return r
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: nothing delivered", what)
		}
		panic("unreachable")
	}
	if r := wait("at start"); r.MessageID != mailer.MessageID("first", "nimbusgrove.example") {
		t.Errorf("first delivery is %s", r.MessageID)
	}

	// The round that sent the first message claimed before this one was
	// queued, and the next poll is a day away: only the nudge sends it.
	second := outboxMessage("second")
	second.CreatedAt = time.Time{}
	if err := st.EnqueueOutbox(t.Context(), &second); err != nil {
		t.Fatal(err)
	}
	s.Nudge()
	s.Nudge() // never blocks
	if r := wait("after a nudge"); r.MessageID != mailer.MessageID("second", "nimbusgrove.example") {
		t.Errorf("second delivery is %s", r.MessageID)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

// A message that cannot be composed is given up at once.
func TestSenderGivesUpOnABrokenMessage(t *testing.T) {
	srv := smtptest.Start(t)
	st, s, _ := setup(t, srv)
	m := outboxMessage("broken")
	m.Subject = "Hi\r\nBcc: victim@example.com"
	if err := st.EnqueueOutbox(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	round(t, s, 1)
	failed := outbox(t, st, domain.OutboxFailed)
	if len(failed) != 1 || failed[0].Attempts != 1 {
		t.Errorf("failed = %+v, want the broken message after 1 attempt", failed)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("server accepted %d messages", n)
	}
}
