package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
	"unicode/utf8"
)

// contentSecurityPolicy allows scripts and style sheets only from our own
// origin, the one inline <script> whose hash is scriptHash (the loader that
// starts the app after the first paint: see appLoader), the one <style>
// element whose hash is styleHash (the site's style sheet, inlined into
// pages: see assets.entryStyle), and frames only from the map service, on
// a visitor's request. Inline style attributes stay allowed: React writes
// some (a progress bar's width, an animation delay) and they cannot run
// code.
func contentSecurityPolicy(scriptHash, styleHash string) string {
	script := "script-src 'self'"
	if scriptHash != "" {
		script += " " + scriptHash
	}
	style := "style-src 'self'"
	if styleHash != "" {
		style += " " + styleHash
	}
	return "default-src 'self'; " + script + "; " + style + "; style-src-attr 'unsafe-inline'; " +
		"img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://www.openstreetmap.org; " +
		"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}

type ctxKey int

const (
	requestIDKey ctxKey = iota
	clientAddrKey
)

// requestID returns the id the middleware gave the request.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// logger returns the server's logger with the request id attached.
func (s *Server) logger(r *http.Request) *slog.Logger {
	return s.log.With("request_id", requestID(r.Context()))
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// middleware wraps every route: request id, client address, security
// headers, access log, panic recovery, path and body limits and
// cross-origin protection, in that order.
func (s *Server) middleware(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeAPIError(w, r, http.StatusForbidden, "forbidden", "Cross-origin requests that change data are not allowed.")
	}))
	inner := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		client := clientAddr(r, s.trustedProxies)
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		r = r.WithContext(withClientAddr(ctx, client))
		h := w.Header()
		h["X-Request-Id"] = []string{id}
		s.securityHeaders.apply(h)
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					// net/http closes the connection without a response
					// (and logs nothing): counted, not logged.
					if s.metrics != nil {
						s.metrics.observe(r.Pattern, statusAborted, time.Since(start))
					}
					panic(p)
				}
				s.logger(r).Error("panic", "panic", p, "stack", string(debug.Stack()))
				if !rec.wrote {
					s.fail(rec, r, errPanic)
				}
			}
			end := time.Now()
			took := end.Sub(start)
			// Nothing written and the client gone: net/http sends
			// nothing either, so no status is counted or logged as
			// sent.
			aborted := !rec.wrote && r.Context().Err() != nil
			if s.metrics != nil {
				// The mux set r.Pattern on this very request ("" if
				// it was refused before routing).
				status := rec.status
				if aborted {
					status = statusAborted
				}
				s.metrics.observe(r.Pattern, status, took)
			}
			logStatus := rec.status
			if aborted {
				logStatus = statusClientGone
			}
			// The access log line, as s.logger(r).Info would write it,
			// without its allocations: it is on every request's path.
			// Given the writer under the logger, the same line is
			// written to it without slog's Record and handler.
			if !s.log.Enabled(ctx, slog.LevelInfo) {
				return
			}
			e := accessEntry{
				id:         id,
				method:     logMethod(r.Method),
				path:       logPath(r.URL.Path),
				client:     clientTag(client),
				status:     logStatus,
				bytes:      rec.bytes,
				durationMS: float64(took.Microseconds()) / 1000,
			}
			if s.accessLog != nil {
				s.writeAccessLine(end, &e)
			} else {
				s.log.LogAttrs(ctx, slog.LevelInfo, "request", e.attrs()...)
			}
		}()
		if len(r.URL.EscapedPath()) > maxPathBytes {
			s.refuse(rec, r, http.StatusRequestURITooLong, codeURITooLong, "The address is too long.")
			return
		}
		limitBody(w, r)
		inner.ServeHTTP(rec, r)
	})
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

// headerSet is a set of response headers made once and put in every
// response's header map as they are: keys already canonical, each value a
// slice of length and capacity one, so that an Add elsewhere copies it
// rather than changing the shared one (and Set or Del replace the entry).
type headerSet []struct {
	key   string
	value []string
}

func (hs headerSet) apply(h http.Header) {
	for _, e := range hs {
		h[e.key] = e.value
	}
}

// securityHeaders are the headers every response carries, errors included.
func securityHeaders(https bool, csp string) headerSet {
	var hs headerSet
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

// logPath returns path cut to maxLoggedPathBytes (at a character
// boundary), so one request cannot write kilobytes into the log.
func logPath(path string) string {
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
