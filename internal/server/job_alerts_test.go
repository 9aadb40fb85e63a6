package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

var alertTokenRE = regexp.MustCompile(`/alerts\?token=([A-Za-z0-9_-]{43})`)

// alertToken signs up addr through the API and returns the token of its
// confirmation mail.
func (f *fixture) alertToken(t *testing.T, email string) string {
	t.Helper()
	elapsed := int64(20_000)
	b, _ := json.Marshal(wire.JobAlertRequest{Email: email, Filter: "location=Pune", Frequency: "daily", ElapsedMs: &elapsed})
	res := f.post(t, "/api/job-alerts", "198.51.100.9:4000", "application/json", string(b))
	if res.Status != http.StatusAccepted {
		t.Fatalf("sign-up: %d %s", res.Status, res.Body)
	}
	out, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range out {
		if m.To == email {
			if got := alertTokenRE.FindStringSubmatch(m.Body); got != nil {
				return got[1]
			}
		}
	}
	t.Fatalf("no confirmation mail to %s", email)
	return ""
}

// RFC 8058: a POST of List-Unsubscribe=One-Click to the header's URL ends
// the alert, without a session, CSRF token or page.
func TestJobAlertOneClickUnsubscribe(t *testing.T) {
	f := newFixture(t, nil)
	tok := f.alertToken(t, "asha@example.in")
	other := f.alertToken(t, "ravi@example.in")
	const form = "application/x-www-form-urlencoded"

	if res := f.post(t, "/alerts/unsubscribe?token="+tok, "203.0.113.5:1", form, "List-Unsubscribe=Other"); res.Status != http.StatusBadRequest {
		t.Fatalf("wrong body: %d %s", res.Status, res.Body)
	}
	if _, err := f.store.JobAlertFor(context.Background(), "asha@example.in", "location=Pune"); err != nil {
		t.Fatalf("a wrong body ended the alert: %v", err)
	}
	res := f.post(t, "/alerts/unsubscribe?token="+tok, "203.0.113.5:1", form, "List-Unsubscribe=One-Click")
	if res.Status != http.StatusOK {
		t.Fatalf("one-click: %d %s", res.Status, res.Body)
	}
	checkPrivate(t, "one-click", res)
	if _, err := f.store.JobAlertFor(context.Background(), "asha@example.in", "location=Pune"); !domain.IsNotFound(err) {
		t.Fatalf("after one-click unsubscribe: %v", err)
	}
	if _, err := f.store.JobAlertFor(context.Background(), "ravi@example.in", "location=Pune"); err != nil {
		t.Fatalf("another alert ended too: %v", err)
	}
	if res := f.post(t, "/alerts/unsubscribe?token="+tok, "203.0.113.5:1", form, "List-Unsubscribe=One-Click"); res.Status != http.StatusNotFound {
		t.Fatalf("again: %d", res.Status)
	}
	if res := f.post(t, "/alerts/unsubscribe?token=nope", "203.0.113.5:1", form, "List-Unsubscribe=One-Click"); res.Status != http.StatusNotFound {
		t.Fatalf("bad token: %d", res.Status)
	}
	// A person following the link gets the alert's page.
	if res := f.get(t, "/alerts/unsubscribe?token="+other); res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/alerts?token="+other {
		t.Fatalf("GET: %d %q", res.Status, res.Header.Get("Location"))
	}
	page := f.get(t, "/alerts?token="+other)
	if page.Status != http.StatusOK {
		t.Fatalf("alert page: %d", page.Status)
	}
	checkPrivate(t, "alert page", page)
}

// The sign-up answers alike for a new and a known address, and names
// the field of a bad one.
func TestJobAlertSignUpAnswers(t *testing.T) {
	f := newFixture(t, nil)
	f.alertToken(t, "asha@example.in")
	elapsed := int64(20_000)
	send := func(email string) response {
		b, _ := json.Marshal(wire.JobAlertRequest{Email: email, Filter: "location=Pune", Frequency: "daily", ElapsedMs: &elapsed})
		return f.post(t, "/api/job-alerts", "198.51.100.10:4000", "application/json", string(b))
	}
	known, fresh := send("asha@example.in"), send("new@example.in")
	if known.Status != http.StatusAccepted || known.Body != fresh.Body {
		t.Fatalf("answers differ: %d %s / %d %s", known.Status, known.Body, fresh.Status, fresh.Body)
	}
	bad := send("not-an-address")
	if bad.Status != http.StatusUnprocessableEntity && bad.Status != http.StatusBadRequest {
		t.Fatalf("bad address: %d %s", bad.Status, bad.Body)
	}
	if !regexp.MustCompile(`"email":"Enter an e-mail address like name@example.com."`).MatchString(bad.Body) {
		t.Errorf("bad address answer: %s", bad.Body)
	}
}
