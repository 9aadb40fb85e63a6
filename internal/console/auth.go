package console

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/staffsignin"
	"corpsite/internal/wire"
)

// Messages of the console's account screens (those of signing in are
// staffsignin's).
const (
	msgSessionEnded  = staffsignin.MsgSessionEnded
	msgSetupInvalid  = "This set-up link is invalid or has expired."
	msgSelfChange    = "You cannot change your own role or disable your own account. Ask another admin."
	msgTOTPAlreadyOn = staffsignin.MsgTOTPAlreadyOn
	msgResetDisabled = "This account is disabled: enable it first, then reset it."
)

// Staff session cookies. Browsers accept a __Host- cookie only with
// Secure, Path=/ and no Domain; they accept Secure cookies over plain
// HTTP from localhost (checked with Chromium), so only a plain-HTTP site
// on another host falls back to a cookie without the prefix.
const (
	cookieHost  = "__Host-staff"
	cookiePlain = "staff"
)

// auditPageSize is the number of audit entries per page.
const auditPageSize = 50

// enrolmentRoutes may be used by an admin who has still to set up the
// second factor (a restricted session): everything else answers 403.
var enrolmentRoutes = map[string]bool{
	"GET /me":                 true,
	"POST /logout":            true,
	"POST /logout-everywhere": true,
	"POST /totp/begin":        true,
	"POST /totp/confirm":      true,
}

// authRoutes are the staff API routes of sign-in, sessions, TOTP, staff
// accounts and the audit log.
func (s *Server) authRoutes() []adminRoute {
	return []adminRoute{
		// Open to everyone (no session, so no roles): signing in and set-up.
		send(http.MethodPost, "/login", nil, s.adminLogin).public(),
		send(http.MethodPost, "/setup/check", nil, s.adminSetupCheck).public(),
		send(http.MethodPost, "/setup", nil, s.adminSetup).public(),
		call(http.MethodPost, "/logout", anyStaff, s.adminLogout),
		call(http.MethodPost, "/logout-everywhere", anyStaff, s.adminLogoutEverywhere),
		get("/me", anyStaff, s.adminMe),
		call(http.MethodPost, "/totp/begin", anyStaff, s.adminTOTPBegin),
		send(http.MethodPost, "/totp/confirm", anyStaff, s.adminTOTPConfirm),
		get("/staff", adminsOnly, s.adminListStaff),
		send(http.MethodPost, "/staff", adminsOnly, s.adminAddStaff),
		send(http.MethodPatch, "/staff/{id}", adminsOnly, s.adminUpdateStaff),
		call(http.MethodPost, "/staff/{id}/reset", adminsOnly, s.adminResetStaff),
		get("/audit", adminsOnly, s.adminAudit),
		get("/audit/export.csv", adminsOnly, s.adminExportAudit),
	}
}

// staffCookie returns the session cookie's name and whether it is
// Secure, from the base URL: https, or plain http on a loopback host,
// gets the __Host- cookie.
func (s *Server) staffCookie() (name string, secure bool) {
	u, err := url.Parse(s.baseURL)
	if err != nil || u.Scheme == "https" || isLoopbackHost(u.Hostname()) {
		return cookieHost, true
	}
	return cookiePlain, false
}

// isLoopbackHost reports whether browsers treat host as a secure context
// over plain HTTP.
func isLoopbackHost(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// WarnInsecureCookie logs, once at start-up, that staff sessions travel
// without Secure because the base URL is plain HTTP on a public host.
func (s *Server) WarnInsecureCookie() {
	if _, secure := s.staffCookie(); !secure {
		s.log.Warn("the base URL is plain http on a host other than localhost: staff session cookies are sent without Secure; use https")
	}
}

func (s *Server) setSessionCookie(w http.ResponseWriter, token string, expires time.Time) {
	name, secure := s.staffCookie()
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: token, Path: "/", Expires: expires, MaxAge: int(auth.SessionMax / time.Second),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode,
	})
}

func (s *Server) clearSessionCookie(w http.ResponseWriter) {
	name, secure := s.staffCookie()
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
}

// authenticate returns the member of staff signed in with r's session
// cookie, for route rt: EUnauthorized (401) when there is none or it has
// ended (the cookie is cleared); 403 for an admin without a second factor
// outside enrolment. staffsignin decides; this reads and clears cookies.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request, rt adminRoute) (*Staff, error) {
	id := s.incomingSession(r)
	if id == "" {
		return nil, domain.Errorf(domain.EUnauthorized, staffsignin.MsgSignIn)
	}
	u, sess, err := s.signin.Check(r.Context(), id, enrolmentRoutes[rt.method+" "+rt.path])
	switch {
	case errors.Is(err, staffsignin.ErrEnded):
		s.clearSessionCookie(w)
		return nil, err
	case errors.Is(err, staffsignin.ErrEnrollFirst):
		return nil, httpcore.WithStatus(err, http.StatusForbidden)
	case err != nil:
		return nil, err
	}
	return &Staff{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role, SessionID: sess.ID}, nil
}

// staffMe is u as the console sees itself.
func (s *Server) staffMe(u domain.StaffUser, sess domain.Session) *wire.StaffMe {
	return &wire.StaffMe{
		ID: u.ID, Email: u.Email, Name: u.Name, Role: string(u.Role),
		TOTPEnabled: u.TOTPEnabled(), MustEnrollTOTP: staffsignin.MustEnroll(u),
		IdleTimeoutSeconds: int(s.signin.Idle() / time.Second),
		ExpiresAt:          sess.ExpiresAt.UTC().Format(time.RFC3339),
	}
}

// startSession signs u in: a new session in the store and its cookie.
// start says which password hash was checked (EConflict when the account
// no longer has it or was disabled meanwhile) and which session ends.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u domain.StaffUser, start domain.SessionStart) (wire.LoginAnswer, error) {
	now := s.now()
	sess, err := s.issueSession(w, r, u.ID, start, now, now.Add(auth.SessionMax))
	if err != nil {
		return wire.LoginAnswer{}, err
	}
	return wire.LoginAnswer{Staff: s.staffMe(u, sess)}, nil
}

// issueSession stores a session with a new token for the account and sets
// its cookie.
func (s *Server) issueSession(w http.ResponseWriter, r *http.Request, userID string, start domain.SessionStart, created, expires time.Time) (domain.Session, error) {
	start.UserAgent = r.UserAgent()
	sess, token, err := s.signin.Issue(r.Context(), userID, start, created, expires)
	if err != nil {
		return domain.Session{}, err
	}
	s.setSessionCookie(w, token, sess.ExpiresAt)
	return sess, nil
}

// incomingSession is the ID of the session that r's cookie names, or "".
func (s *Server) incomingSession(r *http.Request) string {
	name, _ := s.staffCookie()
	c, err := r.Cookie(name)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return ""
	}
	return auth.HashToken(c.Value)
}

// POST /api/admin/login: signs in with e-mail and password and, for an
// account with a second factor, a TOTP or recovery code (staffsignin).
func (s *Server) adminLogin(w http.ResponseWriter, r *http.Request, _ *Staff, req wire.LoginRequest) (wire.LoginAnswer, error) {
	a := staffsignin.Attempt{Email: req.Email, Password: req.Password, Code: req.Code, Client: httpcore.ClientKey(r), Replaces: s.incomingSession(r), UserAgent: r.UserAgent()}
	if addr, ok := httpcore.ClientAddr(r.Context()); ok {
		a.ClientIP = addr.String()
	}
	in, err := s.signin.SignIn(r.Context(), a)
	var tooMany *staffsignin.TooMany
	switch {
	case errors.As(err, &tooMany):
		httpcore.SetRetryAfter(w, tooMany.Retry)
		return wire.LoginAnswer{}, tooMany.Err
	case errors.Is(err, staffsignin.ErrBusy):
		return wire.LoginAnswer{}, httpcore.WithStatus(err, http.StatusServiceUnavailable)
	case err != nil:
		return wire.LoginAnswer{}, err
	case in.NeedsCode:
		return wire.LoginAnswer{NeedsCode: true}, nil
	}
	s.setSessionCookie(w, in.Token, in.Session.ExpiresAt)
	return wire.LoginAnswer{Staff: s.staffMe(in.User, in.Session)}, nil
}

// setupUser returns the account of a set-up token, or 401.
func (s *Server) setupUser(r *http.Request, token string) (domain.StaffUser, error) {
	if token == "" || len(token) > 100 {
		return domain.StaffUser{}, domain.Errorf(domain.EUnauthorized, msgSetupInvalid)
	}
	u, err := s.store.LookupSetupToken(r.Context(), auth.HashToken(token), s.now())
	if domain.IsNotFound(err) {
		return u, domain.Errorf(domain.EUnauthorized, msgSetupInvalid)
	}
	return u, err
}

// POST /api/admin/setup/check: whose account a set-up link is for.
func (s *Server) adminSetupCheck(_ http.ResponseWriter, r *http.Request, _ *Staff, req wire.SetupCheckRequest) (wire.SetupInfo, error) {
	u, err := s.setupUser(r, req.Token)
	if err != nil {
		return wire.SetupInfo{}, err
	}
	return wire.SetupInfo{Email: u.Email, Name: u.Name}, nil
}

// POST /api/admin/setup: sets the password with a set-up link, consumes
// the link and signs in.
func (s *Server) adminSetup(w http.ResponseWriter, r *http.Request, _ *Staff, req wire.SetupRequest) (wire.LoginAnswer, error) {
	ctx := r.Context()
	u, err := s.setupUser(r, req.Token)
	if err != nil {
		return wire.LoginAnswer{}, err
	}
	if err := auth.CheckPassword(req.Password, u.Email, u.Name); err != nil {
		return wire.LoginAnswer{}, err
	}
	hash, err := auth.HashPassword(ctx, req.Password)
	if err != nil {
		return wire.LoginAnswer{}, err
	}
	u, err = s.store.CompleteSetup(ctx, auth.HashToken(req.Token), hash, s.now())
	if domain.IsNotFound(err) {
		return wire.LoginAnswer{}, domain.Errorf(domain.EUnauthorized, msgSetupInvalid)
	}
	if err != nil {
		return wire.LoginAnswer{}, err
	}
	actor := &Staff{ID: u.ID, Email: u.Email}
	_ = s.auditAbout(r, actor, domain.AuditPasswordSet, u.ID, staffLabel(u.Name, u.Email), "")
	ans, err := s.startSession(w, r, u, domain.SessionStart{PasswordHash: u.PasswordHash, Replaces: s.incomingSession(r)})
	if domain.ErrorCode(err) == domain.EConflict {
		// Reset or disabled since the password was set.
		return wire.LoginAnswer{}, domain.Errorf(domain.EUnauthorized, msgSetupInvalid)
	}
	if err != nil {
		return wire.LoginAnswer{}, err
	}
	_ = s.auditAbout(r, actor, domain.AuditSignIn, u.ID, staffLabel(u.Name, u.Email), "after set-up")
	return ans, nil
}

// POST /api/admin/logout: ends this session.
func (s *Server) adminLogout(w http.ResponseWriter, r *http.Request, st *Staff) (struct{}, error) {
	if err := s.store.DeleteSession(r.Context(), st.SessionID); err != nil {
		return struct{}{}, err
	}
	s.clearSessionCookie(w)
	_ = s.auditAbout(r, st, domain.AuditSignOut, st.ID, staffLabel(st.Name, st.Email), "")
	return struct{}{}, nil
}

// POST /api/admin/logout-everywhere: ends every session of the member.
func (s *Server) adminLogoutEverywhere(w http.ResponseWriter, r *http.Request, st *Staff) (struct{}, error) {
	if err := s.store.DeleteStaffSessions(r.Context(), st.ID); err != nil {
		return struct{}{}, err
	}
	s.clearSessionCookie(w)
	_ = s.auditAbout(r, st, domain.AuditSignOutAll, st.ID, staffLabel(st.Name, st.Email), "")
	return struct{}{}, nil
}

// GET /api/admin/me: the signed-in member.
func (s *Server) adminMe(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffMe, error) {
	u, err := s.store.GetStaffUser(r.Context(), st.ID)
	if err != nil {
		return wire.StaffMe{}, err
	}
	sess, err := s.store.GetSession(r.Context(), st.SessionID)
	if domain.IsNotFound(err) {
		return wire.StaffMe{}, domain.Errorf(domain.EUnauthorized, msgSessionEnded)
	}
	if err != nil {
		return wire.StaffMe{}, err
	}
	return *s.staffMe(u, sess), nil
}

// issuer names the site in authenticator apps.
func (s *Server) issuer() string {
	if s.siteName != "" {
		return s.siteName
	}
	return "Staff console"
}

// POST /api/admin/totp/begin: the secret to add to an authenticator app,
// kept, sealed, as pending until confirmed: for ten minutes the same one
// is answered again (a reload shows what was scanned).
func (s *Server) adminTOTPBegin(w http.ResponseWriter, r *http.Request, st *Staff) (wire.TOTPSetup, error) {
	// Once on, the second factor is not replaced from here: the account
	// page's "Change authenticator" asks for a code of the one in use
	// first, so that whoever holds a session (an unlocked machine, a
	// stolen cookie) cannot move it to their own phone.
	secret, err := s.signin.BeginSetup(r.Context(), st.ID)
	if err != nil {
		return wire.TOTPSetup{}, accountError(w, err)
	}
	return s.totpSetup(st.Email, secret)
}

// POST /api/admin/totp/confirm: a code from the app turns the pending
// secret into the account's second factor; the answer is the recovery
// codes, shown once. The session goes on under a new token (a new
// cookie; the old token ends): the sign-in is complete only now, and a
// token that someone else planted or saw before must not share in it.
func (s *Server) adminTOTPConfirm(w http.ResponseWriter, r *http.Request, st *Staff, req wire.TOTPConfirmRequest) (wire.RecoveryCodes, error) {
	ctx := r.Context()
	u, err := s.store.GetStaffUser(ctx, st.ID)
	if err != nil {
		return wire.RecoveryCodes{}, err
	}
	if u.TOTPEnabled() {
		return wire.RecoveryCodes{}, domain.Errorf(domain.EConflict, "%s", msgTOTPAlreadyOn)
	}
	step, err := s.signin.CheckSetupCode(ctx, u, req.Code)
	if err != nil {
		return wire.RecoveryCodes{}, accountError(w, err)
	}
	sess, err := s.store.GetSession(ctx, st.SessionID)
	if domain.IsNotFound(err) {
		return wire.RecoveryCodes{}, domain.Errorf(domain.EUnauthorized, msgSessionEnded)
	}
	if err != nil {
		return wire.RecoveryCodes{}, err
	}
	// The new session keeps the sign-in's time and absolute end. It is
	// made first: were it made after the second factor is on and fail,
	// the recovery codes would be lost.
	_, err = s.issueSession(w, r, u.ID, domain.SessionStart{PasswordHash: u.PasswordHash, Replaces: st.SessionID}, sess.CreatedAt, sess.ExpiresAt)
	if domain.ErrorCode(err) == domain.EConflict {
		s.clearSessionCookie(w)
		return wire.RecoveryCodes{}, domain.Errorf(domain.EUnauthorized, msgSessionEnded)
	}
	if err != nil {
		return wire.RecoveryCodes{}, err
	}
	codes, hashes := auth.NewRecoveryCodes()
	if err := s.store.EnableStaffTOTP(ctx, u.ID, u.TOTPPending, step, hashes); err != nil {
		return wire.RecoveryCodes{}, err
	}
	_ = s.auditAbout(r, st, domain.AuditTOTPEnabled, u.ID, staffLabel(u.Name, u.Email), "")
	return wire.RecoveryCodes{Codes: codes}, nil
}

// staffAccount is u as admins see it.
func staffAccount(u domain.StaffUser) wire.StaffAccount {
	return wire.StaffAccount{
		ID: u.ID, Email: u.Email, Name: u.Name, Role: string(u.Role), Disabled: u.Disabled,
		TOTPEnabled: u.TOTPEnabled(), PasswordSet: u.PasswordHash != "", CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339),
	}
}

// GET /api/admin/staff: every account.
func (s *Server) adminListStaff(_ http.ResponseWriter, r *http.Request, _ *Staff) ([]wire.StaffAccount, error) {
	users, err := s.store.ListStaffUsers(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]wire.StaffAccount, 0, len(users))
	for _, u := range users {
		out = append(out, staffAccount(u))
	}
	return out, nil
}

// POST /api/admin/staff: adds an account and answers its set-up link.
func (s *Server) adminAddStaff(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.StaffAccountRequest) (created[wire.SetupLink], error) {
	ctx := r.Context()
	u, err := auth.NewAccount(req.Email, req.Name, req.Role)
	if err != nil {
		return created[wire.SetupLink]{}, err
	}
	u.CreatedAt = s.now()
	if err := s.store.CreateStaffUser(ctx, &u); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return created[wire.SetupLink]{}, &domain.Error{Code: domain.EConflict, Message: "An account with this e-mail address already exists.",
				Fields: map[string]string{"email": "An account with this e-mail address already exists."}}
		}
		return created[wire.SetupLink]{}, err
	}
	link, expires, err := auth.IssueSetup(ctx, s.store, u.ID, s.baseURL, s.now())
	if err != nil {
		return created[wire.SetupLink]{}, err
	}
	_ = s.auditAbout(r, st, domain.AuditStaffAdded, u.ID, staffLabel(u.Name, u.Email), string(u.Role))
	mailed := s.mailSetupLink(r, st, u, link, expires, false)
	return created[wire.SetupLink]{wire.SetupLink{URL: link, ExpiresAt: expires.Format(time.RFC3339), Mailed: mailed}}, nil
}

// staffByID returns the account with the path's {id}.
func (s *Server) staffByID(r *http.Request) (domain.StaffUser, error) {
	u, err := s.store.GetStaffUser(r.Context(), r.PathValue("id"))
	if domain.IsNotFound(err) {
		return u, domain.Errorf(domain.ENotFound, "No such staff account.")
	}
	return u, err
}

// PATCH /api/admin/staff/{id}: changes an account's role or disables or
// enables it. Admins cannot demote or disable themselves.
func (s *Server) adminUpdateStaff(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.StaffAccountRequest) (wire.StaffAccount, error) {
	if req.Email != "" || req.Name != "" {
		return wire.StaffAccount{}, domain.Errorf(domain.EInvalid, "Only the role and whether the account is disabled can be changed.")
	}
	u, err := s.staffByID(r)
	if err != nil {
		return wire.StaffAccount{}, err
	}
	role, disabled := u.Role, u.Disabled
	if req.Role != "" {
		role = domain.Role(req.Role)
		if msg := auth.CheckRole(role); msg != "" {
			return wire.StaffAccount{}, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"role": msg}}
		}
	}
	if req.Disabled != nil {
		disabled = *req.Disabled
	}
	if u.ID == st.ID && (role != u.Role || disabled) {
		return wire.StaffAccount{}, domain.Errorf(domain.EConflict, msgSelfChange)
	}
	if role != u.Role || disabled != u.Disabled {
		if err := s.store.UpdateStaffAccount(r.Context(), u.ID, role, disabled); err != nil {
			return wire.StaffAccount{}, err
		}
	}
	if role != u.Role {
		_ = s.auditAbout(r, st, domain.AuditRoleChanged, u.ID, staffLabel(u.Name, u.Email), string(u.Role)+" → "+string(role))
	}
	switch {
	case disabled && !u.Disabled:
		_ = s.auditAbout(r, st, domain.AuditStaffDisabled, u.ID, staffLabel(u.Name, u.Email), "")
	case !disabled && u.Disabled:
		_ = s.auditAbout(r, st, domain.AuditStaffEnabled, u.ID, staffLabel(u.Name, u.Email), "")
	}
	u.Role, u.Disabled = role, disabled
	return staffAccount(u), nil
}

// POST /api/admin/staff/{id}/reset: a new set-up link; the account's
// password, second factor and sessions end.
func (s *Server) adminResetStaff(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.SetupLink, error) {
	u, err := s.staffByID(r)
	if err != nil {
		return wire.SetupLink{}, err
	}
	// A disabled account's link would not work (as the command line says).
	if u.Disabled {
		return wire.SetupLink{}, domain.Errorf(domain.EConflict, "%s", msgResetDisabled)
	}
	link, expires, err := auth.IssueSetup(r.Context(), s.store, u.ID, s.baseURL, s.now())
	if err != nil {
		return wire.SetupLink{}, err
	}
	_ = s.auditAbout(r, st, domain.AuditStaffReset, u.ID, staffLabel(u.Name, u.Email), "")
	mailed := s.mailSetupLink(r, st, u, link, expires, true)
	return wire.SetupLink{URL: link, ExpiresAt: expires.Format(time.RFC3339), Mailed: mailed}, nil
}

// auditActions are the actions the audit log's filter offers.
var auditActions = []domain.AuditAction{
	domain.AuditSignIn, domain.AuditSignInFailed, domain.AuditSignOut, domain.AuditSignOutAll,
	domain.AuditPasswordSet, domain.AuditTOTPEnabled, domain.AuditRecoveryUsed, domain.AuditStaffAdded,
	domain.AuditStaffReset, domain.AuditStaffDisabled, domain.AuditStaffEnabled, domain.AuditRoleChanged,
	domain.AuditIDRevealed, domain.AuditDocDownloaded, domain.AuditExport, domain.AuditErase,
	domain.AuditStatusChanged, domain.AuditMarkedNotSpam, domain.AuditMarkedSpam, domain.AuditJobPublished, domain.AuditJobClosed, domain.AuditJobDeleted, domain.AuditJobListChanged,
	domain.AuditJobRestored, domain.AuditJobDuplicated,
	domain.AuditPostPublished, domain.AuditPostUnpublish, domain.AuditPostDeleted, domain.AuditPostRestored, domain.AuditPostScheduled,
	domain.AuditPostUnscheduled, domain.AuditCommentsMod,
	domain.AuditMailRetried, domain.AuditContactDeleted, domain.AuditContactAssigned, domain.AuditContactNote,
	domain.AuditContactReplied, domain.AuditContactUpdated, domain.AuditAppOpened, domain.AuditTemplateSaved,
	domain.AuditAlertsExport, domain.AuditSiteImported, domain.AuditPasswordChanged, domain.AuditRecoveryRenewed, domain.AuditTOTPReplaced,
	domain.AuditProfileChanged, domain.AuditSessionEnded, domain.AuditSignOutOthers, domain.AuditLogExport, domain.AuditMailOpened,
}

// auditMaxSubject bounds the subject filter of the audit log.
const auditMaxSubject = 100

// GET /api/admin/audit?action=&actor=&subject=&from=&to=&page=: the audit log,
// newest first; from and to are days in the site's time zone (to
// included).
func (s *Server) adminAudit(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AuditPage, error) {
	f, page, err := s.parseAuditQuery(r.URL.Query())
	if err != nil {
		return wire.AuditPage{}, err
	}
	entries, total, err := s.store.ListAudit(r.Context(), f)
	if err != nil {
		return wire.AuditPage{}, err
	}
	rows, err := s.auditRows(r.Context(), entries)
	if err != nil {
		return wire.AuditPage{}, err
	}
	return wire.AuditPage{Entries: rows, Total: total, Page: page, PageSize: auditPageSize, Actions: auditActionNames()}, nil
}

// auditActionNames are the actions the audit log can be filtered by.
func auditActionNames() []string {
	names := make([]string, len(auditActions))
	for i, a := range auditActions {
		names[i] = string(a)
	}
	return names
}

// parseAuditQuery is the filter and page the audit log's query asks for,
// or a 400 naming the field that is wrong.
func (s *Server) parseAuditQuery(q url.Values) (domain.AuditFilter, int, error) {
	f := domain.AuditFilter{Limit: auditPageSize}
	if a := q.Get("action"); a != "" {
		if !slices.Contains(auditActions, domain.AuditAction(a)) {
			return f, 0, badQuery("action", "Unknown action.")
		}
		f.Action = domain.AuditAction(a)
	}
	if f.Actor = strings.TrimSpace(q.Get("actor")); len(f.Actor) > domain.EmailMax {
		return f, 0, badQuery("actor", "The actor filter is too long.")
	}
	// The subject filter matches an ID or reference, or what the subject
	// was called (a title, a name).
	if f.About = strings.TrimSpace(q.Get("subject")); utf8.RuneCountInString(f.About) > auditMaxSubject || !utf8.ValidString(f.About) {
		return f, 0, badQuery("subject", "The subject filter can be at most %d characters long.", auditMaxSubject)
	}
	var err error
	if f.Since, err = parseDay(q.Get("from"), "from", "From", s.zone); err != nil {
		return f, 0, err
	}
	if f.Until, err = parseDay(q.Get("to"), "to", "To", s.zone); err != nil {
		return f, 0, err
	}
	if !f.Until.IsZero() {
		f.Until = f.Until.AddDate(0, 0, 1)
	}
	page, err := staffPage(q.Get("page"))
	if err != nil {
		return f, 0, err
	}
	f.Offset = (page - 1) * auditPageSize
	return f, page, nil
}

// staffLabel names a member of staff in the audit log: their name, or
// their e-mail when they have none.
func staffLabel(name, email string) string {
	if strings.TrimSpace(name) != "" {
		return strings.TrimSpace(name)
	}
	return email
}
