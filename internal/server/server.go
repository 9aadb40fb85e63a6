// Package server is the site's HTTP layer: the route table, page handlers
// that load data and have the renderer turn it into HTML, the JSON API,
// static assets and the middleware every response passes through. It
// depends on the domain interfaces, never on a concrete store.
package server

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/sitecontent"
)

// Options are the dependencies of a Server.
type Options struct {
	Store    domain.Store
	Blobs    domain.BlobStore
	Renderer *render.Renderer
	Content  *sitecontent.Content
	// Client is the built client bundle: manifest.json and assets/.
	Client fs.FS
	// Media holds public images served under /media/ (demo pictures).
	Media fs.FS
	// BaseURL is the public origin for canonical links, e.g. https://example.com.
	BaseURL string
	Logger  *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// VersionTTL is how long a read content version is trusted before the
	// store is asked again (shared by several instances). 0 = 1s.
	VersionTTL time.Duration
}

// Server serves the whole site. Create it with New.
type Server struct {
	store    domain.Store
	blobs    domain.BlobStore
	renderer *render.Renderer
	content  *sitecontent.Content
	assets   *assets
	media    http.Handler
	baseURL  string
	log      *slog.Logger
	now      func() time.Time
	cache    *pageCache
	versions *versionCache
	flight   singleflight.Group
	handler  http.Handler
}

// New builds a Server and its route table.
func New(o Options) (*Server, error) {
	if o.Store == nil || o.Renderer == nil || o.Content == nil || o.Client == nil {
		return nil, fmt.Errorf("server: Store, Renderer, Content and Client are required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.VersionTTL == 0 {
		o.VersionTTL = time.Second
	}
	a, err := loadAssets(o.Client)
	if err != nil {
		return nil, err
	}
	s := &Server{
		store:    o.Store,
		blobs:    o.Blobs,
		renderer: o.Renderer,
		content:  o.Content,
		assets:   a,
		media:    mediaHandler(o.Media),
		baseURL:  o.BaseURL,
		log:      o.Logger,
		now:      o.Now,
		cache:    newPageCache(2048),
		versions: &versionCache{store: o.Store, ttl: o.VersionTTL, now: o.Now},
	}
	s.handler = s.middleware(s.routes())
	return s, nil
}

// routes is the table of contents of the site.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()

	// Operations.
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)

	// Static files.
	mux.Handle("GET /assets/", s.assets)
	mux.HandleFunc("GET /favicon.svg", s.favicon)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.Handle("GET /media/", s.media)

	// JSON API.
	mux.Handle("GET /api/jobs", s.api(s.apiJobs))
	mux.Handle("GET /api/jobs/{id}", s.api(s.apiJob))
	mux.Handle("GET /api/blogs", s.api(s.apiBlogs))
	mux.Handle("POST /api/contact", s.apiWrite(s.apiContact))

	// Pages.
	for _, p := range pageRoutes {
		pattern := "GET " + p.path
		if p.path == "/" {
			pattern += "{$}" // the home page only, not every path
		}
		mux.Handle(pattern, s.page(byPath, s.pageHandler(p)))
	}
	mux.Handle("GET /Terms", http.RedirectHandler("/terms", http.StatusMovedPermanently))
	mux.Handle("/", s.unrouted(s.page(byPath, s.notFoundPage)))
	return mux
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := s.store.Ping(ctx); err != nil {
		s.logger(r).Error("readiness check failed", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("database unreachable\n"))
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}

func (s *Server) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /api/\nDisallow: /admin/\nDisallow: /apply/\n")
}

// unrouted answers every request no route matched: a JSON error under
// /api/, the not-found page for GET and HEAD, and 405 otherwise.
func (s *Server) unrouted(notFound http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/"):
			s.fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint."))
		case r.Method == http.MethodGet || r.Method == http.MethodHead:
			notFound.ServeHTTP(w, r)
		default:
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}
