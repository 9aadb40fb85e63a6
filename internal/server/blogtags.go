package server

// Tag pages of the blog: /blog/tag/{slug} lists the published posts with
// a tag, newest first, a page at a time (?page=N, as /blog);
// /blog/tag/{slug}/feed.xml is their Atom feed; and the sitemap lists
// every tag some published post has. A tag no published
// post has, or a slug that is not a tag's one spelling
// (domain.ValidTagSlug), is not found.

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

const (
	// sitemapTagsMax bounds the tag pages in the sitemap.
	sitemapTagsMax = 5000
	// blogTagAPIPrefix is the API of a tag page, before the slug.
	blogTagAPIPrefix = "/api/blog-tags/"
)

var errTagNotFound = domain.Errorf(domain.ENotFound, "No published post has this tag.")

// blogTagPath, blogTagFeedPath and blogTagAPIPath are a tag's page, feed
// and API paths, as the web app builds them too; a page after the first
// adds ?page=N to the page and API paths (pagedPath).
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

// taggedPosts returns the newest published posts with the tag of slug (at
// most limit, newest first; limit 0 is all) from offset on, and the tag as
// the newest of them spells it: errTagNotFound when there are none.
func (s *Server) taggedPosts(ctx context.Context, slug string, limit, offset int) (wire.TagLink, []domain.BlogPost, error) {
	if !domain.ValidTagSlug(slug) {
		return wire.TagLink{}, nil, errTagNotFound
	}
	posts, err := s.store.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Tag: slug, Limit: limit, Offset: offset})
	if err != nil {
		return wire.TagLink{}, nil, err
	}
	if len(posts) == 0 {
		return wire.TagLink{}, nil, errTagNotFound
	}
	tag := wire.TagLink{Name: slug, Slug: slug}
	for _, t := range posts[0].Tags {
		if domain.TagSlug(t) == slug {
			tag.Name = t
		}
	}
	return tag, posts, nil
}

// tagHeading is a tag page's heading and title.
func tagHeading(tag string) string { return "Posts tagged “" + tag + "”" }

// blogTagView is page (1-based) of a tag's page: its posts a page at a
// time, as many as a page of the blog holds, newest first. The tag is
// spelled as its newest post spells it on every page. errTagNotFound when
// no published post has it; errPageNotFound past the last page.
func (s *Server) blogTagView(ctx context.Context, slug string, page int) (wire.BlogTagPage, []domain.BlogPost, error) {
	if !domain.ValidTagSlug(slug) {
		return wire.BlogTagPage{}, nil, errTagNotFound
	}
	total, err := s.store.CountBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Tag: slug})
	if err != nil {
		return wire.BlogTagPage{}, nil, err
	}
	if total == 0 {
		return wire.BlogTagPage{}, nil, errTagNotFound
	}
	pages := (total + blogPageSize - 1) / blogPageSize
	if page < 1 || page > pages {
		return wire.BlogTagPage{}, nil, errPageNotFound
	}
	tag, posts, err := s.taggedPosts(ctx, slug, blogPageSize, (page-1)*blogPageSize)
	if page > 1 && err == nil {
		// Spelled as on the first page: as the newest post spells it.
		tag, _, err = s.taggedPosts(ctx, slug, 1, 0)
	}
	if domain.IsNotFound(err) {
		// The tag's posts changed between the count and the list: this page is gone.
		return wire.BlogTagPage{}, nil, errPageNotFound
	}
	if err != nil {
		return wire.BlogTagPage{}, nil, err
	}
	list := wire.BlogList{Posts: make([]wire.BlogSummary, 0, len(posts)), Page: page, Pages: pages, Total: total}
	for _, p := range posts {
		list.Posts = append(list.Posts, s.blogSummary(p))
	}
	title := tagHeading(tag.Name)
	if page > 1 {
		title += " – Page " + strconv.Itoa(page)
	}
	return wire.BlogTagPage{
		Tag: tag, Heading: tagHeading(tag.Name), PageTitle: s.content.Title(title),
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

// GET /api/blog-tags/{slug}?page=N: a page of a tag page's data.
func (s *Server) apiBlogTag(r *http.Request) (any, error) {
	page, err := parseBlogPage(r.URL.Query().Get("page"))
	if err != nil {
		return nil, err
	}
	v, _, err := s.blogTagView(r.Context(), r.PathValue("slug"), page)
	return v, err
}

// GET /blog/tag/{slug}?page=N: a page of the published posts with a tag,
// newest first. An unknown tag, a bad page value or one past the last
// page is the not-found page with status 404.
func (s *Server) blogTagPage(r *http.Request) (*pageSpec, error) {
	slug := r.PathValue("slug")
	raw := r.URL.Query().Get("page")
	page, err := parseBlogPage(raw)
	var v wire.BlogTagPage
	var posts []domain.BlogPost
	if err == nil {
		v, posts, err = s.blogTagView(r.Context(), slug, page)
	}
	if err != nil {
		if domain.ErrorCode(err) != domain.ENotFound && domain.ErrorCode(err) != domain.EInvalid {
			return nil, err
		}
		return s.notFoundSpec("blog-tag", map[string]wire.Result{badPagePath(blogTagAPIPath(slug), raw): result(nil, err)}), nil
	}
	path := pagedPath(blogTagPath(slug), page)
	spec := &pageSpec{
		Page:        "blog-tag",
		Title:       v.Heading,
		Description: s.tagDescription(v.Tag.Name, posts),
		Path:        path,
		Feeds:       []feedLink{{Title: v.FeedTitle, Href: v.FeedURL}},
		API:         map[string]wire.Result{pagedPath(blogTagAPIPath(slug), page): result(v, nil)},
		Cache:       true,
		RenderPath:  path,
	}
	if page > 1 {
		spec.Title += " – Page " + strconv.Itoa(page)
		spec.Prev = pagedPath(blogTagPath(slug), page-1)
	}
	if page < v.List.Pages {
		spec.Next = pagedPath(blogTagPath(slug), page+1)
	}
	return spec, nil
}

// GET /blog/tag/{slug}/feed.xml: the newest published posts with a tag
// as an Atom feed; not found as the tag page is.
func (s *Server) blogTagFeed(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	tag, posts, err := s.taggedPosts(r.Context(), slug, feedEntries, 0)
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
