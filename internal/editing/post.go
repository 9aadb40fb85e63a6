package editing

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
)

// Limits of a post's fields, in characters.
const (
	PostTitleMax       = 150
	PostDescriptionMax = 300
	PostContentMax     = 200_000
	PostImageAltMax    = 250
)

// Field messages of the post form.
const (
	MsgPostTitleRequired   = "Enter the title."
	MsgPostTitleLong       = "Title must be at most 150 characters."
	MsgPostTitleLine       = "Use a single line without special characters."
	MsgPostDescriptionLong = "Description must be at most 300 characters."
	MsgPostContentRequired = "Write the post before publishing it: an introduction, sections that each start with a heading (Heading 2), or both."
	MsgPostContentEmptyH2  = "Every section heading (Heading 2) needs words."
	MsgPostContentLong     = "The post is too long (at most 200,000 characters)."
	MsgPostImageAltMissing = "Describe the cover image for people who cannot see it: what it shows, in a sentence."
	MsgPostImageAltLong    = "The cover image's description must be at most 250 characters."
	MsgPostImageAltLine    = "Write the cover image's description on a single line."
	MsgPostInvalid         = "Please correct the highlighted fields."
	// MsgPostBodyImageAlt begins the message of a published post's text
	// with an image without alt text; bodyImageAltProblem says which.
	MsgPostBodyImageAlt   = "Every image in the text needs alt text: "
	MsgPostNotPublishable = "The post cannot be published until the highlighted fields are complete."
)

// CheckPost is the one check of a post's fields, for saving a draft, saving
// a published post and publishing: the same rules for each, so a draft
// that saves can be published once it has words. publish (publishing, or
// saving a post that is published) adds only what a page needs: words in
// the post, and a description of its cover image when it has one. The post's page shows it one slide at a time (see the server's
// blogSlides): an introduction before the first Heading 2 is its first
// slide, without a heading, and each Heading 2 starts a slide it titles,
// so each one needs words. The error is EInvalid with the refused fields.
func CheckPost(p domain.BlogPost, publish bool) error {
	f := map[string]string{}
	switch {
	case p.Title == "":
		f["title"] = MsgPostTitleRequired
	case utf8.RuneCountInString(p.Title) > PostTitleMax:
		f["title"] = MsgPostTitleLong
	case strings.ContainsFunc(p.Title, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		f["title"] = MsgPostTitleLine
	}
	if utf8.RuneCountInString(p.Description) > PostDescriptionMax {
		f["description"] = MsgPostDescriptionLong
	}
	switch {
	case utf8.RuneCountInString(p.ImageAlt) > PostImageAltMax:
		f["imageAlt"] = MsgPostImageAltLong
	case strings.ContainsFunc(p.ImageAlt, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		f["imageAlt"] = MsgPostImageAltLine
	case publish && p.Image != "" && p.ImageAlt == "":
		f["imageAlt"] = MsgPostImageAltMissing
	}
	if msg := domain.TagsProblem(p.Tags); msg != "" {
		f["tags"] = msg
	}
	checkPostSEO(p, f)
	if utf8.RuneCountInString(p.Content) > PostContentMax {
		f["content"] = MsgPostContentLong
	} else if msg := contentProblem(sanitize.PostHTML(p.Content), publish); msg != "" {
		f["content"] = msg
	}
	if len(f) == 0 {
		return nil
	}
	msg := MsgPostInvalid
	if publish {
		msg = MsgPostNotPublishable
	}
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: f}
}

// contentProblem says what keeps sanitised content from making slides, or
// "": a Heading 2 without words, or (publish) nothing to show at all.
func contentProblem(content string, publish bool) string {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, _ := html.ParseFragment(strings.NewReader(content), body)
	shown := false
	for _, n := range nodes {
		if n.Type == html.TextNode && strings.TrimSpace(n.Data) == "" || n.Type == html.CommentNode {
			continue
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.H2 && sanitize.Text(n) == "" {
			return MsgPostContentEmptyH2
		}
		if n.Type == html.TextNode || hasContent(n) {
			shown = true
		}
	}
	if publish && !shown {
		return MsgPostContentRequired
	}
	if publish {
		return bodyImageAltProblem(nodes)
	}
	return ""
}

// bodyImageAltProblem names the images of the text without alt text (a
// description for people who cannot see them), or "" when each has one:
// "Every image in the text needs alt text: image 2 of 3 (in “Our
// process”) has none." A draft may hold such an image; a page may not.
func bodyImageAltProblem(nodes []*html.Node) string {
	var missing []string
	total := 0
	section := ""
	for _, n := range nodes {
		if n.Type == html.ElementNode && n.DataAtom == atom.H2 {
			section = sanitize.Text(n)
		}
		imgs := []*html.Node{}
		if n.Type == html.ElementNode && n.DataAtom == atom.Img {
			imgs = append(imgs, n)
		}
		for c := range n.Descendants() {
			if c.Type == html.ElementNode && c.DataAtom == atom.Img {
				imgs = append(imgs, c)
			}
		}
		for _, img := range imgs {
			total++
			if strings.TrimSpace(attr(img, "alt")) != "" {
				continue
			}
			where := "image " + strconv.Itoa(total)
			if section != "" {
				where += " (in “" + section + "”)"
			} else {
				where += " (in the introduction)"
			}
			missing = append(missing, where)
		}
	}
	switch len(missing) {
	case 0:
		return ""
	case 1:
		return MsgPostBodyImageAlt + missing[0] + " has none. Describe what it shows in the image's alt text."
	default:
		return MsgPostBodyImageAlt + strings.Join(missing[:len(missing)-1], ", ") + " and " + missing[len(missing)-1] +
			" have none. Describe what each shows in the image's alt text."
	}
}

// attr is the value of n's attribute key, or "".
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasContent reports whether element n shows something: words, or an
// image or other media.
func hasContent(n *html.Node) bool {
	if sanitize.Text(n) != "" {
		return true
	}
	for c := range n.Descendants() {
		if c.Type == html.ElementNode && (c.DataAtom == atom.Img || c.DataAtom == atom.Picture || c.DataAtom == atom.Video || c.DataAtom == atom.Iframe || c.DataAtom == atom.Hr) {
			return true
		}
	}
	return false
}
