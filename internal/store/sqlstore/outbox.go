package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

const outboxColumns = `id, recipient, subject, body, reply_to, status, attempts, next_attempt_at, last_error, created_at, sent_at, html_body, headers`

func scanOutbox(sc scanner) (domain.OutboxMessage, error) {
	var m domain.OutboxMessage
	var headers string
	err := sc.Scan(&m.ID, &m.To, &m.Subject, &m.Body, &m.ReplyTo, &m.Status, &m.Attempts,
		timeCol{&m.NextAttemptAt}, &m.LastError, timeCol{&m.CreatedAt}, nullTimeCol{&m.SentAt}, &m.HTMLBody, &headers)
	if err == nil && headers != "" {
		err = json.Unmarshal([]byte(headers), &m.Headers)
	}
	return m, err
}

// headersArg encodes a message's extra headers for their column; "" for none.
func headersArg(h []domain.MailHeader) (string, error) {
	if len(h) == 0 {
		return "", nil
	}
	b, err := json.Marshal(h)
	return string(b), err
}

// EnqueueOutbox queues m; see domain.OutboxStore.
func (s *Store) EnqueueOutbox(ctx context.Context, m *domain.OutboxMessage) (err error) {
	defer s.wrap(&err, "EnqueueOutbox")
	return s.enqueueOutbox(ctx, s.w, m)
}

// enqueueOutbox inserts m through ex, which may be a transaction that
// stores the record m is about.
func (s *Store) enqueueOutbox(ctx context.Context, ex execer, m *domain.OutboxMessage) error {
	c := *m
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	c.NextAttemptAt = stampOr(c.NextAttemptAt, c.CreatedAt)
	c.Status = domain.OutboxQueued
	c.Attempts = 0
	c.LastError = ""
	c.SentAt = nil
	headers, err := headersArg(c.Headers)
	if err != nil {
		return err
	}
	_, err = ex.ExecContext(ctx, s.q(`INSERT INTO outbox (`+outboxColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`),
		c.ID, c.To, c.Subject, c.Body, c.ReplyTo, string(c.Status), c.Attempts,
		s.t(c.NextAttemptAt), c.LastError, s.t(c.CreatedAt), c.HTMLBody, headers)
	if err == nil {
		*m = c
	}
	return err
}

// ClaimOutbox leases due messages to the caller in one statement: the
// rows are picked and marked together, so two claimers never share one.
// On PostgreSQL the pick skips rows another claimer has locked; SQLite
// has one writer.
func (s *Store) ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) (_ []domain.OutboxMessage, err error) {
	defer s.wrap(&err, "ClaimOutbox")
	if limit <= 0 || lease <= 0 {
		return nil, fmt.Errorf("limit %d and lease %v must be positive", limit, lease)
	}
	rows, err := s.w.QueryContext(ctx, s.q(`UPDATE outbox
		SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
		WHERE id IN (
			SELECT id FROM outbox
			WHERE status IN ('queued', 'sending') AND next_attempt_at <= ?
			ORDER BY next_attempt_at, id
			LIMIT ?`+s.d.SkipLocked+`)
		RETURNING `+outboxColumns),
		s.t(now.Add(lease)), s.t(now), limit)
	if err != nil {
		return nil, err
	}
	claimed, err := collect(rows, scanOutbox)
	if err != nil {
		return nil, err
	}
	// RETURNING promises no order; send the oldest first.
	slices.SortFunc(claimed, func(a, b domain.OutboxMessage) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return claimed, nil
}

// MarkOutboxSent records a delivery; see domain.OutboxStore.
func (s *Store) MarkOutboxSent(ctx context.Context, id string, attempt int, at time.Time) (err error) {
	defer s.wrap(&err, "MarkOutboxSent(%q)", id)
	return s.finishClaim(ctx, id, attempt, `status = 'sent', sent_at = ?, last_error = ''`, s.t(at))
}

// RetryOutbox queues a message again after a failed delivery.
func (s *Store) RetryOutbox(ctx context.Context, id string, attempt int, next time.Time, lastErr string) (err error) {
	defer s.wrap(&err, "RetryOutbox(%q)", id)
	return s.finishClaim(ctx, id, attempt, `status = 'queued', next_attempt_at = ?, last_error = ?`, s.t(next), lastErr)
}

// FailOutbox gives a message up after a failed delivery.
func (s *Store) FailOutbox(ctx context.Context, id string, attempt int, lastErr string) (err error) {
	defer s.wrap(&err, "FailOutbox(%q)", id)
	return s.finishClaim(ctx, id, attempt, `status = 'failed', last_error = ?`, lastErr)
}

// finishClaim applies set to message id if the claim made at attempt is
// still its current one. The attempt count fences a sender whose lease ran
// out: the message's count has moved on when someone else claimed it.
func (s *Store) finishClaim(ctx context.Context, id string, attempt int, set string, args ...any) error {
	res, err := s.w.ExecContext(ctx, s.q(`UPDATE outbox SET `+set+`
		WHERE id = ? AND status = 'sending' AND attempts = ?`), append(args, id, attempt)...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		var exists int
		err := s.w.QueryRowContext(ctx, s.q(`SELECT 1 FROM outbox WHERE id = ?`), id).Scan(&exists)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("outbox message")
		}
		if err != nil {
			return err
		}
		return domain.Errorf(domain.EConflict, "The outbox message was claimed again by another sender.")
	}
	return nil
}

// ListOutbox lists messages with a status ("" = any), newest first.
func (s *Store) ListOutbox(ctx context.Context, status domain.OutboxStatus, limit int) ([]domain.OutboxMessage, error) {
	return s.ListOutboxPage(ctx, status, limit, 0)
}

// ListOutboxAbout lists the messages to an address that mention a text
// (an application's reference), newest first; see domain.OutboxStore.
func (s *Store) ListOutboxAbout(ctx context.Context, to, about string, limit int) (_ []domain.OutboxMessage, err error) {
	defer s.wrap(&err, "ListOutboxAbout")
	if strings.TrimSpace(to) == "" || strings.TrimSpace(about) == "" {
		return nil, nil
	}
	l, _ := pageArgs(limit, 0)
	pat := "%" + likeEscape(about) + "%"
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+outboxColumns+` FROM outbox
		WHERE LOWER(recipient) = ? AND (subject LIKE ? ESCAPE '\' OR body LIKE ? ESCAPE '\')
		ORDER BY created_at DESC, id DESC LIMIT ?`), strings.ToLower(strings.TrimSpace(to)), pat, pat, l)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanOutbox)
}

// ListOutboxPage lists messages with a status ("" = any), newest first,
// from offset on; a limit of 0 means no limit.
func (s *Store) ListOutboxPage(ctx context.Context, status domain.OutboxStatus, limit, offset int) (_ []domain.OutboxMessage, err error) {
	defer s.wrap(&err, "ListOutbox(%q)", status)
	l, o := pageArgs(limit, offset)
	query, args := `SELECT `+outboxColumns+` FROM outbox`, []any{}
	if status != "" {
		query += ` WHERE status = ?`
		args = append(args, string(status))
	}
	query += ` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`
	rows, err := s.r.QueryContext(ctx, s.q(query), append(args, l, o)...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanOutbox)
}

// CountOutbox counts the messages of each status.
func (s *Store) CountOutbox(ctx context.Context) (_ map[domain.OutboxStatus]int, err error) {
	defer s.wrap(&err, "CountOutbox")
	rows, err := s.r.QueryContext(ctx, `SELECT status, COUNT(*) FROM outbox GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	counts := map[domain.OutboxStatus]int{}
	for rows.Next() {
		var st domain.OutboxStatus
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		counts[st] = n
	}
	return counts, rows.Err()
}

// RetryOutboxNow makes a queued or failed message due at now; see
// domain.OutboxStore. A message being sent is left to its sender (whose
// claim the attempt count fences), and a sent one is not sent twice.
func (s *Store) RetryOutboxNow(ctx context.Context, id string, now time.Time) (_ domain.OutboxMessage, err error) {
	defer s.wrap(&err, "RetryOutboxNow(%q)", id)
	m, err := scanOutbox(s.w.QueryRowContext(ctx, s.q(`UPDATE outbox SET status = 'queued', next_attempt_at = ?
		WHERE id = ? AND status IN ('queued', 'failed')
		RETURNING `+outboxColumns), s.t(now), id))
	if err == nil {
		return m, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return domain.OutboxMessage{}, err
	}
	var st string
	err = s.w.QueryRowContext(ctx, s.q(`SELECT status FROM outbox WHERE id = ?`), id).Scan(&st)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return domain.OutboxMessage{}, domain.NotFound("outbox message")
	case err != nil:
		return domain.OutboxMessage{}, err
	case st == string(domain.OutboxSent):
		return domain.OutboxMessage{}, domain.Errorf(domain.EConflict, "This e-mail was sent already.")
	default:
		return domain.OutboxMessage{}, domain.Errorf(domain.EConflict, "This e-mail is being sent right now. Try again in a minute if it fails.")
	}
}

// GetOutbox returns the message id with its body; see domain.OutboxStore.
func (s *Store) GetOutbox(ctx context.Context, id string) (_ domain.OutboxMessage, err error) {
	defer s.wrap(&err, "GetOutbox(%q)", id)
	m, err := scanOutbox(s.r.QueryRowContext(ctx, s.q(`SELECT `+outboxColumns+` FROM outbox WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.OutboxMessage{}, domain.NotFound("outbox message")
	}
	return m, err
}
