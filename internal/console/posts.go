package console

// Editing blog posts in the staff console: list, create, edit, preview,
// publish, unpublish, delete and the cover image. Content is sanitised by
// the store on every write; publishing, unpublishing and deleting are
// audited.

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
	"corpsite/internal/wire"
)

// Limits of a post's fields, in characters, and of the console's list.
const (
	postTitleMax       = 150
	postDescriptionMax = 300
	postContentMax     = 200_000
	adminPostPageSize  = 20
)

// blogPagePath is the path of the public list of posts; a post's page is
// under it.
const blogPagePath = "/blog"

var errPostNotFound = domain.Errorf(domain.ENotFound, "Blog post not found.")

// Field messages of the post form.
const (
	msgPostTitleRequired   = "Enter the title."
	msgPostTitleLong       = "Title must be at most 150 characters."
	msgPostDescriptionLong = "Description must be at most 300 characters."
	msgPostContentRequired = "Write the post: at least one section, starting with a heading (Heading 2)."
	msgPostContentSections = "Start each section with a heading (Heading 2). The post is shown one section at a time, and each section's heading is its title."
	msgPostContentEmptyH2  = "Every section heading (Heading 2) needs words."
	msgPostContentLong     = "The post is too long (at most 200,000 characters)."
)

// postAdminRoutes are the staff API routes of blog posts.
func (s *Server) postAdminRoutes() []adminRoute {
	return []adminRoute{
		get("/posts", editors, s.adminPosts),
		send(http.MethodPost, "/posts", editors, s.adminCreatePost).limited(&editorLimits),
		send(http.MethodPost, "/posts/preview", editors, s.adminPreviewPost).limited(&editorLimits),
		get("/posts/{id}", editors, s.adminPost),
		send(http.MethodPut, "/posts/{id}", editors, s.adminUpdatePost).limited(&editorLimits),
		call(http.MethodPost, "/posts/{id}/publish", editors, s.adminPublishPost),
		call(http.MethodPost, "/posts/{id}/unpublish", editors, s.adminUnpublishPost),
		call(http.MethodDelete, "/posts/{id}", editors, s.adminDeletePost),
		call(http.MethodPost, "/posts/{id}/cover", editors, s.adminUploadCover).multipart().limited(&coverLimits),
		call(http.MethodDelete, "/posts/{id}/cover", editors, s.adminRemoveCover),
	}
}

// GET /api/admin/posts?page=N: a page of posts of every status.
func (s *Server) adminPosts(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminPostList, error) {
	page, err := staffPage(r.URL.Query().Get("page"))
	if err != nil {
		return wire.AdminPostList{}, err
	}
	ctx := r.Context()
	total, err := s.store.CountBlogPosts(ctx, domain.BlogFilter{})
	if err != nil {
		return wire.AdminPostList{}, err
	}
	pages := max(1, (total+adminPostPageSize-1)/adminPostPageSize)
	if page > pages {
		return wire.AdminPostList{}, errPageNotFound
	}
	posts, err := s.store.ListBlogPosts(ctx, domain.BlogFilter{Limit: adminPostPageSize, Offset: (page - 1) * adminPostPageSize})
	if err != nil {
		return wire.AdminPostList{}, err
	}
	out := wire.AdminPostList{Posts: make([]wire.AdminPostSummary, 0, len(posts)), Page: page, Pages: pages, Total: total}
	for _, p := range posts {
		out.Posts = append(out.Posts, wire.AdminPostSummary{
			ID: p.ID, Title: p.Title, Status: string(p.Status), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
		})
	}
	return out, nil
}

// GET /api/admin/posts/{id}
func (s *Server) adminPost(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	return adminPostView(p), nil
}

// POST /api/admin/posts: a new draft.
func (s *Server) adminCreatePost(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminPostInput) (created[wire.AdminPost], error) {
	p := domain.BlogPost{Status: domain.PostDraft}
	applyPostInput(&p, in)
	if err := validatePost(p, false); err != nil {
		return created[wire.AdminPost]{}, err
	}
	if err := s.store.CreateBlogPost(r.Context(), &p); err != nil {
		return created[wire.AdminPost]{}, err
	}
	return created[wire.AdminPost]{adminPostView(p)}, nil
}

// PUT /api/admin/posts/{id}: replaces title, description and content; the
// status and cover stay. A published post must stay complete.
func (s *Server) adminUpdatePost(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminPostInput) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	applyPostInput(&p, in)
	if err := validatePost(p, p.Status == domain.PostPublished); err != nil {
		return wire.AdminPost{}, err
	}
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, p.Status); err != nil {
		return wire.AdminPost{}, err
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	return adminPostView(p), nil
}

// POST /api/admin/posts/{id}/publish
func (s *Server) adminPublishPost(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if err := validatePost(p, true); err != nil {
		if e, ok := err.(*domain.Error); ok {
			e.Message = "The post cannot be published until the highlighted fields are complete."
		}
		return wire.AdminPost{}, err
	}
	from := p.Status
	p.Status = domain.PostPublished
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, from); err != nil {
		return wire.AdminPost{}, err
	}
	s.site.Changed(r.Context())
	_ = s.audit(r, st, domain.AuditPostPublished, "post "+p.ID, "")
	return adminPostView(p), nil
}

// POST /api/admin/posts/{id}/unpublish: back to a draft, off the site.
func (s *Server) adminUnpublishPost(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if p.Status != domain.PostPublished {
		return wire.AdminPost{}, domain.Errorf(domain.EConflict, "The post is not published.")
	}
	p.Status = domain.PostDraft
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, domain.PostPublished); err != nil {
		return wire.AdminPost{}, err
	}
	s.site.Changed(r.Context())
	_ = s.audit(r, st, domain.AuditPostUnpublish, "post "+p.ID, "")
	return adminPostView(p), nil
}

// DELETE /api/admin/posts/{id}: removes the post, its comments and its
// cover's files.
func (s *Server) adminDeletePost(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.Deleted, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.Deleted{}, err
	}
	if err := s.store.DeleteBlogPost(r.Context(), p.ID); err != nil {
		return wire.Deleted{}, err
	}
	s.site.Changed(r.Context())
	_ = s.audit(r, st, domain.AuditPostDeleted, "post "+p.ID, string(p.Status))
	s.deleteCoverFiles(r, p.ImageVersions)
	return wire.Deleted{Deleted: true}, nil
}

// POST /api/admin/posts/preview?id=ID: the post's page as visitors would
// see it with the editor's unsaved fields (and, given the saved post's id,
// its cover, date and comments).
func (s *Server) adminPreviewPost(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminPostInput) (wire.PagePreview, error) {
	ctx := r.Context()
	p := domain.BlogPost{ID: "preview", CreatedAt: s.now(), UpdatedAt: s.now()}
	comments := []wire.Comment{}
	if id := r.URL.Query().Get("id"); id != "" {
		saved, err := s.staffPost(ctx, id)
		if err != nil {
			return wire.PagePreview{}, err
		}
		p = saved
		if comments, err = s.site.Comments(ctx, p.ID); err != nil {
			return wire.PagePreview{}, err
		}
	}
	applyPostInput(&p, in)
	p.Status = domain.PostPublished
	p.Content = sanitize.HTML(p.Content) // as the store would keep it
	html, err := s.site.PreviewPost(ctx, p, comments)
	if err != nil {
		return wire.PagePreview{}, err
	}
	return wire.PagePreview{HTML: html, Check: []wire.CheckItem{}}, nil
}

// staffPost loads post id for the console: ENotFound for an unknown one.
func (s *Server) staffPost(ctx context.Context, id string) (domain.BlogPost, error) {
	if !domain.ValidID(id) {
		return domain.BlogPost{}, errPostNotFound
	}
	p, err := s.store.GetBlogPost(ctx, id)
	if domain.IsNotFound(err) {
		return domain.BlogPost{}, errPostNotFound
	}
	return p, err
}

// adminPostView is p as the console edits it.
func adminPostView(p domain.BlogPost) wire.AdminPost {
	versions := make([]wire.ImageVersion, len(p.ImageVersions))
	for i, v := range p.ImageVersions {
		versions[i] = wire.ImageVersion{URL: v.URL, Width: v.Width, Height: v.Height, AVIF: v.AVIF, WebP: v.WebP}
	}
	return wire.AdminPost{
		ID: p.ID, Title: p.Title, Description: p.Description, Content: p.Content,
		Status: string(p.Status), Image: p.Image, ImageVersions: versions,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, URL: blogPagePath + "/" + p.ID,
	}
}

// applyPostInput copies in onto p, trimmed.
func applyPostInput(p *domain.BlogPost, in wire.AdminPostInput) {
	p.Title = strings.TrimSpace(in.Title)
	p.Description = strings.TrimSpace(in.Description)
	p.Content = in.Content
}

// validatePost checks p's fields. complete (publishing, or editing a
// published post) also asks for content made of sections that each start
// with an <h2>: the post page shows one section at a time.
func validatePost(p domain.BlogPost, complete bool) error {
	f := map[string]string{}
	switch {
	case p.Title == "":
		f["title"] = msgPostTitleRequired
	case utf8.RuneCountInString(p.Title) > postTitleMax:
		f["title"] = msgPostTitleLong
	case strings.ContainsFunc(p.Title, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		f["title"] = msgSingleLine
	}
	if utf8.RuneCountInString(p.Description) > postDescriptionMax {
		f["description"] = msgPostDescriptionLong
	}
	if utf8.RuneCountInString(p.Content) > postContentMax {
		f["content"] = msgPostContentLong
	} else if complete {
		if msg := sectionProblem(sanitize.HTML(p.Content)); msg != "" {
			f["content"] = msg
		}
	}
	if len(f) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: f}
}

// sectionProblem says what keeps sanitised content from splitting into
// slides that each have a heading (see blogSlides), or "".
func sectionProblem(content string) string {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, _ := html.ParseFragment(strings.NewReader(content), body)
	first, headings := true, 0
	for _, n := range nodes {
		if n.Type == html.TextNode && strings.TrimSpace(n.Data) == "" || n.Type == html.CommentNode {
			continue
		}
		isH2 := n.Type == html.ElementNode && n.DataAtom == atom.H2
		if first && !isH2 {
			return msgPostContentSections
		}
		first = false
		if isH2 {
			if sanitize.Text(n) == "" {
				return msgPostContentEmptyH2
			}
			headings++
		}
	}
	if headings == 0 {
		return msgPostContentRequired
	}
	return ""
}
