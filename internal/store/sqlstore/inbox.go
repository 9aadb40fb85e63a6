package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// The applications inbox of the staff console: filtered, searched and
// sorted lists of applications, their pipeline status and staff's notes.

// nameKey is how a full name is searched and sorted: lower-cased in Go,
// so that both engines compare it alike.
func nameKey(name string) string { return strings.ToLower(name) }

// appWhere returns the WHERE clause (with its leading space, or "") and
// its arguments for f.
func (s *Store) appWhere(f domain.ApplicationFilter) (string, []any) {
	var where []string
	var args []any
	if f.JobID != "" {
		where = append(where, "job_id = ?")
		args = append(args, f.JobID)
	}
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, string(f.Status))
	}
	if !f.From.IsZero() {
		where = append(where, "applied_at >= ?")
		args = append(args, s.t(f.From))
	}
	if !f.To.IsZero() {
		where = append(where, "applied_at < ?")
		args = append(args, s.t(f.To))
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		like := "%" + likeEscape(strings.ToLower(q)) + "%"
		where = append(where, `(name_key LIKE ? ESCAPE '\' OR email_key LIKE ? ESCAPE '\' OR LOWER(reference) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	if ref := strings.TrimSpace(f.Reference); ref != "" {
		// References are stored in capitals (newReference).
		where = append(where, "reference = ?")
		args = append(args, strings.ToUpper(ref))
	}
	if email := emailKey(f.Email); email != "" {
		where = append(where, "email_key = ?")
		args = append(args, email)
	}
	switch f.Source {
	case "":
	case domain.NoSource:
		where = append(where, "source = ''")
	default:
		where = append(where, "source = ?")
		args = append(args, f.Source)
	}
	switch f.Spam {
	case domain.SpamQueue:
		where = append(where, "spam = ? AND spam_review = ?")
		args = append(args, true, string(domain.SpamUnreviewed))
	case domain.SpamExclude:
		where = append(where, "spam = ?")
		args = append(args, false)
	case domain.SpamOnly:
		where = append(where, "spam = ?")
		args = append(args, true)
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// statusOrder ranks statuses in pipeline order, for sorting.
var statusOrder = func() string {
	var b strings.Builder
	b.WriteString("CASE status")
	for i, st := range domain.ApplicationStatuses {
		fmt.Fprintf(&b, " WHEN '%s' THEN %d", st, i)
	}
	b.WriteString(" END")
	return b.String()
}()

// appOrder returns the ORDER BY clause of f. Ties are newest first.
func appOrder(f domain.ApplicationFilter) string {
	const ties = "applied_at DESC, id DESC"
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	var by string
	switch f.Sort {
	case domain.SortApplied:
		by = "applied_at"
	case domain.SortName:
		by = "name_key"
	case domain.SortStatus:
		by = statusOrder
	case domain.SortJob:
		// A job that was deleted sorts as an empty title on both engines
		// (their NULLs sort at opposite ends).
		by = "COALESCE((SELECT LOWER(job_title) FROM jobs WHERE jobs.id = applications.job_id), '')"
	default:
		return " ORDER BY " + ties
	}
	return " ORDER BY " + by + dir + ", " + ties
}

// ListApplications returns the page of applications f selects, in its
// order; see domain.ApplicationFilter.
func (s *Store) ListApplications(ctx context.Context, f domain.ApplicationFilter) (_ []domain.Application, err error) {
	defer s.wrap(&err, "ListApplications(job %q)", f.JobID)
	if f.Sort != "" && !f.Sort.Valid() {
		return nil, domain.Errorf(domain.EInvalid, "Unknown order %q.", f.Sort)
	}
	cond, args := s.appWhere(f)
	limit, offset := pageArgs(f.Limit, f.Offset)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+appColumns+` FROM applications`+cond+appOrder(f)+
		` LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanApp)
}

// CountApplications returns how many applications f selects.
func (s *Store) CountApplications(ctx context.Context, f domain.ApplicationFilter) (n int, err error) {
	defer s.wrap(&err, "CountApplications(job %q)", f.JobID)
	cond, args := s.appWhere(f)
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM applications`+cond), args...).Scan(&n)
	return n, err
}

// CountApplicationsByJob counts the applications outside the spam folder
// by job and status (of jobID alone unless it is "").
func (s *Store) CountApplicationsByJob(ctx context.Context, jobID string) (_ []domain.StageCount, err error) {
	defer s.wrap(&err, "CountApplicationsByJob(%q)", jobID)
	cond, args := s.appWhere(domain.ApplicationFilter{JobID: jobID, Spam: domain.SpamExclude})
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT job_id, status, COUNT(*) FROM applications`+cond+
		` GROUP BY job_id, status ORDER BY job_id, status`), args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r scanner) (domain.StageCount, error) {
		var c domain.StageCount
		err := r.Scan(&c.JobID, &c.Status, &c.N)
		return c, err
	})
}

// CountApplicationsBySource counts the applications f selects by source,
// the most first (ties by source).
func (s *Store) CountApplicationsBySource(ctx context.Context, f domain.ApplicationFilter) (_ []domain.SourceCount, err error) {
	defer s.wrap(&err, "CountApplicationsBySource(job %q)", f.JobID)
	cond, args := s.appWhere(f)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT source, COUNT(*) AS n FROM applications`+cond+
		` GROUP BY source ORDER BY n DESC, source`), args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r scanner) (domain.SourceCount, error) {
		var c domain.SourceCount
		err := r.Scan(&c.Source, &c.N)
		return c, err
	})
}

// SetApplicationStatus moves an application to status and returns the
// status it had. The same status again changes nothing, not even the time.
func (s *Store) SetApplicationStatus(ctx context.Context, id string, status domain.ApplicationStatus, at time.Time) (prev domain.ApplicationStatus, err error) {
	defer s.wrap(&err, "SetApplicationStatus(%q)", id)
	if !status.Valid() {
		return "", domain.Errorf(domain.EInvalid, "Unknown status %q.", status)
	}
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q(`SELECT status FROM applications WHERE id = ?`+s.d.ForUpdate), id).Scan(&prev)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("application")
		}
		if err != nil || prev == status {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE applications SET status = ?, status_changed_at = ? WHERE id = ?`),
			string(status), s.t(at), id)
		return err
	})
	if err != nil {
		return "", err
	}
	return prev, nil
}

const noteColumns = `id, application_id, author_id, author_name, body, created_at`

func scanNote(sc scanner) (domain.ApplicationNote, error) {
	var n domain.ApplicationNote
	err := sc.Scan(&n.ID, &n.ApplicationID, &n.AuthorID, &n.AuthorName, &n.Body, timeCol{&n.CreatedAt})
	return n, err
}

// AddApplicationNote stores n on its application; see domain.ApplicationStore.
func (s *Store) AddApplicationNote(ctx context.Context, n *domain.ApplicationNote) (err error) {
	defer s.wrap(&err, "AddApplicationNote(%q)", n.ApplicationID)
	c := *n
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.CreatedAt = stampOr(c.CreatedAt, now())
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		// Locking the application keeps an erase from slipping in between
		// the check and the insert, and concurrent notes from passing the
		// bound together.
		var id string
		err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM applications WHERE id = ?`+s.d.ForUpdate), c.ApplicationID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("application")
		}
		if err != nil {
			return err
		}
		var count int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM application_notes WHERE application_id = ?`), c.ApplicationID).Scan(&count); err != nil {
			return err
		}
		if count >= domain.MaxNotesPerApplication {
			return domain.Errorf(domain.EInvalid, "This application already holds %d notes, the most it can hold.", count)
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO application_notes (`+noteColumns+`) VALUES (?, ?, ?, ?, ?, ?)`),
			c.ID, c.ApplicationID, c.AuthorID, c.AuthorName, c.Body, s.t(c.CreatedAt))
		return err
	})
	if err == nil {
		*n = c
	}
	return err
}

// ListApplicationNotes returns an application's notes, oldest first.
func (s *Store) ListApplicationNotes(ctx context.Context, applicationID string) (_ []domain.ApplicationNote, err error) {
	defer s.wrap(&err, "ListApplicationNotes(%q)", applicationID)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+noteColumns+` FROM application_notes
		WHERE application_id = ? ORDER BY created_at, id LIMIT ?`), applicationID, domain.MaxNotesPerApplication)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanNote)
}

// ReviewApplicationSpam records staff's verdict on an application; see
// domain.ApplicationStore.
func (s *Store) ReviewApplicationSpam(ctx context.Context, id string, d domain.SpamDecision) (before, after domain.Application, err error) {
	defer s.wrap(&err, "ReviewApplicationSpam(%q)", id)
	at := stampOr(d.At, now())
	var mails []domain.OutboxMessage
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		mails = nil
		a, err := scanApp(tx.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications WHERE id = ?`+s.d.ForUpdate), id))
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("application")
		}
		if err != nil {
			return err
		}
		before, after = a, a
		if a.Spam == d.Spam && (!d.Spam || a.SpamReview == domain.SpamConfirmed) {
			return nil
		}
		after.Spam, after.SpamReview = d.Spam, domain.SpamCleared
		if d.Spam {
			after.SpamReview = domain.SpamConfirmed
		} else if a.ConfirmationHeld && d.Release != nil {
			after.ConfirmationHeld = false
			for _, m := range d.Release(after) {
				if m == nil {
					return errors.New("nil outbox message")
				}
				mails = append(mails, *m)
			}
			if d.StatusTokenHash != "" {
				if _, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET status_token_hash = ? WHERE id = ?`),
					d.StatusTokenHash, id); err != nil {
					return err
				}
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET spam = ?, spam_review = ?, confirmation_held = ? WHERE id = ?`),
			after.Spam, string(after.SpamReview), after.ConfirmationHeld, id); err != nil {
			return err
		}
		for i := range mails {
			if err := s.enqueueOutbox(ctx, tx, &mails[i]); err != nil {
				return fmt.Errorf("enqueue confirmation: %w", err)
			}
		}
		if d.Audit == nil {
			return nil
		}
		e := d.Audit(before)
		return s.appendAudit(ctx, tx, &e, at)
	})
	if err != nil {
		return domain.Application{}, domain.Application{}, err
	}
	return before, after, nil
}
