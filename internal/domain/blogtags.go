package domain

// Tags of blog posts. A post has at most PostTagsMax tags, each of
// PostTagMin to PostTagMax characters: letters, digits, spaces and
// hyphens. A tag is kept as it was typed (spaces trimmed and runs of
// spaces made one) for display, and matched regardless of case through
// its slug: lower case, each run of spaces and hyphens one hyphen
// ("Cloud  Native" and "cloud-native" are the same tag, slug
// "cloud-native"). The slug is the tag page's address (/blog/tag/{slug}).

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of a post's tags.
const (
	PostTagsMax = 8  // tags on one post
	PostTagMin  = 2  // characters of one tag
	PostTagMax  = 30 // characters of one tag
)

// BlogTag is a tag as the site lists it: its slug, its name as typed on
// the newest published post that has it, and how many published posts
// have it.
type BlogTag struct {
	Slug  string
	Name  string
	Posts int
}

// NormalizeTag is tag as it is kept: trimmed, each run of white space one
// space.
func NormalizeTag(tag string) string {
	return strings.Join(strings.Fields(tag), " ")
}

// TagSlug is the slug of tag: lower case, each run of spaces and hyphens
// one hyphen, none at either end. Characters a tag may not hold are
// dropped, so only a valid tag's slug is its address.
func TagSlug(tag string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(tag) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
		case r == '-' || unicode.IsSpace(r):
			sep = true
		}
	}
	return b.String()
}

// ValidTagSlug reports whether s is the slug of some valid tag: the only
// spelling of a tag page's address.
func ValidTagSlug(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > PostTagMax || TagSlug(s) != s {
		return false
	}
	return TagProblem(s) == ""
}

// TagProblem says what is wrong with one tag (normalised), or "".
func TagProblem(tag string) string {
	n := utf8.RuneCountInString(tag)
	if n < PostTagMin || n > PostTagMax {
		return fmt.Sprintf("Tag “%s” must be %d to %d characters long.", tag, PostTagMin, PostTagMax)
	}
	for _, r := range tag {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '-' {
			return fmt.Sprintf("Tag “%s” may hold only letters, digits, spaces and hyphens.", tag)
		}
	}
	if TagSlug(tag) == "" {
		return fmt.Sprintf("Tag “%s” needs at least one letter or digit.", tag)
	}
	return ""
}

// NormalizeTags normalises each of tags, dropping empty ones.
func NormalizeTags(tags []string) []string {
	out := make([]string, 0, len(tags))
	for _, t := range tags {
		if t = NormalizeTag(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// TagsProblem says what is wrong with a post's normalised tags, or "":
// too many, a tag breaking TagProblem's rules, or two tags that are the
// same regardless of case, spaces and hyphens.
func TagsProblem(tags []string) string {
	if len(tags) > PostTagsMax {
		return fmt.Sprintf("A post may have at most %d tags; remove %d.", PostTagsMax, len(tags)-PostTagsMax)
	}
	seen := make(map[string]string, len(tags))
	for _, t := range tags {
		if msg := TagProblem(t); msg != "" {
			return msg
		}
		slug := TagSlug(t)
		if first, ok := seen[slug]; ok {
			return fmt.Sprintf("Tags “%s” and “%s” are the same tag; keep one.", first, t)
		}
		seen[slug] = t
	}
	return ""
}
