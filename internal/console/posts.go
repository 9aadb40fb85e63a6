package console

// Editing blog posts in the staff console: list, create, edit, preview,
// publish, unpublish, delete and the cover image. Content is sanitised by
// the store on every write; publishing, unpublishing and deleting are
// audited.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/sanitize"
	"corpsite/internal/wire"
)

// adminPostPageSize is how many posts one page of the console's list holds.
const adminPostPageSize = 20

// blogPagePath is the path of the public list of posts; a post's page is
// under it.
const blogPagePath = "/blog"

var errPostNotFound = domain.Errorf(domain.ENotFound, "Blog post not found.")

// postAdminRoutes are the staff API routes of blog posts.
func (s *Server) postAdminRoutes() []adminRoute {
	return append([]adminRoute{
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
		call(http.MethodPost, "/posts/{id}/social-image", editors, s.adminUploadSocialImage).multipart().limited(&coverLimits),
		call(http.MethodDelete, "/posts/{id}/social-image", editors, s.adminRemoveSocialImage),
		call(http.MethodPost, "/post-images", editors, s.adminUploadPostImage).multipart().limited(&coverLimits),
		get("/posts/{id}/revisions", editors, s.adminPostRevisions),
		get("/posts/{id}/revisions/{version}", editors, s.adminPostRevision),
		send(http.MethodPost, "/posts/{id}/revisions/{version}/restore", editors, s.adminRestorePost),
	}, s.postScheduleRoutes()...)
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
	return out, s.listSchedules(ctx, out.Posts)
}

// GET /api/admin/posts/{id}
func (s *Server) adminPost(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	return s.completePost(r.Context(), adminPostView(p))
}

// POST /api/admin/posts: a new draft.
func (s *Server) adminCreatePost(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminPostInput) (created[wire.AdminPost], error) {
	p := domain.BlogPost{Status: domain.PostDraft, UpdatedBy: staffName(st)}
	applyPostInput(&p, in)
	if err := editing.CheckPost(p, false); err != nil {
		return created[wire.AdminPost]{}, err
	}
	if err := s.postAuthor(r.Context(), st, &p, true, in); err != nil {
		return created[wire.AdminPost]{}, err
	}
	if err := s.store.CreateBlogPost(r.Context(), &p); err != nil {
		return created[wire.AdminPost]{}, err
	}
	return created[wire.AdminPost]{adminPostView(p)}, nil
}

// PUT /api/admin/posts/{id}: replaces title, description and content; the
// status and cover stay. A published post must stay complete. A save
// based on an older version than the stored one is a conflict (409) with
// the stored version.
func (s *Server) adminUpdatePost(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminPostInput) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if err := editing.CheckPostBase(p, in.BaseVersion); err != nil {
		return wire.AdminPost{}, s.postConflict(err)
	}
	applyPostInput(&p, in)
	complete, err := s.postComplete(r.Context(), p)
	if err != nil {
		return wire.AdminPost{}, err
	}
	if err := editing.CheckPost(p, complete); err != nil {
		return wire.AdminPost{}, err
	}
	if err := s.postAuthor(r.Context(), st, &p, false, in); err != nil {
		return wire.AdminPost{}, err
	}
	if err := editing.SavePost(r.Context(), s.store, &p, in.BaseVersion, staffName(st)); err != nil {
		return wire.AdminPost{}, s.postConflict(err)
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	return s.completePost(r.Context(), adminPostView(p))
}

// POST /api/admin/posts/{id}/publish
func (s *Server) adminPublishPost(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if err := editing.CheckPost(p, true); err != nil {
		return wire.AdminPost{}, err
	}
	from := p.Status
	p.Status, p.UpdatedBy = domain.PostPublished, staffName(st)
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, from); err != nil {
		return wire.AdminPost{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditPostPublished, "post "+p.ID, p.Title, "")
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
	p.Status, p.UpdatedBy = domain.PostDraft, staffName(st)
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, domain.PostPublished); err != nil {
		return wire.AdminPost{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditPostUnpublish, "post "+p.ID, p.Title, "")
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
	_ = s.auditAbout(r, st, domain.AuditPostDeleted, "post "+p.ID, p.Title, string(p.Status))
	s.deleteCoverFiles(r, p.ImageVersions)
	s.deleteSocialImage(r, p.SocialImage)
	return wire.Deleted{Deleted: true}, nil
}

// POST /api/admin/posts/preview?id=ID: the post's page as visitors would
// see it with the editor's unsaved fields (and, given the saved post's id,
// its cover, date and comments).
func (s *Server) adminPreviewPost(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminPostInput) (wire.PagePreview, error) {
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
	if err := s.previewAuthor(ctx, st, &p, r.URL.Query().Get("id") == "", in); err != nil {
		return wire.PagePreview{}, err
	}
	p.Status = domain.PostPublished
	p.Content = sanitize.PostHTML(p.Content) // as the store would keep it
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

// imageVersionsView is versions as the console shows them; never nil.
func imageVersionsView(versions []domain.ImageVersion) []wire.ImageVersion {
	out := make([]wire.ImageVersion, len(versions))
	for i, v := range versions {
		out[i] = wire.ImageVersion{URL: v.URL, Width: v.Width, Height: v.Height, AVIF: v.AVIF, WebP: v.WebP}
	}
	return out
}

// adminPostView is p as the console edits it.
func adminPostView(p domain.BlogPost) wire.AdminPost {
	versions := imageVersionsView(p.ImageVersions)
	return wire.AdminPost{
		ID: p.ID, Title: p.Title, Description: p.Description, Content: p.Content,
		Status: string(p.Status), Image: p.Image, ImageAlt: p.ImageAlt, ImageVersions: versions,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, URL: p.Path(),
		Tags:    p.Tags,
		Version: p.Version, UpdatedBy: p.UpdatedBy, AuthorID: p.AuthorID,
		Slug: p.Slug, SEOTitle: p.SEOTitle, SEODescription: p.SEODescription, SocialImage: p.SocialImage,
		EarlierSlugs: []string{}, // completePost fills them in
	}
}

// applyPostInput copies in onto p, trimmed.
func applyPostInput(p *domain.BlogPost, in wire.AdminPostInput) {
	p.Title = strings.TrimSpace(in.Title)
	p.Description = strings.TrimSpace(in.Description)
	p.Content = in.Content
	if in.Tags != nil {
		p.Tags = domain.NormalizeTags(*in.Tags)
	}
	p.ImageAlt = strings.TrimSpace(in.ImageAlt)
	applyPostSEO(p, in)
}

// postConflict is err, when a save's *editing.Conflict, with the stored
// post for the editor to compare (the time in the site's zone).
func (s *Server) postConflict(err error) error {
	var c *editing.Conflict
	if !errors.As(err, &c) || c.Post == nil {
		return err
	}
	c.Zone = s.zone
	v := adminPostView(*c.Post)
	return &editConflict{c, wire.EditConflict{ChangedBy: c.By, ChangedAt: c.At, BaseVersion: c.Base, Version: c.Current, Post: &v}}
}

// GET /api/admin/posts/{id}/revisions
func (s *Server) adminPostRevisions(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminRevisionList, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminRevisionList{}, err
	}
	revs, err := s.store.PostRevisions(r.Context(), p.ID)
	if err != nil {
		return wire.AdminRevisionList{}, err
	}
	out := wire.AdminRevisionList{Revisions: make([]wire.AdminRevision, 0, len(revs))}
	for _, v := range revs {
		out.Revisions = append(out.Revisions, wire.AdminRevision{Version: v.Version, SavedAt: v.SavedAt, SavedBy: v.SavedBy, Status: string(v.Post.Status)})
	}
	return out, nil
}

// GET /api/admin/posts/{id}/revisions/{version}: the post as that version
// stored it.
func (s *Server) adminPostRevision(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminPost, error) {
	rev, err := s.postRevision(r)
	if err != nil {
		return wire.AdminPost{}, err
	}
	return adminPostView(*rev.Post), nil
}

// POST /api/admin/posts/{id}/revisions/{version}/restore: saves the
// revision's title, description and content again as a new version (the
// status and cover stay), based on in.BaseVersion as a save is; audited.
func (s *Server) adminRestorePost(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.RestoreInput) (wire.AdminPost, error) {
	rev, err := s.postRevision(r)
	if err != nil {
		return wire.AdminPost{}, err
	}
	id := r.PathValue("id")
	scheduled, err := s.store.PostSchedules(r.Context(), []string{id})
	if err != nil {
		return wire.AdminPost{}, err
	}
	p, err := editing.RestorePost(r.Context(), s.store, id, rev.Version, in.BaseVersion, staffName(st), len(scheduled) > 0)
	if err != nil {
		return wire.AdminPost{}, s.postConflict(err)
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	_ = s.auditAbout(r, st, domain.AuditPostRestored, "post "+p.ID, p.Title, fmt.Sprintf("version %d", rev.Version))
	return s.completePost(r.Context(), adminPostView(p))
}

// postRevision loads the revision named in r's path: ENotFound for an
// unknown post or version.
func (s *Server) postRevision(r *http.Request) (domain.Revision, error) {
	id := r.PathValue("id")
	version, err := strconv.Atoi(r.PathValue("version"))
	if !domain.ValidID(id) || err != nil || version < 1 {
		return domain.Revision{}, errRevisionNotFound
	}
	rev, err := s.store.PostRevision(r.Context(), id, version)
	if domain.IsNotFound(err) {
		return domain.Revision{}, errRevisionNotFound
	}
	return rev, err
}
