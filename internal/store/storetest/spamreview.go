package storetest

import (
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// spamTests are the contract cases of the Suspected spam folder: exact
// look-ups in any folder, the review queue and staff's verdicts.
var spamTests = []contractTest{
	{"Spam/LookupInAnyFolder", testSpamLookup},
	{"Spam/QueueAndVerdicts", testSpamVerdicts},
	{"Spam/ReleaseQueuesHeldMailOnce", testSpamRelease},
	{"Spam/ReplacementResetsReview", testSpamReplacement},
}

// spamApp saves an application to job-1 from email, suspected of spam
// (with its confirmation held) or not.
func spamApp(t *testing.T, s domain.Store, email, ref string, spam bool) domain.Application {
	t.Helper()
	a := newApp("job-1", email, ref)
	a.Reference, a.Spam, a.ConfirmationHeld = ref, spam, spam
	if spam {
		a.SpamReasons = "the hidden field was filled in"
	}
	_, err := s.SaveApplication(t.Context(), &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	return a
}

func testSpamLookup(t *testing.T, s domain.Store) {
	ctx := t.Context()
	spam := spamApp(t, s, "Meera.Iyer@Example.com", "APP-SPAM2345", true)
	real := spamApp(t, s, "ravi@example.com", "APP-REAL2345", false)
	for _, tc := range []struct {
		f    domain.ApplicationFilter
		want []string
	}{
		{domain.ApplicationFilter{Reference: "APP-SPAM2345"}, []string{spam.ID}},
		{domain.ApplicationFilter{Reference: "app-spam2345"}, []string{spam.ID}},
		{domain.ApplicationFilter{Reference: " app-real2345 "}, []string{real.ID}},
		{domain.ApplicationFilter{Reference: "APP-SPAM234"}, []string{}},
		{domain.ApplicationFilter{Email: "meera.iyer@example.COM"}, []string{spam.ID}},
		{domain.ApplicationFilter{Email: "iyer@example.com"}, []string{}},
		// Other filters still apply to an exact look-up.
		{domain.ApplicationFilter{Reference: "APP-SPAM2345", Spam: domain.SpamExclude}, []string{}},
		{domain.ApplicationFilter{Email: "ravi@example.com", Spam: domain.SpamOnly}, []string{}},
	} {
		got, err := s.ListApplications(ctx, tc.f)
		must(t, err, "ListApplications")
		checkDiff(t, fmt.Sprintf("ListApplications(%+v) IDs", tc.f), tc.want, ids(got, appID))
	}
	got, err := s.GetApplication(ctx, spam.ID)
	must(t, err, "GetApplication")
	if got.SpamReasons != "the hidden field was filled in" || !got.ConfirmationHeld || got.SpamReview != domain.SpamUnreviewed {
		t.Errorf("stored spam: reasons %q, held %v, review %q", got.SpamReasons, got.ConfirmationHeld, got.SpamReview)
	}
}

// spamState is what a verdict may change of an application.
func spamState(a domain.Application) [3]any { return [3]any{a.Spam, a.SpamReview, a.ConfirmationHeld} }

// countQueue is how many applications wait in the Suspected spam queue.
func countQueue(t *testing.T, s domain.Store) int {
	t.Helper()
	n, err := s.CountApplications(t.Context(), domain.ApplicationFilter{Spam: domain.SpamQueue})
	must(t, err, "CountApplications")
	return n
}

// auditOf appends an entry of action on the application's reference.
func auditOf(action domain.AuditAction) func(domain.Application) domain.AuditEntry {
	return func(a domain.Application) domain.AuditEntry {
		return domain.AuditEntry{Action: action, Subject: a.Reference, ActorEmail: "rec@example.com"}
	}
}

func testSpamVerdicts(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := spamApp(t, s, "a@example.com", "APP-AAAA2345", true)
	b := spamApp(t, s, "b@example.com", "APP-BBBB2345", true)
	c := spamApp(t, s, "c@example.com", "APP-CCCC2345", false)
	if n := countQueue(t, s); n != 2 {
		t.Fatalf("queue = %d, want 2", n)
	}
	// Spam confirmed: still in the folder, out of the queue; again: nothing.
	for i := range 2 {
		before, after, err := s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{Spam: true, At: at(time.Hour), Audit: auditOf(domain.AuditMarkedSpam)})
		must(t, err, "ReviewApplicationSpam")
		changed := spamState(before) != spamState(after)
		if changed != (i == 0) || !after.Spam || after.SpamReview != domain.SpamConfirmed || !after.ConfirmationHeld {
			t.Errorf("spam verdict %d: changed %v, after %+v", i+1, changed, after)
		}
	}
	if n := countQueue(t, s); n != 1 {
		t.Errorf("queue after a spam verdict = %d, want 1", n)
	}
	if n, _ := s.CountApplications(ctx, domain.ApplicationFilter{Spam: domain.SpamOnly}); n != 2 {
		t.Errorf("Suspected spam folder = %d, want 2 (confirmed spam stays)", n)
	}
	// An application outside the folder marked spam joins it, reviewed.
	_, after, err := s.ReviewApplicationSpam(ctx, c.ID, domain.SpamDecision{Spam: true, Audit: auditOf(domain.AuditMarkedSpam)})
	must(t, err, "ReviewApplicationSpam")
	if !after.Spam || after.SpamReview != domain.SpamConfirmed || after.ConfirmationHeld {
		t.Errorf("real application marked spam = %+v", after)
	}
	// Not spam for one never in the folder changes nothing.
	d := spamApp(t, s, "d@example.com", "APP-DDDD2345", false)
	before, after, err := s.ReviewApplicationSpam(ctx, d.ID, domain.SpamDecision{Audit: auditOf(domain.AuditMarkedNotSpam)})
	must(t, err, "ReviewApplicationSpam")
	if spamState(before) != spamState(after) || after.SpamReview != domain.SpamUnreviewed {
		t.Errorf("not spam for a real application changed it: %+v", after)
	}
	_, _, err = s.ReviewApplicationSpam(ctx, "no-such-app", domain.SpamDecision{})
	wantCode(t, err, domain.ENotFound, "ReviewApplicationSpam of a missing application")
	// Audit rows: one per change, in the same transaction.
	got, total, err := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditMarkedSpam})
	must(t, err, "ListAudit")
	if total != 2 || len(got) != 2 {
		t.Fatalf("marked-spam audit rows = %d, want 2", total)
	}
	if got[0].Subject != c.Reference || got[1].Subject != a.Reference || !got[1].At.Equal(stampUTC(at(time.Hour))) {
		t.Errorf("audit rows = %+v", got)
	}
	if _, total, _ := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditMarkedNotSpam}); total != 0 {
		t.Errorf("not-spam audit rows = %d, want 0 (nothing changed)", total)
	}
	_ = b
}

func testSpamRelease(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := spamApp(t, s, "a@example.com", "APP-AAAA2345", true)
	release := func(got domain.Application) []*domain.OutboxMessage {
		if got.Spam || got.ConfirmationHeld {
			t.Errorf("Release saw %+v, want the released application", got)
		}
		return []*domain.OutboxMessage{{To: got.Email, Subject: "Your application " + got.Reference, Body: "Thank you."}}
	}
	for i := range 2 {
		_, after, err := s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{Release: release, Audit: auditOf(domain.AuditMarkedNotSpam)})
		must(t, err, "ReviewApplicationSpam")
		if after.Spam || after.SpamReview != domain.SpamCleared || after.ConfirmationHeld {
			t.Errorf("release %d: after %+v", i+1, after)
		}
	}
	if n := countQueue(t, s); n != 0 {
		t.Errorf("queue after the release = %d, want 0", n)
	}
	mails, err := s.ListOutbox(ctx, "", 0)
	must(t, err, "ListOutbox")
	if len(mails) != 1 || mails[0].To != "a@example.com" || mails[0].Subject != "Your application APP-AAAA2345" {
		t.Errorf("outbox after two releases = %+v, want one confirmation", mails)
	}
	// Marked spam and released again, it is not confirmed twice.
	_, _, err = s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{Spam: true})
	must(t, err, "ReviewApplicationSpam")
	_, _, err = s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{Release: release})
	must(t, err, "ReviewApplicationSpam")
	if n := outboxCount(t, s); n != 1 {
		t.Errorf("outbox after spam and a second release = %d, want 1", n)
	}
	if _, total, _ := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditMarkedNotSpam}); total != 1 {
		t.Errorf("not-spam audit rows = %d, want 1", total)
	}
	// A nil message fails the release and changes nothing.
	b := spamApp(t, s, "b@example.com", "APP-BBBB2345", true)
	_, _, err = s.ReviewApplicationSpam(ctx, b.ID, domain.SpamDecision{Release: func(domain.Application) []*domain.OutboxMessage {
		return []*domain.OutboxMessage{nil}
	}})
	if err == nil {
		t.Error("a release with a nil message succeeded")
	}
	if got, _ := s.GetApplication(ctx, b.ID); !got.Spam || !got.ConfirmationHeld {
		t.Errorf("failed release changed the application: %+v", got)
	}
}

func testSpamReplacement(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := spamApp(t, s, "a@example.com", "APP-AAAA2345", true)
	_, _, err := s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{Spam: true})
	must(t, err, "ReviewApplicationSpam")
	// The applicant sends a real application: it replaces the spam, unreviewed.
	b := newApp("job-1", "a@example.com", "again")
	b.Spam = false
	_, err = s.SaveApplication(ctx, &b, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.Spam || got.SpamReview != domain.SpamUnreviewed || got.ConfirmationHeld || got.SpamReasons != "" {
		t.Errorf("replaced application = spam %v, review %q, held %v, reasons %q", got.Spam, got.SpamReview, got.ConfirmationHeld, got.SpamReasons)
	}
}
