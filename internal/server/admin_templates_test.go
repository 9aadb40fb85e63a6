package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

func TestAdminCandidateEmailsEditPreviewAndNotify(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	list := answerAs[wire.CandidateEmailList](t, f.admin(t, "GET", "/api/admin/candidate-emails", nil), 200)
	if len(list.Templates) != 4 || list.Templates[1].Stage != "interview" || !list.Templates[1].Default || len(list.Placeholders) != 4 {
		t.Fatalf("templates = %+v", list)
	}
	edit := wire.CandidateEmailRequest{Subject: "Let's talk, {first_name}", Body: "Dear {first_name},\n\nCome & meet us about {job_title}.\n\n{status_link}"}
	p := answerAs[wire.CandidateEmailPreview](t, f.admin(t, "POST", "/api/admin/candidate-emails/interview/preview", edit), 200)
	if p.Subject != "Let's talk, Priya" || !strings.Contains(p.HTML, "<p>Come &amp; meet us about Senior Software Engineer.</p>") {
		t.Errorf("preview = %+v", p)
	}
	res := f.admin(t, "PUT", "/api/admin/candidate-emails/interview", wire.CandidateEmailRequest{Subject: "Hi", Body: "Dear {name}"})
	if e := decodeAPIError(t, res); res.Status != 422 || !strings.Contains(e.Fields["body"], "{name}") {
		t.Errorf("unknown placeholder = %d %+v, want 422 naming it", res.Status, e)
	}
	saved := answerAs[wire.CandidateEmail](t, f.admin(t, "PUT", "/api/admin/candidate-emails/interview", edit), 200)
	if saved.Default || saved.UpdatedBy != recruiter.Email {
		t.Errorf("saved = %+v", saved)
	}

	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusReviewing)
	answerAs[wire.ApplicationDetail](t, f.admin(t, "PATCH", "/api/admin/applications/"+a.ID+"/status",
		wire.StatusChange{Status: "interview", Notify: true}), 200)
	out, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil || len(out) != 1 {
		t.Fatalf("outbox = %+v, %v; want the interview mail", out, err)
	}
	if m := out[0]; m.To != "asha@example.com" || m.Subject != "Let's talk, Asha" || !strings.Contains(m.HTMLBody, "<a href=") || !strings.Contains(m.Body, "#t=") {
		t.Errorf("mail = %+v", m)
	}
	var changes []string
	for _, e := range f.audits(t) {
		if e.Action == domain.AuditStatusChanged {
			changes = append(changes, e.Subject+": "+e.Detail)
		}
	}
	if len(changes) != 1 || changes[0] != a.Reference+": reviewing → interview; e-mail sent" {
		t.Errorf("status changes audited = %q", changes)
	}
}

func TestAdminBulkStatus(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	b := f.seedApp(t, f.job.ID, "Ravi Kumar", "ravi@example.com", testNow.Add(-time.Hour), false, domain.StatusRejected)
	ans := answerAs[wire.BulkStatusAnswer](t, f.admin(t, "POST", "/api/admin/applications/bulk",
		wire.BulkStatusRequest{IDs: []string{a.ID, "missing", b.ID}, Status: "rejected"}), 200)
	if ans.Moved != 1 || ans.Failed != 1 || ans.Mailed != 0 || len(ans.Results) != 3 ||
		!ans.Results[0].OK || ans.Results[0].Reference != a.Reference || ans.Results[1].Error == "" || ans.Results[2].Changed {
		t.Errorf("answer = %+v", ans)
	}
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 0 {
		t.Errorf("a change without notify queued %d mails", len(out))
	}
	ids := make([]string, domain.MaxBulk+1)
	for i := range ids {
		ids[i] = a.ID + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)
	}
	res := f.admin(t, "POST", "/api/admin/applications/bulk", wire.BulkStatusRequest{IDs: ids, Status: "rejected"})
	if e := decodeAPIError(t, res); res.Status != 422 || e.Fields["ids"] == "" {
		t.Errorf("101 IDs = %d %+v, want 422 on ids", res.Status, e)
	}
	// Past the route's role check (which the matrix tests), the use case
	// refuses an editor too.
	editor := server.Staff{ID: "staff-9", Email: "ed@example.com", Role: domain.RoleEditor}
	for _, c := range []struct {
		method, target string
		body           any
	}{
		{"POST", "/api/admin/applications/bulk", wire.BulkStatusRequest{IDs: []string{a.ID}, Status: "offer", Notify: true}},
		{"PUT", "/api/admin/candidate-emails/offer", wire.CandidateEmailRequest{Subject: "x", Body: "y"}},
	} {
		if res := f.adminAs(t, editor, c.method, c.target, c.body); res.Status != http.StatusForbidden {
			t.Errorf("editor's %s %s = %d, want 403", c.method, c.target, res.Status)
		}
	}
	if got, _ := f.store.GetApplication(context.Background(), a.ID); got.Status != domain.StatusRejected {
		t.Errorf("after an editor's bulk change: %q", got.Status)
	}
	if n := len(f.audits(t)); n != 1 {
		t.Errorf("%d audit rows, want one per application moved (1)", n)
	}
}
