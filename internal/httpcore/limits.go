package httpcore

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// Request limits every request gets unless its route declares its own.
const (
	// DefaultMaxBody bounds the body of a request whose route declares no
	// limit. Pages and read APIs take no body at all.
	DefaultMaxBody = 1 << 20
	// MaxPathBytes is the longest request path (as sent, escaped) that is
	// served; longer ones get 414. No page or API path comes near it.
	MaxPathBytes = 2048
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
// extend both for themselves (see Limits).
const (
	ReadTimeout  = 15 * time.Second
	WriteTimeout = time.Minute
)

// Limits bound what a route reads from a client. A route declares them
// with WithLimits; the middleware's defaults apply to every other route,
// and a route's own limits replace them (they can be larger).
type Limits struct {
	// MaxBody is the largest body accepted, in bytes; a larger one gets 413.
	MaxBody int64
	// ReadTimeout is how long the client has to send the body, counted
	// from when the handler starts. Short for forms, so a client sending a
	// byte now and then cannot hold a connection.
	ReadTimeout time.Duration
	// UploadTimeout, when set, replaces ReadTimeout once the handler has
	// accepted the request's beginning (ExtendForUpload): long, for the
	// files, but given only to a client that got that far.
	UploadTimeout time.Duration
	// MinRate, when set with UploadTimeout, is the least an upload must
	// bring in bytes per second, averaged over RateWindow of waiting for
	// the client, once ExtendForUpload has been called: a slower one is
	// stopped (a read fails with *SlowError), so a client trickling bytes
	// cannot hold the upload's slot for the whole UploadTimeout.
	MinRate    int64
	RateWindow time.Duration
}

// limitedBody is the request body as the middleware hands it on: limited
// to DefaultMaxBody, with the original kept so that a route's own limit
// can replace the default instead of nesting inside it.
type limitedBody struct {
	io.ReadCloser               // the default-limited reader
	orig          io.ReadCloser // the body as the server gave it
}

// limitBody gives r the default body limit, replaceable by WithLimits.
func limitBody(w http.ResponseWriter, r *http.Request) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	r.Body = &limitedBody{ReadCloser: http.MaxBytesReader(w, r.Body, DefaultMaxBody), orig: r.Body}
}

// WithLimits applies l to h's requests: the body limit replaces the
// default one, and the connection's read deadline is set for the body
// (for l.ReadTimeout; the handler may extend it, see ExtendForUpload).
func WithLimits(l Limits, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lb, ok := r.Body.(*limitedBody); ok {
			r.Body = http.MaxBytesReader(w, lb.orig, l.MaxBody)
		} else if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, l.MaxBody)
		}
		if l.UploadTimeout > 0 && l.MinRate > 0 && l.RateWindow > 0 && r.Body != nil && r.Body != http.NoBody {
			r.Body = &uploadBody{ReadCloser: r.Body, rc: http.NewResponseController(w), now: time.Now,
				perSec: l.MinRate, meter: newRateMeter(l.MinRate, l.RateWindow)}
		}
		SetDeadlines(w, l.ReadTimeout)
		h.ServeHTTP(w, r)
	})
}

// SetDeadlines gives the client d from now to send the rest of the
// request. For a long read the write deadline moves along, or a slow
// upload would be cut off before its answer could be written.
func SetDeadlines(w http.ResponseWriter, d time.Duration) {
	now := time.Now()
	rc := http.NewResponseController(w)
	// Errors mean the writer cannot set deadlines (a test recorder):
	// the server-wide timeouts still apply then.
	_ = rc.SetReadDeadline(now.Add(d))
	if d > ReadTimeout {
		_ = rc.SetWriteDeadline(now.Add(d + WriteTimeout))
	}
}

// ExtendForUpload gives a request on a route with an UploadTimeout the
// time to send its files, at the route's MinRate if it has one: the
// handler calls it once the request's beginning is accepted.
func ExtendForUpload(w http.ResponseWriter, r *http.Request, l Limits) {
	if l.UploadTimeout <= 0 {
		return
	}
	SetDeadlines(w, l.UploadTimeout)
	if b, ok := r.Body.(*uploadBody); ok {
		b.arm(b.now().Add(l.UploadTimeout))
	}
}

// IsTimeout reports whether err is a read that hit its deadline.
func IsTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
