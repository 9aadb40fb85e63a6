package httpcore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"time"
	"unicode/utf8"
)

// Pages serves the screens of a page request that failed: the site's
// not-found page and its error page.
type Pages interface {
	NotFound(w http.ResponseWriter, r *http.Request)
	ErrorPage(w http.ResponseWriter, r *http.Request, status int)
}

// Config is what the middleware needs to know of the site.
type Config struct {
	// Log is the site's logger; Logger(r) adds the request's id.
	Log *slog.Logger
	// AccessLog, if set, is the writer under Log, a JSON handler without
	// options (no attributes or groups added either): the access log's
	// lines, one a request, are written to it directly, each in one
	// Write, as that handler would write them but for less. Log still
	// decides whether they are written (at Info). nil = through Log.
	AccessLog io.Writer
	// TrustedProxies are the networks of reverse proxies whose
	// X-Forwarded-For names the client; empty = the peer is the client.
	TrustedProxies []netip.Prefix
	// Headers go on every response, errors included.
	Headers HeaderSet
	// Metrics, if set, count and time requests by route.
	Metrics *RequestMetrics
	// Pages serve the not-found and error screens of pages (Fail); nil =
	// every error is answered as JSON.
	Pages Pages
}

// request is what the middleware knows of a request, in its context.
type request struct {
	id     string
	client netip.Addr
	cfg    *Config
}

type ctxKey struct{}

func requestOf(ctx context.Context) *request {
	rq, _ := ctx.Value(ctxKey{}).(*request)
	return rq
}

// RequestID returns the id the middleware gave the request ("" outside it).
func RequestID(ctx context.Context) string {
	if rq := requestOf(ctx); rq != nil {
		return rq.id
	}
	return ""
}

// Logger returns the site's logger with the request id attached (the
// default logger for a request that did not pass the middleware).
func Logger(r *http.Request) *slog.Logger {
	rq := requestOf(r.Context())
	if rq == nil {
		return slog.Default()
	}
	return rq.cfg.Log.With("request_id", rq.id)
}

func pagesOf(r *http.Request) Pages {
	if rq := requestOf(r.Context()); rq != nil {
		return rq.cfg.Pages
	}
	return nil
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Middleware wraps every route: request id, client address, security
// headers, access log, panic recovery, path and body limits and
// cross-origin protection, in that order.
func Middleware(c *Config, next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		WriteAPIError(w, http.StatusForbidden, "forbidden", "Cross-origin requests that change data are not allowed.")
	}))
	inner := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		client := clientAddr(r, c.TrustedProxies)
		ctx := context.WithValue(r.Context(), ctxKey{}, &request{id: id, client: client, cfg: c})
		r = r.WithContext(ctx)
		h := w.Header()
		h["X-Request-Id"] = []string{id}
		c.Headers.apply(h)
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					// net/http closes the connection without a response
					// (and logs nothing): counted, not logged.
					if c.Metrics != nil {
						c.Metrics.observe(r.Pattern, statusAborted, time.Since(start))
					}
					panic(p)
				}
				Logger(r).Error("panic", "panic", p, "stack", string(debug.Stack()))
				if !rec.wrote {
					Fail(rec, r, errPanic)
				}
			}
			end := time.Now()
			took := end.Sub(start)
			// Nothing written and the client gone: net/http sends
			// nothing either, so no status is counted or logged as
			// sent.
			aborted := !rec.wrote && r.Context().Err() != nil
			if c.Metrics != nil {
				// The mux set r.Pattern on this very request ("" if
				// it was refused before routing).
				status := rec.status
				if aborted {
					status = statusAborted
				}
				c.Metrics.observe(r.Pattern, status, took)
			}
			logStatus := rec.status
			if aborted {
				logStatus = statusClientGone
			}
			c.logAccess(ctx, id, r.Method, r.URL.Path, client, "", logStatus, rec.bytes, end, took)
		}()
		if len(r.URL.EscapedPath()) > MaxPathBytes {
			Refuse(rec, r, http.StatusRequestURITooLong, CodeURITooLong, "The address is too long.")
			return
		}
		limitBody(w, r)
		inner.ServeHTTP(rec, r)
	})
}

// logAccess writes the access log line of a request, as Logger(r).Info
// would write it, without its allocations: it is on every request's path.
// Given the writer under the logger, the same line is written to it
// without slog's Record and handler. tag is the client's ClientTag, or ""
// to have it made from client.
func (c *Config) logAccess(ctx context.Context, id, method, path string, client netip.Addr, tag string, status, bytes int, end time.Time, took time.Duration) {
	if !c.Log.Enabled(ctx, slog.LevelInfo) {
		return
	}
	if tag == "" {
		tag = ClientTag(client)
	}
	e := accessEntry{
		id:         id,
		method:     logMethod(method),
		path:       LogPath(path),
		client:     tag,
		status:     status,
		bytes:      bytes,
		durationMS: float64(took.Microseconds()) / 1000,
	}
	if c.AccessLog != nil {
		writeAccessLine(c.AccessLog, end, &e)
	} else {
		c.Log.LogAttrs(ctx, slog.LevelInfo, "request", e.attrs()...)
	}
}

// statusClientGone is the status the access log gives a request whose
// client went away before anything was written (no response was sent):
// 499, as proxies log it.
const statusClientGone = 499

// hstsValue is Strict-Transport-Security on an https site: two years, the
// length browsers' preload lists ask for, for the site's subdomains too.
// A plain-http site never sends it (browsers ignore it there, and a site
// moved to https later should not have promised it).
const hstsValue = "max-age=63072000; includeSubDomains"

// HeaderSet is a set of response headers made once and put in every
// response's header map as they are: keys already canonical, each value a
// slice of length and capacity one, so that an Add elsewhere copies it
// rather than changing the shared one (and Set or Del replace the entry).
type HeaderSet []struct {
	key   string
	value []string
}

// Apply puts the set's headers in h, as Middleware does for every
// response.
func (hs HeaderSet) Apply(h http.Header) { hs.apply(h) }

func (hs HeaderSet) apply(h http.Header) {
	for _, e := range hs {
		h[e.key] = e.value
	}
}

// SecurityHeaders are the headers every response carries, errors included.
func SecurityHeaders(https bool, csp string) HeaderSet {
	var hs HeaderSet
	add := func(k, v string) {
		hs = append(hs, struct {
			key   string
			value []string
		}{http.CanonicalHeaderKey(k), []string{v}})
	}
	add("Content-Security-Policy", csp)
	add("X-Content-Type-Options", "nosniff")
	add("Referrer-Policy", "strict-origin-when-cross-origin")
	add("X-Frame-Options", "DENY")
	add("Cross-Origin-Opener-Policy", "same-origin")
	add("Cross-Origin-Resource-Policy", "same-origin")
	add("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
	if https {
		add("Strict-Transport-Security", hstsValue)
	}
	return hs
}

// LogPath returns path cut to maxLoggedPathBytes (at a character
// boundary), so one request cannot write kilobytes into the log.
func LogPath(path string) string {
	if len(path) <= maxLoggedPathBytes {
		return path
	}
	cut := maxLoggedPathBytes
	for cut > 0 && !utf8.RuneStart(path[cut]) {
		cut--
	}
	return path[:cut] + "…"
}

// logMethod returns the method for the log: any token is a valid method,
// so an unknown one is logged as "other" rather than at any length.
func logMethod(m string) string {
	if len(m) > maxLoggedMethodBytes {
		return "other"
	}
	return m
}

// statusRecorder remembers the status and size of a response for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status = code
		r.wrote = true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
