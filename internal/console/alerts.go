package console

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"time"

	"corpsite/internal/csvexport"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Job alerts in the console: recruiters see how many confirmed alerts
// each search has, never an address; an admin may export the addresses,
// which the audit log records first.

// alertAdminRoutes are the staff API routes of job alerts.
func (s *Server) alertAdminRoutes() []adminRoute {
	return []adminRoute{
		get("/job-alerts", recruiters, s.adminJobAlerts),
		get("/job-alerts/export.csv", adminsOnly, s.adminExportJobAlerts),
	}
}

// alertExportMaxRows bounds one export of job alert addresses.
const alertExportMaxRows = 100_000

// GET /api/admin/job-alerts: confirmed alerts counted by search and
// frequency, without addresses.
func (s *Server) adminJobAlerts(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.JobAlertCounts, error) {
	return s.alerts.Counts(r.Context())
}

// alertExportColumns are the columns of the job alerts' export, the
// confirmation's time in loc (named in its header) as at; Ends is a day
// in loc.
func alertExportColumns(loc *time.Location, at time.Time) []string {
	return []string{"E-mail", "Search", "How often", csvexport.ZoneHeader("Confirmed", loc, at), "Ends"}
}

// GET /api/admin/job-alerts/export.csv (admins): every confirmed alert's
// address, search and frequency, oldest first, as a CSV attachment. It is
// recorded in the audit log first; more than alertExportMaxRows is
// refused.
func (s *Server) adminExportJobAlerts(w http.ResponseWriter, r *http.Request, st *Staff) (written, error) {
	ctx := r.Context()
	counts, err := s.alerts.Counts(ctx)
	if err != nil {
		return written{}, err
	}
	if counts.Total > alertExportMaxRows {
		return written{}, httpcore.WithStatus(domain.Errorf(domain.EInvalid,
			"There are %d confirmed job alerts; an export holds at most %d.", counts.Total, alertExportMaxRows), http.StatusBadRequest)
	}
	alerts, err := s.store.ListConfirmedJobAlerts(ctx)
	if err != nil {
		return written{}, err
	}
	if len(alerts) > alertExportMaxRows {
		alerts = alerts[:alertExportMaxRows]
	}
	if err := s.audit(r, st, domain.AuditAlertsExport, "job alerts", fmt.Sprintf("%d addresses", len(alerts))); err != nil {
		return written{}, err
	}
	sendAttachment(w, "text/csv; charset=utf-8", "job-alerts-"+s.now().In(s.zone).Format(inboxDate)+".csv", 0)
	// A byte-order mark tells spreadsheets the file is UTF-8.
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return written{}, nil
	}
	cw := csv.NewWriter(w)
	defer cw.Flush()
	if err := cw.Write(alertExportColumns(s.zone, s.now())); err != nil {
		return written{}, nil
	}
	for _, a := range alerts {
		confirmed := ""
		if a.ConfirmedAt != nil {
			confirmed = csvexport.Time(*a.ConfirmedAt, s.zone)
		}
		cells := []string{a.Email, s.alerts.Describe(a.Filter), string(a.Frequency), confirmed, a.ExpiresAt.In(s.zone).Format(inboxDate)}
		if err := cw.Write(csvexport.Cells(cells)); err != nil {
			return written{}, nil
		}
	}
	return written{}, nil
}
