package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// contactKeyTests cover the idempotency keys of contact messages.
var contactKeyTests = []contractTest{
	{"ContactKey/Replay", testContactKeyReplay},
	{"ContactKey/Concurrent", testContactKeyConcurrent},
	{"ContactKey/Prune", testContactKeyPrune},
}

// createContact stores m, and notify if not nil, without an idempotency
// key.
func createContact(ctx context.Context, s domain.Store, m *domain.ContactMessage, notify *domain.OutboxMessage) error {
	_, err := s.CreateContactMessage(ctx, m, domain.ContactOptions{Notify: notify})
	return err
}

// contactIDs lists the stored messages' IDs, newest first.
func contactIDs(t *testing.T, s domain.Store) []string {
	t.Helper()
	list, err := s.ListContactMessages(t.Context(), domain.ContactFilter{})
	must(t, err, "ListContactMessages")
	return ids(list, func(m domain.ContactMessage) string { return m.ID })
}

// A retry with the same key stores and queues nothing and answers the
// first message's ID, whatever it carries; another key, or none, stores a
// message of its own. Application keys are another matter.
func testContactKeyReplay(t *testing.T, s domain.Store) {
	ctx := t.Context()
	first := newContact("", t0)
	n1 := newOutbox("", t0)
	replayed, err := s.CreateContactMessage(ctx, &first, domain.ContactOptions{Notify: &n1, IdempotencyKey: "contact-key-1"})
	must(t, err, "CreateContactMessage with a key")
	if replayed || !domain.ValidID(first.ID) || n1.Status != domain.OutboxQueued {
		t.Fatalf("first message with a key: replayed %v, ID %q, notification %+v; want stored and queued", replayed, first.ID, n1)
	}
	id, err := s.LookupContactSubmission(ctx, "contact-key-1")
	must(t, err, "LookupContactSubmission")
	if id != first.ID {
		t.Errorf("LookupContactSubmission = %q, want %q", id, first.ID)
	}

	// The retry carries other content (edited after an error the visitor
	// did not see): the first message stands.
	retry := newContact("", t0)
	retry.Subject = "Changed"
	n2 := newOutbox("", t0)
	replayed, err = s.CreateContactMessage(ctx, &retry, domain.ContactOptions{Notify: &n2, IdempotencyKey: "contact-key-1"})
	must(t, err, "CreateContactMessage with a recorded key")
	if !replayed || retry.ID != first.ID {
		t.Errorf("retry: replayed %v, ID %q; want a replay of %q", replayed, retry.ID, first.ID)
	}
	checkDiff(t, "notification of a replay", newOutbox("", t0), n2)
	checkDiff(t, "messages after a replay", []string{first.ID}, contactIDs(t, s))
	got, err := s.GetContactMessage(ctx, first.ID)
	must(t, err, "GetContactMessage")
	checkDiff(t, "stored message after a replay", first, got)
	if n := outboxCount(t, s); n != 1 {
		t.Errorf("outbox holds %d messages after a replay, want 1", n)
	}

	for _, key := range []string{"", "contact-key-2", "CONTACT-KEY-1", "contact-key-1 "} {
		_, err := s.LookupContactSubmission(ctx, key)
		wantCode(t, err, domain.ENotFound, fmt.Sprintf("LookupContactSubmission(%q)", key))
	}
	// A key an application was saved with is not a contact message's.
	a := newApp("job-1", "asha@example.com", "a")
	saveKeyed(t, s, &a, "shared-key")
	_, err = s.LookupContactSubmission(ctx, "shared-key")
	wantCode(t, err, domain.ENotFound, "LookupContactSubmission of an application's key")
	other := newContact("", t0)
	replayed, err = s.CreateContactMessage(ctx, &other, domain.ContactOptions{IdempotencyKey: "shared-key"})
	must(t, err, "CreateContactMessage with an application's key")
	if replayed || other.ID == first.ID {
		t.Errorf("message with an application's key: replayed %v, ID %q; want a message of its own", replayed, other.ID)
	}
	// Without a key, the same message is stored again.
	plain := newContact("", t0)
	replayed, err = s.CreateContactMessage(ctx, &plain, domain.ContactOptions{})
	must(t, err, "CreateContactMessage without a key")
	if replayed || plain.ID == first.ID || plain.ID == other.ID {
		t.Errorf("message without a key: replayed %v, ID %q; want a message of its own", replayed, plain.ID)
	}
	if got := len(contactIDs(t, s)); got != 3 {
		t.Errorf("%d messages stored, want 3", got)
	}
}

// Of concurrent messages with one key, exactly one is stored (with its
// notification); the others answer its ID.
func testContactKeyConcurrent(t *testing.T, s domain.Store) {
	const n = 8
	type result struct {
		replayed bool
		id       string
		err      error
	}
	results := make([]result, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			m := newContact("", t0)
			m.Subject = fmt.Sprintf("Attempt %d", i)
			notify := newOutbox("", t0)
			<-start
			replayed, err := s.CreateContactMessage(t.Context(), &m, domain.ContactOptions{Notify: &notify, IdempotencyKey: "same-contact-key"})
			results[i] = result{replayed, m.ID, err}
		})
	}
	close(start)
	wg.Wait()
	winner := -1
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("goroutine %d: CreateContactMessage: %v", i, r.err)
		}
		if !r.replayed {
			if winner >= 0 {
				t.Fatalf("goroutines %d and %d both stored a message", winner, i)
			}
			winner = i
		}
	}
	if winner < 0 {
		t.Fatal("every call reported a replay; none stored")
	}
	for i, r := range results {
		if r.id != results[winner].id {
			t.Errorf("goroutine %d: ID %q, want the stored message's %q", i, r.id, results[winner].id)
		}
	}
	checkDiff(t, "stored messages", []string{results[winner].id}, contactIDs(t, s))
	if got := outboxCount(t, s); got != 1 {
		t.Errorf("outbox holds %d messages, want the stored one's 1", got)
	}
}

// PruneSubmissions forgets contact keys recorded before its time too; the
// messages stay, and a forgotten key stores a new message.
func testContactKeyPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("", t0)
	_, err := s.CreateContactMessage(ctx, &m, domain.ContactOptions{IdempotencyKey: "old-contact-key"})
	must(t, err, "CreateContactMessage")
	must(t, s.PruneSubmissions(ctx, time.Now().Add(-time.Hour)), "PruneSubmissions (an hour ago)")
	if id, err := s.LookupContactSubmission(ctx, "old-contact-key"); err != nil || id != m.ID {
		t.Errorf("LookupContactSubmission of a young key = %q, %v; want %q", id, err, m.ID)
	}

	must(t, s.PruneSubmissions(ctx, time.Now().Add(time.Second)), "PruneSubmissions (now)")
	_, err = s.LookupContactSubmission(ctx, "old-contact-key")
	wantCode(t, err, domain.ENotFound, "LookupContactSubmission of a pruned key")
	_, err = s.GetContactMessage(ctx, m.ID)
	must(t, err, "GetContactMessage after pruning keys")

	again := newContact("", t0)
	replayed, err := s.CreateContactMessage(ctx, &again, domain.ContactOptions{IdempotencyKey: "old-contact-key"})
	must(t, err, "CreateContactMessage with a pruned key")
	if replayed || again.ID == m.ID {
		t.Errorf("message with a pruned key: replayed %v, ID %q; want a new message", replayed, again.ID)
	}
}
