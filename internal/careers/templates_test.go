package careers_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
)

func TestRenderEscapesEverythingInTheHTML(t *testing.T) {
	tpl := domain.CandidateTemplate{Stage: domain.MailInterview, Subject: "Interview: {job_title} ({reference})",
		Body: "Dear {first_name},\n<b>not bold</b> & {unknown}\nsecond line\n\nYour page:\n{status_link}"}
	r := careers.Render(tpl, careers.MailValues{FirstName: `<script>alert("x")</script>`, JobTitle: "R&D Engineer",
		Reference: "APP-ABCD2345", StatusLink: `https://site.test/application-status#t=a"b<c`})
	if r.Subject != "Interview: R&D Engineer (APP-ABCD2345)" {
		t.Errorf("subject = %q", r.Subject)
	}
	wantText := "Dear <script>alert(\"x\")</script>,\n<b>not bold</b> & {unknown}\nsecond line\n\nYour page:\nhttps://site.test/application-status#t=a\"b<c\n"
	if r.Text != wantText {
		t.Errorf("text = %q, want %q", r.Text, wantText)
	}
	for _, want := range []string{
		"<title>Interview: R&amp;D Engineer (APP-ABCD2345)</title>",
		"<p>Dear &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;,<br>\n&lt;b&gt;not bold&lt;/b&gt; &amp; {unknown}<br>\nsecond line</p>",
		`<p>Your page:<br>` + "\n" + `<a href="https://site.test/application-status#t=a&#34;b&lt;c">https://site.test/application-status#t=a&#34;b&lt;c</a></p>`,
	} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("HTML lacks %s:\n%s", want, r.HTML)
		}
	}
	if strings.Contains(r.HTML, "<script") || strings.Contains(r.HTML, "<b>") {
		t.Errorf("HTML holds markup from the values or the text:\n%s", r.HTML)
	}
}

func TestSavingRefusesUnknownPlaceholders(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	for _, c := range []struct {
		subject, body, field, msg string
	}{
		{"Hello {first_name}", "Dear {firstname} at {company}, {firstname}", "body", "Unknown placeholders {firstname}, {company}: use {first_name}, {job_title}, {reference} or {status_link}."},
		{"Hello {name}", "Dear {first_name}", "subject", "Unknown placeholder {name}: use {first_name}, {job_title}, {reference} or {status_link}."},
		{"Link {status_link}", "x", "subject", "Put {status_link} in the body, not the subject: the link is private."},
		{"  ", "x", "subject", "Enter a subject."},
		{"Hi", " \n ", "body", "Enter the text of the e-mail."},
		{"Hi", strings.Repeat("x", domain.MaxTemplateBody+1), "body", fmt.Sprintf("Shorten the text to %d characters (it has %d).", domain.MaxTemplateBody, domain.MaxTemplateBody+1)},
	} {
		_, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: domain.MailInterview, Subject: c.subject, Body: c.body, By: recruiter})
		if got := domain.ErrorFields(err)[c.field]; got != c.msg {
			t.Errorf("%q / %.20q: %s error %q, want %q", c.subject, c.body, c.field, got, c.msg)
		}
	}
	if _, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: "welcome", Subject: "x", Body: "y", By: recruiter}); domain.ErrorFields(err)["stage"] == "" {
		t.Errorf("an unknown stage: %v, want a stage error", err)
	}
	editor := careers.Reviewer{Email: "ed@example.com", Role: domain.RoleEditor}
	if _, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: domain.MailOffer, Subject: "x", Body: "y", By: editor}); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("an editor saves a template: %v, want EUnauthorized", err)
	}
	all, err := f.svc.Templates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		if !v.Default {
			t.Errorf("template %s was saved by a refused request", v.Stage)
		}
	}
	if len(f.audit(t, domain.AuditTemplateSaved)) != 0 {
		t.Error("a refused save was audited")
	}
}

func TestDefaultsAndSavedTemplates(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	all, err := f.svc.Templates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	for _, v := range all {
		stages = append(stages, string(v.Stage))
		if !v.Default || v.Subject == "" || !strings.Contains(v.Body, "{first_name}") {
			t.Errorf("default %s: %+v", v.Stage, v)
		}
		if _, err := f.svc.PreviewTemplate(v.CandidateTemplate); err != nil {
			t.Errorf("the default %s does not pass the checks: %v", v.Stage, err)
		}
	}
	if got := strings.Join(stages, ","); got != "received,interview,rejection,offer" {
		t.Errorf("stages = %s", got)
	}
	saved, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: domain.MailOffer, Subject: " Offer for {job_title} ",
		Body: "Dear {first_name},\r\nan offer.\r\n", By: recruiter})
	if err != nil {
		t.Fatal(err)
	}
	if saved.Subject != "Offer for {job_title}" || saved.Body != "Dear {first_name},\nan offer." || saved.UpdatedBy != recruiter.Email {
		t.Errorf("saved = %+v", saved)
	}
	all, _ = f.svc.Templates(ctx)
	if all[3].Default || all[3].Body != saved.Body || !all[2].Default {
		t.Errorf("after saving the offer: %+v", all)
	}
	if e := f.audit(t, domain.AuditTemplateSaved); len(e) != 1 || e[0].Subject != "offer" || e[0].ActorEmail != recruiter.Email {
		t.Errorf("audit = %+v, want one entry for the offer", e)
	}
	p, err := f.svc.PreviewTemplate(domain.CandidateTemplate{Stage: domain.MailOffer, Subject: "Hi {first_name}", Body: "{status_link}"})
	if err != nil || p.Subject != "Hi Priya" || !strings.Contains(p.HTML, `<a href="https://site.test/application-status#t=`) {
		t.Errorf("preview = %+v, %v", p, err)
	}
}

// candidateMails are the outbox's mails to the applicant other than the
// confirmation.
func (f *fixture) candidateMails(t *testing.T) []domain.OutboxMessage {
	t.Helper()
	var out []domain.OutboxMessage
	for _, m := range f.outbox(t) {
		if m.To == applytest.Email && !strings.HasPrefix(m.Subject, "Your application for") {
			out = append(out, m)
		}
	}
	return out
}

func TestNotifyQueuesOneMailWithAWorkingStatusLink(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	_, oldToken := f.applied(t, applytest.Email)
	a := f.applications(t)[0]

	// Without notify: moved, audited, no mail.
	m, err := f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: a.ID, Status: domain.StatusReviewing, By: recruiter})
	if err != nil || !m.Changed || m.Mailed {
		t.Fatalf("to reviewing: %+v, %v", m, err)
	}
	m, err = f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: a.ID, Status: domain.StatusInterview, By: recruiter})
	if err != nil || m.Mailed || len(f.candidateMails(t)) != 0 {
		t.Fatalf("to interview without notify: %+v, %v, mails %d", m, err, len(f.candidateMails(t)))
	}
	// Back to reviewing, then to interview with notify: one mail.
	if _, err := f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: a.ID, Status: domain.StatusReviewing, By: recruiter}); err != nil {
		t.Fatal(err)
	}
	m, err = f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: a.ID, Status: domain.StatusInterview, Notify: true, By: recruiter})
	if err != nil || !m.Mailed {
		t.Fatalf("to interview with notify: %+v, %v", m, err)
	}
	mails := f.candidateMails(t)
	if len(mails) != 1 {
		t.Fatalf("%d candidate mails, want 1", len(mails))
	}
	mail := mails[0]
	if !strings.HasPrefix(mail.Subject, "Invitation to an interview: ") || !strings.Contains(mail.Subject, a.Reference) ||
		!strings.Contains(mail.Body, "Dear Meera,") || !strings.Contains(mail.HTMLBody, "<p>Dear Meera,") || mail.ReplyTo == "" {
		t.Errorf("mail = %+v", mail)
	}
	_, link, ok := strings.Cut(mail.Body, "https://site.test"+careers.StatusPagePath+"#t=")
	if !ok {
		t.Fatalf("the mail has no status link:\n%s", mail.Body)
	}
	token, _, _ := strings.Cut(link, "\n")
	if !strings.Contains(mail.HTMLBody, `#t=`+token+`">`) {
		t.Errorf("the HTML part's link differs from the text's:\n%s", mail.HTMLBody)
	}
	st, err := f.svc.Status(ctx, token)
	if err != nil || st.Reference != a.Reference || st.Stage != careers.StageInterview {
		t.Errorf("the mail's link opens %+v, %v", st, err)
	}
	_, err = f.svc.Status(ctx, oldToken)
	deadLink(t, "the link before the mail", err)
	var details []string
	for _, e := range f.audit(t, domain.AuditStatusChanged) {
		details = append(details, e.Detail)
	}
	// The fixture's clock stands still: the order of the entries is not
	// the test's business.
	slices.Sort(details)
	if got := strings.Join(details, " | "); got != "interview → reviewing | new → reviewing | reviewing → interview | reviewing → interview; e-mail sent" {
		t.Errorf("audit = %s", got)
	}
	if f.wakeUp.Load() == 0 {
		t.Error("the mail sender was not woken")
	}
}

func TestNoMailForSpamOrWithdrawnApplications(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	spam := f.fastSubmit(t, "bot@example.com", true)
	_, token := f.applied(t, applytest.Email)
	if _, err := f.svc.Withdraw(ctx, token); err != nil {
		t.Fatal(err)
	}
	// The fixture's clock stands still: find the withdrawn one by its
	// address, not by its place in the list.
	var withdrawn domain.Application
	for _, a := range f.applications(t) {
		if a.Email == applytest.Email {
			withdrawn = a
		}
	}
	if withdrawn.WithdrawnAt == nil {
		t.Fatalf("the application of %s is not withdrawn: %+v", applytest.Email, withdrawn)
	}
	before := len(f.outbox(t))
	m, err := f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: spam.ID, Status: domain.StatusRejected, Notify: true, By: recruiter})
	if err != nil || !m.Changed || m.Mailed {
		t.Errorf("reject the spam with notify: %+v, %v; want moved, no mail", m, err)
	}
	// A withdrawn application is not moved at all (withdrawn_test.go).
	if _, err := f.svc.ChangeStatus(ctx, careers.StatusMove{ApplicationID: withdrawn.ID, Status: domain.StatusRejected, Notify: true, By: recruiter}); domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("reject the withdrawn application with notify: %v, want EConflict", err)
	}
	if n := len(f.outbox(t)); n != before {
		t.Errorf("%d mails queued for spam and withdrawn applications", n-before)
	}
}

func TestBulkChangeStatus(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	f.applied(t, applytest.Email)
	f.applied(t, "ravi@example.com")
	apps := f.applications(t)
	ids := []string{apps[0].ID, "no-such-id", apps[1].ID}
	res, err := f.svc.BulkChangeStatus(ctx, careers.BulkMove{IDs: ids, Status: domain.StatusRejected, Notify: true, By: recruiter})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 3 || res[0].Error != nil || !res[0].Moved.Mailed || !domain.IsNotFound(res[1].Error) || res[2].Error != nil || !res[2].Moved.Mailed {
		t.Errorf("results = %+v", res)
	}
	if got := len(f.audit(t, domain.AuditStatusChanged)); got != 2 {
		t.Errorf("%d audit entries, want one per application moved (2)", got)
	}
	rejections := 0
	for _, m := range f.outbox(t) {
		if strings.Contains(m.Body, "not to take your application further") {
			rejections++
		}
	}
	if rejections != 2 {
		t.Errorf("%d rejection mails, want 2", rejections)
	}
	many := make([]string, domain.MaxBulk+1)
	for i := range many {
		many[i] = fmt.Sprintf("id-%d", i)
	}
	for _, c := range []struct {
		b    careers.BulkMove
		want string
	}{
		{careers.BulkMove{Status: domain.StatusRejected, By: recruiter}, "Choose at least one application."},
		{careers.BulkMove{IDs: many, Status: domain.StatusRejected, By: recruiter}, "Choose at most 100 applications at once (you chose 101)."},
		{careers.BulkMove{IDs: []string{"a", "a"}, Status: domain.StatusRejected, By: recruiter}, "An application is named twice: name each one once."},
		{careers.BulkMove{IDs: []string{"a"}, Status: "archived", By: recruiter}, "Choose a status: new, reviewing, interview, offer, hired, rejected."},
	} {
		if _, err := f.svc.BulkChangeStatus(ctx, c.b); domain.ErrorMessage(err) != c.want {
			t.Errorf("%d IDs, status %q: %v, want %q", len(c.b.IDs), c.b.Status, err, c.want)
		}
	}
	editor := careers.Reviewer{Email: "ed@example.com", Role: domain.RoleEditor}
	if _, err := f.svc.BulkChangeStatus(ctx, careers.BulkMove{IDs: []string{apps[0].ID}, Status: domain.StatusNew, By: editor}); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("an editor's bulk change: %v, want EUnauthorized", err)
	}
	if got := len(f.audit(t, domain.AuditStatusChanged)); got != 2 {
		t.Errorf("refused requests were audited: %d entries", got)
	}
}
