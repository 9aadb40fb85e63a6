package domain

import (
	"regexp"
	"strings"
	"unicode"
)

// Limits of the comment form (CommentRules), in characters.
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

// CommentTexts are the comment form's field messages, the words of
// CommentRules.
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

// CommentMessages are the words of the comment form's rules.
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
	SingleLine:      msgOneLine,
	SpecialChars:    "Remove the special characters from your comment.",
}

// CommentRules is the comment form's rules table (see FieldRule for how a
// table is read), interpreted by ValidateForm here and, generated into
// web/src/gen/comment-rules.ts as COMMENT_RULES, by the web app; the cases
// in testdata/comment-cases.json run through both. Name, e-mail and
// comment are required (spec §5); the website is an optional http(s)
// address; the comment, shown to every reader, refuses bidi overrides.
var CommentRules = RuleSet{Fields: []FieldRule{
	{Path: "name", Kind: KindLine, Required: true, Max: CommentNameMax, Messages: map[string]string{
		MsgRequired: CommentMessages.NameRequired,
		MsgTooLong:  CommentMessages.NameTooLong,
		MsgChars:    CommentMessages.SingleLine,
	}},
	ruleEmail(CommentMessages.EmailRequired, CommentMessages.EmailTooLong, CommentMessages.EmailInvalid),
	// No character of a one-line field's chars check is one URLPattern
	// admits, so a website that fails it is told what fails the pattern.
	{Path: "website", Kind: KindURL, Max: CommentWebsiteMax, Pattern: URLPattern, Messages: map[string]string{
		MsgTooLong: CommentMessages.WebsiteTooLong,
		MsgChars:   CommentMessages.WebsiteInvalid,
		MsgInvalid: CommentMessages.WebsiteInvalid,
	}},
	{Path: "comment", Kind: KindText, Required: true, Max: CommentTextMax, NoBidi: true, Messages: map[string]string{
		MsgRequired: CommentMessages.CommentRequired,
		MsgTooLong:  CommentMessages.CommentTooLong,
		MsgChars:    CommentMessages.SpecialChars,
	}},
}}

// Normalize trims the comment's fields and unifies line breaks.
func (c *Comment) Normalize() {
	c.Name = strings.TrimSpace(c.Name)
	c.Email = strings.TrimSpace(c.Email)
	c.Website = strings.TrimSpace(c.Website)
	c.Comment = strings.TrimSpace(strings.ReplaceAll(c.Comment, "\r\n", "\n"))
}

// Validate checks a normalised comment's visitor fields (name, email,
// website, comment) against CommentRules and names every invalid one.
func (c *Comment) Validate() error {
	return FormError(ValidateForm(&CommentRules, map[string]string{
		"name": c.Name, "email": c.Email, "website": c.Website, "comment": c.Comment,
	}, ""))
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
