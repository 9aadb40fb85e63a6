package server_test

import (
	"context"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// A withdrawn application stays where the applicant left it: the staff
// API's status change answers 409 with the reason, and a bulk change
// skips it, names it and why, and changes the rest.
func TestAdminWithdrawnApplicationIsNotMoved(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	ctx := context.Background()
	gone := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusReviewing)
	other := f.seedApp(t, f.job.ID, "Ravi Kumar", "ravi@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	if _, err := f.store.WithdrawApplication(ctx, gone.ID, testNow, nil); err != nil {
		t.Fatal(err)
	}
	const msg = "This application was withdrawn by the applicant, so its status can no longer be changed."

	res := f.admin(t, "PATCH", "/api/admin/applications/"+gone.ID+"/status", wire.StatusChange{Status: "interview", Notify: true})
	if e := decodeAPIError(t, res); res.Status != 409 || e.Message != msg {
		t.Errorf("status change of a withdrawn application = %d %+v, want 409 %q", res.Status, e, msg)
	}

	ans := answerAs[wire.BulkStatusAnswer](t, f.admin(t, "POST", "/api/admin/applications/bulk",
		wire.BulkStatusRequest{IDs: []string{gone.ID, other.ID}, Status: "rejected", Notify: true}), 200)
	if ans.Moved != 1 || ans.Failed != 1 || ans.Mailed != 1 || len(ans.Results) != 2 {
		t.Fatalf("bulk answer = %+v, want one moved, one skipped", ans)
	}
	if r := ans.Results[0]; r.OK || r.Changed || r.Mailed || r.Reference != gone.Reference || r.Error != msg {
		t.Errorf("the withdrawn one's result = %+v, want skipped with %q", r, msg)
	}
	if r := ans.Results[1]; !r.OK || !r.Changed || !r.Mailed || r.Reference != other.Reference {
		t.Errorf("the other's result = %+v, want moved and mailed", r)
	}

	if got, _ := f.store.GetApplication(ctx, gone.ID); got.Status != domain.StatusReviewing {
		t.Errorf("the withdrawn application's status = %s, want reviewing", got.Status)
	}
	if got, _ := f.store.GetApplication(ctx, other.ID); got.Status != domain.StatusRejected {
		t.Errorf("the other's status = %s, want rejected", got.Status)
	}
	out, _ := f.store.ListOutbox(ctx, "", 0)
	if len(out) != 1 || out[0].To != "ravi@example.com" {
		t.Errorf("outbox = %+v, want the other's rejection only", out)
	}
}
