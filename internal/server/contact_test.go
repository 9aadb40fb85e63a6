package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// post sends a JSON body to path from client address addr.
func (f *fixture) post(t *testing.T, path, addr, contentType, body string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.RemoteAddr = addr
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

func contactBody(edit func(m map[string]any)) string {
	m := map[string]any{
		"name": "Asha Rao", "email": "asha@example.com", "subject": "A new project",
		"message": "We would like a quote for a customer portal.", "website": "", "elapsedMs": 12000,
	}
	if edit != nil {
		edit(m)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

type apiErr struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func TestContactStoresMessage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.post(t, "/api/contact", "203.0.113.7:5000", "application/json", contactBody(func(m map[string]any) {
		m["name"] = "  Asha Rao  "
		m["message"] = "Line one\r\nLine two of the message."
	}))
	if res.Status != http.StatusCreated {
		t.Fatalf("status = %d, want 201; body %s", res.Status, res.Body)
	}
	var got struct{ ID string }
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil || got.ID == "" {
		t.Fatalf("body %s: want {\"id\": ...}", res.Body)
	}
	msgs, err := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Fatalf("%d messages stored, want 1", len(msgs))
	}
	m := msgs[0]
	if m.ID != got.ID || m.Name != "Asha Rao" || m.Email != "asha@example.com" || m.Subject != "A new project" ||
		m.Message != "Line one\nLine two of the message." || m.Spam || !m.CreatedAt.Equal(testNow) {
		t.Errorf("stored %+v", m)
	}
	checkSecurityHeaders(t, "POST /api/contact", res)
}

func TestContactInvalidChangesNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tests := []struct {
		name        string
		contentType string
		body        string
		fields      []string
	}{
		{"all empty", "application/json", `{}`, []string{"name", "email", "subject", "message"}},
		{"bad e-mail", "application/json", contactBody(func(m map[string]any) { m["email"] = "asha@" }), []string{"email"}},
		{"header injection", "application/json", contactBody(func(m map[string]any) { m["subject"] = "Hi\r\nBcc: all@example.com" }), []string{"subject"}},
		{"too long", "application/json", contactBody(func(m map[string]any) { m["message"] = strings.Repeat("x", 5001) }), []string{"message"}},
		{"not JSON", "application/json", `name=Asha`, nil},
		{"form encoding", "application/x-www-form-urlencoded", `name=Asha`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.post(t, "/api/contact", "203.0.113.8:5000", tt.contentType, tt.body)
			if res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status = %d, want 422; body %s", res.Status, res.Body)
			}
			var e apiErr
			if err := json.Unmarshal([]byte(res.Body), &e); err != nil {
				t.Fatalf("body %q is not a JSON error", res.Body)
			}
			if e.Error.Code != "invalid" || e.Error.Message == "" {
				t.Errorf("error = %+v", e.Error)
			}
			for _, field := range tt.fields {
				if e.Error.Fields[field] == "" {
					t.Errorf("no message for field %q in %v", field, e.Error.Fields)
				}
			}
			if len(e.Error.Fields) != len(tt.fields) {
				t.Errorf("fields = %v, want exactly %v", e.Error.Fields, tt.fields)
			}
		})
	}
	msgs, err := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 0 {
		t.Errorf("%d messages stored after invalid submissions, want 0", len(msgs))
	}
}

func TestContactSpamIsKeptFlagged(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, tt := range []struct {
		name string
		edit func(m map[string]any)
		spam bool
	}{
		{"person", nil, false},
		{"honeypot filled", func(m map[string]any) { m["website"] = "http://spam.example" }, true},
		{"too fast", func(m map[string]any) { m["elapsedMs"] = 900 }, true},
		{"no timing", func(m map[string]any) { delete(m, "elapsedMs") }, true},
	} {
		res := f.post(t, "/api/contact", "198.51.100.1:1", "application/json", contactBody(func(m map[string]any) {
			m["subject"] = tt.name
			if tt.edit != nil {
				tt.edit(m)
			}
		}))
		if res.Status != http.StatusCreated {
			t.Fatalf("%s: status = %d, want 201 (spam is answered like mail)", tt.name, res.Status)
		}
	}
	msgs, err := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, m := range msgs {
		got[m.Subject] = m.Spam
	}
	want := map[string]bool{"person": false, "honeypot filled": true, "too fast": true, "no timing": true}
	if d := diff(want, got); d != "" {
		t.Errorf("spam flags mismatch (-want +got):\n%s", d)
	}
}

func TestContactRateLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for i := range 5 {
		if res := f.post(t, "/api/contact", "192.0.2.10:1000", "application/json", contactBody(nil)); res.Status != http.StatusCreated {
			t.Fatalf("message %d: status %d, want 201", i+1, res.Status)
		}
	}
	res := f.post(t, "/api/contact", "192.0.2.10:2000", "application/json", contactBody(nil))
	if res.Status != http.StatusTooManyRequests {
		t.Fatalf("6th message: status %d, want 429", res.Status)
	}
	var e apiErr
	_ = json.Unmarshal([]byte(res.Body), &e)
	if e.Error.Code != "rate_limited" || !strings.Contains(e.Error.Message, "wait") {
		t.Errorf("429 error = %+v, want a rate_limited error asking to wait", e.Error)
	}
	// The window began with the first message, at the same instant.
	if got := res.Header.Get("Retry-After"); got != "600" {
		t.Errorf("Retry-After = %q, want 600 (seconds until the window ends)", got)
	}
	f.clock.Add(4*time.Minute + 500*time.Millisecond)
	if res := f.post(t, "/api/contact", "192.0.2.10:2000", "application/json", contactBody(nil)); res.Header.Get("Retry-After") != "360" {
		t.Errorf("later refusal: Retry-After = %q, want 360 (rounded up)", res.Header.Get("Retry-After"))
	}
	// Another client is not affected; the first may send again later.
	if res := f.post(t, "/api/contact", "192.0.2.11:1000", "application/json", contactBody(nil)); res.Status != http.StatusCreated {
		t.Errorf("other client: status %d, want 201", res.Status)
	}
	f.clock.Add(6 * time.Minute)
	if res := f.post(t, "/api/contact", "192.0.2.10:1000", "application/json", contactBody(nil)); res.Status != http.StatusCreated {
		t.Errorf("after the window: status %d, want 201", res.Status)
	}
	msgs, _ := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if len(msgs) != 7 {
		t.Errorf("%d messages stored, want 7 (the refused one is not stored)", len(msgs))
	}
}

func TestContactCrossOriginRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	req := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(contactBody(nil)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("status = %d, want 403", rec.Code)
	}
	msgs, _ := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if len(msgs) != 0 {
		t.Errorf("%d messages stored from another site, want 0", len(msgs))
	}
}
