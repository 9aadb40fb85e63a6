package contact_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/contact"
	"corpsite/internal/domain"
)

// deskFixture is the desk over the fixture's store, with a member of
// staff of each role and a message from the contact form.
type deskFixture struct {
	*fixture
	desk  *contact.Desk
	msgID string
	// actor is the editor acting; ticks advances the desk's clock a
	// second per call.
	actor contact.Actor
	ticks atomic.Int64
	staff map[string]domain.StaffUser // by name: editor, admin, recruiter, disabled
}

func newDeskFixture(t *testing.T) *deskFixture {
	t.Helper()
	f := &deskFixture{fixture: newFixture(t), staff: map[string]domain.StaffUser{}}
	f.desk = contact.NewDesk(contact.DeskConfig{
		Store: f.store, Mailbox: staffEmail,
		MailQueued: func() { f.queued.Add(1) },
		Now:        func() time.Time { return testNow.Add(time.Hour + time.Duration(f.ticks.Add(1))*time.Second) },
	})
	ctx := context.Background()
	for _, u := range []domain.StaffUser{
		{Email: "esha@site.test", Name: "Esha Editor", Role: domain.RoleEditor},
		{Email: "ada@site.test", Name: "Ada Admin", Role: domain.RoleAdmin},
		{Email: "raj@site.test", Name: "Raj Recruiter", Role: domain.RoleRecruiter},
		{Email: "dee@site.test", Name: "Dee Disabled", Role: domain.RoleEditor, Disabled: true},
	} {
		if err := f.store.CreateStaffUser(ctx, &u); err != nil {
			t.Fatal(err)
		}
		f.staff[strings.ToLower(strings.Fields(u.Name)[1])] = u
	}
	f.actor = contact.Actor{ID: f.staff["editor"].ID, Name: "Esha Editor", Email: "esha@site.test", ClientIP: "192.0.2.7"}
	sent, err := f.svc.Send(ctx, message(), "", "client-a")
	if err != nil {
		t.Fatal(err)
	}
	f.msgID = sent.ID
	f.queued.Store(0)
	return f
}

func (f *deskFixture) audit(t *testing.T, action domain.AuditAction) []domain.AuditEntry {
	t.Helper()
	rows, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{Action: action})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func (f *deskFixture) thread(t *testing.T) []domain.ContactThreadEntry {
	t.Helper()
	th, err := f.store.ListContactThread(context.Background(), f.msgID)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

func wantField(t *testing.T, what string, err error, field, msg string) {
	t.Helper()
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(domain.ErrorFields(err)[field], msg) {
		t.Errorf("%s: error %v (fields %v), want invalid %s: %q", what, err, domain.ErrorFields(err), field, msg)
	}
}

func TestDeskAssignOnlyToWhoHandlesMessages(t *testing.T) {
	t.Parallel()
	f := newDeskFixture(t)
	ctx := context.Background()
	for _, who := range []string{"recruiter", "disabled"} {
		_, err := f.desk.Assign(ctx, f.actor, f.msgID, f.staff[who].ID)
		wantField(t, "assign to the "+who, err, "staffId", "Choose a member of staff who handles messages.")
	}
	_, err := f.desk.Assign(ctx, f.actor, f.msgID, "no-such-account")
	wantField(t, "assign to an unknown account", err, "staffId", "handles messages")
	if rows := f.audit(t, domain.AuditContactAssigned); len(rows) != 0 {
		t.Errorf("refused assignments were audited: %+v", rows)
	}
	for _, who := range []string{"admin", "editor"} {
		u, err := f.desk.Assign(ctx, f.actor, f.msgID, f.staff[who].ID)
		if err != nil || u.ID != f.staff[who].ID {
			t.Fatalf("assign to the %s = %+v, %v", who, u, err)
		}
	}
	m, err := f.store.GetContactMessage(ctx, f.msgID)
	if err != nil || m.AssignedTo != f.staff["editor"].ID {
		t.Errorf("message assigned to %q (%v), want the editor", m.AssignedTo, err)
	}
	if _, err := f.desk.Assign(ctx, f.actor, f.msgID, ""); err != nil {
		t.Fatal(err)
	}
	rows := f.audit(t, domain.AuditContactAssigned)
	if len(rows) != 3 || rows[0].Detail != "unassigned" || rows[1].Detail != "assigned to esha@site.test" ||
		rows[0].Subject != f.msgID || rows[0].ActorEmail != "esha@site.test" || rows[0].ClientIP != "192.0.2.7" {
		t.Errorf("audit rows = %+v", rows)
	}
	_, err = f.desk.Assign(ctx, f.actor, "missing", f.staff["editor"].ID)
	if domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("assign a missing message: %v, want not found", err)
	}
}

func TestDeskNotes(t *testing.T) {
	t.Parallel()
	f := newDeskFixture(t)
	ctx := context.Background()
	_, err := f.desk.AddNote(ctx, f.actor, f.msgID, "  \n ")
	wantField(t, "blank note", err, "body", "Write the note")
	_, err = f.desk.AddNote(ctx, f.actor, f.msgID, strings.Repeat("é", domain.MaxContactNoteChars+1))
	wantField(t, "long note", err, "body", "at most 5000")
	if th := f.thread(t); len(th) != 0 {
		t.Fatalf("refused notes were stored: %+v", th)
	}
	n, err := f.desk.AddNote(ctx, f.actor, f.msgID, "  Called back; wants a quote by Friday.  ")
	if err != nil {
		t.Fatal(err)
	}
	th := f.thread(t)
	if len(th) != 1 || th[0].ID != n.ID || th[0].Kind != domain.ThreadNote || th[0].AuthorName != "Esha Editor" ||
		th[0].Body != "Called back; wants a quote by Friday." || !th[0].CreatedAt.After(testNow.Add(time.Hour)) {
		t.Errorf("thread = %+v", th)
	}
	if rows := f.audit(t, domain.AuditContactNote); len(rows) != 1 || rows[0].Subject != f.msgID {
		t.Errorf("audit rows = %+v", rows)
	}
	if out := f.outbox(t); len(out) != 1 {
		t.Errorf("a note queued mail: outbox holds %d (the staff notification alone expected)", len(out))
	}
}

func TestDeskReplyIsQueuedAndKeptInTheThread(t *testing.T) {
	t.Parallel()
	f := newDeskFixture(t)
	ctx := context.Background()
	before := len(f.outbox(t))
	r, err := f.desk.Reply(ctx, f.actor, f.msgID, "", "Thanks, Asha.\nA quote follows this week.")
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "Re: Cloud migration" || r.To != "asha@example.in" || r.OutboxStatus != domain.OutboxQueued {
		t.Errorf("reply = %+v", r)
	}
	out := f.outbox(t)
	if len(out) != before+1 {
		t.Fatalf("outbox holds %d, want %d", len(out), before+1)
	}
	mail := out[0] // newest first
	if mail.ID != r.OutboxID || mail.To != "asha@example.in" || mail.ReplyTo != staffEmail || mail.Subject != "Re: Cloud migration" ||
		!strings.HasPrefix(mail.Body, "Thanks, Asha.\nA quote follows this week.\n") ||
		!strings.Contains(mail.Body, "Asha Rao wrote:\n> We would like a quote for moving two services to the cloud.\n") {
		t.Errorf("queued reply = %+v", mail)
	}
	if f.queued.Load() != 1 {
		t.Errorf("MailQueued called %d times, want 1", f.queued.Load())
	}
	th := f.thread(t)
	if len(th) != 1 || th[0].Kind != domain.ThreadReply || th[0].AuthorName != "Esha Editor" || th[0].OutboxID != mail.ID ||
		th[0].OutboxStatus != domain.OutboxQueued || th[0].Body != "Thanks, Asha.\nA quote follows this week." {
		t.Errorf("thread = %+v", th)
	}
	rows := f.audit(t, domain.AuditContactReplied)
	if len(rows) != 1 || rows[0].Subject != f.msgID || rows[0].Detail != "reply queued as e-mail "+mail.ID {
		t.Errorf("audit rows = %+v", rows)
	}
	// A subject of their own is kept; "Re:" is not doubled.
	r, err = f.desk.Reply(ctx, f.actor, f.msgID, "  Your quote ", "Attached below.")
	if err != nil || r.Subject != "Your quote" {
		t.Errorf("own subject: %+v, %v", r, err)
	}
}

func TestDeskReplyValidation(t *testing.T) {
	t.Parallel()
	f := newDeskFixture(t)
	ctx := context.Background()
	before := len(f.outbox(t))
	for name, c := range map[string]struct{ subject, body, field, msg string }{
		"no text":       {"", " \n", "body", "Write the reply"},
		"text too long": {"", strings.Repeat("a", domain.MaxReplyChars+1), "body", "at most 10000"},
		"long subject":  {strings.Repeat("s", domain.MaxReplySubjectChars+1), "Hi", "subject", "at most 200"},
		"two lines":     {"Re: a\r\nBcc: x@example.com", "Hi", "subject", "one line"},
	} {
		_, err := f.desk.Reply(ctx, f.actor, f.msgID, c.subject, c.body)
		wantField(t, name, err, c.field, c.msg)
	}
	_, err := f.desk.Reply(ctx, f.actor, "missing", "", "Hello")
	if domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("reply to a missing message: %v, want not found", err)
	}
	// Suspected spam is not answered until taken out of Spam.
	m := domain.ContactMessage{Name: "Bot", Email: "bot@example.com", Subject: "Deals", Message: "Buy", Spam: true, CreatedAt: testNow}
	if _, err := f.store.CreateContactMessage(ctx, &m, domain.ContactOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err = f.desk.Reply(ctx, f.actor, m.ID, "", "Hello")
	if domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("reply to spam: %v, want a conflict", err)
	}
	if out := f.outbox(t); len(out) != before || len(f.thread(t)) != 0 || len(f.audit(t, domain.AuditContactReplied)) != 0 {
		t.Errorf("refused replies changed something: outbox %d (want %d)", len(out), before)
	}
}

func TestReplySubject(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Cloud migration":     "Re: Cloud migration",
		"  Cloud migration  ": "Re: Cloud migration",
		"Re: Cloud migration": "Re: Cloud migration",
		"RE:Cloud":            "RE:Cloud",
		"":                    "Re: your message",
		"Rebuilding our site": "Re: Rebuilding our site",
	} {
		if got := domain.ReplySubject(in); got != want {
			t.Errorf("ReplySubject(%q) = %q, want %q", in, got, want)
		}
	}
}
