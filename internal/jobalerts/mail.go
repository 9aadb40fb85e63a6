package jobalerts

import (
	"fmt"
	"html"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// Paths of the alert's pages.
const (
	// PagePath is the alert's page (confirm, manage, renew), ?token=….
	PagePath = "/alerts"
	// UnsubscribePath takes the one-click POST of List-Unsubscribe.
	UnsubscribePath = "/alerts/unsubscribe"
)

func (s *Service) pageURL(token string) string { return s.c.BaseURL + PagePath + "?token=" + token }
func (s *Service) renewURL(token string) string {
	return s.c.BaseURL + PagePath + "?token=" + token + "&renew=1"
}
func (s *Service) unsubscribeURL(token string) string {
	return s.c.BaseURL + UnsubscribePath + "?token=" + token
}

// unsubscribeHeaders are the RFC 8058 one-click headers of a token.
func (s *Service) unsubscribeHeaders(token string) []domain.MailHeader {
	return []domain.MailHeader{
		{Name: "List-Unsubscribe", Value: "<" + s.unsubscribeURL(token) + ">"},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}
}

// mailText builds a mail's plain text and HTML together, escaping
// everything in the HTML: nothing in it is taken as HTML from anyone.
type mailText struct{ text, html strings.Builder }

func (m *mailText) para(lines ...string) {
	m.text.WriteString(strings.Join(lines, "\n") + "\n\n")
	m.html.WriteString("<p>")
	for i, l := range lines {
		if i > 0 {
			m.html.WriteString("<br>\n")
		}
		m.html.WriteString(html.EscapeString(l))
	}
	m.html.WriteString("</p>\n")
}

// link writes a sentence and its link.
func (m *mailText) link(label, url string) {
	fmt.Fprintf(&m.text, "%s\n%s\n\n", label, url)
	fmt.Fprintf(&m.html, "<p><a href=\"%s\">%s</a></p>\n", html.EscapeString(url), html.EscapeString(label))
}

func (s *Service) date(t time.Time) string { return t.In(s.c.Zone).Format("2 January 2006") }

// confirmationMail asks the address of alert a to confirm it.
func (s *Service) confirmationMail(a domain.JobAlert, token string) *domain.OutboxMessage {
	var m mailText
	m.para("Someone, probably you, asked " + s.c.SiteName + " to e-mail this address about new jobs.")
	m.para("Search: "+s.Describe(a.Filter), "How often: "+string(a.Frequency))
	m.link("Confirm the job alert", s.pageURL(token))
	m.para("Nothing more is sent until you follow this link. If you did not ask for it, ignore this e-mail: the request is deleted within 48 hours.")
	return &domain.OutboxMessage{
		To: a.Email, Subject: "Confirm your job alert", Body: m.text.String(), HTMLBody: m.html.String(),
		Headers: s.unsubscribeHeaders(token), CreatedAt: s.c.MailNow(),
	}
}

// digestMail lists jobs new to alert a.
func (s *Service) digestMail(a domain.JobAlert, jobs []domain.PublishedJob, token string) *domain.OutboxMessage {
	var m mailText
	n := "1 new job matches"
	if len(jobs) != 1 {
		n = fmt.Sprintf("%d new jobs match", len(jobs))
	}
	m.para(n + " your alert (" + s.Describe(a.Filter) + ").")
	for _, p := range jobs {
		j := p.Job
		details := []string{}
		for _, d := range []string{j.Location, j.Department} {
			if d != "" {
				details = append(details, d)
			}
		}
		if j.Experience != "" {
			details = append(details, j.Experience+" years")
		}
		m.link(j.JobTitle+" — "+strings.Join(details, ", "), s.c.BaseURL+"/job/"+j.ID)
	}
	m.link("All jobs matching your search", s.c.BaseURL+SearchPath(a.Filter))
	m.para("You get this alert " + string(a.Frequency) + ". It ends on " + s.date(a.ExpiresAt) + " unless you renew it.")
	m.link("Renew it for 12 months", s.renewURL(token))
	m.link("Change how often, or end the alert", s.pageURL(token))
	subject := n + " your job alert"
	return &domain.OutboxMessage{
		To: a.Email, Subject: subject, Body: m.text.String(), HTMLBody: m.html.String(),
		Headers: s.unsubscribeHeaders(token), CreatedAt: s.c.MailNow(),
	}
}

// reminderMail tells the address of alert a that it ends soon.
func (s *Service) reminderMail(a domain.JobAlert, token string) *domain.OutboxMessage {
	var m mailText
	m.para("Your job alert (" + s.Describe(a.Filter) + ") ends on " + s.date(a.ExpiresAt) + ".")
	m.link("Renew it for 12 months", s.renewURL(token))
	m.para("If you do nothing, it ends then and we delete your address with it.")
	m.link("Change how often, or end the alert now", s.pageURL(token))
	return &domain.OutboxMessage{
		To: a.Email, Subject: "Your job alert ends on " + s.date(a.ExpiresAt), Body: m.text.String(),
		HTMLBody: m.html.String(), Headers: s.unsubscribeHeaders(token), CreatedAt: s.c.MailNow(),
	}
}
