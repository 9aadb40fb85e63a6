package server

// Blog cover images: uploaded in the console, checked like applicants'
// images (docfile: JPEG or PNG, pixel bounds, EXIF orientation applied,
// metadata dropped), stored as JPEGs in a few widths under covers/ in
// blob storage and served publicly from /covers/, for <img srcset>.

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/draw"
	"image/jpeg"
	_ "image/png" // the checked upload may be a PNG
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// coverWidths are the widths a cover is stored in, narrowest first: a
// phone, a card on a wide screen and the post's header on a wide or dense
// screen. A narrower upload is stored at its own width, never enlarged.
var coverWidths = []int{480, 960, 1600}

// coverQuality is the JPEG quality of the stored versions.
const coverQuality = 82

// coverFolder is the blob folder of cover images, the only one served
// publicly.
const coverFolder = "covers"

// coverPart is the multipart field that holds the image.
const coverPart = "image"

// coverName is what a cover file may be called under /covers/: what
// coverKey writes, nothing else (no dots but the extension's, no slash).
var coverName = regexp.MustCompile(`^[a-z0-9-]{1,80}-[0-9]{1,5}\.jpg$`)

// coverLimits are for a cover image upload: the image and its framing.
var coverLimits = routeLimits{maxBody: 12 << 20, readTimeout: 2 * time.Minute}

// errNoBlobs answers a cover upload when the server has no blob storage.
var errNoBlobs = errors.New("server: no blob storage for cover images")

// resizeSlots bounds how many covers are scaled at once: each holds a
// decoded image of up to docfile.MaxImagePixels.
var resizeSlots = make(chan struct{}, 1)

// POST /api/admin/posts/{id}/cover: multipart form with the image in
// field "image". Replaces the post's cover; the old cover's files are
// deleted once the post no longer refers to them.
func (s *Server) adminUploadCover(_ http.ResponseWriter, r *http.Request, _ *Staff) (any, error) {
	ctx := r.Context()
	if s.blobs == nil {
		return nil, errNoBlobs
	}
	p, err := s.staffPost(ctx, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	checked, err := s.readCover(ctx, r)
	if err != nil {
		return nil, err
	}
	defer checked.Remove()
	versions, err := s.storeCover(ctx, checked, p.Title)
	if err != nil {
		return nil, err
	}
	// The upload may have taken minutes: the post as it is now, not as it
	// was when the upload began (an edit or unpublish meanwhile must stay).
	if p, err = s.staffPost(ctx, p.ID); err != nil {
		s.deleteCoverFiles(r, versions)
		return nil, err
	}
	old := p.ImageVersions
	p.ImageVersions = versions
	p.Image = versions[len(versions)-1].URL
	if err := s.store.UpdateBlogPostFrom(ctx, &p, p.Status); err != nil {
		s.deleteCoverFiles(r, versions)
		return nil, err
	}
	if p.Status == domain.PostPublished {
		s.versions.invalidate()
	}
	s.deleteCoverFiles(r, old)
	return adminPostView(p), nil
}

// DELETE /api/admin/posts/{id}/cover: the post has no cover any more.
func (s *Server) adminRemoveCover(_ http.ResponseWriter, r *http.Request, _ *Staff) (any, error) {
	p, err := s.staffPost(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	old := p.ImageVersions
	p.Image, p.ImageVersions = "", nil
	if err := s.store.UpdateBlogPostFrom(r.Context(), &p, p.Status); err != nil {
		return nil, err
	}
	if p.Status == domain.PostPublished {
		s.versions.invalidate()
	}
	s.deleteCoverFiles(r, old)
	return adminPostView(p), nil
}

// coverFieldError is a refusal of the upload, shown at the image field.
func coverFieldError(msg string) *domain.Error {
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{coverPart: msg}}
}

// readCover finds the image part of the multipart body and checks it.
func (s *Server) readCover(ctx context.Context, r *http.Request) (*docfile.Checked, error) {
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
		c, err := docfile.Check(ctx, docfile.CoverImage, part.FileName(), part, s.tempDir)
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

// storeCover scales the checked image to coverWidths and stores each as
// a JPEG; on failure nothing it stored is left.
func (s *Server) storeCover(ctx context.Context, c *docfile.Checked, title string) ([]domain.ImageVersion, error) {
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
	encoded, versions := coverVersions(src)
	base := domain.NewBlobKey(coverFolder, title, s.now(), "")
	var stored []domain.ImageVersion
	for i := range versions {
		key := base + "-" + strconv.Itoa(versions[i].Width) + ".jpg"
		versions[i].URL = "/" + key
		if err := s.blobs.Put(ctx, key, bytes.NewReader(encoded[i]), "image/jpeg"); err != nil {
			s.deleteCoverKeys(ctx, stored)
			return nil, err
		}
		stored = append(stored, versions[i])
	}
	return versions, nil
}

// coverVersions scales src to each of coverWidths no wider than src (or
// src's own width when it is narrower than all) and encodes them.
func coverVersions(src image.Image) ([][]byte, []domain.ImageVersion) {
	b := src.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	// JPEG has no transparency: a PNG's transparent parts go on white
	// (copied as they are, they would turn black).
	draw.Draw(rgba, rgba.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(rgba, rgba.Bounds(), src, b.Min, draw.Over)
	var widths []int
	for _, w := range coverWidths {
		if w <= b.Dx() {
			widths = append(widths, w)
		}
	}
	if len(widths) == 0 {
		widths = []int{b.Dx()}
	}
	var (
		out      [][]byte
		versions []domain.ImageVersion
	)
	for _, w := range widths {
		h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
		img := shrink(rgba, w, h)
		var buf bytes.Buffer
		// Encoding to memory cannot fail.
		_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: coverQuality})
		out = append(out, buf.Bytes())
		versions = append(versions, domain.ImageVersion{Width: w, Height: h})
	}
	return out, versions
}

// shrink scales src down to w × h by averaging the source pixels each
// target pixel covers (a box filter: sharp enough for reductions, free of
// the aliasing of picking pixels). w and h are at most src's size.
func shrink(src *image.RGBA, w, h int) *image.RGBA {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	if w == sw && h == sh {
		return src
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := y*sh/h, max((y+1)*sh/h, y*sh/h+1)
		for x := range w {
			x0, x1 := x*sw/w, max((x+1)*sw/w, x*sw/w+1)
			var r, g, bl, a, n uint64
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride+4*x0 : sy*src.Stride+4*x1]
				for i := 0; i < len(row); i += 4 {
					r += uint64(row[i])
					g += uint64(row[i+1])
					bl += uint64(row[i+2])
					a += uint64(row[i+3])
					n++
				}
			}
			d := dst.Pix[y*dst.Stride+4*x:]
			d[0], d[1], d[2], d[3] = uint8(r/n), uint8(g/n), uint8(bl/n), uint8(a/n)
		}
	}
	return dst
}

// coverKeyOf is the blob key of a cover version's URL, or "" for an image
// that is not an uploaded cover (a demo picture under /media/).
func coverKeyOf(url string) string {
	name, ok := strings.CutPrefix(url, "/"+coverFolder+"/")
	if !ok || !coverName.MatchString(name) {
		return ""
	}
	return coverFolder + "/" + name
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
		if key := coverKeyOf(v.URL); key != "" {
			if err := s.blobs.Delete(ctx, key); err != nil {
				s.log.Error("deleting a cover image", "key", key, "err", err)
			}
		}
	}
}

// GET /covers/{name}: a cover image version. Only names a cover is stored
// under are served, from the covers/ folder only; the content never
// changes under a name, so it is cached for a year.
func (s *Server) serveCover(w http.ResponseWriter, r *http.Request) {
	key := coverKeyOf("/" + coverFolder + "/" + r.PathValue("name"))
	if key == "" || s.blobs == nil {
		s.serveNotFound(w, r)
		return
	}
	rc, info, err := s.blobs.Open(r.Context(), key)
	if domain.IsNotFound(err) {
		s.serveNotFound(w, r)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", "image/jpeg")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if info.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = io.Copy(w, rc)
}
