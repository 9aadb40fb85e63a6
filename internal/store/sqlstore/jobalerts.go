package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"corpsite/internal/domain"
)

const alertColumns = `id, email, filter, frequency, created_at, confirmed_at, expires_at,
	reminded_at, window_end, next_digest_at`

func scanAlert(sc scanner) (domain.JobAlert, error) {
	var a domain.JobAlert
	err := sc.Scan(&a.ID, &a.Email, &a.Filter, &a.Frequency, timeCol{&a.CreatedAt}, nullTimeCol{&a.ConfirmedAt},
		timeCol{&a.ExpiresAt}, nullTimeCol{&a.RemindedAt}, timeCol{&a.WindowEnd}, timeCol{&a.NextDigestAt})
	return a, err
}

// CreateJobAlert stores an unconfirmed alert; see domain.JobAlertStore.
func (s *Store) CreateJobAlert(ctx context.Context, a *domain.JobAlert, tokenHash string, confirm *domain.OutboxMessage, limit int) (created bool, err error) {
	defer s.wrap(&err, "CreateJobAlert")
	c := *a
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	c.ExpiresAt, c.WindowEnd, c.NextDigestAt = stamp(c.ExpiresAt), stamp(c.WindowEnd), stamp(c.NextDigestAt)
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM job_alerts WHERE email_key = ?`),
			strings.ToLower(c.Email)).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO job_alerts (`+alertColumns+`, email_key)
			VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?, ?)`),
			c.ID, c.Email, c.Filter, string(c.Frequency), s.t(c.CreatedAt), s.t(c.ExpiresAt),
			s.t(c.WindowEnd), s.t(c.NextDigestAt), strings.ToLower(c.Email)); err != nil {
			return err
		}
		if err := s.addAlertToken(ctx, tx, c.ID, tokenHash, c.CreatedAt); err != nil {
			return err
		}
		created = true
		if confirm != nil {
			return s.enqueueOutbox(ctx, tx, confirm)
		}
		return nil
	})
	if err == nil && created {
		*a = c
	}
	return created, err
}

func (s *Store) addAlertToken(ctx context.Context, ex execer, id, tokenHash string, at time.Time) error {
	_, err := ex.ExecContext(ctx, s.q(`INSERT INTO job_alert_tokens (token_hash, alert_id, created_at) VALUES (?, ?, ?)`),
		tokenHash, id, s.t(at))
	return err
}

// JobAlertFor is an address's alert with a filter.
func (s *Store) JobAlertFor(ctx context.Context, email, filter string) (_ domain.JobAlert, err error) {
	defer s.wrap(&err, "JobAlertFor")
	a, err := scanAlert(s.r.QueryRowContext(ctx, s.q(`SELECT `+alertColumns+` FROM job_alerts
		WHERE email_key = ? AND filter = ?`), strings.ToLower(email), filter))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.JobAlert{}, domain.NotFound("job alert")
	}
	return a, err
}

// AddJobAlertToken stores a token of alert id and queues m with it.
func (s *Store) AddJobAlertToken(ctx context.Context, id, tokenHash string, m *domain.OutboxMessage, at time.Time) (err error) {
	defer s.wrap(&err, "AddJobAlertToken")
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		if err := s.addAlertToken(ctx, tx, id, tokenHash, at); err != nil {
			return err
		}
		if m != nil {
			return s.enqueueOutbox(ctx, tx, m)
		}
		return nil
	})
}

// JobAlertByToken is the alert of a token's hash.
func (s *Store) JobAlertByToken(ctx context.Context, tokenHash string) (_ domain.JobAlert, err error) {
	defer s.wrap(&err, "JobAlertByToken")
	a, err := scanAlert(s.r.QueryRowContext(ctx, s.q(`SELECT `+prefixed("a.", alertColumns)+` FROM job_alert_tokens t
		JOIN job_alerts a ON a.id = t.alert_id WHERE t.token_hash = ?`), tokenHash))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.JobAlert{}, domain.NotFound("job alert")
	}
	return a, err
}

// ConfirmJobAlert confirms alert id once.
func (s *Store) ConfirmJobAlert(ctx context.Context, id string, at, expires, next time.Time) (err error) {
	defer s.wrap(&err, "ConfirmJobAlert")
	_, err = s.w.ExecContext(ctx, s.q(`UPDATE job_alerts SET confirmed_at = ?, expires_at = ?, window_end = ?,
		next_digest_at = ? WHERE id = ? AND confirmed_at IS NULL`), s.t(at), s.t(expires), s.t(at), s.t(next), id)
	return err
}

// UpdateJobAlert stores a's frequency, end, reminder and next digest.
func (s *Store) UpdateJobAlert(ctx context.Context, a domain.JobAlert) (err error) {
	defer s.wrap(&err, "UpdateJobAlert")
	return s.execOne(ctx, s.w, "job alert", `UPDATE job_alerts SET frequency = ?, expires_at = ?, reminded_at = ?,
		next_digest_at = ? WHERE id = ?`, string(a.Frequency), s.t(a.ExpiresAt), s.tp(a.RemindedAt), s.t(a.NextDigestAt), a.ID)
}

// DeleteJobAlert ends alert id; its tokens go with it.
func (s *Store) DeleteJobAlert(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteJobAlert")
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM job_alert_tokens WHERE alert_id = ?`), id); err != nil {
			return err
		}
		return s.execOne(ctx, tx, "job alert", `DELETE FROM job_alerts WHERE id = ?`, id)
	})
}

// DueJobAlerts lists confirmed alerts due at now.
func (s *Store) DueJobAlerts(ctx context.Context, at time.Time, afterID string, limit int) (_ []domain.JobAlert, err error) {
	defer s.wrap(&err, "DueJobAlerts")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+alertColumns+` FROM job_alerts
		WHERE confirmed_at IS NOT NULL AND next_digest_at <= ? AND expires_at > ? AND id > ?
		ORDER BY id LIMIT ?`), s.t(at), s.t(at), afterID, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanAlert)
}

// RecordJobAlertDigests applies the steps in one transaction. A step whose
// alert's window is no longer the one it read (another run took it, or
// the alert ended) is skipped with its mail: a window is mailed once.
func (s *Store) RecordJobAlertDigests(ctx context.Context, steps []domain.AlertDigest) (sent int, err error) {
	defer s.wrap(&err, "RecordJobAlertDigests")
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		sent = 0
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, s.q(`UPDATE job_alerts SET window_end = ?, next_digest_at = ?
				WHERE id = ? AND window_end = ? AND confirmed_at IS NOT NULL`),
				s.t(st.WindowEnd), s.t(st.NextDigestAt), st.AlertID, s.t(st.WindowFrom))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				if err != nil {
					return err
				}
				continue
			}
			if st.Mail == nil {
				continue
			}
			if err := s.addAlertToken(ctx, tx, st.AlertID, st.TokenHash, st.WindowEnd); err != nil {
				return err
			}
			if err := s.enqueueOutbox(ctx, tx, st.Mail); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}

// JobsPublishedSince lists open jobs published after since, newest first.
func (s *Store) JobsPublishedSince(ctx context.Context, since time.Time) (_ []domain.PublishedJob, err error) {
	defer s.wrap(&err, "JobsPublishedSince")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+jobColumns+`, published_at FROM jobs
		WHERE status = 'open' AND published_at > ? ORDER BY published_at DESC, id DESC`), s.t(since))
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.PublishedJob, error) {
		var p domain.PublishedJob
		err := sc.Scan(append(jobDest(&p.Job), timeCol{&p.PublishedAt})...)
		return p, err
	})
}

// EndingJobAlerts lists confirmed, unreminded alerts ending before before.
func (s *Store) EndingJobAlerts(ctx context.Context, before time.Time, limit int) (_ []domain.JobAlert, err error) {
	defer s.wrap(&err, "EndingJobAlerts")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+alertColumns+` FROM job_alerts
		WHERE confirmed_at IS NOT NULL AND reminded_at IS NULL AND expires_at < ?
		ORDER BY expires_at, id LIMIT ?`), s.t(before), limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanAlert)
}

// RemindJobAlert marks alert id reminded and queues m, once.
func (s *Store) RemindJobAlert(ctx context.Context, id string, at time.Time, tokenHash string, m *domain.OutboxMessage) (done bool, err error) {
	defer s.wrap(&err, "RemindJobAlert")
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE job_alerts SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL`), s.t(at), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		if err := s.addAlertToken(ctx, tx, id, tokenHash, at); err != nil {
			return err
		}
		done = true
		return s.enqueueOutbox(ctx, tx, m)
	})
	return done, err
}

// PruneJobAlerts deletes stale unconfirmed alerts and ended ones.
func (s *Store) PruneJobAlerts(ctx context.Context, unconfirmedBefore, at time.Time) (n int, err error) {
	defer s.wrap(&err, "PruneJobAlerts")
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		const which = `(confirmed_at IS NULL AND created_at < ?) OR expires_at <= ?`
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM job_alert_tokens WHERE alert_id IN
			(SELECT id FROM job_alerts WHERE `+which+`)`), s.t(unconfirmedBefore), s.t(at)); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM job_alerts WHERE `+which), s.t(unconfirmedBefore), s.t(at))
		if err != nil {
			return err
		}
		m, err := res.RowsAffected()
		n = int(m)
		return err
	})
	return n, err
}

// CountJobAlerts counts confirmed alerts by filter.
func (s *Store) CountJobAlerts(ctx context.Context) (_ []domain.AlertFilterCount, err error) {
	defer s.wrap(&err, "CountJobAlerts")
	rows, err := s.r.QueryContext(ctx, `SELECT filter,
		SUM(CASE WHEN frequency = 'daily' THEN 1 ELSE 0 END), SUM(CASE WHEN frequency = 'weekly' THEN 1 ELSE 0 END)
		FROM job_alerts WHERE confirmed_at IS NOT NULL GROUP BY filter ORDER BY COUNT(*) DESC, filter`)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.AlertFilterCount, error) {
		var c domain.AlertFilterCount
		err := sc.Scan(&c.Filter, &c.Daily, &c.Weekly)
		return c, err
	})
}

// ListConfirmedJobAlerts lists every confirmed alert, oldest first.
func (s *Store) ListConfirmedJobAlerts(ctx context.Context) (_ []domain.JobAlert, err error) {
	defer s.wrap(&err, "ListConfirmedJobAlerts")
	rows, err := s.r.QueryContext(ctx, `SELECT `+alertColumns+` FROM job_alerts
		WHERE confirmed_at IS NOT NULL ORDER BY confirmed_at, id`)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanAlert)
}
