package staffsignin

// What a signed-in member of staff may change of their own account (the
// console's account page): the password, the recovery codes, the
// authenticator, and their sessions; and the pending secret of setting up
// two-step sign-in, kept until confirmed or PendingTTL passes.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
)

// PendingTTL is how long a secret being set up (shown, not yet confirmed
// with a code) is offered again: a reload of the set-up screen shows the
// same secret, so that a code from an earlier scan still works.
const PendingTTL = 10 * time.Minute

// PasswordLimit bounds the wrong current passwords (changing the
// password, new recovery codes) per account in Window.
const PasswordLimit = 10

// SessionListMax bounds the sessions listed on the account page.
const SessionListMax = 100

// Messages of the account page.
const (
	MsgWrongSetupCode   = "The code is not right. Check that your phone's clock is set automatically and enter the newest code shown."
	MsgCurrentWrong     = "Your current password is not right."
	MsgCurrentMissing   = "Enter your current password."
	MsgSamePassword     = "Choose a password other than your current one."
	MsgNoPending        = "Start setting up two-step sign-in first."
	MsgPendingExpired   = "The key shown is more than 10 minutes old and has expired. Reload the page to get a new one, and add that one to your app."
	MsgTOTPAlreadyOn    = "Two-step sign-in is already on. To move it to another phone, use \"Change authenticator\" on your account page."
	MsgTOTPOff          = "Two-step sign-in is off: turn it on first."
	MsgProofMissing     = "Enter your current password or a code from your authenticator app."
	MsgOldCodeMissing   = "Enter the code your current authenticator app shows."
	MsgCodeMissing      = "Enter the 6-digit code your authenticator app shows."
	MsgAccountChanged   = "Your account changed meanwhile. Reload the page and try again."
	MsgSessionGone      = "That session has already ended."
	msgTooManyPasswords = "Too many wrong passwords. Try again in %s."
	msgTooManyCodes     = "Too many wrong codes. Try again in %s."
)

// Member is the signed-in member of staff making a change: the account,
// the session the change comes from, and the client's address for the
// audit log ("" when unknown).
type Member struct {
	ID, Email, SessionID, ClientIP string
}

// fieldError is an EInvalid error on one field.
func fieldError(field, msg string) error {
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// dataKeys returns the data keys, or an error when the site has none.
func (s *Service) dataKeys() (Keys, error) {
	if s.keys == nil {
		return nil, errors.New("staffsignin: no data keys for TOTP secrets")
	}
	return s.keys, nil
}

// pendingSecret returns u's pending secret, unsealed, while it is younger
// than PendingTTL; otherwise a new one, stored (sealed) as pending now.
func (s *Service) pendingSecret(ctx context.Context, u domain.StaffUser) ([]byte, error) {
	keys, err := s.dataKeys()
	if err != nil {
		return nil, err
	}
	now := s.now()
	if u.TOTPPending != nil && now.Sub(u.TOTPPendingAt) < PendingTTL && !now.Before(u.TOTPPendingAt) {
		if secret, err := keys.Open(u.TOTPPending); err == nil {
			return secret, nil
		}
		// Sealed with a key the site no longer has: a new one.
	}
	secret := auth.NewTOTPSecret()
	sealed, err := keys.Seal(secret)
	if err != nil {
		return nil, err
	}
	if err := s.store.SetStaffTOTPPending(ctx, u.ID, sealed, now); err != nil {
		return nil, err
	}
	return secret, nil
}

// openPending returns u's pending secret, unsealed: EConflict when there
// is none or it has expired.
func (s *Service) openPending(u domain.StaffUser) ([]byte, error) {
	if u.TOTPPending == nil {
		return nil, domain.Errorf(domain.EConflict, "%s", MsgNoPending)
	}
	if s.now().Sub(u.TOTPPendingAt) >= PendingTTL {
		return nil, domain.Errorf(domain.EConflict, "%s", MsgPendingExpired)
	}
	keys, err := s.dataKeys()
	if err != nil {
		return nil, err
	}
	return keys.Open(u.TOTPPending)
}

// BeginSetup is the secret an account without a second factor adds to
// its authenticator app: the pending one while it is younger than
// PendingTTL (a reload shows the same), else a new one. EConflict when
// two-step sign-in is on already.
func (s *Service) BeginSetup(ctx context.Context, userID string) ([]byte, error) {
	u, err := s.store.GetStaffUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	if u.TOTPEnabled() {
		return nil, domain.Errorf(domain.EConflict, "%s", MsgTOTPAlreadyOn)
	}
	return s.pendingSecret(ctx, u)
}

// CheckSetupCode checks code against u's pending secret (for turning
// two-step sign-in on) within the wrong-code limit, and returns its time
// step. A wrong code: EInvalid with MsgWrongSetupCode on "code".
func (s *Service) CheckSetupCode(ctx context.Context, u domain.StaffUser, code string) (int64, error) {
	secret, err := s.openPending(u)
	if err != nil {
		return 0, err
	}
	return s.checkCode(ctx, u.ID, "code", MsgWrongSetupCode, func() (int64, bool, error) {
		step, ok := auth.CheckTOTP(secret, code, s.now(), 0)
		return step, ok, nil
	})
}

// BeginReplace starts moving two-step sign-in to another authenticator:
// oldCode must be a current code of the one in use (each code works
// once); the answer is the new secret, pending (the old one keeps working
// until ConfirmReplace). Within PendingTTL the same pending secret is
// given again.
func (s *Service) BeginReplace(ctx context.Context, m Member, oldCode string) ([]byte, error) {
	u, err := s.store.GetStaffUser(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	if !u.TOTPEnabled() {
		return nil, domain.Errorf(domain.EConflict, "%s", MsgTOTPOff)
	}
	if strings.TrimSpace(oldCode) == "" {
		return nil, fieldError("oldCode", MsgOldCodeMissing)
	}
	if _, err := s.useCurrentCode(ctx, u, "oldCode", oldCode); err != nil {
		return nil, err
	}
	return s.pendingSecret(ctx, u)
}

// ConfirmReplace makes the pending secret the account's second factor,
// given a code from it; the recovery codes stay. Audited.
func (s *Service) ConfirmReplace(ctx context.Context, m Member, code string) error {
	u, err := s.store.GetStaffUser(ctx, m.ID)
	if err != nil {
		return err
	}
	if !u.TOTPEnabled() {
		return domain.Errorf(domain.EConflict, "%s", MsgTOTPOff)
	}
	if strings.TrimSpace(code) == "" {
		return fieldError("code", MsgCodeMissing)
	}
	step, err := s.CheckSetupCode(ctx, u, code)
	if err != nil {
		return err
	}
	if err := s.store.ReplaceStaffTOTP(ctx, u.ID, u.TOTPPending, step); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return domain.Errorf(domain.EConflict, "%s", MsgAccountChanged)
		}
		return err
	}
	return s.record(ctx, m.ClientIP, m.ID, m.Email, domain.AuditTOTPReplaced, m.ID, "")
}

// useCurrentCode checks a code of u's second factor in use (a TOTP code,
// each step once) within the wrong-code limit; field names the form's
// field for a wrong code.
func (s *Service) useCurrentCode(ctx context.Context, u domain.StaffUser, field, code string) (int64, error) {
	keys, err := s.dataKeys()
	if err != nil {
		return 0, err
	}
	secret, err := keys.Open(u.TOTPSecret)
	if err != nil {
		return 0, err
	}
	return s.checkCode(ctx, u.ID, field, MsgWrongSetupCode, func() (int64, bool, error) {
		step, ok := auth.CheckTOTP(secret, code, s.now(), u.TOTPLastStep)
		if !ok {
			return 0, false, nil
		}
		// Recorded atomically: a code works once.
		ok, err := s.store.UseTOTPStep(ctx, u.ID, step)
		return step, ok, err
	})
}

// checkCode runs check within the account page's wrong-code limit (its
// own key, so that it never blocks signing in): counted first, taken
// back when right.
func (s *Service) checkCode(ctx context.Context, userID, field, wrong string, check func() (int64, bool, error)) (int64, error) {
	key, at := accountPageKey("code", userID), s.now()
	ok, retry, err := s.store.Allow(ctx, key, CodeLimit, Window, at)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &TooMany{Err: domain.Errorf(domain.ETooMany, msgTooManyCodes, inMinutes(retry)), Retry: retry}
	}
	step, right, err := check()
	if err != nil {
		return 0, err
	}
	if !right {
		return 0, fieldError(field, wrong)
	}
	if err := s.store.Refund(ctx, key, at); err != nil {
		s.log.WarnContext(ctx, "taking back a right code from the limit failed", "staff", userID, "err", err)
	}
	return step, nil
}

// checkCurrentPassword checks the account's current password within
// PasswordLimit; a wrong one is EInvalid on field.
func (s *Service) checkCurrentPassword(ctx context.Context, u domain.StaffUser, field, password string) error {
	key, at := accountPageKey("password", u.ID), s.now()
	ok, retry, err := s.store.Allow(ctx, key, PasswordLimit, Window, at)
	if err != nil {
		return err
	}
	if !ok {
		return &TooMany{Err: domain.Errorf(domain.ETooMany, msgTooManyPasswords, inMinutes(retry)), Retry: retry}
	}
	right, _, err := auth.VerifyPassword(ctx, u.PasswordHash, password)
	if errors.Is(err, auth.ErrBusy) {
		return ErrBusy
	}
	if err != nil && ctx.Err() != nil {
		return err
	}
	if !right {
		return fieldError(field, MsgCurrentWrong)
	}
	if err := s.store.Refund(ctx, key, at); err != nil {
		s.log.WarnContext(ctx, "taking back a right password from the limit failed", "staff", u.ID, "err", err)
	}
	return nil
}

// ChangePassword replaces the member's password: current must be the
// password they have, next must follow the set-up rules (auth.CheckPassword)
// and differ from it. The member's other sessions end; this one goes on.
// Field errors name currentPassword and newPassword. Audited.
func (s *Service) ChangePassword(ctx context.Context, m Member, current, next string) error {
	u, err := s.store.GetStaffUser(ctx, m.ID)
	if err != nil {
		return err
	}
	fields := map[string]string{}
	if current == "" {
		fields["currentPassword"] = MsgCurrentMissing
	} else if len(current) > 4*auth.MaxPasswordLen {
		fields["currentPassword"] = MsgCurrentWrong
	}
	if err := auth.CheckPassword(next, u.Email, u.Name); err != nil {
		var de *domain.Error
		if errors.As(err, &de) {
			fields["newPassword"] = de.Fields["password"]
		}
	} else if next == current {
		fields["newPassword"] = MsgSamePassword
	}
	if len(fields) > 0 {
		return &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: fields}
	}
	if err := s.checkCurrentPassword(ctx, u, "currentPassword", current); err != nil {
		return err
	}
	hash, err := auth.HashPassword(ctx, next)
	if errors.Is(err, auth.ErrBusy) {
		return ErrBusy
	}
	if err != nil {
		return err
	}
	if err := s.store.ChangeStaffPassword(ctx, u.ID, u.PasswordHash, hash, m.SessionID); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return domain.Errorf(domain.EConflict, "%s", MsgAccountChanged)
		}
		return err
	}
	return s.record(ctx, m.ClientIP, m.ID, m.Email, domain.AuditPasswordChanged, m.ID, "other sessions ended")
}

// NewRecoveryCodes replaces the member's recovery codes with ten new
// ones, returned to be shown once; the old ones stop working. The member
// proves it is them with their current password or a current code of
// their authenticator (code wins when both are given). Audited.
func (s *Service) NewRecoveryCodes(ctx context.Context, m Member, password, code string) ([]string, error) {
	u, err := s.store.GetStaffUser(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	if !u.TOTPEnabled() {
		return nil, domain.Errorf(domain.EConflict, "%s", MsgTOTPOff)
	}
	switch {
	case strings.TrimSpace(code) != "":
		if _, err := s.useCurrentCode(ctx, u, "code", code); err != nil {
			return nil, err
		}
	case password != "":
		if len(password) > 4*auth.MaxPasswordLen {
			return nil, fieldError("password", MsgCurrentWrong)
		}
		if err := s.checkCurrentPassword(ctx, u, "password", password); err != nil {
			return nil, err
		}
	default:
		return nil, &domain.Error{Code: domain.EInvalid, Message: MsgProofMissing, Fields: map[string]string{"password": MsgProofMissing}}
	}
	codes, hashes := auth.NewRecoveryCodes()
	if err := s.store.ReplaceRecoveryCodes(ctx, u.ID, hashes); err != nil {
		return nil, err
	}
	if err := s.record(ctx, m.ClientIP, m.ID, m.Email, domain.AuditRecoveryRenewed, m.ID, fmt.Sprintf("%d new codes; the old ones stopped working", len(codes))); err != nil {
		return nil, err
	}
	return codes, nil
}

// SessionInfo is one of a member's sessions as their account page shows
// it. Ref names it there (not its ID: that is a token's hash).
type SessionInfo struct {
	Ref       string
	Device    string // "Firefox on Windows", from the user agent
	SignedIn  time.Time
	LastSeen  time.Time
	ExpiresAt time.Time
	Current   bool
}

// SessionRef is the name of a session on the account page: a hash of its
// ID, so that the page never holds what the store looks sessions up by.
func SessionRef(id string) string {
	sum := sha256.Sum256([]byte("staff-session-ref\x00" + id))
	return hex.EncodeToString(sum[:16])
}

// Sessions are the member's sessions that still hold (not past their end
// or idle limit), newest sign-in first, at most SessionListMax.
func (s *Service) Sessions(ctx context.Context, m Member) ([]SessionInfo, error) {
	all, err := s.store.ListStaffSessions(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := []SessionInfo{}
	for _, x := range all {
		if !now.Before(x.ExpiresAt) || now.Sub(x.LastSeenAt) >= s.idle {
			continue
		}
		out = append(out, SessionInfo{
			Ref: SessionRef(x.ID), Device: Device(x.UserAgent), SignedIn: x.CreatedAt, LastSeen: x.LastSeenAt,
			ExpiresAt: x.ExpiresAt, Current: x.ID == m.SessionID,
		})
		if len(out) == SessionListMax {
			break
		}
	}
	return out, nil
}

// EndSession ends the member's session named ref (SessionRef): it is
// signed out at once. It may be the member's own (current reports so).
// ENotFound when the member has no such session. Audited.
func (s *Service) EndSession(ctx context.Context, m Member, ref string) (current bool, err error) {
	all, err := s.store.ListStaffSessions(ctx, m.ID)
	if err != nil {
		return false, err
	}
	for _, x := range all {
		if SessionRef(x.ID) != ref {
			continue
		}
		if err := s.store.DeleteSession(ctx, x.ID); err != nil {
			return false, err
		}
		detail := Device(x.UserAgent) + ", signed in " + x.CreatedAt.UTC().Format(time.RFC3339)
		if err := s.record(ctx, m.ClientIP, m.ID, m.Email, domain.AuditSessionEnded, m.ID, detail); err != nil {
			return false, err
		}
		return x.ID == m.SessionID, nil
	}
	return false, domain.Errorf(domain.ENotFound, "%s", MsgSessionGone)
}

// EndOtherSessions ends every session of the member but the one the
// request comes from, and says how many there were. Audited.
func (s *Service) EndOtherSessions(ctx context.Context, m Member) (int, error) {
	all, err := s.store.ListStaffSessions(ctx, m.ID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, x := range all {
		if x.ID != m.SessionID {
			n++
		}
	}
	if err := s.store.DeleteOtherStaffSessions(ctx, m.ID, m.SessionID); err != nil {
		return 0, err
	}
	return n, s.record(ctx, m.ClientIP, m.ID, m.Email, domain.AuditSignOutOthers, m.ID, fmt.Sprintf("%d ended", n))
}

// Device names a browser and system from a User-Agent header, as people
// call them: "Firefox on Windows", "Safari on iPhone"; "Unknown browser"
// when it says neither.
func Device(ua string) string {
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"CrOS", "ChromeOS"}, {"Windows", "Windows"},
		{"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			system = o.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return "A browser on " + system
	}
	return "Unknown browser"
}

// accountPageKey is the rate-limit key of the account page's checks of
// one kind (wrong codes, wrong passwords) for an account.
func accountPageKey(kind, userID string) string {
	sum := sha256.Sum256([]byte("account-" + kind + "\x00" + userID))
	return "account-" + kind + ":" + hex.EncodeToString(sum[:12])
}
