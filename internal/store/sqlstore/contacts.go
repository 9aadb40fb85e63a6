package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"corpsite/internal/domain"
)

const contactColumns = `id, name, email, subject, message, spam, handled, created_at`

func scanContact(sc scanner) (domain.ContactMessage, error) {
	var m domain.ContactMessage
	err := sc.Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Message, &m.Spam, &m.Handled,
		timeCol{&m.CreatedAt})
	return m, err
}

// CreateContactMessage stores m, and queues notify in the outbox in the
// same transaction when it is not nil. An empty ID is filled with a new
// one and a zero CreatedAt with the current time; m and notify are
// updated with what was stored. Contact messages are not public: the
// content version stays.
func (s *Store) CreateContactMessage(ctx context.Context, m *domain.ContactMessage, notify *domain.OutboxMessage) (err error) {
	defer s.wrap(&err, "CreateContactMessage")
	c := *m
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	var n domain.OutboxMessage
	if notify != nil {
		n = *notify
	}
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO contact_messages (`+contactColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.Name, c.Email, c.Subject, c.Message, c.Spam, c.Handled, s.t(c.CreatedAt)); err != nil {
			return err
		}
		if notify == nil {
			return nil
		}
		return s.enqueueOutbox(ctx, tx, &n)
	})
	if err == nil {
		*m = c
		if notify != nil {
			*notify = n
		}
	}
	return err
}

// ListContactMessages returns a page of messages, newest first; a limit of
// 0 means no limit.
func (s *Store) ListContactMessages(ctx context.Context, limit, offset int) (_ []domain.ContactMessage, err error) {
	defer s.wrap(&err, "ListContactMessages")
	l, o := pageArgs(limit, offset)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+contactColumns+` FROM contact_messages
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), l, o)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanContact)
}

// GetContactMessage returns the message with the given ID.
func (s *Store) GetContactMessage(ctx context.Context, id string) (_ domain.ContactMessage, err error) {
	defer s.wrap(&err, "GetContactMessage(%q)", id)
	m, err := scanContact(s.r.QueryRowContext(ctx, s.q(`SELECT `+contactColumns+` FROM contact_messages WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ContactMessage{}, domain.NotFound("contact message")
	}
	return m, err
}

// SetContactHandled marks a message as handled or not.
func (s *Store) SetContactHandled(ctx context.Context, id string, handled bool) (err error) {
	defer s.wrap(&err, "SetContactHandled(%q)", id)
	return s.execOne(ctx, s.w, "contact message", `UPDATE contact_messages SET handled = ? WHERE id = ?`, handled, id)
}

// DeleteContactMessage removes a message.
func (s *Store) DeleteContactMessage(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteContactMessage(%q)", id)
	return s.execOne(ctx, s.w, "contact message", `DELETE FROM contact_messages WHERE id = ?`, id)
}
