package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

var errPanic = errors.New("server: handler panicked")

// statusOf maps an error kind to its HTTP status.
func statusOf(code string) int {
	switch code {
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
	code := domain.ErrorCode(err)
	status := statusOf(code)
	if status >= 500 {
		s.logger(r).Error("request failed", "path", r.URL.Path, "err", err)
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, status, wire.ErrorBody{Error: errorBody(err)})
		return
	}
	if status == http.StatusNotFound {
		s.servePage(w, r, byPath(r), s.notFoundPage)
		return
	}
	s.serveErrorPage(w, r, status)
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
