package storetest

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// auditTests are the contract cases of the audit log.
var auditTests = []contractTest{
	{"Audit/AppendListFilter", testAuditList},
	{"Audit/Prune", testAuditPrune},
	{"Audit/SubjectLabel", testAuditSubjectLabel},
	{"Outbox/Get", testOutboxGet},
	{"Outbox/About", testOutboxAbout},
}

// testOutboxAbout finds the mails to an address that mention a text.
func testOutboxAbout(t *testing.T, s domain.Store) {
	ctx := context.Background()
	for i, m := range []domain.OutboxMessage{
		{To: "Asha@Example.com", Subject: "Your application (APP-ABCD2345)", Body: "x", CreatedAt: t0},
		{To: "asha@example.com", Subject: "Status link", Body: "reference APP-ABCD2345", CreatedAt: t0.Add(time.Minute)},
		{To: "asha@example.com", Subject: "Your application (APP-WXYZ6789)", Body: "x", CreatedAt: t0.Add(2 * time.Minute)},
		{To: "staff@example.com", Subject: "New application APP-ABCD2345", Body: "x", CreatedAt: t0.Add(3 * time.Minute)},
		{To: "asha@example.com", Subject: "APP-ABCD2345 100%_", Body: "x", CreatedAt: t0.Add(4 * time.Minute)},
	} {
		must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox "+strconv.Itoa(i))
	}
	got, err := s.ListOutboxAbout(ctx, "ASHA@example.com", "APP-ABCD2345", 10)
	must(t, err, "ListOutboxAbout")
	var subjects []string
	for _, m := range got {
		subjects = append(subjects, m.Subject)
	}
	want := []string{"APP-ABCD2345 100%_", "Status link", "Your application (APP-ABCD2345)"}
	if !slices.Equal(subjects, want) {
		t.Errorf("ListOutboxAbout = %q, want %q (newest first)", subjects, want)
	}
	if got, _ := s.ListOutboxAbout(ctx, "asha@example.com", "APP-ABCD2345", 1); len(got) != 1 {
		t.Errorf("ListOutboxAbout(limit 1) = %d messages", len(got))
	}
	if got, _ := s.ListOutboxAbout(ctx, "asha@example.com", "100%_", 10); len(got) != 1 {
		t.Errorf("ListOutboxAbout(wildcards) = %d messages, want the one that holds them", len(got))
	}
	if got, _ := s.ListOutboxAbout(ctx, "asha@example.com", "%", 10); len(got) != 1 {
		t.Errorf("ListOutboxAbout(%%) = %d messages, want 1: the %% is literal", len(got))
	}
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
	if got, n := list(domain.AuditFilter{ActorID: "s2"}); n != 1 || len(got) != 1 || got[0].ActorEmail != "bob@example.com" {
		t.Errorf("ListAudit(actor ID) = %+v (total %d), want bob's one entry", got, n)
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

// testAuditSubjectLabel keeps what a subject was called and filters by
// subject or label (About), LIKE wildcards literal.
func testAuditSubjectLabel(t *testing.T, s domain.Store) {
	ctx := context.Background()
	job := domain.AuditEntry{ActorEmail: "a@example.com", Action: domain.AuditJobDeleted, Subject: "job j1", SubjectLabel: "Senior Go Engineer 100%", At: t0}
	old := domain.AuditEntry{ActorEmail: "a@example.com", Action: domain.AuditJobPublished, Subject: "job j2", At: t0.Add(time.Minute)}
	for _, e := range []*domain.AuditEntry{&job, &old} {
		must(t, s.AppendAudit(ctx, e), "AppendAudit")
	}
	got, _, err := s.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditJobDeleted})
	must(t, err, "ListAudit")
	if len(got) != 1 || got[0].SubjectLabel != "Senior Go Engineer 100%" || got[0].Subject != "job j1" {
		t.Fatalf("ListAudit = %+v, want the label kept", got)
	}
	for _, c := range []struct {
		about string
		want  []string
	}{
		{"go engineer", []string{job.ID}},
		{" JOB J2 ", []string{old.ID}},
		{"job j", []string{old.ID, job.ID}},
		{"100%", []string{job.ID}},
		{"%", []string{job.ID}}, // literal: only the label holds one
		{"engineer_", nil},
	} {
		got, n, err := s.ListAudit(ctx, domain.AuditFilter{About: c.about})
		must(t, err, "ListAudit(about)")
		var ids []string
		for _, e := range got {
			ids = append(ids, e.ID)
		}
		if n != len(c.want) || !slices.Equal(ids, c.want) {
			t.Errorf("ListAudit(about %q) = %v (total %d), want %v", c.about, ids, n, c.want)
		}
	}
	// Subject alone does not look at labels.
	if _, n, _ := s.ListAudit(ctx, domain.AuditFilter{Subject: "engineer"}); n != 0 {
		t.Errorf("ListAudit(subject engineer) = %d entries, want 0 (labels are About's)", n)
	}
}

// testOutboxGet returns one message with its bodies, or ENotFound.
func testOutboxGet(t *testing.T, s domain.Store) {
	ctx := context.Background()
	m := domain.OutboxMessage{To: "asha@example.com", Subject: "Hello", Body: "Plain body", HTMLBody: "<p>Plain body</p>", CreatedAt: t0}
	must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
	got, err := s.GetOutbox(ctx, m.ID)
	must(t, err, "GetOutbox")
	if got.ID != m.ID || got.Body != "Plain body" || got.HTMLBody != "<p>Plain body</p>" || got.To != m.To || got.Status != domain.OutboxQueued {
		t.Errorf("GetOutbox = %+v, want the queued message with its bodies", got)
	}
	if _, err := s.GetOutbox(ctx, "nope"); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("GetOutbox(unknown) error = %v, want ENotFound", err)
	}
}
