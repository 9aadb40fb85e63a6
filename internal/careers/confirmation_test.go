package careers_test

import (
	"context"
	"strings"
	"testing"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
	"corpsite/internal/wire"
)

// confirmations are the outbox's mails to address whose subject starts
// with subject, oldest first.
func (f *fixture) confirmations(t *testing.T, address, subject string) []domain.OutboxMessage {
	t.Helper()
	var out []domain.OutboxMessage
	for _, m := range f.outbox(t) {
		if m.To == address && strings.HasPrefix(m.Subject, subject) {
			out = append(out, m)
		}
	}
	return out
}

// The confirmation an applicant gets while nobody has edited the
// received template: its words, the site's name, and the privacy notice
// and retention period after them.
const wantDefaultConfirmation = `Dear Meera,

Thank you for applying for the position of Platform Engineer at Example Systems.
We have received your application and your documents.

Your reference number: REF

See where your application stands, withdraw it, download your data or erase it on your private status page:
https://site.test/application-status#t=…
Keep this link to yourself: anyone who has it can see and change your application.
Lost it? Ask for a new one at https://site.test/application-status

What happens next:
- Our recruiting team reads every application, usually within two weeks.
- If your profile fits the position, we will contact you by e-mail or phone to arrange a first conversation.
- Whatever the outcome, we will let you know. Please quote your reference number if you write to us.
- If you apply again for this position with the same e-mail address, your new application replaces this one.

Kind regards,
The recruiting team of Example Systems

How we use and keep your data: https://site.test/privacy
Applications and their documents are deleted 180 days after they arrive.
`

func TestConfirmationIsTheDefaultReceivedTemplate(t *testing.T) {
	f := newFixture(t, 4)
	rc, token := f.applied(t, applytest.Email)
	mails := f.confirmations(t, applytest.Email, "Your application for")
	if len(mails) != 1 {
		t.Fatalf("%d confirmations, want 1", len(mails))
	}
	m := mails[0]
	if want := "Your application for Platform Engineer (" + rc.Reference + ")"; m.Subject != want {
		t.Errorf("subject = %q, want %q", m.Subject, want)
	}
	want := strings.Replace(wantDefaultConfirmation, "REF", rc.Reference, 1)
	if got := statusLinks.ReplaceAllString(m.Body, "#t=…"); got != want {
		t.Errorf("text part:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(m.Body, rc.StatusURL+"\n") || m.ReplyTo != "careers@site.test" {
		t.Errorf("the text part lacks the receipt's link %s, or reply-to = %q", rc.StatusURL, m.ReplyTo)
	}
	for _, part := range []string{
		"<title>Your application for Platform Engineer (" + rc.Reference + ")</title>",
		"<p>Dear Meera,</p>",
		"<p>Thank you for applying for the position of Platform Engineer at Example Systems.<br>\nWe have received your application and your documents.</p>",
		`<a href="https://site.test/application-status#t=` + token + `">https://site.test/application-status#t=` + token + `</a>`,
		"- Whatever the outcome, we will let you know. Please quote your reference number if you write to us.<br>",
		"<p>How we use and keep your data: https://site.test/privacy<br>\nApplications and their documents are deleted 180 days after they arrive.</p>",
	} {
		if !strings.Contains(m.HTMLBody, part) {
			t.Errorf("HTML part lacks %s:\n%s", part, m.HTMLBody)
		}
	}

	// Applying again to the job replaces the application; the
	// confirmation says so, after the template's text.
	again, _ := f.applied(t, applytest.Email)
	mails = f.confirmations(t, applytest.Email, "Your application for")
	if len(mails) != 2 || again.Created {
		t.Fatalf("%d confirmations, created %v; want 2, a replacement", len(mails), again.Created)
	}
	note := "You had applied for this position before with this e-mail address: your new application and documents have replaced the earlier ones."
	// The fixture's clock stands still: the one with the note is the second.
	second, first := mails[0], mails[1]
	if !strings.Contains(second.Body, note) {
		second, first = first, second
	}
	if strings.Contains(first.Body, note) {
		t.Errorf("the first confirmation has the replacement's note:\n%s", first.Body)
	}
	if !strings.Contains(second.Body, "The recruiting team of Example Systems\n\n"+note+"\n\nHow we use and keep your data") ||
		!strings.Contains(second.HTMLBody, "<p>"+note+"</p>") {
		t.Errorf("the replacement's confirmation lacks the note:\n%s\n%s", second.Body, second.HTMLBody)
	}
}

func TestEditedReceivedTemplateIsSentAtSubmitAndOnRelease(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	if _, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: domain.MailReceived,
		Subject: "Thanks, {first_name}: {job_title} <{reference}>",
		Body:    "Dear {first_name},\n<b>R&D</b> got {reference}.\n\nYour page: {status_link}", By: recruiter}); err != nil {
		t.Fatal(err)
	}
	rc, token := f.applied(t, applytest.Email)
	mails := f.confirmations(t, applytest.Email, "Thanks, Meera")
	if len(mails) != 1 {
		t.Fatalf("%d confirmations from the edited template, want 1; outbox: %+v", len(mails), f.outbox(t))
	}
	m := mails[0]
	if want := "Thanks, Meera: Platform Engineer <" + rc.Reference + ">"; m.Subject != want {
		t.Errorf("subject = %q, want %q", m.Subject, want)
	}
	wantText := "Dear Meera,\n<b>R&D</b> got " + rc.Reference + ".\n\nYour page: " + rc.StatusURL +
		"\n\nHow we use and keep your data: https://site.test/privacy\nApplications and their documents are deleted 180 days after they arrive.\n"
	if m.Body != wantText {
		t.Errorf("text part = %q, want %q", m.Body, wantText)
	}
	for _, part := range []string{
		"<title>Thanks, Meera: Platform Engineer &lt;" + rc.Reference + "&gt;</title>",
		"<p>Dear Meera,<br>\n&lt;b&gt;R&amp;D&lt;/b&gt; got " + rc.Reference + ".</p>",
		`<p>Your page: <a href="https://site.test/application-status#t=` + token + `">`,
		"Applications and their documents are deleted 180 days after they arrive.</p>",
	} {
		if !strings.Contains(m.HTMLBody, part) {
			t.Errorf("HTML part lacks %s:\n%s", part, m.HTMLBody)
		}
	}
	if strings.Contains(m.HTMLBody, "<b>") {
		t.Errorf("the HTML part holds markup from the text:\n%s", m.HTMLBody)
	}

	// Released from Suspected spam: the held confirmation, from the
	// edited template, with a link that works.
	bot := f.fastSubmit(t, "held@example.com", true)
	if _, err := f.svc.ReviewSpam(ctx, careers.Verdict{ApplicationID: bot.ID, By: recruiter}); err != nil {
		t.Fatal(err)
	}
	released := f.confirmations(t, "held@example.com", "Thanks, Meera")
	if len(released) != 1 {
		t.Fatalf("%d confirmations on release, want 1 from the edited template", len(released))
	}
	link := statusLinks.FindString(released[0].Body)
	if link == "" || !strings.Contains(released[0].HTMLBody, link+`">`) {
		t.Fatalf("the released confirmation's link is missing from a part:\n%s\n%s", released[0].Body, released[0].HTMLBody)
	}
	if st, err := f.svc.Status(ctx, link[len("#t="):]); err != nil || st.Reference != bot.Reference {
		t.Errorf("the released confirmation's link opens %+v, %v", st, err)
	}
}

func TestReceivedTemplateKeepsTheStatusLink(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	noLink := domain.CandidateTemplate{Stage: domain.MailReceived, Subject: "Thanks", Body: "Dear {first_name}, we got {reference}."}
	const msg = "Keep {status_link} in the text: the confirmation is how applicants get the link to their status page."
	if _, err := f.svc.SaveTemplate(ctx, careers.TemplateSave{Stage: noLink.Stage, Subject: noLink.Subject, Body: noLink.Body, By: recruiter}); domain.ErrorFields(err)["body"] != msg {
		t.Errorf("saving a received e-mail without the link: %v, want %q", err, msg)
	}
	if _, err := f.svc.PreviewTemplate(noLink); domain.ErrorFields(err)["body"] != msg {
		t.Errorf("previewing a received e-mail without the link: %v, want %q", err, msg)
	}
	// Other e-mails may leave it out.
	noLink.Stage = domain.MailOffer
	if _, err := f.svc.PreviewTemplate(noLink); err != nil {
		t.Errorf("an offer without the link: %v", err)
	}

	// The preview of the received e-mail is the confirmation a sample
	// application would get, with what the site adds.
	all, err := f.svc.Templates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.svc.PreviewTemplate(all[0].CandidateTemplate)
	if err != nil {
		t.Fatal(err)
	}
	s := f.svc.SampleValues()
	want := strings.NewReplacer("Meera", s.FirstName, "Platform Engineer", s.JobTitle, "REF", s.Reference,
		"https://site.test/application-status#t=…", s.StatusLink).Replace(wantDefaultConfirmation)
	if p.Subject != "Your application for "+s.JobTitle+" ("+s.Reference+")" || p.Text != want {
		t.Errorf("preview = %q\n%s\nwant:\n%s", p.Subject, p.Text, want)
	}
	if !strings.Contains(p.HTML, `<a href="`+s.StatusLink+`">`) || !strings.Contains(p.HTML, "deleted 180 days after they arrive.</p>") {
		t.Errorf("preview HTML:\n%s", p.HTML)
	}
}

// A replay of a submission (its answer lost on the way) answers as the
// first did, status link included, while the link opens the
// application; the store keeps the token sealed, never in plain text.
func TestReplayAnswersWithTheFirstStatusLink(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	s := f.good(request(applytest.Email))
	s.key = "replay-key-0123456789"
	first, err := f.submit(t, s)
	if err != nil || first.StatusURL == "" {
		t.Fatalf("first = %+v, %v", first, err)
	}
	again, err := f.submit(t, s)
	if err != nil || again != first {
		t.Errorf("replay = %+v, %v; want the first answer %+v", again, err, first)
	}
	sub, err := f.store.LookupSubmission(ctx, s.key)
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimPrefix(first.StatusURL, "https://site.test"+careers.StatusPagePath+"#t=")
	if len(sub.StatusLinkSealed) == 0 || strings.Contains(string(sub.StatusLinkSealed), token) {
		t.Errorf("the stored link = %q, want the token sealed", sub.StatusLinkSealed)
	}
	if plain, err := f.keys.Open(sub.StatusLinkSealed); err != nil || string(plain) != token {
		t.Errorf("the sealed link opens to %q, %v", plain, err)
	}

	// Once the applicant asked for a new link, the first one is dead: a
	// replay no longer gives it.
	if _, err := f.svc.RequestLink(ctx, careers.LinkRequest{StatusLinkRequest: wire.StatusLinkRequest{Email: applytest.Email, Reference: first.Reference}, Client: "c"}); err != nil {
		t.Fatal(err)
	}
	again, err = f.submit(t, s)
	if err != nil || again.StatusURL != "" || again.Reference != first.Reference {
		t.Errorf("replay after a new link = %+v, %v; want the first answer without the dead link", again, err)
	}

	// Suspected spam is answered without a link, replayed or not.
	bot := f.good(request("bot@example.com"))
	bot.key, bot.app.Homepage = "bot-key-0123456789ab", "https://spam.example"
	rc, err := f.submit(t, bot)
	if err != nil || rc.StatusURL != "" {
		t.Fatalf("spam = %+v, %v", rc, err)
	}
	if sub, err := f.store.LookupSubmission(ctx, bot.key); err != nil || sub.StatusLinkSealed != nil {
		t.Errorf("spam's submission = %+v, %v; want no sealed link", sub, err)
	}
	if again, err := f.submit(t, bot); err != nil || again != rc {
		t.Errorf("spam replay = %+v, %v; want %+v", again, err, rc)
	}
}
