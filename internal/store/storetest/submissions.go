package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// saveKeyed saves a with an idempotency key and notifications.
func saveKeyed(t *testing.T, s domain.Store, a *domain.Application, key string, notify ...*domain.OutboxMessage) domain.SaveResult {
	t.Helper()
	res, err := s.SaveApplication(t.Context(), a, domain.SaveOptions{IdempotencyKey: key, Notify: notifyWith(notify...)})
	must(t, err, "SaveApplication")
	return res
}

// notifyWith is a Notify that returns msgs whatever was saved.
func notifyWith(msgs ...*domain.OutboxMessage) func(domain.Application, bool) []*domain.OutboxMessage {
	if len(msgs) == 0 {
		return nil
	}
	return func(domain.Application, bool) []*domain.OutboxMessage { return msgs }
}

// outboxCount returns how many messages the outbox holds.
func outboxCount(t *testing.T, s domain.Store) int {
	t.Helper()
	got, err := s.ListOutbox(t.Context(), "", 0)
	must(t, err, "ListOutbox")
	return len(got)
}

// A retry with the same key stores nothing and answers the first result,
// including whether it created the application.
func testSubmissionReplay(t *testing.T, s domain.Store) {
	ctx := t.Context()
	first := newApp("job-1", "asha@example.com", "first")
	before := time.Now()
	res := saveKeyed(t, s, &first, "key-1")
	after := time.Now()
	checkDiff(t, "first save", domain.SaveResult{Created: true}, res)

	sub, err := s.LookupSubmission(ctx, "key-1")
	must(t, err, "LookupSubmission")
	wantNow(t, "Submission.At", before, after, sub.At)
	sub.At = time.Time{}
	checkDiff(t, "LookupSubmission", domain.Submission{Key: "key-1", JobID: "job-1",
		ApplicationID: first.ID, Reference: first.Reference, Created: true}, sub)

	// The retry carries other content (the visitor edited the form after
	// an error they did not see): the first result stands.
	retry := newApp("job-1", "asha@example.com", "retry")
	retry.FirstName = "Changed"
	given := retry
	res = saveKeyed(t, s, &retry, "key-1")
	checkDiff(t, "replayed save", domain.SaveResult{Created: true, Replayed: true}, res)
	given.ID, given.Reference = first.ID, first.Reference
	checkDiff(t, "replayed application argument (ID and Reference of the first)", given, retry)
	got, err := s.GetApplication(ctx, first.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "stored application after a replay", first, got)

	// A replay is recognised even for another address or job: the key,
	// not the content, identifies the submission.
	other := newApp("job-2", "other@example.com", "other")
	res = saveKeyed(t, s, &other, "key-1")
	if !res.Replayed || other.ID != first.ID {
		t.Errorf("save with a recorded key for another job = %+v (ID %q), want a replay of %q", res, other.ID, first.ID)
	}
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	checkDiff(t, "applications after replays", []domain.Application{first}, list)

	// A new key for the same job and address replaces the application,
	// and its replay reports the replacement as the first answer did.
	second := newApp("job-1", "ASHA@example.com", "second")
	res = saveKeyed(t, s, &second, "key-2")
	checkDiff(t, "replacing save", domain.SaveResult{Previous: sorted(first.BlobKeys())}, domain.SaveResult{
		Created: res.Created, Replayed: res.Replayed, Previous: sorted(res.Previous)})
	if second.ID != first.ID {
		t.Errorf("replacement ID %q, want %q", second.ID, first.ID)
	}
	again := newApp("job-1", "asha@example.com", "again")
	res = saveKeyed(t, s, &again, "key-2")
	checkDiff(t, "replay of the replacing save", domain.SaveResult{Replayed: true}, res)
	sub, err = s.LookupSubmission(ctx, "key-2")
	must(t, err, "LookupSubmission")
	if sub.Created || sub.ApplicationID != first.ID {
		t.Errorf("LookupSubmission(key-2) = %+v, want Created false for %q", sub, first.ID)
	}
	got, err = s.GetApplication(ctx, first.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "stored application after the replacement's replay", second, got)

	for _, key := range []string{"", "key-3", "KEY-1", "key-1 "} {
		_, err := s.LookupSubmission(ctx, key)
		wantCode(t, err, domain.ENotFound, fmt.Sprintf("LookupSubmission(%q)", key))
	}
	// Saving without a key never replays.
	plain := newApp("job-1", "asha@example.com", "plain")
	res, err = s.SaveApplication(ctx, &plain, domain.SaveOptions{})
	must(t, err, "SaveApplication without a key")
	if res.Replayed || res.Created {
		t.Errorf("save without a key = %+v, want a replacement", res)
	}
}

// Of concurrent saves with one key, exactly one writes (its application
// and its notification); the others answer its result.
func testSubmissionConcurrent(t *testing.T, s domain.Store) {
	ctx := t.Context()
	const n = 8
	type result struct {
		res domain.SaveResult
		app domain.Application
		err error
	}
	results := make([]result, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			// Different addresses: without the key, each would be a new
			// application.
			a := newApp("job-1", fmt.Sprintf("p%d@example.com", i), fmt.Sprintf("g%d", i))
			m := newOutbox("", t0)
			<-start
			res, err := s.SaveApplication(ctx, &a, domain.SaveOptions{IdempotencyKey: "same-key", Notify: notifyWith(&m)})
			results[i] = result{res, a, err}
		})
	}
	close(start)
	wg.Wait()

	winner := -1
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("goroutine %d: SaveApplication: %v", i, r.err)
		}
		if !r.res.Replayed {
			if winner >= 0 {
				t.Fatalf("goroutines %d and %d both wrote", winner, i)
			}
			winner = i
		}
	}
	if winner < 0 {
		t.Fatalf("every save reported a replay; none wrote")
	}
	w := results[winner].app
	for i, r := range results {
		if !r.res.Created || r.app.ID != w.ID || r.app.Reference != w.Reference {
			t.Errorf("goroutine %d: %+v with ID %q / %q, want Created and the winner's %q / %q",
				i, r.res, r.app.ID, r.app.Reference, w.ID, w.Reference)
		}
	}
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	checkDiff(t, "stored applications", []domain.Application{w}, list)
	if got := outboxCount(t, s); got != 1 {
		t.Errorf("outbox holds %d messages, want the winner's 1", got)
	}
}

// Notifications are queued with the application they are about, never
// without it, and never again on a replay.
func testSubmissionNotify(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	m1, m2 := newOutbox("o-1", t0), newOutbox("", time.Time{})
	m2.To, m2.ReplyTo = "asha@example.com", ""
	saveKeyed(t, s, &a, "k", &m1, &m2)
	for i, m := range []domain.OutboxMessage{m1, m2} {
		if m.Status != domain.OutboxQueued || !domain.ValidID(m.ID) || m.CreatedAt.IsZero() {
			t.Errorf("notification %d not updated with what was stored: %+v", i, m)
		}
	}
	got, err := s.ListOutbox(ctx, domain.OutboxQueued, 0)
	must(t, err, "ListOutbox")
	checkDiff(t, "queued notifications", sorted([]string{m1.ID, m2.ID}), sorted(ids(got, outboxID)))

	// A replay queues nothing and leaves its messages alone.
	b := newApp("job-1", "asha@example.com", "b")
	m3 := newOutbox("", t0)
	res := saveKeyed(t, s, &b, "k", &m3)
	if !res.Replayed {
		t.Fatalf("second save with key k: %+v, want a replay", res)
	}
	checkDiff(t, "notification of a replay", newOutbox("", t0), m3)
	if n := outboxCount(t, s); n != 2 {
		t.Errorf("outbox holds %d messages after a replay, want 2", n)
	}

	// A notification that cannot be queued (its ID is taken) undoes the
	// whole save: no application, no key, no other notification.
	c := newApp("job-2", "ravi@example.com", "c")
	ok, dup := newOutbox("", t0), newOutbox("o-1", t0)
	_, err = s.SaveApplication(ctx, &c, domain.SaveOptions{IdempotencyKey: "k2", Notify: notifyWith(&ok, &dup)})
	if err == nil {
		t.Fatalf("SaveApplication with a notification whose ID is taken succeeded")
	}
	if c.ID != "" || ok.ID != "" {
		t.Errorf("a failed save updated its arguments: application ID %q, notification ID %q", c.ID, ok.ID)
	}
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{JobID: "job-2"})
	must(t, err, "ListApplications")
	if len(list) != 0 {
		t.Errorf("a failed save stored %d applications", len(list))
	}
	_, err = s.LookupSubmission(ctx, "k2")
	wantCode(t, err, domain.ENotFound, "LookupSubmission after a failed save")
	if n := outboxCount(t, s); n != 2 {
		t.Errorf("outbox holds %d messages after a failed save, want 2", n)
	}
	// The key is free: the retry writes.
	ok = newOutbox("", t0)
	res = saveKeyed(t, s, &c, "k2", &ok)
	if res.Replayed || !res.Created || outboxCount(t, s) != 3 {
		t.Errorf("retry after a failed save = %+v with %d messages, want a new application and 3", res, outboxCount(t, s))
	}
}

// Pruned keys are forgotten: a save with one writes again.
func testSubmissionPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	saveKeyed(t, s, &a, "old")
	must(t, s.PruneSubmissions(ctx, time.Now().Add(-time.Hour)), "PruneSubmissions (an hour ago)")
	_, err := s.LookupSubmission(ctx, "old")
	must(t, err, "LookupSubmission of a young key")

	must(t, s.PruneSubmissions(ctx, time.Now().Add(time.Second)), "PruneSubmissions (now)")
	_, err = s.LookupSubmission(ctx, "old")
	wantCode(t, err, domain.ENotFound, "LookupSubmission of a pruned key")
	// The application itself stays.
	_, err = s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication after pruning keys")

	b := newApp("job-1", "asha@example.com", "b")
	res := saveKeyed(t, s, &b, "old")
	if res.Replayed || res.Created || b.ID != a.ID {
		t.Errorf("save with a pruned key = %+v (ID %q), want a replacement of %q", res, b.ID, a.ID)
	}
}

// Notify sees the application as stored: a replacing save keeps the
// earlier reference, and the messages can quote it.
func testSubmissionNotifySeesStored(t *testing.T, s domain.Store) {
	type call struct {
		ref     string
		created bool
	}
	var calls []call
	notify := func(a domain.Application, created bool) []*domain.OutboxMessage {
		calls = append(calls, call{a.Reference, created})
		m := newOutbox("", t0)
		m.Subject = "About " + a.Reference
		return []*domain.OutboxMessage{&m}
	}
	first := newApp("job-1", "asha@example.com", "first")
	if _, err := s.SaveApplication(t.Context(), &first, domain.SaveOptions{Notify: notify}); err != nil {
		t.Fatal(err)
	}
	again := newApp("job-1", "ASHA@example.com", "again")
	if _, err := s.SaveApplication(t.Context(), &again, domain.SaveOptions{Notify: notify}); err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 || calls[len(calls)-2] != (call{first.Reference, true}) || calls[len(calls)-1] != (call{first.Reference, false}) {
		t.Errorf("Notify calls = %+v, want the stored reference %q, created then replaced", calls, first.Reference)
	}
	got, err := s.ListOutbox(t.Context(), "", 0)
	must(t, err, "ListOutbox")
	for _, m := range got {
		if m.Subject != "About "+first.Reference {
			t.Errorf("queued message %q does not quote the stored reference %q", m.Subject, first.Reference)
		}
	}
	if len(got) != 2 {
		t.Errorf("outbox holds %d messages, want 2", len(got))
	}
}

// Suspected spam never replaces a real application (anyone knowing the
// address could wipe it): the row stays as it was, the spam is answered
// with its ID and Reference as a replacement, Notify sees it as spam, and
// Previous is the spam's own keys. A spam row is replaced by a real one.
func testSubmissionSpamKeepsReal(t *testing.T, s domain.Store) {
	ctx := t.Context()
	real := newApp("job-1", "asha@example.com", "real")
	real.Spam = false
	saveKeyed(t, s, &real, "key-real")

	spam := newApp("job-1", "ASHA@example.com", "spam")
	spam.Spam = true
	var notified []domain.Application
	notify := func(a domain.Application, created bool) []*domain.OutboxMessage {
		notified = append(notified, a)
		if a.Spam {
			return nil
		}
		m := newOutbox("", t0)
		return []*domain.OutboxMessage{&m}
	}
	res, err := s.SaveApplication(ctx, &spam, domain.SaveOptions{IdempotencyKey: "key-spam", Notify: notify})
	must(t, err, "SaveApplication (spam over a real application)")
	checkDiff(t, "spam save result", domain.SaveResult{Previous: keysOf(spam)},
		domain.SaveResult{Created: res.Created, Replayed: res.Replayed, Previous: sorted(res.Previous)})
	if spam.ID != real.ID || spam.Reference != real.Reference || !spam.Spam {
		t.Errorf("spam submission given ID %q, Reference %q, Spam %v; want the real one's %q, %q and Spam true",
			spam.ID, spam.Reference, spam.Spam, real.ID, real.Reference)
	}
	if len(notified) != 1 || !notified[0].Spam {
		t.Errorf("Notify saw %d applications (%+v), want one marked spam", len(notified), notified)
	}
	got, err := s.GetApplication(ctx, real.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "real application after a spam submission", real, got)
	for _, k := range keysOf(real) {
		ok, err := s.BlobKeyReferenced(ctx, k)
		must(t, err, "BlobKeyReferenced")
		if !ok {
			t.Errorf("real application's key %q no longer referenced", k)
		}
	}
	if n := outboxCount(t, s); n != 0 {
		t.Errorf("outbox holds %d messages, want none", n)
	}
	sub, err := s.LookupSubmission(ctx, "key-spam")
	must(t, err, "LookupSubmission")
	if sub.Created || sub.ApplicationID != real.ID || sub.Reference != real.Reference {
		t.Errorf("LookupSubmission(key-spam) = %+v, want a replacement of %q", sub, real.ID)
	}

	// A spam row is replaced by spam or by a real application as usual.
	other := newApp("job-2", "ravi@example.com", "spam2")
	other.Spam = true
	saveKeyed(t, s, &other, "")
	fixed := newApp("job-2", "ravi@example.com", "fixed")
	fixed.Spam = false
	res = saveKeyed(t, s, &fixed, "")
	if res.Created || fixed.ID != other.ID {
		t.Errorf("real save over spam = %+v (ID %q), want a replacement of %q", res, fixed.ID, other.ID)
	}
	checkDiff(t, "previous of a real save over spam", keysOf(other), sorted(res.Previous))
	got, err = s.GetApplication(ctx, other.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "spam row after a real save", fixed, got)
}
