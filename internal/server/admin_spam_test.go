package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// applyBot submits validRequest from email with the hidden field filled
// in and returns the stored (suspected spam) application.
func (f *applyFixture) applyBot(t *testing.T, email string) domain.Application {
	t.Helper()
	req := validRequest()
	req.Email, req.Homepage = email, "http://spam.example"
	if res := f.apply(t, req, validFiles(), ""); res.Status != http.StatusCreated {
		t.Fatalf("apply = %d %s", res.Status, res.Body)
	}
	apps, err := f.store.ListApplications(context.Background(), domain.ApplicationFilter{Email: email})
	if err != nil || len(apps) != 1 || !apps[0].Spam {
		t.Fatalf("bot's application = %+v, %v; want one suspected spam", apps, err)
	}
	return apps[0]
}

func TestAdminSearchFindsSuspectedSpamByReferenceAndEmail(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	spam := f.applyBot(t, "Meera.Bot@example.com")
	f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.AddDate(0, 0, -1), false, domain.StatusRejected)
	code := strings.TrimPrefix(spam.Reference, "APP-")
	for _, q := range []string{spam.Reference, strings.ToLower(spam.Reference), code, strings.ToLower(code), "meera.bot@EXAMPLE.com"} {
		// The default folder, and a status filter it does not match.
		for _, extra := range []string{"", "&status=hired"} {
			list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?q="+url.QueryEscape(q)+extra, nil), 200)
			if len(list.Rows) != 0 || list.Total != 0 {
				t.Errorf("q=%s%s: rows %v, want none (spam stays out of the list)", q, extra, refs(list.Rows))
			}
			if len(list.Found) != 1 || list.Found[0].ID != spam.ID || list.Found[0].Folder != wire.FolderSpam || !list.Found[0].Spam {
				t.Errorf("q=%s%s: found = %+v, want the spam application in the spam folder", q, extra, list.Found)
			}
			if list.SpamQueue != 1 {
				t.Errorf("q=%s%s: spam queue = %d, want 1", q, extra, list.SpamQueue)
			}
		}
	}
	// A real application is found too, in the applications folder; a
	// partial search finds nothing exactly.
	list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?spam=1&q=asha@example.com", nil), 200)
	if len(list.Found) != 1 || list.Found[0].Folder != wire.FolderApplications || len(list.Rows) != 0 {
		t.Errorf("real application from the spam folder: found %+v, rows %v", list.Found, refs(list.Rows))
	}
	list = answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications?q=meera", nil), 200)
	if len(list.Found) != 0 {
		t.Errorf("q=meera found %+v, want no exact match", list.Found)
	}
	// The detail says why it was suspected.
	d := answerAs[wire.ApplicationDetail](t, f.admin(t, "GET", "/api/admin/applications/"+spam.ID, nil), 200)
	if !d.Spam || !d.ConfirmationHeld || d.SpamReview != "" || !strings.Contains(d.SpamReasons, "hidden field") {
		t.Errorf("detail: spam %v, held %v, review %q, reasons %q", d.Spam, d.ConfirmationHeld, d.SpamReview, d.SpamReasons)
	}
}

func TestAdminNotSpamSendsTheConfirmationOnceAndIsRecorded(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	spam := f.applyBot(t, "quick@example.com")
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 0 {
		t.Fatalf("suspected spam queued %d mails", len(out))
	}
	for range 2 {
		d := answerAs[wire.ApplicationDetail](t, f.admin(t, "POST", "/api/admin/applications/"+spam.ID+"/not-spam", nil), 200)
		if d.Spam || d.SpamReview != string(domain.SpamCleared) || d.ConfirmationHeld {
			t.Errorf("after not spam: spam %v, review %q, held %v", d.Spam, d.SpamReview, d.ConfirmationHeld)
		}
	}
	out, _ := f.store.ListOutbox(context.Background(), "", 0)
	if len(out) != 1 || out[0].To != "quick@example.com" || !strings.Contains(out[0].Body, spam.Reference) {
		t.Fatalf("outbox after two releases = %+v, want the one confirmation", out)
	}
	list := answerAs[wire.ApplicationList](t, f.admin(t, "GET", "/api/admin/applications", nil), 200)
	if len(list.Rows) != 1 || list.Rows[0].ID != spam.ID || list.SpamQueue != 0 {
		t.Errorf("default list after the release: %v, queue %d", refs(list.Rows), list.SpamQueue)
	}
	// Marked spam again: no mail; both verdicts are in the audit log.
	answerAs[wire.ApplicationDetail](t, f.admin(t, "POST", "/api/admin/applications/"+spam.ID+"/spam", nil), 200)
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 1 {
		t.Errorf("marking spam queued mail: %d in the outbox", len(out))
	}
	var got []string
	for _, e := range f.audits(t) {
		if e.Subject == spam.Reference {
			got = append(got, string(e.Action)+" by "+e.ActorEmail+": "+e.Detail)
		}
	}
	want := []string{
		"application-marked-not-spam by priya@example.com: released from Suspected spam; the confirmation e-mail was sent",
		"application-marked-spam by priya@example.com: moved to Suspected spam",
	}
	// Both verdicts carry the fixture clock's one time, so the log's
	// order between them is the random IDs'.
	slices.Sort(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	res := f.admin(t, "POST", "/api/admin/applications/no-such-id/not-spam", nil)
	if res.Status != http.StatusNotFound {
		t.Errorf("not spam for a missing application = %d, want 404", res.Status)
	}
}

// Past the route's role check (which the matrix tests), the use case
// refuses an editor too, changing nothing.
func TestAdminEditorCannotReleaseSpam(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	spam := f.applyBot(t, "bot@example.com")
	editor := server.Staff{ID: "staff-9", Email: "ed@example.com", Role: domain.RoleEditor}
	for _, verdict := range []string{"not-spam", "spam"} {
		rec := httptest.NewRecorder()
		server.ServeAdminAs(f.srv, editor, rec, httptest.NewRequest("POST", "/api/admin/applications/"+spam.ID+"/"+verdict, nil))
		if rec.Code != http.StatusForbidden {
			t.Errorf("editor's %s = %d %s, want 403", verdict, rec.Code, rec.Body)
		}
	}
	a, err := f.store.GetApplication(context.Background(), spam.ID)
	if err != nil || !a.Spam || a.SpamReview != domain.SpamUnreviewed || !a.ConfirmationHeld {
		t.Errorf("after an editor's verdicts: %+v, %v", a, err)
	}
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 0 {
		t.Errorf("an editor's verdict queued %d mails", len(out))
	}
	if n := len(f.audits(t)); n != 0 {
		t.Errorf("an editor's verdicts left %d audit rows", n)
	}
}

// The dashboard counts the queue: suspected spam no one has reviewed.
func TestAdminDashboardCountsTheSpamQueue(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	a := f.applyBot(t, "a@example.com")
	f.applyBot(t, "b@example.com")
	f.seedApp(t, f.job.ID, "Asha Rao", "asha@example.com", testNow.Add(-time.Hour), false, domain.StatusNew)
	count := func() int {
		return answerAs[wire.DashboardCounts](t, f.admin(t, "GET", "/api/admin/dashboard", nil), 200).SuspectedSpam
	}
	if n := count(); n != 2 {
		t.Errorf("queue = %d, want 2", n)
	}
	answerAs[wire.ApplicationDetail](t, f.admin(t, "POST", "/api/admin/applications/"+a.ID+"/spam", nil), 200)
	if n := count(); n != 1 {
		t.Errorf("queue after a spam verdict = %d, want 1", n)
	}
}
