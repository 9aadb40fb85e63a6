package console

import (
	"net/http"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// dashboardRoutes are the staff API routes of the dashboard's counts of what needs attention.
func (s *Server) dashboardRoutes() []adminRoute {
	return []adminRoute{
		get("/dashboard", anyStaff, s.adminDashboard),
	}
}

// GET /api/admin/dashboard: what needs attention, counted only for the
// parts of the console the member's role may open (0 for the others, so
// no role learns about another's records).
func (s *Server) adminDashboard(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.DashboardCounts, error) {
	var c wire.DashboardCounts
	ctx := r.Context()
	if st.Role.Allowed(recruiters...) {
		n, err := s.store.CountApplications(ctx, domain.ApplicationFilter{Status: domain.StatusNew, Spam: domain.SpamExclude})
		if err != nil {
			return wire.DashboardCounts{}, err
		}
		c.NewApplications = n
		if c.SuspectedSpam, err = s.store.CountApplications(ctx, domain.ApplicationFilter{Spam: domain.SpamQueue}); err != nil {
			return wire.DashboardCounts{}, err
		}
	}
	if st.Role.Allowed(editors...) {
		n, err := s.store.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew})
		if err != nil {
			return wire.DashboardCounts{}, err
		}
		c.UnreadMessages = n
		if c.HeldComments, err = s.store.CountComments(ctx, domain.CommentHeld); err != nil {
			return wire.DashboardCounts{}, err
		}
	}
	if st.Role.Allowed(adminsOnly...) {
		counts, err := s.store.CountOutbox(ctx)
		if err != nil {
			return wire.DashboardCounts{}, err
		}
		c.FailedMail = counts[domain.OutboxFailed]
	}
	return c, nil
}
