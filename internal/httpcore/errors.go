package httpcore

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// errPanic is the error of a request whose handler panicked.
var errPanic = errors.New("httpcore: handler panicked")

// Error codes of the HTTP layer, beside the domain's kinds: they describe
// the request itself, not what it asked for.
const (
	CodeTooLarge         = "too_large"          // 413: body over the route's limit
	CodeTimeout          = "timeout"            // 408: body not sent in time
	CodeURITooLong       = "uri_too_long"       // 414
	CodeMethodNotAllowed = "method_not_allowed" // 405
)

// StatusOf maps an error kind to its HTTP status.
func StatusOf(code string) int {
	switch code {
	case CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case CodeTimeout:
		return http.StatusRequestTimeout
	case CodeURITooLong:
		return http.StatusRequestURITooLong
	case CodeMethodNotAllowed:
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

// WithStatus returns err answered with status instead of its kind's one.
func WithStatus(err error, status int) error { return &statusError{err, status} }

// StatusFor is the HTTP status of err.
func StatusFor(err error) int {
	var se *statusError
	if errors.As(err, &se) {
		return se.status
	}
	return StatusOf(domain.ErrorCode(err))
}

// ErrorBody is err as the API tells it: its kind, a message for the
// visitor and the invalid fields.
func ErrorBody(err error) wire.APIError {
	code := domain.ErrorCode(err)
	body := wire.APIError{Code: code, Message: domain.ErrorMessage(err), Fields: domain.ErrorFields(err)}
	var c interface{ EditConflict() *wire.EditConflict }
	if errors.As(err, &c) {
		body.Conflict = c.EditConflict()
	}
	return body
}

// Created is a handler's value to be written with 201 Created.
type Created struct{ Body any }

// API adapts a JSON read handler: its value is written as JSON with 200,
// its error as {"error": {...}} with the status of the error's kind.
func API(fn func(r *http.Request) (any, error)) http.Handler {
	return APIWrite(func(_ http.ResponseWriter, r *http.Request) (any, error) { return fn(r) })
}

// APIWrite is API for handlers that need the writer (body limits); a
// Created result is written with 201.
func APIWrite(fn func(w http.ResponseWriter, r *http.Request) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, err := fn(w, r)
		if err != nil {
			Fail(w, r, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		if c, ok := v.(Created); ok {
			WriteJSON(w, http.StatusCreated, c.Body)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		WriteJSON(w, http.StatusOK, v)
	})
}

// Fail writes err as the response: JSON for the API, the site's error or
// not-found screen for pages (Config.Pages). Errors answered 5xx (busy
// ones too) are logged at ERROR with their cause; a *domain.Refused gets
// its Retry-After.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	status := StatusFor(err)
	if status >= 500 && errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client has gone (a closed tab, a beacon cut off): nothing
		// went wrong here and nobody is left to answer.
		Logger(r).Debug("client gone", "path", LogPath(r.URL.Path))
		return
	}
	if status >= 500 {
		Logger(r).Error("request failed", "path", LogPath(r.URL.Path), "err", err)
	}
	// A request turned away for now says when to come back.
	var refused *domain.Refused
	if errors.As(err, &refused) && refused.Retry > 0 {
		SetRetryAfter(w, refused.Retry)
	}
	pages := pagesOf(r)
	switch {
	case strings.HasPrefix(r.URL.Path, "/api/") || pages == nil:
		w.Header().Set("Cache-Control", "no-store")
		WriteJSON(w, status, wire.ErrorBody{Error: ErrorBody(err)})
	case status == http.StatusNotFound:
		pages.NotFound(w, r)
	default:
		pages.ErrorPage(w, r, status)
	}
}

// Refuse answers a request turned away before it reached its handler: a
// JSON error under /api/, plain text elsewhere (no page is rendered for a
// request that is not allowed in).
func Refuse(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		WriteAPIError(w, status, code, msg)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, msg, status)
}

// WriteAPIError writes an error answer of the JSON API.
func WriteAPIError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, status, wire.ErrorBody{Error: wire.APIError{Code: code, Message: msg}})
}

// WriteJSON writes v as the JSON body of a status answer.
func WriteJSON(w http.ResponseWriter, status int, v any) {
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
