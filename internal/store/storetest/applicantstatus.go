package storetest

import (
	"testing"
	"time"

	"corpsite/internal/domain"
)

// applicantStatusTests are the cases of the applicant's status link.
var applicantStatusTests = []contractTest{
	{"Application/StatusToken", testAppStatusToken},
	{"Application/Withdraw", testAppWithdraw},
	{"Application/ReleaseSetsStatusToken", testAppReleaseSetsStatusToken},
}

// testAppStatusToken: a save stores the token's hash, found again by it;
// replacing the token (or the application) kills the old one; erasing
// the application kills its link.
func testAppStatusToken(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	a.StatusTokenHash = "hash-1"
	_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	got, err := s.GetApplicationByStatusToken(ctx, "hash-1")
	must(t, err, "GetApplicationByStatusToken")
	if got.ID != a.ID || got.StatusTokenHash != "" {
		t.Fatalf("found %q (token hash %q), want %q and no hash read back", got.ID, got.StatusTokenHash, a.ID)
	}
	for _, h := range []string{"", "hash-2"} {
		if _, err := s.GetApplicationByStatusToken(ctx, h); !domain.IsNotFound(err) {
			t.Errorf("GetApplicationByStatusToken(%q) = %v, want not found", h, err)
		}
	}
	byRef, err := s.GetApplicationByReference(ctx, a.Reference)
	must(t, err, "GetApplicationByReference")
	if byRef.ID != a.ID {
		t.Errorf("by reference: %q, want %q", byRef.ID, a.ID)
	}
	if _, err := s.GetApplicationByReference(ctx, "APP-NOPE0000"); !domain.IsNotFound(err) {
		t.Errorf("unknown reference: %v, want not found", err)
	}

	// A new token (lost link), with its mail in the same transaction.
	mail := &domain.OutboxMessage{To: a.Email, Subject: "Your link", Body: "link", CreatedAt: t0}
	must(t, s.SetStatusToken(ctx, a.ID, "hash-2", mail), "SetStatusToken")
	if mail.ID == "" || mail.Status != domain.OutboxQueued {
		t.Errorf("mail not queued: %+v", mail)
	}
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-1"); !domain.IsNotFound(err) {
		t.Errorf("old token still works: %v", err)
	}
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-2"); err != nil {
		t.Errorf("new token: %v", err)
	}
	if err := s.SetStatusToken(ctx, "no-such-id", "hash-3", nil); !domain.IsNotFound(err) {
		t.Errorf("SetStatusToken of a missing application: %v, want not found", err)
	}
	// Another application cannot take a hash in use.
	b := newApp("job-1", "ben@example.com", "b")
	must2(t, s, &b)
	if err := s.SetStatusToken(ctx, b.ID, "hash-2", nil); err == nil {
		t.Error("two applications share one token hash")
	}

	// A later application to the same job replaces the token.
	again := newApp("job-1", "asha@example.com", "a2")
	again.StatusTokenHash = "hash-4"
	_, err = s.SaveApplication(ctx, &again, domain.SaveOptions{})
	must(t, err, "SaveApplication again")
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-2"); !domain.IsNotFound(err) {
		t.Errorf("the replaced application's token still works: %v", err)
	}
	must(t, s.DeleteApplication(ctx, a.ID), "DeleteApplication")
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-4"); !domain.IsNotFound(err) {
		t.Errorf("an erased application's token still works: %v", err)
	}
}

func must2(t *testing.T, s domain.Store, a *domain.Application) {
	t.Helper()
	_, err := s.SaveApplication(t.Context(), a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
}

// testAppWithdraw: withdrawing is recorded once; a later application
// to the same job stands again.
func testAppWithdraw(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	must2(t, s, &a)
	when := at(time.Hour).Truncate(time.Microsecond) // as stored
	mail := &domain.OutboxMessage{To: "staff@example.com", Subject: "Withdrawn", Body: "withdrawn", CreatedAt: t0}
	got, err := s.WithdrawApplication(ctx, a.ID, when, mail)
	must(t, err, "WithdrawApplication")
	if mail.ID == "" || mail.Status != domain.OutboxQueued {
		t.Errorf("notification not queued: %+v", mail)
	}
	if got.WithdrawnAt == nil || !got.WithdrawnAt.Equal(when) {
		t.Fatalf("WithdrawnAt = %v, want %v", got.WithdrawnAt, when)
	}
	again := &domain.OutboxMessage{To: "staff@example.com", Subject: "Withdrawn again", Body: "withdrawn", CreatedAt: t0}
	got, err = s.WithdrawApplication(ctx, a.ID, at(2*time.Hour), again)
	must(t, err, "WithdrawApplication again")
	if again.ID != "" {
		t.Error("withdrawing again queued another notification")
	}
	if out, err := s.ListOutbox(ctx, "", 0); err != nil || len(out) != 1 {
		t.Errorf("outbox holds %d messages (%v), want the one notification", len(out), err)
	}
	if got.WithdrawnAt == nil || !got.WithdrawnAt.Equal(when) {
		t.Errorf("withdrawing again moved WithdrawnAt to %v", got.WithdrawnAt)
	}
	read, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if read.WithdrawnAt == nil {
		t.Error("GetApplication lost WithdrawnAt")
	}
	if _, err := s.WithdrawApplication(ctx, "no-such-id", t0, mail); !domain.IsNotFound(err) {
		t.Errorf("WithdrawApplication of a missing application: %v, want not found", err)
	}
	later := newApp("job-1", "asha@example.com", "a2")
	must2(t, s, &later)
	read, err = s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication after a new application")
	if read.WithdrawnAt != nil {
		t.Errorf("a new application is still withdrawn (%v)", read.WithdrawnAt)
	}
}

// testAppReleaseSetsStatusToken: a release of suspected spam whose
// confirmation was held gives the application the released mail's
// status link; a verdict that releases nothing leaves the link alone.
func testAppReleaseSetsStatusToken(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "a")
	a.Spam, a.ConfirmationHeld, a.StatusTokenHash = true, true, "hash-spam"
	must2(t, s, &a)
	release := func(domain.Application) []*domain.OutboxMessage {
		return []*domain.OutboxMessage{{To: a.Email, Subject: "Confirmation", Body: "link", CreatedAt: t0}}
	}
	_, _, err := s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{At: t0, Release: release, StatusTokenHash: "hash-released"})
	must(t, err, "ReviewApplicationSpam")
	if got, err := s.GetApplicationByStatusToken(ctx, "hash-released"); err != nil || got.ID != a.ID {
		t.Errorf("released application by its new token: %q, %v", got.ID, err)
	}
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-spam"); !domain.IsNotFound(err) {
		t.Errorf("the token issued while suspected still works: %v", err)
	}
	// Nothing held any more: a second "not spam" releases nothing and
	// keeps the link.
	_, _, err = s.ReviewApplicationSpam(ctx, a.ID, domain.SpamDecision{At: t0, Release: release, StatusTokenHash: "hash-other"})
	must(t, err, "ReviewApplicationSpam again")
	if _, err := s.GetApplicationByStatusToken(ctx, "hash-released"); err != nil {
		t.Errorf("a verdict that released nothing changed the link: %v", err)
	}
}
