package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

// Bodies an attacker might send to the contact form: each must get a 4xx
// JSON error, and none may be stored.
func TestContactHostileBodies(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	valid := contactBody(nil)
	with := func(field string, v any) string {
		return contactBody(func(m map[string]any) { m[field] = v })
	}
	raw := func(field, literal string) string {
		// literal is spliced in as is: values json.Marshal cannot write.
		return strings.Replace(valid, `"elapsedMs":12000`, fmt.Sprintf("%q:%s", field, literal), 1)
	}
	tests := []struct {
		name string
		body string
	}{
		{"empty", ``},
		{"null", `null`},
		{"array", `[` + valid + `]`},
		{"string", `"hello"`},
		{"trailing object", valid + `{}`},
		{"trailing second message", valid + valid},
		{"trailing garbage", valid + ` x`},
		{"trailing bracket", valid + `]`},
		{"unknown field", with("admin", true)},
		{"unknown field with other case", with("Website2", "")},
		{"elapsed over int64", raw("elapsedMs", "99999999999999999999999")},
		{"elapsed max int64", raw("elapsedMs", "9223372036854775807")},
		{"elapsed beyond what a Duration holds", raw("elapsedMs", "9223372036855")},
		{"elapsed negative", raw("elapsedMs", "-1")},
		{"elapsed fraction", raw("elapsedMs", "12000.5")},
		{"elapsed exponent", raw("elapsedMs", "1e400")},
		{"elapsed as string", with("elapsedMs", "12000")},
		{"name as number", with("name", 5)},
		{"name as object", with("name", map[string]any{"first": "Asha"})},
		{"name as array", with("name", []string{"Asha"})},
		{"deep nesting", `{"name":` + strings.Repeat(`[`, 100000) + strings.Repeat(`]`, 100000) + `}`},
		{"right-to-left override in name", with("name", "Asha \u202eoaR")},
		{"isolate in subject", with("subject", "Quote \u2066please\u2069")},
		{"zero-width space in name", with("name", "Asha\u200bRao")},
		{"word joiner in subject", with("subject", "A new\u2060project")},
		{"byte order mark in name", with("name", "\ufeffAsha")},
		{"left-to-right mark in e-mail", with("email", "asha@example.com\u200e")},
		{"invalid UTF-8", strings.Replace(valid, "Asha Rao", "Asha \xff\xfe", 1)},
		{"1 MB message", with("message", strings.Repeat("x", 1<<20))},
		{"1 MB unknown field", with("padding", strings.Repeat("x", 1<<20))},
		{"byte order mark before the body", "\ufeff" + valid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.post(t, "/api/contact", "203.0.113.9:5000", "application/json", tt.body)
			if res.Status < 400 || res.Status > 499 {
				t.Fatalf("status = %d, want 4xx; body %.200s", res.Status, res.Body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q, want JSON", ct)
			}
			var e apiErr
			if err := json.Unmarshal([]byte(res.Body), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Errorf("body %.200q is not a JSON error", res.Body)
			}
		})
	}
	msgs, err := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 0 {
		t.Errorf("%d messages stored from hostile bodies, want 0: %+v", len(msgs), msgs[0])
	}
	// The same client is still served: refusals did not use up its limit.
	if res := f.post(t, "/api/contact", "203.0.113.9:5000", "application/json", valid); res.Status != http.StatusCreated {
		t.Errorf("valid message after the hostile ones: status %d, want 201; body %s", res.Status, res.Body)
	}
}

// A huge elapsedMs used to overflow when turned into a Duration and could
// land anywhere; the largest honest value is still an ordinary message.
func TestContactElapsedBounds(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	year := int64(365 * 24 * time.Hour / time.Millisecond)
	res := f.post(t, "/api/contact", "203.0.113.10:5000", "application/json", contactBody(func(m map[string]any) { m["elapsedMs"] = year }))
	if res.Status != http.StatusCreated {
		t.Fatalf("form open for a year: status %d, want 201; body %s", res.Status, res.Body)
	}
	msgs, _ := f.store.ListContactMessages(context.Background(), domain.ContactFilter{})
	if len(msgs) != 1 || msgs[0].Spam {
		t.Errorf("stored %+v, want one message not marked as spam", msgs)
	}
}

// A client that sends the contact form's body slowly is cut off at the
// route's read deadline instead of holding the connection.
func TestContactSlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	f := newFixture(t, func(o *server.Options) { o.FormReadTimeout = 200 * time.Millisecond })
	ts := httptest.NewUnstartedServer(f.srv)
	// The server-wide read timeout is far longer: the route's deadline
	// is what must end the request.
	ts.Config.ReadTimeout = time.Hour
	ts.Start()
	defer ts.Close()

	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := contactBody(nil)
	fmt.Fprintf(conn, "POST /api/contact HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		ts.Listener.Addr(), len(body), body[:10])
	// No more bytes are sent: the answer must come anyway.
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("status = %d, want 408; body %s", res.StatusCode, b)
	}
	var e apiErr
	if err := json.Unmarshal(b, &e); err != nil || e.Error.Code != "timeout" {
		t.Errorf("body %s: want a JSON timeout error", b)
	}
	// The server does not wait for the rest: the connection is closed.
	if n, err := conn.Read(make([]byte, 1)); err == nil {
		t.Errorf("connection still open after the cut-off (read %d bytes)", n)
	}
	if msgs, _ := f.store.ListContactMessages(context.Background(), domain.ContactFilter{}); len(msgs) != 0 {
		t.Errorf("%d messages stored from a cut-off body, want 0", len(msgs))
	}
}

// A job written with hostile HTML, by any caller, reaches the page and
// the API clean: the store sanitises every write.
func TestHostileJobHTMLIsCleanOnThePage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	j := domain.Job{
		JobTitle:    "Hostile",
		Experience:  "2-4",
		Location:    "Bangalore",
		Description: `<p>Join us.</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>`,
		Status:      domain.JobOpen,
	}
	if err := f.store.CreateJob(context.Background(), &j); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/job/" + j.ID, "/api/jobs/" + j.ID} {
		res := f.get(t, path)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, res.Status)
		}
		for _, bad := range []string{"onerror", "<img", "alert(2)", "javascript:"} {
			if strings.Contains(res.Body, bad) {
				t.Errorf("GET %s carries %q", path, bad)
			}
		}
		if !strings.Contains(res.Body, "Join us.") {
			t.Errorf("GET %s lost the description's text", path)
		}
	}
}
