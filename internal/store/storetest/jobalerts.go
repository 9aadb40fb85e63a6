package storetest

import (
	"testing"
	"time"

	"corpsite/internal/domain"
)

// ta is t0 as stored (UTC, microseconds).
var ta = t0.UTC().Truncate(time.Microsecond)

var jobAlertTests = []contractTest{
	{"JobAlert/Lifecycle", testJobAlertLifecycle},
	{"JobAlert/DigestWindowOnce", testJobAlertDigestOnce},
	{"JobAlert/PublishedAndPrune", testJobAlertPublishedPrune},
}

func newAlert(email, filter string, at time.Time) domain.JobAlert {
	return domain.JobAlert{Email: email, Filter: filter, Frequency: domain.AlertDaily, CreatedAt: at,
		ExpiresAt: at.Add(48 * time.Hour), WindowEnd: at, NextDigestAt: at.Add(24 * time.Hour)}
}

func alertMail(to string, at time.Time) *domain.OutboxMessage {
	return &domain.OutboxMessage{To: to, Subject: "Confirm your job alert", Body: "link", CreatedAt: at,
		Headers: []domain.MailHeader{{Name: "List-Unsubscribe", Value: "<https://site.test/alerts/unsubscribe?token=t>"},
			{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"}}}
}

func testJobAlertLifecycle(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newAlert("Asha@Example.in", "location=Pune", ta)
	created, err := s.CreateJobAlert(ctx, &a, "hash-1", alertMail(a.Email, ta), 2)
	must(t, err, "CreateJobAlert")
	if !created || a.ID == "" {
		t.Fatalf("created = %v, ID %q", created, a.ID)
	}
	// The mail went with it, headers and all.
	out, err := s.ListOutbox(ctx, "", 0)
	must(t, err, "ListOutbox")
	if len(out) != 1 || len(out[0].Headers) != 2 || out[0].Headers[1].Value != "List-Unsubscribe=One-Click" {
		t.Fatalf("outbox = %+v", out)
	}
	got, err := s.JobAlertFor(ctx, "asha@example.IN", "location=Pune")
	must(t, err, "JobAlertFor")
	if got.ID != a.ID || got.Confirmed() || !got.CreatedAt.Equal(ta) {
		t.Fatalf("JobAlertFor = %+v", got)
	}
	if _, err := s.JobAlertFor(ctx, "asha@example.in", "location=Chennai"); !domain.IsNotFound(err) {
		t.Fatalf("another filter: %v", err)
	}
	// The address's limit.
	b := newAlert("asha@example.in", "q=go", ta)
	created, err = s.CreateJobAlert(ctx, &b, "hash-2", nil, 2)
	must(t, err, "CreateJobAlert")
	c := newAlert("ASHA@example.in", "q=rust", ta)
	over, err := s.CreateJobAlert(ctx, &c, "hash-3", alertMail(c.Email, ta), 2)
	must(t, err, "CreateJobAlert")
	if !created || over {
		t.Fatalf("second created %v, third %v; want the limit of 2 to hold", created, over)
	}
	if out, _ := s.ListOutbox(ctx, "", 0); len(out) != 1 {
		t.Fatalf("a refused alert queued its mail")
	}
	must(t, s.AddJobAlertToken(ctx, a.ID, "hash-1b", alertMail(a.Email, ta), ta), "AddJobAlertToken")
	for _, h := range []string{"hash-1", "hash-1b"} {
		byTok, err := s.JobAlertByToken(ctx, h)
		must(t, err, "JobAlertByToken")
		if byTok.ID != a.ID {
			t.Fatalf("token %s is of %s", h, byTok.ID)
		}
	}
	if _, err := s.JobAlertByToken(ctx, "nope"); !domain.IsNotFound(err) {
		t.Fatalf("unknown token: %v", err)
	}
	at := ta.Add(time.Hour)
	must(t, s.ConfirmJobAlert(ctx, a.ID, at, at.AddDate(1, 0, 0), at.Add(24*time.Hour)), "ConfirmJobAlert")
	must(t, s.ConfirmJobAlert(ctx, a.ID, at.Add(time.Hour), at, at), "ConfirmJobAlert again")
	got, err = s.JobAlertByToken(ctx, "hash-1")
	must(t, err, "JobAlertByToken")
	if got.ConfirmedAt == nil || !got.ConfirmedAt.Equal(at) || !got.WindowEnd.Equal(at) || !got.ExpiresAt.Equal(at.AddDate(1, 0, 0)) {
		t.Fatalf("confirmed = %+v", got)
	}
	got.Frequency = domain.AlertWeekly
	got.RemindedAt = &at
	must(t, s.UpdateJobAlert(ctx, got), "UpdateJobAlert")
	counts, err := s.CountJobAlerts(ctx)
	must(t, err, "CountJobAlerts")
	if len(counts) != 1 || counts[0] != (domain.AlertFilterCount{Filter: "location=Pune", Weekly: 1}) {
		t.Fatalf("counts = %+v", counts)
	}
	list, err := s.ListConfirmedJobAlerts(ctx)
	must(t, err, "ListConfirmedJobAlerts")
	if len(list) != 1 || list[0].Email != "Asha@Example.in" || list[0].RemindedAt == nil {
		t.Fatalf("confirmed alerts = %+v", list)
	}
	ending, err := s.EndingJobAlerts(ctx, at.AddDate(2, 0, 0), 10)
	must(t, err, "EndingJobAlerts")
	if len(ending) != 0 {
		t.Fatalf("a reminded alert is listed as ending: %+v", ending)
	}
	must(t, s.DeleteJobAlert(ctx, a.ID), "DeleteJobAlert")
	if _, err := s.JobAlertByToken(ctx, "hash-1b"); !domain.IsNotFound(err) {
		t.Fatalf("token after delete: %v", err)
	}
	if err := s.DeleteJobAlert(ctx, a.ID); !domain.IsNotFound(err) {
		t.Fatalf("second delete: %v", err)
	}
}

func testJobAlertDigestOnce(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newAlert("ravi@example.in", "", ta)
	_, err := s.CreateJobAlert(ctx, &a, "h-a", nil, 10)
	must(t, err, "CreateJobAlert")
	due, err := s.DueJobAlerts(ctx, ta.Add(48*time.Hour), "", 10)
	must(t, err, "DueJobAlerts")
	if len(due) != 0 {
		t.Fatalf("an unconfirmed alert is due: %+v", due)
	}
	must(t, s.ConfirmJobAlert(ctx, a.ID, ta, ta.AddDate(1, 0, 0), ta.Add(24*time.Hour)), "ConfirmJobAlert")
	now := ta.Add(24 * time.Hour)
	due, err = s.DueJobAlerts(ctx, now, "", 10)
	must(t, err, "DueJobAlerts")
	if len(due) != 1 || !due[0].WindowEnd.Equal(ta) {
		t.Fatalf("due = %+v", due)
	}
	step := domain.AlertDigest{AlertID: a.ID, WindowFrom: due[0].WindowEnd, WindowEnd: now, NextDigestAt: now.Add(24 * time.Hour),
		Mail: alertMail(a.Email, now), TokenHash: "h-digest"}
	n, err := s.RecordJobAlertDigests(ctx, []domain.AlertDigest{step})
	must(t, err, "RecordJobAlertDigests")
	step.Mail, step.TokenHash = alertMail(a.Email, now), "h-digest-2"
	again, err := s.RecordJobAlertDigests(ctx, []domain.AlertDigest{step})
	must(t, err, "RecordJobAlertDigests again")
	if n != 1 || again != 0 {
		t.Fatalf("recorded %d then %d, want the window once", n, again)
	}
	if out, _ := s.ListOutbox(ctx, "", 0); len(out) != 1 {
		t.Fatalf("outbox holds %d digests", len(out))
	}
	if _, err := s.JobAlertByToken(ctx, "h-digest-2"); !domain.IsNotFound(err) {
		t.Fatalf("the skipped step's token was stored: %v", err)
	}
	if due, _ := s.DueJobAlerts(ctx, now, "", 10); len(due) != 0 {
		t.Fatalf("still due after its digest: %+v", due)
	}
	// The reminder is queued once.
	done, err := s.RemindJobAlert(ctx, a.ID, now, "h-r1", alertMail(a.Email, now))
	must(t, err, "RemindJobAlert")
	twice, err := s.RemindJobAlert(ctx, a.ID, now, "h-r2", alertMail(a.Email, now))
	must(t, err, "RemindJobAlert again")
	if !done || twice {
		t.Fatalf("reminded %v then %v", done, twice)
	}
}

func testJobAlertPublishedPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	open := domain.Job{JobTitle: "Go developer", Experience: "2-4", Location: "Pune", Description: "<p>x</p>",
		Status: domain.JobOpen, CreatedAt: ta}
	draft := domain.Job{JobTitle: "Draft", Experience: "2-4", Location: "Pune", Description: "<p>x</p>", CreatedAt: ta}
	must(t, s.CreateJob(ctx, &open), "CreateJob")
	must(t, s.CreateJob(ctx, &draft), "CreateJob")
	pub, err := s.JobsPublishedSince(ctx, ta.Add(-time.Second))
	must(t, err, "JobsPublishedSince")
	if len(pub) != 1 || pub[0].Job.ID != open.ID || !pub[0].PublishedAt.Equal(ta) {
		t.Fatalf("published = %+v", pub)
	}
	// Publishing the draft makes it new now.
	before := time.Now().Add(-time.Second)
	draft.Status = domain.JobOpen
	must(t, s.UpdateJob(ctx, &draft), "UpdateJob")
	pub, err = s.JobsPublishedSince(ctx, before)
	must(t, err, "JobsPublishedSince")
	if len(pub) != 1 || pub[0].Job.ID != draft.ID {
		t.Fatalf("published since the change = %+v", pub)
	}
	// Prune: unconfirmed past their time, and ended ones.
	old := newAlert("a@example.com", "", ta)
	fresh := newAlert("b@example.com", "", ta.Add(47*time.Hour))
	ended := newAlert("c@example.com", "", ta)
	for i, a := range []*domain.JobAlert{&old, &fresh, &ended} {
		_, err := s.CreateJobAlert(ctx, a, "p-"+string(rune('a'+i)), nil, 10)
		must(t, err, "CreateJobAlert")
	}
	must(t, s.ConfirmJobAlert(ctx, ended.ID, ta, ta.Add(49*time.Hour), ta.Add(24*time.Hour)), "ConfirmJobAlert")
	n, err := s.PruneJobAlerts(ctx, ta.Add(time.Hour), ta.Add(48*time.Hour+time.Minute))
	must(t, err, "PruneJobAlerts")
	if n != 1 {
		t.Fatalf("pruned %d, want the old unconfirmed one", n)
	}
	n, err = s.PruneJobAlerts(ctx, ta.Add(time.Hour), ta.Add(50*time.Hour))
	must(t, err, "PruneJobAlerts")
	if n != 1 {
		t.Fatalf("pruned %d, want the ended one", n)
	}
	if _, err := s.JobAlertFor(ctx, "b@example.com", ""); err != nil {
		t.Fatalf("the recent unconfirmed alert was pruned: %v", err)
	}
	if _, err := s.JobAlertByToken(ctx, "p-a"); !domain.IsNotFound(err) {
		t.Fatalf("a pruned alert's token: %v", err)
	}
}
