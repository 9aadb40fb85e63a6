// Package server is the site's HTTP layer: the route table, page handlers
// that load data and have the renderer turn it into HTML, the JSON API,
// static assets and the middleware every response passes through. It
// mounts the staff console's API (internal/console) and answers what the
// console asks of the site (console_site.go). It depends on the domain
// interfaces, never on a concrete store.
package server

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"corpsite/internal/auth"
	"corpsite/internal/careers"
	"corpsite/internal/console"
	"corpsite/internal/contact"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/idcrypt"
	"corpsite/internal/jobalerts"
	"corpsite/internal/pagecache"
	"corpsite/internal/render"
	"corpsite/internal/seo"
	"corpsite/internal/sitecontent"
	"corpsite/internal/staffsignin"
	"corpsite/internal/wire"
)

// Options are the dependencies of a Server.
type Options struct {
	Store    domain.Store
	Blobs    domain.BlobStore
	Renderer *render.Renderer
	Content  *sitecontent.Content
	// Client is the built client bundle: manifest.json and assets/.
	Client fs.FS
	// Admin is the staff console's bundle: manifest.json and admin-assets/.
	Admin fs.FS
	// Media holds public images served under /media/ (demo pictures).
	Media fs.FS
	// BaseURL is the public origin for canonical links, e.g. https://example.com.
	BaseURL string
	Logger  *slog.Logger
	// AccessLog, if set, is the writer under Logger, a JSON handler
	// without options (no attributes or groups added either): the access
	// log's lines, one a request, are written to it directly, each in one
	// Write, as that handler would write them but for less. Logger still
	// decides whether they are written (at Info). nil = through Logger.
	AccessLog io.Writer
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// VersionTTL is how long a read content version is trusted before the
	// store is asked again (shared by several instances). 0 =
	// DefaultVersionTTL.
	VersionTTL time.Duration
	// TrustedProxies are the networks of reverse proxies whose
	// X-Forwarded-For names the client; empty = the peer is the client.
	TrustedProxies []netip.Prefix
	// RetentionDays is how long applications are kept, as the privacy
	// page states it; 0 = domain.DefaultRetentionDays.
	RetentionDays int
	// StaffEmail receives notifications of new contact messages, queued
	// in the store's outbox; "" sends none.
	StaffEmail string
	// MailQueued, if set, is called after a notification was queued, to
	// wake the mail sender at once rather than at its next round.
	MailQueued func()
	// FormReadTimeout is how long a client has to send a form's body
	// (contact, comments); 0 = 10s.
	FormReadTimeout time.Duration
	// TempDir holds uploaded documents while they are checked, before
	// they go to blob storage; "" = the system's temporary directory.
	// Keep it on a private disk: it briefly holds applicants' files.
	TempDir string
	// IDKeys seal applicants' national ID numbers before they are stored
	// and open them for staff (app always sets them).
	IDKeys *idcrypt.Keyring
	// StaffIdleTimeout ends a staff session nobody used for this long;
	// 0 = auth.SessionIdle.
	StaffIdleTimeout time.Duration
	// Metrics, if set, is where the server registers its metrics
	// (metrics.go): requests by route, page cache, render pool, outbox.
	// nil = none, and requests are not counted.
	Metrics prometheus.Registerer
}

// DefaultVersionTTL is how long an instance trusts the content version it
// last read: a change made through another instance sharing the database
// reaches this one's pages within it (plus a render).
const DefaultVersionTTL = time.Second

// Server serves the whole site. Create it with New.
type Server struct {
	store    domain.Store
	blobs    domain.BlobStore
	renderer *render.Renderer
	content  *sitecontent.Content
	// seo builds the structured data, feeds and sitemap pages and crawlers read.
	seo    seo.Publisher
	assets *assets
	// docMarkup is the document around #root (markupAroundRoot).
	docMarkup string
	// core is the middleware's view of the site: logger, proxies, the
	// headers every response gets (a page replaces the
	// Content-Security-Policy with its own, which allows its inline style
	// sheet by its hash), request metrics, error screens.
	core httpcore.Config
	// console is the staff console's page and its bundle (admin_page.go).
	console *adminConsole
	// staffAPI is the staff console's API, under /api/admin.
	staffAPI *console.Server
	media    http.Handler
	baseURL  string
	log      *slog.Logger
	now      func() time.Time
	cache    *pagecache.Cache[*renderedPage]
	versions *pagecache.Versions
	flight   pagecache.Flight[*renderedPage]
	errPage  atomic.Pointer[renderedPage] // the error screen, once rendered
	rewarm   pagecache.Rewarmer
	handler  http.Handler
	// mux is the route table under the middleware (handler).
	mux *http.ServeMux

	// siteFiles are /favicon.svg and /noscript.css.
	siteFiles siteFiles
	// compressed runs CompressAssets once.
	compressed sync.Once

	formLimits   httpcore.Limits
	uploadLimits httpcore.Limits
	staffEmail   string
	// settings are stated by pages; every page's boot data carries them.
	settings   wire.Settings
	mailQueued func()
	tempDir    string
	idKeys     *idcrypt.Keyring
	// careers takes job applications.
	careers *careers.Service
	// contact takes the contact form's messages.
	contact *contact.Service
	// alerts runs job alerts (job_alerts.go).
	alerts *jobalerts.Service
	// metrics counts requests by route; nil without Options.Metrics.
	metrics *httpcore.RequestMetrics
}

// New builds a Server and its route table.
func New(o Options) (*Server, error) {
	if o.Store == nil || o.Renderer == nil || o.Content == nil || o.Client == nil || o.Admin == nil {
		return nil, fmt.Errorf("server: Store, Renderer, Content, Client and Admin are required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.VersionTTL == 0 {
		o.VersionTTL = DefaultVersionTTL
	}
	a, err := loadAssets(o.Client)
	if err != nil {
		return nil, err
	}
	shell, err := loadAdminConsole(o.Admin)
	if err != nil {
		return nil, err
	}
	s := &Server{
		store:    o.Store,
		blobs:    o.Blobs,
		renderer: o.Renderer,
		content:  o.Content,
		seo:      seo.Publisher{Site: o.Content.Site, Jobs: o.Content.Jobs, BaseURL: o.BaseURL},
		assets:   a,
		console:  shell,
		media:    mediaHandler(o.Media),
		baseURL:  o.BaseURL,
		log:      o.Logger,
		now:      o.Now,
		cache:    pagecache.New[*renderedPage](pageCacheBytes),
		versions: &pagecache.Versions{Read: o.Store.ContentVersion, TTL: o.VersionTTL, Now: o.Now},

		siteFiles: loadSiteFiles(),

		formLimits:   formLimits,
		uploadLimits: uploadLimits,
		staffEmail:   o.StaffEmail,
		settings:     wire.Settings{RetentionDays: cmp.Or(o.RetentionDays, domain.DefaultRetentionDays), SiteURL: o.BaseURL},
		mailQueued:   o.MailQueued,
		tempDir:      cmp.Or(o.TempDir, os.TempDir()),
		idKeys:       o.IDKeys,
	}
	s.flight.Timeout = renderDeadline
	s.rewarm = pagecache.Rewarmer{Refresh: s.refresh, Known: s.warmURLs, Log: o.Logger}
	var keys staffsignin.Keys
	if o.IDKeys != nil {
		keys = o.IDKeys
	}
	signin := staffsignin.New(o.Store, keys, o.Now, cmp.Or(o.StaffIdleTimeout, auth.SessionIdle), o.Logger)
	s.careers = s.newCareers(maxUploads)
	s.contact = contact.New(contact.Config{Store: s.store, StaffEmail: s.staffEmail, MailQueued: s.mailQueued, Now: s.now})
	s.alerts = s.newJobAlerts()
	if o.FormReadTimeout > 0 {
		s.formLimits.ReadTimeout = o.FormReadTimeout
	}
	s.staffAPI = console.New(console.Options{
		Store:      o.Store,
		Blobs:      o.Blobs,
		Site:       consoleSite{s},
		SignIn:     signin,
		Careers:    s.careers,
		Alerts:     s.alerts,
		IDKeys:     o.IDKeys,
		Now:        o.Now,
		Logger:     o.Logger,
		Zone:       s.zone(),
		SiteName:   o.Content.Site.Name,
		BaseURL:    o.BaseURL,
		Mailbox:    s.staffEmail,
		MailQueued: o.MailQueued,
		TempDir:    s.tempDir,
		FormLimits: s.formLimits,
	})
	if o.Metrics != nil {
		if err := s.registerMetrics(o.Metrics); err != nil {
			return nil, fmt.Errorf("server: register metrics: %w", err)
		}
	}
	s.docMarkup = s.markupAroundRoot()
	s.core = httpcore.Config{
		Log:            o.Logger,
		AccessLog:      o.AccessLog,
		TrustedProxies: o.TrustedProxies,
		Headers:        httpcore.SecurityHeaders(strings.HasPrefix(s.baseURL, "https://"), contentSecurityPolicy(appLoaderHash, "")),
		Metrics:        s.metrics,
		Pages:          sitePages{s},
	}
	s.handler = httpcore.Middleware(&s.core, s.routes())
	return s, nil
}

// routes is the table of contents of the site.
func (s *Server) routes() http.Handler {
	mux := httpcore.NewRouteTable()

	// Operations. /metrics is not here: the app serves it on a listener of
	// its own (--metrics-addr), so it is never public by default.
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)

	// Static files.
	mux.Handle("GET /assets/", s.assets)
	mux.HandleFunc("GET /favicon.svg", s.siteFile)
	mux.HandleFunc("GET /noscript.css", s.siteFile)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.sitemap)
	// The literal segment wins over /blog/{id}; no post ID has a dot.
	mux.HandleFunc("GET /blog/feed.xml", s.blogFeed)
	mux.HandleFunc("GET /blog/tag/{slug}/feed.xml", s.blogTagFeed)
	mux.HandleFunc("GET "+jobsFeedPath, s.jobsFeed)
	mux.HandleFunc("GET "+aggregatorFeedPath, s.aggregatorFeed)
	mux.Handle("GET /media/", s.media)
	mux.HandleFunc("GET /covers/{name}", s.serveCover) // blog cover images (covers.go)
	mux.HandleFunc("GET /photos/{name}", s.servePhoto) // staff photos, authors of posts (covers.go)

	// JSON API.
	mux.Handle("GET /api/jobs", httpcore.API(s.apiJobs))
	// The literal segment wins over {id}; generated IDs are 16 characters
	// long, so no job can be called "search".
	mux.Handle("GET /api/jobs/search", httpcore.API(s.apiJobSearch))
	mux.Handle("GET /api/jobs/{id}", httpcore.API(s.apiJob))
	mux.Handle("GET /api/blogs", httpcore.API(s.apiBlogs))
	mux.Handle("GET /api/blogs/{id}", httpcore.API(s.apiBlogPost))
	mux.Handle("GET /api/blogs/{id}/comments", httpcore.API(s.apiComments))
	mux.Handle("GET "+blogTagAPIPrefix+"{slug}", httpcore.API(s.apiBlogTag))
	mux.Handle("POST /api/blogs/{id}/comments", httpcore.WithLimits(s.formLimits, httpcore.APIWrite(s.apiPostComment)))
	mux.Handle("POST /api/contact", httpcore.WithLimits(s.formLimits, httpcore.APIWrite(s.apiContact)))
	mux.Handle("POST /api/jobs/{id}/applications", httpcore.WithLimits(s.uploadLimits, httpcore.APIWrite(s.apiApply)))
	s.statusRoutes(mux)
	s.alertRoutes(mux)
	mux.Handle("POST /api/vitals", httpcore.WithLimits(s.vitalsLimits(), http.HandlerFunc(s.apiVitals)))

	// Staff console: its page for every address under /admin (the console
	// routes on the client) and its own hashed files.
	mux.HandleFunc("GET /admin", s.adminPage)
	mux.HandleFunc("GET /admin/{path...}", s.adminPage)
	mux.Handle("GET /admin-assets/", s.console.assets)

	// Staff API: each route checks the session and the role
	// (internal/console).
	for _, rt := range s.staffAPI.Routes() {
		mux.Handle(rt.Method+" "+rt.Path, rt.Handler)
	}

	// Pages.
	for _, p := range pageRoutes {
		pattern := "GET " + p.path
		if p.path == "/" {
			pattern += "{$}" // the home page only, not every path
		}
		h := s.page(p.cacheKey(), s.pageHandler(p))
		if p.private {
			h = privatePage(h)
		}
		if p.path == jobsPagePath {
			h = legacyJobSearch(h)
		}
		if p.path == blogPostRoute {
			h = s.postRedirects(h)
		}
		mux.Handle(pattern, h)
	}
	mux.Handle("GET /Terms", http.RedirectHandler("/terms", http.StatusMovedPermanently))
	mux.Handle("/", httpcore.Unrouted(mux.ServeMux, http.HandlerFunc(s.serveNotFound)))
	if s.metrics != nil {
		s.metrics.AddRoutes(mux.Patterns)
	}
	s.mux = mux.ServeMux
	return mux.ServeMux
}

// sitePages are the site's screens for a page request that failed.
type sitePages struct{ s *Server }

func (p sitePages) NotFound(w http.ResponseWriter, r *http.Request) { p.s.serveNotFound(w, r) }

func (p sitePages) ErrorPage(w http.ResponseWriter, r *http.Request, status int) {
	p.s.serveErrorPage(w, r, status)
}

// WarnInsecureCookie logs, once at start-up, that staff sessions travel
// without Secure because the base URL is plain HTTP on a public host.
func (s *Server) WarnInsecureCookie() { s.staffAPI.WarnInsecureCookie() }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// readyBusyRetry is the Retry-After of a /readyz that found the database
// busy.
const readyBusyRetry = 10 * time.Second

// readyz answers 200 "ready" when the database answers and takes a
// write; 503 "database busy" when it is there but cannot take one now
// (locked by another process, every connection in use); 503 "database
// unreachable" otherwise.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := s.store.Ping(ctx); err != nil {
		// Both are 503 (not ready); the body tells a database that is
		// there but held by other work (busy) from one that is not (down).
		body := "database unreachable\n"
		if domain.ErrorCode(err) == domain.EBusy {
			body = "database busy\n"
			httpcore.SetRetryAfter(w, readyBusyRetry)
		}
		httpcore.Logger(r).Error("readiness check failed", "state", strings.TrimSpace(body), "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(body))
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}
