package sqlstore

import (
	"context"
	"strings"
	"time"

	"corpsite/internal/domain"
)

const auditColumns = `id, at, actor_id, actor_email, action, subject, subject_label, detail, client_ip`

func scanAudit(sc scanner) (domain.AuditEntry, error) {
	var e domain.AuditEntry
	err := sc.Scan(&e.ID, timeCol{&e.At}, &e.ActorID, &e.ActorEmail, &e.Action, &e.Subject, &e.SubjectLabel, &e.Detail, &e.ClientIP)
	return e, err
}

// AppendAudit stores e; see domain.AuditStore.
func (s *Store) AppendAudit(ctx context.Context, e *domain.AuditEntry) (err error) {
	defer s.wrap(&err, "AppendAudit")
	return s.appendAudit(ctx, s.w, e, now())
}

// appendAudit inserts e through ex (the database or a transaction); a
// zero e.At is def.
func (s *Store) appendAudit(ctx context.Context, ex execer, e *domain.AuditEntry, def time.Time) error {
	c := *e
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	c.At = stampOr(c.At, def)
	_, err := ex.ExecContext(ctx, s.q(`INSERT INTO audit_log (`+auditColumns+`, actor_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		c.ID, s.t(c.At), c.ActorID, c.ActorEmail, string(c.Action), c.Subject, c.SubjectLabel, c.Detail, c.ClientIP, emailKey(c.ActorEmail))
	if err == nil {
		*e = c
	}
	return err
}

// ListAudit returns the entries matching f, newest first, and their count.
func (s *Store) ListAudit(ctx context.Context, f domain.AuditFilter) (_ []domain.AuditEntry, total int, err error) {
	defer s.wrap(&err, "ListAudit")
	var where []string
	var args []any
	if f.Action != "" {
		where = append(where, "action = ?")
		args = append(args, string(f.Action))
	}
	if a := emailKey(f.Actor); a != "" {
		where = append(where, "actor_key LIKE ? ESCAPE '\\'")
		args = append(args, "%"+likeEscape(a)+"%")
	}
	if f.ActorID != "" {
		where = append(where, "actor_id = ?")
		args = append(args, f.ActorID)
	}
	if sub := strings.ToLower(strings.TrimSpace(f.Subject)); sub != "" {
		where = append(where, "LOWER(subject) LIKE ? ESCAPE '\\'")
		args = append(args, "%"+likeEscape(sub)+"%")
	}
	if about := strings.ToLower(strings.TrimSpace(f.About)); about != "" {
		where = append(where, "(LOWER(subject) LIKE ? ESCAPE '\\' OR LOWER(subject_label) LIKE ? ESCAPE '\\')")
		pat := "%" + likeEscape(about) + "%"
		args = append(args, pat, pat)
	}
	if !f.Since.IsZero() {
		where = append(where, "at >= ?")
		args = append(args, s.t(f.Since))
	}
	if !f.Until.IsZero() {
		where = append(where, "at < ?")
		args = append(args, s.t(f.Until))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	if err := s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM audit_log`+cond), args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	limit, offset := pageArgs(f.Limit, f.Offset)
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+auditColumns+` FROM audit_log`+cond+
		` ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	list, err := collect(rows, scanAudit)
	return list, total, err
}

// PruneAudit removes entries older than t, of the given actions only
// when some are given.
func (s *Store) PruneAudit(ctx context.Context, t time.Time, actions ...domain.AuditAction) (err error) {
	defer s.wrap(&err, "PruneAudit")
	query, args := `DELETE FROM audit_log WHERE at < ?`, []any{s.t(t)}
	if len(actions) > 0 {
		query += ` AND action IN (` + placeholders(len(actions)) + `)`
		for _, a := range actions {
			args = append(args, string(a))
		}
	}
	_, err = s.w.ExecContext(ctx, s.q(query), args...)
	return err
}

// likeEscape escapes the wildcards of a LIKE pattern (with ESCAPE '\').
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
