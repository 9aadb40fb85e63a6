package staffsignin_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/staffsignin"
	"corpsite/internal/store/sqlite"
)

// clock is a settable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// plainKeys "seals" nothing: the tests keep TOTP secrets as they are.
type plainKeys struct{}

func (plainKeys) Open(sealed []byte) ([]byte, error) { return sealed, nil }
func (plainKeys) Seal(plain []byte) ([]byte, error)  { return plain, nil }

type fixture struct {
	store *sqlite.Store
	clock *clock
	svc   *staffsignin.Service
}

const password = "Quiet harbour lantern 42"

func newFixture(t *testing.T, idle time.Duration) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	return &fixture{store: st, clock: clk, svc: staffsignin.New(st, plainKeys{}, clk.Now, idle, log)}
}

// account adds a member of staff with the password.
func (f *fixture) account(t *testing.T, email string, role domain.Role) domain.StaffUser {
	t.Helper()
	hash, err := auth.HashPassword(context.Background(), password)
	if err != nil {
		t.Fatal(err)
	}
	u := domain.StaffUser{ID: "u-" + email, Email: email, Name: "Staff " + email, PasswordHash: hash, Role: role, CreatedAt: f.clock.Now()}
	if err := f.store.CreateStaffUser(context.Background(), &u); err != nil {
		t.Fatal(err)
	}
	return u
}

// audited lists the actions recorded, oldest first.
func (f *fixture) audited(t *testing.T) []domain.AuditAction {
	t.Helper()
	entries, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]domain.AuditAction, len(entries))
	for i, e := range entries {
		out[len(entries)-1-i] = e.Action
	}
	return out
}

func attempt(email, pw string) staffsignin.Attempt {
	return staffsignin.Attempt{Email: email, Password: pw, Client: "client-a", ClientIP: "203.0.113.7"}
}

func TestSignInStartsASessionThatChecksOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "ravi@staff.test", domain.RoleRecruiter)

	in, err := f.svc.SignIn(ctx, attempt("  Ravi@Staff.test ", password))
	if err != nil {
		t.Fatalf("SignIn: %v", err)
	}
	if in.NeedsCode || in.User.ID != u.ID || in.Token == "" || in.Session.ID != auth.HashToken(in.Token) {
		t.Fatalf("signed in = %+v", in)
	}
	if want := f.clock.Now().Add(auth.SessionMax); !in.Session.ExpiresAt.Equal(want) {
		t.Errorf("expires %v, want %v (sign-in + SessionMax)", in.Session.ExpiresAt, want)
	}
	got, sess, err := f.svc.Check(ctx, in.Session.ID, false)
	if err != nil || got.ID != u.ID || sess.ID != in.Session.ID {
		t.Fatalf("Check = %v, %v, %v", got.ID, sess.ID, err)
	}
	if a := f.audited(t); len(a) != 1 || a[0] != domain.AuditSignIn {
		t.Errorf("audit = %v, want one sign-in", a)
	}
}

func TestWrongPasswordUnknownAccountAndDisabledAnswerAlike(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "meera@staff.test", domain.RoleEditor)
	off := f.account(t, "off@staff.test", domain.RoleEditor)
	if err := f.store.UpdateStaffAccount(ctx, off.ID, off.Role, true); err != nil {
		t.Fatal(err)
	}
	for _, a := range []staffsignin.Attempt{attempt(u.Email, "not the password"), attempt("nobody@staff.test", password), attempt(off.Email, password)} {
		_, err := f.svc.SignIn(ctx, a)
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.EUnauthorized || de.Message != staffsignin.MsgSignInFailed {
			t.Errorf("SignIn(%s) = %v; want %q", a.Email, err, staffsignin.MsgSignInFailed)
		}
	}
	a := f.audited(t)
	if len(a) != 3 || a[0] != domain.AuditSignInFailed || a[1] != domain.AuditSignInFailed || a[2] != domain.AuditSignInFailed {
		t.Errorf("audit = %v, want three failed sign-ins", a)
	}

	_, err := f.svc.SignIn(ctx, attempt("", ""))
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.EInvalid || de.Fields["email"] == "" || de.Fields["password"] == "" {
		t.Errorf("empty attempt = %v; want both fields named", err)
	}
}

func TestAttemptsPastTheClientLimitWaitForTheWindow(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	for i := range staffsignin.ClientLimit {
		// Other addresses each time: only the client's limit applies.
		a := attempt("guess"+string(rune('a'+i%26))+string(rune('a'+i/26))+"@staff.test", "x")
		if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
			t.Fatalf("attempt %d: %v; want a plain refusal", i+1, err)
		}
	}
	_, err := f.svc.SignIn(ctx, attempt("one-more@staff.test", "x"))
	var tm *staffsignin.TooMany
	if !errors.As(err, &tm) || tm.Retry <= 0 || tm.Retry > staffsignin.Window || domain.ErrorCode(err) != domain.ETooMany {
		t.Fatalf("attempt past the limit = %v; want TooMany with a retry within the window", err)
	}
	if want := "Too many sign-in attempts. Try again in 15 minutes."; tm.Err.Message != want {
		t.Errorf("message %q, want %q", tm.Err.Message, want)
	}
	// Another client is not held back.
	other := attempt("guess@staff.test", "x")
	other.Client = "client-b"
	if _, err := f.svc.SignIn(ctx, other); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("another client: %v; want a plain refusal", err)
	}
	f.clock.Add(staffsignin.Window)
	if _, err := f.svc.SignIn(ctx, attempt("later@staff.test", "x")); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("after the window: %v; want a plain refusal", err)
	}
}

func TestSecondStepCodesAreCheckedOnceAndLimited(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "admin@staff.test", domain.RoleAdmin)
	secret := auth.NewTOTPSecret()
	codes, hashes := auth.NewRecoveryCodes()
	if err := f.store.EnableStaffTOTP(ctx, u.ID, secret, 0, hashes); err != nil {
		t.Fatal(err)
	}

	in, err := f.svc.SignIn(ctx, attempt(u.Email, password))
	if err != nil || !in.NeedsCode || in.Token != "" {
		t.Fatalf("password alone = %+v, %v; want a request for the code", in, err)
	}
	a := attempt(u.Email, password)
	a.Code = auth.TOTPCode(secret, auth.TOTPStep(f.clock.Now()))
	if in, err = f.svc.SignIn(ctx, a); err != nil || in.Token == "" {
		t.Fatalf("with the code: %+v, %v", in, err)
	}
	if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("the same code again: %v; want it refused", err)
	}
	a.Code = codes[0]
	if _, err := f.svc.SignIn(ctx, a); err != nil {
		t.Errorf("a recovery code: %v", err)
	}
	if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Errorf("the recovery code again: %v; want it refused", err)
	}

	// Wrong codes: the one above and four more reach the limit; then even a right one waits.
	a.Code = "000000"
	for i := range staffsignin.CodeLimit - 2 {
		if _, err := f.svc.SignIn(ctx, a); domain.ErrorCode(err) != domain.EUnauthorized {
			t.Fatalf("wrong code %d: %v", i+1, err)
		}
	}
	f.clock.Add(time.Minute)
	a.Code = auth.TOTPCode(secret, auth.TOTPStep(f.clock.Now()))
	_, err = f.svc.SignIn(ctx, a)
	var tm *staffsignin.TooMany
	if !errors.As(err, &tm) || tm.Err.Message == "" {
		t.Fatalf("a right code past the limit: %v; want TooMany", err)
	}
}

func TestSessionsEndWhenIdleExpiredOrDisabled(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 10*time.Minute)
	ctx := context.Background()
	u := f.account(t, "kavya@staff.test", domain.RoleEditor)
	signIn := func() string {
		t.Helper()
		in, err := f.svc.SignIn(ctx, attempt(u.Email, password))
		if err != nil {
			t.Fatal(err)
		}
		return in.Session.ID
	}

	// In use, a session outlives the idle limit many times over.
	id := signIn()
	for range 6 {
		f.clock.Add(f.svc.TouchEvery())
		if _, _, err := f.svc.Check(ctx, id, false); err != nil {
			t.Fatalf("a session in use ended: %v", err)
		}
	}
	// Left alone for the idle limit, it ends and is removed.
	f.clock.Add(10 * time.Minute)
	if _, _, err := f.svc.Check(ctx, id, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Fatalf("idle session: %v; want ErrEnded", err)
	}
	if _, err := f.store.GetSession(ctx, id); !domain.IsNotFound(err) {
		t.Errorf("the ended session is still stored: %v", err)
	}

	// SessionMax after sign-in it ends however much it is used.
	id = signIn()
	for end := f.clock.Now().Add(auth.SessionMax); f.clock.Now().Before(end); {
		f.clock.Add(5 * time.Minute)
		_, _, err := f.svc.Check(ctx, id, false)
		if f.clock.Now().Before(end) && err != nil {
			t.Fatalf("before the end: %v", err)
		}
		if !f.clock.Now().Before(end) && !errors.Is(err, staffsignin.ErrEnded) {
			t.Fatalf("at the end: %v; want ErrEnded", err)
		}
	}

	// Disabling the account ends it.
	id = signIn()
	if err := f.store.UpdateStaffAccount(ctx, u.ID, u.Role, true); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Check(ctx, id, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("disabled account: %v; want ErrEnded", err)
	}
}

func TestAnAdminWithoutASecondStepMaySetOneUpOnly(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "new-admin@staff.test", domain.RoleAdmin)
	in, err := f.svc.SignIn(ctx, attempt(u.Email, password))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Check(ctx, in.Session.ID, false); !errors.Is(err, staffsignin.ErrEnrollFirst) {
		t.Errorf("any other request: %v; want ErrEnrollFirst", err)
	}
	if _, _, err := f.svc.Check(ctx, in.Session.ID, true); err != nil {
		t.Errorf("setting it up: %v", err)
	}
	if !staffsignin.MustEnroll(u) {
		t.Error("MustEnroll(admin without TOTP) = false")
	}
}

func TestASignInReplacesTheSessionTheBrowserBrought(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 30*time.Minute)
	ctx := context.Background()
	u := f.account(t, "farah@staff.test", domain.RoleRecruiter)
	first, err := f.svc.SignIn(ctx, attempt(u.Email, password))
	if err != nil {
		t.Fatal(err)
	}
	a := attempt(u.Email, password)
	a.Replaces = first.Session.ID
	if _, err := f.svc.SignIn(ctx, a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Check(ctx, first.Session.ID, false); !errors.Is(err, staffsignin.ErrEnded) {
		t.Errorf("the replaced session: %v; want ErrEnded", err)
	}
}
