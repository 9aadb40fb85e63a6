package careers_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
	"corpsite/internal/wire"
)

func elapsed(d time.Duration) *int64 { ms := d.Milliseconds(); return &ms }

const threeLinks = "See http://a.example, www.b.example and https://c.example/cv."

func TestSpamScoreTable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(r *wire.ApplicationRequest)
		score   int
		spam    bool
		reasons []string // each found in why, in order
	}{
		{"a person's five minutes", func(r *wire.ApplicationRequest) {}, 0, false, nil},
		{"autofill in 4 seconds", func(r *wire.ApplicationRequest) { r.ElapsedMs = elapsed(4 * time.Second) }, 2, false, nil},
		{"autofill in 1 second", func(r *wire.ApplicationRequest) { r.ElapsedMs = elapsed(time.Second) }, 4, false, nil},
		{"sent at once", func(r *wire.ApplicationRequest) { r.ElapsedMs = elapsed(0) }, 4, false, nil},
		{"no time reported", func(r *wire.ApplicationRequest) { r.ElapsedMs = nil }, 3, false, nil},
		{"a negative time", func(r *wire.ApplicationRequest) { r.ElapsedMs = elapsed(-time.Second) }, 3, false, nil},
		{"exactly the least time", func(r *wire.ApplicationRequest) { r.ElapsedMs = elapsed(careers.MinFill) }, 0, false, nil},
		{"hidden field alone", func(r *wire.ApplicationRequest) { r.Homepage = "x" }, 6, true,
			[]string{"the hidden field was filled in"}},
		{"three links alone", func(r *wire.ApplicationRequest) { r.CoverLetter = threeLinks }, 3, false, nil},
		{"two links", func(r *wire.ApplicationRequest) { r.CoverLetter = "http://a.example www.b.example" }, 0, false, nil},
		{"links across fields", func(r *wire.ApplicationRequest) {
			r.Skills = []string{"www.a.example"}
			r.Address = "http://b.example"
			r.WorkExperiences[0].Responsibilities = "https://c.example"
		}, 3, false, nil},
		{"LinkedIn and website are no signal", func(r *wire.ApplicationRequest) {
			r.LinkedIn, r.Website = "https://www.linkedin.com/in/x", "https://www.x.example"
			r.ElapsedMs = elapsed(time.Second)
		}, 4, false, nil},
		{"links sent at once", func(r *wire.ApplicationRequest) {
			r.CoverLetter, r.ElapsedMs = threeLinks, elapsed(time.Second)
		}, 7, true, []string{"sent 1 s after the form opened", "3 links in the cover letter"}},
		{"links and no time", func(r *wire.ApplicationRequest) { r.CoverLetter, r.ElapsedMs = threeLinks, nil }, 6, true,
			[]string{"did not say how long", "3 links"}},
		{"links and autofill speed", func(r *wire.ApplicationRequest) {
			r.CoverLetter, r.ElapsedMs = threeLinks, elapsed(10*time.Second)
		}, 5, false, nil},
		{"a link in the name, quickly", func(r *wire.ApplicationRequest) {
			r.LastName, r.ElapsedMs = "www.cheap.example", elapsed(5*time.Second)
		}, 6, true, []string{"sent 5 s after the form opened (autofill", "a link in the name"}},
		{"shouting alone", func(r *wire.ApplicationRequest) {
			r.CoverLetter = "HIRE ME NOW I AM THE BEST ENGINEER YOU WILL EVER MEET"
		}, 2, false, nil},
		{"a short capital cover letter", func(r *wire.ApplicationRequest) { r.CoverLetter = "HELLO TEAM" }, 0, false, nil},
		{"shouting sent at once", func(r *wire.ApplicationRequest) {
			r.CoverLetter = "HIRE ME NOW I AM THE BEST ENGINEER YOU WILL EVER MEET"
			r.ElapsedMs = elapsed(2 * time.Second)
		}, 6, true, []string{"sent 2 s", "capitals only"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := applytest.Request(testNow)
			tc.edit(&r)
			score, _ := careers.SpamScore(&r)
			spam, why := careers.SuspectSpam(&r)
			if score != tc.score || spam != tc.spam {
				t.Errorf("score %d, spam %v (%q); want %d, %v", score, spam, why, tc.score, tc.spam)
			}
			if !spam && why != "" {
				t.Errorf("not spam, yet why = %q", why)
			}
			rest := why
			for _, r := range tc.reasons {
				i := strings.Index(rest, r)
				if i < 0 {
					t.Errorf("why = %q, want %q in it (in order)", why, r)
					break
				}
				rest = rest[i+len(r):]
			}
		})
	}
}

// However fast the form was sent, or without a time, the time alone never
// makes an application spam.
func TestShortFillAloneIsNeverSpam(t *testing.T) {
	r := applytest.Request(testNow)
	r.ElapsedMs = nil
	if spam, why := careers.SuspectSpam(&r); spam {
		t.Errorf("no time reported: spam (%s)", why)
	}
	for ms := int64(-1000); ms <= careers.MinFill.Milliseconds(); ms += 250 {
		r.ElapsedMs = &ms
		if spam, why := careers.SuspectSpam(&r); spam {
			t.Errorf("sent after %d ms: spam (%s)", ms, why)
		}
	}
}

// fastSubmit submits app from email sent after a second, as autofill does,
// with the hidden field filled when bot is set.
func (f *fixture) fastSubmit(t *testing.T, email string, bot bool) domain.Application {
	t.Helper()
	app := request(email)
	app.ElapsedMs = elapsed(time.Second)
	if bot {
		app.Homepage = "http://spam.example"
	}
	rc, err := f.submit(t, f.good(app))
	if err != nil {
		t.Fatal(err)
	}
	apps, err := f.store.ListApplications(context.Background(), domain.ApplicationFilter{Reference: rc.Reference})
	if err != nil || len(apps) != 1 {
		t.Fatalf("stored application %s: %v, %v", rc.Reference, apps, err)
	}
	return apps[0]
}

func (f *fixture) audit(t *testing.T, action domain.AuditAction) []domain.AuditEntry {
	t.Helper()
	got, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{Action: action})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// statusLinks finds the token of a status link in a mail.
var statusLinks = regexp.MustCompile(`#t=[A-Za-z0-9_-]{43}`)

var recruiter = careers.Reviewer{ID: "staff-1", Email: "rec@site.test", Role: domain.RoleRecruiter, ClientIP: "192.0.2.7"}

func TestAutofilledApplicationIsNotSpamAndIsConfirmed(t *testing.T) {
	f := newFixture(t, 4)
	a := f.fastSubmit(t, "quick@example.com", false)
	if a.Spam || a.ConfirmationHeld || a.SpamReasons != "" {
		t.Errorf("autofilled application: spam %v, held %v, reasons %q", a.Spam, a.ConfirmationHeld, a.SpamReasons)
	}
	if out := f.outbox(t); len(out) != 2 {
		t.Errorf("%d mails queued, want the confirmation and the staff notification", len(out))
	}
}

func TestReleaseSendsTheConfirmationOnce(t *testing.T) {
	f := newFixture(t, 4)
	// The confirmation a normal application gets, to compare with.
	normal := f.fastSubmit(t, "normal@example.com", false)
	var want domain.OutboxMessage
	for _, m := range f.outbox(t) {
		if m.To == normal.Email {
			want = m
		}
	}
	queued := len(f.outbox(t))
	woken := f.wakeUp.Load()

	a := f.fastSubmit(t, applytest.Email, true)
	if !a.Spam || !a.ConfirmationHeld || !strings.Contains(a.SpamReasons, "hidden field") {
		t.Fatalf("bot application: spam %v, held %v, reasons %q", a.Spam, a.ConfirmationHeld, a.SpamReasons)
	}
	if n := len(f.outbox(t)); n != queued {
		t.Fatalf("suspected spam queued %d mails", n-queued)
	}
	for i := range 2 {
		res, err := f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: a.ID, By: recruiter})
		if err != nil {
			t.Fatal(err)
		}
		if res.Changed != (i == 0) || res.Confirmed != (i == 0) || res.Application.Spam ||
			res.Application.SpamReview != domain.SpamCleared || res.Application.ConfirmationHeld {
			t.Errorf("release %d = %+v", i+1, res)
		}
	}
	var got []domain.OutboxMessage
	for _, m := range f.outbox(t) {
		if m.To == applytest.Email {
			got = append(got, m)
		}
	}
	if len(got) != 1 {
		t.Fatalf("released application got %d mails, want its one confirmation", len(got))
	}
	m := got[0]
	wantSubject := strings.Replace(want.Subject, normal.Reference, a.Reference, 1)
	// Each confirmation has a status link of its own; the released one's works.
	wantBody := statusLinks.ReplaceAllString(strings.Replace(want.Body, normal.Reference, a.Reference, 1), "#t=…")
	if token := statusLinks.FindString(m.Body); token == "" {
		t.Error("the released confirmation has no status link")
	} else if st, err := f.svc.Status(context.Background(), token[len("#t="):]); err != nil || st.Reference != a.Reference {
		t.Errorf("the released confirmation's link opens %+v, %v", st, err)
	}
	if m.Subject != wantSubject || statusLinks.ReplaceAllString(m.Body, "#t=…") != wantBody || m.ReplyTo != want.ReplyTo || !m.CreatedAt.Equal(testNow) {
		t.Errorf("release mail = %+v\nwant the confirmation of a normal application: %q\n%s", m, wantSubject, wantBody)
	}
	if n := len(f.outbox(t)); n != queued+1 {
		t.Errorf("outbox grew by %d, want 1 (no staff notification on release)", n-queued)
	}
	if n := f.wakeUp.Load() - woken; n != 1 {
		t.Errorf("mail sender woken %d times, want 1", n)
	}
	rows := f.audit(t, domain.AuditMarkedNotSpam)
	if len(rows) != 1 || rows[0].Subject != a.Reference || rows[0].ActorEmail != recruiter.Email ||
		rows[0].ClientIP != recruiter.ClientIP || !strings.Contains(rows[0].Detail, "confirmation e-mail was sent") {
		t.Errorf("audit rows = %+v, want one release by the recruiter", rows)
	}
}

func TestMarkingSpamMailsNoOne(t *testing.T) {
	f := newFixture(t, 4)
	a := f.fastSubmit(t, "real@example.com", false)
	queued := len(f.outbox(t))
	admin := careers.Reviewer{ID: "staff-2", Email: "admin@site.test", Role: domain.RoleAdmin}
	res, err := f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: a.ID, Spam: true, By: admin})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Changed || !res.Application.Spam || res.Application.SpamReview != domain.SpamConfirmed {
		t.Errorf("marked spam = %+v", res)
	}
	// Back out of the folder: its confirmation went at submit, none again.
	if res, err = f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: a.ID, By: admin}); err != nil || res.Confirmed {
		t.Errorf("not spam again = %+v, %v; want no second confirmation", res, err)
	}
	if n := len(f.outbox(t)); n != queued {
		t.Errorf("marking spam and back queued %d mails, want none", n-queued)
	}
	if rows := f.audit(t, domain.AuditMarkedSpam); len(rows) != 1 || rows[0].Detail != "moved to Suspected spam" {
		t.Errorf("marked-spam audit rows = %+v", rows)
	}
	// A bot's application confirmed as spam mails no one either.
	b := f.fastSubmit(t, "bot@example.com", true)
	if _, err := f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: b.ID, Spam: true, By: admin}); err != nil {
		t.Fatal(err)
	}
	if n := len(f.outbox(t)); n != queued {
		t.Errorf("confirming spam queued %d mails", n-queued)
	}
}

func TestOnlyRecruitersAndAdminsReviewSpam(t *testing.T) {
	f := newFixture(t, 4)
	a := f.fastSubmit(t, "bot@example.com", true)
	editor := careers.Reviewer{ID: "staff-3", Email: "ed@site.test", Role: domain.RoleEditor}
	for _, spam := range []bool{false, true} {
		_, err := f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: a.ID, Spam: spam, By: editor})
		if domain.ErrorCode(err) != domain.EUnauthorized {
			t.Errorf("editor's verdict (spam %v) = %v, want refused", spam, err)
		}
	}
	got, err := f.store.GetApplication(context.Background(), a.ID)
	if err != nil || !got.Spam || got.SpamReview != domain.SpamUnreviewed || !got.ConfirmationHeld {
		t.Errorf("after an editor's verdicts: %+v, %v", got, err)
	}
	if n := len(f.outbox(t)) + len(f.audit(t, domain.AuditMarkedNotSpam)) + len(f.audit(t, domain.AuditMarkedSpam)); n != 0 {
		t.Errorf("an editor's verdicts left %d mails or audit rows", n)
	}
	_, err = f.svc.ReviewSpam(context.Background(), careers.Verdict{ApplicationID: "no-such", By: recruiter})
	if !domain.IsNotFound(err) {
		t.Errorf("verdict on a missing application = %v, want not found", err)
	}
}
