package server

// Tag pages of the blog: /blog/tag/{slug} lists the newest published
// posts with a tag, /blog/tag/{slug}/feed.xml is their Atom feed, and the
// sitemap lists every tag some published post has. A tag no published
// post has, or a slug that is not a tag's one spelling
// (domain.ValidTagSlug), is not found.

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

const (
	// blogTagPosts bounds the posts a tag page lists: the newest ones.
	blogTagPosts = 60
	// sitemapTagsMax bounds the tag pages in the sitemap.
	sitemapTagsMax = 5000
	// blogTagAPIPrefix is the API of a tag page, before the slug.
	blogTagAPIPrefix = "/api/blog-tags/"
)

var errTagNotFound = domain.Errorf(domain.ENotFound, "No published post has this tag.")

// blogTagPath, blogTagFeedPath and blogTagAPIPath are a tag's page, feed
// and API paths, as the web app builds them too.
func blogTagPath(slug string) string     { return blogPagePath + "/tag/" + url.PathEscape(slug) }
func blogTagFeedPath(slug string) string { return blogTagPath(slug) + "/feed.xml" }
func blogTagAPIPath(slug string) string  { return blogTagAPIPrefix + wire.EncodeURIComponent(slug) }

// tagLinks are a post's tags as its page links them.
func tagLinks(tags []string) []wire.TagLink {
	var out []wire.TagLink
	for _, t := range tags {
		out = append(out, wire.TagLink{Name: t, Slug: domain.TagSlug(t)})
	}
	return out
}

// taggedPosts returns the tag of slug, as the newest published post with
// it spells it, and the newest published posts with it (at most limit),
// and how many there are: errTagNotFound when there are none.
func (s *Server) taggedPosts(ctx context.Context, slug string, limit int) (wire.TagLink, []domain.BlogPost, int, error) {
	if !domain.ValidTagSlug(slug) {
		return wire.TagLink{}, nil, 0, errTagNotFound
	}
	f := domain.BlogFilter{PublishedOnly: true, Tag: slug, Limit: limit}
	posts, err := s.store.ListBlogPosts(ctx, f)
	if err != nil {
		return wire.TagLink{}, nil, 0, err
	}
	if len(posts) == 0 {
		return wire.TagLink{}, nil, 0, errTagNotFound
	}
	total := len(posts)
	if total == limit {
		f.Limit = 0
		if total, err = s.store.CountBlogPosts(ctx, f); err != nil {
			return wire.TagLink{}, nil, 0, err
		}
	}
	tag := wire.TagLink{Name: slug, Slug: slug}
	for _, t := range posts[0].Tags {
		if domain.TagSlug(t) == slug {
			tag.Name = t
		}
	}
	return tag, posts, total, nil
}

// tagHeading is a tag page's heading and title.
func tagHeading(tag string) string { return "Posts tagged “" + tag + "”" }

// blogTagView is the tag page's data.
func (s *Server) blogTagView(ctx context.Context, slug string) (wire.BlogTagPage, []domain.BlogPost, error) {
	tag, posts, total, err := s.taggedPosts(ctx, slug, blogTagPosts)
	if err != nil {
		return wire.BlogTagPage{}, nil, err
	}
	list := wire.BlogList{Posts: make([]wire.BlogSummary, 0, len(posts)), Page: 1, Pages: 1, Total: total}
	for _, p := range posts {
		list.Posts = append(list.Posts, s.blogSummary(p))
	}
	return wire.BlogTagPage{
		Tag: tag, Heading: tagHeading(tag.Name), PageTitle: s.content.Title(tagHeading(tag.Name)),
		FeedURL: blogTagFeedPath(slug), FeedTitle: s.seo.TagFeedTitle(tag.Name), List: list,
	}, posts, nil
}

// tagDescription is a tag page's meta description: what it lists and the
// titles of the newest posts, cut to the length search engines show.
func (s *Server) tagDescription(tag string, posts []domain.BlogPost) string {
	titles := make([]string, 0, 3)
	for _, p := range posts[:min(len(posts), 3)] {
		titles = append(titles, p.Title)
	}
	d := "Posts from the " + s.content.Site.Name + " blog tagged “" + tag + "”, newest first: " + strings.Join(titles, "; ") + "."
	return seo.Truncate(d, seo.DescriptionMax)
}

// GET /api/blog-tags/{slug}: a tag page's data.
func (s *Server) apiBlogTag(r *http.Request) (any, error) {
	v, _, err := s.blogTagView(r.Context(), r.PathValue("slug"))
	return v, err
}

// GET /blog/tag/{slug}: the newest published posts with a tag.
func (s *Server) blogTagPage(r *http.Request) (*pageSpec, error) {
	slug := r.PathValue("slug")
	v, posts, err := s.blogTagView(r.Context(), slug)
	if domain.IsNotFound(err) {
		return s.notFoundSpec("blog-tag", map[string]wire.Result{blogTagAPIPath(slug): result(nil, err)}), nil
	}
	if err != nil {
		return nil, err
	}
	return &pageSpec{
		Page:        "blog-tag",
		Title:       v.Heading,
		Description: s.tagDescription(v.Tag.Name, posts),
		Path:        blogTagPath(slug),
		Feeds:       []feedLink{{Title: v.FeedTitle, Href: v.FeedURL}},
		API:         map[string]wire.Result{blogTagAPIPath(slug): result(v, nil)},
		Cache:       true,
	}, nil
}

// GET /blog/tag/{slug}/feed.xml: the newest published posts with a tag
// as an Atom feed; not found as the tag page is.
func (s *Server) blogTagFeed(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	tag, posts, _, err := s.taggedPosts(r.Context(), slug, feedEntries)
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	feed := make([]seo.FeedPost, len(posts))
	for i, p := range posts {
		feed[i] = seo.FeedPost{Post: p, URL: s.postURL(p), Summary: s.postDescription(p)}
	}
	doc, err := s.seo.TagFeed(tag.Name, s.baseURL+blogTagPath(slug), s.baseURL+blogTagFeedPath(slug),
		s.tagDescription(tag.Name, posts), feed)
	s.writeXML(w, r, "application/atom+xml; charset=utf-8", doc, err)
}

// tagSitemapURLs are the tag pages of the sitemap: each tag a published
// post has.
func (s *Server) tagSitemapURLs(ctx context.Context) ([]seo.SitemapURL, error) {
	tags, err := s.store.ListBlogTags(ctx, sitemapTagsMax)
	if err != nil {
		return nil, err
	}
	out := make([]seo.SitemapURL, 0, len(tags))
	for _, t := range tags {
		out = append(out, seo.SitemapURL{Loc: s.baseURL + blogTagPath(t.Slug)})
	}
	return out, nil
}
