package app_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"

	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/mail/smtptest"
)

// The whole path of a contact message to staff: the form is posted, the
// message and its notification are stored, and the sender that Serve
// started delivers the notification to the configured SMTP server.
func TestContactMessageIsMailedToStaff(t *testing.T) {
	srv := smtptest.Start(t)
	cfg := testConfig(t, func(c *config.Config) {
		c.SMTPURL = srv.URL()
		c.MailFrom = "Nimbus Grove <site@nimbusgrove.example>"
		c.StaffEmail = "staff@nimbusgrove.example"
	})
	s := start(t, cfg)
	body := `{"name":"Asha Rao","email":"asha@example.com","subject":"Größe of a portal","message":"We would like a quote for a customer portal.","website":"","elapsedMs":12000}`
	res, err := http.Post(s.app.URL()+"api/contact", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/contact = %d %s, want 201", res.StatusCode, b)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil || created.ID == "" {
		t.Fatalf("answer %s: want {\"id\": …}", b)
	}

	var got smtptest.Received
	select {
	case got = <-srv.Next():
	case <-time.After(30 * time.Second):
		t.Fatal("no mail reached the SMTP server")
	}
	if got.From != "site@nimbusgrove.example" || len(got.To) != 1 || got.To[0] != "staff@nimbusgrove.example" {
		t.Errorf("envelope %q → %q", got.From, got.To)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(got.Data))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if subject != "New contact message: Größe of a portal" || msg.Header.Get("Reply-To") != "<asha@example.com>" {
		t.Errorf("Subject %q, Reply-To %q", subject, msg.Header.Get("Reply-To"))
	}

	sent, err := s.app.Store().ListOutbox(t.Context(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 {
		t.Fatalf("outbox holds %d messages, want 1", len(sent))
	}
	if want := "<" + sent[0].ID + ".outbox@nimbusgrove.example>"; got.MessageID != want {
		t.Errorf("Message-ID %q, want %q (from the outbox ID)", got.MessageID, want)
	}
	// The server has the message before the sender records it: wait for
	// the sender to finish by stopping the app.
	s.cancel()
	if _, ok := s.wait(30 * time.Second); !ok {
		t.Fatal("Serve did not return")
	}
	sent, err = s.app.Store().ListOutbox(t.Context(), domain.OutboxSent, 0)
	if err != nil || len(sent) != 1 {
		t.Errorf("sent messages after shutdown = %d, %v; want 1", len(sent), err)
	}
}
