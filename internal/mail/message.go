// Package mail sends the e-mail that the store's outbox holds: it turns
// an outbox message into an RFC 5322 message, hands it to a Transport
// (an SMTP server, or .eml files in a folder when none is configured) and
// runs the Sender, which claims due messages, sends them and records the
// outcome, retrying with back-off. Only internal/app imports it; the rest
// of the site queues mail through domain.OutboxStore.
package mail

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// Message is one e-mail ready for a transport.
type Message struct {
	// ID is the outbox message's ID; it names .eml files.
	ID string
	// Created is when the message was queued; it is the Date header.
	Created time.Time
	// From and To are the envelope's bare addresses.
	From, To string
	// Data is the whole message: headers, blank line, body, CRLF lines.
	Data []byte
}

// ErrHeader is the cause of a Compose error for a header value that would
// break out of its header (a line break) or is not an address.
var ErrHeader = errors.New("mail: unsafe header value")

// Compose builds the message for m, sent from from (an address, possibly
// with a display name). The Message-ID is derived from m's ID, so a
// message sent again after a crash is recognisable as the same one. No
// value may hold a line break: header injection is refused, not repaired.
func Compose(m domain.OutboxMessage, from string) (*Message, error) {
	if !domain.ValidID(m.ID) {
		return nil, fmt.Errorf("mail: compose: outbox ID %q is not an ID: %w", m.ID, ErrHeader)
	}
	fromAddr, err := parseAddress("From", from)
	if err != nil {
		return nil, err
	}
	toAddr, err := parseAddress("To", m.To)
	if err != nil {
		return nil, err
	}
	if err := singleLine("Subject", m.Subject); err != nil {
		return nil, err
	}
	_, domainPart, _ := strings.Cut(fromAddr.Address, "@")

	var b bytes.Buffer
	header := func(name, value string) { fmt.Fprintf(&b, "%s: %s\r\n", name, value) }
	header("Date", m.CreatedAt.UTC().Format(time.RFC1123Z))
	header("From", fromAddr.String())
	header("To", toAddr.String())
	if m.ReplyTo != "" {
		replyTo, err := parseAddress("Reply-To", m.ReplyTo)
		if err != nil {
			return nil, err
		}
		header("Reply-To", replyTo.String())
	}
	header("Subject", encodeSubject(m.Subject))
	header("Message-ID", MessageID(m.ID, domainPart))
	header("MIME-Version", "1.0")
	if m.HTMLBody == "" {
		header("Content-Type", "text/plain; charset=utf-8")
		header("Content-Transfer-Encoding", "quoted-printable")
	} else {
		// The boundary is derived from the ID, like the Message-ID, and
		// cannot occur in quoted-printable parts (no "=_" there: "="
		// always starts an escape or a soft line break).
		header("Content-Type", `multipart/alternative; boundary="`+boundary(m.ID)+`"`)
	}
	// Tells mail servers and people's auto-responders not to answer.
	header("Auto-Submitted", "auto-generated")
	for _, h := range m.Headers {
		if err := extraHeader(h); err != nil {
			return nil, err
		}
		header(h.Name, h.Value)
	}
	b.WriteString("\r\n")
	if m.HTMLBody == "" {
		if err := writeQP(&b, m.Body); err != nil {
			return nil, err
		}
	} else {
		for _, part := range []struct{ typ, body string }{{"text/plain", m.Body}, {"text/html", m.HTMLBody}} {
			fmt.Fprintf(&b, "--%s\r\nContent-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", boundary(m.ID), part.typ)
			if err := writeQP(&b, part.body); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(&b, "--%s--\r\n", boundary(m.ID))
	}
	return &Message{ID: m.ID, Created: m.CreatedAt, From: fromAddr.Address, To: toAddr.Address, Data: b.Bytes()}, nil
}

// boundary separates the parts of outbox message id's multipart body.
func boundary(id string) string { return "=_alt_" + id }

// writeQP writes body quoted-printable, with CRLF lines, ending in CRLF.
func writeQP(b *bytes.Buffer, body string) error {
	qp := quotedprintable.NewWriter(b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(body, "\r\n", "\n"))); err != nil {
		return fmt.Errorf("mail: compose body: %w", err)
	}
	if err := qp.Close(); err != nil {
		return fmt.Errorf("mail: compose body: %w", err)
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\r\n")) {
		b.WriteString("\r\n")
	}
	return nil
}

// MessageID is the Message-ID header of outbox message id sent from a
// domain: the same for every attempt.
func MessageID(id, domain string) string {
	return "<" + id + ".outbox@" + domain + ">"
}

// headerName is the form of an extra header's name.
var headerName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]{0,75}$`)

// ownHeaders are written by Compose alone; an extra header may not
// repeat or replace one of them.
var ownHeaders = []string{"date", "from", "to", "cc", "bcc", "sender", "reply-to", "subject", "message-id",
	"mime-version", "content-type", "content-transfer-encoding", "auto-submitted"}

// extraHeader checks an extra header: a name of letters, digits and '-'
// that is not one Compose writes, a printable ASCII value on one line
// (at most 900 bytes, so that the line stays within SMTP's limit).
func extraHeader(h domain.MailHeader) error {
	if !headerName.MatchString(h.Name) || slices.Contains(ownHeaders, strings.ToLower(h.Name)) {
		return fmt.Errorf("mail: compose: extra header name %q: %w", h.Name, ErrHeader)
	}
	if len(h.Value) > 900 {
		return fmt.Errorf("mail: compose: %s is too long: %w", h.Name, ErrHeader)
	}
	for _, r := range h.Value {
		if r < ' ' || r > '~' {
			return fmt.Errorf("mail: compose: %s holds a character that cannot be in a header: %w", h.Name, ErrHeader)
		}
	}
	return nil
}

// singleLine refuses a header value with a line break or another
// character that cannot appear in a header.
func singleLine(name, v string) error {
	if strings.ContainsAny(v, "\r\n\x00") {
		return fmt.Errorf("mail: compose: %s holds a line break: %w", name, ErrHeader)
	}
	return nil
}

// parseAddress reads one address for header name.
func parseAddress(name, v string) (*mail.Address, error) {
	if err := singleLine(name, v); err != nil {
		return nil, err
	}
	a, err := mail.ParseAddress(v)
	if err != nil {
		return nil, fmt.Errorf("mail: compose: %s is not an address (%v): %w", name, err, ErrHeader)
	}
	return a, nil
}

// encodeSubject returns the subject as it goes in the header: encoded
// words when it is not plain ASCII, folded so that no line grows long.
func encodeSubject(s string) string {
	enc := mime.QEncoding.Encode("utf-8", s)
	return strings.ReplaceAll(enc, "?= =?", "?=\r\n =?")
}
