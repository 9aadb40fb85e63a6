// Package staffsignin is how members of staff sign in and how long they
// stay signed in: checking an e-mail address, password and second-step
// code with the attempt limits, starting a session, and deciding on each
// request whether a session still holds (its absolute end, idleness, a
// disabled account, an admin who must set up two-step sign-in first). The
// primitives (password hashes, TOTP, tokens) are internal/auth's; cookies
// and status codes are the HTTP side's. Nothing here knows of HTTP.
package staffsignin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
)

// Attempt limits: every sign-in attempt counts, per account (the e-mail
// address as typed, hashed) and per client, in fixed windows shared by
// every instance (the database rate limiter).
const (
	AccountLimit = 10  // per account and client network
	AccountCap   = 100 // per account from every network
	ClientLimit  = 30
	Window       = 15 * time.Minute
	// CodeLimit bounds the wrong second-step codes (TOTP or recovery) per
	// account in Window, from every network: past it even a right code
	// waits for the window's end.
	CodeLimit = 5
)

// Messages of sign-in. A wrong e-mail address and a wrong password get the
// same answer, so that nobody can learn who has an account.
const (
	MsgSignInFailed = "E-mail or password is incorrect."
	MsgWrongCode    = "The code is not right. Try again."
	MsgSignIn       = "Please sign in."
	MsgSessionEnded = "Your session has ended. Please sign in again."
	MsgEnrollFirst  = "Set up two-step sign-in first."
)

// Store is what signing in reads and writes.
type Store interface {
	domain.StaffStore
	domain.SessionStore
	domain.RateLimiter
	domain.AuditStore
	domain.OutboxStore
}

// Keys seal and unseal stored TOTP secrets (the data keys,
// idcrypt.Keyring).
type Keys interface {
	Open(sealed []byte) ([]byte, error)
	Seal(plain []byte) ([]byte, error)
}

// Service signs members of staff in and checks their sessions.
type Service struct {
	store Store
	keys  Keys
	now   func() time.Time
	idle  time.Duration
	log   *slog.Logger
}

// New returns the service over store. keys may be nil (no second factor
// can then be checked); idle is how long an unused session lasts
// (auth.SessionIdle when 0).
func New(store Store, keys Keys, now func() time.Time, idle time.Duration, log *slog.Logger) *Service {
	if idle <= 0 {
		idle = auth.SessionIdle
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, keys: keys, now: now, idle: idle, log: log}
}

// Idle is how long an unused session lasts.
func (s *Service) Idle() time.Duration { return s.idle }

// TouchEvery is how often a used session's last-seen time is written:
// every auth.SessionTouchEvery, or more often under a short idle limit so
// that a session in use never looks idle.
func (s *Service) TouchEvery() time.Duration {
	return min(auth.SessionTouchEvery, s.idle/30)
}

// TooMany is the answer to an attempt past a limit: the message, and how
// long until the window ends (a Retry-After).
type TooMany struct {
	Err   *domain.Error // ETooMany with the message
	Retry time.Duration
}

func (e *TooMany) Error() string { return e.Err.Error() }
func (e *TooMany) Unwrap() error { return e.Err }

// ErrBusy is the answer while too many password checks wait: the client
// should try again in a moment (a 503, not a 429: nobody did too much).
var ErrBusy = domain.Errorf(domain.ETooMany, "Too many sign-ins at once. Try again in a moment.")

// Attempt is one sign-in as it was sent.
type Attempt struct {
	Email, Password, Code string
	// Client is the client's network as a rate-limit key (hashed, no
	// address); ClientIP is its address for the audit log, or "".
	Client, ClientIP string
	// Replaces is the session the browser's cookie named, or "": a sign-in
	// ends it, so that a token planted in the browser before (a session
	// fixation) never becomes a signed-in session.
	Replaces string
	// UserAgent is the browser's User-Agent header, kept with the session.
	UserAgent string
}

// SignedIn is a successful sign-in: the account and its new session,
// whose token goes into the cookie. NeedsCode is set instead when the
// password was right and the account asks for a second-step code.
type SignedIn struct {
	NeedsCode bool
	User      domain.StaffUser
	Session   domain.Session
	Token     string
}

// SignIn checks a and, when everything holds, starts a session. Errors:
// EInvalid with fields for a missing or over-long field, *TooMany past a
// limit, ErrBusy, EUnauthorized with MsgSignInFailed (whatever was wrong)
// or MsgWrongCode.
func (s *Service) SignIn(ctx context.Context, a Attempt) (SignedIn, error) {
	a.Email = strings.TrimSpace(a.Email)
	if err := validate(a); err != nil {
		return SignedIn{}, err
	}
	if err := s.throttle(ctx, "login-client:"+a.Client, ClientLimit); err != nil {
		return SignedIn{}, err
	}
	// Per account and client network, so that someone elsewhere who knows
	// the address cannot lock its owner out; and per account from every
	// network, a higher cap against a distributed guess.
	if err := s.throttle(ctx, accountKey(a.Email, a.Client), AccountLimit); err != nil {
		return SignedIn{}, err
	}
	if err := s.throttle(ctx, accountKey(a.Email, ""), AccountCap); err != nil {
		return SignedIn{}, err
	}
	u, rehash, err := s.checkPassword(ctx, a)
	if err != nil {
		return SignedIn{}, err
	}
	if u.TOTPEnabled() {
		if strings.TrimSpace(a.Code) == "" {
			return SignedIn{NeedsCode: true}, nil
		}
		if err := s.secondStep(ctx, a, u); err != nil {
			return SignedIn{}, err
		}
	}
	// The session is stored only if the account still has the hash just
	// checked and is enabled: a reset, disabling or new password while
	// the (slow) check ran wins over this sign-in.
	start := domain.SessionStart{PasswordHash: u.PasswordHash, Replaces: a.Replaces, UserAgent: a.UserAgent}
	if rehash {
		if h, err := auth.HashPassword(ctx, a.Password); err == nil {
			start.Rehash = h
		} else {
			s.log.WarnContext(ctx, "rehashing a password failed", "staff", u.ID, "err", err)
		}
	}
	now := s.now()
	sess, token, err := s.Issue(ctx, u.ID, start, now, now.Add(auth.SessionMax))
	if domain.ErrorCode(err) == domain.EConflict {
		s.audit(ctx, a, u.ID, u.Email, domain.AuditSignInFailed, u.ID, "account changed during sign-in")
		return SignedIn{}, domain.Errorf(domain.EUnauthorized, "%s", MsgSignInFailed)
	}
	if err != nil {
		return SignedIn{}, err
	}
	s.audit(ctx, a, u.ID, u.Email, domain.AuditSignIn, u.ID, "")
	return SignedIn{User: u, Session: sess, Token: token}, nil
}

// checkPassword finds the account of a's e-mail address and checks its
// password; rehash says whether the stored hash has weaker parameters
// than today's. An unknown address, a wrong password and a disabled
// account all get MsgSignInFailed, after the same work.
func (s *Service) checkPassword(ctx context.Context, a Attempt) (u domain.StaffUser, rehash bool, err error) {
	u, err = s.store.GetStaffUserByEmail(ctx, a.Email)
	if err != nil && !domain.IsNotFound(err) {
		return u, false, err
	}
	failed := domain.Errorf(domain.EUnauthorized, "%s", MsgSignInFailed)
	if err != nil || u.PasswordHash == "" {
		// The same work as a wrong password, so timing tells nothing.
		if err := auth.VerifyNothing(ctx, a.Password); errors.Is(err, auth.ErrBusy) {
			return u, false, ErrBusy
		}
		// What was typed is not kept: it may be anything, even a
		// password typed into the wrong field.
		s.audit(ctx, a, "", "", domain.AuditSignInFailed, "", "unknown account or no password set")
		return u, false, failed
	}
	ok, rehash, err := auth.VerifyPassword(ctx, u.PasswordHash, a.Password)
	if errors.Is(err, auth.ErrBusy) {
		return u, false, ErrBusy
	}
	if err != nil && ctx.Err() != nil {
		return u, false, err
	}
	if !ok {
		if err != nil {
			s.log.ErrorContext(ctx, "stored password hash unreadable", "staff", u.ID, "err", err)
		}
		s.audit(ctx, a, u.ID, a.Email, domain.AuditSignInFailed, u.ID, "wrong password")
		return u, false, failed
	}
	if u.Disabled {
		s.audit(ctx, a, u.ID, a.Email, domain.AuditSignInFailed, u.ID, "account disabled")
		return u, false, failed
	}
	return u, rehash, nil
}

// validate refuses an attempt with a missing or over-long field.
func validate(a Attempt) error {
	fields := map[string]string{}
	if a.Email == "" {
		fields["email"] = "Enter your e-mail address."
	} else if len(a.Email) > domain.EmailMax {
		fields["email"] = "This e-mail address is too long."
	}
	if a.Password == "" {
		fields["password"] = "Enter your password."
	} else if len(a.Password) > 4*auth.MaxPasswordLen {
		fields["password"] = auth.MsgPasswordLong
	}
	if len(fields) > 0 {
		return &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: fields}
	}
	return nil
}

// secondStep checks the attempt's code for u within the wrong-code limit.
// The code is counted before it is checked, so that concurrent guesses
// cannot pass the limit, and taken back when right: only wrong codes
// count. Past the limit no code is checked.
func (s *Service) secondStep(ctx context.Context, a Attempt, u domain.StaffUser) error {
	key, at := codeKey(u.ID), s.now()
	ok, retry, err := s.store.Allow(ctx, key, CodeLimit, Window, at)
	if err != nil {
		return err
	}
	if !ok {
		return &TooMany{Err: domain.Errorf(domain.ETooMany, "Too many wrong codes. Try again in %s.", inMinutes(retry)), Retry: retry}
	}
	used, err := s.checkSecondFactor(ctx, u, a.Code)
	if err != nil {
		return err
	}
	if used != "" {
		if err := s.store.Refund(ctx, key, at); err != nil {
			// The code is spent: the sign-in goes on.
			s.log.WarnContext(ctx, "taking back a right code from the limit failed", "staff", u.ID, "err", err)
		}
	}
	switch used {
	case "":
		s.audit(ctx, a, u.ID, u.Email, domain.AuditSignInFailed, u.ID, "wrong code")
		return &domain.Error{Code: domain.EUnauthorized, Message: MsgWrongCode, Fields: map[string]string{"code": MsgWrongCode}}
	case "recovery":
		left, _ := s.store.CountRecoveryCodes(ctx, u.ID)
		if err := s.record(ctx, a.ClientIP, u.ID, u.Email, domain.AuditRecoveryUsed, u.ID, fmt.Sprintf("%d left", left)); err != nil {
			return err
		}
	}
	return nil
}

// checkSecondFactor checks a TOTP code (each used once) or a recovery
// code (each works once) and says which was used: "totp", "recovery" or
// "" for neither.
func (s *Service) checkSecondFactor(ctx context.Context, u domain.StaffUser, code string) (string, error) {
	if rc := auth.NormalizeRecoveryCode(code); rc != "" {
		ok, err := s.store.UseRecoveryCode(ctx, u.ID, auth.HashRecoveryCode(rc))
		if err != nil || !ok {
			return "", err
		}
		return "recovery", nil
	}
	if s.keys == nil {
		return "", errors.New("staffsignin: no data keys to open a TOTP secret")
	}
	secret, err := s.keys.Open(u.TOTPSecret)
	if err != nil {
		return "", err
	}
	step, ok := auth.CheckTOTP(secret, code, s.now(), u.TOTPLastStep)
	if !ok {
		return "", nil
	}
	// Recorded atomically: of two sign-ins with one code, one wins.
	if ok, err = s.store.UseTOTPStep(ctx, u.ID, step); err != nil || !ok {
		return "", err
	}
	return "totp", nil
}

// Issue stores a session with a new token for the account (see
// domain.SessionStore's StartSession: EConflict when the account no
// longer has start's password hash or was disabled meanwhile) and returns
// it with its token.
func (s *Service) Issue(ctx context.Context, userID string, start domain.SessionStart, created, expires time.Time) (domain.Session, string, error) {
	token, id := auth.NewToken()
	sess := domain.Session{ID: id, UserID: userID, CreatedAt: created, LastSeenAt: s.now(), ExpiresAt: expires, UserAgent: start.UserAgent}
	if err := s.store.StartSession(ctx, &sess, start); err != nil {
		return domain.Session{}, "", err
	}
	return sess, token, nil
}

// ErrEnded is Check's answer for a session that has ended: it is removed
// (the caller clears the cookie too).
var ErrEnded = domain.Errorf(domain.EUnauthorized, MsgSessionEnded)

// ErrEnrollFirst is Check's answer for an admin without a second factor
// on anything but setting one up.
var ErrEnrollFirst = domain.Errorf(domain.EUnauthorized, MsgEnrollFirst)

// Check returns the account and session of a session ID (the hash of the
// cookie's token) on a request, and notes its use. enrolling says whether
// the request sets up two-step sign-in, the only thing an admin without
// it may do. Errors: ErrEnded for a session that has ended (its absolute
// end or idle limit passed, the account is gone or disabled), or that is
// not there any more; ErrEnrollFirst.
func (s *Service) Check(ctx context.Context, id string, enrolling bool) (domain.StaffUser, domain.Session, error) {
	sess, err := s.store.GetSession(ctx, id)
	if domain.IsNotFound(err) {
		return domain.StaffUser{}, domain.Session{}, ErrEnded
	}
	if err != nil {
		return domain.StaffUser{}, domain.Session{}, err
	}
	now := s.now()
	if !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) >= s.idle {
		return domain.StaffUser{}, domain.Session{}, s.end(ctx, id)
	}
	u, err := s.store.GetStaffUser(ctx, sess.UserID)
	if domain.IsNotFound(err) || (err == nil && u.Disabled) {
		return domain.StaffUser{}, domain.Session{}, s.end(ctx, id)
	}
	if err != nil {
		return domain.StaffUser{}, domain.Session{}, err
	}
	if now.Sub(sess.LastSeenAt) >= s.TouchEvery() {
		if err := s.store.TouchSession(ctx, id, now); err != nil && !domain.IsNotFound(err) {
			return domain.StaffUser{}, domain.Session{}, err
		}
	}
	if MustEnroll(u) && !enrolling {
		return domain.StaffUser{}, domain.Session{}, ErrEnrollFirst
	}
	return u, sess, nil
}

// end removes a session that has ended.
func (s *Service) end(ctx context.Context, id string) error {
	if err := s.store.DeleteSession(ctx, id); err != nil {
		return err
	}
	return ErrEnded
}

// MustEnroll reports whether u is an admin without a second factor.
func MustEnroll(u domain.StaffUser) bool { return u.Role == domain.RoleAdmin && !u.TOTPEnabled() }

// throttle counts one sign-in attempt against key and refuses it past limit.
func (s *Service) throttle(ctx context.Context, key string, limit int) error {
	ok, retry, err := s.store.Allow(ctx, key, limit, Window, s.now())
	if err != nil {
		return err
	}
	if ok {
		return nil
	}
	return &TooMany{Err: domain.Errorf(domain.ETooMany, "Too many sign-in attempts. Try again in %s.", inMinutes(retry)), Retry: retry}
}

// audit records a sign-in event, logging (not returning) a failure: the
// sign-in's answer does not depend on it.
func (s *Service) audit(ctx context.Context, a Attempt, actorID, actorEmail string, action domain.AuditAction, subject, detail string) {
	_ = s.record(ctx, a.ClientIP, actorID, actorEmail, action, subject, detail)
}

// record appends an entry to the audit log.
func (s *Service) record(ctx context.Context, clientIP, actorID, actorEmail string, action domain.AuditAction, subject, detail string) error {
	e := domain.AuditEntry{Action: action, Subject: subject, Detail: detail, At: s.now(), ActorID: actorID, ActorEmail: actorEmail, ClientIP: clientIP}
	if err := s.store.AppendAudit(ctx, &e); err != nil {
		s.log.ErrorContext(ctx, "audit log", "action", string(action), "err", err)
		return err
	}
	return nil
}

// inMinutes says how long retry is in whole minutes, rounded up: "1
// minute", "15 minutes".
func inMinutes(retry time.Duration) string {
	mins := int((retry + time.Minute - 1) / time.Minute)
	if mins <= 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", mins)
}

// codeKey is the rate-limit key of an account's wrong second-step codes
// (hashed like the others, though an account ID is no address).
func codeKey(userID string) string {
	sum := sha256.Sum256([]byte("login-code\x00" + userID))
	return "login-code:" + hex.EncodeToString(sum[:12])
}

// accountKey is the rate-limit key of an e-mail address as typed, from
// one client or, with client "", from all: hashed, so the table holds no
// addresses.
func accountKey(email, client string) string {
	sum := sha256.Sum256([]byte("login-account\x00" + strings.ToLower(strings.TrimSpace(email)) + "\x00" + client))
	return "login-account:" + hex.EncodeToString(sum[:12])
}
