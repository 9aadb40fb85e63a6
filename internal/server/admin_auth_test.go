package server_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

const goodPassword = "purple otter dances"

func TestAdminLoginSetsStrictSessionCookie(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
	res, token := f.login(t, "  ED@example.com ", goodPassword, "")
	if res.Status != http.StatusOK || token == "" {
		t.Fatalf("login: %d %s; want 200 and a cookie", res.Status, res.Body)
	}
	c := sessionCookie(res)
	if c.Name != "__Host-staff" || !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Domain != "" {
		t.Errorf("cookie %+v: want __Host-staff, HttpOnly, Secure, SameSite=Strict, Path=/, no Domain", c)
	}
	if len(token) != 43 {
		t.Errorf("token %q: want 32 random bytes in base64url", token)
	}
	// The store keeps the token's hash only.
	if _, err := f.store.GetSession(t.Context(), token); !domain.IsNotFound(err) {
		t.Errorf("a session is stored under the token itself (err %v)", err)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(token)); err != nil {
		t.Errorf("no session under the token's hash: %v", err)
	}
	var ans wire.LoginAnswer
	if err := json.Unmarshal([]byte(res.Body), &ans); err != nil || ans.Staff == nil {
		t.Fatalf("answer %s", res.Body)
	}
	want := wire.StaffMe{ID: m.ID, Email: m.Email, Name: m.Name, Role: "editor", IdleTimeoutSeconds: 1800,
		ExpiresAt: testNow.Add(12 * time.Hour).Format(time.RFC3339)}
	if d := diff(want, *ans.Staff); d != "" {
		t.Errorf("login answer mismatch (-want +got):\n%s", d)
	}
	me := f.call(t, http.MethodGet, "/me", token, "")
	if me.Status != http.StatusOK || !strings.Contains(me.Body, `"email":"ed@example.com"`) {
		t.Errorf("GET /me: %d %s", me.Status, me.Body)
	}
	if cc := me.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("GET /me Cache-Control %q, want no-store", cc)
	}
	log := f.auditLog(t)
	if len(log) != 1 || log[0].Action != domain.AuditSignIn || log[0].ActorID != m.ID {
		t.Errorf("audit log %+v; want one sign-in by the member", log)
	}
}

func TestAdminCookieFollowsBaseURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		base   string
		name   string
		secure bool
	}{
		{"https://example.com", "__Host-staff", true},
		{"http://127.0.0.1:8080", "__Host-staff", true},
		{"http://localhost:8080", "__Host-staff", true},
		{"http://[::1]:8080", "__Host-staff", true},
		{"http://intranet.example:8080", "staff", false},
	} {
		logs := &syncBuffer{}
		f := newAuthFixture(t, func(o *server.Options) {
			o.BaseURL = tc.base
			o.Logger = slog.New(slog.NewTextHandler(logs, nil))
		})
		f.srv.WarnInsecureCookie()
		if warned := strings.Contains(logs.String(), "without Secure"); warned == tc.secure {
			t.Errorf("base URL %s: warned %v at start, want %v", tc.base, warned, !tc.secure)
		}
		f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
		res, _ := f.login(t, "ed@example.com", goodPassword, "")
		c := sessionCookie(res)
		if c == nil || c.Name != tc.name || c.Secure != tc.secure || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
			t.Errorf("base URL %s: cookie %+v; want %s, Secure %v, HttpOnly, Strict", tc.base, c, tc.name, tc.secure)
		}
	}
}

func TestAdminLoginSameAnswerForUnknownEmailAndWrongPassword(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
	off := f.addMember(t, "off@example.com", domain.RoleEditor, goodPassword, false)
	if err := f.store.UpdateStaffAccount(t.Context(), off.ID, domain.RoleEditor, true); err != nil {
		t.Fatal(err)
	}
	f.addMember(t, "nopass@example.com", domain.RoleEditor, "", false)

	var first response
	for i, tc := range []struct{ email, password string }{
		{"nobody@example.com", goodPassword},
		{"ed@example.com", "wrong password here"},
		{"off@example.com", goodPassword},
		{"nopass@example.com", goodPassword},
	} {
		res, token := f.login(t, tc.email, tc.password, "")
		if res.Status != http.StatusUnauthorized || token != "" {
			t.Errorf("%s: %d, cookie %q; want 401 and no session", tc.email, res.Status, token)
		}
		if msg := errMessage(t, res); msg != "E-mail or password is incorrect." {
			t.Errorf("%s: message %q", tc.email, msg)
		}
		if i == 0 {
			first = res
		} else if res.Body != first.Body {
			t.Errorf("%s: answer %s differs from the unknown address's %s", tc.email, res.Body, first.Body)
		}
	}
	log := f.auditLog(t)
	if len(log) != 4 {
		t.Fatalf("audit log has %d entries, want 4 failed sign-ins", len(log))
	}
	for _, e := range log {
		// An account's failures name it; for no account, what was typed is
		// not kept (it may be a password typed into the wrong field).
		if e.Action != domain.AuditSignInFailed || (e.ActorEmail == "") != (e.ActorID == "") {
			t.Errorf("audit entry %+v: want a failed sign-in naming the account, or nothing typed", e)
		}
		if strings.Contains(e.Detail+e.Subject, goodPassword) || strings.Contains(e.Detail, "wrong password here") {
			t.Errorf("audit entry %+v holds a password", e)
		}
	}
	for _, e := range log {
		if e.ActorEmail == "nobody@example.com" && e.ActorID != "" {
			t.Errorf("failed sign-in of an unknown address names an account: %+v", e)
		}
	}
	// Missing fields are named.
	res := f.call(t, http.MethodPost, "/login", "", `{"email":"","password":""}`)
	fields, _ := dig(decodeJSON(t, res.Body), "error", "fields").(map[string]any)
	if res.Status != http.StatusUnprocessableEntity || fields["email"] == nil || fields["password"] == nil {
		t.Errorf("empty login: %d %s", res.Status, res.Body)
	}
}

func TestAdminLoginThrottledPerAccount(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
	for i := range 10 {
		res, _ := f.login(t, m.Email, "not the password", "")
		if res.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d, want 401", i+1, res.Status)
		}
	}
	// Over the limit even the right password waits, from that client.
	res, _ := f.login(t, "ED@example.com", goodPassword, "")
	if res.Status != http.StatusTooManyRequests {
		t.Fatalf("11th attempt: %d %s, want 429", res.Status, res.Body)
	}
	// Whoever made them cannot lock the owner out from elsewhere.
	if res := f.callFrom(t, "198.51.100.7:4000", http.MethodPost, "/login", "", jsonBody(map[string]string{"email": m.Email, "password": goodPassword}), nil); res.Status != http.StatusOK {
		t.Fatalf("the owner from another network: %d %s, want 200", res.Status, res.Body)
	}
	if msg := errMessage(t, res); msg != "Too many sign-in attempts. Try again in 15 minutes." {
		t.Errorf("message %q", msg)
	}
	if ra := res.Header.Get("Retry-After"); ra != "900" {
		t.Errorf("Retry-After %q, want 900", ra)
	}
	// Another account from the same client is not held up.
	f.addMember(t, "other@example.com", domain.RoleEditor, goodPassword, false)
	if res, _ := f.login(t, "other@example.com", goodPassword, ""); res.Status != http.StatusOK {
		t.Errorf("another account: %d, want 200", res.Status)
	}
	// The window ends.
	f.clock.Add(10 * time.Minute)
	res, _ = f.login(t, m.Email, goodPassword, "")
	if msg := errMessage(t, res); res.Status != http.StatusTooManyRequests || msg != "Too many sign-in attempts. Try again in 5 minutes." {
		t.Errorf("after 10 minutes: %d %q", res.Status, msg)
	}
	f.clock.Add(5 * time.Minute)
	if res, _ := f.login(t, m.Email, goodPassword, ""); res.Status != http.StatusOK {
		t.Errorf("after the window: %d %s, want 200", res.Status, res.Body)
	}
}

func TestAdminLoginThrottledPerClient(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
	for i := range 30 {
		res := f.callFrom(t, "203.0.113.9:1000", http.MethodPost, "/login", "", jsonBody(map[string]string{"email": "guess" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + "@example.com", "password": "whatever it is"}), nil)
		if res.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d, want 401", i+1, res.Status)
		}
	}
	res := f.callFrom(t, "203.0.113.9:1000", http.MethodPost, "/login", "", jsonBody(map[string]string{"email": "ed@example.com", "password": goodPassword}), nil)
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("31st attempt from one client: %d (Retry-After %q), want 429", res.Status, res.Header.Get("Retry-After"))
	}
	if msg := errMessage(t, res); !strings.HasPrefix(msg, "Too many sign-in attempts. Try again in ") {
		t.Errorf("message %q", msg)
	}
	if res := f.callFrom(t, "198.51.100.1:1000", http.MethodPost, "/login", "", jsonBody(map[string]string{"email": "ed@example.com", "password": goodPassword}), nil); res.Status != http.StatusOK {
		t.Errorf("another client: %d, want 200", res.Status)
	}
}

func TestAdminSessionIdleAndAbsoluteEnd(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, "", false)
	me := func(token string) int { return f.call(t, http.MethodGet, "/me", token, "").Status }

	// Idle: 29 minutes are fine, and each use keeps it alive.
	token := f.sessionFor(t, m)
	for range 3 {
		f.clock.Add(29 * time.Minute)
		if got := me(token); got != http.StatusOK {
			t.Fatalf("after 29 idle minutes: %d, want 200", got)
		}
	}
	f.clock.Add(30 * time.Minute)
	res := f.call(t, http.MethodGet, "/me", token, "")
	if res.Status != http.StatusUnauthorized || errMessage(t, res) != "Your session has ended. Please sign in again." {
		t.Errorf("after 30 idle minutes: %d %s, want 401", res.Status, res.Body)
	}
	if c := sessionCookie(res); c == nil || c.MaxAge >= 0 {
		t.Errorf("an ended session's cookie is not cleared: %+v", c)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(token)); !domain.IsNotFound(err) {
		t.Errorf("the ended session is still stored (%v)", err)
	}

	// Absolute: 12 hours after sign-in, however active.
	token = f.sessionFor(t, m)
	start := f.clock.Now()
	for f.clock.Now().Sub(start) < 12*time.Hour-20*time.Minute {
		f.clock.Add(20 * time.Minute)
		if got := me(token); got != http.StatusOK {
			t.Fatalf("%v after sign-in, active: %d, want 200", f.clock.Now().Sub(start), got)
		}
	}
	f.clock.Add(start.Add(12 * time.Hour).Sub(f.clock.Now()))
	if got := me(token); got != http.StatusUnauthorized {
		t.Errorf("12 hours after sign-in: %d, want 401", got)
	}
}

// An operator may shorten the idle limit (--staff-idle-timeout): a
// session unused that long ends, and one in use is kept alive (its
// last-seen time is written often enough for the short limit).
func TestAdminSessionShortIdleTimeout(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, func(o *server.Options) { o.StaffIdleTimeout = 10 * time.Second })
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, "", false)

	token := f.sessionFor(t, m)
	res := f.call(t, http.MethodGet, "/me", token, "")
	if res.Status != http.StatusOK {
		t.Fatalf("/me: %d %s", res.Status, res.Body)
	}
	var me wire.StaffMe
	if err := json.Unmarshal([]byte(res.Body), &me); err != nil {
		t.Fatal(err)
	}
	if me.IdleTimeoutSeconds != 10 {
		t.Errorf("idleTimeoutSeconds %d, want 10", me.IdleTimeoutSeconds)
	}
	for range 10 {
		f.clock.Add(9 * time.Second)
		if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != http.StatusOK {
			t.Fatalf("used every 9 seconds: %d, want 200", got)
		}
	}
	f.clock.Add(10 * time.Second)
	if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != http.StatusUnauthorized {
		t.Errorf("after 10 idle seconds: %d, want 401", got)
	}
}

func TestAdminSignOutAndSignOutEverywhere(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, "", false)
	other := f.addMember(t, "other@example.com", domain.RoleEditor, "", false)
	a, b, c, o := f.sessionFor(t, m), f.sessionFor(t, m), f.sessionFor(t, m), f.sessionFor(t, other)

	res := f.call(t, http.MethodPost, "/logout", a, "{}")
	if res.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", res.Status, res.Body)
	}
	if ck := sessionCookie(res); ck == nil || ck.MaxAge >= 0 || ck.Value != "" {
		t.Errorf("logout cookie %+v: want it cleared", ck)
	}
	for token, want := range map[string]int{a: 401, b: 200, c: 200, o: 200} {
		if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != want {
			t.Errorf("after logout: /me %d, want %d", got, want)
		}
	}
	f.clock.Add(time.Second) // audit entries in order
	if res := f.call(t, http.MethodPost, "/logout-everywhere", b, "{}"); res.Status != http.StatusOK {
		t.Fatalf("logout-everywhere: %d %s", res.Status, res.Body)
	}
	for token, want := range map[string]int{b: 401, c: 401, o: 200} {
		if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != want {
			t.Errorf("after logout-everywhere: /me %d, want %d", got, want)
		}
	}
	var actions []domain.AuditAction
	for _, e := range f.auditLog(t) {
		actions = append(actions, e.Action)
	}
	if d := diff([]domain.AuditAction{domain.AuditSignOut, domain.AuditSignOutAll}, actions); d != "" {
		t.Errorf("audit mismatch (-want +got):\n%s", d)
	}
}

func TestAdminManagesAccounts(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	at := f.sessionFor(t, admin)

	// Add: bad input is named and changes nothing.
	res := f.call(t, http.MethodPost, "/staff", at, jsonBody(map[string]string{"email": "not an address", "name": "", "role": "boss"}))
	fields, _ := dig(decodeJSON(t, res.Body), "error", "fields").(map[string]any)
	if res.Status != http.StatusUnprocessableEntity || len(fields) != 3 {
		t.Errorf("bad add: %d %s; want 422 naming email, name and role", res.Status, res.Body)
	}
	res = f.call(t, http.MethodPost, "/staff", at, jsonBody(map[string]string{"email": "Rita@example.com", "name": "Rita Rao", "role": "editor"}))
	if res.Status != http.StatusCreated {
		t.Fatalf("add: %d %s", res.Status, res.Body)
	}
	var link wire.SetupLink
	_ = json.Unmarshal([]byte(res.Body), &link)
	if !strings.HasPrefix(link.URL, baseURL+"/admin/setup#") || link.ExpiresAt != testNow.Add(24*time.Hour).Format(time.RFC3339) {
		t.Errorf("set-up link %+v", link)
	}
	if res := f.call(t, http.MethodPost, "/staff", at, jsonBody(map[string]string{"email": "rita@EXAMPLE.com", "name": "R", "role": "editor"})); res.Status != http.StatusConflict {
		t.Errorf("adding a taken address: %d, want 409", res.Status)
	}
	rita, err := f.store.GetStaffUserByEmail(t.Context(), "rita@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ritaMember := member{StaffUser: rita}

	// List.
	res = f.call(t, http.MethodGet, "/staff", at, "")
	var list []wire.StaffAccount
	_ = json.Unmarshal([]byte(res.Body), &list)
	if len(list) != 2 || list[1].Email != "Rita@example.com" || list[1].PasswordSet || list[0].TOTPEnabled != true {
		t.Errorf("GET /staff: %s", res.Body)
	}

	// Role change, audited with the old and new role.
	res = f.call(t, http.MethodPatch, "/staff/"+rita.ID, at, `{"role":"recruiter"}`)
	if res.Status != http.StatusOK || !strings.Contains(res.Body, `"role":"recruiter"`) {
		t.Errorf("role change: %d %s", res.Status, res.Body)
	}
	if res := f.call(t, http.MethodPatch, "/staff/"+rita.ID, at, `{"role":"owner"}`); res.Status != http.StatusUnprocessableEntity {
		t.Errorf("unknown role: %d, want 422", res.Status)
	}
	if res := f.call(t, http.MethodPatch, "/staff/nope", at, `{"role":"editor"}`); res.Status != http.StatusNotFound {
		t.Errorf("unknown account: %d, want 404", res.Status)
	}

	// Disabling ends the member's sessions; enabling lets them in again.
	rt := f.sessionFor(t, ritaMember)
	if res := f.call(t, http.MethodPatch, "/staff/"+rita.ID, at, `{"disabled":true}`); res.Status != http.StatusOK {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
	if got := f.call(t, http.MethodGet, "/me", rt, "").Status; got != http.StatusUnauthorized {
		t.Errorf("a disabled member's session: %d, want 401", got)
	}
	if res := f.call(t, http.MethodPatch, "/staff/"+rita.ID, at, `{"disabled":false}`); res.Status != http.StatusOK {
		t.Errorf("enable: %d %s", res.Status, res.Body)
	}

	// An admin cannot demote or disable themself.
	for _, body := range []string{`{"role":"editor"}`, `{"disabled":true}`} {
		res := f.call(t, http.MethodPatch, "/staff/"+admin.ID, at, body)
		if res.Status != http.StatusConflict || !strings.Contains(errMessage(t, res), "cannot change your own role") {
			t.Errorf("self change %s: %d %s; want 409", body, res.Status, res.Body)
		}
	}
	if u, _ := f.store.GetStaffUser(t.Context(), admin.ID); u.Role != domain.RoleAdmin || u.Disabled {
		t.Errorf("the admin changed themself: %+v", u)
	}

	// Reset: a new link; the old one stops working, sessions end.
	rt = f.sessionFor(t, ritaMember)
	res = f.call(t, http.MethodPost, "/staff/"+rita.ID+"/reset", at, "{}")
	var link2 wire.SetupLink
	_ = json.Unmarshal([]byte(res.Body), &link2)
	if res.Status != http.StatusOK || link2.URL == link.URL {
		t.Fatalf("reset: %d %s", res.Status, res.Body)
	}
	if got := f.call(t, http.MethodGet, "/me", rt, "").Status; got != http.StatusUnauthorized {
		t.Errorf("session after a reset: %d, want 401", got)
	}
	oldToken := link.URL[strings.Index(link.URL, "#")+1:]
	if res := f.call(t, http.MethodPost, "/setup/check", "", jsonBody(map[string]string{"token": oldToken})); res.Status != http.StatusUnauthorized {
		t.Errorf("the replaced link: %d, want 401", res.Status)
	}

	var got []string
	for _, e := range f.auditLog(t) {
		got = append(got, string(e.Action)+" "+e.Subject+" "+e.Detail)
	}
	want := []string{
		"staff-added " + rita.ID + " editor",
		"role-changed " + rita.ID + " editor → recruiter",
		"staff-disabled " + rita.ID + " ",
		"staff-enabled " + rita.ID + " ",
		"staff-reset " + rita.ID + " ",
	}
	// Entries made at one instant of the fake clock come in any order.
	slices.Sort(want)
	slices.Sort(got)
	if d := diff(want, got); d != "" {
		t.Errorf("audit mismatch (-want +got):\n%s", d)
	}
}

func TestAdminSetupLinkTOTPAndRecoveryCodes(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	boss := f.addMember(t, "boss@example.com", domain.RoleAdmin, "", true)
	res := f.call(t, http.MethodPost, "/staff", f.sessionFor(t, boss), jsonBody(map[string]string{"email": "ann@example.com", "name": "Ann Lee", "role": "admin"}))
	var link wire.SetupLink
	_ = json.Unmarshal([]byte(res.Body), &link)
	token := link.URL[strings.Index(link.URL, "#")+1:]

	res = f.call(t, http.MethodPost, "/setup/check", "", jsonBody(map[string]string{"token": token}))
	if res.Status != http.StatusOK || !strings.Contains(res.Body, `"email":"ann@example.com"`) {
		t.Fatalf("setup/check: %d %s", res.Status, res.Body)
	}
	for _, bad := range []struct{ pw, msg string }{
		{"short one", "Use at least 12 characters."},
		{"Password2025", "This password is too common. Choose another."},
		{"ann@example.com", "Do not use your e-mail address or name as the password."},
	} {
		res := f.call(t, http.MethodPost, "/setup", "", jsonBody(map[string]string{"token": token, "password": bad.pw}))
		if got, _ := dig(decodeJSON(t, res.Body), "error", "fields", "password").(string); res.Status != http.StatusUnprocessableEntity || got != bad.msg {
			t.Errorf("password %q: %d %s; want 422 %q", bad.pw, res.Status, res.Body, bad.msg)
		}
	}
	res = f.call(t, http.MethodPost, "/setup", "", jsonBody(map[string]string{"token": token, "password": goodPassword}))
	if res.Status != http.StatusOK {
		t.Fatalf("setup: %d %s", res.Status, res.Body)
	}
	session := sessionCookie(res).Value
	var ans wire.LoginAnswer
	_ = json.Unmarshal([]byte(res.Body), &ans)
	if ans.Staff == nil || !ans.Staff.MustEnrollTOTP {
		t.Errorf("after set-up an admin must enrol: %s", res.Body)
	}
	if res := f.call(t, http.MethodPost, "/setup", "", jsonBody(map[string]string{"token": token, "password": "another good one"})); res.Status != http.StatusUnauthorized ||
		errMessage(t, res) != "This set-up link is invalid or has expired." {
		t.Errorf("a used link: %d %s", res.Status, res.Body)
	}

	// Restricted until the second factor is set up.
	if res := f.call(t, http.MethodGet, "/staff", session, ""); res.Status != http.StatusForbidden || errMessage(t, res) != "Set up two-step sign-in first." {
		t.Errorf("GET /staff while enrolling: %d %s", res.Status, res.Body)
	}
	if res := f.call(t, http.MethodPost, "/totp/confirm", session, `{"code":"123456"}`); res.Status != http.StatusConflict {
		t.Errorf("confirm before begin: %d, want 409", res.Status)
	}
	res = f.call(t, http.MethodPost, "/totp/begin", session, "{}")
	var setup wire.TOTPSetup
	_ = json.Unmarshal([]byte(res.Body), &setup)
	if res.Status != http.StatusOK || len(setup.Secret) != 32 || !strings.HasPrefix(setup.QRSVG, "<svg") ||
		!strings.HasPrefix(setup.URI, "otpauth://totp/") || !strings.Contains(setup.URI, "ann@example.com") || !strings.Contains(setup.URI, "secret="+setup.Secret) {
		t.Fatalf("totp/begin: %d %s", res.Status, res.Body)
	}
	u, _ := f.store.GetStaffUserByEmail(t.Context(), "ann@example.com")
	if u.TOTPEnabled() || len(u.TOTPPending) == 0 || strings.Contains(string(u.TOTPPending), setup.Secret) {
		t.Errorf("pending secret not stored sealed: %+v", u)
	}
	ann := member{StaffUser: u, password: goodPassword}
	ann.secret, _ = decodeSecret(setup.Secret)
	if res := f.call(t, http.MethodPost, "/totp/confirm", session, `{"code":"000000"}`); res.Status != http.StatusUnprocessableEntity {
		t.Errorf("wrong confirm code: %d, want 422", res.Status)
	}
	res = f.call(t, http.MethodPost, "/totp/confirm", session, jsonBody(map[string]string{"code": f.currentCode(ann)}))
	var rc wire.RecoveryCodes
	_ = json.Unmarshal([]byte(res.Body), &rc)
	if res.Status != http.StatusOK || len(rc.Codes) != 10 {
		t.Fatalf("totp/confirm: %d %s", res.Status, res.Body)
	}
	session = sessionCookie(res).Value // a new token once enrolled
	if res := f.call(t, http.MethodGet, "/staff", session, ""); res.Status != http.StatusOK {
		t.Errorf("GET /staff after enrolment: %d %s", res.Status, res.Body)
	}
	// Once on, a session cannot move the second factor elsewhere.
	for _, path := range []string{"/totp/begin", "/totp/confirm"} {
		if res := f.call(t, http.MethodPost, path, session, `{"code":"123456"}`); res.Status != http.StatusConflict ||
			!strings.HasPrefix(errMessage(t, res), "Two-step sign-in is already on.") {
			t.Errorf("%s with two-step sign-in on: %d %s, want 409", path, res.Status, res.Body)
		}
	}
	if u2, _ := f.store.GetStaffUser(t.Context(), u.ID); len(u2.TOTPPending) != 0 || !u2.TOTPEnabled() {
		t.Errorf("after a refused begin: pending %d bytes, enabled %v; want nothing pending, still on", len(u2.TOTPPending), u2.TOTPEnabled())
	}

	// Signing in now takes a code; the code used to confirm is spent.
	f.clock.Add(10 * time.Second)
	res, tok := f.login(t, "ann@example.com", goodPassword, "")
	if res.Status != http.StatusOK || tok != "" || strings.TrimSpace(res.Body) != `{"needsCode":true}` {
		t.Errorf("password only: %d %s, cookie %q; want needsCode and no session", res.Status, res.Body, tok)
	}
	res, tok = f.login(t, "ann@example.com", goodPassword, f.currentCode(ann))
	if res.Status != http.StatusUnauthorized || tok != "" || errMessage(t, res) != "The code is not right. Try again." {
		t.Errorf("a replayed code: %d %s", res.Status, res.Body)
	}
	f.clock.Add(30 * time.Second)
	if res, tok = f.login(t, "ann@example.com", goodPassword, f.currentCode(ann)); res.Status != http.StatusOK || tok == "" {
		t.Errorf("a fresh code: %d %s", res.Status, res.Body)
	}
	if res, _ = f.login(t, "ann@example.com", "wrong password!", f.currentCode(ann)); res.Status != http.StatusUnauthorized || errMessage(t, res) != "E-mail or password is incorrect." {
		t.Errorf("a wrong password with a code: %d %s", res.Status, res.Body)
	}
	// A recovery code works once, typed any way.
	code := strings.ToUpper(rc.Codes[3])
	if res, tok = f.login(t, "ann@example.com", goodPassword, code); res.Status != http.StatusOK || tok == "" {
		t.Errorf("a recovery code: %d %s", res.Status, res.Body)
	}
	if res, _ = f.login(t, "ann@example.com", goodPassword, rc.Codes[3]); res.Status != http.StatusUnauthorized {
		t.Errorf("a recovery code used again: %d %s", res.Status, res.Body)
	}

	var actions []string
	for _, e := range f.auditLog(t) {
		if e.ActorEmail == "ann@example.com" {
			actions = append(actions, string(e.Action))
		}
	}
	want := []string{"password-set", "sign-in", "totp-enabled", "sign-in-failed", "sign-in", "sign-in-failed", "recovery-code-used", "sign-in", "sign-in-failed"}
	slices.Sort(want)
	slices.Sort(actions)
	if d := diff(want, actions); d != "" {
		t.Errorf("audit mismatch (-want +got):\n%s", d)
	}
}

func TestAdminSetupLinkExpires(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, "", false)
	link, _, err := auth.IssueSetup(t.Context(), f.store, m.ID, baseURL, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	token := link[strings.Index(link, "#")+1:]
	f.clock.Add(24*time.Hour - time.Second)
	if res := f.call(t, http.MethodPost, "/setup/check", "", jsonBody(map[string]string{"token": token})); res.Status != http.StatusOK {
		t.Errorf("a link a second before expiry: %d", res.Status)
	}
	f.clock.Add(time.Second)
	for _, path := range []string{"/setup/check", "/setup"} {
		res := f.call(t, http.MethodPost, path, "", jsonBody(map[string]string{"token": token, "password": goodPassword}))
		if path == "/setup/check" {
			res = f.call(t, http.MethodPost, path, "", jsonBody(map[string]string{"token": token}))
		}
		if res.Status != http.StatusUnauthorized || errMessage(t, res) != "This set-up link is invalid or has expired." {
			t.Errorf("%s with an expired link: %d %s", path, res.Status, res.Body)
		}
	}
}

func TestAdminAuditLogFilters(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	ctx := t.Context()
	day := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	for i := range 60 {
		e := domain.AuditEntry{At: day.Add(time.Duration(i) * time.Hour), ActorEmail: "rita@example.com", Action: domain.AuditSignIn}
		if i%2 == 1 {
			e.ActorEmail, e.Action = "sam@example.com", domain.AuditSignOut
		}
		if i%10 == 0 {
			e.Subject = fmt.Sprintf("APP-TEST%04d", i)
		}
		if err := f.store.AppendAudit(ctx, &e); err != nil {
			t.Fatal(err)
		}
	}
	token := f.sessionFor(t, admin)
	page := func(q string) wire.AuditPage {
		t.Helper()
		res := f.call(t, http.MethodGet, "/audit"+q, token, "")
		if res.Status != http.StatusOK {
			t.Fatalf("GET /audit%s: %d %s", q, res.Status, res.Body)
		}
		var p wire.AuditPage
		_ = json.Unmarshal([]byte(res.Body), &p)
		return p
	}
	p := page("")
	if p.Total != 60 || len(p.Entries) != 50 || p.PageSize != 50 || p.Entries[0].At != day.Add(59*time.Hour).Format(time.RFC3339) || len(p.Actions) < 20 {
		t.Errorf("first page: total %d, %d entries, first %+v", p.Total, len(p.Entries), p.Entries[0])
	}
	if p := page("?page=2"); len(p.Entries) != 10 || p.Page != 2 {
		t.Errorf("page 2: %d entries", len(p.Entries))
	}
	if p := page("?action=sign-out&actor=SAM"); p.Total != 30 {
		t.Errorf("sign-outs by sam: %d, want 30", p.Total)
	}
	// Days in the site's zone (Asia/Kolkata, +05:30): 10 March there runs
	// to 18:30 UTC, so it holds the entries from 12:00 to 18:00 UTC.
	if p := page("?from=2026-03-10&to=2026-03-10"); p.Total != 7 {
		t.Errorf("10 March: %d entries, want 7", p.Total)
	}
	// The subject: an application's reference (or part of it), any case.
	if p := page("?subject=app-test0010"); p.Total != 1 || p.Entries[0].Subject != "APP-TEST0010" {
		t.Errorf("subject APP-TEST0010: %+v", p)
	}
	if p := page("?subject=APP-TEST"); p.Total != 6 {
		t.Errorf("subject APP-TEST: %d entries, want 6", p.Total)
	}
	for _, q := range []string{"?from=10/03/2026", "?action=nope", "?page=0", "?page=x", "?subject=" + strings.Repeat("x", 101)} {
		if res := f.call(t, http.MethodGet, "/audit"+q, token, ""); res.Status != http.StatusBadRequest {
			t.Errorf("GET /audit%s: %d, want 400", q, res.Status)
		}
	}
}

// A sign-in whose account is reset, disabled or given another password
// while its password is being checked gets no session: the change wins.
func TestAdminLoginLosesToAConcurrentAccountChange(t *testing.T) {
	t.Parallel()
	race := &raceStore{}
	f := newAuthFixture(t, func(o *server.Options) { race.Store = o.Store; o.Store = race })
	ctx := t.Context()
	other, err := auth.HashPassword(ctx, "another good password")
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		name   string
		change func(u domain.StaffUser) error
	}{
		{"reset", func(u domain.StaffUser) error {
			_, _, err := auth.IssueSetup(ctx, f.store, u.ID, baseURL, f.clock.Now())
			return err
		}},
		{"disabled", func(u domain.StaffUser) error { return f.store.UpdateStaffAccount(ctx, u.ID, u.Role, true) }},
		{"new password", func(u domain.StaffUser) error { return f.store.UpdateStaffPassword(ctx, u.ID, other) }},
	} {
		m := f.addMember(t, fmt.Sprintf("m%d@example.com", i), domain.RoleEditor, goodPassword, false)
		race.afterRead = func(u domain.StaffUser) {
			if err := tc.change(u); err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
		res, token := f.login(t, m.Email, goodPassword, "")
		race.afterRead = nil
		if res.Status != http.StatusUnauthorized || token != "" || errMessage(t, res) != "E-mail or password is incorrect." {
			t.Errorf("account %s during sign-in: %d %s, cookie %q; want 401 and no session", tc.name, res.Status, res.Body, token)
		}
		if token != "" {
			if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != http.StatusUnauthorized {
				t.Errorf("account %s during sign-in: the session works (/me %d)", tc.name, got)
			}
		}
	}
	// Unchanged, the same sign-in works.
	m := f.addMember(t, "steady@example.com", domain.RoleEditor, goodPassword, false)
	if res, token := f.login(t, m.Email, goodPassword, ""); res.Status != http.StatusOK || token == "" {
		t.Errorf("sign-in of an unchanged account: %d %s", res.Status, res.Body)
	}
}

// At most 5 wrong second-step codes per account in 15 minutes, from
// every network and instance (counted in the database); past that even
// a right code waits. Right codes do not count.
func TestAdminLoginWrongCodesLimited(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ann@example.com", domain.RoleAdmin, goodPassword, true)
	wrong := func(n int) {
		t.Helper()
		res, token := f.login(t, m.Email, goodPassword, f.wrongCode(m))
		if res.Status != http.StatusUnauthorized || token != "" || errMessage(t, res) != "The code is not right. Try again." {
			t.Fatalf("wrong code %d: %d %s; want 401", n, res.Status, res.Body)
		}
	}
	for n := range 4 {
		wrong(n + 1)
	}
	// A right code signs in and is not counted.
	if res, token := f.login(t, m.Email, goodPassword, f.currentCode(m)); res.Status != http.StatusOK || token == "" {
		t.Fatalf("a right code after 4 wrong ones: %d %s", res.Status, res.Body)
	}
	f.clock.Add(30 * time.Second)
	wrong(5)
	f.clock.Add(30 * time.Second)

	res, token := f.login(t, m.Email, goodPassword, f.currentCode(m))
	if res.Status != http.StatusTooManyRequests || token != "" {
		t.Fatalf("a right code after 5 wrong ones: %d %s; want 429", res.Status, res.Body)
	}
	if msg := errMessage(t, res); msg != "Too many wrong codes. Try again in 14 minutes." {
		t.Errorf("message %q", msg)
	}
	if ra := res.Header.Get("Retry-After"); ra != "840" {
		t.Errorf("Retry-After %q, want 840", ra)
	}
	// From another network, with a recovery code: still refused, and the
	// code is not used up.
	body := jsonBody(map[string]string{"email": m.Email, "password": goodPassword, "code": m.recovery[0]})
	if res := f.callFrom(t, "198.51.100.7:4000", http.MethodPost, "/login", "", body, nil); res.Status != http.StatusTooManyRequests {
		t.Errorf("a recovery code from another network: %d %s; want 429", res.Status, res.Body)
	}
	// Another instance on the same database refuses too.
	f2 := newAuthFixture(t, func(o *server.Options) { o.Store = f.store })
	f2.clock.Add(f.clock.Now().Sub(f2.clock.Now()))
	if res, _ := f2.login(t, m.Email, goodPassword, f2.currentCode(m)); res.Status != http.StatusTooManyRequests {
		t.Errorf("another instance: %d %s; want 429", res.Status, res.Body)
	}
	// The window ends 15 minutes after the first wrong code.
	f.clock.Add(14 * time.Minute)
	if res, token := f.login(t, m.Email, goodPassword, f.currentCode(m)); res.Status != http.StatusOK || token == "" {
		t.Errorf("a right code after the window: %d %s", res.Status, res.Body)
	}
	if res, token := f.login(t, m.Email, goodPassword, m.recovery[0]); res.Status != http.StatusOK || token == "" {
		t.Errorf("the recovery code refused during the limit: %d %s", res.Status, res.Body)
	}
}

// Confirming two-step sign-in goes on under a new session token: the
// token held before it (perhaps planted, perhaps seen) ends.
func TestAdminTOTPConfirmIssuesNewSession(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "new-admin@example.com", domain.RoleAdmin, goodPassword, false)
	old := f.sessionFor(t, m)
	before, err := f.store.GetSession(t.Context(), auth.HashToken(old))
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Add(time.Minute)
	res := f.call(t, http.MethodPost, "/totp/begin", old, "{}")
	var setup wire.TOTPSetup
	_ = json.Unmarshal([]byte(res.Body), &setup)
	m.secret, _ = decodeSecret(setup.Secret)
	if res.Status != http.StatusOK || m.secret == nil {
		t.Fatalf("totp/begin: %d %s", res.Status, res.Body)
	}
	// A wrong code changes nothing.
	if res := f.call(t, http.MethodPost, "/totp/confirm", old, jsonBody(map[string]string{"code": f.wrongCode(m)})); res.Status != http.StatusUnprocessableEntity || sessionCookie(res) != nil {
		t.Errorf("a wrong confirm code: %d, cookie %+v; want 422 and no cookie", res.Status, sessionCookie(res))
	}
	res = f.call(t, http.MethodPost, "/totp/confirm", old, jsonBody(map[string]string{"code": f.currentCode(m)}))
	if res.Status != http.StatusOK {
		t.Fatalf("totp/confirm: %d %s", res.Status, res.Body)
	}
	c := sessionCookie(res)
	if c == nil || c.Value == "" || c.Value == old || c.Name != "__Host-staff" || !c.HttpOnly || !c.Secure {
		t.Fatalf("totp/confirm cookie %+v: want a new session token", c)
	}
	if got := f.call(t, http.MethodGet, "/me", old, "").Status; got != http.StatusUnauthorized {
		t.Errorf("the token from before confirming: /me %d, want 401", got)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(old)); !domain.IsNotFound(err) {
		t.Errorf("the old session is still stored (%v)", err)
	}
	me := f.call(t, http.MethodGet, "/me", c.Value, "")
	if me.Status != http.StatusOK || !strings.Contains(me.Body, `"totpEnabled":true`) {
		t.Errorf("the new token: /me %d %s", me.Status, me.Body)
	}
	// The new session keeps the sign-in's absolute end.
	after, err := f.store.GetSession(t.Context(), auth.HashToken(c.Value))
	if err != nil || !after.ExpiresAt.Equal(before.ExpiresAt) || !after.CreatedAt.Equal(before.CreatedAt) {
		t.Errorf("new session %+v (%v); want the old one's sign-in time and end %v", after, err, before.ExpiresAt)
	}
}

// Signing in or setting a password replaces the session the browser's
// cookie named, so that a token planted before never outlives a sign-in.
func TestAdminSignInEndsIncomingSession(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)
	planter := f.addMember(t, "planter@example.com", domain.RoleEditor, "", false)

	// A failed sign-in leaves it alone.
	planted := f.sessionFor(t, planter)
	body := jsonBody(map[string]string{"email": m.Email, "password": "not the password"})
	if res := f.call(t, http.MethodPost, "/login", planted, body); res.Status != http.StatusUnauthorized {
		t.Fatalf("wrong password: %d", res.Status)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(planted)); err != nil {
		t.Errorf("a failed sign-in ended the cookie's session: %v", err)
	}

	body = jsonBody(map[string]string{"email": m.Email, "password": goodPassword})
	res := f.call(t, http.MethodPost, "/login", planted, body)
	if c := sessionCookie(res); res.Status != http.StatusOK || c == nil || c.Value == planted {
		t.Fatalf("sign-in with a cookie: %d %s", res.Status, res.Body)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(planted)); !domain.IsNotFound(err) {
		t.Errorf("the session the cookie named survived a sign-in (%v)", err)
	}

	planted = f.sessionFor(t, planter)
	token := f.setupToken(t, m)
	res = f.call(t, http.MethodPost, "/setup", planted, jsonBody(map[string]string{"token": token, "password": "a fresh good password"}))
	if c := sessionCookie(res); res.Status != http.StatusOK || c == nil || c.Value == planted {
		t.Fatalf("set-up with a cookie: %d %s", res.Status, res.Body)
	}
	if _, err := f.store.GetSession(t.Context(), auth.HashToken(planted)); !domain.IsNotFound(err) {
		t.Errorf("the session the cookie named survived a password set-up (%v)", err)
	}
}

// A disabled account cannot be reset (its link could not work), and
// disabling an account ends its pending set-up link.
func TestAdminResetAndDisableWithSetupLinks(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true)
	at := f.sessionFor(t, admin)
	m := f.addMember(t, "ed@example.com", domain.RoleEditor, goodPassword, false)

	token := f.setupToken(t, m)
	for _, body := range []string{`{"disabled":true}`, `{"disabled":false}`} {
		if res := f.call(t, http.MethodPatch, "/staff/"+m.ID, at, body); res.Status != http.StatusOK {
			t.Fatalf("PATCH %s: %d %s", body, res.Status, res.Body)
		}
	}
	if res := f.call(t, http.MethodPost, "/setup/check", "", jsonBody(map[string]string{"token": token})); res.Status != http.StatusUnauthorized {
		t.Errorf("a link issued before the account was disabled, after enabling it: %d, want 401", res.Status)
	}

	if res := f.call(t, http.MethodPatch, "/staff/"+m.ID, at, `{"disabled":true}`); res.Status != http.StatusOK {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
	res := f.call(t, http.MethodPost, "/staff/"+m.ID+"/reset", at, "{}")
	if res.Status != http.StatusConflict || errMessage(t, res) != "This account is disabled: enable it first, then reset it." {
		t.Errorf("reset of a disabled account: %d %s; want 409", res.Status, res.Body)
	}
	for _, e := range f.auditLog(t) {
		if e.Action == domain.AuditStaffReset {
			t.Errorf("a refused reset was audited: %+v", e)
		}
	}
	if res := f.call(t, http.MethodPatch, "/staff/"+m.ID, at, `{"disabled":false}`); res.Status != http.StatusOK {
		t.Fatalf("enable: %d %s", res.Status, res.Body)
	}
	if res := f.call(t, http.MethodPost, "/staff/"+m.ID+"/reset", at, "{}"); res.Status != http.StatusOK {
		t.Errorf("reset once enabled: %d %s", res.Status, res.Body)
	}
}

// The hash that sign-ins to unknown addresses are checked against is made
// when the server is, before it serves. Run in a process of its own, where
// nothing made it before.
func TestAdminDummyHashMadeBeforeServing(t *testing.T) {
	t.Parallel()
	if os.Getenv("DUMMY_HASH_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAdminDummyHashMadeBeforeServing$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "DUMMY_HASH_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestAdminDummyHashMadeBeforeServing") {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return
	}
	if auth.DummyHashReady() {
		t.Fatal("the dummy hash exists before any server")
	}
	newAuthFixture(t, nil)
	if !auth.DummyHashReady() {
		t.Error("the server was made without the dummy hash: the first unknown address would be slower")
	}
}
