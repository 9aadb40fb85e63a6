package wire

// The staff console's sign-in, sessions and accounts (/api/admin/...).

// StaffMe is the signed-in member of staff (GET /api/admin/me, and the
// answer to a completed sign-in).
type StaffMe struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
	Role  string `json:"role"` // admin, recruiter or editor
	// TOTPEnabled tells whether the account signs in with a second factor.
	TOTPEnabled bool `json:"totpEnabled"`
	// MustEnrollTOTP is set for an admin without a second factor: the
	// session may only set one up (every other route answers 403).
	MustEnrollTOTP bool `json:"mustEnrollTotp"`
	// IdleTimeoutSeconds and ExpiresAt tell the console when the session ends.
	IdleTimeoutSeconds int    `json:"idleTimeoutSeconds"`
	ExpiresAt          string `json:"expiresAt"` // RFC 3339: the absolute end
}

// LoginRequest is the body of POST /api/admin/login. Code is the TOTP
// code or a recovery code, sent on the second step for accounts that
// have a second factor.
type LoginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Code     string `json:"code,omitempty"`
}

// LoginAnswer is the 200 answer to POST /api/admin/login: either the
// password was right and a code is needed (NeedsCode; nothing is signed
// in yet: send the same e-mail and password again with Code), or the
// session cookie is set and Staff is the member signed in.
type LoginAnswer struct {
	NeedsCode bool     `json:"needsCode,omitempty"`
	Staff     *StaffMe `json:"staff,omitempty"`
}

// SetupCheckRequest is the body of POST /api/admin/setup/check: the
// token from the set-up link's fragment (/admin/setup#token). Tokens
// travel in bodies only, never in a URL the server sees.
type SetupCheckRequest struct {
	Token string `json:"token"`
}

// SetupInfo is the answer to POST /api/admin/setup/check: whose account
// the one-time set-up link is for (401 when unknown, used or expired).
type SetupInfo struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// SetupRequest is the body of POST /api/admin/setup: the link's token and
// the new password (12 to 128 characters, not a common one, not the
// e-mail address or name). The answer is LoginAnswer (signed in; an admin
// must then set up TOTP).
type SetupRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// TOTPSetup is the answer to POST /api/admin/totp/begin: a new secret to
// add to an authenticator app, as text and as an otpauth:// URI, and the
// URI as a QR code (an SVG document).
type TOTPSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QRSVG  string `json:"qrSvg"`
}

// TOTPConfirmRequest is the body of POST /api/admin/totp/confirm: a code
// from the authenticator, proving it holds the secret from begin.
type TOTPConfirmRequest struct {
	Code string `json:"code"`
}

// RecoveryCodes is the answer to POST /api/admin/totp/confirm: one-time
// codes for signing in without the authenticator, shown once.
type RecoveryCodes struct {
	Codes []string `json:"codes"`
}

// StaffAccount is a staff account as admins see it (GET /api/admin/staff).
type StaffAccount struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	Name        string `json:"name"`
	Role        string `json:"role"`
	Disabled    bool   `json:"disabled"`
	TOTPEnabled bool   `json:"totpEnabled"`
	// PasswordSet is false until the person used their set-up link.
	PasswordSet bool   `json:"passwordSet"`
	CreatedAt   string `json:"createdAt"`
}

// StaffAccountRequest is the body of POST /api/admin/staff (add) and of
// PATCH /api/admin/staff/{id} (change role or disable; empty fields are
// left alone).
type StaffAccountRequest struct {
	Email    string `json:"email,omitempty"`
	Name     string `json:"name,omitempty"`
	Role     string `json:"role,omitempty"`
	Disabled *bool  `json:"disabled,omitempty"`
}

// SetupLink is the answer to adding an account or resetting its
// password: the one-time link for the person to set a password (and,
// after a reset, their second factor again). It works for 24 hours.
type SetupLink struct {
	URL       string `json:"url"`
	ExpiresAt string `json:"expiresAt"`
	// Mailed says the link was queued in an e-mail to the account's
	// address (false: the admin must pass it on).
	Mailed bool `json:"mailed"`
}

// PasswordChangeRequest is the body of POST /api/admin/account/password.
type PasswordChangeRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// RecoveryCodesRequest is the body of POST
// /api/admin/account/recovery-codes: the current password or a current
// code of the authenticator.
type RecoveryCodesRequest struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

// TOTPReplaceRequest is the body of POST /api/admin/account/totp/begin: a
// current code of the authenticator in use.
type TOTPReplaceRequest struct {
	OldCode string `json:"oldCode"`
}

// StaffSession is one of the signed-in member's sessions (GET
// /api/admin/account/sessions).
type StaffSession struct {
	// Ref names the session in DELETE /api/admin/account/sessions/{ref}.
	Ref        string `json:"ref"`
	Device     string `json:"device"`
	SignedInAt string `json:"signedInAt"`
	LastSeenAt string `json:"lastSeenAt"`
	// Current marks the session the request came from.
	Current bool `json:"current"`
}

// SessionEnded answers DELETE /api/admin/account/sessions/{ref}: Current
// says the member ended the session they were using (they are signed out).
type SessionEnded struct {
	Current bool `json:"current"`
}

// SessionsEnded answers POST /api/admin/account/sessions/end-others.
type SessionsEnded struct {
	Ended int `json:"ended"`
}

// AuditEntry is one row of the audit log (GET /api/admin/audit).
type AuditEntry struct {
	ID string `json:"id"`
	At string `json:"at"`
	// Actor is who acted, in words (a name; "The command line").
	Actor      string `json:"actor"`
	ActorEmail string `json:"actorEmail"`
	// Sentence is the entry in words, in parts; a part with a link names
	// the subject and links to its console screen (a path under /admin).
	Sentence []AuditPart `json:"sentence"`
	Action   string      `json:"action"`
	Subject  string      `json:"subject"`
	Detail   string      `json:"detail"`
	ClientIP string      `json:"clientIp"`
}

// AuditPart is a piece of an audit entry's sentence.
type AuditPart struct {
	Text string `json:"text"`
	Link string `json:"link,omitempty"`
}

// AuditPage is a page of the audit log, newest first, filtered by the
// query's action, actor, from and to (dates), page.
type AuditPage struct {
	Entries  []AuditEntry `json:"entries"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
	// Actions lists every action name, for the filter.
	Actions []string `json:"actions"`
}
