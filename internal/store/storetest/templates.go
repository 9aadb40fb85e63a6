package storetest

import (
	"errors"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// templateTests are the contract cases of candidate e-mails: their
// templates and a status change that queues one.
var templateTests = []contractTest{
	{"Templates/SaveReplacesAndAudits", testTemplateSave},
	{"Templates/StatusChangeQueuesMail", testStatusChangeMail},
	{"Templates/StatusChangeRollsBack", testStatusChangeRollback},
}

func testTemplateSave(t *testing.T, s domain.Store) {
	ctx := t.Context()
	got, err := s.ListCandidateTemplates(ctx)
	must(t, err, "ListCandidateTemplates")
	if len(got) != 0 {
		t.Fatalf("a new store holds %d templates, want none", len(got))
	}
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	for i, body := range []string{"Dear {first_name},\nfirst", "Dear {first_name},\nsecond"} {
		tpl := domain.CandidateTemplate{Stage: domain.MailInterview, Subject: "Interview", Body: body,
			UpdatedAt: at.Add(time.Duration(i) * time.Hour), UpdatedBy: "rec@example.com"}
		must(t, s.SaveCandidateTemplate(ctx, &tpl, domain.AuditEntry{Action: domain.AuditTemplateSaved, Subject: "interview"}), "SaveCandidateTemplate")
	}
	got, err = s.ListCandidateTemplates(ctx)
	must(t, err, "ListCandidateTemplates")
	want := []domain.CandidateTemplate{{Stage: domain.MailInterview, Subject: "Interview", Body: "Dear {first_name},\nsecond",
		UpdatedAt: at.Add(time.Hour), UpdatedBy: "rec@example.com"}}
	checkDiff(t, "templates", want, got)
	if _, total, _ := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditTemplateSaved}); total != 2 {
		t.Errorf("audit entries of saves = %d, want 2", total)
	}
	bad := domain.CandidateTemplate{Stage: "welcome", Subject: "x", Body: "y"}
	if err := s.SaveCandidateTemplate(ctx, &bad, domain.AuditEntry{Action: domain.AuditTemplateSaved}); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("an unknown stage: %v, want EInvalid", err)
	}
}

func testStatusChangeMail(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "asha@example.com", "mail")
	must2(t, s, &a)
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	calls := 0
	c := domain.StatusChange{Status: domain.StatusInterview, At: at,
		Notify: func(before domain.Application) (*domain.OutboxMessage, string, error) {
			calls++
			if before.Status != domain.StatusNew {
				t.Errorf("Notify sees status %q, want the one before (new)", before.Status)
			}
			return &domain.OutboxMessage{To: before.Email, Subject: "Interview", Body: "text", HTMLBody: "<p>text</p>", CreatedAt: at}, "hash-of-new-token", nil
		},
		Audit: func(before domain.Application, mailed bool) domain.AuditEntry {
			d := "new → interview"
			if mailed {
				d += "; e-mail sent"
			}
			return domain.AuditEntry{Action: domain.AuditStatusChanged, Subject: before.Reference, Detail: d}
		}}
	before, mailed, err := s.ChangeApplicationStatus(ctx, a.ID, c)
	must(t, err, "ChangeApplicationStatus")
	if before.Status != domain.StatusNew || !mailed || calls != 1 {
		t.Errorf("before %q, mailed %v, Notify calls %d; want new, true, 1", before.Status, mailed, calls)
	}
	// The same status again changes and queues nothing.
	if _, mailed, err := s.ChangeApplicationStatus(ctx, a.ID, c); err != nil || mailed || calls != 1 {
		t.Errorf("same status again: mailed %v, err %v, Notify calls %d; want nothing done", mailed, err, calls)
	}
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.Status != domain.StatusInterview || !got.StatusChangedAt.Equal(at) {
		t.Errorf("stored status %q at %v, want interview at %v", got.Status, got.StatusChangedAt, at)
	}
	if byToken, err := s.GetApplicationByStatusToken(ctx, "hash-of-new-token"); err != nil || byToken.ID != a.ID {
		t.Errorf("GetApplicationByStatusToken: %v, %v; want the application", byToken.ID, err)
	}
	mails, err := s.ListOutbox(ctx, "", 0)
	must(t, err, "ListOutbox")
	if len(mails) != 1 || mails[0].HTMLBody != "<p>text</p>" || mails[0].Body != "text" || mails[0].To != a.Email {
		t.Errorf("outbox = %+v, want one mail with both parts", mails)
	}
	entries, total, err := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditStatusChanged})
	must(t, err, "ListAudit")
	if total != 1 || entries[0].Detail != "new → interview; e-mail sent" {
		t.Errorf("audit = %d entries %+v, want one that says the e-mail was sent", total, entries)
	}
	if _, _, err := s.ChangeApplicationStatus(ctx, "missing", c); !domain.IsNotFound(err) {
		t.Errorf("a missing application: %v, want ENotFound", err)
	}
}

// A failing Notify leaves everything as it was.
func testStatusChangeRollback(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "ravi@example.com", "rollback")
	must2(t, s, &a)
	boom := errors.New("template broke")
	_, _, err := s.ChangeApplicationStatus(ctx, a.ID, domain.StatusChange{Status: domain.StatusRejected,
		Notify: func(domain.Application) (*domain.OutboxMessage, string, error) { return nil, "", boom },
		Audit: func(before domain.Application, _ bool) domain.AuditEntry {
			return domain.AuditEntry{Action: domain.AuditStatusChanged, Subject: before.Reference}
		}})
	if !errors.Is(err, boom) {
		t.Fatalf("ChangeApplicationStatus: %v, want the Notify error", err)
	}
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	mails, _ := s.ListOutbox(ctx, "", 0)
	_, total, _ := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditStatusChanged})
	if got.Status != domain.StatusNew || len(mails) != 0 || total != 0 {
		t.Errorf("after a failed change: status %q, %d mails, %d audit entries; want new, 0, 0", got.Status, len(mails), total)
	}
}
