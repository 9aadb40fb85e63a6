package careers

import (
	"context"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Candidate e-mails from the pipeline: one template per stage (received,
// interview, rejection, offer) that recruiters and admins edit. A
// template is plain text with placeholders; the HTML part of the mail is
// built from it here (escaped, paragraphs, the status link as a link),
// never taken from staff as HTML.

// The placeholders a template may use, and what they stand for.
const (
	PhFirstName  = "first_name"
	PhJobTitle   = "job_title"
	PhReference  = "reference"
	PhStatusLink = "status_link"
)

// placeholders are every placeholder, as the console lists them.
var placeholders = []string{PhFirstName, PhJobTitle, PhReference, PhStatusLink}

// placeholderRE finds what looks like a placeholder: a word in braces.
var placeholderRE = regexp.MustCompile(`\{([^{}\s]{1,40})\}`)

// Placeholders lists the placeholders a template may use.
func Placeholders() []string { return slices.Clone(placeholders) }

// MayEditTemplates says who may edit the candidate e-mails and send them:
// recruiters and admins.
func MayEditTemplates(r domain.Role) bool { return r.Allowed(domain.RoleRecruiter) }

const msgMayNotEditTemplates = "Only recruiters and admins can edit candidate e-mails."

// msgReceivedNeedsLink refuses a received template without the status
// link: the confirmation is how an applicant gets it.
const msgReceivedNeedsLink = "Keep {status_link} in the text: the confirmation is how applicants get the link to their status page."

// defaultTemplates are the texts a stage has until staff save one; the
// received one is the site's (Mail.defaultReceived).
var defaultTemplates = map[domain.MailStage]domain.CandidateTemplate{
	domain.MailInterview: {Subject: "Invitation to an interview: {job_title} ({reference})", Body: `Dear {first_name},

Thank you for your application for the position of {job_title}. We would like to meet you for an interview.

A member of our recruiting team will write to you or call you shortly to agree on a time that suits you. If you have questions before then, reply to this e-mail and quote your reference number, {reference}.

See where your application stands on your private status page:
{status_link}

Kind regards,
The recruiting team`},
	domain.MailRejection: {Subject: "An update on your application for {job_title} ({reference})", Body: `Dear {first_name},

Thank you for your interest in the position of {job_title} and for the time you gave to your application.

After careful consideration, we have decided not to take your application further. This was not an easy decision, and it is no judgement of your worth: we hope you will apply again for a position that fits you.

Your private status page shows your application until it is deleted; there you can also download your data or erase it now:
{status_link}

Kind regards,
The recruiting team`},
	domain.MailOffer: {Subject: "An offer for the position of {job_title} ({reference})", Body: `Dear {first_name},

We are delighted to tell you that we would like to offer you the position of {job_title}.

A member of our recruiting team will contact you shortly with the details of the offer and the next steps. If you have questions in the meantime, reply to this e-mail and quote your reference number, {reference}.

See where your application stands on your private status page:
{status_link}

Kind regards,
The recruiting team`},
}

// TemplateView is one candidate e-mail as the console shows it.
type TemplateView struct {
	domain.CandidateTemplate
	// Default is true while staff have not saved the stage's template.
	Default bool
}

// Templates returns every candidate e-mail, in the order of
// domain.MailStages: the saved ones, and the default text of the rest.
func (s *Service) Templates(ctx context.Context) ([]TemplateView, error) {
	saved, err := s.store.ListCandidateTemplates(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]TemplateView, 0, len(domain.MailStages))
	for _, st := range domain.MailStages {
		v := TemplateView{CandidateTemplate: s.defaultTemplate(st), Default: true}
		v.Stage = st
		for _, t := range saved {
			if t.Stage == st {
				v = TemplateView{CandidateTemplate: t}
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// defaultTemplate is stage's text until staff save one.
func (s *Service) defaultTemplate(stage domain.MailStage) domain.CandidateTemplate {
	if stage == domain.MailReceived {
		return s.mail.defaultReceived()
	}
	return defaultTemplates[stage]
}

// template returns stage's template, saved or default.
func (s *Service) template(ctx context.Context, stage domain.MailStage) (domain.CandidateTemplate, error) {
	all, err := s.Templates(ctx)
	if err != nil {
		return domain.CandidateTemplate{}, err
	}
	for _, v := range all {
		if v.Stage == stage {
			return v.CandidateTemplate, nil
		}
	}
	return domain.CandidateTemplate{}, domain.NotFound("candidate e-mail")
}

// NormalizeTemplate trims the subject and the body's line ends.
func NormalizeTemplate(t *domain.CandidateTemplate) {
	t.Subject = strings.TrimSpace(t.Subject)
	t.Body = strings.TrimSpace(strings.ReplaceAll(t.Body, "\r\n", "\n"))
}

// ValidateTemplate checks a normalized template; errors name the field.
func ValidateTemplate(t domain.CandidateTemplate) error {
	fields := map[string]string{}
	if !t.Stage.Valid() {
		fields["stage"] = fmt.Sprintf("Unknown candidate e-mail %q: choose one of received, interview, rejection, offer.", shorten(string(t.Stage)))
	}
	switch n := utf8.RuneCountInString(t.Subject); {
	case !utf8.ValidString(t.Subject):
		fields["subject"] = "The subject is not valid text."
	case n == 0:
		fields["subject"] = "Enter a subject."
	case n > domain.MaxTemplateSubject:
		fields["subject"] = fmt.Sprintf("Shorten the subject to %d characters (it has %d).", domain.MaxTemplateSubject, n)
	case strings.ContainsAny(t.Subject, "\r\n\x00"):
		fields["subject"] = "Keep the subject on one line."
	case strings.Contains(t.Subject, "{"+PhStatusLink+"}"):
		fields["subject"] = "Put {status_link} in the body, not the subject: the link is private."
	default:
		if msg := unknownPlaceholders(t.Subject); msg != "" {
			fields["subject"] = msg
		}
	}
	switch n := utf8.RuneCountInString(t.Body); {
	case !utf8.ValidString(t.Body) || strings.ContainsRune(t.Body, 0):
		fields["body"] = "The text is not valid text."
	case n == 0:
		fields["body"] = "Enter the text of the e-mail."
	case n > domain.MaxTemplateBody:
		fields["body"] = fmt.Sprintf("Shorten the text to %d characters (it has %d).", domain.MaxTemplateBody, n)
	default:
		if msg := unknownPlaceholders(t.Body); msg != "" {
			fields["body"] = msg
		} else if t.Stage == domain.MailReceived && !usesStatusLink(t) {
			fields["body"] = msgReceivedNeedsLink
		}
	}
	if len(fields) == 0 {
		return nil
	}
	msg := "Check the candidate e-mail."
	for _, k := range []string{"stage", "subject", "body"} {
		if m, ok := fields[k]; ok {
			msg = m
			break
		}
	}
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: fields}
}

// unknownPlaceholders names the placeholders of s that are not known,
// or returns "".
func unknownPlaceholders(s string) string {
	var unknown []string
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(placeholders, m[1]) && !slices.Contains(unknown, m[0]) {
			unknown = append(unknown, m[0])
		}
	}
	if len(unknown) == 0 {
		return ""
	}
	word := "placeholder"
	if len(unknown) > 1 {
		word = "placeholders"
	}
	return fmt.Sprintf("Unknown %s %s: use {first_name}, {job_title}, {reference} or {status_link}.", word, strings.Join(unknown, ", "))
}

func shorten(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}

// TemplateSave is a candidate e-mail as staff saved it.
type TemplateSave struct {
	Stage         domain.MailStage
	Subject, Body string
	By            Reviewer
}

// SaveTemplate stores a candidate e-mail after checking it, recorded in
// the audit log. Errors: EUnauthorized, EInvalid naming the field.
func (s *Service) SaveTemplate(ctx context.Context, v TemplateSave) (domain.CandidateTemplate, error) {
	if !MayEditTemplates(v.By.Role) {
		return domain.CandidateTemplate{}, domain.Errorf(domain.EUnauthorized, msgMayNotEditTemplates)
	}
	t := domain.CandidateTemplate{Stage: v.Stage, Subject: v.Subject, Body: v.Body, UpdatedAt: s.now(), UpdatedBy: v.By.Email}
	NormalizeTemplate(&t)
	if err := ValidateTemplate(t); err != nil {
		return domain.CandidateTemplate{}, err
	}
	e := domain.AuditEntry{Action: domain.AuditTemplateSaved, Subject: string(t.Stage), At: t.UpdatedAt,
		ActorID: v.By.ID, ActorEmail: v.By.Email, ClientIP: v.By.ClientIP}
	if err := s.store.SaveCandidateTemplate(ctx, &t, e); err != nil {
		return domain.CandidateTemplate{}, err
	}
	return t, nil
}

// Rendered is a candidate e-mail with its placeholders filled in.
type Rendered struct {
	Subject, Text, HTML string
}

// MailValues are what the placeholders stand for in one e-mail.
type MailValues struct {
	FirstName, JobTitle, Reference, StatusLink string
}

func (v MailValues) of(name string) string {
	switch name {
	case PhFirstName:
		return v.FirstName
	case PhJobTitle:
		return v.JobTitle
	case PhReference:
		return v.Reference
	case PhStatusLink:
		return v.StatusLink
	}
	return ""
}

// usesStatusLink reports whether t's body needs a status link.
func usesStatusLink(t domain.CandidateTemplate) bool {
	return strings.Contains(t.Body, "{"+PhStatusLink+"}")
}

// Render fills in t's placeholders with v: the subject and the plain
// text as they are, and the HTML built from the text, every piece
// escaped, blank lines making paragraphs, line breaks <br> and the
// status link a link. Unknown placeholders (which saving refuses) are
// left as written.
func Render(t domain.CandidateTemplate, v MailValues) Rendered {
	return renderWith(t, v, "")
}

// renderWith is Render with footer, text of the site's own (no
// placeholders), after the template's text, in both parts.
func renderWith(t domain.CandidateTemplate, v MailValues, footer string) Rendered {
	fill := func(s string) string {
		return placeholderRE.ReplaceAllStringFunc(s, func(m string) string {
			name := m[1 : len(m)-1]
			if !slices.Contains(placeholders, name) {
				return m
			}
			return v.of(name)
		})
	}
	var h strings.Builder
	h.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
	h.WriteString(html.EscapeString(fill(t.Subject)))
	h.WriteString("</title></head>\n<body style=\"font-family: sans-serif; line-height: 1.5\">\n")
	writeHTMLParagraphs(&h, t.Body, func(line string) { writeHTMLLine(&h, line, v) })
	text := fill(t.Body) + "\n"
	if footer != "" {
		writeHTMLParagraphs(&h, footer, func(line string) { h.WriteString(html.EscapeString(line)) })
		text += "\n" + footer + "\n"
	}
	h.WriteString("</body></html>\n")
	return Rendered{Subject: fill(t.Subject), Text: text, HTML: h.String()}
}

// writeHTMLParagraphs writes text as HTML paragraphs, blank lines
// between them, each line written by line and the lines of a paragraph
// apart by <br>.
func writeHTMLParagraphs(h *strings.Builder, text string, line func(string)) {
	for _, para := range strings.Split(text, "\n\n") {
		para = strings.Trim(para, "\n")
		if strings.TrimSpace(para) == "" {
			continue
		}
		h.WriteString("<p>")
		for i, l := range strings.Split(para, "\n") {
			if i > 0 {
				h.WriteString("<br>\n")
			}
			line(l)
		}
		h.WriteString("</p>\n")
	}
}

// writeHTMLLine writes one line of a template body as HTML.
func writeHTMLLine(h *strings.Builder, line string, v MailValues) {
	last := 0
	for _, loc := range placeholderRE.FindAllStringSubmatchIndex(line, -1) {
		h.WriteString(html.EscapeString(line[last:loc[0]]))
		last = loc[1]
		name := line[loc[2]:loc[3]]
		switch {
		case name == PhStatusLink && v.StatusLink != "":
			link := html.EscapeString(v.StatusLink)
			fmt.Fprintf(h, `<a href="%s">%s</a>`, link, link)
		case slices.Contains(placeholders, name):
			h.WriteString(html.EscapeString(v.of(name)))
		default:
			h.WriteString(html.EscapeString(line[loc[0]:loc[1]]))
		}
	}
	h.WriteString(html.EscapeString(line[last:]))
}

// SampleValues are the placeholders' values of the preview.
func (s *Service) SampleValues() MailValues {
	return MailValues{FirstName: "Priya", JobTitle: "Senior Software Engineer", Reference: "APP-SAMPLE23",
		StatusLink: s.mail.statusURL("sample-link-for-the-preview")}
}

// PreviewTemplate renders t (as typed, not yet saved) for a sample
// application, after the checks SaveTemplate makes, through the code
// that sends it (the received one with what the site adds to every
// confirmation).
func (s *Service) PreviewTemplate(t domain.CandidateTemplate) (Rendered, error) {
	NormalizeTemplate(&t)
	if err := ValidateTemplate(t); err != nil {
		return Rendered{}, err
	}
	if t.Stage == domain.MailReceived {
		// The confirmation as an application that arrives gets it.
		return s.mail.confirmation(t, s.SampleValues(), true), nil
	}
	return Render(t, s.SampleValues()), nil
}
