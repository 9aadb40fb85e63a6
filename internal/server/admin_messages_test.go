package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// msgStaff stores the members of staff the message tests assign to, with
// the IDs modStaff acts as.
func (f *fixture) msgStaff(t *testing.T) {
	t.Helper()
	for _, st := range modStaff {
		u := domain.StaffUser{ID: st.ID, Email: st.Email, Name: st.Name, Role: st.Role}
		if err := f.store.CreateStaffUser(context.Background(), &u); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAdminMessagesSearchAndAssignedFilter(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.msgStaff(t)
	f.modStoreContact(t, "m-a", domain.ContactNew, false, time.Minute)
	f.modStoreContact(t, "m-b", domain.ContactRead, false, 2*time.Minute)
	f.modStoreContact(t, "m-c", domain.ContactNew, false, 3*time.Minute)
	list := func(query string) wire.ContactMessageList {
		t.Helper()
		res := f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages"+query, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET /messages%s = %d %s", query, res.Status, res.Body)
		}
		return decodeAs[wire.ContactMessageList](t, res.Body)
	}
	if l := list("?q=M-B%40EXAMPLE"); !slices.Equal(modMessageIDs(l), []string{"m-b"}) || l.Total != 1 || l.Query != "M-B@EXAMPLE" {
		t.Errorf("search by address = %v total %d query %q", modMessageIDs(l), l.Total, l.Query)
	}
	if l := list("?q=first+line+of+m-c"); !slices.Equal(modMessageIDs(l), []string{"m-c"}) {
		t.Errorf("search by text = %v", modMessageIDs(l))
	}
	if l := list("?q=about"); l.Total != 3 || l.Counts.Inbox != 3 {
		t.Errorf("search by subject: total %d, counts %+v", l.Total, l.Counts)
	}

	res := f.modAs(t, domain.RoleEditor, "PUT", "/api/admin/messages/m-b/assignee", wire.ContactAssign{StaffID: "st-editor"})
	if res.Status != http.StatusOK {
		t.Fatalf("assign = %d %s", res.Status, res.Body)
	}
	if d := decodeAs[wire.ContactMessageDetail](t, res.Body); d.AssignedTo != "st-editor" || d.AssigneeName != "Editor" {
		t.Errorf("assigned detail = %+v", d)
	}
	if l := list("?assigned=me"); !slices.Equal(modMessageIDs(l), []string{"m-b"}) || l.Assigned != "me" ||
		l.Messages[0].AssigneeName != "Editor" {
		t.Errorf("assigned to me = %+v", l)
	}
	if l := list("?assigned=none"); !slices.Equal(modMessageIDs(l), []string{"m-a", "m-c"}) {
		t.Errorf("unassigned = %v", modMessageIDs(l))
	}
	// The admin's "me" is the admin: nothing assigned to them.
	res = f.modAs(t, domain.RoleAdmin, "GET", "/api/admin/messages?assigned=me", nil)
	if l := decodeAs[wire.ContactMessageList](t, res.Body); len(l.Messages) != 0 {
		t.Errorf("admin's messages = %v, want none", modMessageIDs(l))
	}

	modWantField(t, "unknown assignment filter", f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?assigned=them", nil), "assigned")
	modWantField(t, "search too long", f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?q="+strings.Repeat("x", 101), nil), "q")

	// A recruiter does not handle messages: refused, nothing changes.
	res = f.modAs(t, domain.RoleEditor, "PUT", "/api/admin/messages/m-a/assignee", wire.ContactAssign{StaffID: "st-recruiter"})
	if res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
		t.Errorf("assign to a recruiter = %d %s, want a refusal", res.Status, res.Body)
	}
	if !strings.Contains(res.Body, "staffId") {
		t.Errorf("refusal does not name the field: %s", res.Body)
	}
	if rows := f.modAuditRows(t, domain.AuditContactAssigned); len(rows) != 1 || rows[0].ActorEmail != "editor@site.test" {
		t.Errorf("audit rows = %+v, want the one assignment", rows)
	}
	if res := f.modAs(t, domain.RoleEditor, "PUT", "/api/admin/messages/missing/assignee", wire.ContactAssign{}); res.Status != http.StatusNotFound {
		t.Errorf("assign a missing message = %d, want 404", res.Status)
	}
}

func TestAdminMessageNoteAndReply(t *testing.T) {
	t.Parallel()
	var woken int
	f := newFixture(t, func(o *server.Options) {
		o.StaffEmail = "hello@site.test"
		o.MailQueued = func() { woken++ }
	})
	f.msgStaff(t)
	f.modStoreContact(t, "m-1", domain.ContactNew, false, time.Minute)

	res := f.modAs(t, domain.RoleEditor, "POST", "/api/admin/messages/m-1/notes", wire.NoteRequest{Body: ""})
	if res.Status != http.StatusUnprocessableEntity || !strings.Contains(res.Body, "Write the note") {
		t.Errorf("empty note = %d %s, want 422 naming the body", res.Status, res.Body)
	}
	res = f.modAs(t, domain.RoleEditor, "POST", "/api/admin/messages/m-1/notes", wire.NoteRequest{Body: "Phoned them."})
	if res.Status != http.StatusCreated {
		t.Fatalf("note = %d %s", res.Status, res.Body)
	}
	f.clock.Add(time.Minute) // the reply comes after the note
	res = f.modAs(t, domain.RoleEditor, "POST", "/api/admin/messages/m-1/replies", wire.ContactReply{Body: "  "})
	if res.Status != http.StatusUnprocessableEntity || !strings.Contains(res.Body, "Write the reply") {
		t.Errorf("empty reply = %d %s, want 422 naming the body", res.Status, res.Body)
	}
	res = f.modAs(t, domain.RoleEditor, "POST", "/api/admin/messages/m-1/replies", wire.ContactReply{Body: "We will call you on Monday."})
	if res.Status != http.StatusCreated {
		t.Fatalf("reply = %d %s", res.Status, res.Body)
	}
	d := decodeAs[wire.ContactMessageDetail](t, res.Body)
	if len(d.Thread) != 2 || d.Thread[0].Kind != "note" || d.Thread[0].AuthorName != "Editor" || d.Thread[1].Kind != "reply" ||
		d.Thread[1].Subject != "Re: About m-1" || d.Thread[1].To != "m-1@example.com" || d.Thread[1].OutboxStatus != "queued" {
		t.Errorf("thread = %+v", d.Thread)
	}
	if d.Mailbox != "hello@site.test" {
		t.Errorf("mailbox = %q, want hello@site.test", d.Mailbox)
	}
	if !slices.ContainsFunc(d.Handlers, func(c wire.StaffChoice) bool { return c.ID == "st-editor" }) ||
		slices.ContainsFunc(d.Handlers, func(c wire.StaffChoice) bool { return c.ID == "st-recruiter" }) {
		t.Errorf("handlers = %+v, want the editor and the admin, not the recruiter", d.Handlers)
	}
	out, err := f.store.ListOutbox(context.Background(), domain.OutboxQueued, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].To != "m-1@example.com" || out[0].ReplyTo != "hello@site.test" || woken != 1 {
		t.Errorf("outbox = %+v, woken %d", out, woken)
	}
	if len(f.modAuditRows(t, domain.AuditContactNote)) != 1 || len(f.modAuditRows(t, domain.AuditContactReplied)) != 1 {
		t.Error("the note and the reply were not both audited")
	}
	archived := "archived"
	if res := f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", wire.ContactMessagePatch{Status: &archived}); res.Status != http.StatusOK {
		t.Fatalf("archive = %d %s", res.Status, res.Body)
	}
	if rows := f.modAuditRows(t, domain.AuditContactUpdated); len(rows) != 1 || rows[0].Detail != "marked archived" || rows[0].Subject != "m-1" {
		t.Errorf("audit rows of the archive = %+v", rows)
	}
}
