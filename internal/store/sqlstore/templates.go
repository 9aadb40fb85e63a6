package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"corpsite/internal/domain"
)

// ListCandidateTemplates returns the saved candidate e-mail templates.
func (s *Store) ListCandidateTemplates(ctx context.Context) (_ []domain.CandidateTemplate, err error) {
	defer s.wrap(&err, "ListCandidateTemplates")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT stage, subject, body, updated_at, updated_by
		FROM candidate_templates ORDER BY stage LIMIT ?`), len(domain.MailStages))
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.CandidateTemplate, error) {
		var t domain.CandidateTemplate
		err := sc.Scan(&t.Stage, &t.Subject, &t.Body, timeCol{&t.UpdatedAt}, &t.UpdatedBy)
		return t, err
	})
}

// SaveCandidateTemplate stores t and appends audit, in one transaction.
func (s *Store) SaveCandidateTemplate(ctx context.Context, t *domain.CandidateTemplate, audit domain.AuditEntry) (err error) {
	defer s.wrap(&err, "SaveCandidateTemplate(%q)", t.Stage)
	if !t.Stage.Valid() {
		return domain.Errorf(domain.EInvalid, "Unknown candidate e-mail %q.", t.Stage)
	}
	c := *t
	c.UpdatedAt = stampOr(c.UpdatedAt, now())
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO candidate_templates (stage, subject, body, updated_at, updated_by)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (stage) DO UPDATE SET subject = excluded.subject, body = excluded.body,
				updated_at = excluded.updated_at, updated_by = excluded.updated_by`),
			string(c.Stage), c.Subject, c.Body, s.t(c.UpdatedAt), c.UpdatedBy); err != nil {
			return err
		}
		e := audit
		return s.appendAudit(ctx, tx, &e, c.UpdatedAt)
	})
	if err == nil {
		*t = c
	}
	return err
}

// ChangeApplicationStatus moves an application in the pipeline, with its
// mail and audit entry; see domain.ApplicationStore.
func (s *Store) ChangeApplicationStatus(ctx context.Context, id string, c domain.StatusChange) (before domain.Application, mailed bool, err error) {
	defer s.wrap(&err, "ChangeApplicationStatus(%q)", id)
	if !c.Status.Valid() {
		return domain.Application{}, false, domain.Errorf(domain.EInvalid, "Unknown status %q.", c.Status)
	}
	at := stampOr(c.At, now())
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		mailed = false
		a, err := scanApp(tx.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications WHERE id = ?`+s.d.ForUpdate), id))
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("application")
		}
		if err != nil {
			return err
		}
		before = a
		if c.Allow != nil {
			if err := c.Allow(a); err != nil {
				return err
			}
		}
		if a.Status == c.Status {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET status = ?, status_changed_at = ? WHERE id = ?`),
			string(c.Status), s.t(at), id); err != nil {
			return err
		}
		if c.Notify != nil {
			m, hash, err := c.Notify(a)
			if err != nil {
				return err
			}
			if m != nil {
				q := *m
				if err := s.enqueueOutbox(ctx, tx, &q); err != nil {
					return fmt.Errorf("enqueue candidate mail: %w", err)
				}
				mailed = true
			}
			if hash != "" {
				if _, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET status_token_hash = ? WHERE id = ?`), hash, id); err != nil {
					return err
				}
			}
		}
		if c.Audit == nil {
			return nil
		}
		e := c.Audit(a, mailed)
		return s.appendAudit(ctx, tx, &e, at)
	})
	if err != nil {
		return domain.Application{}, false, err
	}
	return before, mailed, nil
}
