package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// modStaff are the members of staff the moderation tests act as.
var modStaff = map[domain.Role]server.Staff{
	domain.RoleAdmin:     {ID: "st-admin", Email: "admin@site.test", Name: "Admin", Role: domain.RoleAdmin},
	domain.RoleEditor:    {ID: "st-editor", Email: "editor@site.test", Name: "Editor", Role: domain.RoleEditor},
	domain.RoleRecruiter: {ID: "st-recruiter", Email: "recruiter@site.test", Name: "Recruiter", Role: domain.RoleRecruiter},
}

// modAs sends a staff API request as a member of staff with role (no
// session, no role check: see server.ServeAdminAs). A non-nil body is
// sent as JSON.
func (f *fixture) modAs(t *testing.T, role domain.Role, method, target string, body any) response {
	t.Helper()
	var req *http.Request
	if body == nil {
		req = httptest.NewRequest(method, target, nil)
	} else {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		req = httptest.NewRequest(method, target, strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	server.ServeAdminAs(f.srv, modStaff[role], rec, req)
	return response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.String()}
}

// modWantField checks a 400 answer that names field.
func modWantField(t *testing.T, what string, res response, field string) {
	t.Helper()
	if res.Status != http.StatusBadRequest {
		t.Errorf("%s: status %d, want 400: %s", what, res.Status, res.Body)
		return
	}
	e := decodeAs[wire.ErrorBody](t, res.Body).Error
	if e.Code != domain.EInvalid || e.Fields[field] == "" {
		t.Errorf("%s: error %+v, want invalid with a message for %q", what, e, field)
	}
}

// modStoreContact stores a contact message with a status and spam flag.
func (f *fixture) modStoreContact(t *testing.T, id string, st domain.ContactStatus, spam bool, age time.Duration) {
	t.Helper()
	m := domain.ContactMessage{
		ID: id, Name: "Meera " + id, Email: id + "@example.com", Subject: "About " + id,
		Message: "\n  First line of " + id + "  \nSecond line.", Status: st, Spam: spam, CreatedAt: testNow.Add(-age),
	}
	if _, err := f.store.CreateContactMessage(context.Background(), &m, domain.ContactOptions{}); err != nil {
		t.Fatal(err)
	}
}

// modAuditRows returns the audit rows of action, newest first.
func (f *fixture) modAuditRows(t *testing.T, action domain.AuditAction) []domain.AuditEntry {
	t.Helper()
	rows, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{Action: action})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func modMessageIDs(l wire.ContactMessageList) []string {
	var ids []string
	for _, m := range l.Messages {
		ids = append(ids, m.ID)
	}
	return ids
}

func TestAdminMessagesFolders(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.modStoreContact(t, "m-new", domain.ContactNew, false, time.Minute)
	f.modStoreContact(t, "m-read", domain.ContactRead, false, 2*time.Minute)
	f.modStoreContact(t, "m-arch", domain.ContactArchived, false, 3*time.Minute)
	f.modStoreContact(t, "m-spam", domain.ContactNew, true, 4*time.Minute)

	res := f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /messages = %d %s", res.Status, res.Body)
	}
	inbox := decodeAs[wire.ContactMessageList](t, res.Body)
	if got := modMessageIDs(inbox); !slices.Equal(got, []string{"m-new", "m-read"}) {
		t.Errorf("inbox = %v, want [m-new m-read]", got)
	}
	wantCounts := wire.ContactFolderCounts{Inbox: 2, Unread: 1, Archived: 1, Spam: 1}
	if inbox.Folder != "inbox" || inbox.Total != 2 || inbox.Page != 1 || inbox.Counts != wantCounts {
		t.Errorf("inbox = folder %q total %d page %d counts %+v; want inbox 2 1 %+v", inbox.Folder, inbox.Total, inbox.Page, inbox.Counts, wantCounts)
	}
	row := inbox.Messages[0]
	want := wire.ContactMessageRow{
		ID: "m-new", Name: "Meera m-new", Email: "m-new@example.com", Subject: "About m-new",
		FirstLine: "First line of m-new", Status: "new", ReceivedAt: testNow.Add(-time.Minute),
	}
	if d := cmp.Diff(want, row); d != "" {
		t.Errorf("row mismatch (-want +got):\n%s", d)
	}
	if strings.Contains(res.Body, "Second line") {
		t.Error("the list carries the whole message; it should show its first line only")
	}

	for folder, ids := range map[string][]string{"archived": {"m-arch"}, "spam": {"m-spam"}} {
		res := f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?folder="+folder, nil)
		if got := modMessageIDs(decodeAs[wire.ContactMessageList](t, res.Body)); !slices.Equal(got, ids) {
			t.Errorf("folder %s = %v, want %v", folder, got, ids)
		}
	}
	res = f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?page=2", nil)
	if l := decodeAs[wire.ContactMessageList](t, res.Body); len(l.Messages) != 0 || l.Total != 2 {
		t.Errorf("page 2 of the inbox = %+v, want empty with total 2", l)
	}
	modWantField(t, "unknown folder", f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?folder=trash", nil), "folder")
	for _, p := range []string{"0", "-1", "x", "01", "99999999"} {
		modWantField(t, "page "+p, f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages?page="+p, nil), "page")
	}
}

func TestAdminMessageOpenMarksRead(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.modStoreContact(t, "m-1", domain.ContactNew, false, time.Minute)
	res := f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages/m-1", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /messages/m-1 = %d %s", res.Status, res.Body)
	}
	d := decodeAs[wire.ContactMessageDetail](t, res.Body)
	if d.Status != "read" || d.Message != "\n  First line of m-1  \nSecond line." || d.Email != "m-1@example.com" {
		t.Errorf("detail = %+v, want the whole message, marked read", d)
	}
	m, err := f.store.GetContactMessage(context.Background(), "m-1")
	if err != nil || m.Status != domain.ContactRead {
		t.Errorf("stored status after opening = %q, %v; want read", m.Status, err)
	}
	// An archived message stays archived when opened.
	f.modStoreContact(t, "m-2", domain.ContactArchived, false, time.Minute)
	f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages/m-2", nil)
	if m, _ := f.store.GetContactMessage(context.Background(), "m-2"); m.Status != domain.ContactArchived {
		t.Errorf("opening an archived message made it %q", m.Status)
	}
	if res := f.modAs(t, domain.RoleEditor, "GET", "/api/admin/messages/missing", nil); res.Status != http.StatusNotFound {
		t.Errorf("GET of a missing message = %d, want 404", res.Status)
	}
}

func TestAdminMessagePatch(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	f.modStoreContact(t, "m-1", domain.ContactRead, false, time.Minute)
	f.modStoreContact(t, "m-spam", domain.ContactNew, true, time.Minute)

	res := f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", map[string]any{"status": "archived"})
	if d := decodeAs[wire.ContactMessageDetail](t, res.Body); res.Status != http.StatusOK || d.Status != "archived" {
		t.Errorf("archive = %d %s", res.Status, res.Body)
	}
	res = f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", map[string]any{"status": "new"})
	if d := decodeAs[wire.ContactMessageDetail](t, res.Body); res.Status != http.StatusOK || d.Status != "new" {
		t.Errorf("mark as unread = %d %s", res.Status, res.Body)
	}
	res = f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-spam", map[string]any{"spam": false})
	if d := decodeAs[wire.ContactMessageDetail](t, res.Body); res.Status != http.StatusOK || d.Spam || d.Status != "new" {
		t.Errorf("not spam = %d %s", res.Status, res.Body)
	}
	if n, _ := f.store.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderSpam}); n != 0 {
		t.Errorf("spam folder holds %d after 'not spam', want 0", n)
	}

	before, _ := f.store.GetContactMessage(ctx, "m-1")
	modWantField(t, "unknown status", f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", map[string]any{"status": "handled"}), "status")
	modWantField(t, "spam true", f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", map[string]any{"spam": true, "status": "read"}), "spam")
	if res := f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/m-1", map[string]any{}); res.Status != http.StatusBadRequest {
		t.Errorf("empty patch = %d, want 400", res.Status)
	}
	if after, _ := f.store.GetContactMessage(ctx, "m-1"); after != before {
		t.Errorf("refused patches changed the message: %+v → %+v", before, after)
	}
	if res := f.modAs(t, domain.RoleEditor, "PATCH", "/api/admin/messages/missing", map[string]any{"status": "read"}); res.Status != http.StatusNotFound {
		t.Errorf("patch of a missing message = %d, want 404", res.Status)
	}
}

func TestAdminMessageDeleteAudits(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.modStoreContact(t, "m-1", domain.ContactRead, false, time.Minute)
	res := f.modAs(t, domain.RoleEditor, "DELETE", "/api/admin/messages/m-1", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("DELETE = %d %s", res.Status, res.Body)
	}
	if _, err := f.store.GetContactMessage(context.Background(), "m-1"); !domain.IsNotFound(err) {
		t.Errorf("message after delete: %v, want not found", err)
	}
	rows := f.modAuditRows(t, domain.AuditContactDeleted)
	if len(rows) != 1 || rows[0].Subject != "m-1" || rows[0].ActorEmail != "editor@site.test" {
		t.Fatalf("audit rows = %+v, want one naming m-1 by the editor", rows)
	}
	// The deleted message stays named in the log by its subject line.
	if rows[0].SubjectLabel != "About m-1" {
		t.Errorf("audit label = %q, want the message's subject", rows[0].SubjectLabel)
	}
	if strings.Contains(rows[0].Detail, "example.com") || strings.Contains(rows[0].Detail, "Meera") {
		t.Errorf("audit detail %q carries personal data", rows[0].Detail)
	}
	if res := f.modAs(t, domain.RoleEditor, "DELETE", "/api/admin/messages/m-1", nil); res.Status != http.StatusNotFound {
		t.Errorf("second DELETE = %d, want 404", res.Status)
	}
	if n := len(f.modAuditRows(t, domain.AuditContactDeleted)); n != 1 {
		t.Errorf("a failed delete was audited: %d rows", n)
	}
}

// A comment the public form held is approved in bulk and shows at once on
// the public post page and in the comments API.
func TestAdminBulkApproveShowsCommentOnPost(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := f.posts(t)[0]
	const text = "Held for review until an editor approves it."
	res := f.post(t, "/api/blogs/"+p.ID+"/comments", "203.0.113.9:5000", "application/json", commentBody(func(m map[string]any) {
		m["comment"], m["elapsedMs"] = text, 100 // sent faster than a person types: held
	}))
	if res.Status != http.StatusCreated || !strings.Contains(res.Body, "awaiting moderation") {
		t.Fatalf("posting = %d %s, want it held", res.Status, res.Body)
	}
	page := f.get(t, p.Path())
	if page.Status != http.StatusOK || strings.Contains(page.Body, text) {
		t.Fatalf("post page before approval: %d, shows the held comment: %v", page.Status, strings.Contains(page.Body, text))
	}

	list := decodeAs[wire.ReviewCommentList](t, f.modAs(t, domain.RoleEditor, "GET", "/api/admin/comments?status=held", nil).Body)
	if len(list.Comments) != 1 || list.Counts.Held != 1 || list.Total != 1 {
		t.Fatalf("held comments = %+v", list)
	}
	c := list.Comments[0]
	if c.PostID != p.ID || c.PostTitle != p.Title || c.PostPath != p.Path() || c.Comment != text || c.Email != "asha.rao@example.org" || c.Status != "held" {
		t.Errorf("held row = %+v", c)
	}

	res = f.modAs(t, domain.RoleEditor, "POST", "/api/admin/comments/bulk", wire.CommentBulkRequest{IDs: []string{c.ID}, Action: "approve"})
	if res.Status != http.StatusOK {
		t.Fatalf("bulk approve = %d %s", res.Status, res.Body)
	}
	if r := decodeAs[wire.CommentBulkResult](t, res.Body); r.Count != 1 || r.Message != "1 comment approved." {
		t.Errorf("bulk result = %+v", r)
	}
	// No clock moves: the page must not wait for the version cache.
	page = f.get(t, p.Path())
	if !strings.Contains(page.Body, text) {
		t.Error("post page after approval lacks the comment")
	}
	api := decodeAs[[]wire.Comment](t, f.get(t, "/api/blogs/"+p.ID+"/comments").Body)
	if !slices.ContainsFunc(api, func(w wire.Comment) bool { return w.ID == c.ID && w.Comment == text }) {
		t.Error("comments API after approval lacks the comment")
	}
	rows := f.modAuditRows(t, domain.AuditCommentsMod)
	if len(rows) != 1 || rows[0].Subject != c.ID || rows[0].Detail != "approve: 1 comments" {
		t.Errorf("audit rows = %+v", rows)
	}
	// The row names the comment by its author and post, as it was.
	if want := c.Name + " on “" + p.Title + "”"; len(rows) == 1 && rows[0].SubjectLabel != want {
		t.Errorf("audit label = %q, want %q", rows[0].SubjectLabel, want)
	}

	// Marking it as spam takes it off the page again.
	res = f.modAs(t, domain.RoleEditor, "POST", "/api/admin/comments/bulk", wire.CommentBulkRequest{IDs: []string{c.ID}, Action: "spam"})
	if res.Status != http.StatusOK {
		t.Fatalf("bulk spam = %d %s", res.Status, res.Body)
	}
	if strings.Contains(f.get(t, p.Path()).Body, text) {
		t.Error("post page still shows a comment marked as spam")
	}
}

func TestAdminBulkCommentsRefusals(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	p := f.posts(t)[0]
	var ids []string
	for i := range 3 {
		c := domain.Comment{BlogID: p.ID, Name: "N", Email: "n@example.com", Comment: fmt.Sprintf("c%d", i), Status: domain.CommentHeld}
		if err := f.store.CreateComment(ctx, &c); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	bulk := func(body any) response {
		return f.modAs(t, domain.RoleEditor, "POST", "/api/admin/comments/bulk", body)
	}
	modWantField(t, "unknown action", bulk(map[string]any{"ids": ids, "action": "publish"}), "action")
	modWantField(t, "no ids", bulk(map[string]any{"ids": []string{}, "action": "approve"}), "ids")
	modWantField(t, "bad id", bulk(map[string]any{"ids": []string{ids[0], "NOT AN ID"}, "action": "approve"}), "ids")
	many := make([]string, domain.MaxBulk+1)
	for i := range many {
		many[i] = ids[0]
	}
	modWantField(t, "too many ids", bulk(map[string]any{"ids": many, "action": "delete"}), "ids")
	if res := bulk(map[string]any{"ids": []string{"gone-1", "gone-2"}, "action": "approve"}); res.Status != http.StatusNotFound {
		t.Errorf("unknown ids = %d, want 404", res.Status)
	}
	if n, _ := f.store.CountComments(ctx, domain.CommentHeld); n != 3 {
		t.Errorf("held after refusals = %d, want 3", n)
	}
	if n := len(f.modAuditRows(t, domain.AuditCommentsMod)); n != 0 {
		t.Errorf("refused bulk actions were audited: %d rows", n)
	}

	// Delete, with a repeated ID counted once.
	res := bulk(wire.CommentBulkRequest{IDs: []string{ids[0], ids[1], ids[0]}, Action: "delete"})
	if r := decodeAs[wire.CommentBulkResult](t, res.Body); res.Status != http.StatusOK || r.Message != "2 comments deleted." {
		t.Errorf("bulk delete = %d %s", res.Status, res.Body)
	}
	if n, _ := f.store.CountComments(ctx, domain.CommentHeld); n != 1 {
		t.Errorf("held after deleting two = %d, want 1", n)
	}

	modWantField(t, "unknown status", f.modAs(t, domain.RoleEditor, "GET", "/api/admin/comments?status=hidden", nil), "status")
}

func TestAdminMailListAndRetry(t *testing.T) {
	t.Parallel()
	f, woken := mailFixture(t)
	ctx := context.Background()
	m := domain.OutboxMessage{To: "staff@site.test", Subject: "New contact message: hello", Body: "SECRET BODY TEXT", CreatedAt: testNow.Add(-time.Hour)}
	if err := f.store.EnqueueOutbox(ctx, &m); err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.ClaimOutbox(ctx, testNow, time.Minute, 1); err != nil {
		t.Fatal(err)
	}
	if res := f.modAs(t, domain.RoleAdmin, "POST", "/api/admin/mail/"+m.ID+"/retry", nil); res.Status != http.StatusConflict {
		t.Errorf("retry while sending = %d, want 409", res.Status)
	}
	if err := f.store.FailOutbox(ctx, m.ID, 1, "550 mailbox unavailable"); err != nil {
		t.Fatal(err)
	}

	res := f.modAs(t, domain.RoleAdmin, "GET", "/api/admin/mail?status=failed", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /mail = %d %s", res.Status, res.Body)
	}
	if strings.Contains(res.Body, "SECRET BODY TEXT") {
		t.Error("the outbox list carries message bodies")
	}
	l := decodeAs[wire.OutboxList](t, res.Body)
	if len(l.Messages) != 1 || l.Total != 1 || l.Counts.Failed != 1 {
		t.Fatalf("failed mail = %+v", l)
	}
	if r := l.Messages[0]; r.ID != m.ID || r.Status != "failed" || r.Attempts != 1 || r.LastError != "550 mailbox unavailable" || r.To != "staff@site.test" {
		t.Errorf("row = %+v", r)
	}
	modWantField(t, "unknown status", f.modAs(t, domain.RoleAdmin, "GET", "/api/admin/mail?status=lost", nil), "status")

	before := woken.Load()
	res = f.modAs(t, domain.RoleAdmin, "POST", "/api/admin/mail/"+m.ID+"/retry", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("retry = %d %s", res.Status, res.Body)
	}
	if r := decodeAs[wire.OutboxRow](t, res.Body); r.Status != "queued" || r.Attempts != 1 || !r.NextAttemptAt.Equal(testNow) {
		t.Errorf("retried row = %+v, want queued now, attempts kept", r)
	}
	if woken.Load() != before+1 {
		t.Error("retry did not wake the mail sender")
	}
	claimed, err := f.store.ClaimOutbox(ctx, testNow, time.Minute, 5)
	if err != nil || len(claimed) != 1 || claimed[0].ID != m.ID {
		t.Errorf("claim after retry = %v, %v; want the message due now", claimed, err)
	}
	rows := f.modAuditRows(t, domain.AuditMailRetried)
	if len(rows) != 1 || rows[0].Subject != m.ID || rows[0].ActorEmail != "admin@site.test" {
		t.Errorf("audit rows = %+v", rows)
	}
	if res := f.modAs(t, domain.RoleAdmin, "POST", "/api/admin/mail/missing/retry", nil); res.Status != http.StatusNotFound {
		t.Errorf("retry of a missing message = %d, want 404", res.Status)
	}
}

func TestAdminDashboardCountsPerRole(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	f.modStoreContact(t, "m-new", domain.ContactNew, false, time.Minute)
	f.modStoreContact(t, "m-new2", domain.ContactNew, false, time.Minute)
	f.modStoreContact(t, "m-read", domain.ContactRead, false, time.Minute)
	f.modStoreContact(t, "m-spam", domain.ContactNew, true, time.Minute)
	// One of the inbox's three is assigned: two wait for someone.
	if _, err := f.store.AssignContactMessage(ctx, "m-read", "st-editor", nil); err != nil {
		t.Fatal(err)
	}
	p := f.posts(t)[0]
	c := domain.Comment{BlogID: p.ID, Name: "N", Email: "n@example.com", Comment: "held", Status: domain.CommentHeld}
	if err := f.store.CreateComment(ctx, &c); err != nil {
		t.Fatal(err)
	}
	m := domain.OutboxMessage{To: "staff@site.test", Subject: "s", Body: "b"}
	if err := f.store.EnqueueOutbox(ctx, &m); err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.ClaimOutbox(ctx, time.Now().Add(time.Hour), time.Minute, 1); err != nil {
		t.Fatal(err)
	}
	if err := f.store.FailOutbox(ctx, m.ID, 1, "refused"); err != nil {
		t.Fatal(err)
	}
	// Applications: two new ones count; suspected spam counts apart, and
	// one already being reviewed does not.
	for i, spam := range []bool{false, false, true, false} {
		a := domain.Application{JobID: "job-1", FirstName: "A", LastName: "B", FullName: "A B",
			Email: fmt.Sprintf("a%d@example.com", i), Spam: spam}
		if _, err := f.store.SaveApplication(ctx, &a, domain.SaveOptions{}); err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			if _, err := f.store.SetApplicationStatus(ctx, a.ID, domain.StatusReviewing, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	for role, want := range map[domain.Role]wire.DashboardCounts{
		domain.RoleAdmin:     {NewApplications: 2, SuspectedSpam: 1, UnreadMessages: 2, UnassignedMessages: 2, HeldComments: 1, FailedMail: 1},
		domain.RoleEditor:    {UnreadMessages: 2, UnassignedMessages: 2, HeldComments: 1},
		domain.RoleRecruiter: {NewApplications: 2, SuspectedSpam: 1},
	} {
		res := f.modAs(t, role, "GET", "/api/admin/dashboard", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: GET /dashboard = %d %s", role, res.Status, res.Body)
		}
		if d := cmp.Diff(want, decodeAs[wire.DashboardCounts](t, res.Body)); d != "" {
			t.Errorf("%s: counts mismatch (-want +got):\n%s", role, d)
		}
	}
}
