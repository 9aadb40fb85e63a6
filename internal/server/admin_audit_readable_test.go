package server_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// sentence is an audit entry's text and the links it holds.
func sentence(e wire.AuditEntry) (string, []string) {
	var b strings.Builder
	var links []string
	for _, p := range e.Sentence {
		b.WriteString(p.Text)
		if p.Link != "" {
			links = append(links, p.Link)
		}
	}
	return b.String(), links
}

// The audit log reads as sentences naming the subject by its title, linked
// to its screen while it exists and named as it was once it is deleted;
// rows written before labels were kept are named by a lookup.
func TestAdminAuditLogReadsAsSentences(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	token := f.sessionFor(t, admin)
	job := f.createJob(t, "Senior Go Engineer", domain.JobOpen, nil)
	kept := f.createJob(t, "Data Analyst", domain.JobOpen, nil)
	// A row written before labels were kept.
	if err := f.store.AppendAudit(t.Context(), &domain.AuditEntry{ActorID: admin.ID, ActorEmail: admin.Email, Action: domain.AuditJobPublished, Subject: "job " + kept.ID, At: f.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	if res := f.call(t, http.MethodPost, "/jobs/"+job.ID+"/close", token, ""); res.Status != http.StatusOK {
		t.Fatalf("close: %d %s", res.Status, res.Body)
	}
	page := func(q string) wire.AuditPage {
		t.Helper()
		res := f.call(t, http.MethodGet, "/audit"+q, token, "")
		if res.Status != http.StatusOK {
			t.Fatalf("GET /audit%s: %d %s", q, res.Status, res.Body)
		}
		var p wire.AuditPage
		if err := json.Unmarshal([]byte(res.Body), &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := page("?action=job-closed")
	if len(p.Entries) != 1 {
		t.Fatalf("job-closed entries: %+v", p.Entries)
	}
	text, links := sentence(p.Entries[0])
	if text != "Member admin closed the job “Senior Go Engineer”" || !slices.Equal(links, []string{"/admin/jobs/" + job.ID}) || p.Entries[0].Actor != "Member admin" {
		t.Errorf("closed row = %q linked %v", text, links)
	}
	if res := f.call(t, http.MethodDelete, "/jobs/"+job.ID, token, ""); res.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	text, links = sentence(page("?action=job-closed").Entries[0])
	if text != "Member admin closed the job “Senior Go Engineer”" || len(links) != 0 {
		t.Errorf("closed row after the delete = %q linked %v, want the title unlinked", text, links)
	}
	text, links = sentence(page("?action=job-deleted").Entries[0])
	if text != "Member admin deleted the job “Senior Go Engineer” (it was closed)" || len(links) != 0 {
		t.Errorf("deleted row = %q linked %v", text, links)
	}
	// The old row: named by what the job is called now, linked.
	text, links = sentence(page("?action=job-published").Entries[0])
	if text != "Member admin published the job “Data Analyst”" || !slices.Equal(links, []string{"/admin/jobs/" + kept.ID}) {
		t.Errorf("unlabelled row = %q linked %v", text, links)
	}
	// The subject filter finds a deleted job by its title.
	if p := page("?subject=go+engineer"); p.Total != 2 {
		t.Errorf("subject “go engineer”: %d entries, want the close and the delete", p.Total)
	}
}

// Admins export the audit log as CSV with the screen's filters; the
// export is audited; other roles are refused.
func TestAdminAuditLogExport(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	for i, a := range []domain.AuditAction{domain.AuditSignIn, domain.AuditSignOut, domain.AuditSignIn} {
		e := domain.AuditEntry{ActorID: admin.ID, ActorEmail: admin.Email, Action: a, Subject: admin.ID, ClientIP: "=1+1", At: f.clock.Now().Add(-time.Duration(i) * time.Minute)}
		if err := f.store.AppendAudit(t.Context(), &e); err != nil {
			t.Fatal(err)
		}
	}
	for _, role := range []domain.Role{domain.RoleRecruiter, domain.RoleEditor} {
		m := f.addMember(t, string(role)+"@example.com", role, "", true)
		if res := f.call(t, http.MethodGet, "/audit/export.csv", f.sessionFor(t, m), ""); res.Status != http.StatusForbidden {
			t.Errorf("export as %s: %d, want 403", role, res.Status)
		}
	}
	token := f.sessionFor(t, admin)
	if res := f.call(t, http.MethodGet, "/audit/export.csv?page=2", token, ""); res.Status != http.StatusBadRequest {
		t.Errorf("export with a page: %d, want 400", res.Status)
	}
	res := f.call(t, http.MethodGet, "/audit/export.csv?action=sign-in", token, "")
	if res.Status != http.StatusOK {
		t.Fatalf("export: %d %s", res.Status, res.Body)
	}
	if ct, cd := res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"); ct != "text/csv; charset=utf-8" || !strings.HasPrefix(cd, `attachment; filename="audit-log-`) {
		t.Errorf("headers: %q, %q", ct, cd)
	}
	body, ok := strings.CutPrefix(res.Body, "\ufeff")
	if !ok {
		t.Fatal("no byte-order mark")
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"When (IST, UTC+05:30)", "Who", "What happened", "Action", "Subject", "Detail", "Actor e-mail", "From (IP)"}; !slices.Equal(rows[0], want) {
		t.Errorf("header = %q, want %q", rows[0], want)
	}
	if len(rows) != 3 {
		t.Fatalf("rows = %q, want the 2 sign-ins", rows[1:])
	}
	for _, r := range rows[1:] {
		if r[1] != "Member admin" || r[2] != "Member admin signed in" || r[3] != "sign-in" || r[7] != "'=1+1" {
			t.Errorf("row = %q", r)
		}
	}
	var exports []domain.AuditEntry
	for _, e := range f.auditLog(t) {
		if e.Action == domain.AuditLogExport {
			exports = append(exports, e)
		}
	}
	if len(exports) != 1 || exports[0].ActorID != admin.ID || exports[0].Detail != "2 entries; action sign-in" {
		t.Errorf("export audit entries = %+v, want one by the admin", exports)
	}
}

// Admins open an e-mail of the outbox with its bodies, which is audited;
// other roles are refused and nothing is recorded.
func TestAdminOpenOutboxMail(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	m := domain.OutboxMessage{To: "asha@example.com", Subject: "Your application", Body: "Hello Asha",
		HTMLBody: `<p>Hello <b>Asha</b></p><script>alert(1)</script>`, ReplyTo: "hr@example.com"}
	if err := f.store.EnqueueOutbox(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	for _, role := range []domain.Role{domain.RoleRecruiter, domain.RoleEditor} {
		mb := f.addMember(t, string(role)+"@example.com", role, "", true)
		if res := f.call(t, http.MethodGet, "/mail/"+m.ID, f.sessionFor(t, mb), ""); res.Status != http.StatusForbidden {
			t.Errorf("open as %s: %d, want 403", role, res.Status)
		}
	}
	if n := countAction(f.auditLog(t), domain.AuditMailOpened); n != 0 {
		t.Fatalf("refused opens recorded %d entries", n)
	}
	token := f.sessionFor(t, admin)
	if res := f.call(t, http.MethodGet, "/mail/nope"+strings.Repeat("x", 12), token, ""); res.Status != http.StatusNotFound {
		t.Errorf("unknown mail: %d, want 404", res.Status)
	}
	res := f.call(t, http.MethodGet, "/mail/"+m.ID, token, "")
	if res.Status != http.StatusOK {
		t.Fatalf("open: %d %s", res.Status, res.Body)
	}
	var got wire.OutboxMessage
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
		t.Fatal(err)
	}
	if got.Row.ID != m.ID || got.Row.To != m.To || got.Row.Subject != m.Subject || got.Row.Status != "queued" || got.Text != "Hello Asha" || got.HTML != m.HTMLBody || got.ReplyTo != "hr@example.com" {
		t.Errorf("opened = %+v", got)
	}
	log := f.auditLog(t)
	if n := countAction(log, domain.AuditMailOpened); n != 1 {
		t.Fatalf("mail-opened entries = %d, want 1", n)
	}
	for _, e := range log {
		if e.Action == domain.AuditMailOpened && (e.Subject != m.ID || e.SubjectLabel != "Your application" || e.ActorID != admin.ID) {
			t.Errorf("entry = %+v", e)
		}
	}
}

func countAction(log []domain.AuditEntry, a domain.AuditAction) int {
	n := 0
	for _, e := range log {
		if e.Action == a {
			n++
		}
	}
	return n
}

// Location and staff rows name their subject as it was when written: a
// deleted location by its name, a member of staff by theirs.
func TestAdminAuditLogNamesListsAndStaff(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	editor := f.addMember(t, "editor@example.com", domain.RoleEditor, "", true)
	token := f.sessionFor(t, admin)
	res := f.call(t, http.MethodPost, "/job-locations", token, `{"name":"Coimbatore","aliases":["Kovai"]}`)
	if res.Status != http.StatusCreated {
		t.Fatalf("add location: %d %s", res.Status, res.Body)
	}
	var loc wire.JobLocation
	if err := json.Unmarshal([]byte(res.Body), &loc); err != nil {
		t.Fatal(err)
	}
	if res := f.call(t, http.MethodDelete, "/job-locations/"+loc.ID, token, ""); res.Status != http.StatusOK {
		t.Fatalf("delete location: %d %s", res.Status, res.Body)
	}
	if res := f.call(t, http.MethodPatch, "/staff/"+editor.ID, token, `{"role":"recruiter","disabled":false}`); res.Status != http.StatusOK {
		t.Fatalf("role change: %d %s", res.Status, res.Body)
	}
	res = f.call(t, http.MethodGet, "/audit?action=job-list-changed", token, "")
	var p wire.AuditPage
	if err := json.Unmarshal([]byte(res.Body), &p); err != nil || len(p.Entries) != 2 {
		t.Fatalf("job-list-changed: %d %s", res.Status, res.Body)
	}
	var texts []string
	for _, e := range p.Entries {
		text, links := sentence(e)
		if len(links) != 0 {
			t.Errorf("%q links %v, but the location is gone", text, links)
		}
		texts = append(texts, text)
	}
	// The test clock stands still: both rows have the same time.
	slices.Sort(texts)
	if want := []string{"Member admin added the location “Coimbatore”", "Member admin deleted the location “Coimbatore”"}; !slices.Equal(texts, want) {
		t.Errorf("location rows = %q, want %q", texts, want)
	}
	res = f.call(t, http.MethodGet, "/audit?action=role-changed", token, "")
	p = wire.AuditPage{}
	if err := json.Unmarshal([]byte(res.Body), &p); err != nil || len(p.Entries) != 1 {
		t.Fatalf("role-changed: %d %s", res.Status, res.Body)
	}
	if text, links := sentence(p.Entries[0]); text != "Member admin changed the role of Member editor from editor to recruiter" || !slices.Equal(links, []string{"/admin/staff"}) {
		t.Errorf("role row = %q linked %v", text, links)
	}
}
