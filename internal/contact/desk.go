package contact

import (
	"context"
	"fmt"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// The desk is staff's side of contact messages in the console: a message
// is assigned to whoever handles it, staff keep internal notes on it,
// and a reply goes to the sender through the outbox and stays in the
// message's thread. There is no inbound mail: the sender's answer to a
// reply goes to the company mailbox (the reply's Reply-To).

// DeskStore is what the desk keeps messages, their threads and audit
// entries in, and where it looks staff up.
type DeskStore interface {
	domain.ContactStore
	GetStaffUser(ctx context.Context, id string) (domain.StaffUser, error)
}

// DeskConfig is what a desk is built from.
type DeskConfig struct {
	Store DeskStore
	// Mailbox is the company's address: replies say Reply-To it, so the
	// sender's answer arrives there.
	Mailbox string
	// MailQueued, when set, is called after a reply was queued.
	MailQueued func()
	Now        func() time.Time
}

// Desk answers contact messages for staff.
type Desk struct{ c DeskConfig }

// NewDesk is the desk c describes.
func NewDesk(c DeskConfig) *Desk {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Desk{c: c}
}

// Mailbox is where the senders' answers to replies arrive.
func (d *Desk) Mailbox() string { return d.c.Mailbox }

// Actor is the member of staff acting, as the audit log names them.
type Actor struct {
	ID, Name, Email string
	// ClientIP is where the request came from, or "".
	ClientIP string
}

func (a Actor) audit(action domain.AuditAction, subject, detail string, at time.Time) *domain.AuditEntry {
	return &domain.AuditEntry{ActorID: a.ID, ActorEmail: a.Email, Action: action, Subject: subject,
		Detail: detail, ClientIP: a.ClientIP, At: at}
}

func (a Actor) name() string {
	if a.Name != "" {
		return a.Name
	}
	return a.Email
}

const (
	msgGone        = "This message no longer exists. It may have been deleted."
	msgNoHandler   = "Choose a member of staff who handles messages."
	msgSpamNoReply = "This message is in Spam. Take it out of Spam before replying."
)

func gone(err error) error {
	if domain.IsNotFound(err) {
		return domain.Errorf(domain.ENotFound, msgGone)
	}
	return err
}

// Assign gives the message to the member of staff staffID ("" = to no
// one), who must be an active account whose role handles messages.
// The change is audited; assigning to whom it is already assigned
// changes and records nothing. It returns the assignee's account (zero
// when unassigned).
func (d *Desk) Assign(ctx context.Context, by Actor, messageID, staffID string) (domain.StaffUser, error) {
	var to domain.StaffUser
	detail := "unassigned"
	if staffID != "" {
		u, err := d.c.Store.GetStaffUser(ctx, staffID)
		if domain.IsNotFound(err) || err == nil && (u.Disabled || !u.Role.MayHandleMessages()) {
			return domain.StaffUser{}, &domain.Error{Code: domain.EInvalid, Message: msgNoHandler,
				Fields: map[string]string{"staffId": msgNoHandler}}
		}
		if err != nil {
			return domain.StaffUser{}, err
		}
		to = u
		detail = "assigned to " + u.Email
	}
	if _, err := d.c.Store.AssignContactMessage(ctx, messageID, staffID,
		by.audit(domain.AuditContactAssigned, messageID, detail, d.c.Now())); err != nil {
		return domain.StaffUser{}, gone(err)
	}
	return to, nil
}

// AddNote stores an internal note by the member of staff on the
// message (audited).
func (d *Desk) AddNote(ctx context.Context, by Actor, messageID, body string) (domain.ContactThreadEntry, error) {
	body = strings.TrimSpace(body)
	if err := domain.ValidateContactNote(body); err != nil {
		return domain.ContactThreadEntry{}, err
	}
	now := d.c.Now()
	e := domain.ContactThreadEntry{MessageID: messageID, Kind: domain.ThreadNote, AuthorID: by.ID,
		AuthorName: by.name(), Body: body, CreatedAt: now}
	if err := d.c.Store.AddContactThreadEntry(ctx, &e, nil,
		by.audit(domain.AuditContactNote, messageID, "note added", now)); err != nil {
		return domain.ContactThreadEntry{}, gone(err)
	}
	return e, nil
}

// Reply e-mails the sender of the message: subject "" is "Re: " and
// theirs. The mail is queued in the outbox in the same transaction as
// the thread's entry and the audit row, says Reply-To the company
// mailbox, and quotes the message it answers.
func (d *Desk) Reply(ctx context.Context, by Actor, messageID, subject, body string) (domain.ContactThreadEntry, error) {
	body = strings.TrimSpace(body)
	subject = strings.TrimSpace(subject)
	m, err := d.c.Store.GetContactMessage(ctx, messageID)
	if err != nil {
		return domain.ContactThreadEntry{}, gone(err)
	}
	if subject == "" {
		subject = domain.ReplySubject(m.Subject)
	}
	if err := domain.ValidateReply(subject, body); err != nil {
		return domain.ContactThreadEntry{}, err
	}
	if m.Spam {
		return domain.ContactThreadEntry{}, domain.Errorf(domain.EConflict, msgSpamNoReply)
	}
	now := d.c.Now()
	mail := &domain.OutboxMessage{ID: domain.NewID(), To: m.Email, Subject: subject, Body: replyText(body, m),
		ReplyTo: d.c.Mailbox, CreatedAt: now}
	e := domain.ContactThreadEntry{MessageID: messageID, Kind: domain.ThreadReply, AuthorID: by.ID,
		AuthorName: by.name(), To: m.Email, Subject: subject, Body: body, CreatedAt: now}
	if err := d.c.Store.AddContactThreadEntry(ctx, &e, mail,
		by.audit(domain.AuditContactReplied, messageID, "reply queued as e-mail "+mail.ID, now)); err != nil {
		return domain.ContactThreadEntry{}, gone(err)
	}
	if d.c.MailQueued != nil {
		d.c.MailQueued()
	}
	return e, nil
}

// replyText is the plain text of a reply: staff's text, then the
// message it answers, quoted.
func replyText(body string, m domain.ContactMessage) string {
	var b strings.Builder
	b.WriteString(body)
	fmt.Fprintf(&b, "\n\n\nOn %s, %s wrote:\n", m.CreatedAt.UTC().Format("2 January 2006 at 15:04 MST"), m.Name)
	for line := range strings.SplitSeq(strings.TrimRight(m.Message, "\n"), "\n") {
		b.WriteString("> ")
		b.WriteString(strings.TrimRight(line, "\r"))
		b.WriteByte('\n')
	}
	return b.String()
}
