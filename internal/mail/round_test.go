package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
	mailer "corpsite/internal/mail"
)

// scripted is a Transport that records what it is given and runs a hook
// during each send (to move the clock or end the context mid-round).
type scripted struct {
	sent   []string
	during func(n int)
}

func (s *scripted) Send(_ context.Context, m *mailer.Message) error {
	s.sent = append(s.sent, m.ID)
	if s.during != nil {
		s.during(len(s.sent))
	}
	return nil
}

func (s *scripted) String() string { return "scripted" }

func scriptedSender(t *testing.T, tr mailer.Transport) (domain.Store, *mailer.Sender, *clock) {
	t.Helper()
	st := openStore(t)
	clk := &clock{t: queued}
	s, err := mailer.NewSender(mailer.SenderOptions{Store: st, Transport: tr, From: from, Logger: quiet(), Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return st, s, clk
}

// A round that runs so long that its lease is about to end leaves the
// rest of its messages alone: another sender may have them by then. They
// are claimed again once the lease is over, and each is sent once.
func TestSenderLeavesMessagesWhoseLeaseIsEnding(t *testing.T) {
	tr := &scripted{}
	st, s, clk := scriptedSender(t, tr)
	enqueue(t, st, 3)
	tr.during = func(n int) {
		if n == 1 {
			clk.Set(queued.Add(mailer.Lease - mailer.SessionTimeout + time.Second))
		}
	}
	round(t, s, 3)
	if len(tr.sent) != 1 {
		t.Fatalf("sent %v in a round whose lease was ending, want only the first", tr.sent)
	}
	if got := outbox(t, st, domain.OutboxSending); len(got) != 2 {
		t.Fatalf("%d messages still leased, want 2", len(got))
	}
	round(t, s, 0) // still leased

	tr.during = nil
	clk.Set(queued.Add(mailer.Lease))
	round(t, s, 2)
	if len(tr.sent) != 3 {
		t.Errorf("sent %v, want each of the 3 once", tr.sent)
	}
	for _, m := range outbox(t, st, "") {
		if m.Status != domain.OutboxSent {
			t.Errorf("%s is %s, want sent", m.ID, m.Status)
		}
	}
}

// A shutdown during a round finishes the message in hand, records it as
// sent, and puts the rest back, due at once for the next start.
func TestSenderShutdownMidRound(t *testing.T) {
	tr := &scripted{}
	st, s, _ := scriptedSender(t, tr)
	enqueue(t, st, 3)
	ctx, cancel := context.WithCancel(t.Context())
	tr.during = func(int) { cancel() }
	n, err := s.SendDue(ctx)
	if err != nil || n != 3 {
		t.Fatalf("SendDue = %d, %v; want 3 claimed", n, err)
	}
	if len(tr.sent) != 1 {
		t.Fatalf("sent %v after the shutdown began, want only the message in hand", tr.sent)
	}
	sent := outbox(t, st, domain.OutboxSent)
	if len(sent) != 1 || sent[0].ID != tr.sent[0] {
		t.Errorf("sent = %+v, want the message in hand recorded", sent)
	}
	back := outbox(t, st, domain.OutboxQueued)
	if len(back) != 2 {
		t.Fatalf("%d messages put back, want 2", len(back))
	}
	for _, m := range back {
		if !m.NextAttemptAt.Equal(queued) {
			t.Errorf("%s put back due at %v, want at once (%v)", m.ID, m.NextAttemptAt, queued)
		}
	}
	round(t, s, 2)
}

// failing is a Transport whose server answers with text that is not
// valid UTF-8, holds NUL bytes and goes on for kilobytes.
type failing struct{}

func (failing) Send(context.Context, *mailer.Message) error {
	return errors.New("451 \xff\xfe bad\x00 " + strings.Repeat("ü", 2000))
}

func (failing) String() string { return "failing" }

// The error kept with a message is short, valid text whatever the server
// said (PostgreSQL refuses invalid UTF-8 and NUL bytes).
func TestSenderKeepsAShortValidError(t *testing.T) {
	st, s, _ := scriptedSender(t, failing{})
	enqueue(t, st, 1)
	round(t, s, 1)
	q := outbox(t, st, domain.OutboxQueued)
	if len(q) != 1 {
		t.Fatalf("queued = %d, want the message back for a retry", len(q))
	}
	e := q[0].LastError
	if !utf8.ValidString(e) || strings.Contains(e, "\x00") || len(e) > 500 || !strings.HasPrefix(e, "451 ") {
		t.Errorf("LastError = %q (%d bytes); want valid text of at most 500 bytes starting with the reply code", e, len(e))
	}
}
