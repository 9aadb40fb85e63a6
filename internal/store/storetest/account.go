package storetest

import (
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// The contract cases of the staff account page: the pending secret's
// time, a second factor replaced, recovery codes replaced, a password
// changed, and a member's own sessions listed and ended.

func testAuthPendingAt(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "pa@example.com", domain.RoleEditor)
	if got := getStaff(t, s, u.ID); !got.TOTPPendingAt.IsZero() {
		t.Errorf("TOTPPendingAt = %v before any secret, want zero", got.TOTPPendingAt)
	}
	must(t, s.SetStaffTOTPPending(ctx, u.ID, []byte("p1"), at(3*time.Minute)), "SetStaffTOTPPending")
	got := getStaff(t, s, u.ID)
	wantStamp(t, "TOTPPendingAt", at(3*time.Minute), got.TOTPPendingAt)
	if string(got.TOTPPending) != "p1" {
		t.Errorf("TOTPPending = %q, want p1", got.TOTPPending)
	}
	must(t, s.SetStaffTOTPPending(ctx, u.ID, nil, at(4*time.Minute)), "SetStaffTOTPPending(nil)")
	if got := getStaff(t, s, u.ID); got.TOTPPending != nil || !got.TOTPPendingAt.IsZero() {
		t.Errorf("after clearing: pending %q at %v", got.TOTPPending, got.TOTPPendingAt)
	}
	// A reset (a new set-up link) removes a pending secret with its time.
	must(t, s.SetStaffTOTPPending(ctx, u.ID, []byte("p2"), at(5*time.Minute)), "SetStaffTOTPPending")
	must(t, s.IssueSetupToken(ctx, u.ID, "tok-pa", at(24*time.Hour)), "IssueSetupToken")
	if got := getStaff(t, s, u.ID); got.TOTPPending != nil || !got.TOTPPendingAt.IsZero() {
		t.Errorf("after a reset: pending %q at %v", got.TOTPPending, got.TOTPPendingAt)
	}
}

func testAuthReplaceTOTP(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "rt@example.com", domain.RoleAdmin)
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("old"), 100, []string{"h1", "h2"}), "EnableStaffTOTP")
	must(t, s.SetStaffTOTPPending(ctx, u.ID, []byte("new"), at(time.Minute)), "SetStaffTOTPPending")
	// Until confirmed the old secret is the second factor.
	if got := getStaff(t, s, u.ID); string(got.TOTPSecret) != "old" || string(got.TOTPPending) != "new" {
		t.Fatalf("while pending: secret %q pending %q", got.TOTPSecret, got.TOTPPending)
	}
	// Another pending secret than the one confirmed: nothing changes.
	wantCode(t, s.ReplaceStaffTOTP(ctx, u.ID, []byte("other"), 200), domain.EConflict, "ReplaceStaffTOTP(other)")
	if got := getStaff(t, s, u.ID); string(got.TOTPSecret) != "old" || got.TOTPLastStep != 100 {
		t.Errorf("after a refused replace: secret %q step %d", got.TOTPSecret, got.TOTPLastStep)
	}
	must(t, s.ReplaceStaffTOTP(ctx, u.ID, []byte("new"), 200), "ReplaceStaffTOTP")
	got := getStaff(t, s, u.ID)
	if string(got.TOTPSecret) != "new" || got.TOTPPending != nil || !got.TOTPPendingAt.IsZero() || got.TOTPLastStep != 200 {
		t.Errorf("after replace: secret %q pending %q at %v step %d", got.TOTPSecret, got.TOTPPending, got.TOTPPendingAt, got.TOTPLastStep)
	}
	if n, err := s.CountRecoveryCodes(ctx, u.ID); err != nil || n != 2 {
		t.Errorf("CountRecoveryCodes = %d, %v after replace; want the 2 kept", n, err)
	}
	// Confirming twice: the second finds nothing pending.
	wantCode(t, s.ReplaceStaffTOTP(ctx, u.ID, []byte("new"), 201), domain.EConflict, "ReplaceStaffTOTP again")
}

func testAuthReplaceRecoveryCodes(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "rc2@example.com", domain.RoleAdmin)
	other := newStaff(t, s, "rc3@example.com", domain.RoleAdmin)
	must(t, s.EnableStaffTOTP(ctx, u.ID, []byte("sec"), 1, []string{"old1", "old2", "old3"}), "EnableStaffTOTP")
	must(t, s.EnableStaffTOTP(ctx, other.ID, []byte("sec"), 1, []string{"old1"}), "EnableStaffTOTP other")
	must(t, s.ReplaceRecoveryCodes(ctx, u.ID, []string{"new1", "new2"}), "ReplaceRecoveryCodes")
	if ok, err := s.UseRecoveryCode(ctx, u.ID, "old1"); err != nil || ok {
		t.Errorf("an old code after replacing = %v, %v; want refused", ok, err)
	}
	if ok, err := s.UseRecoveryCode(ctx, u.ID, "new2"); err != nil || !ok {
		t.Errorf("a new code = %v, %v; want accepted", ok, err)
	}
	if n, _ := s.CountRecoveryCodes(ctx, u.ID); n != 1 {
		t.Errorf("CountRecoveryCodes = %d, want 1", n)
	}
	// Another account's codes stay.
	if n, _ := s.CountRecoveryCodes(ctx, other.ID); n != 1 {
		t.Errorf("other account's codes = %d, want 1", n)
	}
	wantCode(t, s.ReplaceRecoveryCodes(ctx, "missing", []string{"x"}), domain.ENotFound, "ReplaceRecoveryCodes(missing)")
}

func testAuthChangePassword(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "cp@example.com", domain.RoleRecruiter)
	other := newStaff(t, s, "cp2@example.com", domain.RoleRecruiter)
	for _, x := range []domain.Session{
		{ID: "cp-this", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)},
		{ID: "cp-that", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)},
		{ID: "cp-other", UserID: other.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)},
	} {
		must(t, s.CreateSession(ctx, &x), "CreateSession "+x.ID)
	}
	// A stale old hash (changed meanwhile): nothing changes.
	wantCode(t, s.ChangeStaffPassword(ctx, u.ID, "$argon2id$stale", "$argon2id$new", "cp-this"), domain.EConflict, "ChangeStaffPassword(stale)")
	if got := getStaff(t, s, u.ID); got.PasswordHash != u.PasswordHash {
		t.Errorf("hash after a refused change = %q", got.PasswordHash)
	}
	if _, err := s.GetSession(ctx, "cp-that"); err != nil {
		t.Errorf("a refused change ended a session: %v", err)
	}
	must(t, s.ChangeStaffPassword(ctx, u.ID, u.PasswordHash, "$argon2id$new", "cp-this"), "ChangeStaffPassword")
	if got := getStaff(t, s, u.ID); got.PasswordHash != "$argon2id$new" {
		t.Errorf("hash = %q, want the new one", got.PasswordHash)
	}
	for id, alive := range map[string]bool{"cp-this": true, "cp-that": false, "cp-other": true} {
		_, err := s.GetSession(ctx, id)
		if alive {
			must(t, err, "GetSession "+id)
		} else {
			wantCode(t, err, domain.ENotFound, "GetSession "+id+" after a password change")
		}
	}
	// A disabled account's password is not changed.
	must(t, s.UpdateStaffAccount(ctx, other.ID, other.Role, true), "disable")
	wantCode(t, s.ChangeStaffPassword(ctx, other.ID, other.PasswordHash, "$argon2id$x", ""), domain.EConflict, "ChangeStaffPassword(disabled)")
}

func testAuthListSessions(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := newStaff(t, s, "ls@example.com", domain.RoleEditor)
	other := newStaff(t, s, "ls2@example.com", domain.RoleEditor)
	long := strings.Repeat("é", domain.SessionUserAgentMax) // two bytes each
	for i, x := range []domain.Session{
		{ID: "ls-old", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour), UserAgent: "Firefox"},
		{ID: "ls-new", UserID: u.ID, CreatedAt: at(time.Minute), LastSeenAt: at(time.Minute), ExpiresAt: at(time.Hour), UserAgent: long},
		{ID: "ls-mid", UserID: u.ID, CreatedAt: at(30 * time.Second), LastSeenAt: at(time.Minute), ExpiresAt: at(time.Hour)},
		{ID: "ls-other", UserID: other.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: at(time.Hour)},
	} {
		if i == 1 {
			must(t, s.StartSession(ctx, &x, domain.SessionStart{PasswordHash: u.PasswordHash}), "StartSession "+x.ID)
		} else {
			must(t, s.CreateSession(ctx, &x), "CreateSession "+x.ID)
		}
	}
	got, err := s.ListStaffSessions(ctx, u.ID)
	must(t, err, "ListStaffSessions")
	var ids []string
	for _, x := range got {
		ids = append(ids, x.ID)
	}
	if strings.Join(ids, ",") != "ls-new,ls-mid,ls-old" {
		t.Fatalf("ListStaffSessions = %v, want newest sign-in first, own only", ids)
	}
	if got[2].UserAgent != "Firefox" || got[1].UserAgent != "" {
		t.Errorf("user agents = %q, %q", got[2].UserAgent, got[1].UserAgent)
	}
	if n := len(got[0].UserAgent); n > domain.SessionUserAgentMax || n < domain.SessionUserAgentMax-1 || !strings.HasPrefix(long, got[0].UserAgent) {
		t.Errorf("a long user agent kept %d bytes, want it cut at %d on a character's start", n, domain.SessionUserAgentMax)
	}
	must(t, s.DeleteOtherStaffSessions(ctx, u.ID, "ls-mid"), "DeleteOtherStaffSessions")
	got, err = s.ListStaffSessions(ctx, u.ID)
	must(t, err, "ListStaffSessions")
	if len(got) != 1 || got[0].ID != "ls-mid" {
		t.Errorf("after ending the others: %v", got)
	}
	if _, err := s.GetSession(ctx, "ls-other"); err != nil {
		t.Errorf("another account's session ended: %v", err)
	}
	if got, err := s.ListStaffSessions(ctx, "missing"); err != nil || len(got) != 0 {
		t.Errorf("ListStaffSessions(missing) = %v, %v", got, err)
	}
}
