package staffsignin

// The e-mails that carry a set-up link: an invitation to a new member of
// staff and a reset of an account. Both go through the outbox; the admin
// who made the link sees it too.

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// SetupMail is what a set-up link's e-mail says.
type SetupMail struct {
	// To and Name are the account's address and name.
	To, Name string
	Role     domain.Role
	// InvitedBy names the admin who made the link ("" for the command
	// line: then no one is named).
	InvitedBy, InvitedByEmail string
	Link                      string
	Expires                   time.Time
	// Reset says the account existed and starts over (a new link for it).
	Reset bool
	// SiteName names the site; Zone is the site's time zone (the expiry
	// is given in it).
	SiteName string
	Zone     *time.Location
}

// roleWithArticle is a role as a sentence says it: "an admin".
func roleWithArticle(r domain.Role) string {
	switch r {
	case domain.RoleAdmin:
		return "an admin (everything, including staff accounts and the audit log)"
	case domain.RoleRecruiter:
		return "a recruiter (jobs and applications)"
	case domain.RoleEditor:
		return "an editor (blog posts, comments and contact messages)"
	}
	return string(r)
}

// Message is the e-mail, plain text with an HTML alternative built from
// the same lines, every piece escaped.
func (m SetupMail) Message() *domain.OutboxMessage {
	site := m.SiteName
	if site == "" {
		site = "the site"
	}
	zone := m.Zone
	if zone == nil {
		zone = time.UTC
	}
	until := m.Expires.In(zone).Format("Monday 2 January 2006 at 15:04 MST")
	by := "An admin"
	if m.InvitedBy != "" {
		by = m.InvitedBy
		if m.InvitedByEmail != "" {
			by += " (" + m.InvitedByEmail + ")"
		}
	}
	asker := "the admin who sent it"
	if m.InvitedBy != "" {
		asker = m.InvitedBy
	}
	var b mailText
	b.para("Hello " + m.Name + ",")
	var subject, action string
	if m.Reset {
		subject = "Set a new password for the " + site + " staff console"
		b.para(by + " has reset your account on the " + site + " staff console. You keep your role: " + roleWithArticle(m.Role) + ".")
		b.para("Your old password no longer works, and neither do your two-step sign-in and recovery codes: you set them up again.")
		action = "Choose a new password"
	} else {
		subject = "You're invited to the " + site + " staff console"
		b.para(by + " has invited you to the " + site + " staff console as " + roleWithArticle(m.Role) + ".")
		action = "Set your password"
	}
	b.link(action+" with this link:", m.Link)
	b.para("The link works once, until " + until + ". If it has expired, ask " + asker + " for a new one.")
	if m.Role == domain.RoleAdmin {
		b.para("As an admin you also set up two-step sign-in, so keep your phone with an authenticator app at hand.")
	}
	b.para("If you were not expecting this e-mail, you can ignore it: nothing happens until the link is used.")
	return &domain.OutboxMessage{To: m.To, Subject: subject, Body: b.text.String(), HTMLBody: b.html.String()}
}

// MailSetupLink queues m's e-mail in the outbox.
func (s *Service) MailSetupLink(ctx context.Context, m SetupMail) error {
	msg := m.Message()
	msg.CreatedAt = s.now()
	if err := s.store.EnqueueOutbox(ctx, msg); err != nil {
		return fmt.Errorf("staffsignin: queueing the set-up link's e-mail: %w", err)
	}
	return nil
}

// mailText builds a mail's plain text and HTML together, escaping
// everything in the HTML.
type mailText struct{ text, html strings.Builder }

func (m *mailText) para(line string) {
	m.text.WriteString(line + "\n\n")
	m.html.WriteString("<p>" + html.EscapeString(line) + "</p>\n")
}

// link writes a sentence and its link on a line of its own.
func (m *mailText) link(label, url string) {
	fmt.Fprintf(&m.text, "%s\n%s\n\n", label, url)
	fmt.Fprintf(&m.html, "<p>%s<br>\n<a href=\"%s\">%s</a></p>\n", html.EscapeString(label), html.EscapeString(url), html.EscapeString(url))
}
