package seo

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"corpsite/internal/domain"
)

// DescriptionMax is the length (in characters) of a page's meta
// description: what search results show of it.
const DescriptionMax = 160

// JobDescription is the meta description of a job page.
func JobDescription(j domain.Job) string {
	lead := j.JobTitle + " in " + j.Location + ", " + j.Experience + " years of experience. "
	return Truncate(lead+PlainText(j.Description), DescriptionMax)
}

// PlainText returns the text of an HTML fragment with whitespace collapsed.
func PlainText(fragment string) string {
	z := html.NewTokenizer(strings.NewReader(fragment))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// Truncate shortens s to at most n runes, at a word boundary, with "…".
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}
