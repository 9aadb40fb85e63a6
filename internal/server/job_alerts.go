package server

import (
	"io"
	"net/http"
	"net/url"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/jobalerts"
	"corpsite/internal/jobsearch"
	"corpsite/internal/wire"
)

// Job alerts (internal/jobalerts has the policies). The sign-up is a
// form's JSON; the alert's page posts its link's token in JSON bodies, as
// the status page does; the mails' List-Unsubscribe URL takes the
// one-click POST of RFC 8058 with the token in its query.

// JobAlerts is the site's job alerts service (the app's scheduler runs it).
func (s *Server) JobAlerts() *jobalerts.Service { return s.alerts }

func (s *Server) newJobAlerts() *jobalerts.Service {
	return jobalerts.New(jobalerts.Config{Store: s.store, BaseURL: s.baseURL, SiteName: s.content.Site.Name,
		Words: jobsearch.WordsOf(s.content.Jobs), Zone: s.zone(), MailQueued: s.mailQueued, Now: s.now})
}

// alertRoutes are the job alerts' routes.
func (s *Server) alertRoutes(mux interface {
	Handle(pattern string, h http.Handler)
}) {
	mux.Handle("POST /api/job-alerts", privateAPI(s.apiAlertSubscribe))
	for path, fn := range map[string]func(http.ResponseWriter, *http.Request) (any, error){
		"/view":        s.apiAlertView,
		"/confirm":     s.apiAlertConfirm,
		"/frequency":   s.apiAlertFrequency,
		"/renew":       s.apiAlertRenew,
		"/unsubscribe": s.apiAlertUnsubscribe,
	} {
		mux.Handle("POST /api/job-alerts"+path, privateAPI(fn))
	}
	mux.Handle("POST "+jobalerts.UnsubscribePath, httpcore.WithLimits(formLimits, http.HandlerFunc(s.oneClickUnsubscribe)))
	mux.Handle("GET "+jobalerts.UnsubscribePath, http.HandlerFunc(s.unsubscribeLink))
}

// POST /api/job-alerts: a sign-up, answered 202 alike whatever became of it.
func (s *Server) apiAlertSubscribe(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	msg, err := s.alerts.Subscribe(r.Context(), req, httpcore.ClientKey(r))
	if err != nil {
		return nil, refusal(w, err)
	}
	return statusAccepted{body: wire.JobAlertAccepted{Message: msg}}, nil
}

func (s *Server) apiAlertView(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.alerts.View(r.Context(), req.Token)
}

func (s *Server) apiAlertConfirm(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.alerts.Confirm(r.Context(), req.Token)
}

func (s *Server) apiAlertFrequency(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertFrequencyRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.alerts.SetFrequency(r.Context(), req.Token, req.Frequency)
}

func (s *Server) apiAlertRenew(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	return s.alerts.Renew(r.Context(), req.Token)
}

func (s *Server) apiAlertUnsubscribe(_ http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.JobAlertTokenRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	if err := s.alerts.Unsubscribe(r.Context(), req.Token); err != nil {
		return nil, err
	}
	return wire.JobAlertView{Message: "This alert has ended. We will not e-mail you about it again."}, nil
}

// oneClickMax is the longest one-click body read.
const oneClickMax = 1024

// POST /alerts/unsubscribe?token=…: RFC 8058 one-click unsubscribe, as a
// mail program sends it (body List-Unsubscribe=One-Click, form-encoded):
// no session, no CSRF token, no confirmation page. The token is the
// authority, scoped to one alert.
func (s *Server) oneClickUnsubscribe(w http.ResponseWriter, r *http.Request) {
	setPrivate(w.Header())
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	body, err := io.ReadAll(io.LimitReader(r.Body, oneClickMax+1))
	if err != nil || len(body) > oneClickMax {
		http.Error(w, "The request could not be read.", http.StatusBadRequest)
		return
	}
	form, err := url.ParseQuery(string(body))
	if err != nil || form.Get("List-Unsubscribe") != "One-Click" {
		http.Error(w, "Expected the body List-Unsubscribe=One-Click.", http.StatusBadRequest)
		return
	}
	switch err := s.alerts.Unsubscribe(r.Context(), r.URL.Query().Get("token")); {
	case domain.IsNotFound(err):
		http.Error(w, "This alert has ended already, or the link is not one of ours.", http.StatusNotFound)
	case err != nil:
		httpcore.Logger(r).Error("one-click unsubscribe failed", "err", err)
		http.Error(w, "The alert could not be ended right now. Please try again later.", http.StatusServiceUnavailable)
	default:
		io.WriteString(w, "Unsubscribed: this job alert has ended.\n") //nolint:errcheck // the client may be gone
	}
}

// GET /alerts/unsubscribe?token=…: a person who opened the header's link
// gets the alert's page, where ending it is one button.
func (s *Server) unsubscribeLink(w http.ResponseWriter, r *http.Request) {
	setPrivate(w.Header())
	target := jobalerts.PagePath
	if t := r.URL.Query().Get("token"); t != "" && !strings.ContainsAny(t, "&#?/") {
		target += "?token=" + url.QueryEscape(t)
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}
