package server

// The author of a blog post, as its page, the lists and its structured
// data show them (the profile a member of staff sets in the console).

import (
	"corpsite/internal/domain"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// authorName is the name of p's author, "" = none.
func authorName(p domain.BlogPost) string {
	if p.Author == nil {
		return ""
	}
	return p.Author.Name
}

// postAuthorView is a as a post's page shows them; nil for none.
func postAuthorView(a *domain.PostAuthor) *wire.PostAuthor {
	if a == nil {
		return nil
	}
	v := &wire.PostAuthor{Name: a.Name, Bio: a.Bio}
	if len(a.Photo) > 0 {
		v.Photo, v.PhotoSize = a.Photo[0].URL, a.Photo[0].Width
		v.PhotoSrcset, v.PhotoSources = versionsSrcset(a.Photo), versionSources(a.Photo)
	}
	return v
}

// authorLD is the author of a post's structured data: a Person with
// what the page shows of them, the photo's largest size as an absolute
// address; nil when the post has no author.
func (s *Server) authorLD(a *domain.PostAuthor) *seo.Author {
	if a == nil {
		return nil
	}
	out := &seo.Author{Name: a.Name, Description: a.Bio}
	if len(a.Photo) > 0 {
		out.Image = s.absoluteURL(a.Photo[len(a.Photo)-1].URL)
	}
	return out
}
