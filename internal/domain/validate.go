package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the contact form. The web app's copy is generated from these
// (web/src/gen/wire.ts, by cmd/gen-wire).
const (
	ContactNameMax    = 100
	EmailMax          = 254
	EmailLocalMax     = 64 // bytes before the @
	ContactSubjectMax = 150
	ContactMessageMin = 10
	ContactMessageMax = 5000
)

// EmailPattern accepts what people type as an address: a local part of the
// characters an HTML e-mail field allows, an @, dot-separated domain labels
// and a top-level domain of at least two letters. The web app compiles the
// same source as a JavaScript RegExp, so it must keep to the syntax both
// RE2 and JavaScript read alike (no lookaround, no backreferences, no
// Unicode classes); email_cases.json is run through both.
const EmailPattern = "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z]{2,}$"

var emailPattern = regexp.MustCompile(EmailPattern)

// ValidEmail reports whether s looks like a deliverable e-mail address.
func ValidEmail(s string) bool {
	if len(s) > EmailMax {
		return false
	}
	local, _, ok := strings.Cut(s, "@")
	return ok && len(local) <= EmailLocalMax && emailPattern.MatchString(s)
}

// fieldErrors collects one message per invalid field.
type fieldErrors map[string]string

func (f fieldErrors) add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// err returns an EInvalid error naming the fields, or nil.
func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Code: EInvalid, Message: "Please correct the highlighted fields.", Fields: f}
}

// singleLine checks a required one-line text field; label names it in
// the message about its length.
func (f fieldErrors) singleLine(field, value, missing, label string, max int) {
	switch {
	case value == "":
		f.add(field, missing)
	case utf8.RuneCountInString(value) > max:
		f.add(field, label+" must be at most "+itoa(max)+" characters.")
	case strings.IndexFunc(value, isLineBreakOrControl) >= 0:
		f.add(field, "Use a single line without special characters.")
	}
}

// isLineBreakOrControl matches what must never appear in a one-line field
// (header injection: CR, LF and other control or separator characters).
func isLineBreakOrControl(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// isControlExceptNewline matches control characters other than line
// breaks and tabs, which multi-line text may hold.
func isControlExceptNewline(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.IsControl(r) || r == utf8.RuneError)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// Normalize trims the contact message's fields and unifies line breaks.
func (m *ContactMessage) Normalize() {
	m.Name = strings.TrimSpace(m.Name)
	m.Email = strings.TrimSpace(m.Email)
	m.Subject = strings.TrimSpace(m.Subject)
	m.Message = strings.TrimSpace(strings.ReplaceAll(m.Message, "\r\n", "\n"))
}

// Validate checks a normalised contact message and names every invalid field.
func (m *ContactMessage) Validate() error {
	f := fieldErrors{}
	f.singleLine("name", m.Name, "Enter your name.", "Name", ContactNameMax)
	f.singleLine("email", m.Email, "Enter your e-mail address.", "E-mail address", EmailMax)
	if _, bad := f["email"]; !bad && !ValidEmail(m.Email) {
		f.add("email", "Enter a valid e-mail address.")
	}
	f.singleLine("subject", m.Subject, "Enter a subject.", "Subject", ContactSubjectMax)
	n := utf8.RuneCountInString(m.Message)
	switch {
	case n == 0:
		f.add("message", "Enter a message.")
	case n < ContactMessageMin:
		f.add("message", "Message must be at least "+itoa(ContactMessageMin)+" characters.")
	case n > ContactMessageMax:
		f.add("message", "Message must be at most "+itoa(ContactMessageMax)+" characters.")
	case strings.IndexFunc(m.Message, isControlExceptNewline) >= 0:
		f.add("message", "Remove the special characters from your message.")
	}
	return f.err()
}
