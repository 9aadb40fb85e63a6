package server_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"corpsite/internal/domain"
)

// postKeyed sends a contact message from addr with an Idempotency-Key.
func (f *fixture) postKeyed(t *testing.T, addr, key, body string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(body))
	req.RemoteAddr = addr
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

// A message sent again with its Idempotency-Key (its answer lost on the
// way, a 502 from a proxy) gets the first answer: it is stored once, its
// staff notification queued once, and the repeat does not count against
// the visitor's limit. Another key is another message.
func TestContactRepeatWithTheSameKeyStoresOnce(t *testing.T) {
	t.Parallel()
	f, woken := mailFixture(t)
	const addr = "203.0.113.40:5000"
	key := "contact-key-0123456789abcdef"
	first := f.postKeyed(t, addr, key, contactBody(nil))
	if first.Status != http.StatusCreated {
		t.Fatalf("first send: %d %s, want 201", first.Status, first.Body)
	}
	// Repeats, one of them edited: the key, not the content, identifies
	// the message.
	for i := range 6 {
		body := contactBody(nil)
		if i == 0 {
			body = contactBody(func(m map[string]any) { m["subject"] = "Edited after the error" })
		}
		again := f.postKeyed(t, addr, key, body)
		if again.Status != first.Status || again.Body != first.Body {
			t.Errorf("repeat %d: %d %s; want the first answer %d %s", i+1, again.Status, again.Body, first.Status, first.Body)
		}
	}
	msgs, err := f.store.ListContactMessages(t.Context(), domain.ContactFilter{})
	if err != nil || len(msgs) != 1 || msgs[0].Subject != "A new project" {
		t.Fatalf("stored messages = %+v, %v; want the first one only", msgs, err)
	}
	var made struct{ ID string }
	if json.Unmarshal([]byte(first.Body), &made) != nil || made.ID != msgs[0].ID {
		t.Errorf("first answer %s does not name the stored message %s", first.Body, msgs[0].ID)
	}
	if out, err := f.store.ListOutbox(t.Context(), "", 0); err != nil || len(out) != 1 || woken.Load() != 1 {
		t.Errorf("outbox holds %d messages (%v), sender woken %d times; want 1 and 1", len(out), err, woken.Load())
	}
	// Six repeats did not use up the limit of five messages.
	for i := range 4 {
		if res := f.postKeyed(t, addr, fmt.Sprintf("contact-key-other-%016d", i), contactBody(nil)); res.Status != http.StatusCreated || res.Body == first.Body {
			t.Errorf("message %d with a key of its own: %d %s; want 201 and a new message", i+2, res.Status, res.Body)
		}
	}
	if msgs, _ := f.store.ListContactMessages(t.Context(), domain.ContactFilter{}); len(msgs) != 5 {
		t.Errorf("%d messages stored, want 5", len(msgs))
	}
}

// An Idempotency-Key that is not what the form sends is refused, and
// nothing is stored.
func TestContactRefusesABadKey(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, key := range []string{"short", strings.Repeat("k", 65), "has spaces in it, sixteen+", "ключ-ключ-ключ-ключ"} {
		res := f.postKeyed(t, "203.0.113.41:5000", key, contactBody(nil))
		var e apiErr
		_ = json.Unmarshal([]byte(res.Body), &e)
		if res.Status != http.StatusUnprocessableEntity || e.Error.Code != "invalid" || !strings.Contains(e.Error.Message, "Idempotency-Key") {
			t.Errorf("key %q: %d %s; want 422 invalid naming the Idempotency-Key", key, res.Status, res.Body)
		}
	}
	if msgs, _ := f.store.ListContactMessages(t.Context(), domain.ContactFilter{}); len(msgs) != 0 {
		t.Errorf("%d messages stored, want none", len(msgs))
	}
}
