package mail_test

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	mailer "corpsite/internal/mail"
)

var queued = time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)

func outboxMessage(id string) domain.OutboxMessage {
	return domain.OutboxMessage{
		ID:        id,
		To:        "staff@nimbusgrove.example",
		Subject:   "New contact message: Größe und Preis – ☁️ migration",
		Body:      "Name: Meera\nMessage:\n" + strings.Repeat("a long line ", 20) + "\n=end",
		ReplyTo:   "meera@example.com",
		CreatedAt: queued,
	}
}

// parse reads a composed message as a mail program would.
func parse(t *testing.T, data []byte) (*mail.Message, string) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("ReadMessage: %v\n%s", err, data)
	}
	body, err := io.ReadAll(msg.Body)
	if err != nil {
		t.Fatal(err)
	}
	return msg, string(body)
}

func TestComposeHeaders(t *testing.T) {
	m := outboxMessage("abc123")
	got, err := mailer.Compose(m, "Nimbus Grove <hello@nimbusgrove.example>")
	if err != nil {
		t.Fatalf("Compose: %v", err)
	}
	if got.From != "hello@nimbusgrove.example" || got.To != "staff@nimbusgrove.example" {
		t.Errorf("envelope = %q → %q, want the bare addresses", got.From, got.To)
	}
	for _, line := range strings.SplitAfter(string(got.Data), "\n") {
		if len(line) > 78+2 {
			t.Errorf("line longer than 78 characters: %q", line)
		}
		if line != "" && !strings.HasSuffix(line, "\r\n") {
			t.Errorf("line not ended by CRLF: %q", line)
		}
	}
	msg, _ := parse(t, got.Data)
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"From":                      `"Nimbus Grove" <hello@nimbusgrove.example>`,
		"To":                        "<staff@nimbusgrove.example>",
		"Reply-To":                  "<meera@example.com>",
		"Message-ID":                "<abc123.outbox@nimbusgrove.example>",
		"Date":                      "Sun, 22 Nov 2026 10:30:00 +0000",
		"Content-Type":              "text/plain; charset=utf-8",
		"Content-Transfer-Encoding": "quoted-printable",
		"Auto-Submitted":            "auto-generated",
	}
	for k, v := range want {
		if g := msg.Header.Get(k); g != v {
			t.Errorf("%s = %q, want %q", k, g, v)
		}
	}
	if subject != m.Subject {
		t.Errorf("decoded Subject = %q, want %q", subject, m.Subject)
	}
	if d, err := msg.Header.Date(); err != nil || !d.Equal(queued) {
		t.Errorf("Date = %v, %v; want the time it was queued", d, err)
	}

	// Sent again (after a crash), it is recognisably the same message.
	again, err := mailer.Compose(m, "Nimbus Grove <hello@nimbusgrove.example>")
	if err != nil || !bytes.Equal(again.Data, got.Data) {
		t.Errorf("composing the same outbox message twice gave different messages")
	}

	// No Reply-To when there is none.
	m.ReplyTo = ""
	plain, err := mailer.Compose(m, "hello@nimbusgrove.example")
	if err != nil {
		t.Fatal(err)
	}
	if msg, _ := parse(t, plain.Data); msg.Header.Get("Reply-To") != "" {
		t.Errorf("Reply-To = %q, want none", msg.Header.Get("Reply-To"))
	}
}

func TestComposeBodyRoundTrips(t *testing.T) {
	m := outboxMessage("abc123")
	m.Body = "Hello,\r\nline two with ü and = signs\n" + strings.Repeat("x", 300) + "\n.\nlast"
	got, err := mailer.Compose(m, "hello@nimbusgrove.example")
	if err != nil {
		t.Fatal(err)
	}
	_, raw := parse(t, got.Data)
	body, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(raw)))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n") + "\r\n"
	if string(body) != want {
		t.Errorf("decoded body = %q, want %q", body, want)
	}
}

func TestComposeRefusesHeaderInjection(t *testing.T) {
	tests := []struct {
		name string
		edit func(*domain.OutboxMessage)
		from string
	}{
		{"subject with CRLF", func(m *domain.OutboxMessage) { m.Subject = "Hi\r\nBcc: victim@example.com" }, ""},
		{"subject with LF", func(m *domain.OutboxMessage) { m.Subject = "Hi\nBcc: victim@example.com" }, ""},
		{"subject with CR", func(m *domain.OutboxMessage) { m.Subject = "Hi\rBcc: victim@example.com" }, ""},
		{"reply-to with LF", func(m *domain.OutboxMessage) { m.ReplyTo = "a@example.com\nBcc: victim@example.com" }, ""},
		{"to with CRLF", func(m *domain.OutboxMessage) { m.To = "staff@example.com\r\nBcc: victim@example.com" }, ""},
		{"from with LF", nil, "hello@example.com\nBcc: victim@example.com"},
		{"two recipients", func(m *domain.OutboxMessage) { m.To = "a@example.com, b@example.com" }, ""},
		{"not an address", func(m *domain.OutboxMessage) { m.ReplyTo = "not an address" }, ""},
		{"ID that is not one", func(m *domain.OutboxMessage) { m.ID = "../x" }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := outboxMessage("abc123")
			if tt.edit != nil {
				tt.edit(&m)
			}
			from := tt.from
			if from == "" {
				from = "hello@example.com"
			}
			got, err := mailer.Compose(m, from)
			if !errors.Is(err, mailer.ErrHeader) {
				t.Fatalf("Compose = %v; want an ErrHeader error\n%s", err, dataOf(got))
			}
		})
	}
}

func dataOf(m *mailer.Message) string {
	if m == nil {
		return ""
	}
	return string(m.Data)
}

// A message with an HTML body goes as multipart/alternative: the plain
// text first, then the HTML, each decoded back exactly.
func TestComposeAlternative(t *testing.T) {
	m := outboxMessage("alt123")
	m.HTMLBody = "<p>Größe &amp; " + strings.Repeat("long ", 30) + "</p>\n<p><a href=\"https://x.example/a?b=c\">link</a></p>\n"
	got, err := mailer.Compose(m, "hello@nimbusgrove.example")
	if err != nil {
		t.Fatalf("Compose: %v", err)
	}
	msg, body := parse(t, got.Data)
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type = %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(strings.NewReader(body), params["boundary"])
	for _, want := range []struct{ typ, body string }{{"text/plain", m.Body}, {"text/html", m.HTMLBody}} {
		p, err := r.NextRawPart()
		if err != nil {
			t.Fatalf("part %s: %v", want.typ, err)
		}
		if ct := p.Header.Get("Content-Type"); ct != want.typ+"; charset=utf-8" {
			t.Errorf("part Content-Type = %q, want %s", ct, want.typ)
		}
		dec, err := io.ReadAll(quotedprintable.NewReader(p))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.ReplaceAll(string(dec), "\r\n", "\n"); strings.TrimSuffix(got, "\n") != strings.TrimSuffix(want.body, "\n") {
			t.Errorf("%s part = %q, want %q", want.typ, got, want.body)
		}
	}
	if _, err := r.NextRawPart(); err != io.EOF {
		t.Errorf("after two parts: %v, want the end", err)
	}
}
