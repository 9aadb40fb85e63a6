package mail_test

import (
	"bytes"
	"errors"
	"net/mail"
	"testing"

	"corpsite/internal/domain"
	mailer "corpsite/internal/mail"
	"corpsite/internal/mail/smtptest"
)

// An outbox message's extra headers (a job alert's one-click
// unsubscribe, RFC 8058) reach the SMTP server as written.
func TestExtraHeadersOverSMTP(t *testing.T) {
	srv := smtptest.Start(t)
	tr, err := mailer.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	m := outboxMessage("hdr123")
	const unsub = "<https://site.test/alerts/unsubscribe?token=AbC_-123>"
	m.Headers = []domain.MailHeader{
		{Name: "List-Unsubscribe", Value: unsub},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}
	msg, err := mailer.Compose(m, from)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Send(t.Context(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.Messages()
	if len(got) != 1 {
		t.Fatalf("server received %d messages", len(got))
	}
	parsed, err := mail.ReadMessage(bytes.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if h := parsed.Header.Get("List-Unsubscribe"); h != unsub {
		t.Errorf("List-Unsubscribe = %q, want %q", h, unsub)
	}
	if h := parsed.Header.Get("List-Unsubscribe-Post"); h != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", h)
	}
	if h := parsed.Header.Get("Subject"); h == "" {
		t.Error("the message lost its own headers")
	}
}

// Extra headers cannot inject, replace or repeat the message's own.
func TestExtraHeadersRefused(t *testing.T) {
	for _, h := range []domain.MailHeader{
		{Name: "Bcc", Value: "x@example.com"},
		{Name: "subject", Value: "other"},
		{Name: "List-Unsubscribe", Value: "<https://a>\r\nBcc: x@example.com"},
		{Name: "X Bad", Value: "v"},
		{Name: "X-Bad:", Value: "v"},
		{Name: "List-Unsubscribe", Value: "<https://a/é>"},
	} {
		m := outboxMessage("hdr124")
		m.Headers = []domain.MailHeader{h}
		if _, err := mailer.Compose(m, from); !errors.Is(err, mailer.ErrHeader) {
			t.Errorf("Compose with %+v = %v, want ErrHeader", h, err)
		}
	}
}
