package server

// Pictures in the text of a blog post. The stored text refers to each by
// the path of its widest JPEG only (the sanitiser keeps nothing else);
// its page offers every size and format that was stored for it
// (domain.PostImage), as a cover's does.

import (
	"context"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// bodyImageSizes is the width a picture in a post's text is shown at: the
// article's column on a wide screen (as its cover), else the screen.
const bodyImageSizes = "(min-width: 48rem) 736px, 100vw"

// withBodyImages is p with its text as its page shows it: see
// bodyImagesHTML. The sizes of at most domain.PostImagesMax pictures are
// looked up; any further one is shown in its one size.
func (s *Server) withBodyImages(ctx context.Context, p domain.BlogPost) (domain.BlogPost, error) {
	nodes := parseBody(p.Content)
	srcs := bodyImageSrcs(nodes)
	if len(srcs) == 0 {
		return p, nil
	}
	imgs, err := s.store.PostImages(ctx, srcs[:min(len(srcs), domain.PostImagesMax)])
	if err != nil {
		return p, err
	}
	p.Content = bodyImagesHTML(nodes, imgs)
	return p, nil
}

// parseBody parses a post's sanitised text.
func parseBody(content string) []*html.Node {
	context := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	// The tokenizer reads any string; a strings.Reader gives no error.
	nodes, _ := html.ParseFragment(strings.NewReader(content), context)
	return nodes
}

// bodyImages lists the <img> elements of nodes, in document order.
func bodyImages(nodes []*html.Node) []*html.Node {
	var out []*html.Node
	for _, n := range nodes {
		if n.Type == html.ElementNode && n.DataAtom == atom.Img {
			out = append(out, n)
		}
		for c := range n.Descendants() {
			if c.Type == html.ElementNode && c.DataAtom == atom.Img {
				out = append(out, c)
			}
		}
	}
	return out
}

// bodyImageSrcs lists the distinct srcs of the pictures of nodes.
func bodyImageSrcs(nodes []*html.Node) []string {
	var out []string
	seen := map[string]bool{}
	for _, img := range bodyImages(nodes) {
		if src := nodeAttr(img, "src"); src != "" && !seen[src] {
			seen[src] = true
			out = append(out, src)
		}
	}
	return out
}

// bodyImagesHTML renders nodes with each picture ready for the page:
// width and height of its stored size (the browser keeps its room before
// it loads), srcset and sizes over every stored width, in a <picture>
// with a <source> per format better than JPEG that every width has, and
// loaded lazily and decoded off the main thread except the first (likely
// on screen when the page opens). A picture without stored sizes (imgs
// lacks its src) is shown as it is.
func bodyImagesHTML(nodes []*html.Node, imgs map[string]domain.PostImage) string {
	// Under one parent, so that a picture at the top level has one to be
	// wrapped in.
	root := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	for i, img := range bodyImages(nodes) {
		stored, ok := imgs[nodeAttr(img, "src")]
		if ok && len(stored.Versions) > 0 {
			widest := stored.Versions[len(stored.Versions)-1]
			setAttr(img, "width", strconv.Itoa(widest.Width))
			setAttr(img, "height", strconv.Itoa(widest.Height))
			if len(stored.Versions) > 1 {
				setAttr(img, "srcset", srcset(stored.Versions, func(v domain.ImageVersion) string { return v.URL }))
				setAttr(img, "sizes", bodyImageSizes)
			}
			if sources := imageSources(domain.BlogPost{ImageVersions: stored.Versions}); len(sources) > 0 {
				wrapInPicture(img, sources)
			}
		}
		if i > 0 {
			setAttr(img, "loading", "lazy")
		}
		setAttr(img, "decoding", "async")
	}
	var b strings.Builder
	for n := range root.ChildNodes() {
		// Rendering a parsed node cannot fail on a strings.Builder.
		_ = html.Render(&b, n)
	}
	return b.String()
}

// wrapInPicture puts img in a <picture> after a <source> for each of
// sources, all with img's sizes.
func wrapInPicture(img *html.Node, sources []wire.ImageSource) {
	picture := &html.Node{Type: html.ElementNode, Data: "picture", DataAtom: atom.Picture}
	img.Parent.InsertBefore(picture, img)
	img.Parent.RemoveChild(img)
	for _, src := range sources {
		attrs := []html.Attribute{{Key: "type", Val: src.Type}, {Key: "srcset", Val: src.Srcset}}
		if sizes := nodeAttr(img, "sizes"); sizes != "" {
			attrs = append(attrs, html.Attribute{Key: "sizes", Val: sizes})
		}
		picture.AppendChild(&html.Node{Type: html.ElementNode, Data: "source", DataAtom: atom.Source, Attr: attrs})
	}
	picture.AppendChild(img)
}

// nodeAttr is the value of n's attribute key, or "".
func nodeAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// setAttr sets n's attribute key to val.
func setAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}
