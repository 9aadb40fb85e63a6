package staffsignin_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/staffsignin"
)

// fieldErr reports whether err is EInvalid with msg on field.
func fieldErr(err error, field, msg string) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Code == domain.EInvalid && de.Fields[field] == msg
}

// signedIn signs u in with the password (and a code when needed) and
// returns the member as the account page sees them.
func (f *fixture) signedIn(t *testing.T, u domain.StaffUser, userAgent string) staffsignin.Member {
	t.Helper()
	a := attempt(u.Email, password)
	a.UserAgent = userAgent
	in, err := f.svc.SignIn(context.Background(), a)
	if err != nil || in.NeedsCode {
		t.Fatalf("SignIn: %+v, %v", in, err)
	}
	return staffsignin.Member{ID: u.ID, Email: u.Email, SessionID: in.Session.ID, ClientIP: "203.0.113.7"}
}

// withTOTP turns two-step sign-in on for u with a known secret and
// recovery codes, as set-up does.
func (f *fixture) withTOTP(t *testing.T, u domain.StaffUser) (secret []byte, codes []string) {
	t.Helper()
	secret = auth.NewTOTPSecret()
	codes, hashes := auth.NewRecoveryCodes()
	if err := f.store.EnableStaffTOTP(context.Background(), u.ID, secret, 0, hashes); err != nil {
		t.Fatal(err)
	}
	return secret, codes
}

func TestChangePasswordNeedsTheCurrentOneAndFollowsTheRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "asha@staff.test", domain.RoleRecruiter)
	m := f.signedIn(t, u, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0")
	other := f.signedIn(t, u, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1")
	const next = "Silver kettle morning 77"

	for _, tc := range []struct {
		name, current, next, field, msg string
	}{
		{"no current password", "", next, "currentPassword", staffsignin.MsgCurrentMissing},
		{"wrong current password", "not my password", next, "currentPassword", staffsignin.MsgCurrentWrong},
		{"too short", password, "short", "newPassword", auth.MsgPasswordShort},
		{"common", password, "password1234", "newPassword", auth.MsgPasswordCommon},
		{"the e-mail address", password, "asha@staff.test", "newPassword", auth.MsgPasswordPersonal},
		{"the same as now", password, password, "newPassword", staffsignin.MsgSamePassword},
	} {
		err := f.svc.ChangePassword(ctx, m, tc.current, tc.next)
		if !fieldErr(err, tc.field, tc.msg) {
			t.Errorf("%s: ChangePassword = %v; want %q on %s", tc.name, err, tc.msg, tc.field)
		}
	}
	// Nothing changed: the old password still signs in, both sessions hold.
	if _, _, err := f.svc.Check(ctx, other.SessionID, false); err != nil {
		t.Fatalf("a refused change ended a session: %v", err)
	}

	if err := f.svc.ChangePassword(ctx, m, password, next); err != nil {
		t.Fatalf("ChangePassword: %v", err)
	}
	// The new password signs in, the old one no longer; this session goes
	// on, the other one ended.
	if _, err := f.svc.SignIn(ctx, attempt(u.Email, password)); err == nil {
		t.Error("the old password still signs in")
	}
	if _, err := f.svc.SignIn(ctx, attempt(u.Email, next)); err != nil {
		t.Errorf("the new password: %v", err)
	}
	if _, _, err := f.svc.Check(ctx, m.SessionID, false); err != nil {
		t.Errorf("this session after the change: %v", err)
	}
	if _, _, err := f.svc.Check(ctx, other.SessionID, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("the other session after the change: %v, want ended", err)
	}
	if !slices.Contains(f.audited(t), domain.AuditPasswordChanged) {
		t.Errorf("audit = %v, want a password change", f.audited(t))
	}
}

func TestChangePasswordWrongCurrentOnesAreLimited(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "limit@staff.test", domain.RoleEditor)
	m := f.signedIn(t, u, "")
	for range staffsignin.PasswordLimit {
		if err := f.svc.ChangePassword(ctx, m, "wrong password", "Silver kettle morning 77"); !fieldErr(err, "currentPassword", staffsignin.MsgCurrentWrong) {
			t.Fatalf("ChangePassword = %v", err)
		}
	}
	err := f.svc.ChangePassword(ctx, m, password, "Silver kettle morning 77")
	var tooMany *staffsignin.TooMany
	if !errors.As(err, &tooMany) || tooMany.Retry <= 0 {
		t.Fatalf("past the limit, even the right password: %v; want TooMany", err)
	}
	f.clock.Add(staffsignin.Window)
	if err := f.svc.ChangePassword(ctx, m, password, "Silver kettle morning 77"); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

func TestPendingSecretIsKeptForTenMinutes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "pending@staff.test", domain.RoleAdmin)

	first, err := f.svc.BeginSetup(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	// A reload: the same secret, so that a code from the first scan works.
	f.clock.Add(staffsignin.PendingTTL - time.Second)
	again, err := f.svc.BeginSetup(ctx, u.ID)
	if err != nil || string(again) != string(first) {
		t.Fatalf("BeginSetup again within the TTL = %x, %v; want the first secret", again, err)
	}
	// A code of the secret from the first scan confirms it.
	got, _ := f.store.GetStaffUser(ctx, u.ID)
	code := auth.TOTPCode(first, auth.TOTPStep(f.clock.Now()))
	if _, err := f.svc.CheckSetupCode(ctx, got, otherThan(code)); !fieldErr(err, "code", staffsignin.MsgWrongSetupCode) {
		t.Errorf("a wrong code: %v; want %q", err, staffsignin.MsgWrongSetupCode)
	}
	if _, err := f.svc.CheckSetupCode(ctx, got, code); err != nil {
		t.Errorf("the first scan's code: %v", err)
	}

	// Past ten minutes: the pending secret is refused and a new one made.
	f.clock.Add(time.Second)
	if _, err := f.svc.CheckSetupCode(ctx, got, auth.TOTPCode(first, auth.TOTPStep(f.clock.Now()))); domain.ErrorCode(err) != domain.EConflict ||
		!strings.Contains(err.Error(), "expired") {
		t.Errorf("an expired pending secret's code: %v; want it refused as expired", err)
	}
	fresh, err := f.svc.BeginSetup(ctx, u.ID)
	if err != nil || string(fresh) == string(first) {
		t.Fatalf("BeginSetup after the TTL = %x, %v; want a new secret", fresh, err)
	}
	// ...which is kept in turn.
	f.clock.Add(time.Minute)
	if again, _ := f.svc.BeginSetup(ctx, u.ID); string(again) != string(fresh) {
		t.Errorf("the new secret was not kept")
	}

	// Once on, there is nothing to begin here.
	f.withTOTP(t, u)
	if _, err := f.svc.BeginSetup(ctx, u.ID); domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("BeginSetup with two-step sign-in on: %v; want EConflict", err)
	}
}

func TestNewRecoveryCodesReplaceTheOldOnes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "codes@staff.test", domain.RoleEditor)
	m := f.signedIn(t, u, "")
	if _, err := f.svc.NewRecoveryCodes(ctx, m, password, ""); domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("without two-step sign-in: %v; want EConflict", err)
	}
	secret, old := f.withTOTP(t, u)

	if _, err := f.svc.NewRecoveryCodes(ctx, m, "", ""); !fieldErr(err, "password", staffsignin.MsgProofMissing) {
		t.Errorf("no proof: %v", err)
	}
	if _, err := f.svc.NewRecoveryCodes(ctx, m, "wrong password", ""); !fieldErr(err, "password", staffsignin.MsgCurrentWrong) {
		t.Errorf("a wrong password: %v", err)
	}
	step := auth.TOTPStep(f.clock.Now())
	wrong := otherThan(auth.TOTPCode(secret, step-1), auth.TOTPCode(secret, step), auth.TOTPCode(secret, step+1))
	if _, err := f.svc.NewRecoveryCodes(ctx, m, "", wrong); !fieldErr(err, "code", staffsignin.MsgWrongSetupCode) {
		t.Errorf("a wrong code: %v", err)
	}

	byPassword, err := f.svc.NewRecoveryCodes(ctx, m, password, "")
	if err != nil || len(byPassword) != 10 {
		t.Fatalf("NewRecoveryCodes by password = %v, %v", byPassword, err)
	}
	// An old code no longer signs in; a new one does.
	a := attempt(u.Email, password)
	a.Code = old[0]
	if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("an old recovery code: %v; want refused", err)
	}
	a.Code = byPassword[3]
	if _, err := f.svc.SignIn(ctx, a); err != nil {
		t.Errorf("a new recovery code: %v", err)
	}

	// With a code instead: each code once.
	code := auth.TOTPCode(secret, auth.TOTPStep(f.clock.Now()))
	byCode, err := f.svc.NewRecoveryCodes(ctx, m, "", code)
	if err != nil || len(byCode) != 10 {
		t.Fatalf("NewRecoveryCodes by code = %v, %v", byCode, err)
	}
	if _, err := f.svc.NewRecoveryCodes(ctx, m, "", code); !fieldErr(err, "code", staffsignin.MsgWrongSetupCode) {
		t.Errorf("the same code again: %v; want refused", err)
	}
	if n, _ := f.store.CountRecoveryCodes(ctx, u.ID); n != 10 {
		t.Errorf("codes kept = %d, want 10", n)
	}
	if got := f.audited(t); !slices.Contains(got, domain.AuditRecoveryRenewed) {
		t.Errorf("audit = %v", got)
	}
}

func TestReplaceAuthenticatorKeepsTheOldOneUntilConfirmed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "phone@staff.test", domain.RoleAdmin)
	old, codes := f.withTOTP(t, u)
	a := attempt(u.Email, password)
	a.Code = codes[0]
	in, err := f.svc.SignIn(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	m := staffsignin.Member{ID: u.ID, Email: u.Email, SessionID: in.Session.ID}

	if _, err := f.svc.BeginReplace(ctx, m, ""); !fieldErr(err, "oldCode", staffsignin.MsgOldCodeMissing) {
		t.Errorf("no code: %v", err)
	}
	now := auth.TOTPStep(f.clock.Now())
	newSecret, err := f.svc.BeginReplace(ctx, m, auth.TOTPCode(old, now))
	if err != nil {
		t.Fatalf("BeginReplace: %v", err)
	}
	// Until confirmed, the old authenticator signs in, and a wrong code
	// (one of the old secret) does not confirm.
	f.clock.Add(30 * time.Second)
	now = auth.TOTPStep(f.clock.Now())
	a.Code = auth.TOTPCode(old, now)
	if _, err := f.svc.SignIn(ctx, a); err != nil {
		t.Fatalf("the old authenticator while the new one is pending: %v", err)
	}
	if err := f.svc.ConfirmReplace(ctx, m, otherThan(auth.TOTPCode(newSecret, now-1), auth.TOTPCode(newSecret, now), auth.TOTPCode(newSecret, now+1))); !fieldErr(err, "code", staffsignin.MsgWrongSetupCode) {
		t.Errorf("confirming with a wrong code: %v", err)
	}
	// Beginning again within ten minutes shows the same new secret.
	again, err := f.svc.BeginReplace(ctx, m, auth.TOTPCode(old, now+1))
	if err != nil || string(again) != string(newSecret) {
		t.Fatalf("BeginReplace again = %x, %v; want the pending secret", again, err)
	}
	if err := f.svc.ConfirmReplace(ctx, m, auth.TOTPCode(newSecret, now)); err != nil {
		t.Fatalf("ConfirmReplace: %v", err)
	}
	got, _ := f.store.GetStaffUser(ctx, u.ID)
	if string(got.TOTPSecret) != string(newSecret) || got.TOTPPending != nil {
		t.Errorf("after confirming: the secret is not the new one")
	}
	if n, _ := f.store.CountRecoveryCodes(ctx, u.ID); n != 9 {
		t.Errorf("recovery codes after replacing = %d, want the 9 left", n)
	}
	// The old authenticator no longer signs in; the new one does.
	f.clock.Add(30 * time.Second)
	now = auth.TOTPStep(f.clock.Now())
	a.Code = auth.TOTPCode(old, now)
	if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("the old authenticator after replacing: %v; want refused", err)
	}
	a.Code = auth.TOTPCode(newSecret, now)
	if _, err := f.svc.SignIn(ctx, a); err != nil {
		t.Errorf("the new authenticator: %v", err)
	}
	if got := f.audited(t); !slices.Contains(got, domain.AuditTOTPReplaced) {
		t.Errorf("audit = %v", got)
	}
}

func TestEndingASessionSignsItOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "sessions@staff.test", domain.RoleRecruiter)
	someone := f.account(t, "someone@staff.test", domain.RoleRecruiter)
	laptop := f.signedIn(t, u, "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")
	f.clock.Add(time.Minute)
	phone := f.signedIn(t, u, "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")
	f.clock.Add(time.Minute)
	desk := f.signedIn(t, u, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")
	theirs := f.signedIn(t, someone, "")

	list, err := f.svc.Sessions(ctx, phone)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, x := range list {
		mark := ""
		if x.Current {
			mark = " (this)"
		}
		shown = append(shown, x.Device+mark)
	}
	if want := "Edge on Windows,Chrome on Android (this),Safari on macOS"; strings.Join(shown, ",") != want {
		t.Fatalf("Sessions = %v; want %s", shown, want)
	}
	// Another member's session is not one of mine to end.
	if _, err := f.svc.EndSession(ctx, phone, staffsignin.SessionRef(theirs.SessionID)); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("ending another member's session: %v; want ENotFound", err)
	}
	if _, _, err := f.svc.Check(ctx, theirs.SessionID, false); err != nil {
		t.Errorf("their session after a refused end: %v", err)
	}

	current, err := f.svc.EndSession(ctx, phone, list[2].Ref)
	if err != nil || current {
		t.Fatalf("EndSession(laptop) = %v, %v", current, err)
	}
	if _, _, err := f.svc.Check(ctx, laptop.SessionID, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("the laptop's session after ending it: %v; want ended", err)
	}
	if _, err := f.svc.EndSession(ctx, phone, list[2].Ref); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("ending it twice: %v", err)
	}

	n, err := f.svc.EndOtherSessions(ctx, phone)
	if err != nil || n != 1 {
		t.Fatalf("EndOtherSessions = %d, %v; want 1", n, err)
	}
	if _, _, err := f.svc.Check(ctx, desk.SessionID, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("the desk's session after ending the others: %v", err)
	}
	if _, _, err := f.svc.Check(ctx, phone.SessionID, false); err != nil {
		t.Errorf("this session after ending the others: %v", err)
	}
	// Ending this one is signing out here.
	if current, err := f.svc.EndSession(ctx, phone, staffsignin.SessionRef(phone.SessionID)); err != nil || !current {
		t.Errorf("EndSession(this) = %v, %v", current, err)
	}
	if _, _, err := f.svc.Check(ctx, phone.SessionID, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("this session after ending it: %v", err)
	}
	got := f.audited(t)
	if c := countOf(got, domain.AuditSessionEnded); c != 2 || !slices.Contains(got, domain.AuditSignOutOthers) {
		t.Errorf("audit = %v; want two sessions ended and the others signed out", got)
	}
}

func TestIdleSessionsAreNotListed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "idle@staff.test", domain.RoleEditor)
	old := f.signedIn(t, u, "")
	f.clock.Add(31 * time.Minute)
	now := f.signedIn(t, u, "")
	list, err := f.svc.Sessions(ctx, now)
	if err != nil || len(list) != 1 || !list[0].Current || list[0].Ref == staffsignin.SessionRef(old.SessionID) {
		t.Errorf("Sessions = %+v, %v; want only this one", list, err)
	}
}

func TestDevice(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0":                                              "Firefox on Linux",
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148":    "Chrome on iPad",
		"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36":      "Chrome on ChromeOS",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/115": "Opera on Windows",
		"curl/8.5.0": "Unknown browser",
		"":           "Unknown browser",
	} {
		if got := staffsignin.Device(ua); got != want {
			t.Errorf("Device(%q) = %q, want %q", ua, got, want)
		}
	}
}

func TestSetupMailSaysWhoWhatAndUntilWhen(t *testing.T) {
	t.Parallel()
	zone := time.FixedZone("IST", 5*3600+1800)
	m := staffsignin.SetupMail{
		To: "new@staff.test", Name: "Nisha Rao", Role: domain.RoleRecruiter, InvitedBy: "Anil Kumar", InvitedByEmail: "anil@staff.test",
		Link: "https://example.com/admin/setup#tok<en>", Expires: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC), SiteName: "Acme", Zone: zone,
	}
	msg := m.Message()
	if msg.To != m.To || msg.Subject != "You're invited to the Acme staff console" {
		t.Errorf("to %q subject %q", msg.To, msg.Subject)
	}
	for _, want := range []string{
		"Hello Nisha Rao,", "Anil Kumar (anil@staff.test) has invited you to the Acme staff console as a recruiter",
		"Set your password with this link:\nhttps://example.com/admin/setup#tok<en>", "until Sunday 22 November 2026 at 15:30 IST",
	} {
		if !strings.Contains(msg.Body, want) {
			t.Errorf("text lacks %q:\n%s", want, msg.Body)
		}
	}
	if !strings.Contains(msg.HTMLBody, `href="https://example.com/admin/setup#tok&lt;en&gt;"`) || strings.Contains(msg.HTMLBody, "<en>") {
		t.Errorf("HTML does not escape the link:\n%s", msg.HTMLBody)
	}
	m.Reset, m.Role = true, domain.RoleAdmin
	msg = m.Message()
	if msg.Subject != "Set a new password for the Acme staff console" || !strings.Contains(msg.Body, "has reset your account") ||
		!strings.Contains(msg.Body, "two-step sign-in") {
		t.Errorf("reset mail: %q\n%s", msg.Subject, msg.Body)
	}
}

func TestMailSetupLinkQueuesIt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	err := f.svc.MailSetupLink(ctx, staffsignin.SetupMail{To: "q@staff.test", Name: "Q", Role: domain.RoleEditor, Link: "https://x/admin/setup#t", Expires: f.clock.Now().Add(auth.SetupTTL)})
	if err != nil {
		t.Fatal(err)
	}
	queued, err := f.store.ClaimOutbox(ctx, f.clock.Now().Add(time.Hour), time.Minute, 10)
	if err != nil || len(queued) != 1 || queued[0].To != "q@staff.test" || !strings.Contains(queued[0].Body, "An admin has invited you") {
		t.Errorf("outbox = %+v, %v", queued, err)
	}
}

func countOf(list []domain.AuditAction, a domain.AuditAction) int {
	n := 0
	for _, x := range list {
		if x == a {
			n++
		}
	}
	return n
}

// otherThan is a 6-digit code none of codes is.
func otherThan(codes ...string) string {
	for _, c := range []string{"000000", "111111", "222222", "333333"} {
		if !slices.Contains(codes, c) {
			return c
		}
	}
	return "444444"
}
