package console

// A post's address and search fields in the console: the slug and SEO
// texts come with the post's form; the social image, the picture link
// previews show, is uploaded on its own as the cover is, checked the same
// way (readImage) and made 1200 × 630 by media.EncodeSocial, stored under
// covers/ and served from /covers/ as the covers are.

import (
	"bytes"
	"context"
	"image"
	"net/http"
	"strconv"
	"strings"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/media"
	"corpsite/internal/wire"
)

// applyPostSEO copies the address and search fields in holds onto p,
// trimmed; an absent one stays as stored.
func applyPostSEO(p *domain.BlogPost, in wire.AdminPostInput) {
	if in.Slug != nil {
		p.Slug = strings.TrimSpace(*in.Slug)
	}
	if in.SEOTitle != nil {
		p.SEOTitle = strings.TrimSpace(*in.SEOTitle)
	}
	if in.SEODescription != nil {
		p.SEODescription = strings.TrimSpace(*in.SEODescription)
	}
}

// POST /api/admin/posts/{id}/social-image: multipart form with the image
// in field "image". Replaces the post's social image; the old one's file
// is deleted once the post no longer refers to it.
func (s *Server) adminUploadSocialImage(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	ctx := r.Context()
	p, checked, err := s.postAndImage(r)
	if err != nil {
		return wire.AdminPost{}, err
	}
	defer checked.Remove()
	url, err := s.storeSocialImage(ctx, checked, p.Title)
	if err != nil {
		return wire.AdminPost{}, err
	}
	// The post as it is now (see adminUploadCover).
	if p, err = s.staffPost(ctx, p.ID); err != nil {
		s.deleteSocialImage(r, url)
		return wire.AdminPost{}, err
	}
	old := p.SocialImage
	p.SocialImage, p.UpdatedBy = url, staffName(st)
	if err := s.store.UpdateBlogPostFrom(ctx, &p, p.Status); err != nil {
		s.deleteSocialImage(r, url)
		return wire.AdminPost{}, err
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(ctx)
	}
	s.deleteSocialImage(r, old)
	return s.completePost(ctx, adminPostView(p))
}

// DELETE /api/admin/posts/{id}/social-image: link previews show the
// cover again.
func (s *Server) adminRemoveSocialImage(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	old := p.SocialImage
	p.SocialImage, p.UpdatedBy = "", staffName(st)
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, p.Status); err != nil {
		return wire.AdminPost{}, err
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	s.deleteSocialImage(r, old)
	return s.completePost(r.Context(), adminPostView(p))
}

// storeSocialImage makes the checked image a social image and stores it:
// its URL path.
func (s *Server) storeSocialImage(ctx context.Context, c *docfile.Checked, title string) (string, error) {
	select {
	case resizeSlots <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-resizeSlots }()
	f, err := c.Open()
	if err != nil {
		return "", err
	}
	src, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		return "", err // docfile decoded it a moment ago: our fault
	}
	key := domain.NewBlobKey(CoverFolder, title+" social", s.now(), "") + "-" + strconv.Itoa(media.SocialWidth) + media.JPEG.Ext
	if err := s.blobs.Put(ctx, key, bytes.NewReader(media.EncodeSocial(src)), media.JPEG.ContentType); err != nil {
		return "", err
	}
	return "/" + key, nil
}

// deleteSocialImage removes a replaced or deleted social image's file ("",
// or an image that is not a stored one, is left alone).
func (s *Server) deleteSocialImage(r *http.Request, url string) {
	if url == "" {
		return
	}
	s.deleteCoverKeys(context.WithoutCancel(r.Context()), []domain.ImageVersion{{URL: url}})
}
