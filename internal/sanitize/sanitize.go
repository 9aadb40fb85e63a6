// Package sanitize cleans the rich text that staff write for job
// descriptions and blog post bodies before it is stored or shown.
//
// HTML keeps a small set of structural and inline elements (paragraphs,
// line breaks, h2–h4 headings, lists, bold and italic, block quotes,
// code, and simple tables) and links whose href is an absolute http,
// https or mailto URL. Every other element is removed, keeping its text;
// script, style, iframe, object and similar elements are removed together
// with their content. No attribute survives except href on a link: no
// style, class, id, target or event handler. Links get rel="nofollow".
// Images are not allowed.
//
// Before filtering, the input is parsed as an HTML fragment the way a
// browser would and written out again, so unclosed or stray tags cannot
// leak out of the fragment and break the page around it (an unclosed
// <table> would otherwise swallow the rest of the page). Well-formed
// markup keeps its shape; the parser's normalisations apply (a <tbody> is
// added to a table without one, void elements are written as <br/>).
//
// The result is safe to insert into a page as HTML, and sanitising it
// again returns it unchanged.
package sanitize

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// policy is built once; a bluemonday Policy is safe for concurrent use
// once it is no longer modified.
var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements(
		"p", "br",
		"h2", "h3", "h4",
		"ul", "ol", "li",
		"strong", "b", "em", "i",
		"blockquote", "code", "pre",
		"table", "thead", "tbody", "tr", "th", "td",
	)

	// Links: absolute http, https and mailto URLs only. An href that does
	// not parse, has another scheme (javascript:, data:, vbscript:, ...)
	// or is relative is removed, and an <a> left without href is dropped
	// (its text stays).
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(false)
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)

	// "<div>a</div><div>b</div>" must not become "ab".
	p.AddSpaceWhenStrippingTag(true)
	return p
}

// body is the context the fragment is parsed in: the content of <body>.
var body = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}

// HTML returns s with everything removed that is not allowed in a job
// description or a blog post body. See the package documentation for
// what is kept.
func HTML(s string) string {
	return policy.Sanitize(balance(s))
}

// balance parses s as the content of a <body> element and renders the
// resulting nodes, which closes unclosed elements and drops stray end
// tags. If parsing fails (it does not for any string input in practice),
// s is returned as is and bluemonday still filters it.
func balance(s string) string {
	if s == "" {
		return ""
	}
	nodes, err := html.ParseFragment(strings.NewReader(s), body)
	if err != nil {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, n := range nodes {
		if err := html.Render(&b, n); err != nil {
			return s
		}
	}
	return b.String()
}
