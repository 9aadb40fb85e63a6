// Package console is the staff console's API under /api/admin: staff
// sessions over HTTP (sign-in, set-up, cookies, the session check and role
// per route), jobs, posts and covers, applications, moderation, mail,
// audit, dashboard and vitals. Its handlers parse a request, call the
// domain's stores and the use cases (staffsignin) and answer JSON.
//
// The site's server (internal/server) mounts its routes (Routes), one
// pattern each in the site's route table; what the console needs of the
// public site (page previews, the JobPosting check, pages re-rendered after
// a change) it asks through Site. It renders no page itself and imports
// neither internal/server nor internal/render, nor a concrete store.
package console

import (
	"cmp"
	"log/slog"
	"net/http"
	"os"
	"reflect"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/careers"
	"corpsite/internal/contact"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/idcrypt"
	"corpsite/internal/jobalerts"
	"corpsite/internal/staffsignin"
)

// Prefix is the path every route of the console's API starts with.
const Prefix = "/api/admin"

// Options are the dependencies of a Server.
type Options struct {
	Store domain.Store
	// Blobs holds applicants' documents and blog covers; nil = none (a
	// download or a cover upload fails).
	Blobs domain.BlobStore
	// Site is what the console asks of the public site.
	Site Site
	// SignIn signs staff in and decides whether their sessions hold.
	SignIn *staffsignin.Service
	// IDKeys seal and open national ID numbers and TOTP secrets; nil =
	// neither can be revealed or set up.
	IDKeys *idcrypt.Keyring
	// Now is the clock; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger
	// Zone is the site's time zone: the console's day filters and the
	// days of measurements are its days. nil = UTC.
	Zone *time.Location
	// SiteName names the site in authenticator apps; "" = "Staff console".
	SiteName string
	// BaseURL is the site's public origin: set-up links start with it, and
	// it decides the session cookie (see staffCookie).
	BaseURL string
	// Careers is the job application use case: staff's spam verdicts
	// go through it.
	Careers *careers.Service
	// Alerts is the job alerts use case: it counts alerts by search.
	Alerts *jobalerts.Service
	// Mailbox is the company's address: replies to contact messages say
	// Reply-To it, so the senders' answers arrive there.
	Mailbox string
	// MailQueued, if set, is called after an e-mail was queued (a retry,
	// a reply to a contact message), to wake the mail sender.
	MailQueued func()
	// TempDir holds uploaded cover images while they are checked; "" =
	// the system's temporary directory.
	TempDir string
	// FormLimits bound the body of every route that takes one and sets no
	// limits of its own.
	FormLimits httpcore.Limits
}

// Server serves the console's API. Create it with New.
type Server struct {
	store      domain.Store
	blobs      domain.BlobStore
	site       Site
	signin     *staffsignin.Service
	careers    *careers.Service
	desk       *contact.Desk
	alerts     *jobalerts.Service
	idKeys     *idcrypt.Keyring
	now        func() time.Time
	log        *slog.Logger
	zone       *time.Location
	siteName   string
	baseURL    string
	mailQueued func()
	tempDir    string
	formLimits httpcore.Limits
}

// New returns the console's API over o's dependencies.
func New(o Options) *Server {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	// The hash that sign-ins to unknown addresses are checked against is
	// made now, before the server serves, so that the first of them takes
	// no longer than the rest.
	auth.PrepareDummyHash()
	return &Server{
		store:      o.Store,
		blobs:      o.Blobs,
		site:       o.Site,
		signin:     o.SignIn,
		careers:    o.Careers,
		desk:       contact.NewDesk(contact.DeskConfig{Store: o.Store, Mailbox: o.Mailbox, MailQueued: o.MailQueued, Now: o.Now}),
		alerts:     o.Alerts,
		idKeys:     o.IDKeys,
		now:        o.Now,
		log:        o.Logger,
		zone:       cmp.Or(o.Zone, time.UTC),
		siteName:   o.SiteName,
		baseURL:    o.BaseURL,
		mailQueued: o.MailQueued,
		tempDir:    cmp.Or(o.TempDir, os.TempDir()),
		formLimits: o.FormLimits,
	}
}

// Route is one route of the console's API, for the site's route table.
type Route struct {
	Method string // GET, POST, PUT, PATCH or DELETE
	Path   string // e.g. "/api/admin/jobs/{id}"
	// Handler checks the session and the role (unless the route is open),
	// applies the route's limits and serves it.
	Handler http.Handler
}

// Routes are the console's routes, one a pattern, so that the route
// table counts each apart.
func (s *Server) Routes() []Route {
	var out []Route
	for _, rt := range s.adminRoutes() {
		out = append(out, Route{Method: rt.method, Path: Prefix + rt.path, Handler: s.adminHandler(rt)})
	}
	return out
}

// RouteType is what one route of the console's API takes and answers,
// as its handler declares it (see get, call and send in routes.go).
// cmd/gen-wire writes the web console's map of routes from these.
type RouteType struct {
	Method string // GET, POST, PUT, PATCH or DELETE
	Path   string // after Prefix, e.g. "/jobs/{id}"
	// Request is the type of the JSON body; nil when the route reads none
	// (or reads a multipart form: Form).
	Request reflect.Type
	// Form says that the body is a multipart form (an upload).
	Form bool
	// Response is the type of the JSON answer; nil when the answer is a
	// file (File).
	Response reflect.Type
	// File says that the answer is a download, not JSON.
	File bool
	// Status is the status of a successful answer: 200, or 201 Created.
	Status int
}

// RouteTypes lists what every route of the console's API takes and
// answers, in the order of the route table. It needs no dependencies and
// no running server: the table is listed by a Server with none, whose
// handlers never run.
func RouteTypes() []RouteType {
	var s *Server
	var out []RouteType
	for _, rt := range s.adminRoutes() {
		out = append(out, RouteType{Method: rt.method, Path: rt.path, Request: rt.req, Form: rt.form,
			Response: rt.resp, File: rt.file, Status: rt.status})
	}
	return out
}

// As serves the console's routes as if st were signed in, without a
// session or a role check, and without the routes' limits. It is for
// tests of what the handlers answer (the role × route matrix tests the
// checks through Routes); never mount it. It answers 404 when no route
// matches.
func (s *Server) As(st Staff) http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.adminRoutes() {
		mux.HandleFunc(rt.method+" "+Prefix+rt.path, func(w http.ResponseWriter, r *http.Request) {
			s.serveAdmin(w, r, rt, &st)
		})
	}
	return mux
}
