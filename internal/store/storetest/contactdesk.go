package storetest

import (
	"slices"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// contactDeskTests are the contract cases of contact messages answered
// in the console: search, assignment and the thread of notes and replies.
var contactDeskTests = []contractTest{
	{"ContactDesk/Search", testContactSearch},
	{"ContactDesk/Assign", testContactAssign},
	{"ContactDesk/ThreadNotesAndReplies", testContactThread},
	{"ContactDesk/ThreadBound", testContactThreadBound},
}

// listContactIDs lists the IDs f selects, newest first, and checks that
// CountContactMessages agrees.
func listContactIDs(t *testing.T, s domain.Store, f domain.ContactFilter) []string {
	t.Helper()
	list, err := s.ListContactMessages(t.Context(), f)
	must(t, err, "ListContactMessages")
	ids := []string{}
	for _, m := range list {
		ids = append(ids, m.ID)
	}
	n, err := s.CountContactMessages(t.Context(), f)
	must(t, err, "CountContactMessages")
	if f.Limit == 0 && n != len(ids) {
		t.Errorf("CountContactMessages(%+v) = %d, but the list holds %d", f, n, len(ids))
	}
	return ids
}

func testContactSearch(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i, m := range []domain.ContactMessage{
		{ID: "by-name", Name: "Zoë Åberg", Email: "zoe@example.se", Subject: "Hello", Message: "Plain text."},
		{ID: "by-email", Name: "Ravi", Email: "Ravi.K@Northwind.example", Subject: "Quote", Message: "Numbers please."},
		{ID: "by-subject", Name: "Ann", Email: "ann@example.com", Subject: "Data MIGRATION plan", Message: "See subject."},
		{ID: "by-text", Name: "Bo", Email: "bo@example.com", Subject: "Hi", Message: "We need 100% uptime_now for the ÉTÉ launch."},
		{ID: "spam", Name: "Bot", Email: "bot@example.com", Subject: "Migration deals", Message: "Buy", Spam: true},
	} {
		m.CreatedAt = at(time.Duration(i) * time.Minute)
		must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	}
	for _, c := range []struct {
		q    string
		f    domain.ContactFolder
		want []string
	}{
		{"zoë", domain.FolderInbox, []string{"by-name"}},        // name, any case, beyond ASCII
		{"northwind", domain.FolderInbox, []string{"by-email"}}, // address, any case
		{"migration", domain.FolderInbox, []string{"by-subject"}},
		{"migration", "", []string{"spam", "by-subject"}}, // every folder
		{"été", domain.FolderInbox, []string{"by-text"}},  // lower-cased beyond ASCII
		{"100%", domain.FolderInbox, []string{"by-text"}}, // % is a plain character
		{"0%", domain.FolderInbox, []string{"by-text"}},
		{"p_", domain.FolderInbox, []string{}}, // _ is a plain character: no "p_" anywhere
		{"  uptime_now ", domain.FolderInbox, []string{"by-text"}},
		{"nothing like it", domain.FolderInbox, []string{}},
	} {
		got := listContactIDs(t, s, domain.ContactFilter{Folder: c.f, Query: c.q})
		if !slices.Equal(got, c.want) {
			t.Errorf("search %q in %q = %v, want %v", c.q, c.f, got, c.want)
		}
	}
	// A search pages like the folder.
	page := listContactIDs(t, s, domain.ContactFilter{Query: "example", Limit: 2, Offset: 1})
	if !slices.Equal(page, []string{"by-text", "by-subject"}) {
		t.Errorf("second page of 2 = %v, want [by-text by-subject]", page)
	}
}

func testContactAssign(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i, id := range []string{"m-1", "m-2", "m-3"} {
		m := newContact(id, at(time.Duration(i)*time.Minute))
		m.Spam = false
		must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	}
	audit := &domain.AuditEntry{ActorID: "st-1", ActorEmail: "ed@site.test", Action: domain.AuditContactAssigned,
		Subject: "m-1", Detail: "assigned to ed@site.test", At: at(time.Hour)}
	prev, err := s.AssignContactMessage(ctx, "m-1", "st-1", audit)
	must(t, err, "AssignContactMessage")
	if prev != "" {
		t.Errorf("first assignment: prev = %q, want none", prev)
	}
	_, err = s.AssignContactMessage(ctx, "m-2", "st-2", nil)
	must(t, err, "AssignContactMessage m-2")
	got, err := s.GetContactMessage(ctx, "m-1")
	must(t, err, "GetContactMessage")
	if got.AssignedTo != "st-1" {
		t.Errorf("m-1 assigned to %q, want st-1", got.AssignedTo)
	}
	if ids := listContactIDs(t, s, domain.ContactFilter{Folder: domain.FolderInbox, AssignedTo: "st-1"}); !slices.Equal(ids, []string{"m-1"}) {
		t.Errorf("assigned to st-1 = %v, want [m-1]", ids)
	}
	if ids := listContactIDs(t, s, domain.ContactFilter{Folder: domain.FolderInbox, Unassigned: true}); !slices.Equal(ids, []string{"m-3"}) {
		t.Errorf("unassigned = %v, want [m-3]", ids)
	}
	rows, _, err := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditContactAssigned})
	must(t, err, "ListAudit")
	if len(rows) != 1 || rows[0].Subject != "m-1" || rows[0].ActorID != "st-1" {
		t.Errorf("audit rows = %+v, want the one assignment of m-1", rows)
	}
	// The same assignee again changes and records nothing.
	prev, err = s.AssignContactMessage(ctx, "m-1", "st-1", audit)
	must(t, err, "AssignContactMessage again")
	if prev != "st-1" {
		t.Errorf("again: prev = %q, want st-1", prev)
	}
	if rows, _, _ := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditContactAssigned}); len(rows) != 1 {
		t.Errorf("assigning again recorded %d rows, want 1", len(rows))
	}
	// Unassigning.
	prev, err = s.AssignContactMessage(ctx, "m-1", "", nil)
	must(t, err, "unassign")
	if prev != "st-1" {
		t.Errorf("unassign: prev = %q, want st-1", prev)
	}
	if ids := listContactIDs(t, s, domain.ContactFilter{Unassigned: true}); !slices.Equal(ids, []string{"m-3", "m-1"}) {
		t.Errorf("unassigned after unassigning m-1 = %v, want [m-3 m-1]", ids)
	}
	_, err = s.AssignContactMessage(ctx, "missing", "st-1", audit)
	wantCode(t, err, domain.ENotFound, "AssignContactMessage of a missing message")
}

func testContactThread(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("m-1", t0)
	must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	note := domain.ContactThreadEntry{MessageID: "m-1", Kind: domain.ThreadNote, AuthorID: "st-1", AuthorName: "Ed",
		Body: "Called them back.", CreatedAt: at(time.Minute)}
	must(t, s.AddContactThreadEntry(ctx, &note, nil, nil), "AddContactThreadEntry note")
	if note.ID == "" || note.OutboxID != "" {
		t.Errorf("stored note = %+v, want an ID and no e-mail", note)
	}
	mail := domain.OutboxMessage{To: m.Email, Subject: "Re: Project enquiry", Body: "Thanks.", ReplyTo: "hello@site.test"}
	reply := domain.ContactThreadEntry{MessageID: "m-1", Kind: domain.ThreadReply, AuthorID: "st-2", AuthorName: "Ann",
		To: m.Email, Subject: "Re: Project enquiry", Body: "Thanks.", CreatedAt: at(2 * time.Minute)}
	audit := &domain.AuditEntry{ActorID: "st-2", Action: domain.AuditContactReplied, Subject: "m-1"}
	must(t, s.AddContactThreadEntry(ctx, &reply, &mail, audit), "AddContactThreadEntry reply")
	if mail.ID == "" || reply.OutboxID != mail.ID || reply.OutboxStatus != domain.OutboxQueued {
		t.Errorf("reply = %+v, mail %q: want the reply to name its queued e-mail", reply, mail.ID)
	}
	all, err := s.ListOutbox(ctx, domain.OutboxQueued, 0)
	must(t, err, "ListOutbox")
	if len(all) != 1 || all[0].ID != mail.ID {
		t.Fatalf("outbox = %+v, want the reply alone", all)
	}
	queued := all[0]
	if queued.To != m.Email || queued.ReplyTo != "hello@site.test" || queued.Status != domain.OutboxQueued {
		t.Errorf("queued reply = %+v", queued)
	}
	thread, err := s.ListContactThread(ctx, "m-1")
	must(t, err, "ListContactThread")
	if len(thread) != 2 || thread[0].ID != note.ID || thread[1].ID != reply.ID {
		t.Fatalf("thread = %+v, want the note then the reply", thread)
	}
	got := thread[1]
	if got.Kind != domain.ThreadReply || got.AuthorName != "Ann" || got.To != m.Email || got.Subject != "Re: Project enquiry" ||
		got.Body != "Thanks." || got.OutboxStatus != domain.OutboxQueued || !got.CreatedAt.Equal(at(2*time.Minute).Truncate(time.Microsecond)) {
		t.Errorf("reply read back = %+v", got)
	}
	if thread[0].OutboxStatus != "" || thread[0].Kind != domain.ThreadNote || thread[0].AuthorName != "Ed" {
		t.Errorf("note read back = %+v", thread[0])
	}
	// The reply's status follows its e-mail in the outbox.
	claimed, err := s.ClaimOutbox(ctx, time.Now().Add(time.Hour), time.Minute, 5)
	must(t, err, "ClaimOutbox")
	if len(claimed) != 1 {
		t.Fatalf("claimed %d e-mails, want the reply", len(claimed))
	}
	must(t, s.MarkOutboxSent(ctx, mail.ID, claimed[0].Attempts, time.Now()), "MarkOutboxSent")
	thread, err = s.ListContactThread(ctx, "m-1")
	must(t, err, "ListContactThread after sending")
	if thread[1].OutboxStatus != domain.OutboxSent {
		t.Errorf("reply after sending: status %q, want sent", thread[1].OutboxStatus)
	}
	rows, _, err := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditContactReplied})
	must(t, err, "ListAudit")
	if len(rows) != 1 || rows[0].Subject != "m-1" {
		t.Errorf("audit rows = %+v, want the reply", rows)
	}
	// A missing message: nothing stored, nothing queued.
	before, err := s.CountOutbox(ctx)
	must(t, err, "CountOutbox")
	lost := domain.ContactThreadEntry{MessageID: "missing", Kind: domain.ThreadReply, Body: "x"}
	lostMail := domain.OutboxMessage{To: "x@example.com", Subject: "s", Body: "b"}
	wantCode(t, s.AddContactThreadEntry(ctx, &lost, &lostMail, nil), domain.ENotFound, "reply to a missing message")
	after, err := s.CountOutbox(ctx)
	must(t, err, "CountOutbox")
	if after[domain.OutboxQueued] != before[domain.OutboxQueued] {
		t.Errorf("a refused reply queued an e-mail: %v → %v", before, after)
	}
	// Deleting the message deletes its thread.
	must(t, s.DeleteContactMessage(ctx, "m-1"), "DeleteContactMessage")
	thread, err = s.ListContactThread(ctx, "m-1")
	must(t, err, "ListContactThread after delete")
	if len(thread) != 0 {
		t.Errorf("thread after delete = %+v, want none", thread)
	}
}

func testContactThreadBound(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("m-1", t0)
	must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	for i := range domain.MaxContactThread {
		n := domain.ContactThreadEntry{MessageID: "m-1", Kind: domain.ThreadNote, Body: "n", CreatedAt: at(time.Duration(i) * time.Second)}
		must(t, s.AddContactThreadEntry(ctx, &n, nil, nil), "AddContactThreadEntry")
	}
	over := domain.ContactThreadEntry{MessageID: "m-1", Kind: domain.ThreadNote, Body: "one too many"}
	wantCode(t, s.AddContactThreadEntry(ctx, &over, nil, nil), domain.EInvalid, "a note past the bound")
	thread, err := s.ListContactThread(ctx, "m-1")
	must(t, err, "ListContactThread")
	if len(thread) != domain.MaxContactThread {
		t.Errorf("thread holds %d entries, want %d", len(thread), domain.MaxContactThread)
	}
}
