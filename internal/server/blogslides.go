package server

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"corpsite/internal/sanitize"
	"corpsite/internal/wire"
)

// blogSlides splits a post's sanitised HTML body into the slides its page
// shows one at a time (spec: "Body HTML split at each h2 into slides").
// It is the one place the split is made: the page and the API send its
// result, and the web app only displays it.
//
// Each top-level <h2> starts a slide: its heading is the h2's text (entities
// decoded, white space collapsed) and its HTML the nodes after it up to the
// next top-level h2. An <h2> nested in another element (a <section>, a
// <div>) stays inside the slide's HTML. Content before the first h2 is a
// slide without a heading. A slide with neither a heading nor any content
// (white space only) is left out, so the result may be empty.
func blogSlides(body string) []wire.BlogSlide {
	context := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(body), context)
	if err != nil {
		// The tokenizer reads any string; an error can only come from the
		// reader, which a strings.Reader never gives.
		return nil
	}
	slides := []wire.BlogSlide{}
	var heading string
	var content strings.Builder
	started := false // a slide (with or without a heading) is open
	flush := func() {
		h := strings.TrimSpace(content.String())
		if started && (heading != "" || h != "") {
			slides = append(slides, wire.BlogSlide{Heading: heading, HTML: h})
		}
		heading = ""
		content.Reset()
	}
	for _, n := range nodes {
		if n.Type == html.ElementNode && n.DataAtom == atom.H2 {
			flush()
			heading, started = sanitize.Text(n), true
			continue
		}
		started = true
		// Rendering a parsed node cannot fail on a strings.Builder.
		_ = html.Render(&content, n)
	}
	flush()
	return slides
}
