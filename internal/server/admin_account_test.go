package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// The account page over HTTP: a session ended from another one is signed
// out at once (its cookie answers 401), ending this one clears the
// cookie, and a set-up link made in the console is e-mailed.

func TestAccountEndingASessionSignsItOut(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "ends@example.com", domain.RoleRecruiter, "", false)
	here, there := f.sessionFor(t, m), f.sessionFor(t, m)

	res := f.call(t, http.MethodGet, "/account/sessions", here, "")
	var list []wire.StaffSession
	if err := json.Unmarshal([]byte(res.Body), &list); err != nil || res.Status != http.StatusOK || len(list) != 2 {
		t.Fatalf("sessions: %d %s", res.Status, res.Body)
	}
	var other, this wire.StaffSession
	for _, x := range list {
		if x.Current {
			this = x
		} else {
			other = x
		}
	}
	if this.Ref == "" || other.Ref == "" || strings.Contains(res.Body, "\"id\"") {
		t.Fatalf("sessions %+v: want one marked current, none with its stored ID", list)
	}
	if got := f.call(t, http.MethodGet, "/me", there, "").Status; got != http.StatusOK {
		t.Fatalf("the other session before: %d", got)
	}
	res = f.call(t, http.MethodDelete, "/account/sessions/"+other.Ref, here, "")
	if res.Status != http.StatusOK || strings.Contains(res.Body, "true") {
		t.Fatalf("ending the other session: %d %s", res.Status, res.Body)
	}
	if got := f.call(t, http.MethodGet, "/me", there, "").Status; got != http.StatusUnauthorized {
		t.Errorf("the ended session: /me %d, want 401", got)
	}
	if got := f.call(t, http.MethodDelete, "/account/sessions/"+other.Ref, here, "").Status; got != http.StatusNotFound {
		t.Errorf("ending it again: %d, want 404", got)
	}
	res = f.call(t, http.MethodDelete, "/account/sessions/"+this.Ref, here, "")
	if ck := sessionCookie(res); res.Status != http.StatusOK || ck == nil || ck.MaxAge >= 0 {
		t.Errorf("ending this session: %d %s, cookie %+v; want it cleared", res.Status, res.Body, ck)
	}
	if got := f.call(t, http.MethodGet, "/me", here, "").Status; got != http.StatusUnauthorized {
		t.Errorf("this session after ending it: /me %d, want 401", got)
	}
}

func TestAccountPasswordChangeAnswersFieldErrors(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	m := f.addMember(t, "pw@example.com", domain.RoleEditor, "Quiet harbour lantern 42", false)
	token := f.sessionFor(t, m)
	res := f.call(t, http.MethodPost, "/account/password", token, jsonBody(map[string]string{"currentPassword": "wrong one", "newPassword": "short"}))
	fields, _ := dig(decodeJSON(t, res.Body), "error", "fields").(map[string]any)
	if res.Status != http.StatusUnprocessableEntity || fields["newPassword"] != "Use at least 12 characters." {
		t.Errorf("a short new password: %d %s", res.Status, res.Body)
	}
	res = f.call(t, http.MethodPost, "/account/password", token, jsonBody(map[string]string{"currentPassword": "wrong one", "newPassword": "Silver kettle morning 77"}))
	fields, _ = dig(decodeJSON(t, res.Body), "error", "fields").(map[string]any)
	if res.Status != http.StatusUnprocessableEntity || fields["currentPassword"] != "Your current password is not right." {
		t.Errorf("a wrong current password: %d %s; want 422 on currentPassword (not 401: the member is still signed in)", res.Status, res.Body)
	}
	if got := f.call(t, http.MethodGet, "/me", token, "").Status; got != http.StatusOK {
		t.Errorf("after a refused change: /me %d", got)
	}
}

func TestAccountInvitationIsMailed(t *testing.T) {
	t.Parallel()
	f := newAuthFixture(t, nil)
	admin := f.addMember(t, "boss@example.com", domain.RoleAdmin, "", true)
	at := f.sessionFor(t, admin)
	res := f.call(t, http.MethodPost, "/staff", at, jsonBody(map[string]string{"email": "new@example.com", "name": "Neha New", "role": "editor"}))
	var link wire.SetupLink
	if err := json.Unmarshal([]byte(res.Body), &link); err != nil || res.Status != http.StatusCreated || !link.Mailed {
		t.Fatalf("add: %d %s; want the link, mailed", res.Status, res.Body)
	}
	msgs, err := f.store.ListOutbox(t.Context(), "", 100)
	if err != nil {
		t.Fatal(err)
	}
	var found *domain.OutboxMessage
	for i := range msgs {
		if msgs[i].To == "new@example.com" {
			found = &msgs[i]
		}
	}
	if found == nil || !strings.Contains(found.Body, link.URL) || !strings.Contains(found.Body, "Member admin (boss@example.com) has invited you") ||
		!strings.Contains(found.Body, "as an editor") {
		t.Fatalf("outbox: %+v", found)
	}
}
