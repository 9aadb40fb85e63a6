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
// Images are not allowed in a job description.
//
// A blog post body (PostHTML) may also show the site's own uploaded
// pictures: <img> whose src is the path of one (ImageSrc: no other host,
// no data: or javascript: URL, no other path), with alt and with width
// and height as whole numbers of at most four digits; <figure> and
// <figcaption> without attributes. Any other <img> is removed, and so is
// every other attribute (srcset and sizes too: the post's page builds
// them from the stored sizes).
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
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// policy and postPolicy are built once; a bluemonday Policy is safe for
// concurrent use once it is no longer modified.
var (
	policy     = newPolicy(false)
	postPolicy = newPolicy(true)
)

// ImageSrc is the src of a picture a post's text may show: the path of
// the widest JPEG of an image uploaded in the console (served from
// /covers/ like blog covers, under a name as the console writes it).
var ImageSrc = regexp.MustCompile(`^/covers/[a-z0-9-]{1,80}-[0-9]{1,5}\.jpg$`)

// absoluteLink is what an href must start with when relative URLs pass
// the policy (for ImageSrc): a scheme the policy allows.
var absoluteLink = regexp.MustCompile(`^\s*(?i:https?|mailto):`)

// dimension is an image's width or height: a whole number of pixels, at
// most 9999.
var dimension = regexp.MustCompile(`^[1-9][0-9]{0,3}$`)

func newPolicy(images bool) *bluemonday.Policy {
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
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)
	if images {
		// The image's src is a relative URL: relative URLs pass the
		// policy, and an href must be absolute by its pattern instead.
		p.AllowRelativeURLs(true)
		p.AllowAttrs("href").Matching(absoluteLink).OnElements("a")
		p.AllowElements("figure", "figcaption")
		p.AllowAttrs("src").Matching(ImageSrc).OnElements("img")
		p.AllowAttrs("alt").OnElements("img")
		p.AllowAttrs("width", "height").Matching(dimension).OnElements("img")
	} else {
		p.AllowRelativeURLs(false)
		p.AllowAttrs("href").OnElements("a")
	}

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
	return policy.Sanitize(balance(s, false))
}

// PostHTML is HTML for a blog post body: it keeps the site's own pictures
// too (see the package documentation).
func PostHTML(s string) string {
	return postPolicy.Sanitize(balance(s, true))
}

// balance parses s as the content of a <body> element and renders the
// resulting nodes, which closes unclosed elements and drops stray end
// tags. If parsing fails (it does not for any string input in practice),
// s is returned as is and bluemonday still filters it. With images, an
// <img> whose src is not ImageSrc is removed (the policy would keep it
// without src): a space stays in its place.
func balance(s string, images bool) string {
	if s == "" {
		return ""
	}
	nodes, err := html.ParseFragment(strings.NewReader(s), body)
	if err != nil {
		return s
	}
	if images {
		for i, n := range nodes {
			if foreignImage(n) {
				nodes[i] = &html.Node{Type: html.TextNode, Data: " "}
			} else {
				dropForeignImages(n)
			}
		}
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

// foreignImage reports whether n is an <img> a post may not show: one
// without a src that is ImageSrc.
func foreignImage(n *html.Node) bool {
	if n.Type != html.ElementNode || n.DataAtom != atom.Img {
		return false
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == "src" {
			return !ImageSrc.MatchString(a.Val)
		}
	}
	return true
}

// dropForeignImages replaces the foreignImage descendants of n with a
// space, as the policy does with an element it strips.
func dropForeignImages(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if foreignImage(c) {
			space := &html.Node{Type: html.TextNode, Data: " "}
			n.InsertBefore(space, c)
			n.RemoveChild(c)
			c = space
		} else {
			dropForeignImages(c)
		}
	}
}
