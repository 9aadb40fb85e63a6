package server

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Contact form abuse controls.
const (
	// contactMinFill is the least time a person takes to fill the form;
	// faster submissions are kept but marked as spam.
	contactMinFill = 3 * time.Second
	// contactLimit messages per contactWindow are accepted from one client.
	contactLimit  = 5
	contactWindow = 10 * time.Minute
	// contactMaxElapsed is the longest time a form may honestly have been
	// on screen (a tab left open for weeks); a larger elapsedMs is refused.
	contactMaxElapsed = 366 * 24 * time.Hour
)

// POST /api/contact: stores a contact message and, in the same
// transaction, queues the staff notification mail. Suspected spam is
// stored flagged, without a notification, and answered like any other
// message. With an Idempotency-Key (the form makes one per message), a
// repeat of a message that was stored (its answer lost on the way, say a
// 502 from a proxy) gets the first answer and stores nothing: the key is
// remembered, as a hash, as long as the applications' keys.
func (s *Server) apiContact(w http.ResponseWriter, r *http.Request) (any, error) {
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	if key != "" {
		// Answered before the body is read and before the rate limit,
		// which the first message has counted already.
		if id, err := s.store.LookupContactSubmission(r.Context(), key); err == nil {
			return httpcore.Created{Body: wire.ContactCreated{ID: id}}, nil
		} else if !domain.IsNotFound(err) {
			return nil, err
		}
	}
	var req wire.ContactRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	if e := req.ElapsedMs; e != nil && (*e < 0 || *e > contactMaxElapsed.Milliseconds()) {
		return nil, domain.Errorf(domain.EInvalid, "The form could not be read. Please reload the page and try again.")
	}
	m := domain.ContactMessage{Name: req.Name, Email: req.Email, Subject: req.Subject, Message: req.Message}
	m.Normalize()
	if err := m.Validate(); err != nil {
		return nil, err
	}
	ok, retry, err := s.store.Allow(r.Context(), "contact:"+httpcore.ClientKey(r), contactLimit, contactWindow, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		httpcore.SetRetryAfter(w, retry)
		return nil, domain.Errorf(domain.ETooMany, "You have sent several messages in a short time. Please wait 10 minutes and try again.")
	}
	// Compared in milliseconds: converted to a Duration, a huge value
	// would overflow (the bound above keeps it sane either way).
	m.Spam = req.Website != "" || req.ElapsedMs == nil || *req.ElapsedMs < contactMinFill.Milliseconds()
	m.CreatedAt = s.now()
	// Suspected spam waits for staff in the console; it mails no one.
	var notify *domain.OutboxMessage
	if !m.Spam && s.staffEmail != "" {
		notify = contactNotification(m, s.staffEmail)
	}
	replayed, err := s.store.CreateContactMessage(r.Context(), &m, domain.ContactOptions{Notify: notify, IdempotencyKey: key})
	if err != nil {
		return nil, err
	}
	if replayed {
		// The same key won a race with this request: its message stands.
		return httpcore.Created{Body: wire.ContactCreated{ID: m.ID}}, nil
	}
	httpcore.Logger(r).Info("contact message stored", "id", m.ID, "spam", m.Spam, "notified", notify != nil)
	if notify != nil && s.mailQueued != nil {
		s.mailQueued()
	}
	return httpcore.Created{Body: wire.ContactCreated{ID: m.ID}}, nil
}

// contactNotification is the staff e-mail about a new contact message.
// Replies go to the visitor, whose address Validate has checked.
func contactNotification(m domain.ContactMessage, to string) *domain.OutboxMessage {
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
