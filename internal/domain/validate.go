package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the contact form (ContactRules), in characters but for
// EmailLocalMax.
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
// Unicode classes); email-cases.json is run through both.
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

// hasInvisibleFormat reports whether s holds an invisible formatting
// character (Unicode category Cf): bidirectional overrides and isolates
// (U+202A–202E, U+2066–2069) that make a name or subject display as
// something else than it is, zero-width spaces and joiners
// (U+200B–200F, U+2060), the byte order mark (U+FEFF), soft hyphens and
// the like. None of them belongs in a one-line field typed by a person.
//
// The one exception is a zero-width non-joiner or joiner (U+200C, U+200D)
// between two letters: Devanagari, Malayalam, Persian and other scripts
// need them inside words to spell names right.
func hasInvisibleFormat(s string) bool {
	prev := rune(-1)
	for i, r := range s {
		if unicode.Is(unicode.Cf, r) {
			if (r == '\u200c' || r == '\u200d') && isLetterOrMark(prev) {
				next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
				if isLetterOrMark(next) {
					prev = r
					continue
				}
			}
			return true
		}
		prev = r
	}
	return false
}

// isLetterOrMark reports whether r is a letter or a combining mark (the
// vowel signs and viramas of Indic scripts are marks).
func isLetterOrMark(r rune) bool {
	return r >= 0 && r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsMark(r))
}

// isLineBreakOrControl matches what must never appear in a one-line field
// (header injection: CR, LF and other control or separator characters).
func isLineBreakOrControl(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// hasBidiControl reports whether s holds a bidirectional override or
// isolate, which can make text display as something else than it is
// (FieldRule.NoBidi). Other invisible formatting characters (joiners) are
// allowed in multi-line text: scripts need them.
func hasBidiControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return '\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069'
	})
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

// ContactTexts are the contact form's field messages, the words of
// ContactRules.
type ContactTexts struct {
	NameRequired    string
	NameTooLong     string
	EmailRequired   string
	EmailInvalid    string
	EmailTooLong    string
	SubjectRequired string
	SubjectTooLong  string
	MessageRequired string
	MessageTooShort string
	MessageTooLong  string
	SingleLine      string
	SpecialChars    string
}

// ContactMessages are the words of the contact form's rules.
var ContactMessages = ContactTexts{
	NameRequired:    "Enter your name.",
	NameTooLong:     "Name must be at most " + itoa(ContactNameMax) + " characters.",
	EmailRequired:   "Enter your e-mail address.",
	EmailInvalid:    "Enter a valid e-mail address.",
	EmailTooLong:    "E-mail address must be at most " + itoa(EmailMax) + " characters.",
	SubjectRequired: "Enter a subject.",
	SubjectTooLong:  "Subject must be at most " + itoa(ContactSubjectMax) + " characters.",
	MessageRequired: "Enter a message.",
	MessageTooShort: "Message must be at least " + itoa(ContactMessageMin) + " characters.",
	MessageTooLong:  "Message must be at most " + itoa(ContactMessageMax) + " characters.",
	SingleLine:      msgOneLine,
	SpecialChars:    "Remove the special characters from your message.",
}

// ContactRules is the contact form's rules table (see FieldRule for how a
// table is read), interpreted by ValidateForm here and, generated into
// web/src/gen/contact-rules.ts as CONTACT_RULES, by the web app; the cases
// in testdata/contact-cases.json run through both. Every field is
// required; the name and subject are one line each, the message is text of
// ContactMessageMin to ContactMessageMax characters.
var ContactRules = RuleSet{Fields: []FieldRule{
	{Path: "name", Kind: KindLine, Required: true, Max: ContactNameMax, Messages: map[string]string{
		MsgRequired: ContactMessages.NameRequired,
		MsgTooLong:  ContactMessages.NameTooLong,
		MsgChars:    ContactMessages.SingleLine,
	}},
	ruleEmail(ContactMessages.EmailRequired, ContactMessages.EmailTooLong, ContactMessages.EmailInvalid),
	{Path: "subject", Kind: KindLine, Required: true, Max: ContactSubjectMax, Messages: map[string]string{
		MsgRequired: ContactMessages.SubjectRequired,
		MsgTooLong:  ContactMessages.SubjectTooLong,
		MsgChars:    ContactMessages.SingleLine,
	}},
	{Path: "message", Kind: KindText, Required: true, Min: ContactMessageMin, Max: ContactMessageMax, Messages: map[string]string{
		MsgRequired: ContactMessages.MessageRequired,
		MsgTooShort: ContactMessages.MessageTooShort,
		MsgTooLong:  ContactMessages.MessageTooLong,
		MsgChars:    ContactMessages.SpecialChars,
	}},
}}

// ruleEmail is the rule of a required "email" field: at most EmailMax
// characters on one line, matching EmailPattern with at most EmailLocalMax
// bytes before the @ (ValidEmail).
func ruleEmail(missing, tooLong, invalid string) FieldRule {
	return FieldRule{
		Path: "email", Kind: KindEmail, Required: true, Max: EmailMax, LocalMax: EmailLocalMax, Pattern: EmailPattern,
		Messages: map[string]string{
			MsgRequired: missing,
			MsgTooLong:  tooLong,
			MsgChars:    msgOneLine,
			MsgInvalid:  invalid,
		},
	}
}

// Validate checks a normalised contact message against ContactRules and
// names every invalid field.
func (m *ContactMessage) Validate() error {
	return FormError(ValidateForm(&ContactRules, map[string]string{
		"name": m.Name, "email": m.Email, "subject": m.Subject, "message": m.Message,
	}, ""))
}
