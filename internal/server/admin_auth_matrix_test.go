package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

// Who may call a staff route, as the console's issue states it. Every
// route of the staff API must have a row in adminAccess: a part that adds
// routes adds its rows here.
const (
	accessOpen       = "open"       // no session needed (signing in, set-up links)
	accessEnrolment  = "enrolment"  // any signed-in member, also an admin still setting up TOTP
	accessAnyStaff   = "any staff"  // any signed-in member with a complete sign-in
	accessRecruiters = "recruiters" // recruiters and admins
	accessEditors    = "editors"    // editors and admins
	accessAdmins     = "admins"     // admins only
)

var adminAccess = map[string]string{
	// internal/console/auth.go
	"POST /login":             accessOpen,
	"POST /setup/check":       accessOpen,
	"POST /setup":             accessOpen,
	"POST /logout":            accessEnrolment,
	"POST /logout-everywhere": accessEnrolment,
	"GET /me":                 accessEnrolment,
	"POST /totp/begin":        accessEnrolment,
	"POST /totp/confirm":      accessEnrolment,
	"GET /staff":              accessAdmins,
	"POST /staff":             accessAdmins,
	"PATCH /staff/{id}":       accessAdmins,
	"POST /staff/{id}/reset":  accessAdmins,
	"GET /audit":              accessAdmins,
	// internal/console/account.go
	"POST /account/password":            accessAnyStaff,
	"POST /account/recovery-codes":      accessAnyStaff,
	"POST /account/totp/begin":          accessAnyStaff,
	"POST /account/totp/confirm":        accessAnyStaff,
	"GET /account/sessions":             accessAnyStaff,
	"DELETE /account/sessions/{ref}":    accessAnyStaff,
	"POST /account/sessions/end-others": accessAnyStaff,
	// internal/console/profile.go: the member's public profile, a post's authors
	"GET /account/profile":             accessAnyStaff,
	"PUT /account/profile":             accessAnyStaff,
	"POST /account/profile/photo":      accessAnyStaff,
	"DELETE /account/profile/photo":    accessAnyStaff,
	"GET /staff/{id}/profile":          accessAdmins,
	"PUT /staff/{id}/profile":          accessAdmins,
	"POST /staff/{id}/profile/photo":   accessAdmins,
	"DELETE /staff/{id}/profile/photo": accessAdmins,
	"GET /authors":                     accessEditors,
	"GET /audit/export.csv":            accessAdmins,

	// internal/console/applications.go
	"GET /applications":                      accessRecruiters,
	"GET /applications/export.csv":           accessRecruiters,
	"GET /applications/{id}":                 accessRecruiters,
	"POST /applications/{id}/reveal-id":      accessRecruiters,
	"GET /applications/{id}/documents/{doc}": accessRecruiters,
	"PATCH /applications/{id}/status":        accessRecruiters,
	"POST /applications/{id}/notes":          accessRecruiters,
	"DELETE /applications/{id}":              accessRecruiters,
	// internal/console/spam.go
	"POST /applications/{id}/not-spam": accessRecruiters,
	"POST /applications/{id}/spam":     accessRecruiters,
	"GET /applications/{id}/timeline":  accessRecruiters,
	// internal/console/templates.go
	"GET /candidate-emails":                  accessRecruiters,
	"PUT /candidate-emails/{stage}":          accessRecruiters,
	"POST /candidate-emails/{stage}/preview": accessRecruiters,
	"POST /applications/bulk":                accessRecruiters,

	// internal/console/moderation.go
	"GET /messages":               accessEditors,
	"GET /messages/{id}":          accessEditors,
	"PATCH /messages/{id}":        accessEditors,
	"DELETE /messages/{id}":       accessEditors,
	"PUT /messages/{id}/assignee": accessEditors,
	"POST /messages/{id}/notes":   accessEditors,
	"POST /messages/{id}/replies": accessEditors,
	"GET /comments":               accessEditors,
	"POST /comments/bulk":         accessEditors,
	"GET /mail":                   accessAdmins,
	"GET /mail/{id}":              accessAdmins,
	"POST /mail/{id}/retry":       accessAdmins,

	// internal/console/jobs.go, posts.go, covers.go
	"GET /jobs":               accessRecruiters,
	"POST /jobs":              accessRecruiters,
	"POST /jobs/preview":      accessRecruiters,
	"GET /jobs/{id}":          accessRecruiters,
	"PUT /jobs/{id}":          accessRecruiters,
	"POST /jobs/{id}/publish": accessRecruiters,
	"POST /jobs/{id}/close":   accessRecruiters,
	"DELETE /jobs/{id}":       accessRecruiters,
	"GET /jobs/{id}/board":    accessRecruiters, // board.go
	// internal/console/joblists.go: the editor reads the lists; admins keep them.
	"GET /job-lists":                  accessRecruiters,
	"POST /job-locations":             accessAdmins,
	"PUT /job-locations/{id}":         accessAdmins,
	"DELETE /job-locations/{id}":      accessAdmins,
	"POST /job-departments":           accessAdmins,
	"PUT /job-departments/{id}":       accessAdmins,
	"DELETE /job-departments/{id}":    accessAdmins,
	"GET /posts":                      accessEditors,
	"POST /posts":                     accessEditors,
	"POST /posts/preview":             accessEditors,
	"GET /posts/{id}":                 accessEditors,
	"PUT /posts/{id}":                 accessEditors,
	"POST /posts/{id}/publish":        accessEditors,
	"POST /posts/{id}/unpublish":      accessEditors,
	"DELETE /posts/{id}":              accessEditors,
	"POST /posts/{id}/cover":          accessEditors,
	"DELETE /posts/{id}/cover":        accessEditors,
	"POST /posts/{id}/social-image":   accessEditors,
	"DELETE /posts/{id}/social-image": accessEditors,
	"POST /post-images":               accessEditors,
	"POST /posts/{id}/schedule":       accessEditors,
	"DELETE /posts/{id}/schedule":     accessEditors,

	// internal/console/jobs.go, posts.go: revisions and duplicating.
	"POST /jobs/{id}/duplicate":                    accessRecruiters,
	"GET /jobs/{id}/revisions":                     accessRecruiters,
	"GET /jobs/{id}/revisions/{version}":           accessRecruiters,
	"POST /jobs/{id}/revisions/{version}/restore":  accessRecruiters,
	"GET /posts/{id}/revisions":                    accessEditors,
	"GET /posts/{id}/revisions/{version}":          accessEditors,
	"POST /posts/{id}/revisions/{version}/restore": accessEditors,

	// internal/console/dashboard.go, vitals.go
	"GET /dashboard": accessAnyStaff,
	"GET /vitals":    accessEditors, // the speed screen: admins and editors

	// internal/console/alerts.go
	"GET /job-alerts":            accessRecruiters,
	"GET /job-alerts/export.csv": accessAdmins,
}

// The kinds of caller of the matrix.
const (
	callerNone      = "no session"
	callerAdmin     = "admin"
	callerRecruiter = "recruiter"
	callerEditor    = "editor"
	callerEnrolling = "admin still enrolling"
)

var matrixCallers = []string{callerNone, callerAdmin, callerRecruiter, callerEditor, callerEnrolling}

// Outcomes of a call.
const (
	outcomeSignIn  = "401"     // refused: no session
	outcomeDenied  = "403"     // refused: role or enrolment
	outcomeAllowed = "allowed" // reached the handler (any status but those refusals)
)

// expectedOutcome is what caller gets from a route with the given access.
func expectedOutcome(access, caller string) string {
	if access == accessOpen {
		return outcomeAllowed
	}
	if caller == callerNone {
		return outcomeSignIn
	}
	allowed := map[string][]string{
		accessEnrolment:  {callerAdmin, callerRecruiter, callerEditor, callerEnrolling},
		accessAnyStaff:   {callerAdmin, callerRecruiter, callerEditor},
		accessRecruiters: {callerAdmin, callerRecruiter},
		accessEditors:    {callerAdmin, callerEditor},
		accessAdmins:     {callerAdmin},
	}[access]
	if slices.Contains(allowed, caller) {
		return outcomeAllowed
	}
	return outcomeDenied
}

// outcomeOf classifies an answer: the plumbing's refusals are 401 with
// code unauthorized (sign in) and 403 with code unauthorized (role,
// enrolment); anything else came from the route's handler.
func outcomeOf(t *testing.T, res response) string {
	t.Helper()
	code := ""
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		code, _ = dig(decodeJSON(t, res.Body), "error", "code").(string)
	}
	switch {
	case res.Status == http.StatusUnauthorized && code == domain.EUnauthorized && isSignInMessage(errMessage(t, res)):
		return outcomeSignIn
	case res.Status == http.StatusForbidden:
		return outcomeDenied
	}
	return outcomeAllowed
}

func isSignInMessage(msg string) bool {
	return msg == "Please sign in." || msg == "Your session has ended. Please sign in again."
}

func TestAdminRoleRouteMatrix(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	keys := server.AdminRouteKeys(f.srv)
	for _, k := range keys {
		if _, ok := adminAccess[k]; !ok {
			t.Errorf("route %q has no row in adminAccess: say who may call it", k)
		}
	}
	for k := range adminAccess {
		if !slices.Contains(keys, k) {
			t.Errorf("adminAccess has a row for %q, which is not a route", k)
		}
	}

	members := map[string]member{
		callerAdmin:     f.addMember(t, "admin@example.com", domain.RoleAdmin, "", true),
		callerRecruiter: f.addMember(t, "recruiter@example.com", domain.RoleRecruiter, "", false),
		callerEditor:    f.addMember(t, "editor@example.com", domain.RoleEditor, "", false),
		callerEnrolling: f.addMember(t, "new-admin@example.com", domain.RoleAdmin, "", false),
	}
	// The {id} of staff routes: another account, so an admin may act on it.
	target := f.addMember(t, "target@example.com", domain.RoleEditor, "", false)

	for _, k := range keys {
		access := adminAccess[k]
		if access == "" {
			continue
		}
		method, path, _ := strings.Cut(k, " ")
		path = strings.ReplaceAll(path, "{id}", target.ID)
		for _, caller := range matrixCallers {
			token := ""
			if caller != callerNone {
				token = f.sessionFor(t, members[caller]) // fresh: a call may end it
			}
			body := ""
			if method != http.MethodGet {
				body = "{}"
			}
			res := f.call(t, method, path, token, body)
			want := expectedOutcome(access, caller)
			if got := outcomeOf(t, res); got != want {
				t.Errorf("%s as %s: %s (status %d, %s); want %s", k, caller, got, res.Status, strings.TrimSpace(res.Body), want)
			}
			if want == outcomeDenied && caller == callerEnrolling && access != accessEnrolment {
				if msg := errMessage(t, res); msg != "Set up two-step sign-in first." {
					t.Errorf("%s as %s: message %q, want the enrolment message", k, caller, msg)
				}
			}
		}
	}
}

// Every staff route that changes data refuses a request from another
// site before any handler, with or without a session (the server's
// cross-origin protection): whether the browser says so in
// Sec-Fetch-Site or only sends an Origin of another site.
func TestAdminCrossOriginWritesRefused(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "admin@example.com", domain.RoleAdmin, "correct horse battery", true)
	target := f.addMember(t, "target@example.com", domain.RoleEditor, "", false)
	token := f.sessionFor(t, m)
	// Bodies that would succeed from the site itself, for the routes whose
	// effect is checked below; {} for the rest.
	bodies := map[string]string{
		"POST /login": jsonBody(map[string]string{"email": m.Email, "password": m.password}),
		"POST /staff": jsonBody(map[string]string{"email": "x@example.com", "name": "X", "role": "admin"}),
	}
	headers := map[string]map[string]string{
		"Sec-Fetch-Site": {"Sec-Fetch-Site": "cross-site"},
		"Origin":         {"Origin": "https://evil.example"},
	}
	writes := 0
	for _, k := range server.AdminRouteKeys(f.srv) {
		method, path, _ := strings.Cut(k, " ")
		if method == http.MethodGet {
			continue
		}
		writes++
		path = strings.ReplaceAll(path, "{id}", target.ID)
		body := bodies[k]
		if body == "" {
			body = "{}"
		}
		for form, h := range headers {
			for _, tok := range []string{token, ""} {
				res := f.callFrom(t, "192.0.2.1:1234", method, path, tok, body, h)
				if res.Status != http.StatusForbidden {
					t.Errorf("cross-site %s (%s, session %v): status %d, want 403", k, form, tok != "", res.Status)
				}
				if c := sessionCookie(res); c != nil {
					t.Errorf("cross-site %s (%s) set a session cookie", k, form)
				}
			}
		}
	}
	if writes < 20 {
		t.Fatalf("only %d staff routes that change data: the route table was not read", writes)
	}
	// Nothing changed: the session survived the refused sign-outs, no
	// account was added, reset or disabled, nothing was audited.
	if res := f.call(t, http.MethodGet, "/me", token, ""); res.Status != http.StatusOK {
		t.Errorf("GET /me after a refused cross-site sign-out: %d, want 200", res.Status)
	}
	if len(f.auditLog(t)) != 0 {
		t.Errorf("refused cross-site requests were audited: %+v", f.auditLog(t))
	}
	users, _ := f.store.ListStaffUsers(t.Context())
	if len(users) != 2 {
		t.Errorf("%d accounts after a refused cross-site add, want 2", len(users))
	}
	if u, _ := f.store.GetStaffUser(t.Context(), target.ID); u.Disabled || u.Role != domain.RoleEditor {
		t.Errorf("the target account changed: %+v", u)
	}
}

// HEAD is refused on every staff route (a GET pattern matches it too, and
// a HEAD of a download would be recorded as one).
func TestAdminHeadRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, path := range []string{"/api/admin/me", "/api/admin/applications/export.csv", "/api/admin/applications/x/documents/resume"} {
		res := f.do(t, http.MethodHead, path, nil)
		if res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET" {
			t.Errorf("HEAD %s: %d (Allow %q), want 405 with Allow: GET", path, res.Status, res.Header.Get("Allow"))
		}
	}
}
