package server

import (
	"errors"
	"io"
	"net/http"
	"time"

	"corpsite/internal/domain"
)

// Request limits every request gets unless its route declares its own.
const (
	// defaultMaxBody bounds the body of a request whose route declares no
	// limit. Pages and read APIs take no body at all.
	defaultMaxBody = 1 << 20
	// maxPathBytes is the longest request path (as sent, escaped) that is
	// served; longer ones get 414. No page or API path comes near it.
	maxPathBytes = 2048
	// maxLoggedPathBytes is how much of a path the access log keeps.
	maxLoggedPathBytes = 256
	// maxLoggedMethodBytes is the longest method logged as sent (OPTIONS,
	// PROPFIND); longer ones are logged as "other".
	maxLoggedMethodBytes = 16
)

// ReadTimeout is how long a client has to send a request, headers and body,
// on routes that declare no read deadline of their own; WriteTimeout bounds
// the time from the end of the headers to the end of the response. The
// http.Server is configured with them; routes that take large bodies
// extend both for themselves (see routeLimits).
const (
	ReadTimeout  = 15 * time.Second
	WriteTimeout = time.Minute
)

// routeLimits bound what a route reads from a client. A route declares
// them with withLimits; the middleware's defaults apply to every other
// route, and a route's own limits replace them (they can be larger).
type routeLimits struct {
	// maxBody is the largest body accepted, in bytes; a larger one gets 413.
	maxBody int64
	// readTimeout is how long the client has to send the body, counted
	// from when the handler starts. Short for forms, so a client sending a
	// byte now and then cannot hold a connection.
	readTimeout time.Duration
	// uploadTimeout, when set, replaces readTimeout once the handler has
	// accepted the request's beginning (extendForUpload): long, for the
	// files, but given only to a client that got that far.
	uploadTimeout time.Duration
}

// Limits of the routes that take a body.
var (
	// formLimits are for small JSON forms (contact, comments).
	formLimits = routeLimits{maxBody: 64 << 10, readTimeout: 10 * time.Second}
	// uploadLimits are for a job application with its files
	// (POST /api/jobs/{id}/applications). The body holds the largest
	// application the rules allow: a resume, an ID document and every
	// certification at their size limits, the JSON part, and room for
	// the multipart framing (part headers and boundaries).
	// The first 30 seconds are for the headers and the JSON part; the
	// handler extends them for the files once the text is valid and the
	// client within its rate limit, so a client trickling bytes without
	// ever getting there holds a connection for 30 seconds, not 10
	// minutes.
	uploadLimits = routeLimits{
		maxBody: domain.ResumeMaxBytes + (1+domain.MaxCertifications)*domain.DocumentMaxBytes +
			applyJSONMax + uploadFramingSlack,
		readTimeout:   30 * time.Second,
		uploadTimeout: 10 * time.Minute,
	}
)

// maxUploads is how many applications may stream their files at once,
// server-wide: each holds a connection, a temporary file and blob writes
// for minutes. More are refused (503), not queued, so a flood of slow
// uploads cannot pile up behind the ones in progress.
const maxUploads = 32

// uploadFramingSlack is what uploadLimits allows beyond the parts' own
// limits: far more than the framing of a dozen parts takes.
const uploadFramingSlack = 1 << 20

// limitedBody is the request body as the middleware hands it on: limited
// to defaultMaxBody, with the original kept so that a route's own limit
// can replace the default instead of nesting inside it.
type limitedBody struct {
	io.ReadCloser               // the default-limited reader
	orig          io.ReadCloser // the body as the server gave it
}

// limitBody gives r the default body limit, replaceable by withLimits.
func limitBody(w http.ResponseWriter, r *http.Request) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	r.Body = &limitedBody{ReadCloser: http.MaxBytesReader(w, r.Body, defaultMaxBody), orig: r.Body}
}

// withLimits applies l to h's requests: the body limit replaces the
// default one, and the connection's read deadline is set for the body
// (for l.readTimeout; the handler may extend it, see extendForUpload).
func (s *Server) withLimits(l routeLimits, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lb, ok := r.Body.(*limitedBody); ok {
			r.Body = http.MaxBytesReader(w, lb.orig, l.maxBody)
		} else if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, l.maxBody)
		}
		setDeadlines(w, l.readTimeout)
		h.ServeHTTP(w, r)
	})
}

// setDeadlines gives the client d from now to send the rest of the
// request. For a long read the write deadline moves along, or a slow
// upload would be cut off before its answer could be written.
func setDeadlines(w http.ResponseWriter, d time.Duration) {
	now := time.Now()
	rc := http.NewResponseController(w)
	// Errors mean the writer cannot set deadlines (a test recorder):
	// the server-wide timeouts still apply then.
	_ = rc.SetReadDeadline(now.Add(d))
	if d > ReadTimeout {
		_ = rc.SetWriteDeadline(now.Add(d + WriteTimeout))
	}
}

// extendForUpload gives a request on a route with an uploadTimeout the
// time to send its files: the handler calls it once the request's
// beginning is accepted.
func extendForUpload(w http.ResponseWriter, l routeLimits) {
	if l.uploadTimeout > 0 {
		setDeadlines(w, l.uploadTimeout)
	}
}

// isTimeout reports whether err is a read that hit its deadline.
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
