package storetest

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// authTests are the contract cases of staff accounts, set-up tokens, sessions and recovery codes.
var authTests = []contractTest{
	{"Auth/AccountFieldsRoundTrip", testAuthAccountFields},
	{"Auth/UpdateAccountDisablesSessions", testAuthUpdateAccount},
	{"Auth/SetupTokenLifecycle", testAuthSetupToken},
	{"Auth/SetupTokenReissueStartsOver", testAuthSetupReissue},
	{"Auth/Sessions", testAuthSessions},
	{"Auth/SessionsPrune", testAuthSessionsPrune},
	{"Auth/TOTPEnableAndStep", testAuthTOTP},
	{"Auth/RecoveryCodesSingleUse", testAuthRecoveryCodes},
	{"Auth/DeleteAccountTakesEverything", testAuthDeleteAccount},
	{"Auth/ConcurrentUsesOfOneSecret", testAuthConcurrentUses},
	{"Auth/StartSessionChecksAccount", testAuthStartSession},
	{"Auth/StartSessionLosesToReset", testAuthStartSessionRace},
	{"Auth/DisableEndsSetupToken", testAuthDisableEndsSetupToken},
	{"Auth/RateLimitRefund", testAuthRateLimitRefund},
	{"Auth/PendingSecretKeepsItsTime", testAuthPendingAt},
	{"Auth/ReplaceTOTPKeepsRecoveryCodes", testAuthReplaceTOTP},
	{"Auth/ReplaceRecoveryCodes", testAuthReplaceRecoveryCodes},
	{"Auth/ChangePasswordEndsOtherSessions", testAuthChangePassword},
	{"Auth/ListAndEndOwnSessions", testAuthListSessions},
}

func newStaff(t *testing.T, s domain.Store, email string, role domain.Role) domain.StaffUser {
	t.Helper()
	u := domain.StaffUser{Email: email, Name: "N " + email, PasswordHash: "$argon2id$v=19$h", Role: role, CreatedAt: t0}
	must(t, s.CreateStaffUser(t.Context(), &u), "CreateStaffUser")
	return u
}

func getStaff(t *testing.T, s domain.Store, id string) domain.StaffUser {
	t.Helper()
	u, err := s.GetStaffUser(t.Context(), id)
	must(t, err, "GetStaffUser")
	return u
}

func testAuthAccountFields(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := domain.StaffUser{Email: "a@example.com", Name: "A", PasswordHash: "h", Role: domain.RoleRecruiter,
		Disabled: true, TOTPSecret: []byte{1, 2, 3, 0, 255}, TOTPPending: []byte{9}, TOTPLastStep: 12345678901, CreatedAt: t0}
	must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
	checkDiff(t, "GetStaffUser", u, getStaff(t, s, u.ID))
	byMail, err := s.GetStaffUserByEmail(ctx, "A@example.com")
	must(t, err, "GetStaffUserByEmail")
	checkDiff(t, "GetStaffUserByEmail", u, byMail)
	_, err = s.GetStaffUser(ctx, "missing")
	wantCode(t, err, domain.ENotFound, "GetStaffUser(missing)")
	if !u.TOTPEnabled() {
		t.Error("TOTPEnabled() = false with a secret")
	}
	// Empty secrets come back nil.
	v := newStaff(t, s, "b@example.com", domain.RoleEditor)
	got := getStaff(t, s, v.ID)
	if got.TOTPSecret != nil || got.TOTPPending != nil || got.Disabled || got.TOTPEnabled() {
		t.Errorf("new account = %+v; want no second factor, enabled", got)
	}
}

func testAuthUpdateAccount(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "e@example.com", domain.RoleEditor)
	sess := domain.Session{ID: "sess-1", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(12 * time.Hour)}
	must(t, s.CreateSession(ctx, &sess), "CreateSession")

	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, false), "UpdateStaffAccount(role)")
	got := getStaff(t, s, u.ID)
	if got.Role != domain.RoleRecruiter || got.Disabled {
		t.Errorf("after role change: role %q disabled %v", got.Role, got.Disabled)
	}
	_, err := s.GetSession(ctx, sess.ID)
	must(t, err, "GetSession after a role change (the session stays)")

	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, true), "UpdateStaffAccount(disable)")
	if !getStaff(t, s, u.ID).Disabled {
		t.Error("account not disabled")
	}
	_, err = s.GetSession(ctx, sess.ID)
	wantCode(t, err, domain.ENotFound, "GetSession of a disabled account")

	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, false), "UpdateStaffAccount(enable)")
	if getStaff(t, s, u.ID).Disabled {
		t.Error("account still disabled")
	}
	wantCode(t, s.UpdateStaffAccount(ctx, "missing", domain.RoleEditor, false), domain.ENotFound, "UpdateStaffAccount(missing)")
}

func testAuthSetupToken(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "new@example.com", domain.RoleAdmin)
	exp := at(24 * time.Hour)
	must(t, s.IssueSetupToken(ctx, u.ID, "hash-1", exp), "IssueSetupToken")

	got, err := s.LookupSetupToken(ctx, "hash-1", at(time.Hour))
	must(t, err, "LookupSetupToken")
	if got.ID != u.ID || got.PasswordHash != "" {
		t.Errorf("LookupSetupToken = %+v; want the account, its password cleared", got)
	}
	_, err = s.LookupSetupToken(ctx, "hash-1", exp)
	wantCode(t, err, domain.ENotFound, "LookupSetupToken at expiry")
	_, err = s.LookupSetupToken(ctx, "other", at(time.Hour))
	wantCode(t, err, domain.ENotFound, "LookupSetupToken(unknown)")
	_, err = s.CompleteSetup(ctx, "hash-1", "pw", exp.Add(time.Second))
	wantCode(t, err, domain.ENotFound, "CompleteSetup after expiry")

	done, err := s.CompleteSetup(ctx, "hash-1", "pw-hash", at(time.Hour))
	must(t, err, "CompleteSetup")
	if done.ID != u.ID || done.PasswordHash != "pw-hash" {
		t.Errorf("CompleteSetup = %+v", done)
	}
	if h := getStaff(t, s, u.ID).PasswordHash; h != "pw-hash" {
		t.Errorf("stored password hash %q", h)
	}
	// One use only.
	_, err = s.CompleteSetup(ctx, "hash-1", "again", at(time.Hour))
	wantCode(t, err, domain.ENotFound, "CompleteSetup twice")
	_, err = s.LookupSetupToken(ctx, "hash-1", at(time.Hour))
	wantCode(t, err, domain.ENotFound, "LookupSetupToken after use")

	// A disabled account's link does not work.
	must(t, s.IssueSetupToken(ctx, u.ID, "hash-2", exp), "IssueSetupToken")
	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleAdmin, true), "disable")
	_, err = s.LookupSetupToken(ctx, "hash-2", at(time.Hour))
	wantCode(t, err, domain.ENotFound, "LookupSetupToken of a disabled account")
	_, err = s.CompleteSetup(ctx, "hash-2", "x", at(time.Hour))
	wantCode(t, err, domain.ENotFound, "CompleteSetup of a disabled account")

	// Pruning removes expired tokens only.
	v := newStaff(t, s, "v@example.com", domain.RoleEditor)
	must(t, s.IssueSetupToken(ctx, v.ID, "hash-v", at(48*time.Hour)), "IssueSetupToken")
	must(t, s.PruneSetupTokens(ctx, at(30*time.Hour)), "PruneSetupTokens")
	_, err = s.LookupSetupToken(ctx, "hash-v", at(time.Hour))
	must(t, err, "LookupSetupToken of an unexpired token after pruning")
	wantCode(t, s.IssueSetupToken(ctx, "missing", "h", exp), domain.ENotFound, "IssueSetupToken(missing)")
}

func testAuthSetupReissue(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := domain.StaffUser{Email: "r@example.com", Name: "R", PasswordHash: "old", Role: domain.RoleAdmin, CreatedAt: t0}
	must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("sealed"), 7, []string{"c1", "c2"}), "EnableStaffTOTP")
	sess := domain.Session{ID: "sess-r", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)}
	must(t, s.CreateSession(ctx, &sess), "CreateSession")
	must(t, s.IssueSetupToken(ctx, u.ID, "first", at(24*time.Hour)), "IssueSetupToken")
	must(t, s.IssueSetupToken(ctx, u.ID, "second", at(24*time.Hour)), "IssueSetupToken again")

	_, err := s.LookupSetupToken(ctx, "first", t0)
	wantCode(t, err, domain.ENotFound, "the replaced token")
	_, err = s.LookupSetupToken(ctx, "second", t0)
	must(t, err, "the new token")
	got := getStaff(t, s, u.ID)
	if got.PasswordHash != "" || got.TOTPEnabled() || got.TOTPLastStep != 0 {
		t.Errorf("after a reset: %+v; want no password and no second factor", got)
	}
	if n, err := s.CountRecoveryCodes(ctx, u.ID); err != nil || n != 0 {
		t.Errorf("CountRecoveryCodes after a reset = %d, %v; want 0", n, err)
	}
	_, err = s.GetSession(ctx, sess.ID)
	wantCode(t, err, domain.ENotFound, "GetSession after a reset")
}

func testAuthSessions(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "s@example.com", domain.RoleEditor)
	other := newStaff(t, s, "o@example.com", domain.RoleEditor)
	a := domain.Session{ID: "a", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(12 * time.Hour)}
	must(t, s.CreateSession(ctx, &a), "CreateSession")
	wantStamp(t, "CreatedAt", t0, a.CreatedAt)
	got, err := s.GetSession(ctx, "a")
	must(t, err, "GetSession")
	checkDiff(t, "GetSession", a, got)

	must(t, s.TouchSession(ctx, "a", at(5*time.Minute)), "TouchSession")
	got, _ = s.GetSession(ctx, "a")
	if !got.LastSeenAt.Equal(at(5 * time.Minute).Truncate(time.Microsecond)) {
		t.Errorf("LastSeenAt = %v after touch, want %v", got.LastSeenAt, at(5*time.Minute))
	}
	// A late touch from a slower instance never moves it back.
	must(t, s.TouchSession(ctx, "a", at(time.Minute)), "TouchSession earlier")
	got, _ = s.GetSession(ctx, "a")
	if !got.LastSeenAt.Equal(at(5 * time.Minute).Truncate(time.Microsecond)) {
		t.Errorf("LastSeenAt moved back to %v", got.LastSeenAt)
	}
	wantCode(t, s.TouchSession(ctx, "missing", t0), domain.ENotFound, "TouchSession(missing)")

	b := domain.Session{ID: "b", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)}
	c := domain.Session{ID: "c", UserID: other.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)}
	must(t, s.CreateSession(ctx, &b), "CreateSession b")
	must(t, s.CreateSession(ctx, &c), "CreateSession c")

	must(t, s.DeleteSession(ctx, "a"), "DeleteSession")
	must(t, s.DeleteSession(ctx, "a"), "DeleteSession again")
	_, err = s.GetSession(ctx, "a")
	wantCode(t, err, domain.ENotFound, "GetSession after delete")

	must(t, s.CreateSession(ctx, &domain.Session{ID: "a2", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)}), "CreateSession a2")
	must(t, s.DeleteStaffSessions(ctx, u.ID), "DeleteStaffSessions")
	for _, id := range []string{"a2", "b"} {
		_, err = s.GetSession(ctx, id)
		wantCode(t, err, domain.ENotFound, "GetSession "+id+" after sign-out everywhere")
	}
	_, err = s.GetSession(ctx, "c")
	must(t, err, "another account's session stays")
}

func testAuthSessionsPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "p@example.com", domain.RoleEditor)
	for _, x := range []domain.Session{
		{ID: "idle", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(12 * time.Hour)},
		{ID: "ended", UserID: u.ID, CreatedAt: t0, LastSeenAt: at(2 * time.Hour), ExpiresAt: at(2 * time.Hour)},
		{ID: "live", UserID: u.ID, CreatedAt: t0, LastSeenAt: at(2 * time.Hour), ExpiresAt: at(12 * time.Hour)},
	} {
		must(t, s.CreateSession(ctx, &x), "CreateSession "+x.ID)
	}
	must(t, s.PruneSessions(ctx, at(time.Hour), at(2*time.Hour)), "PruneSessions")
	for id, alive := range map[string]bool{"idle": false, "ended": false, "live": true} {
		_, err := s.GetSession(ctx, id)
		if alive {
			must(t, err, "GetSession "+id)
		} else {
			wantCode(t, err, domain.ENotFound, "GetSession "+id+" after pruning")
		}
	}
}

func testAuthTOTP(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "t@example.com", domain.RoleAdmin)
	must(t, s.SetStaffTOTPPending(ctx, u.ID, []byte("pending"), t0), "SetStaffTOTPPending")
	got := getStaff(t, s, u.ID)
	if string(got.TOTPPending) != "pending" || got.TOTPEnabled() {
		t.Errorf("after begin: pending %q enabled %v", got.TOTPPending, got.TOTPEnabled())
	}
	wantCode(t, s.SetStaffTOTPPending(ctx, "missing", []byte("x"), t0), domain.ENotFound, "SetStaffTOTPPending(missing)")

	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("pending"), 100, []string{"h1", "h2", "h3"}), "EnableStaffTOTP")
	got = getStaff(t, s, u.ID)
	if string(got.TOTPSecret) != "pending" || got.TOTPPending != nil || got.TOTPLastStep != 100 {
		t.Errorf("after enable: secret %q pending %q step %d", got.TOTPSecret, got.TOTPPending, got.TOTPLastStep)
	}
	if n, err := s.CountRecoveryCodes(ctx, u.ID); err != nil || n != 3 {
		t.Errorf("CountRecoveryCodes = %d, %v; want 3", n, err)
	}

	for _, tc := range []struct {
		step int64
		ok   bool
	}{{100, false}, {99, false}, {101, true}, {101, false}, {103, true}, {102, false}} {
		ok, err := s.UseTOTPStep(ctx, u.ID, tc.step)
		must(t, err, "UseTOTPStep")
		if ok != tc.ok {
			t.Errorf("UseTOTPStep(%d) = %v, want %v", tc.step, ok, tc.ok)
		}
	}
	if got := getStaff(t, s, u.ID).TOTPLastStep; got != 103 {
		t.Errorf("TOTPLastStep = %d, want 103", got)
	}
	// Enabling again (a new authenticator) replaces the codes.
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("new"), 200, []string{"n1"}), "EnableStaffTOTP again")
	if ok, _ := s.UseRecoveryCode(ctx, u.ID, "h1"); ok {
		t.Error("an old recovery code still works after enabling again")
	}
	wantCode(t, s.EnableStaffTOTP(ctx, "missing", []byte("x"), 1, nil), domain.ENotFound, "EnableStaffTOTP(missing)")
}

func testAuthRecoveryCodes(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "rc@example.com", domain.RoleAdmin)
	v := newStaff(t, s, "rc2@example.com", domain.RoleAdmin)
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("k"), 1, []string{"h1", "h2"}), "EnableStaffTOTP")
	must(t, s.EnableStaffTOTP(ctx, v.ID, []byte("k"), 1, []string{"h3"}), "EnableStaffTOTP")
	for _, tc := range []struct {
		id, hash string
		ok       bool
	}{
		{u.ID, "h1", true}, {u.ID, "h1", false}, {u.ID, "h3", false}, {u.ID, "nope", false}, {v.ID, "h3", true}, {u.ID, "h2", true},
	} {
		ok, err := s.UseRecoveryCode(ctx, tc.id, tc.hash)
		must(t, err, "UseRecoveryCode")
		if ok != tc.ok {
			t.Errorf("UseRecoveryCode(%s, %s) = %v, want %v", tc.id, tc.hash, ok, tc.ok)
		}
	}
	if n, err := s.CountRecoveryCodes(ctx, u.ID); err != nil || n != 0 {
		t.Errorf("CountRecoveryCodes = %d, %v; want 0", n, err)
	}
}

func testAuthDeleteAccount(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "d@example.com", domain.RoleAdmin)
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("k"), 1, []string{"h"}), "EnableStaffTOTP")
	must(t, s.CreateSession(ctx, &domain.Session{ID: "x", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)}), "CreateSession")
	v := newStaff(t, s, "d2@example.com", domain.RoleAdmin)
	must(t, s.IssueSetupToken(ctx, v.ID, "tok", at(time.Hour)), "IssueSetupToken")
	must(t, s.DeleteStaffUser(ctx, u.ID), "DeleteStaffUser")
	must(t, s.DeleteStaffUser(ctx, v.ID), "DeleteStaffUser with a token")
	_, err := s.GetSession(ctx, "x")
	wantCode(t, err, domain.ENotFound, "GetSession of a deleted account")
	_, err = s.LookupSetupToken(ctx, "tok", t0)
	wantCode(t, err, domain.ENotFound, "LookupSetupToken of a deleted account")
}

// Of concurrent uses of one set-up token, one TOTP step or one recovery
// code, exactly one succeeds.
func testAuthConcurrentUses(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "c@example.com", domain.RoleAdmin)
	must(t, s.IssueSetupToken(ctx, u.ID, "tok", at(time.Hour)), "IssueSetupToken")
	var setups, steps, codes atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := s.CompleteSetup(ctx, "tok", fmt.Sprintf("pw-%d", i), t0)
			switch {
			case err == nil:
				setups.Add(1)
			case !domain.IsNotFound(err):
				t.Errorf("CompleteSetup: %v", err)
			}
		})
	}
	wg.Wait()
	if n := setups.Load(); n != 1 {
		t.Errorf("%d concurrent CompleteSetup calls succeeded, want 1", n)
	}
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("k"), 10, []string{"r1"}), "EnableStaffTOTP")
	for range 8 {
		wg.Go(func() {
			if ok, err := s.UseTOTPStep(ctx, u.ID, 11); err != nil {
				t.Errorf("UseTOTPStep: %v", err)
			} else if ok {
				steps.Add(1)
			}
			if ok, err := s.UseRecoveryCode(ctx, u.ID, "r1"); err != nil {
				t.Errorf("UseRecoveryCode: %v", err)
			} else if ok {
				codes.Add(1)
			}
		})
	}
	wg.Wait()
	if steps.Load() != 1 || codes.Load() != 1 {
		t.Errorf("concurrent uses: %d of one TOTP step and %d of one recovery code succeeded, want 1 each", steps.Load(), codes.Load())
	}
}

// StartSession stores a session only while the account has the password
// hash the sign-in checked and is enabled; it may rehash the password and
// end the session the browser held.
func testAuthStartSession(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "ss@example.com", domain.RoleEditor)
	sess := func(id string) *domain.Session {
		return &domain.Session{ID: id, UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(12 * time.Hour)}
	}
	a := sess("a")
	must(t, s.StartSession(ctx, a, domain.SessionStart{PasswordHash: u.PasswordHash}), "StartSession")
	wantStamp(t, "CreatedAt", t0, a.CreatedAt)
	got, err := s.GetSession(ctx, "a")
	must(t, err, "GetSession")
	checkDiff(t, "GetSession", *a, got)

	wantCode(t, s.StartSession(ctx, sess("stale"), domain.SessionStart{PasswordHash: "another hash"}), domain.EConflict, "StartSession with a changed hash")
	_, err = s.GetSession(ctx, "stale")
	wantCode(t, err, domain.ENotFound, "GetSession of a refused session")
	missing := sess("nobody")
	missing.UserID = "missing"
	wantCode(t, s.StartSession(ctx, missing, domain.SessionStart{PasswordHash: u.PasswordHash}), domain.EConflict, "StartSession of a missing account")

	// Rehash and replace: the old session ends, the new hash is stored.
	must(t, s.StartSession(ctx, sess("b"), domain.SessionStart{PasswordHash: u.PasswordHash, Rehash: "new hash", Replaces: "a"}), "StartSession replacing a")
	_, err = s.GetSession(ctx, "a")
	wantCode(t, err, domain.ENotFound, "GetSession of the replaced session")
	_, err = s.GetSession(ctx, "b")
	must(t, err, "GetSession b")
	if h := getStaff(t, s, u.ID).PasswordHash; h != "new hash" {
		t.Errorf("password hash %q after a rehash, want %q", h, "new hash")
	}
	// A refused start changes nothing.
	wantCode(t, s.StartSession(ctx, sess("c"), domain.SessionStart{PasswordHash: u.PasswordHash, Rehash: "x", Replaces: "b"}), domain.EConflict, "StartSession with the old hash")
	_, err = s.GetSession(ctx, "b")
	must(t, err, "GetSession b after a refused start replacing it")
	if h := getStaff(t, s, u.ID).PasswordHash; h != "new hash" {
		t.Errorf("password hash %q after a refused start, want unchanged", h)
	}

	must(t, s.UpdateStaffAccount(ctx, u.ID, u.Role, true), "disable")
	wantCode(t, s.StartSession(ctx, sess("d"), domain.SessionStart{PasswordHash: "new hash"}), domain.EConflict, "StartSession of a disabled account")
	_, err = s.GetSession(ctx, "d")
	wantCode(t, err, domain.ENotFound, "GetSession of a disabled account's refused session")
}

// A reset racing sign-ins checked against the old password leaves none
// of their sessions: each either came first (and the reset removes it) or
// sees the reset (and stores nothing).
func testAuthStartSessionRace(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for round := range 5 {
		u := newStaff(t, s, fmt.Sprintf("race%d@example.com", round), domain.RoleEditor)
		var wg sync.WaitGroup
		var ids []string
		for i := range 6 {
			id := fmt.Sprintf("r%d-%d", round, i)
			ids = append(ids, id)
			wg.Go(func() {
				err := s.StartSession(ctx, &domain.Session{ID: id, UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)},
					domain.SessionStart{PasswordHash: u.PasswordHash})
				if err != nil && domain.ErrorCode(err) != domain.EConflict {
					t.Errorf("StartSession: %v", err)
				}
			})
			if i == 2 {
				wg.Go(func() {
					if err := s.IssueSetupToken(ctx, u.ID, fmt.Sprintf("reset-%d", round), at(time.Hour)); err != nil {
						t.Errorf("IssueSetupToken: %v", err)
					}
				})
			}
		}
		wg.Wait()
		for _, id := range ids {
			if _, err := s.GetSession(ctx, id); !domain.IsNotFound(err) {
				t.Errorf("round %d: session %s outlived the reset (%v)", round, id, err)
			}
		}
	}
}

// Disabling an account removes its set-up token: enabling it again does
// not bring the link back.
func testAuthDisableEndsSetupToken(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "de@example.com", domain.RoleEditor)
	v := newStaff(t, s, "dv@example.com", domain.RoleEditor)
	must(t, s.IssueSetupToken(ctx, u.ID, "tok-u", at(24*time.Hour)), "IssueSetupToken")
	must(t, s.IssueSetupToken(ctx, v.ID, "tok-v", at(24*time.Hour)), "IssueSetupToken")
	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, false), "role change")
	_, err := s.LookupSetupToken(ctx, "tok-u", t0)
	must(t, err, "LookupSetupToken after a role change (the link stays)")
	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, true), "disable")
	must(t, s.UpdateStaffAccount(ctx, u.ID, domain.RoleRecruiter, false), "enable")
	_, err = s.LookupSetupToken(ctx, "tok-u", t0)
	wantCode(t, err, domain.ENotFound, "LookupSetupToken of a link issued before disabling")
	_, err = s.LookupSetupToken(ctx, "tok-v", t0)
	must(t, err, "another account's link stays")
}

// Refund takes back one event of the current window, never of a later
// one, and never below zero.
func testAuthRateLimitRefund(t *testing.T, s domain.Store) {
	ctx := t.Context()
	base := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	allow := func(key string, at time.Time) bool {
		t.Helper()
		ok, _, err := s.Allow(ctx, key, 2, time.Minute, at)
		must(t, err, "Allow")
		return ok
	}
	refund := func(key string, at time.Time) {
		t.Helper()
		must(t, s.Refund(ctx, key, at), "Refund")
	}
	if !allow("k", base) || !allow("k", base.Add(time.Second)) {
		t.Fatal("events within the limit refused")
	}
	refund("k", base.Add(time.Second))
	if !allow("k", base.Add(2*time.Second)) {
		t.Error("an event after a refund refused: the refund took nothing back")
	}
	if allow("k", base.Add(3*time.Second)) {
		t.Error("a third counted event allowed")
	}
	// A refund of an event of an ended window leaves the new one alone.
	if !allow("k", base.Add(61*time.Second)) || !allow("k", base.Add(62*time.Second)) {
		t.Fatal("a new window refused")
	}
	refund("k", base.Add(3*time.Second))
	if allow("k", base.Add(63*time.Second)) {
		t.Error("a refund from an ended window was taken from the new one")
	}
	// Never below zero, and an unknown key is no error.
	if !allow("n", base) {
		t.Fatal("a first event refused")
	}
	for range 3 {
		refund("n", base)
	}
	if !allow("n", base.Add(time.Second)) || !allow("n", base.Add(2*time.Second)) || allow("n", base.Add(3*time.Second)) {
		t.Error("more refunds than events let more than the limit through")
	}
	refund("unknown", base)
}
