package storetest

import (
	"slices"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// lease is how long claims in these tests last.
const lease = 2 * time.Minute

func newOutbox(id string, created time.Time) domain.OutboxMessage {
	return domain.OutboxMessage{
		ID:        id,
		To:        "staff@example.com",
		Subject:   "New contact message: Größe",
		Body:      "Name: Meera\nMessage:\nHello",
		ReplyTo:   "meera@example.com",
		CreatedAt: created,
	}
}

func outboxID(m domain.OutboxMessage) string { return m.ID }

// claim claims at now and returns the IDs it got, in order.
func claim(t *testing.T, s domain.Store, now time.Time, limit int) []domain.OutboxMessage {
	t.Helper()
	got, err := s.ClaimOutbox(t.Context(), now, lease, limit)
	must(t, err, "ClaimOutbox")
	return got
}

func testOutboxEnqueue(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := newOutbox("o-1", t0)
	// What the caller says about delivery state is not taken.
	given.Status, given.Attempts, given.LastError = domain.OutboxSent, 7, "x"
	m := given
	must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
	wantStamp(t, "CreatedAt", given.CreatedAt, m.CreatedAt)
	want := given
	want.CreatedAt, want.NextAttemptAt = m.CreatedAt, m.CreatedAt
	want.Status, want.Attempts, want.LastError = domain.OutboxQueued, 0, ""
	checkDiff(t, "EnqueueOutbox result", want, m)
	got, err := s.ListOutbox(ctx, "", 0)
	must(t, err, "ListOutbox")
	if len(got) != 1 {
		t.Fatalf("ListOutbox = %d messages, want 1", len(got))
	}
	checkDiff(t, "ListOutbox", want, got[0])

	n := domain.OutboxMessage{To: "staff@example.com", Subject: "S", Body: "B"}
	before := time.Now()
	must(t, s.EnqueueOutbox(ctx, &n), "EnqueueOutbox")
	after := time.Now()
	if !domain.ValidID(n.ID) {
		t.Errorf("generated ID %q is not valid", n.ID)
	}
	wantNow(t, "CreatedAt", before, after, n.CreatedAt)
	if !n.NextAttemptAt.Equal(n.CreatedAt) {
		t.Errorf("NextAttemptAt = %v, want CreatedAt %v", n.NextAttemptAt, n.CreatedAt)
	}
}

// A contact message is never stored without its notification, nor the
// notification without the message.
func testOutboxWithContact(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("m-1", t0)
	n := newOutbox("o-1", t0)
	must(t, createContact(ctx, s, &m, &n), "CreateContactMessage with notification")
	if n.Status != domain.OutboxQueued || n.CreatedAt.IsZero() {
		t.Errorf("notification not updated with what was stored: %+v", n)
	}
	got, err := s.ListOutbox(ctx, domain.OutboxQueued, 0)
	must(t, err, "ListOutbox")
	if d := diff([]string{"o-1"}, ids(got, outboxID)); d != "" {
		t.Errorf("queued notifications mismatch (-want +got):\n%s", d)
	}

	// The notification cannot be stored (its ID is taken): the message
	// must not be stored either.
	m2 := newContact("m-2", t0)
	dup := newOutbox("o-1", t0)
	if err := createContact(ctx, s, &m2, &dup); err == nil {
		t.Fatal("CreateContactMessage with a notification that cannot be stored succeeded")
	}
	_, err = s.GetContactMessage(ctx, "m-2")
	wantCode(t, err, domain.ENotFound, "GetContactMessage of a message whose notification failed")
	if m2.ID != "m-2" || dup.Status != "" {
		t.Errorf("failed CreateContactMessage changed its arguments: %+v, %+v", m2, dup)
	}

	// And the other way round: the message cannot be stored (its ID is
	// taken), so its notification is not queued.
	m3 := newContact("m-1", t0)
	n3 := newOutbox("o-3", t0)
	if err := createContact(ctx, s, &m3, &n3); err == nil {
		t.Fatal("CreateContactMessage with a taken ID succeeded")
	}
	got, err = s.ListOutbox(ctx, "", 0)
	must(t, err, "ListOutbox")
	if d := diff([]string{"o-1"}, ids(got, outboxID)); d != "" {
		t.Errorf("notifications after a failed message mismatch (-want +got):\n%s", d)
	}
}

func testOutboxClaimLifecycle(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i, due := range []time.Duration{0, time.Minute, 5 * time.Minute} {
		m := newOutbox(fixedID("o", i), at(0))
		m.NextAttemptAt = at(due)
		must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
	}

	// Only due messages, oldest due first, no more than the limit.
	if got := claim(t, s, at(-time.Second), 10); len(got) != 0 {
		t.Errorf("claim before anything is due got %v", ids(got, outboxID))
	}
	got := claim(t, s, at(90*time.Second), 1)
	if d := diff([]string{"o-00"}, ids(got, outboxID)); d != "" {
		t.Errorf("claim with limit 1 mismatch (-want +got):\n%s", d)
	}
	got = claim(t, s, at(90*time.Second), 10)
	if d := diff([]string{"o-01"}, ids(got, outboxID)); d != "" {
		t.Fatalf("second claim mismatch (-want +got):\n%s", d)
	}
	c := got[0]
	if c.Status != domain.OutboxSending || c.Attempts != 1 {
		t.Errorf("claimed message has status %q, %d attempts; want sending, 1", c.Status, c.Attempts)
	}
	wantStamp(t, "lease expiry", at(90*time.Second+lease), c.NextAttemptAt)

	// Leased messages are not claimed again while the lease lasts.
	if got := claim(t, s, at(90*time.Second+lease-time.Second), 10); len(got) != 0 {
		t.Errorf("claim during the leases got %v", ids(got, outboxID))
	}

	// A lease that ran out (its sender died) is claimed again, as a new
	// attempt; the old claim can then no longer record anything.
	got = claim(t, s, at(90*time.Second+lease), 10)
	if d := diff([]string{"o-00", "o-01"}, ids(got, outboxID)); d != "" {
		t.Fatalf("claim after the leases ran out mismatch (-want +got):\n%s", d)
	}
	for _, m := range got {
		if m.Attempts != 2 {
			t.Errorf("%s reclaimed with %d attempts, want 2", m.ID, m.Attempts)
		}
	}
	wantCode(t, s.MarkOutboxSent(ctx, "o-01", 1, at(4*time.Minute)), domain.EConflict, "MarkOutboxSent by a stale claim")
	wantCode(t, s.RetryOutbox(ctx, "o-01", 1, at(time.Hour), "x"), domain.EConflict, "RetryOutbox by a stale claim")
	wantCode(t, s.FailOutbox(ctx, "o-01", 1, "x"), domain.EConflict, "FailOutbox by a stale claim")
	wantCode(t, s.MarkOutboxSent(ctx, "missing", 1, at(0)), domain.ENotFound, "MarkOutboxSent of a missing message")

	// Sent: recorded and never claimed again.
	must(t, s.MarkOutboxSent(ctx, "o-01", 2, at(4*time.Minute)), "MarkOutboxSent")
	wantCode(t, s.MarkOutboxSent(ctx, "o-01", 2, at(4*time.Minute)), domain.EConflict, "MarkOutboxSent twice")

	// Retried: queued again for the time given, with the error.
	must(t, s.RetryOutbox(ctx, "o-00", 2, at(time.Hour), "421 4.3.0 try later"), "RetryOutbox")

	// Due at 5 minutes: claimed, then given up.
	got = claim(t, s, at(30*time.Minute), 10)
	if d := diff([]string{"o-02"}, ids(got, outboxID)); d != "" {
		t.Fatalf("claim at 30 minutes mismatch (-want +got):\n%s", d)
	}
	must(t, s.FailOutbox(ctx, "o-02", 1, "550 5.1.1 no such mailbox"), "FailOutbox")

	// Far later only the retried message is due; sent and failed ones stay.
	got = claim(t, s, at(day(30)), 10)
	if d := diff([]string{"o-00"}, ids(got, outboxID)); d != "" {
		t.Errorf("claim a month later mismatch (-want +got):\n%s", d)
	}
	if got := claim(t, s, at(day(60)), 10); len(got) != 1 || got[0].ID != "o-00" || got[0].Attempts != 4 {
		t.Errorf("claim after another lease = %+v, want o-00 at attempt 4", got)
	}

	list := func(st domain.OutboxStatus) []domain.OutboxMessage {
		t.Helper()
		l, err := s.ListOutbox(ctx, st, 0)
		must(t, err, "ListOutbox")
		return l
	}
	sent := list(domain.OutboxSent)
	if len(sent) != 1 || sent[0].ID != "o-01" || sent[0].SentAt == nil || sent[0].Attempts != 2 {
		t.Fatalf("sent messages = %+v, want o-01 with a sent time after 2 attempts", sent)
	}
	wantStamp(t, "SentAt", at(4*time.Minute), *sent[0].SentAt)
	failed := list(domain.OutboxFailed)
	if len(failed) != 1 || failed[0].ID != "o-02" || failed[0].LastError != "550 5.1.1 no such mailbox" || failed[0].SentAt != nil {
		t.Errorf("failed messages = %+v, want o-02 with its error", failed)
	}
	if got := list(domain.OutboxSending); len(got) != 1 || got[0].ID != "o-00" || got[0].LastError != "421 4.3.0 try later" {
		t.Errorf("sending messages = %+v, want o-00 keeping its last error", got)
	}
	if got := list(domain.OutboxQueued); len(got) != 0 {
		t.Errorf("queued messages = %v, want none", ids(got, outboxID))
	}
	all, err := s.ListOutbox(ctx, "", 2)
	must(t, err, "ListOutbox")
	if len(all) != 2 {
		t.Errorf("ListOutbox with limit 2 = %d messages", len(all))
	}
}

// Concurrent claimers (one per instance) never get the same message, and
// together get every one.
func testOutboxConcurrentClaims(t *testing.T, s domain.Store) {
	ctx := t.Context()
	const n, claimers, batch = 60, 8, 3
	var want []string
	for i := range n {
		m := newOutbox(fixedID("o", i), at(0))
		must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
		want = append(want, m.ID)
	}
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for range claimers {
		wg.Go(func() {
			for {
				c, err := s.ClaimOutbox(ctx, at(time.Minute), lease, batch)
				if err != nil {
					t.Error(err)
					return
				}
				if len(c) == 0 {
					return
				}
				mu.Lock()
				got = append(got, ids(c, outboxID)...)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(got)
	if d := diff(want, got); d != "" {
		t.Errorf("messages claimed by %d concurrent claimers mismatch (-want +got):\n%s", claimers, d)
	}
}
