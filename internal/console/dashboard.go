package console

import (
	"net/http"

	"corpsite/internal/attention"
	"corpsite/internal/wire"
)

// dashboardRoutes are the staff API routes of the dashboard's counts of what needs attention.
func (s *Server) dashboardRoutes() []adminRoute {
	return []adminRoute{
		get("/dashboard", anyStaff, s.adminDashboard),
	}
}

// GET /api/admin/dashboard: what needs attention, counted only for the
// parts of the console the member's role may open (attention.For).
func (s *Server) adminDashboard(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.DashboardCounts, error) {
	return attention.For(r.Context(), s.store, st.Role)
}
