package storetest

import (
	"context"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// auditTests are the contract cases of the audit log.
var auditTests = []contractTest{
	{"Audit/AppendListFilter", testAuditList},
	{"Audit/Prune", testAuditPrune},
}

func testAuditList(t *testing.T, s domain.Store) {
	ctx := context.Background()
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	entries := []domain.AuditEntry{
		{ActorID: "s1", ActorEmail: "Ann@Example.com", Action: domain.AuditSignIn, ClientIP: "192.0.2.1", At: at(0)},
		{ActorEmail: "nobody_x@example.com", Action: domain.AuditSignInFailed, ClientIP: "192.0.2.9", At: at(time.Minute)},
		{ActorID: "s1", ActorEmail: "Ann@Example.com", Action: domain.AuditIDRevealed, Subject: "APP-ABCD2345", ClientIP: "192.0.2.1", At: at(2 * time.Minute)},
		{ActorID: "s2", ActorEmail: "bob@example.com", Action: domain.AuditRoleChanged, Subject: "s1", Detail: "editor → recruiter", At: at(3 * time.Minute)},
	}
	for i := range entries {
		must(t, s.AppendAudit(ctx, &entries[i]), "AppendAudit")
		if entries[i].ID == "" {
			t.Fatal("AppendAudit left the ID empty")
		}
	}
	noAt := domain.AuditEntry{Action: domain.AuditSignOut, ActorEmail: "c@example.com"}
	before := time.Now().Add(-time.Second)
	must(t, s.AppendAudit(ctx, &noAt), "AppendAudit without a time")
	if noAt.At.Before(before) {
		t.Errorf("AppendAudit without a time stored %v, want now", noAt.At)
	}

	list := func(f domain.AuditFilter) ([]domain.AuditEntry, int) {
		t.Helper()
		got, n, err := s.ListAudit(ctx, f)
		must(t, err, "ListAudit")
		return got, n
	}
	all, n := list(domain.AuditFilter{Until: at(time.Hour)})
	if n != 4 || len(all) != 4 {
		t.Fatalf("ListAudit(until t0+1h) = %d entries, total %d; want 4, 4", len(all), n)
	}
	if all[0].Action != domain.AuditRoleChanged || all[3].Action != domain.AuditSignIn {
		t.Errorf("ListAudit order = %v … %v, want newest first", all[0].Action, all[3].Action)
	}
	want := entries[2]
	want.At = want.At.UTC().Truncate(time.Microsecond)
	if got := all[1]; got != want {
		t.Errorf("ListAudit entry = %+v, want %+v", got, want)
	}
	if got, n := list(domain.AuditFilter{Action: domain.AuditSignInFailed}); n != 1 || len(got) != 1 || got[0].ActorEmail != "nobody_x@example.com" {
		t.Errorf("ListAudit(action) = %+v (total %d), want the failed sign-in", got, n)
	}
	if got, n := list(domain.AuditFilter{Actor: "ann@"}); n != 2 || len(got) != 2 {
		t.Errorf("ListAudit(actor ann@, any case) = %d entries (total %d), want 2", len(got), n)
	}
	// LIKE wildcards in the filter are literal.
	if got, _ := list(domain.AuditFilter{Actor: "y_x"}); len(got) != 1 {
		t.Errorf("ListAudit(actor y_x) = %d entries, want 1 (underscore literal)", len(got))
	}
	if got, _ := list(domain.AuditFilter{Actor: "%"}); len(got) != 0 {
		t.Errorf("ListAudit(actor %%) = %d entries, want 0 (percent literal)", len(got))
	}
	if got, n := list(domain.AuditFilter{Subject: " app-abcd2 "}); n != 1 || len(got) != 1 || got[0].ID != entries[2].ID {
		t.Errorf("ListAudit(subject app-abcd2, any case) = %d entries (total %d), want the reveal", len(got), n)
	}
	if got, _ := list(domain.AuditFilter{Subject: "_"}); len(got) != 0 {
		t.Errorf("ListAudit(subject _) = %d entries, want 0 (underscore literal)", len(got))
	}
	if got, n := list(domain.AuditFilter{Since: at(time.Minute), Until: at(3 * time.Minute)}); n != 2 || len(got) != 2 {
		t.Errorf("ListAudit(since, until) = %d (total %d), want 2", len(got), n)
	}
	page, n := list(domain.AuditFilter{Until: at(time.Hour), Limit: 2, Offset: 1})
	if n != 4 || len(page) != 2 || page[0].ID != entries[2].ID {
		t.Errorf("ListAudit page = %d entries (total %d), want 2 of 4 starting with the reveal", len(page), n)
	}
}

func testAuditPrune(t *testing.T, s domain.Store) {
	ctx := context.Background()
	old := domain.AuditEntry{ActorEmail: "a@example.com", Action: domain.AuditSignIn, At: t0}
	oldFailed := domain.AuditEntry{Action: domain.AuditSignInFailed, At: t0}
	recent := domain.AuditEntry{ActorEmail: "a@example.com", Action: domain.AuditSignIn, At: t0.Add(48 * time.Hour)}
	for _, e := range []*domain.AuditEntry{&old, &oldFailed, &recent} {
		must(t, s.AppendAudit(ctx, e), "AppendAudit")
	}
	// Of one action only: the old sign-in stays.
	must(t, s.PruneAudit(ctx, t0.Add(24*time.Hour), domain.AuditSignInFailed, domain.AuditSignOut), "PruneAudit(failed)")
	if got, n, err := s.ListAudit(ctx, domain.AuditFilter{}); err != nil || n != 2 || got[1].ID != old.ID {
		t.Fatalf("after PruneAudit of failed sign-ins: %+v (%d, %v), want the recent and the old sign-in", got, n, err)
	}
	must(t, s.PruneAudit(ctx, t0.Add(24*time.Hour)), "PruneAudit")
	got, n, err := s.ListAudit(ctx, domain.AuditFilter{})
	must(t, err, "ListAudit")
	if n != 1 || len(got) != 1 || got[0].ID != recent.ID {
		t.Errorf("after PruneAudit: %+v, want only the recent entry", got)
	}
}
