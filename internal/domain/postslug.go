package domain

// A blog post's slug: the last part of its address (/blog/{slug}) chosen
// by its writer. Without one, the post's address is /blog/{id}. A slug is
// 1 to PostSlugMax characters of lower-case ASCII letters, digits and
// single hyphens, none at either end; no two posts share one, no post
// takes another's earlier slug or ID, and none is a word the site's router
// uses under /blog/ itself (ReservedPostSlugs).

import (
	"strings"
)

// PostSlugMax is the longest slug, in characters.
const PostSlugMax = 80

// BlogPath is the path of the blog; a post's page is under it.
const BlogPath = "/blog"

// Messages of the slug field.
const (
	MsgSlugChars    = "The slug may hold only lowercase letters, digits and hyphens."
	MsgSlugHyphens  = "The slug may not start or end with a hyphen, nor hold two hyphens in a row."
	MsgSlugLong     = "The slug must be at most 80 characters."
	MsgSlugReserved = "This slug is a word the site's own addresses use under /blog/. Please choose another."
	MsgSlugTaken    = "Another post already uses this slug."
)

// ReservedPostSlugs are the words a slug may not be: the literal segments
// the site routes under /blog/ (the tag pages, the feed) and a few it may
// route there later. A server test checks that every literal segment of
// the router is here.
var ReservedPostSlugs = []string{"tag", "tags", "feed", "feeds", "page", "pages", "rss", "atom", "search", "archive", "new", "preview"}

// PostSlugProblem says what is wrong with slug, or "" when it is a valid
// slug ("" itself is valid: no slug). Whether another post uses it is the
// store's to say (MsgSlugTaken).
func PostSlugProblem(slug string) string {
	if slug == "" {
		return ""
	}
	for _, r := range slug {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return MsgSlugChars
		}
	}
	if len(slug) > PostSlugMax {
		return MsgSlugLong
	}
	if slug[0] == '-' || slug[len(slug)-1] == '-' || strings.Contains(slug, "--") {
		return MsgSlugHyphens
	}
	for _, w := range ReservedPostSlugs {
		if slug == w {
			return MsgSlugReserved
		}
	}
	return ""
}

// asciiLetters spell the letters that do not decompose into an ASCII
// letter and accents.
// BlogPostPath is the address of a post's page: /blog/{slug}, or
// /blog/{id} for a post without a slug.
func BlogPostPath(id, slug string) string {
	if slug != "" {
		return BlogPath + "/" + slug
	}
	return BlogPath + "/" + id
}

// Path is the address of p's page (BlogPostPath).
func (p BlogPost) Path() string { return BlogPostPath(p.ID, p.Slug) }

// PostAddress is what an address under /blog/ finds: the post's ID, its
// slug now and its status.
type PostAddress struct {
	ID     string
	Slug   string
	Status PostStatus
}

// Path is the address of the post's page now (BlogPostPath).
func (a PostAddress) Path() string { return BlogPostPath(a.ID, a.Slug) }
