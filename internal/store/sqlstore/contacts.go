package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"corpsite/internal/domain"
)

const contactColumns = `id, name, email, subject, message, spam, status, created_at, assigned_to`

func scanContact(sc scanner) (domain.ContactMessage, error) {
	var m domain.ContactMessage
	err := sc.Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Message, &m.Spam, &m.Status,
		timeCol{&m.CreatedAt}, &m.AssignedTo)
	return m, err
}

// CreateContactMessage stores m, and queues opt.Notify in the outbox in
// the same transaction when it is not nil. An empty ID is filled with a
// new one, an empty Status with new and a zero CreatedAt with the current
// time; m and opt.Notify are updated with what was stored. Contact
// messages are not public: the content version stays.
//
// The idempotency key, if any, is claimed first (claimKey), as
// SaveApplication does: a call whose key was recorded already writes
// nothing and reports the first message's ID.
func (s *Store) CreateContactMessage(ctx context.Context, m *domain.ContactMessage, opt domain.ContactOptions) (replayed bool, err error) {
	defer s.wrap(&err, "CreateContactMessage")
	c := *m
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	if c.Status == "" {
		c.Status = domain.ContactNew
	}
	t := now()
	c.CreatedAt = stampOr(c.CreatedAt, t)
	notify := opt.Notify
	var n domain.OutboxMessage
	if notify != nil {
		n = *notify
	}
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		if opt.IdempotencyKey != "" {
			if err := s.claimKey(ctx, tx, `INSERT INTO contact_submissions (key_hash, message_id, recorded_at)
				VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, keyHash(opt.IdempotencyKey), c.ID, s.t(t)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO contact_messages (`+contactColumns+`, search_key)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.Name, c.Email, c.Subject, c.Message, c.Spam, string(c.Status), s.t(c.CreatedAt), c.AssignedTo,
			domain.ContactSearchKey(c)); err != nil {
			return err
		}
		if notify == nil {
			return nil
		}
		return s.enqueueOutbox(ctx, tx, &n)
	})
	if errors.Is(err, errReplayed) {
		// The first call has committed (that is when the claim gave
		// way), so its message's ID is readable now.
		id, err := s.lookupContactSubmission(ctx, s.w, opt.IdempotencyKey)
		if err != nil {
			return false, err
		}
		m.ID = id
		return true, nil
	}
	if err != nil {
		return false, err
	}
	*m = c
	if notify != nil {
		*notify = n
	}
	return false, nil
}

// LookupContactSubmission returns the ID of the message stored with an
// idempotency key.
func (s *Store) LookupContactSubmission(ctx context.Context, key string) (_ string, err error) {
	defer s.wrap(&err, "LookupContactSubmission")
	return s.lookupContactSubmission(ctx, s.r, key)
}

func (s *Store) lookupContactSubmission(ctx context.Context, db *sql.DB, key string) (string, error) {
	if key == "" {
		return "", domain.NotFound("contact submission")
	}
	var id string
	err := db.QueryRowContext(ctx, s.q(`SELECT message_id FROM contact_submissions WHERE key_hash = ?`), keyHash(key)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.NotFound("contact submission")
	}
	return id, err
}

// contactWhere is the WHERE clause and arguments selecting f's messages.
func contactWhere(f domain.ContactFilter) (string, []any) {
	var conds []string
	var args []any
	switch f.Folder {
	case domain.FolderInbox:
		conds = append(conds, `spam = ?`, `status IN ('new', 'read')`)
		args = append(args, false)
	case domain.FolderArchived:
		conds = append(conds, `spam = ?`, `status = 'archived'`)
		args = append(args, false)
	case domain.FolderSpam:
		conds = append(conds, `spam = ?`)
		args = append(args, true)
	}
	if f.Status != "" {
		conds = append(conds, `status = ?`)
		args = append(args, string(f.Status))
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		conds = append(conds, `search_key LIKE ? ESCAPE '\'`)
		args = append(args, "%"+likeEscape(strings.ToLower(q))+"%")
	}
	switch {
	case f.Unassigned:
		conds = append(conds, `assigned_to = ''`)
	case f.AssignedTo != "":
		conds = append(conds, `assigned_to = ?`)
		args = append(args, f.AssignedTo)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return ` WHERE ` + strings.Join(conds, ` AND `), args
}

// ListContactMessages returns a page of the messages f selects, newest
// first; a limit of 0 means no limit.
func (s *Store) ListContactMessages(ctx context.Context, f domain.ContactFilter) (_ []domain.ContactMessage, err error) {
	defer s.wrap(&err, "ListContactMessages(%q)", f.Folder)
	where, args := contactWhere(f)
	l, o := pageArgs(f.Limit, f.Offset)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+contactColumns+` FROM contact_messages`+where+`
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, l, o)...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanContact)
}

// CountContactMessages counts the messages f selects.
func (s *Store) CountContactMessages(ctx context.Context, f domain.ContactFilter) (n int, err error) {
	defer s.wrap(&err, "CountContactMessages(%q)", f.Folder)
	where, args := contactWhere(f)
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM contact_messages`+where), args...).Scan(&n)
	return n, err
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

// SetContactStatus marks a message new, read or archived.
func (s *Store) SetContactStatus(ctx context.Context, id string, st domain.ContactStatus) (err error) {
	defer s.wrap(&err, "SetContactStatus(%q)", id)
	if !st.Valid() {
		return fmt.Errorf("unknown contact status %q", st)
	}
	return s.execOne(ctx, s.w, "contact message", `UPDATE contact_messages SET status = ? WHERE id = ?`, string(st), id)
}

// MarkContactNotSpam takes a message out of the Spam folder.
func (s *Store) MarkContactNotSpam(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "MarkContactNotSpam(%q)", id)
	return s.execOne(ctx, s.w, "contact message", `UPDATE contact_messages SET spam = ? WHERE id = ?`, false, id)
}

// DeleteContactMessage removes a message.
func (s *Store) DeleteContactMessage(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteContactMessage(%q)", id)
	return s.execOne(ctx, s.w, "contact message", `DELETE FROM contact_messages WHERE id = ?`, id)
}

// AssignContactMessage gives a message to a member of staff; see
// domain.ContactStore.
func (s *Store) AssignContactMessage(ctx context.Context, id, staffID string, audit *domain.AuditEntry) (prev string, err error) {
	defer s.wrap(&err, "AssignContactMessage(%q)", id)
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q(`SELECT assigned_to FROM contact_messages WHERE id = ?`+s.d.ForUpdate), id).Scan(&prev)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("contact message")
		}
		if err != nil || prev == staffID {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE contact_messages SET assigned_to = ? WHERE id = ?`), staffID, id); err != nil {
			return err
		}
		if audit == nil {
			return nil
		}
		return s.appendAudit(ctx, tx, audit, now())
	})
	if err != nil {
		return "", err
	}
	return prev, nil
}

const threadColumns = `id, message_id, kind, author_id, author_name, recipient, subject, body, outbox_id, created_at`

// AddContactThreadEntry stores a note or a reply on its message; see
// domain.ContactStore.
func (s *Store) AddContactThreadEntry(ctx context.Context, e *domain.ContactThreadEntry, mail *domain.OutboxMessage, audit *domain.AuditEntry) (err error) {
	defer s.wrap(&err, "AddContactThreadEntry(%q)", e.MessageID)
	if e.Kind != domain.ThreadNote && e.Kind != domain.ThreadReply {
		return fmt.Errorf("unknown thread entry kind %q", e.Kind)
	}
	c := *e
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	var m domain.OutboxMessage
	if mail != nil {
		m = *mail
	}
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		// Locking the message keeps a delete from slipping in between the
		// check and the insert, and concurrent entries from passing the
		// bound together.
		var id string
		err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM contact_messages WHERE id = ?`+s.d.ForUpdate), c.MessageID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("contact message")
		}
		if err != nil {
			return err
		}
		var count int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM contact_thread WHERE message_id = ?`), c.MessageID).Scan(&count); err != nil {
			return err
		}
		if count >= domain.MaxContactThread {
			return domain.Errorf(domain.EInvalid, "This message already holds %d notes and replies, the most it can hold.", count)
		}
		if mail != nil {
			m = *mail
			if err := s.enqueueOutbox(ctx, tx, &m); err != nil {
				return err
			}
			c.OutboxID, c.OutboxStatus = m.ID, m.Status
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO contact_thread (`+threadColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.MessageID, string(c.Kind), c.AuthorID, c.AuthorName, c.To, c.Subject, c.Body, c.OutboxID, s.t(c.CreatedAt)); err != nil {
			return err
		}
		if audit == nil {
			return nil
		}
		return s.appendAudit(ctx, tx, audit, c.CreatedAt)
	})
	if err != nil {
		return err
	}
	*e = c
	if mail != nil {
		*mail = m
	}
	return nil
}

// ListContactThread returns a message's notes and replies, oldest first;
// see domain.ContactStore.
func (s *Store) ListContactThread(ctx context.Context, messageID string) (_ []domain.ContactThreadEntry, err error) {
	defer s.wrap(&err, "ListContactThread(%q)", messageID)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT t.id, t.message_id, t.kind, t.author_id, t.author_name, t.recipient,
		t.subject, t.body, t.outbox_id, t.created_at, COALESCE(o.status, '')
		FROM contact_thread t LEFT JOIN outbox o ON o.id = t.outbox_id AND t.outbox_id <> ''
		WHERE t.message_id = ? ORDER BY t.created_at, t.id LIMIT ?`), messageID, domain.MaxContactThread)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.ContactThreadEntry, error) {
		var e domain.ContactThreadEntry
		err := sc.Scan(&e.ID, &e.MessageID, &e.Kind, &e.AuthorID, &e.AuthorName, &e.To, &e.Subject, &e.Body,
			&e.OutboxID, timeCol{&e.CreatedAt}, &e.OutboxStatus)
		return e, err
	})
}
