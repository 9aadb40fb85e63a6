package auth

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Session and set-up link lifetimes.
const (
	// SetupTTL is how long a set-up link works.
	SetupTTL = 24 * time.Hour
	// SessionIdle ends a session nobody used for this long.
	SessionIdle = 30 * time.Minute
	// SessionMax ends a session this long after sign-in, used or not.
	SessionMax = 12 * time.Hour
	// SessionTouchEvery is how often a used session's last-seen time is
	// written (not on every request).
	SessionTouchEvery = time.Minute
)

// StaffNameMax is the longest name of a member of staff, in characters.
const StaffNameMax = 100

// NewAccount checks an account's e-mail address, name and role and
// returns the account to store (without a password: the person sets it
// with the set-up link). Field errors name email, name and role.
func NewAccount(email, name, role string) (domain.StaffUser, error) {
	u := domain.StaffUser{Email: strings.TrimSpace(email), Name: strings.Join(strings.Fields(name), " "), Role: domain.Role(strings.TrimSpace(role))}
	f := map[string]string{}
	switch {
	case u.Email == "":
		f["email"] = "Enter the e-mail address."
	case !domain.ValidEmail(u.Email):
		f["email"] = "Enter a valid e-mail address, like name@example.com."
	}
	switch {
	case u.Name == "":
		f["name"] = "Enter the name."
	case utf8.RuneCountInString(u.Name) > StaffNameMax:
		f["name"] = "Use at most 100 characters for the name."
	}
	if msg := CheckRole(u.Role); msg != "" {
		f["role"] = msg
	}
	if len(f) > 0 {
		return domain.StaffUser{}, &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: f}
	}
	return u, nil
}

// CheckRole returns the message for a role that is not one of
// domain.Roles, or "".
func CheckRole(r domain.Role) string {
	if r.Valid() {
		return ""
	}
	return "Choose a role: admin, recruiter or editor."
}

// IssueSetup gives the account a new set-up token valid for SetupTTL
// from now (the account starts over: see domain.StaffStore) and returns
// the link and when it expires. baseURL is the site's public origin.
func IssueSetup(ctx context.Context, st domain.StaffStore, userID, baseURL string, now time.Time) (link string, expires time.Time, err error) {
	token, hash := NewToken()
	expires = now.Add(SetupTTL).UTC().Truncate(time.Second)
	if err := st.IssueSetupToken(ctx, userID, hash, expires); err != nil {
		return "", time.Time{}, err
	}
	return SetupURL(baseURL, token), expires, nil
}

// SetupURL is the set-up link for a token. The token is in the fragment,
// which browsers never send, so it stays out of every request log; the
// page sends it in a JSON body.
func SetupURL(baseURL, token string) string {
	return strings.TrimRight(baseURL, "/") + "/admin/setup#" + token
}
