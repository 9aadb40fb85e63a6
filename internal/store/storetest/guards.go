package storetest

import (
	"bytes"
	"errors"
	"testing"

	"corpsite/internal/domain"
)

// guardTests are the contract of a status change's Allow and of the
// sealed status link kept with an idempotency key.
var guardTests = []contractTest{
	{"StatusChange/AllowRefuses", testStatusChangeAllow},
	{"Submission/StatusLinkSealed", testSubmissionStatusLink},
}

// An Allow that refuses leaves the application, the outbox and the audit
// log as they were, and its error is returned.
func testStatusChangeAllow(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "allow")
	must2(t, s, &a)
	refused := domain.Errorf(domain.EConflict, "no")
	var seen domain.Application
	c := domain.StatusChange{Status: domain.StatusRejected,
		Allow: func(before domain.Application) error { seen = before; return refused },
		Notify: func(before domain.Application) (*domain.OutboxMessage, string, error) {
			t.Error("Notify called after Allow refused")
			return nil, "", nil
		},
		Audit: func(before domain.Application, mailed bool) domain.AuditEntry {
			t.Error("Audit called after Allow refused")
			return domain.AuditEntry{Action: domain.AuditStatusChanged}
		}}
	if _, _, err := s.ChangeApplicationStatus(ctx, a.ID, c); !errors.Is(err, refused) {
		t.Errorf("ChangeApplicationStatus with a refusing Allow: %v, want its error", err)
	}
	if seen.ID != a.ID {
		t.Errorf("Allow saw %q, want the application", seen.ID)
	}
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.Status != domain.StatusNew {
		t.Errorf("status %q after a refused change, want new", got.Status)
	}
	c.Allow = func(domain.Application) error { return nil }
	c.Notify, c.Audit = nil, nil
	if _, _, err := s.ChangeApplicationStatus(ctx, a.ID, c); err != nil {
		t.Errorf("ChangeApplicationStatus with an Allow that allows: %v", err)
	}
}

// The sealed status link given with an idempotency key comes back with
// the key's record; without one it is nil.
func testSubmissionStatusLink(t *testing.T, s domain.Store) {
	ctx := t.Context()
	sealed := []byte{1, 2, 'k', 0, 255, 7}
	a := newApp("job-1", "asha@example.com", "sealed")
	if _, err := s.SaveApplication(ctx, &a, domain.SaveOptions{IdempotencyKey: "key-sealed", StatusLinkSealed: sealed}); err != nil {
		t.Fatal(err)
	}
	sub, err := s.LookupSubmission(ctx, "key-sealed")
	must(t, err, "LookupSubmission")
	if !bytes.Equal(sub.StatusLinkSealed, sealed) {
		t.Errorf("StatusLinkSealed = %v, want %v", sub.StatusLinkSealed, sealed)
	}
	b := newApp("job-1", "ravi@example.com", "unsealed")
	saveKeyed(t, s, &b, "key-plain")
	sub, err = s.LookupSubmission(ctx, "key-plain")
	must(t, err, "LookupSubmission")
	if sub.StatusLinkSealed != nil {
		t.Errorf("StatusLinkSealed = %v without one given, want nil", sub.StatusLinkSealed)
	}
}
