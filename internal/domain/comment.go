package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the comment form, in characters. The web app's copy is
// generated from these (web/src/gen/wire.ts, by cmd/gen-wire).
const (
	CommentNameMax    = 100
	CommentWebsiteMax = URLMax
	CommentTextMax    = 2000
)

// Content checks of a comment that passed validation: a comment that
// trips one is stored for staff review (CommentHeld), not shown.
const (
	// CommentLinksMax is the most links a comment may hold; link lists are
	// the usual shape of comment spam.
	CommentLinksMax = 2
	// commentShoutingMinLetters is the least number of letters a comment
	// needs before writing in capitals counts as shouting: "OK" and
	// "AWS ROCKS" are fine.
	commentShoutingMinLetters = 20
)

// CommentTexts are the comment form's field messages, one per rule the
// browser checks before sending too.
type CommentTexts struct {
	NameRequired    string
	NameTooLong     string
	EmailRequired   string
	EmailInvalid    string
	EmailTooLong    string
	WebsiteInvalid  string
	WebsiteTooLong  string
	CommentRequired string
	CommentTooLong  string
	SingleLine      string
	SpecialChars    string
}

// CommentMessages are the words ValidateComment uses; the web app shows the
// same words (generated into web/src/gen/wire.ts as COMMENT_MESSAGES).
var CommentMessages = CommentTexts{
	NameRequired:    "Enter your name.",
	NameTooLong:     "Name must be at most " + itoa(CommentNameMax) + " characters.",
	EmailRequired:   "Enter your e-mail address.",
	EmailInvalid:    "Enter a valid e-mail address.",
	EmailTooLong:    "E-mail address must be at most " + itoa(EmailMax) + " characters.",
	WebsiteInvalid:  "Enter a web address starting with http:// or https://, or leave it empty.",
	WebsiteTooLong:  "Website must be at most " + itoa(CommentWebsiteMax) + " characters.",
	CommentRequired: "Enter a comment.",
	CommentTooLong:  "Comment must be at most " + itoa(CommentTextMax) + " characters.",
	SingleLine:      singleLineMessage,
	SpecialChars:    "Remove the special characters from your comment.",
}

// singleLineMessage is what a one-line field with a line break, control
// or invisible formatting character is told (see fieldErrors.singleLine).
const singleLineMessage = "Use a single line without special characters."

var websitePattern = regexp.MustCompile(URLPattern)

// Normalize trims the comment's fields and unifies line breaks.
func (c *Comment) Normalize() {
	c.Name = strings.TrimSpace(c.Name)
	c.Email = strings.TrimSpace(c.Email)
	c.Website = strings.TrimSpace(c.Website)
	c.Comment = strings.TrimSpace(strings.ReplaceAll(c.Comment, "\r\n", "\n"))
}

// Validate checks a normalised comment's visitor fields (name, email,
// website, comment) and names every invalid one.
func (c *Comment) Validate() error {
	t := CommentMessages
	f := fieldErrors{}
	f.singleLine("name", c.Name, t.NameRequired, t.NameTooLong, CommentNameMax)
	f.singleLine("email", c.Email, t.EmailRequired, t.EmailTooLong, EmailMax)
	if _, bad := f["email"]; !bad && !ValidEmail(c.Email) {
		f.add("email", t.EmailInvalid)
	}
	switch {
	case c.Website == "":
		// optional
	case utf8.RuneCountInString(c.Website) > CommentWebsiteMax:
		f.add("website", t.WebsiteTooLong)
	case !websitePattern.MatchString(c.Website):
		f.add("website", t.WebsiteInvalid)
	}
	switch {
	case c.Comment == "":
		f.add("comment", t.CommentRequired)
	case utf8.RuneCountInString(c.Comment) > CommentTextMax:
		f.add("comment", t.CommentTooLong)
	case strings.IndexFunc(c.Comment, isControlExceptNewline) >= 0 || hasBidiControl(c.Comment):
		f.add("comment", t.SpecialChars)
	}
	return f.err()
}

// hasBidiControl reports whether s holds a bidirectional override or
// isolate, which can make text display as something else than it is.
// Other invisible formatting characters (joiners) are allowed in
// multi-line text: scripts need them.
func hasBidiControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return '\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069'
	})
}

// linkPattern finds what a reader or a search engine takes for a link in
// plain text: a URL scheme or a www. host.
var linkPattern = regexp.MustCompile(`(?i)\b(?:https?://|www\.)`)

// CommentSpamReason says why a valid comment's content looks like spam,
// or "" when it does not: more than CommentLinksMax links in the text,
// or a long text written in capitals only. It is a
// deliberately simple check; anything it holds back waits for staff, who
// can approve it. Repeats are checked by the server, which knows what was
// posted before.
func CommentSpamReason(c Comment) string {
	if len(linkPattern.FindAllStringIndex(c.Comment, CommentLinksMax+1)) > CommentLinksMax {
		return "links"
	}
	var letters, upper int
	for _, r := range c.Comment {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	if letters >= commentShoutingMinLetters && upper == letters {
		return "shouting"
	}
	return ""
}
