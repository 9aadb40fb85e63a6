package console

import (
	"net/http"
	"reflect"
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

// adminFunc serves one staff API route, untyped: what a route's
// constructor (get, call, send) makes of its typed handler. st is the
// signed-in member of staff (nil on a route open to everyone, such as
// signing in). Its value is written as JSON like api's; a download
// answers written{}, and created{} is sent with 201 Created.
type adminFunc func(w http.ResponseWriter, r *http.Request, st *Staff) (any, error)

// written tells the admin plumbing that the handler wrote the response
// (a download): its route declares a file as its answer.
type written struct{}

// created is an answer sent with 201 Created instead of 200; the route
// declares T as its answer.
type created[T any] struct{ Body T }

func (c created[T]) createdBody() any        { return c.Body }
func (created[T]) createdType() reflect.Type { return reflect.TypeFor[T]() }

// createdAnswer is what every created[T] is, whatever T.
type createdAnswer interface {
	createdBody() any
	createdType() reflect.Type
}

// adminRoute is one route of the staff API, under /api/admin. Make it
// with get, call or send, which record what it takes and answers.
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
	// What the route takes and answers (RouteTypes).
	req    reflect.Type // the JSON body send decodes; nil = none
	form   bool         // the handler reads a multipart form itself
	resp   reflect.Type // the JSON answer; nil for a file
	file   bool         // the answer is a download (written)
	status int          // of a successful answer: 200, or 201 (created)
}

// get is a GET route: fn's answer is sent as JSON.
func get[Resp any](path string, roles []domain.Role, fn func(http.ResponseWriter, *http.Request, *Staff) (Resp, error)) adminRoute {
	return call(http.MethodGet, path, roles, fn)
}

// call is a route whose request has no JSON body (a GET, an action that
// its path names, or an upload read by fn): fn's answer is sent as JSON.
func call[Resp any](method, path string, roles []domain.Role, fn func(http.ResponseWriter, *http.Request, *Staff) (Resp, error)) adminRoute {
	rt := adminRoute{method: method, path: path, roles: roles, status: http.StatusOK}
	rt.h = func(w http.ResponseWriter, r *http.Request, st *Staff) (any, error) {
		v, err := fn(w, r, st)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	var zero Resp
	switch v := any(zero).(type) {
	case written:
		rt.file = true
	case createdAnswer:
		rt.resp, rt.status = v.createdType(), http.StatusCreated
	default:
		rt.resp = reflect.TypeFor[Resp]()
	}
	return rt
}

// send is a route with a JSON body: it is decoded into a Req
// (httpcore.DecodeJSON: its strictness, its refusals) before fn runs.
func send[Req, Resp any](method, path string, roles []domain.Role, fn func(http.ResponseWriter, *http.Request, *Staff, Req) (Resp, error)) adminRoute {
	rt := call(method, path, roles, func(w http.ResponseWriter, r *http.Request, st *Staff) (Resp, error) {
		var req Req
		if err := httpcore.DecodeJSON(r, &req); err != nil {
			var zero Resp
			return zero, err
		}
		return fn(w, r, st, req)
	})
	rt.req = reflect.TypeFor[Req]()
	return rt
}

// public opens rt to everyone: no session is needed.
func (rt adminRoute) public() adminRoute {
	rt.open = true
	return rt
}

// limited gives rt limits of its own instead of the form limits.
func (rt adminRoute) limited(l *httpcore.Limits) adminRoute {
	rt.limits = l
	return rt
}

// multipart says that rt's handler reads a multipart form (an upload).
func (rt adminRoute) multipart() adminRoute {
	rt.form = true
	return rt
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
		s.accountRoutes(),     // account.go: the member's own password, recovery codes, authenticator, sessions
		s.jobAdminRoutes(),    // jobs.go: jobs and blog posts
		s.inboxRoutes(),       // applications.go: applications
		s.boardRoutes(),       // board.go: a board per job and counts by stage
		s.spamRoutes(),        // spam.go: spam verdicts on applications
		s.timelineRoutes(),    // timeline.go: an application's timeline
		s.templateRoutes(),    // templates.go: candidate e-mails, bulk status changes
		s.moderationRoutes(),  // moderation.go: contact messages, comments, mail
		s.vitalsAdminRoutes(), // vitals.go: real-user speed on the dashboard
		s.dashboardRoutes(),   // dashboard.go: counts needing attention
		s.alertAdminRoutes(),  // alerts.go: job alert counts and the admins' export
		s.profileRoutes(),     // profile.go: the member's public profile, a post's authors
	)
}

// audit records an event of the console in the audit log, with the
// client's address. Actions that show personal data (revealing a national
// ID, downloading a document) must record before they show: the caller
// returns the error and shows nothing when recording fails.
func (s *Server) audit(r *http.Request, st *Staff, action domain.AuditAction, subject, detail string) error {
	return s.auditAbout(r, st, action, subject, "", detail)
}

// auditAbout is audit with the subject's label: what the subject is
// called now (a title, a name), which the log shows after the record is
// renamed or deleted.
func (s *Server) auditAbout(r *http.Request, st *Staff, action domain.AuditAction, subject, label, detail string) error {
	e := domain.AuditEntry{Action: action, Subject: subject, SubjectLabel: label, Detail: detail, At: s.now()}
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
	case createdAnswer:
		httpcore.WriteJSON(w, http.StatusCreated, v.createdBody())
	default:
		httpcore.WriteJSON(w, http.StatusOK, v)
	}
}
