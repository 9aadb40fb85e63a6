package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

var errPanic = errors.New("server: handler panicked")

// Error codes of the HTTP layer, beside the domain's kinds: they describe
// the request itself, not what it asked for.
const (
	codeTooLarge         = "too_large"          // 413: body over the route's limit
	codeTimeout          = "timeout"            // 408: body not sent in time
	codeURITooLong       = "uri_too_long"       // 414
	codeMethodNotAllowed = "method_not_allowed" // 405
)

// statusOf maps an error kind to its HTTP status.
func statusOf(code string) int {
	switch code {
	case codeTooLarge:
		return http.StatusRequestEntityTooLarge
	case codeTimeout:
		return http.StatusRequestTimeout
	case codeURITooLong:
		return http.StatusRequestURITooLong
	case codeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case domain.EBusy:
		return http.StatusServiceUnavailable
	case domain.EInvalid:
		return http.StatusUnprocessableEntity
	case domain.ENotFound:
		return http.StatusNotFound
	case domain.EGone:
		return http.StatusGone
	case domain.EConflict:
		return http.StatusConflict
	case domain.EUnauthorized:
		return http.StatusUnauthorized
	case domain.ETooMany:
		return http.StatusTooManyRequests
	default:
		return http.StatusInternalServerError
	}
}

// statusError gives an error another status than its kind's: a malformed
// query parameter is "invalid" like a form's field, but it is the request
// that is wrong (400), not the content of a form (422).
type statusError struct {
	error
	status int
}

func (e *statusError) Unwrap() error { return e.error }

// withStatus returns err answered with status instead of its kind's one.
func withStatus(err error, status int) error { return &statusError{err, status} }

// statusFor is the HTTP status of err.
func statusFor(err error) int {
	var se *statusError
	if errors.As(err, &se) {
		return se.status
	}
	return statusOf(domain.ErrorCode(err))
}

// errorBody is err as the API tells it: its kind, a message for the
// visitor and the invalid fields.
func errorBody(err error) wire.APIError {
	code := domain.ErrorCode(err)
	return wire.APIError{Code: code, Message: domain.ErrorMessage(err), Fields: domain.ErrorFields(err)}
}

// api adapts a JSON read handler: its value is written as JSON with 200,
// its error as {"error": {...}} with the status of the error's kind.
func (s *Server) api(fn func(r *http.Request) (any, error)) http.Handler {
	return s.apiWrite(func(_ http.ResponseWriter, r *http.Request) (any, error) { return fn(r) })
}

// apiWrite is api for handlers that need the writer (body limits); a
// created{} result is written with 201.
func (s *Server) apiWrite(fn func(w http.ResponseWriter, r *http.Request) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, err := fn(w, r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		if c, ok := v.(created); ok {
			writeJSON(w, http.StatusCreated, c.body)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		writeJSON(w, http.StatusOK, v)
	})
}

// fail writes err as the response: JSON for the API, the site's error or
// not-found screen for pages. Internal errors are logged with their cause.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := statusFor(err)
	if status >= 500 && errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client has gone (a closed tab, a beacon cut off): nothing
		// went wrong here and nobody is left to answer.
		s.logger(r).Debug("client gone", "path", logPath(r.URL.Path))
		return
	}
	if status >= 500 {
		s.logger(r).Error("request failed", "path", logPath(r.URL.Path), "err", err)
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, status, wire.ErrorBody{Error: errorBody(err)})
		return
	}
	if status == http.StatusNotFound {
		s.serveNotFound(w, r)
		return
	}
	s.serveErrorPage(w, r, status)
}

// refuse answers a request the middleware turns away before routing: a
// JSON error under /api/, plain text elsewhere (no page is rendered for a
// request that is not allowed in).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		s.writeAPIError(w, r, status, code, msg)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, msg, status)
}

func (s *Server) writeAPIError(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, wire.ErrorBody{Error: wire.APIError{Code: code, Message: msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"Internal error."}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
	_, _ = w.Write([]byte("\n"))
}
