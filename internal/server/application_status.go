package server

import (
	"mime"
	"net/http"

	"corpsite/internal/careers"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// The applicant's status page and its API (careers has the policies).
// The page's link carries its token in the fragment; the page posts it
// in JSON bodies, so it reaches no URL, log or Referer. Every answer is
// private: never stored, and it sends no referrer.

// statusAccepted is an answer written with 202 Accepted.
type statusAccepted struct{ body any }

// privateAPI adapts a handler of the status page's API: its value is
// written as JSON (statusAccepted: 202), its error as the API's errors
// are; nil (the handler wrote the answer) writes nothing more.
func privateAPI(fn func(w http.ResponseWriter, r *http.Request) (any, error)) http.Handler {
	return httpcore.WithLimits(formLimits, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setPrivate(w.Header())
		v, err := fn(w, r)
		switch a, accepted := v.(statusAccepted); {
		case err != nil:
			httpcore.Fail(w, r, err)
		case accepted:
			httpcore.WriteJSON(w, http.StatusAccepted, a.body)
		case v != nil:
			httpcore.WriteJSON(w, http.StatusOK, v)
		}
	}))
}

// setPrivate marks an answer as private: browsers and proxies keep no
// copy, pages and links opened from it send no Referer, and it stays
// isolated from the window that opened it (a page the same for everyone
// is not; see renderedPage.setHeaders).
func setPrivate(h http.Header) {
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// privatePage serves a page of a private link (the page itself holds no
// private data: its script reads the link): like any page, but never
// stored and sending no referrer, whatever the page cache's answer says.
func privatePage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&privateWriter{ResponseWriter: w}, r)
	})
}

// privateWriter makes an answer private as its header is written.
type privateWriter struct {
	http.ResponseWriter
	wrote bool
}

func (p *privateWriter) WriteHeader(status int) {
	if !p.wrote {
		p.wrote = true
		h := p.Header()
		h.Del("ETag") // no revalidation: nothing is kept to revalidate
		setPrivate(h)
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *privateWriter) Write(b []byte) (int, error) {
	if !p.wrote {
		p.WriteHeader(http.StatusOK)
	}
	return p.ResponseWriter.Write(b)
}

func (p *privateWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// POST /api/application-status: where the application stands.
func (s *Server) apiStatusView(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.StatusTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.careers.Status(r.Context(), req.Token)
}

// POST /api/application-status/withdraw: withdraws the application.
func (s *Server) apiStatusWithdraw(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.StatusTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.careers.Withdraw(r.Context(), req.Token)
}

// POST /api/application-status/erase: erases the application and its
// documents now (confirmed in the body; recorded in the audit log).
func (s *Server) apiStatusErase(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.StatusEraseRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	e := careers.Erasure{Token: req.Token, Confirm: req.Confirm}
	if a, ok := httpcore.ClientAddr(r.Context()); ok {
		e.ClientIP = a.String()
	}
	return s.careers.Erase(r.Context(), e)
}

// POST /api/application-status/download: a zip of what the applicant
// sent, documents included, as an attachment.
func (s *Server) apiStatusDownload(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.StatusTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	exp, err := s.careers.ExportData(r.Context(), req.Token)
	if err != nil {
		return nil, err
	}
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": exp.FileName()}))
	// The zip is written as it is read from storage: a later failure can
	// only cut it short (the browser then reports a failed download).
	if err := exp.WriteZip(r.Context(), w); err != nil && r.Context().Err() == nil {
		httpcore.Logger(r).Error("status page download cut short", "err", err)
	}
	return nil, nil
}

// POST /api/application-status/link: "Lost your link?". The same 202
// answer whether or not an application matched; a client over its limit
// gets 429 with Retry-After.
func (s *Server) apiStatusLink(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.StatusLinkRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	msg, err := s.careers.RequestLink(r.Context(), careers.LinkRequest{StatusLinkRequest: req, Client: httpcore.ClientKey(r)})
	if err != nil {
		return nil, refusal(w, err)
	}
	return statusAccepted{wire.StatusLinkAccepted{Message: msg}}, nil
}

// statusRoutes are the status page's API routes.
func (s *Server) statusRoutes(mux interface {
	Handle(pattern string, h http.Handler)
}) {
	for path, fn := range map[string]func(http.ResponseWriter, *http.Request) (any, error){
		"":          s.apiStatusView,
		"/withdraw": s.apiStatusWithdraw,
		"/erase":    s.apiStatusErase,
		"/download": s.apiStatusDownload,
		"/link":     s.apiStatusLink,
	} {
		mux.Handle("POST /api"+careers.StatusPagePath+path, privateAPI(fn))
	}
}
