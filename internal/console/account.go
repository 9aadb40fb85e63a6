package console

import (
	"errors"
	"net/http"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/staffsignin"
	"corpsite/internal/wire"
)

// accountRoutes are the signed-in member's own account page: password,
// recovery codes, authenticator and sessions (staffsignin's rules).
func (s *Server) accountRoutes() []adminRoute {
	return []adminRoute{
		send(http.MethodPost, "/account/password", anyStaff, s.accountPassword),
		send(http.MethodPost, "/account/recovery-codes", anyStaff, s.accountRecoveryCodes),
		send(http.MethodPost, "/account/totp/begin", anyStaff, s.accountTOTPBegin),
		send(http.MethodPost, "/account/totp/confirm", anyStaff, s.accountTOTPConfirm),
		get("/account/sessions", anyStaff, s.accountSessions),
		call(http.MethodDelete, "/account/sessions/{ref}", anyStaff, s.accountEndSession),
		call(http.MethodPost, "/account/sessions/end-others", anyStaff, s.accountEndOthers),
	}
}

// member is st as staffsignin's account rules take it.
func member(r *http.Request, st *Staff) staffsignin.Member {
	m := staffsignin.Member{ID: st.ID, Email: st.Email, SessionID: st.SessionID}
	if a, ok := httpcore.ClientAddr(r.Context()); ok {
		m.ClientIP = a.String()
	}
	return m
}

// accountError gives staffsignin's limits their HTTP form: 429 with
// Retry-After past a limit, 503 while too many passwords are checked.
func accountError(w http.ResponseWriter, err error) error {
	var tooMany *staffsignin.TooMany
	switch {
	case errors.As(err, &tooMany):
		httpcore.SetRetryAfter(w, tooMany.Retry)
		return tooMany.Err
	case errors.Is(err, staffsignin.ErrBusy):
		return httpcore.WithStatus(err, http.StatusServiceUnavailable)
	}
	return err
}

// POST /api/admin/account/password: a new password, given the current
// one; the member's other sessions end.
func (s *Server) accountPassword(w http.ResponseWriter, r *http.Request, st *Staff, req wire.PasswordChangeRequest) (struct{}, error) {
	return struct{}{}, accountError(w, s.signin.ChangePassword(r.Context(), member(r, st), req.CurrentPassword, req.NewPassword))
}

// POST /api/admin/account/recovery-codes: ten new recovery codes, shown
// once; the old ones stop working.
func (s *Server) accountRecoveryCodes(w http.ResponseWriter, r *http.Request, st *Staff, req wire.RecoveryCodesRequest) (wire.RecoveryCodes, error) {
	codes, err := s.signin.NewRecoveryCodes(r.Context(), member(r, st), req.Password, req.Code)
	if err != nil {
		return wire.RecoveryCodes{}, accountError(w, err)
	}
	return wire.RecoveryCodes{Codes: codes}, nil
}

// totpSetup is a secret as the set-up screens show it: text, URI and QR
// code.
func (s *Server) totpSetup(email string, secret []byte) (wire.TOTPSetup, error) {
	uri := auth.TOTPURI(s.issuer(), email, secret)
	svg, err := auth.QRSVG(uri, "QR code to add "+s.issuer()+" to your authenticator app")
	if err != nil {
		return wire.TOTPSetup{}, err
	}
	return wire.TOTPSetup{Secret: auth.EncodeSecret(secret), URI: uri, QRSVG: svg}, nil
}

// POST /api/admin/account/totp/begin: given a current code of the
// authenticator in use, a new secret (pending; the old one works until
// confirmed).
func (s *Server) accountTOTPBegin(w http.ResponseWriter, r *http.Request, st *Staff, req wire.TOTPReplaceRequest) (wire.TOTPSetup, error) {
	secret, err := s.signin.BeginReplace(r.Context(), member(r, st), req.OldCode)
	if err != nil {
		return wire.TOTPSetup{}, accountError(w, err)
	}
	return s.totpSetup(st.Email, secret)
}

// POST /api/admin/account/totp/confirm: a code from the new authenticator
// makes it the account's second factor.
func (s *Server) accountTOTPConfirm(w http.ResponseWriter, r *http.Request, st *Staff, req wire.TOTPConfirmRequest) (struct{}, error) {
	return struct{}{}, accountError(w, s.signin.ConfirmReplace(r.Context(), member(r, st), req.Code))
}

// GET /api/admin/account/sessions: the member's sessions, this one marked.
func (s *Server) accountSessions(_ http.ResponseWriter, r *http.Request, st *Staff) ([]wire.StaffSession, error) {
	list, err := s.signin.Sessions(r.Context(), member(r, st))
	if err != nil {
		return nil, err
	}
	out := make([]wire.StaffSession, 0, len(list))
	for _, x := range list {
		out = append(out, wire.StaffSession{
			Ref: x.Ref, Device: x.Device, SignedInAt: x.SignedIn.UTC().Format(time.RFC3339),
			LastSeenAt: x.LastSeen.UTC().Format(time.RFC3339), Current: x.Current,
		})
	}
	return out, nil
}

// DELETE /api/admin/account/sessions/{ref}: ends one of the member's
// sessions; ending this one signs the browser out.
func (s *Server) accountEndSession(w http.ResponseWriter, r *http.Request, st *Staff) (wire.SessionEnded, error) {
	current, err := s.signin.EndSession(r.Context(), member(r, st), r.PathValue("ref"))
	if err != nil {
		return wire.SessionEnded{}, err
	}
	if current {
		s.clearSessionCookie(w)
	}
	return wire.SessionEnded{Current: current}, nil
}

// POST /api/admin/account/sessions/end-others: ends every session of the
// member but this one.
func (s *Server) accountEndOthers(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.SessionsEnded, error) {
	n, err := s.signin.EndOtherSessions(r.Context(), member(r, st))
	return wire.SessionsEnded{Ended: n}, err
}

// mailSetupLink queues the e-mail of a set-up link made by st for u, and
// says whether it was queued (the admin sees the link either way).
func (s *Server) mailSetupLink(r *http.Request, st *Staff, u domain.StaffUser, link string, expires time.Time, reset bool) bool {
	err := s.signin.MailSetupLink(r.Context(), staffsignin.SetupMail{
		To: u.Email, Name: u.Name, Role: u.Role, InvitedBy: st.Name, InvitedByEmail: st.Email,
		Link: link, Expires: expires, Reset: reset, SiteName: s.siteName, Zone: s.zone,
	})
	if err != nil {
		httpcore.Logger(r).Error("queueing a set-up link's e-mail", "staff", u.ID, "err", err)
		return false
	}
	if s.mailQueued != nil {
		s.mailQueued()
	}
	return true
}
