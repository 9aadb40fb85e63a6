package console

import (
	"net/http"
	"slices"
	"strconv"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
)

// Staff is the signed-in member of staff a console request is made by.
type Staff struct {
	ID        string
	Email     string
	Name      string
	Role      domain.Role
	SessionID string // the session's stored ID (the hash of its token)
}

// adminFunc serves one staff API route. st is the signed-in member of
// staff (nil on a route open to everyone, such as signing in). Its value
// is written as JSON like api's; a handler that writes the response itself
// (a download) returns written{}.
type adminFunc func(w http.ResponseWriter, r *http.Request, st *Staff) (any, error)

// written tells the admin plumbing that the handler wrote the response.
type written struct{}

// adminRoute is one route of the staff API, under /api/admin.
type adminRoute struct {
	method string // GET, POST, PUT, PATCH or DELETE
	path   string // after /api/admin, e.g. "/jobs/{id}"
	// roles may call the route besides admins (domain.Role.Allowed); nil
	// means admins only. Ignored when open is set.
	roles []domain.Role
	// open routes need no session: signing in and setting a password.
	open bool
	// limits replace the form limits (an upload of a cover image).
	limits *httpcore.Limits
	h      adminFunc
}

// Who may call which staff routes.
var (
	anyStaff   = domain.Roles // every signed-in member of staff
	recruiters = []domain.Role{domain.RoleRecruiter}
	editors    = []domain.Role{domain.RoleEditor}
	adminsOnly []domain.Role
)

// errPageNotFound answers a page number past a console list's last page
// (in the words of the public list of posts).
var errPageNotFound = domain.Errorf(domain.ENotFound, "There is no such page of posts.")

// maxStaffPage bounds the page number of a console list, and so the
// offset a request can ask the database to skip.
const maxStaffPage = 10000

// staffPage reads the page number of a console list from its query
// parameter ("" is the first): a 400 naming the page field otherwise.
func staffPage(raw string) (int, error) {
	if raw == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > maxStaffPage || raw[0] == '0' || raw[0] == '+' {
		return 0, badQuery("page", "The page must be a whole number from 1 to %d.", maxStaffPage)
	}
	return n, nil
}

// adminRoutes is the staff API's table of contents: each part of the
// console lists its routes in a file of its own.
func (s *Server) adminRoutes() []adminRoute {
	return slices.Concat(
		s.authRoutes(),        // auth.go: sign-in, sessions, TOTP, staff accounts, audit log
		s.jobAdminRoutes(),    // jobs.go: jobs and blog posts
		s.inboxRoutes(),       // applications.go: applications
		s.moderationRoutes(),  // moderation.go: contact messages, comments, mail
		s.vitalsAdminRoutes(), // vitals.go: real-user speed on the dashboard
		s.dashboardRoutes(),   // dashboard.go: counts needing attention
	)
}

// audit records an event of the console in the audit log, with the
// client's address. Actions that show personal data (revealing a national
// ID, downloading a document) must record before they show: the caller
// returns the error and shows nothing when recording fails.
func (s *Server) audit(r *http.Request, st *Staff, action domain.AuditAction, subject, detail string) error {
	e := domain.AuditEntry{Action: action, Subject: subject, Detail: detail, At: s.now()}
	if st != nil {
		e.ActorID, e.ActorEmail = st.ID, st.Email
	}
	if a, ok := httpcore.ClientAddr(r.Context()); ok {
		e.ClientIP = a.String()
	}
	if err := s.store.AppendAudit(r.Context(), &e); err != nil {
		httpcore.Logger(r).Error("audit log", "action", string(action), "err", err)
		return err
	}
	return nil
}

// adminHandler serves rt: it finds the signed-in member of staff (unless
// the route is open), checks their role, and writes the handler's answer.
// Staff answers are never cached.
func (s *Server) adminHandler(rt adminRoute) http.Handler {
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A GET pattern also matches HEAD; the staff API has no use for it,
		// and a HEAD of a download would record one in the audit log.
		if r.Method == http.MethodHead {
			w.Header().Set("Allow", rt.method)
			httpcore.Fail(w, r, httpcore.WithStatus(domain.Errorf(domain.EInvalid, "Use %s.", rt.method), http.StatusMethodNotAllowed))
			return
		}
		var st *Staff
		if !rt.open {
			var err error
			if st, err = s.authenticate(w, r, rt); err != nil {
				httpcore.Fail(w, r, err)
				return
			}
			if !st.Role.Allowed(rt.roles...) {
				httpcore.Fail(w, r, httpcore.WithStatus(domain.Errorf(domain.EUnauthorized, "Your role does not allow this."), http.StatusForbidden))
				return
			}
		}
		s.serveAdmin(w, r, rt, st)
	})
	if rt.limits != nil {
		h = httpcore.WithLimits(*rt.limits, h)
	} else if rt.method != http.MethodGet {
		h = httpcore.WithLimits(s.formLimits, h)
	}
	return h
}

// serveAdmin runs rt's handler for st and writes its answer.
func (s *Server) serveAdmin(w http.ResponseWriter, r *http.Request, rt adminRoute, st *Staff) {
	w.Header().Set("Cache-Control", "no-store")
	v, err := rt.h(w, r, st)
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	switch v := v.(type) {
	case written:
	case httpcore.Created:
		httpcore.WriteJSON(w, http.StatusCreated, v.Body)
	default:
		httpcore.WriteJSON(w, http.StatusOK, v)
	}
}
