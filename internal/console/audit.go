package console

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"corpsite/internal/auditlog"
	"corpsite/internal/csvexport"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// The audit log in words (package auditlog names each entry's actor and
// subject) and its CSV export for admins, which is audited itself.

// auditExportMaxRows bounds one export of the audit log.
const auditExportMaxRows = 50_000

// auditRows puts entries in words, each subject looked up once.
func (s *Server) auditRows(ctx context.Context, entries []domain.AuditEntry) ([]wire.AuditEntry, error) {
	rows, err := auditlog.Resolve(ctx, s.store, entries)
	if err != nil {
		return nil, err
	}
	out := make([]wire.AuditEntry, 0, len(rows))
	for _, row := range rows {
		e := row.Entry
		parts := make([]wire.AuditPart, len(row.Sentence))
		for i, p := range row.Sentence {
			parts[i] = wire.AuditPart{Text: p.Text, Link: p.Link}
		}
		out = append(out, wire.AuditEntry{
			ID: e.ID, At: e.At.UTC().Format(time.RFC3339), Actor: row.Actor, ActorEmail: e.ActorEmail,
			Sentence: parts, Action: string(e.Action), Subject: e.Subject, Detail: e.Detail, ClientIP: e.ClientIP,
		})
	}
	return out, nil
}

// auditExportColumns are the columns of the audit log's export, times in
// loc (named in the header) as at.
func auditExportColumns(loc *time.Location, at time.Time) []string {
	return []string{csvexport.ZoneHeader("When", loc, at), "Who", "What happened", "Action", "Subject", "Detail", "Actor e-mail", "From (IP)"}
}

// auditFilterDetail describes the filters of an export for its own audit
// entry.
func auditFilterDetail(n int, f domain.AuditFilter, loc *time.Location) string {
	parts := []string{auditlog.Plural(n, "entry", "entries")}
	if f.Action != "" {
		parts = append(parts, "action "+string(f.Action))
	}
	if f.Actor != "" {
		parts = append(parts, "actor "+f.Actor)
	}
	if f.About != "" {
		parts = append(parts, "subject “"+f.About+"”")
	}
	if !f.Since.IsZero() {
		parts = append(parts, "from "+f.Since.In(loc).Format(inboxDate))
	}
	if !f.Until.IsZero() {
		parts = append(parts, "to "+f.Until.In(loc).AddDate(0, 0, -1).Format(inboxDate))
	}
	return strings.Join(parts, "; ")
}

// GET /api/admin/audit/export.csv?action=&actor=&subject=&from=&to= (admins):
// the entries the filters select (as the log, without paging), newest
// first, as a CSV attachment. The export is recorded in the audit log
// first (and so is in its own file); more than auditExportMaxRows is
// refused.
func (s *Server) adminExportAudit(w http.ResponseWriter, r *http.Request, st *Staff) (written, error) {
	q := r.URL.Query()
	if q.Has("page") {
		return written{}, badQuery("page", "An export holds every page: leave the page out.")
	}
	f, _, err := s.parseAuditQuery(q)
	if err != nil {
		return written{}, err
	}
	ctx := r.Context()
	f.Limit, f.Offset = 1, 0
	_, total, err := s.store.ListAudit(ctx, f)
	if err != nil {
		return written{}, err
	}
	if total > auditExportMaxRows {
		return written{}, httpcore.WithStatus(domain.Errorf(domain.EInvalid,
			"The filters select %d entries; an export holds at most %d. Narrow the filters (action or dates) and export again.",
			total, auditExportMaxRows), http.StatusBadRequest)
	}
	// The detail counts the entries selected before this export's own,
	// which the file holds too when the filters select it.
	if err := s.audit(r, st, domain.AuditLogExport, "audit log", auditFilterDetail(total, f, s.zone)); err != nil {
		return written{}, err
	}
	sendAttachment(w, "text/csv; charset=utf-8", "audit-log-"+s.now().In(s.zone).Format(inboxDate)+".csv", 0)
	if err := s.writeAuditExport(ctx, w, f); err != nil {
		httpcore.Logger(r).Error("audit export cut short", "err", err)
	}
	return written{}, nil
}

// writeAuditExport streams the entries f selects, page by page, newest
// first. A client that went away ends it quietly; a store that fails is
// the error.
func (s *Server) writeAuditExport(ctx context.Context, w io.Writer, f domain.AuditFilter) error {
	// A byte-order mark tells spreadsheets the file is UTF-8.
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return nil
	}
	cw := csv.NewWriter(w)
	defer cw.Flush()
	if err := cw.Write(auditExportColumns(s.zone, s.now())); err != nil {
		return nil
	}
	resolver := auditlog.NewResolver(s.store)
	const page = 500
	for sent := 0; sent < auditExportMaxRows; {
		f.Limit, f.Offset = page, sent
		entries, _, err := s.store.ListAudit(ctx, f)
		if err != nil {
			return fmt.Errorf("after %d rows: %w", sent, err)
		}
		for _, e := range entries {
			row, err := resolver.Row(ctx, e)
			if err != nil {
				return fmt.Errorf("after %d rows: %w", sent, err)
			}
			cells := []string{csvexport.Time(e.At, s.zone), row.Actor, auditlog.Text(row.Sentence), string(e.Action),
				row.Subject.Name, e.Detail, e.ActorEmail, e.ClientIP}
			if err := cw.Write(csvexport.Cells(cells)); err != nil {
				return nil
			}
		}
		cw.Flush()
		if cw.Error() != nil || len(entries) < page {
			return nil
		}
		sent += len(entries)
	}
	return nil
}

// GET /api/admin/mail/{id} (admins): one e-mail of the outbox with its
// bodies, recorded in the audit log before it is shown.
func (s *Server) adminOpenMail(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.OutboxMessage, error) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		return wire.OutboxMessage{}, httpcore.WithStatus(domain.NotFound("outbox message"), http.StatusNotFound)
	}
	m, err := s.store.GetOutbox(r.Context(), id)
	if err != nil {
		return wire.OutboxMessage{}, notFoundAs(err, "This e-mail is no longer in the outbox.")
	}
	if err := s.auditAbout(r, st, domain.AuditMailOpened, m.ID, m.Subject, ""); err != nil {
		return wire.OutboxMessage{}, err
	}
	return wire.OutboxMessage{Row: outboxRow(m), ReplyTo: m.ReplyTo, Text: m.Body, HTML: m.HTMLBody}, nil
}
