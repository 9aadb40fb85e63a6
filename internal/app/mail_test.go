package app_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/mail"
	"os"
	"path/filepath"
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
	t.Parallel()
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

// Without an SMTP server, a contact message's notification becomes an
// .eml file in the data folder.
func TestContactMessageWithoutSMTPIsAFile(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, nil)
	s := start(t, cfg)
	body := `{"name":"Asha Rao","email":"asha@example.com","subject":"A portal","message":"We would like a quote for a customer portal.","website":"","elapsedMs":12000}`
	res, err := http.Post(s.app.URL()+"api/contact", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/contact = %d, want 201", res.StatusCode)
	}
	// Stopping the app lets its sender finish what it holds; a round
	// afterwards sends whatever the nudge had not reached yet.
	s.cancel()
	if _, ok := s.wait(30 * time.Second); !ok {
		t.Fatal("Serve did not return")
	}
	if _, err := s.app.Sender().SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	sent, err := s.app.Store().ListOutbox(t.Context(), domain.OutboxSent, 0)
	if err != nil || len(sent) != 1 {
		t.Fatalf("sent messages = %d, %v; want 1", len(sent), err)
	}
	files, err := filepath.Glob(filepath.Join(cfg.DataDir, "mail", "*-"+sent[0].ID+".eml"))
	if err != nil || len(files) != 1 {
		t.Fatalf(".eml files for %s: %v, %v", sent[0].ID, files, err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get("Subject") != "New contact message: A portal" || msg.Header.Get("To") != "<"+cfg.StaffEmail+">" {
		t.Errorf("Subject %q, To %q", msg.Header.Get("Subject"), msg.Header.Get("To"))
	}
}
