package careers

import (
	"fmt"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// Mail is what the mails about an application say of the site and where
// they go.
type Mail struct {
	// SiteName is the company's name as the mails sign it.
	SiteName string
	// CareersEmail receives applicants' replies to their confirmation.
	CareersEmail string
	// BaseURL is the site's public origin; the privacy notice is under it.
	BaseURL string
	// RetentionDays is how long applications are kept, as the
	// confirmation states it.
	RetentionDays int
	// StaffEmail is told of every application that is not suspected
	// spam; "" tells no one.
	StaffEmail string
}

// about is the mails about a, stored for job: the applicant's
// confirmation, written from the received template tpl (with link,
// their status page), and the staff notification. Suspected spam mails
// no one.
func (m Mail) about(job domain.Job, a domain.Application, created bool, link string, tpl domain.CandidateTemplate) []*domain.OutboxMessage {
	if a.Spam {
		return nil
	}
	out := []*domain.OutboxMessage{m.applicantConfirmation(job, a, created, link, tpl)}
	if m.StaffEmail != "" {
		out = append(out, m.applicationNotification(job, a, created))
	}
	return out
}

// applicantConfirmation is the e-mail that tells an applicant their
// application arrived: the received template tpl (which position, their
// reference, their status page, what happens next) and what the site
// adds to it (see confirmation). It repeats nothing sensitive (no
// national ID, no documents), since mail travels further than we can
// see. Replies go to the careers address.
func (m Mail) applicantConfirmation(job domain.Job, a domain.Application, created bool, link string, tpl domain.CandidateTemplate) *domain.OutboxMessage {
	r := m.confirmation(tpl, MailValues{FirstName: a.FirstName, JobTitle: job.JobTitle, Reference: a.Reference, StatusLink: link}, created)
	return &domain.OutboxMessage{
		To:        a.Email,
		Subject:   r.Subject,
		Body:      r.Text,
		HTMLBody:  r.HTML,
		ReplyTo:   m.CareersEmail,
		CreatedAt: a.ConsentAt,
	}
}

// confirmation renders the received template tpl with v, followed by
// what the site adds to every confirmation from its own settings, so
// that no edit can drop it or make it wrong: a note when the
// application replaced an earlier one (created false), where the
// privacy notice is, and how long applications are kept. The preview
// of the received template renders through here too.
func (m Mail) confirmation(tpl domain.CandidateTemplate, v MailValues, created bool) Rendered {
	var b strings.Builder
	if !created {
		b.WriteString("You had applied for this position before with this e-mail address: your new application and documents have replaced the earlier ones.\n\n")
	}
	fmt.Fprintf(&b, "How we use and keep your data: %s/privacy\n", m.BaseURL)
	fmt.Fprintf(&b, "Applications and their documents are deleted %d days after they arrive.", m.RetentionDays)
	return renderWith(tpl, v, b.String())
}

// defaultReceived is the received template until staff save one: the
// confirmation every applicant has been getting, signed with the site's
// name.
func (m Mail) defaultReceived() domain.CandidateTemplate {
	site := m.SiteName
	if site == "" {
		site = "our company"
	}
	return domain.CandidateTemplate{Stage: domain.MailReceived, Subject: "Your application for {job_title} ({reference})", Body: `Dear {first_name},

Thank you for applying for the position of {job_title} at ` + site + `.
We have received your application and your documents.

Your reference number: {reference}

See where your application stands, withdraw it, download your data or erase it on your private status page:
{status_link}
Keep this link to yourself: anyone who has it can see and change your application.
Lost it? Ask for a new one at ` + m.BaseURL + StatusPagePath + `

What happens next:
- Our recruiting team reads every application, usually within two weeks.
- If your profile fits the position, we will contact you by e-mail or phone to arrange a first conversation.
- Whatever the outcome, we will let you know. Please quote your reference number if you write to us.
- If you apply again for this position with the same e-mail address, your new application replaces this one.

Kind regards,
The recruiting team of ` + site}
}

// applicationNotification tells staff that an application arrived. It
// names the applicant and the position but carries no national ID and no
// documents: staff open those in the console, where access is recorded.
// Replies go to the applicant.
func (m Mail) applicationNotification(job domain.Job, a domain.Application, created bool) *domain.OutboxMessage {
	var b strings.Builder
	subject := "New application"
	if created {
		b.WriteString("A new job application arrived.\n\n")
	} else {
		subject = "Updated application"
		b.WriteString("An applicant sent a new version of their application; it replaced the earlier one.\n\n")
	}
	fmt.Fprintf(&b, "Position:  %s (%s)\n", job.JobTitle, job.Location)
	fmt.Fprintf(&b, "Reference: %s\n", a.Reference)
	fmt.Fprintf(&b, "Applicant: %s\n", a.FullName)
	fmt.Fprintf(&b, "E-mail:    %s\n", a.Email)
	fmt.Fprintf(&b, "Phone:     %s %s\n", a.PhoneCountryCode, a.PhoneNumber)
	fmt.Fprintf(&b, "Location:  %s\n", a.LocationPreference)
	fmt.Fprintf(&b, "Available: %s\n", a.AvailabilityDate)
	fmt.Fprintf(&b, "Received:  %s\n\n", a.ConsentAt.UTC().Format("2006-01-02 15:04 MST"))
	b.WriteString("The documents and the full application are in the staff console.\n")
	return &domain.OutboxMessage{
		To:        m.StaffEmail,
		Subject:   fmt.Sprintf("%s: %s – %s", subject, job.JobTitle, a.FullName),
		Body:      b.String(),
		ReplyTo:   a.Email,
		CreatedAt: a.ConsentAt,
	}
}

// writeStatusLink tells the applicant of their status page.
func (m Mail) writeStatusLink(b *strings.Builder, link string) {
	b.WriteString("See where your application stands, withdraw it, download your data or erase it on your private status page:\n")
	fmt.Fprintf(b, "%s\n", link)
	b.WriteString("Keep this link to yourself: anyone who has it can see and change your application.\n")
	fmt.Fprintf(b, "Lost it? Ask for a new one at %s%s\n\n", m.BaseURL, StatusPagePath)
}

// newLink is the mail with a new status link, asked for with the
// application's e-mail address and reference.
func (m Mail) newLink(a domain.Application, jobTitle, token string, now time.Time) *domain.OutboxMessage {
	var b strings.Builder
	fmt.Fprintf(&b, "Dear %s,\n\n", a.FirstName)
	position := ""
	if jobTitle != "" {
		position = " for " + jobTitle
	}
	fmt.Fprintf(&b, "You asked for a new link to the status page of your application%s (reference %s).\n\n", position, a.Reference)
	m.writeStatusLink(&b, m.statusURL(token))
	b.WriteString("The link we sent you before no longer works. If you did not ask for this link, you can ignore this e-mail.\n\n")
	fmt.Fprintf(&b, "Kind regards,\nThe recruiting team of %s\n", m.SiteName)
	return &domain.OutboxMessage{
		To:        a.Email,
		Subject:   fmt.Sprintf("Your application status link (%s)", a.Reference),
		Body:      b.String(),
		ReplyTo:   m.CareersEmail,
		CreatedAt: now,
	}
}

// withdrawnNotification tells staff that an applicant withdrew their
// application from the status page. Like the notification of its arrival
// it carries no documents.
func (m Mail) withdrawnNotification(a domain.Application, now time.Time) *domain.OutboxMessage {
	var b strings.Builder
	b.WriteString("An applicant withdrew their application from their status page.\n\n")
	fmt.Fprintf(&b, "Reference: %s\n", a.Reference)
	fmt.Fprintf(&b, "Applicant: %s\n", a.FullName)
	fmt.Fprintf(&b, "Withdrawn: %s\n\n", now.UTC().Format("2006-01-02 15:04 MST"))
	b.WriteString("The application stays in the staff console until it is erased or its retention period ends.\n")
	return &domain.OutboxMessage{
		To:        m.StaffEmail,
		Subject:   fmt.Sprintf("Application withdrawn: %s – %s", a.Reference, a.FullName),
		Body:      b.String(),
		ReplyTo:   a.Email,
		CreatedAt: now,
	}
}
