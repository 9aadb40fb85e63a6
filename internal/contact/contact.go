// Package contact is the contact form's use case: a visitor's message is
// checked, rate-limited, judged for spam and stored with the staff
// notification mail in one transaction. It knows nothing of HTTP.
package contact

import (
	"context"
	"fmt"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Abuse controls of the contact form.
const (
	// MinFill is the least time a person takes to fill the form; faster
	// messages are kept but marked as spam. The comment form shares it.
	MinFill = 3 * time.Second
	// Limit messages per Window are accepted from one client.
	Limit  = 5
	Window = 10 * time.Minute
)

// Visitor-facing refusals.
const (
	msgUnreadable = "The form could not be read. Please reload the page and try again."
	msgTooMany    = "You have sent several messages in a short time. Please wait 10 minutes and try again."
)

// Store is what the use case keeps messages and counts clients in.
type Store interface {
	domain.ContactStore
	domain.RateLimiter
}

// Config is what the service is built from.
type Config struct {
	Store Store
	// StaffEmail receives a notification per message that is not
	// suspected spam; "" sends none.
	StaffEmail string
	// MailQueued, when set, is called after a notification was queued.
	MailQueued func()
	Now        func() time.Time
}

// Service takes contact messages.
type Service struct{ c Config }

// New is the service c describes.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Service{c: c}
}

// Sent is what became of a message.
type Sent struct {
	ID string
	// Spam: kept for staff in the console, notifying no one.
	Spam bool
	// Notified: a notification mail was queued with it.
	Notified bool
	// Replayed: a message with the same key was stored first (a repeat
	// whose first answer was lost); nothing new was stored.
	Replayed bool
}

// Replay is the message stored earlier under the form's idempotency key,
// if any: a repeat is answered before its body is read and before the
// rate limit, which the first message has counted already.
func (s *Service) Replay(ctx context.Context, key string) (Sent, bool, error) {
	if key == "" {
		return Sent{}, false, nil
	}
	id, err := s.c.Store.LookupContactSubmission(ctx, key)
	if domain.IsNotFound(err) {
		return Sent{}, false, nil
	}
	if err != nil {
		return Sent{}, false, err
	}
	return Sent{ID: id, Replayed: true}, true, nil
}

// Send stores the message req from client (its rate-limit key) under the
// idempotency key ("" for none). Errors: EInvalid with a message per
// field, *domain.Refused when the client has sent too many.
func (s *Service) Send(ctx context.Context, req wire.ContactRequest, key, client string) (Sent, error) {
	if !domain.ElapsedValid(req.ElapsedMs) {
		return Sent{}, domain.Errorf(domain.EInvalid, msgUnreadable)
	}
	m := domain.ContactMessage{Name: req.Name, Email: req.Email, Subject: req.Subject, Message: req.Message}
	m.Normalize()
	if err := m.Validate(); err != nil {
		return Sent{}, err
	}
	now := s.c.Now()
	ok, retry, err := s.c.Store.Allow(ctx, "contact:"+client, Limit, Window, now)
	if err != nil {
		return Sent{}, err
	}
	if !ok {
		return Sent{}, &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgTooMany), Retry: retry}
	}
	m.Spam = req.Website != "" || req.ElapsedMs == nil || *req.ElapsedMs < MinFill.Milliseconds()
	m.CreatedAt = now
	// Suspected spam waits for staff in the console; it mails no one.
	var notify *domain.OutboxMessage
	if !m.Spam && s.c.StaffEmail != "" {
		notify = notification(m, s.c.StaffEmail)
	}
	replayed, err := s.c.Store.CreateContactMessage(ctx, &m, domain.ContactOptions{Notify: notify, IdempotencyKey: key})
	if err != nil {
		return Sent{}, err
	}
	if replayed {
		// The same key won a race with this message: its message stands.
		return Sent{ID: m.ID, Replayed: true}, nil
	}
	if notify != nil && s.c.MailQueued != nil {
		s.c.MailQueued()
	}
	return Sent{ID: m.ID, Spam: m.Spam, Notified: notify != nil}, nil
}

// notification is the staff e-mail about a new contact message. Replies
// go to the visitor, whose address Validate has checked.
func notification(m domain.ContactMessage, to string) *domain.OutboxMessage {
	var b strings.Builder
	b.WriteString("A visitor sent a message with the contact form.\n\n")
	fmt.Fprintf(&b, "Name:     %s\n", m.Name)
	fmt.Fprintf(&b, "E-mail:   %s\n", m.Email)
	fmt.Fprintf(&b, "Subject:  %s\n", m.Subject)
	fmt.Fprintf(&b, "Received: %s\n\n", m.CreatedAt.UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "%s\n\n", m.Message)
	fmt.Fprintf(&b, "Reply to this e-mail to answer %s.\n", m.Name)
	return &domain.OutboxMessage{
		To:        to,
		Subject:   "New contact message: " + m.Subject,
		Body:      b.String(),
		ReplyTo:   m.Email,
		CreatedAt: m.CreatedAt,
	}
}
