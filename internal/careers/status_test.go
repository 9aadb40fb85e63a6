package careers_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
	"corpsite/internal/wire"
)

// applied submits a good application and returns its receipt and its
// status link's token.
func (f *fixture) applied(t *testing.T, email string) (careers.Receipt, string) {
	t.Helper()
	rc, err := f.submit(t, f.good(request(email)))
	if err != nil {
		t.Fatal(err)
	}
	prefix := "https://site.test" + careers.StatusPagePath + "#t="
	token, ok := strings.CutPrefix(rc.StatusURL, prefix)
	if !ok || len(token) != 43 {
		t.Fatalf("status URL %q, want %s and a 43-character token", rc.StatusURL, prefix)
	}
	return rc, token
}

func deadLink(t *testing.T, what string, err error) {
	t.Helper()
	if domain.ErrorCode(err) != domain.ENotFound || !strings.Contains(domain.ErrorMessage(err), "no longer works") {
		t.Errorf("%s: %v, want the dead-link message", what, err)
	}
}

func TestStatusLinkShowsTheApplicationInTheApplicantsWords(t *testing.T) {
	f := newFixture(t, 4)
	rc, token := f.applied(t, applytest.Email)
	ctx := context.Background()

	// The confirmation mail carries the link; the database only its hash.
	var confirmation string
	for _, m := range f.outbox(t) {
		if m.To == applytest.Email {
			confirmation = m.Body
		} else if strings.Contains(m.Body, token) {
			t.Error("the staff notification carries the applicant's link")
		}
	}
	if !strings.Contains(confirmation, rc.StatusURL) || !strings.Contains(confirmation, "https://site.test/application-status\n") {
		t.Errorf("confirmation lacks the status link or the lost-link address:\n%s", confirmation)
	}
	a := f.applications(t)[0]
	if got, err := f.store.GetApplicationByStatusToken(ctx, token); !domain.IsNotFound(err) {
		t.Errorf("the token itself opens %q: only its hash may be stored", got.ID)
	}

	for _, c := range []struct {
		status      domain.ApplicationStatus
		stage       string
		label, next string
		withdraw    bool
	}{
		{domain.StatusNew, careers.StageReceived, "Received", "usually within two weeks", true},
		{domain.StatusReviewing, careers.StageReviewing, "Under review", "is reading your application", true},
		{domain.StatusInterview, careers.StageInterview, "Interview", "agree on a time", true},
		{domain.StatusOffer, careers.StageOffer, "Offer", "made you an offer", true},
		{domain.StatusHired, careers.StageOffer, "Offer", "first day", true},
		{domain.StatusRejected, careers.StageClosed, "Closed", "will not take your application further", false},
	} {
		if _, err := f.store.SetApplicationStatus(ctx, a.ID, c.status, testNow); err != nil {
			t.Fatal(err)
		}
		st, err := f.svc.Status(ctx, token)
		if err != nil {
			t.Fatalf("%s: %v", c.status, err)
		}
		want := wire.ApplicantStatus{Reference: rc.Reference, JobTitle: f.job.JobTitle, AppliedAt: a.AppliedAt.UTC(),
			Stage: c.stage, StageLabel: c.label, NextSteps: st.NextSteps, CanWithdraw: c.withdraw}
		if st != want || !strings.Contains(st.NextSteps, c.next) {
			t.Errorf("%s: status = %+v, want %+v with next steps saying %q", c.status, st, want, c.next)
		}
	}

	for _, bad := range []string{"", "short", strings.Repeat("A", 43), token + "x", rc.Reference} {
		_, err := f.svc.Status(ctx, bad)
		deadLink(t, "token "+bad, err)
	}
}

func TestApplyingAgainReplacesTheLink(t *testing.T) {
	f := newFixture(t, 4)
	_, old := f.applied(t, applytest.Email)
	_, fresh := f.applied(t, applytest.Email)
	_, err := f.svc.Status(context.Background(), old)
	deadLink(t, "the replaced application's link", err)
	if _, err := f.svc.Status(context.Background(), fresh); err != nil {
		t.Errorf("the new link: %v", err)
	}
}

func TestSuspectedSpamGetsNoLink(t *testing.T) {
	f := newFixture(t, 4)
	app := request(applytest.Email)
	app.Homepage = "http://spam.example"
	rc, err := f.submit(t, f.good(app))
	if err != nil || rc.StatusURL != "" {
		t.Fatalf("spam receipt = %+v, %v; want no status link", rc, err)
	}
}

func TestWithdraw(t *testing.T) {
	f := newFixture(t, 4)
	_, token := f.applied(t, applytest.Email)
	ctx := context.Background()
	st, err := f.svc.Withdraw(ctx, token)
	if err != nil || st.Stage != careers.StageWithdrawn || st.StageLabel != "Withdrawn" || st.CanWithdraw {
		t.Fatalf("Withdraw = %+v, %v", st, err)
	}
	a := f.applications(t)[0]
	if a.WithdrawnAt == nil || !a.WithdrawnAt.Equal(testNow) {
		t.Errorf("stored WithdrawnAt = %v, want %v", a.WithdrawnAt, testNow)
	}
	withdrawnMails := func() int {
		n := 0
		for _, m := range f.outbox(t) {
			if strings.HasPrefix(m.Subject, "Application withdrawn") {
				n++
				if m.To != staffEmail || !strings.Contains(m.Body, a.Reference) {
					t.Errorf("withdrawal notice = %+v", m)
				}
			}
		}
		return n
	}
	if n := withdrawnMails(); n != 1 {
		t.Errorf("%d notices of the withdrawal to staff, want 1", n)
	}
	// Staff moving it on does not hide that it was withdrawn.
	if _, err := f.store.SetApplicationStatus(ctx, a.ID, domain.StatusInterview, testNow); err != nil {
		t.Fatal(err)
	}
	if st, err := f.svc.Withdraw(ctx, token); err != nil || st.Stage != careers.StageWithdrawn {
		t.Errorf("withdrawing again = %+v, %v; want the same answer", st, err)
	}
	if n := withdrawnMails(); n != 1 {
		t.Errorf("withdrawing again: %d notices to staff, want still 1", n)
	}

	// A closed application has nothing to withdraw.
	g := newFixture(t, 4)
	_, token = g.applied(t, applytest.Email)
	if _, err := g.store.SetApplicationStatus(ctx, g.applications(t)[0].ID, domain.StatusRejected, testNow); err != nil {
		t.Fatal(err)
	}
	if _, err := g.svc.Withdraw(ctx, token); domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("withdrawing a closed application: %v, want a conflict", err)
	}
	if a := g.applications(t)[0]; a.WithdrawnAt != nil {
		t.Error("a refused withdrawal was stored")
	}
	_, err = g.svc.Withdraw(ctx, strings.Repeat("B", 43))
	deadLink(t, "withdraw with an unknown token", err)
}

func TestEraseRemovesTheApplicationItsFilesAndItsLink(t *testing.T) {
	f := newFixture(t, 4)
	rc, token := f.applied(t, applytest.Email)
	ctx := context.Background()
	a := f.applications(t)[0]
	if err := f.store.AddApplicationNote(ctx, &domain.ApplicationNote{ApplicationID: a.ID, Body: "Strong profile"}); err != nil {
		t.Fatal(err)
	}

	// Not confirmed: nothing happens.
	_, err := f.svc.Erase(ctx, careers.Erasure{Token: token, Confirm: "yes"})
	if domain.ErrorCode(err) != domain.EInvalid || domain.ErrorFields(err)["confirm"] == "" {
		t.Errorf("unconfirmed erase: %v, want a refusal of the confirm field", err)
	}
	if len(f.applications(t)) != 1 || len(f.allBlobs(t)) != 3 {
		t.Fatal("an unconfirmed erase changed something")
	}

	got, err := f.svc.Erase(ctx, careers.Erasure{Token: token, Confirm: careers.EraseConfirmation, ClientIP: "203.0.113.7"})
	if err != nil || got.Reference != rc.Reference {
		t.Fatalf("Erase = %+v, %v", got, err)
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("%d applications left", n)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents left: %v", keys)
	}
	if notes, err := f.store.ListApplicationNotes(ctx, a.ID); err != nil || len(notes) != 0 {
		t.Errorf("notes left: %v, %v", notes, err)
	}
	entries, _, err := f.store.ListAudit(ctx, domain.AuditFilter{Subject: rc.Reference})
	if err != nil || len(entries) != 1 {
		t.Fatalf("audit entries = %+v, %v; want one", entries, err)
	}
	e := entries[0]
	if e.Action != domain.AuditErase || e.ActorEmail != careers.AuditActorApplicant || e.ClientIP != "203.0.113.7" ||
		!strings.Contains(e.Detail, "3 documents") || strings.Contains(e.Detail, applytest.Email) {
		t.Errorf("audit entry = %+v", e)
	}
	_, err = f.svc.Status(ctx, token)
	deadLink(t, "an erased application's link", err)
	_, err = f.svc.Erase(ctx, careers.Erasure{Token: token, Confirm: careers.EraseConfirmation})
	deadLink(t, "erasing twice", err)
}

func TestDownloadHoldsWhatTheApplicantSent(t *testing.T) {
	f := newFixture(t, 4)
	rc, token := f.applied(t, applytest.Email)
	ctx := context.Background()
	exp, err := f.svc.ExportData(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if exp.FileName() != "application-"+rc.Reference+".zip" {
		t.Errorf("file name %q", exp.FileName())
	}
	var buf bytes.Buffer
	if err := exp.WriteZip(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[zf.Name] = b
	}
	var got map[string]any
	if err := json.Unmarshal(files["application.json"], &got); err != nil {
		t.Fatalf("application.json: %v", err)
	}
	a := f.applications(t)[0]
	for k, want := range map[string]any{"reference": rc.Reference, "email": applytest.Email, "job": f.job.JobTitle,
		"firstName": a.FirstName, "stage": "Received", "nationalIdNumberLastFour": a.NationalIDLast4} {
		if got[k] != want {
			t.Errorf("application.json %s = %v, want %v", k, got[k], want)
		}
	}
	if strings.Contains(string(files["application.json"]), applytest.PAN) {
		t.Error("the full national ID number is in the download")
	}
	for _, key := range a.BlobKeys() {
		name := "documents/" + key[strings.LastIndex(key, "/")+1:]
		rc, _, err := f.blobs.Open(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(files[name], want) || len(want) == 0 {
			t.Errorf("%s: %d bytes in the zip, %d stored", name, len(files[name]), len(want))
		}
	}
	if len(files) != 1+len(a.BlobKeys()) {
		t.Errorf("zip holds %d files, want application.json and %d documents", len(files), len(a.BlobKeys()))
	}
	_, err = f.svc.ExportData(ctx, strings.Repeat("C", 43))
	deadLink(t, "download with an unknown token", err)
}

func TestLostLinkIsAnsweredAlikeAndLimited(t *testing.T) {
	f := newFixture(t, 4)
	rc, old := f.applied(t, applytest.Email)
	ctx := context.Background()
	mailsBefore := len(f.outbox(t))
	ask := func(client, email, ref, homepage string) (string, error) {
		return f.svc.RequestLink(ctx, careers.LinkRequest{Client: client,
			StatusLinkRequest: wire.StatusLinkRequest{Email: email, Reference: ref, Homepage: homepage}})
	}

	// Malformed fields are named, and count against nothing.
	_, err := ask("c0", "not-an-address", "12345", "")
	if fields := domain.ErrorFields(err); fields["email"] == "" || fields["reference"] == "" {
		t.Errorf("malformed request: %v, want both fields named", err)
	}

	// No match, wrong address, honeypot: the same answer, nothing sent.
	var answers []string
	for i, c := range [][3]string{
		{"someone@example.com", "APP-AAAAAAAA", ""},
		{"someone@example.com", rc.Reference, ""},
		{applytest.Email, rc.Reference, "http://spam.example"},
	} {
		msg, err := ask("c"+string(rune('1'+i)), c[0], c[1], c[2])
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		answers = append(answers, msg)
	}
	if n := len(f.outbox(t)); n != mailsBefore {
		t.Errorf("%d mails queued for requests that match nothing", n-mailsBefore)
	}

	// The match (reference typed in lower case, address in another case).
	msg, err := ask("c9", " "+strings.ToUpper(applytest.Email)+" ", strings.ToLower(rc.Reference), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range answers {
		if a != msg {
			t.Errorf("answers differ: %q and %q", a, msg)
		}
	}
	out := f.outbox(t)
	if len(out) != mailsBefore+1 {
		t.Fatalf("%d mails queued, want 1", len(out)-mailsBefore)
	}
	m := out[0]
	for _, o := range out {
		if strings.HasPrefix(o.Subject, "Your application status link") {
			m = o
		}
	}
	if m.To != applytest.Email || !strings.Contains(m.Body, rc.Reference) {
		t.Fatalf("link mail = %+v", m)
	}
	_, after, _ := strings.Cut(m.Body, "#t=")
	token := after[:43]
	if _, err := f.svc.Status(ctx, token); err != nil {
		t.Errorf("the mailed link: %v", err)
	}
	_, err = f.svc.Status(ctx, old)
	deadLink(t, "the link replaced by a lost-link request", err)

	// One address gets at most LinkAddressLimit links a day, answered alike.
	for i := 1; i < careers.LinkAddressLimit+2; i++ {
		if got, err := ask("d"+string(rune('0'+i)), applytest.Email, rc.Reference, ""); err != nil || got != msg {
			t.Fatalf("request %d for the address: %q, %v", i, got, err)
		}
	}
	if n := len(f.outbox(t)) - mailsBefore; n != careers.LinkAddressLimit {
		t.Errorf("%d link mails to one address, want %d", n, careers.LinkAddressLimit)
	}

	// One client is refused past its limit, whatever it asks.
	for i := range careers.LinkClientLimit + 1 {
		_, err := ask("busy", "x@example.com", "APP-BBBBBBBB", "")
		var refused *domain.Refused
		if i < careers.LinkClientLimit && err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if i == careers.LinkClientLimit && (!errors.As(err, &refused) || refused.Retry <= 0 || refused.Err.Code != domain.ETooMany) {
			t.Errorf("request past the limit: %v, want 429 with a wait", err)
		}
	}
}

// A link issued later (the confirmation of an application released from
// the spam queue) replaces the first and goes out with its mail.
func TestIssueStatusLinkReplacesTheLinkWithItsMail(t *testing.T) {
	f := newFixture(t, 4)
	_, old := f.applied(t, applytest.Email)
	ctx := context.Background()
	a := f.applications(t)[0]
	before := len(f.outbox(t))
	err := f.svc.IssueStatusLink(ctx, a.ID, func(link string) *domain.OutboxMessage {
		return &domain.OutboxMessage{To: a.Email, Subject: "Your application", Body: "Follow it at " + link}
	})
	if err != nil {
		t.Fatal(err)
	}
	out := f.outbox(t)
	if len(out) != before+1 {
		t.Fatalf("%d mails queued, want 1", len(out)-before)
	}
	var token string
	for _, m := range out {
		if m.Subject == "Your application" {
			_, after, _ := strings.Cut(m.Body, "#t=")
			token = after
		}
	}
	if _, err := f.svc.Status(ctx, token); err != nil {
		t.Errorf("the issued link: %v", err)
	}
	_, err = f.svc.Status(ctx, old)
	deadLink(t, "the link replaced by IssueStatusLink", err)
	if err := f.svc.IssueStatusLink(ctx, "no-such-id", nil); !domain.IsNotFound(err) {
		t.Errorf("IssueStatusLink of a missing application: %v", err)
	}
}

// The link dies with the application when its retention period ends.
func TestLinkDiesWithTheRetentionPurge(t *testing.T) {
	f := newFixture(t, 4)
	_, token := f.applied(t, applytest.Email)
	ctx := context.Background()
	if _, err := f.svc.Status(ctx, token); err != nil {
		t.Fatal(err)
	}
	// The store stamps AppliedAt with its own clock.
	if _, err := f.store.DeleteApplicationsBefore(ctx, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.Status(ctx, token)
	deadLink(t, "the link of a purged application", err)
}
