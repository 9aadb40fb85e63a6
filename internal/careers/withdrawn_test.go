package careers_test

import (
	"context"
	"testing"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
)

const msgWithdrawn = "This application was withdrawn by the applicant, so its status can no longer be changed."

// withdrawnAndOther applies twice, withdraws the first application, and
// returns both as stored.
func (f *fixture) withdrawnAndOther(t *testing.T) (withdrawn, other domain.Application) {
	t.Helper()
	_, token := f.applied(t, applytest.Email)
	f.applied(t, "ravi@example.com")
	if _, err := f.svc.Withdraw(context.Background(), token); err != nil {
		t.Fatal(err)
	}
	for _, a := range f.applications(t) {
		if a.Email == applytest.Email {
			withdrawn = a
		} else {
			other = a
		}
	}
	if withdrawn.WithdrawnAt == nil || other.WithdrawnAt != nil {
		t.Fatalf("withdrawn %+v, other %+v", withdrawn.WithdrawnAt, other.WithdrawnAt)
	}
	return withdrawn, other
}

func (f *fixture) statusOf(t *testing.T, id string) domain.ApplicationStatus {
	t.Helper()
	a, err := f.store.GetApplication(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a.Status
}

func TestWithdrawnApplicationIsNotMoved(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	withdrawn, _ := f.withdrawnAndOther(t)
	if err := careers.MayMove(withdrawn); domain.ErrorCode(err) != domain.EConflict || domain.ErrorMessage(err) != msgWithdrawn {
		t.Errorf("MayMove(withdrawn) = %v, want EConflict %q", err, msgWithdrawn)
	}
	mails := len(f.outbox(t))
	for _, st := range []domain.ApplicationStatus{domain.StatusReviewing, domain.StatusInterview, domain.StatusRejected, domain.StatusNew} {
		m, err := f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: withdrawn.ID, Status: st, Notify: true, By: recruiter})
		if domain.ErrorCode(err) != domain.EConflict || domain.ErrorMessage(err) != msgWithdrawn {
			t.Errorf("move to %s: %v, want EConflict %q", st, err, msgWithdrawn)
		}
		if m.Changed || m.Mailed || m.Before.Reference != withdrawn.Reference {
			t.Errorf("move to %s = %+v, want nothing done and the application named", st, m)
		}
	}
	if got := f.statusOf(t, withdrawn.ID); got != withdrawn.Status {
		t.Errorf("status = %s, want %s as withdrawn", got, withdrawn.Status)
	}
	if n := len(f.outbox(t)) - mails; n != 0 {
		t.Errorf("%d mails queued", n)
	}
	if e := f.audit(t, domain.AuditStatusChanged); len(e) != 0 {
		t.Errorf("refused moves were audited: %+v", e)
	}

	// The rule holds inside the change's transaction too: an application
	// withdrawn after it was read is not moved.
	_, _, err := f.store.ChangeApplicationStatus(ctx, withdrawn.ID, domain.StatusChange{Status: domain.StatusHired, Allow: careers.MayMove})
	if domain.ErrorCode(err) != domain.EConflict || f.statusOf(t, withdrawn.ID) != withdrawn.Status {
		t.Errorf("a change with MayMove of a withdrawn application: %v, status %s", err, f.statusOf(t, withdrawn.ID))
	}
}

func TestBulkMoveSkipsWithdrawnApplications(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	withdrawn, other := f.withdrawnAndOther(t)
	res, err := f.svc.BulkChangeStatus(ctx, careers.BulkMove{IDs: []string{withdrawn.ID, other.ID}, Status: domain.StatusRejected, Notify: true, By: recruiter})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 {
		t.Fatalf("%d results, want 2", len(res))
	}
	if r := res[0]; domain.ErrorMessage(r.Error) != msgWithdrawn || r.Moved.Changed || r.Moved.Mailed || r.Moved.Before.Reference != withdrawn.Reference {
		t.Errorf("the withdrawn one = %+v, want skipped, named, with %q", r, msgWithdrawn)
	}
	if r := res[1]; r.Error != nil || !r.Moved.Changed || !r.Moved.Mailed {
		t.Errorf("the other = %+v, want moved and mailed", r)
	}
	if got := f.statusOf(t, withdrawn.ID); got != withdrawn.Status {
		t.Errorf("the withdrawn one's status = %s, want %s", got, withdrawn.Status)
	}
	if got := f.statusOf(t, other.ID); got != domain.StatusRejected {
		t.Errorf("the other's status = %s, want rejected", got)
	}
	if e := f.audit(t, domain.AuditStatusChanged); len(e) != 1 || e[0].Subject != other.Reference {
		t.Errorf("audit = %+v, want the other's move alone", e)
	}
}
