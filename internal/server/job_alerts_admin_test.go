package server_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// confirmAlert confirms the alert of token through the API.
func (f *fixture) confirmAlert(t *testing.T, token string) {
	t.Helper()
	b, _ := json.Marshal(wire.JobAlertTokenRequest{Token: token})
	if res := f.post(t, "/api/job-alerts/confirm", "198.51.100.20:4000", "application/json", string(b)); res.Status != http.StatusOK {
		t.Fatalf("confirm: %d %s", res.Status, res.Body)
	}
}

// The console's counts name searches in words, split by frequency, and
// never an address; recruiters see them, editors do not.
func TestAdminJobAlertCountsHaveNoAddresses(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	f.confirmAlert(t, f.alertToken(t, "asha@example.in"))
	f.confirmAlert(t, f.alertToken(t, "ravi@example.in"))
	f.alertToken(t, "unconfirmed@example.in") // not counted

	recruiter := f.addMember(t, "recruiter@example.com", domain.RoleRecruiter, "", false)
	res := f.call(t, http.MethodGet, "/job-alerts", f.sessionFor(t, recruiter), "")
	if res.Status != http.StatusOK {
		t.Fatalf("counts as a recruiter: %d %s", res.Status, res.Body)
	}
	for _, addr := range []string{"asha", "ravi", "unconfirmed", "@"} {
		if strings.Contains(res.Body, addr) {
			t.Errorf("the counts show %q: %s", addr, res.Body)
		}
	}
	var got wire.JobAlertCounts
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
		t.Fatal(err)
	}
	want := wire.JobAlertCounts{Total: 2, Counts: []wire.JobAlertCount{{Filter: "Location: Pune", SearchPath: "/jobs?location=Pune", Daily: 2}}}
	if got.Total != want.Total || !slices.Equal(got.Counts, want.Counts) {
		t.Errorf("counts = %+v, want %+v", got, want)
	}

	editor := f.addMember(t, "editor@example.com", domain.RoleEditor, "", false)
	if res := f.call(t, http.MethodGet, "/job-alerts", f.sessionFor(t, editor), ""); res.Status != http.StatusForbidden {
		t.Errorf("counts as an editor: %d, want 403", res.Status)
	}
}

// Only admins export the addresses: anyone else is refused with 403 and
// nothing is recorded; an admin's export is audited and safe to open in
// a spreadsheet.
func TestAdminJobAlertExport(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	f.confirmAlert(t, f.alertToken(t, "=cmd@example.in"))
	f.confirmAlert(t, f.alertToken(t, "ravi@example.in"))
	f.alertToken(t, "unconfirmed@example.in")

	for _, role := range []domain.Role{domain.RoleRecruiter, domain.RoleEditor} {
		m := f.addMember(t, string(role)+"@example.com", role, "", false)
		res := f.call(t, http.MethodGet, "/job-alerts/export.csv", f.sessionFor(t, m), "")
		if res.Status != http.StatusForbidden {
			t.Errorf("export as %s: %d, want 403", role, res.Status)
		}
		if strings.Contains(res.Body, "ravi@") {
			t.Errorf("a refused export showed an address: %s", res.Body)
		}
	}
	if n := len(f.auditLog(t)); n != 0 {
		t.Fatalf("refused exports were recorded: %+v", f.auditLog(t))
	}

	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	res := f.call(t, http.MethodGet, "/job-alerts/export.csv", f.sessionFor(t, admin), "")
	if res.Status != http.StatusOK {
		t.Fatalf("export as an admin: %d %s", res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="job-alerts-`) {
		t.Errorf("Content-Disposition = %q", cd)
	}
	body, ok := strings.CutPrefix(res.Body, "\ufeff")
	if !ok {
		t.Fatal("the export does not start with a byte-order mark")
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("the export is not valid CSV: %v", err)
	}
	if !slices.Equal(rows[0], []string{"E-mail", "Search", "How often", "Confirmed (IST, UTC+05:30)", "Ends"}) {
		t.Errorf("header = %q", rows[0])
	}
	var emails []string
	for _, r := range rows[1:] {
		emails = append(emails, r[0])
		if r[1] != "Location: Pune" || r[2] != "daily" || r[3] == "" || r[4] == "" {
			t.Errorf("row %q", r)
		}
	}
	slices.Sort(emails)
	if !slices.Equal(emails, []string{"'=cmd@example.in", "ravi@example.in"}) {
		t.Errorf("addresses = %q, want the confirmed ones, the formula one quoted", emails)
	}

	var exports []domain.AuditEntry
	for _, e := range f.auditLog(t) {
		if e.Action == domain.AuditAlertsExport {
			exports = append(exports, e)
		}
	}
	if len(exports) != 1 || exports[0].ActorID != admin.ID || exports[0].Detail != "2 addresses" {
		t.Errorf("audit entries of the export: %+v", exports)
	}
}
