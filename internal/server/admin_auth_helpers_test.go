package server_test

import (
	"context"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/server"
)

// authFixture is a server with data keys (TOTP secrets are sealed).
type authFixture struct {
	*fixture
	keys *idcrypt.Keyring
}

func newAuthFixture(t *testing.T, edit func(*server.Options)) *authFixture {
	t.Helper()
	keys, err := idcrypt.ParseKeys("k1:" + strings.Repeat("B", 43) + "=")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, func(o *server.Options) {
		o.IDKeys = keys
		if edit != nil {
			edit(o)
		}
	})
	return &authFixture{fixture: f, keys: keys}
}

// member is a staff account made for a test, with what it signs in with.
type member struct {
	domain.StaffUser
	password string
	secret   []byte   // TOTP secret; nil without a second factor
	recovery []string // recovery codes
}

// addMember stores an account; password "" leaves it without one (the
// sessions tests make do without hashing), totp gives it a second factor.
func (f *authFixture) addMember(t *testing.T, email string, role domain.Role, password string, totp bool) member {
	t.Helper()
	ctx := t.Context()
	m := member{password: password}
	m.StaffUser = domain.StaffUser{Email: email, Name: "Member " + string(role), Role: role, CreatedAt: f.clock.Now()}
	if password != "" {
		h, err := auth.HashPassword(ctx, password)
		if err != nil {
			t.Fatal(err)
		}
		m.PasswordHash = h
	}
	if err := f.store.CreateStaffUser(ctx, &m.StaffUser); err != nil {
		t.Fatal(err)
	}
	if totp {
		m.secret = auth.NewTOTPSecret()
		sealed, err := f.keys.Seal(m.secret)
		if err != nil {
			t.Fatal(err)
		}
		codes, hashes := auth.NewRecoveryCodes()
		if err := f.store.EnableStaffTOTP(ctx, m.ID, sealed, 0, hashes); err != nil {
			t.Fatal(err)
		}
		m.recovery = codes
		m.TOTPSecret = sealed
	}
	return m
}

// sessionFor signs m in directly in the store and returns the cookie's token.
func (f *authFixture) sessionFor(t *testing.T, m member) string {
	t.Helper()
	token, id := auth.NewToken()
	now := f.clock.Now()
	s := domain.Session{ID: id, UserID: m.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(auth.SessionMax)}
	if err := f.store.CreateSession(t.Context(), &s); err != nil {
		t.Fatal(err)
	}
	return token
}

// call sends a staff API request (path after /api/admin) with the session
// token (if any) as the __Host- cookie, from client address addr.
func (f *authFixture) call(t *testing.T, method, path, token, body string) response {
	t.Helper()
	return f.callFrom(t, "192.0.2.1:1234", method, path, token, body, nil)
}

func (f *authFixture) callFrom(t *testing.T, addr, method, path, token, body string, header map[string]string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, "/api/admin"+path, rd)
	req.RemoteAddr = addr
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: "__Host-staff", Value: token})
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

// sessionCookie returns the session cookie a response set ("" if none).
func sessionCookie(res response) *http.Cookie {
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == "__Host-staff" || c.Name == "staff" {
			return c
		}
	}
	return nil
}

// login signs in through the API and returns the response and the
// session token it set.
func (f *authFixture) login(t *testing.T, email, password, code string) (response, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password, "code": code})
	res := f.call(t, http.MethodPost, "/login", "", string(body))
	token := ""
	if c := sessionCookie(res); c != nil {
		token = c.Value
	}
	return res, token
}

// errMessage is the error message of an API answer.
func errMessage(t *testing.T, res response) string {
	t.Helper()
	msg, _ := dig(decodeJSON(t, res.Body), "error", "message").(string)
	return msg
}

// jsonBody encodes v.
func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// currentCode is m's TOTP code now on the fixture's clock.
func (f *authFixture) currentCode(m member) string {
	return auth.TOTPCode(m.secret, auth.TOTPStep(f.clock.Now()))
}

// auditActions returns the actions recorded, oldest first.
func (f *authFixture) auditLog(t *testing.T) []domain.AuditEntry {
	t.Helper()
	list, _, err := f.store.ListAudit(t.Context(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	return list
}

// decodeSecret reads a base32 secret as the authenticator app would.
func decodeSecret(s string) ([]byte, error) {
	return base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(s)
}

// raceStore runs afterRead once an account has been read for a sign-in,
// as if another request changed the account while the password was being
// checked.
type raceStore struct {
	domain.Store
	afterRead func(u domain.StaffUser)
}

func (s *raceStore) GetStaffUserByEmail(ctx context.Context, email string) (domain.StaffUser, error) {
	u, err := s.Store.GetStaffUserByEmail(ctx, email)
	if err == nil && s.afterRead != nil {
		s.afterRead(u)
	}
	return u, err
}

// wrongCode is a 6-digit code that m's authenticator shows at no step
// the server accepts now.
func (f *authFixture) wrongCode(m member) string {
	step := auth.TOTPStep(f.clock.Now())
	taken := map[string]bool{}
	for d := int64(-2); d <= 2; d++ {
		taken[auth.TOTPCode(m.secret, step+d)] = true
	}
	for n := 0; ; n++ {
		if c := fmt.Sprintf("%06d", n*7919%1000000); !taken[c] {
			return c
		}
	}
}

// setupToken issues a set-up link for m and returns its token.
func (f *authFixture) setupToken(t *testing.T, m member) string {
	t.Helper()
	link, _, err := auth.IssueSetup(t.Context(), f.store, m.ID, baseURL, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return link[strings.Index(link, "#")+1:]
}
