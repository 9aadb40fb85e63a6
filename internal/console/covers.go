package console

// Blog cover images: uploaded in the console, checked like applicants'
// images (docfile: JPEG, PNG or WebP, pixel bounds, EXIF orientation applied,
// metadata dropped), scaled and encoded by media in a few widths, each as WebP and JPEG
// (covers stored earlier may have AVIF files too, still served), under covers/ in blob storage and served publicly from /covers/, for
// <picture> with a <source srcset> per format and the JPEG <img> fallback.

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/png" // the checked upload may be a PNG
	"io"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/media"
	"corpsite/internal/wire"
)

// CoverFolder is the blob folder of cover images, the only one served
// publicly (by the site, at /covers/).
const CoverFolder = "covers"

// coverPart is the multipart field that holds the image.
const coverPart = "image"

// coverName is what a cover file may be called under /covers/ (and a
// photo under /photos/): what storeImage writes, nothing else (no dots but the extension's, no slash).
var coverName = regexp.MustCompile(`^[a-z0-9-]{1,80}-[0-9]{1,5}\.(jpg|avif|webp)$`)

// coverLimits are for a cover image upload: the image and its framing.
var coverLimits = httpcore.Limits{MaxBody: 12 << 20, ReadTimeout: 2 * time.Minute}

// errNoBlobs answers a cover upload when the server has no blob storage.
var errNoBlobs = errors.New("server: no blob storage for cover images")

// resizeSlots bounds how many covers are scaled and encoded at once: each
// holds a decoded image of up to docfile.MaxImagePixels, and the encoders
// take a core and a few hundred MB for a few seconds.
var resizeSlots = make(chan struct{}, 1)

// postAndImage reads an upload for post {id} (its cover, its social
// image): the post, and the image sent, checked as a cover is (the caller
// removes it).
func (s *Server) postAndImage(r *http.Request) (domain.BlogPost, *docfile.Checked, error) {
	if s.blobs == nil {
		return domain.BlogPost{}, nil, errNoBlobs
	}
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return domain.BlogPost{}, nil, err
	}
	checked, err := s.readImage(r.Context(), r, docfile.CoverImage)
	return p, checked, err
}

// POST /api/admin/posts/{id}/cover: multipart form with the image in
// field "image". Replaces the post's cover; the old cover's files are
// deleted once the post no longer refers to them.
func (s *Server) adminUploadCover(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	ctx := r.Context()
	p, checked, err := s.postAndImage(r)
	if err != nil {
		return wire.AdminPost{}, err
	}
	defer checked.Remove()
	versions, err := s.storeImage(ctx, checked, CoverFolder, p.Title, media.EncodeCover)
	if err != nil {
		return wire.AdminPost{}, err
	}
	// The upload may have taken minutes: the post as it is now, not as it
	// was when the upload began (an edit or unpublish meanwhile must stay).
	if p, err = s.staffPost(ctx, p.ID); err != nil {
		s.deleteCoverFiles(r, versions)
		return wire.AdminPost{}, err
	}
	old := p.ImageVersions
	p.ImageVersions = versions
	p.Image = versions[len(versions)-1].URL
	p.UpdatedBy = staffName(st)
	if err := s.store.UpdateBlogPostFrom(ctx, &p, p.Status); err != nil {
		s.deleteCoverFiles(r, versions)
		return wire.AdminPost{}, err
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	s.deleteCoverFiles(r, old)
	return s.completePost(r.Context(), adminPostView(p))
}

// DELETE /api/admin/posts/{id}/cover: the post has no cover any more.
func (s *Server) adminRemoveCover(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	old := p.ImageVersions
	p.Image, p.ImageVersions, p.UpdatedBy = "", nil, staffName(st)
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, p.Status); err != nil {
		return wire.AdminPost{}, err
	}
	if p.Status == domain.PostPublished {
		s.site.Changed(r.Context())
	}
	s.deleteCoverFiles(r, old)
	return s.completePost(r.Context(), adminPostView(p))
}

// coverFieldError is a refusal of an image upload (a cover or a picture
// for a post's text), shown at the image field.
func coverFieldError(msg string) *domain.Error {
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{coverPart: msg}}
}

// readImage finds the image part of the multipart body and checks it as
// an image of kind (a cover, a photo or a picture for a post's text: the
// same types and limits).
func (s *Server) readImage(ctx context.Context, r *http.Request, kind docfile.Kind) (*docfile.Checked, error) {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "multipart/form-data" {
		return nil, coverFieldError("Send the image as a file upload (multipart/form-data).")
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, coverFieldError("The upload could not be read. Please try again.")
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, coverFieldError("Choose an image to upload.")
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, coverFieldError("The image is larger than 10 MB. Please upload a smaller file.")
			}
			return nil, coverFieldError("The upload could not be read. Please try again.")
		}
		if part.FormName() != coverPart {
			part.Close()
			continue
		}
		c, err := docfile.Check(ctx, kind, part.FileName(), part, s.tempDir)
		part.Close()
		if err != nil {
			var de *domain.Error
			if errors.As(err, &de) && de.Code == domain.EInvalid {
				return nil, coverFieldError(de.Message)
			}
			return nil, err
		}
		return c, nil
	}
}

// storeImage scales and encodes the checked image with encode (a cover's
// widths, a photo's squares) and stores each version in every format
// under folder, named after name (a post's title, an image's alt text);
// on failure nothing it stored is left. Covers and pictures for posts'
// text are stored alike.
func (s *Server) storeImage(ctx context.Context, c *docfile.Checked, folder, name string, encode func(image.Image, *slog.Logger) media.CoverSet) ([]domain.ImageVersion, error) {
	select {
	case resizeSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-resizeSlots }()
	f, err := c.Open()
	if err != nil {
		return nil, err
	}
	src, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		// docfile decoded it a moment ago: this is our fault.
		return nil, err
	}
	set := encode(src, s.log)
	base := domain.NewBlobKey(folder, name, s.now(), "")
	versions := make([]domain.ImageVersion, len(set.Versions))
	var stored []domain.ImageVersion
	for i, v := range set.Versions {
		name := base + "-" + strconv.Itoa(v.Width)
		versions[i] = domain.ImageVersion{Width: v.Width, Height: v.Height}
		for j, data := range v.Files {
			fm := set.Formats[j]
			key := name + fm.Ext
			if err := s.blobs.Put(ctx, key, bytes.NewReader(data), fm.ContentType); err != nil {
				s.deleteCoverKeys(context.WithoutCancel(ctx), append(stored, versions[i]))
				return nil, err
			}
			switch fm.Ext {
			case ".jpg":
				versions[i].URL = "/" + key
			case ".webp":
				versions[i].WebP = "/" + key
			}
		}
		stored = append(stored, versions[i])
	}
	return versions, nil
}

// CoverKey is the blob key of a cover file's URL, or "" for an image
// that is not an uploaded cover (a demo picture under /media/). The site
// serves a cover only under a name it accepts.
func CoverKey(url string) string { return imageKey(CoverFolder, url) }

// imageKey is the blob key of the URL of an image file stored by
// storeImage under folder, or "" for any other URL.
func imageKey(folder, url string) string {
	name, ok := strings.CutPrefix(url, "/"+folder+"/")
	if !ok || !coverName.MatchString(name) {
		return ""
	}
	return folder + "/" + name
}

// deleteCoverFiles removes the files of a replaced or deleted cover. A
// failure is logged and leaves an unreferenced file behind (no sweeper
// looks under covers/ yet); the post itself is already right.
func (s *Server) deleteCoverFiles(r *http.Request, versions []domain.ImageVersion) {
	s.deleteCoverKeys(context.WithoutCancel(r.Context()), versions)
}

func (s *Server) deleteCoverKeys(ctx context.Context, versions []domain.ImageVersion) {
	if s.blobs == nil {
		return
	}
	for _, v := range versions {
		for _, u := range v.URLs() {
			if key := ImageKey(u); key != "" {
				if err := s.blobs.Delete(ctx, key); err != nil {
					s.log.Error("deleting a cover image", "key", key, "err", err)
				}
			}
		}
	}
}
