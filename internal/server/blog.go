package server

// The blog: its list and post pages, the JSON API they read and the
// comment form's endpoint. Loaders answer in wire types, so a page's boot
// data and the API a client-side navigation calls have the same shapes.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/contact"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// blogPageSize is how many posts one page of the list holds; the first
// page also fills the home page carousel.
const blogPageSize = 6

// blogPagePath is the path of the list of posts.
const blogPagePath = "/blog"

// blogAPIPath is the API of the list of posts.
const blogAPIPath = "/api/blogs"

// blogPageParam is the list's page parameter: a page number without a
// sign or leading zeros, at most nine digits, so every page has one
// spelling (one cache slot, one API path) and no arithmetic on it can
// overflow.
var blogPageParam = regexp.MustCompile(`^[1-9][0-9]{0,8}$`)

var (
	errPostNotFound = domain.Errorf(domain.ENotFound, "Blog post not found.")
	errPageNotFound = domain.Errorf(domain.ENotFound, "There is no such page of posts.")
	errBadPage      = httpcore.WithStatus(domain.Errorf(domain.EInvalid, "The page must be a whole number from 1."), http.StatusBadRequest)
)

// parseBlogPage reads the list's page number from a raw query value: ""
// is the first page; anything but a canonical number is errBadPage.
func parseBlogPage(raw string) (int, error) {
	if raw == "" {
		return 1, nil
	}
	if !blogPageParam.MatchString(raw) {
		return 0, errBadPage
	}
	return strconv.Atoi(raw)
}

// pagedPath is the canonical path of page n of a list at base (the blog,
// a tag page) or of its API as the web app builds it: the first page
// without a parameter (the blog's is shared with the home page
// carousel), others with ?page=N.
func pagedPath(base string, n int) string {
	if n == 1 {
		return base
	}
	return base + "?page=" + strconv.Itoa(n)
}

// badPagePath is the API path the web app reads for a list page whose
// ?page= value raw is not a page: the value as it reads it.
func badPagePath(base, raw string) string {
	if raw == "" || raw == "1" {
		return base
	}
	return base + "?page=" + wire.EncodeURIComponent(raw)
}

// blogListAPIPath and blogListPagePath are page n of the list's API and
// page paths.
func blogListAPIPath(n int) string  { return pagedPath(blogAPIPath, n) }
func blogListPagePath(n int) string { return pagedPath(blogPagePath, n) }

// blogList loads page (1-based) of the published posts, newest first:
// ENotFound past the last page. There is always a first page, if empty.
func (s *Server) blogList(ctx context.Context, page int) (wire.BlogList, error) {
	f := domain.BlogFilter{PublishedOnly: true}
	total, err := s.store.CountBlogPosts(ctx, f)
	if err != nil {
		return wire.BlogList{}, err
	}
	pages := max(1, (total+blogPageSize-1)/blogPageSize)
	if page < 1 || page > pages {
		return wire.BlogList{}, errPageNotFound
	}
	f.Limit, f.Offset = blogPageSize, (page-1)*blogPageSize
	posts, err := s.store.ListBlogPosts(ctx, f)
	if err != nil {
		return wire.BlogList{}, err
	}
	out := wire.BlogList{Posts: make([]wire.BlogSummary, 0, len(posts)), Page: page, Pages: pages, Total: total}
	for _, p := range posts {
		out.Posts = append(out.Posts, s.blogSummary(p))
	}
	return out, nil
}

func (s *Server) blogSummary(p domain.BlogPost) wire.BlogSummary {
	return wire.BlogSummary{
		ID: p.ID, Title: p.Title, Description: p.Description,
		Image: p.Image, ImageAlt: p.ImageAlt, ImageSrcset: imageSrcset(p), ImageSources: imageSources(p),
		CreatedAt: p.CreatedAt, DateText: s.content.LongDate(p.CreatedAt),
		AuthorName: authorName(p),
		Path:       p.Path(),
	}
}

// imageSrcset is the srcset of p's cover ("/covers/a-480.jpg 480w, ..."),
// or "" when it has one size only.
func imageSrcset(p domain.BlogPost) string { return versionsSrcset(p.ImageVersions) }

// versionsSrcset is the srcset of an image's JPEG versions, or "" when it
// has one size only.
func versionsSrcset(versions []domain.ImageVersion) string {
	if len(versions) < 2 {
		return ""
	}
	return srcset(versions, func(v domain.ImageVersion) string { return v.URL })
}

// imageSources are p's cover in the formats better than JPEG, best
// first: each format every version of the cover has (a cover stored
// before these formats has none).
func imageSources(p domain.BlogPost) []wire.ImageSource { return versionSources(p.ImageVersions) }

// versionSources are an image's versions in the formats better than
// JPEG, as imageSources.
func versionSources(versions []domain.ImageVersion) []wire.ImageSource {
	if len(versions) == 0 {
		return nil
	}
	var out []wire.ImageSource
	for _, f := range []struct {
		typ string
		url func(domain.ImageVersion) string
	}{
		{"image/avif", func(v domain.ImageVersion) string { return v.AVIF }},
		{"image/webp", func(v domain.ImageVersion) string { return v.WebP }},
	} {
		if !slices.ContainsFunc(versions, func(v domain.ImageVersion) bool { return f.url(v) == "" }) {
			set := f.url(versions[0]) // one size: no descriptor, like the <img>
			if len(versions) > 1 {
				set = srcset(versions, f.url)
			}
			out = append(out, wire.ImageSource{Type: f.typ, Srcset: set})
		}
	}
	return out
}

// srcset lists the URLs url picks from versions with width descriptors.
func srcset(versions []domain.ImageVersion, url func(domain.ImageVersion) string) string {
	parts := make([]string, len(versions))
	for i, v := range versions {
		parts[i] = url(v) + " " + strconv.Itoa(v.Width) + "w"
	}
	return strings.Join(parts, ", ")
}

// publicPost returns the post at key (its ID, its slug or an earlier
// slug: see postAddress) if visitors may see it: ENotFound for an unknown
// or draft post.
func (s *Server) publicPost(ctx context.Context, key string) (domain.BlogPost, error) {
	a, err := s.postAddress(ctx, key)
	if err != nil {
		return domain.BlogPost{}, err
	}
	p, err := s.store.GetBlogPost(ctx, a.ID)
	if domain.IsNotFound(err) || err == nil && p.Status != domain.PostPublished {
		return domain.BlogPost{}, errPostNotFound
	}
	return p, err
}

// postView is p as its page shows it, the body split into slides.
func (s *Server) postView(p domain.BlogPost) wire.BlogPost {
	return wire.BlogPost{
		ID: p.ID, Title: p.Title, Description: p.Description,
		Image: p.Image, ImageAlt: p.ImageAlt, ImageSrcset: imageSrcset(p), ImageSources: imageSources(p),
		CreatedAt: p.CreatedAt, DateText: s.content.LongDate(p.CreatedAt),
		Slides:    blogSlides(p.Content),
		PageTitle: s.content.Title(postTitle(p)),
		Tags:      tagLinks(p.Tags),
		Author:    postAuthorView(p.Author),
		Path:      p.Path(),
	}
}

// postDescription is what a post page says about the post: its own
// description or the spec's fallback text.
func (s *Server) postDescription(p domain.BlogPost) string {
	if d := strings.TrimSpace(p.Description); d != "" {
		return d
	}
	return s.content.Blog.DescriptionFallback
}

// commentsShown bounds the comments listed under a post: the newest ones.
// A page with thousands would be slow to render and to read.
const commentsShown = 200

// visibleComments lists the comments shown under post id, newest first.
func (s *Server) visibleComments(ctx context.Context, id string) ([]wire.Comment, error) {
	cs, err := s.store.ListComments(ctx, id, true)
	if err != nil {
		return nil, err
	}
	cs = cs[:min(len(cs), commentsShown)]
	out := make([]wire.Comment, 0, len(cs))
	for _, c := range cs {
		out = append(out, s.commentView(c))
	}
	return out, nil
}

// commentView is c as visitors see it: never its e-mail address.
func (s *Server) commentView(c domain.Comment) wire.Comment {
	return wire.Comment{
		ID: c.ID, Name: c.Name, Website: c.Website, Comment: c.Comment,
		CreatedAt: c.CreatedAt, DateText: s.content.LongDate(c.CreatedAt),
	}
}

// postAPIPath and commentsAPIPath are a post's API paths as the web app
// builds them.
func postAPIPath(id string) string     { return blogAPIPath + "/" + wire.EncodeURIComponent(id) }
func commentsAPIPath(id string) string { return postAPIPath(id) + "/comments" }

// GET /api/blogs?page=N: a page of published posts (without page, the
// first; the home page carousel reads that one).
func (s *Server) apiBlogs(r *http.Request) (any, error) {
	page, err := parseBlogPage(r.URL.Query().Get("page"))
	if err != nil {
		return nil, err
	}
	return s.blogList(r.Context(), page)
}

// GET /api/blogs/{id}: one published post.
func (s *Server) apiBlogPost(r *http.Request) (any, error) {
	p, err := s.publicPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if p, err = s.withBodyImages(r.Context(), p); err != nil {
		return nil, err
	}
	return s.postView(p), nil
}

// GET /api/blogs/{id}/comments: the visible comments of a published post.
func (s *Server) apiComments(r *http.Request) (any, error) {
	p, err := s.publicPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return s.visibleComments(r.Context(), p.ID)
}

// homeAPI is the home page's data: the first page of posts for its carousel.
func (s *Server) homeAPI(ctx context.Context) (map[string]wire.Result, error) {
	list, err := s.blogList(ctx, 1)
	if err != nil {
		return nil, err
	}
	return map[string]wire.Result{blogAPIPath: result(list, nil)}, nil
}

// pagedCacheKey is the page cache key of a request for a paged list (the
// blog, a tag page): the canonical path of its page, so
// "?page=2&utm_source=x" shares the slot of "?page=2". Only existing pages
// are cached (a bounded set); the key of a bad value keeps the value, so
// that concurrent requests for different bad values are not coalesced
// into one answer with the other's boot data.
func pagedCacheKey(r *http.Request) string {
	raw := r.URL.Query().Get("page")
	page, err := parseBlogPage(raw)
	if err != nil {
		return r.URL.Path + "?page=" + url.QueryEscape(raw)
	}
	return pagedPath(r.URL.Path, page)
}

// GET /blog?page=N: a page of the list. A bad page value or one past the
// last page is the not-found page with status 404.
func (s *Server) blogPage(r *http.Request) (*pageSpec, error) {
	raw := r.URL.Query().Get("page")
	page, err := parseBlogPage(raw)
	var list wire.BlogList
	if err == nil {
		list, err = s.blogList(r.Context(), page)
	}
	if err != nil {
		if domain.ErrorCode(err) != domain.ENotFound && domain.ErrorCode(err) != domain.EInvalid {
			return nil, err
		}
		return s.notFoundSpec("blog", map[string]wire.Result{badPagePath(blogAPIPath, raw): result(nil, err)}), nil
	}
	meta := s.content.Pages[blogPagePath]
	spec := &pageSpec{
		Page:        "blog",
		Title:       meta.Title,
		Description: meta.Description,
		Path:        blogListPagePath(page),
		API:         map[string]wire.Result{blogListAPIPath(page): result(list, nil)},
		Cache:       true,
		RenderPath:  blogListPagePath(page),
	}
	if page > 1 {
		spec.Title = meta.Title + " – Page " + strconv.Itoa(page)
		spec.Prev = blogListPagePath(page - 1)
	}
	if page < list.Pages {
		spec.Next = blogListPagePath(page + 1)
	}
	return spec, nil
}

// notFoundSpec is the shared not-found page (404, noindex) for a page of
// the site whose record or page is missing, with api as its boot data. It
// is not cached: its URLs are endless, and composing it runs no
// JavaScript once the shared not-found render is cached.
func (s *Server) notFoundSpec(page string, api map[string]wire.Result) *pageSpec {
	meta := s.content.Pages["notFound"]
	return &pageSpec{
		Status: http.StatusNotFound, Page: page, Title: meta.Title, Description: meta.Description,
		NoIndex: true, NotFound: true, API: api,
	}
}

// GET /blog/{id}: a published post with its comments; {id} is its ID or
// its slug (the address of a post whose ID or earlier slug is asked for
// is a redirect: postRedirects).
func (s *Server) blogPostPage(r *http.Request) (*pageSpec, error) {
	id := r.PathValue("id")
	p, err := s.publicPost(r.Context(), id)
	if domain.IsNotFound(err) {
		return s.notFoundSpec("blog-post", map[string]wire.Result{
			postAPIPath(id):     result(nil, err),
			commentsAPIPath(id): result(nil, err),
		}), nil
	}
	if err != nil {
		return nil, err
	}
	comments, err := s.visibleComments(r.Context(), p.ID)
	if err != nil {
		return nil, err
	}
	if p, err = s.withBodyImages(r.Context(), p); err != nil {
		return nil, err
	}
	return s.postPageSpec(p, comments), nil
}

// postPageSpec is the page of published post p with its comments. The
// console's preview uses it too, so it shows what visitors get.
func (s *Server) postPageSpec(p domain.BlogPost, comments []wire.Comment) *pageSpec {
	spec := &pageSpec{
		Page:        "blog-post",
		Title:       postTitle(p),
		Description: seo.Truncate(s.searchDescription(p), seo.DescriptionMax),
		Path:        p.Path(),
		OGType:      "article",
		Published:   p.CreatedAt,
		Modified:    seo.LastChange(p),
		JSONLD:      []any{s.blogPostingLD(p)},
		API: map[string]wire.Result{
			postAPIPath(postKey(p)): result(s.postView(p), nil),
			commentsAPIPath(p.ID):   result(comments, nil),
		},
		Cache: true,
	}
	if img := socialImage(p); img != "" {
		spec.Image = s.absoluteURL(img)
	}
	return spec
}

// absoluteURL makes a site path absolute; an absolute URL stays as it is.
func (s *Server) absoluteURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		return u
	}
	return s.baseURL + "/" + strings.TrimPrefix(u, "/")
}

// blogPostingLD is a post page's structured data.
func (s *Server) blogPostingLD(p domain.BlogPost) seo.LD {
	image := ""
	if p.Image != "" {
		image = s.absoluteURL(p.Image)
	}
	ld := s.seo.BlogPosting(p, s.postURL(p), s.postDescription(p), image)
	if a := s.authorLD(p.Author); a != nil {
		ld["author"] = s.seo.Person(*a)
	}
	return ld
}

// Comment form abuse controls, beside the ones it shares with the contact
// form (contact.MinFill, domain.MaxFormElapsed).
const (
	// commentLimit comments per commentWindow are accepted from one client.
	commentLimit  = 5
	commentWindow = 10 * time.Minute
	// commentRepeatWindow is how long the same text from the same client,
	// or on the same post, counts as a repeat (held for review).
	commentRepeatWindow = 24 * time.Hour
	// commentHeldMessage is what the poster of a held comment is told.
	commentHeldMessage = "Your comment is awaiting moderation"
)

// POST /api/blogs/{id}/comments: stores a comment under a published post.
// Suspected spam (honeypot, filled too fast, too many links, shouting, a
// repeat) is stored held for staff review and answered "held"; the rest is
// shown at once, which renders the post's page (and the home page) again.
func (s *Server) apiPostComment(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	p, err := s.publicPost(ctx, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	var req wire.CommentRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	if !domain.ElapsedValid(req.ElapsedMs) {
		return nil, domain.Errorf(domain.EInvalid, "The form could not be read. Please reload the page and try again.")
	}
	c := domain.Comment{BlogID: p.ID, Name: req.Name, Email: req.Email, Website: req.Website, Comment: req.Comment}
	c.Normalize()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	client := httpcore.ClientKey(r)
	now := s.now()
	ok, retry, err := s.store.Allow(ctx, "comment:"+client, commentLimit, commentWindow, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		httpcore.SetRetryAfter(w, retry)
		return nil, domain.Errorf(domain.ETooMany, "You have posted several comments in a short time. Please wait 10 minutes and try again.")
	}
	reason, err := s.commentSpamReason(ctx, req, c, client, now)
	if err != nil {
		return nil, err
	}
	c.Status, c.CreatedAt = domain.CommentVisible, now
	if reason != "" {
		c.Status = domain.CommentHeld
	}
	if err := s.store.CreateComment(ctx, &c); err != nil {
		return nil, err
	}
	httpcore.Logger(r).Info("comment stored", "id", c.ID, "post", p.ID, "status", c.Status, "reason", reason)
	if c.Status != domain.CommentVisible {
		return httpcore.Created{Body: wire.CommentPosted{Status: "held", Message: commentHeldMessage}}, nil
	}
	// The store moved the content version on; look at it now rather than
	// after the version cache's TTL, so this visitor's next page shows the comment.
	s.contentChanged(r.Context())
	view := s.commentView(c)
	return httpcore.Created{Body: wire.CommentPosted{Status: "visible", Comment: &view}}, nil
}

// commentSpamReason says why a valid comment is held for review, or "":
// the honeypot is filled, the form was sent faster than a person types,
// its content looks like spam (domain.CommentSpamReason), or it repeats a
// text the same client sent, or the same post received, within
// commentRepeatWindow.
func (s *Server) commentSpamReason(ctx context.Context, req wire.CommentRequest, c domain.Comment, client string, now time.Time) (string, error) {
	switch {
	case req.Homepage != "":
		return "honeypot", nil
	case req.ElapsedMs == nil || *req.ElapsedMs < contact.MinFill.Milliseconds():
		return "too fast", nil
	}
	if reason := domain.CommentSpamReason(c); reason != "" {
		return reason, nil
	}
	// One event per text and client: the rate limiter remembers it for
	// the window without keeping the text (only a hash of it).
	sum := sha256.Sum256([]byte(strings.ToLower(c.Comment)))
	first, _, err := s.store.Allow(ctx, "comment-text:"+client+":"+hex.EncodeToString(sum[:12]), 1, commentRepeatWindow, now)
	if err != nil {
		return "", err
	}
	if !first {
		return "repeat", nil
	}
	earlier, err := s.store.ListComments(ctx, c.BlogID, false)
	if err != nil {
		return "", err
	}
	for _, e := range earlier {
		if now.Sub(e.CreatedAt) > commentRepeatWindow {
			break // newest first: the rest are older still
		}
		if strings.EqualFold(e.Comment, c.Comment) {
			return "repeat", nil
		}
	}
	return "", nil
}
