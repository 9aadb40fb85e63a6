package editing

// A post's address and what search engines and link previews show of it:
// its slug (domain.PostSlugProblem), SEO title and search description.
// Whether another post uses the slug is the store's to say
// (domain.MsgSlugTaken), in the transaction that saves it.

import (
	"strings"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Limits of the post's search fields, in characters: about what a search
// result shows.
const (
	PostSEOTitleMax       = 70
	PostSEODescriptionMax = 160
)

// Messages of the search fields.
const (
	MsgPostSEOTitleLong       = "The SEO title must be at most 70 characters."
	MsgPostSEOTitleLine       = "Write the SEO title on a single line."
	MsgPostSEODescriptionLong = "The search description must be at most 160 characters."
	MsgPostSEODescriptionLine = "Write the search description without line breaks or special characters."
)

// checkPostSEO adds the refusals of p's slug and search fields to f.
func checkPostSEO(p domain.BlogPost, f map[string]string) {
	if msg := domain.PostSlugProblem(p.Slug); msg != "" {
		f["slug"] = msg
	}
	switch {
	case utf8.RuneCountInString(p.SEOTitle) > PostSEOTitleMax:
		f["seoTitle"] = MsgPostSEOTitleLong
	case hasControl(p.SEOTitle):
		f["seoTitle"] = MsgPostSEOTitleLine
	}
	switch {
	case utf8.RuneCountInString(p.SEODescription) > PostSEODescriptionMax:
		f["seoDescription"] = MsgPostSEODescriptionLong
	case hasControl(p.SEODescription):
		f["seoDescription"] = MsgPostSEODescriptionLine
	}
}

// hasControl reports whether s holds a control character (a line break).
func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}
