package server

// Posts' addresses: /blog/{slug} for a post with a slug, /blog/{id} for
// one without (domain.BlogPostPath). The ID of a post that has a slug,
// and each of its earlier slugs, answer 301 to its address, the query
// string kept (utm_* and the like). A draft's, and a deleted post's,
// addresses are not found.

import (
	"context"
	"net/http"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
)

// blogPostRoute is the route of a post's page; {id} is its ID or a slug.
const blogPostRoute = "/blog/{id}"

// postAddress finds the post key names (its ID, slug or an earlier slug):
// ENotFound for a key no post has.
func (s *Server) postAddress(ctx context.Context, key string) (domain.PostAddress, error) {
	if !domain.ValidID(key) {
		return domain.PostAddress{}, errPostNotFound
	}
	a, err := s.store.FindPostAddress(ctx, key)
	if domain.IsNotFound(err) {
		return domain.PostAddress{}, errPostNotFound
	}
	return a, err
}

// postRedirects answers a request for a published post at an address
// other than its own with 301 to it; every other request goes to next
// (the page, or its not-found page).
func (s *Server) postRedirects(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.PathValue("id")
		a, err := s.postAddress(r.Context(), key)
		switch {
		case domain.IsNotFound(err):
		case err != nil:
			httpcore.Fail(w, r, err)
			return
		case a.Status == domain.PostPublished && a.Path() != blogPagePath+"/"+key:
			to := a.Path()
			if r.URL.RawQuery != "" {
				to += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, to, http.StatusMovedPermanently)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// postKey is the last part of p's address: what the web app reads the
// post's API with (its slug, or its ID).
func postKey(p domain.BlogPost) string {
	return strings.TrimPrefix(p.Path(), blogPagePath+"/")
}

// postTitle is the title of p's page (before the site's name): its SEO
// title, or its title.
func postTitle(p domain.BlogPost) string {
	if t := strings.TrimSpace(p.SEOTitle); t != "" {
		return t
	}
	return p.Title
}

// searchDescription is what p's page tells search engines and link
// previews: its search description, or what the page says about it.
func (s *Server) searchDescription(p domain.BlogPost) string {
	if d := strings.TrimSpace(p.SEODescription); d != "" {
		return d
	}
	return s.postDescription(p)
}

// socialImage is the URL path of the picture link previews show of p:
// its social image, or its cover ("" = none).
func socialImage(p domain.BlogPost) string {
	if p.SocialImage != "" {
		return p.SocialImage
	}
	return p.Image
}
