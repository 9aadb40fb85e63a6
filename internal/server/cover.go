package server

// Blog cover images: uploaded in the console, checked like applicants'
// images (docfile: JPEG or PNG, pixel bounds, EXIF orientation applied,
// metadata dropped), stored in a few widths, each as AVIF, WebP and JPEG,
// under covers/ in blob storage and served publicly from /covers/, for
// <picture> with a <source srcset> per format and the JPEG <img> fallback.

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
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// coverWidths are the widths a cover is stored in, narrowest first: a
// phone, a card on a wide screen and the post's header on a wide or dense
// screen. A narrower upload is stored at its own width, never enlarged.
var coverWidths = []int{480, 960, 1600}

// coverQuality is the JPEG quality of the stored versions.
const coverQuality = 82

// Settings of the AVIF and WebP versions. On a 1600 × 900 test picture
// full of detail they measured as good as the JPEG at coverQuality (luma
// PSNR) at about half its bytes; AVIF speed 8 took about 0.7 s for it on
// one core, against 1.6 s at speed 7 for files that were sometimes
// smaller, sometimes larger, and 2.5 s at 6 for little more (see
// BenchmarkCoverVersions).
const (
	coverAVIFQuality = 60 // libavif's 0–100 scale
	coverAVIFSpeed   = 8  // 0 slowest … 10 fastest
	coverWebPQuality = 75 // libwebp's 0–100 scale
	coverWebPMethod  = 4  // 0 fastest … 6 smallest
)

// coverFormat is a file format the cover versions are stored in.
type coverFormat struct {
	ext         string // the file name's extension, dot included
	contentType string
	encode      func(w io.Writer, img *image.RGBA) error
}

// coverJPEG is the format every version is stored in: every browser shows it.
var coverJPEG = coverFormat{".jpg", "image/jpeg", func(w io.Writer, img *image.RGBA) error {
	return jpeg.Encode(w, img, &jpeg.Options{Quality: coverQuality})
}}

// coverModernFormats are stored beside the JPEG when their encoder works,
// best first (the order of the <source> elements). A format whose encoder
// fails for one version is left out of the whole set, so each <source>
// offers every width. A variable so that a test can make one fail.
var coverModernFormats = []coverFormat{
	{".avif", "image/avif", func(w io.Writer, img *image.RGBA) error {
		return avif.Encode(w, img, avif.Options{
			Quality: coverAVIFQuality, QualityAlpha: coverAVIFQuality, Speed: coverAVIFSpeed,
			ChromaSubsampling: image.YCbCrSubsampleRatio420,
		})
	}},
	{".webp", "image/webp", func(w io.Writer, img *image.RGBA) error {
		return webp.Encode(w, img, webp.Options{Quality: coverWebPQuality, Method: coverWebPMethod})
	}},
}

// coverContentTypes maps the extension of a cover file to its type.
var coverContentTypes = map[string]string{
	".jpg":  "image/jpeg",
	".avif": "image/avif",
	".webp": "image/webp",
}

// coverFolder is the blob folder of cover images, the only one served
// publicly.
const coverFolder = "covers"

// coverPart is the multipart field that holds the image.
const coverPart = "image"

// coverName is what a cover file may be called under /covers/: what
// coverKey writes, nothing else (no dots but the extension's, no slash).
var coverName = regexp.MustCompile(`^[a-z0-9-]{1,80}-[0-9]{1,5}\.(jpg|avif|webp)$`)

// coverLimits are for a cover image upload: the image and its framing.
var coverLimits = routeLimits{maxBody: 12 << 20, readTimeout: 2 * time.Minute}

// errNoBlobs answers a cover upload when the server has no blob storage.
var errNoBlobs = errors.New("server: no blob storage for cover images")

// resizeSlots bounds how many covers are scaled and encoded at once: each
// holds a decoded image of up to docfile.MaxImagePixels, and an AVIF
// encoder takes a core and a few hundred MB for a few seconds.
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
		s.contentChanged(r.Context())
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
		s.contentChanged(r.Context())
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

// storeCover scales the checked image to coverWidths and stores each
// version in every format; on failure nothing it stored is left.
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
	set := s.encodeCover(src)
	base := domain.NewBlobKey(coverFolder, title, s.now(), "")
	versions := make([]domain.ImageVersion, len(set.versions))
	var stored []domain.ImageVersion
	for i, v := range set.versions {
		name := base + "-" + strconv.Itoa(v.width)
		versions[i] = domain.ImageVersion{Width: v.width, Height: v.height}
		for j, data := range v.files {
			fm := set.formats[j]
			key := name + fm.ext
			if err := s.blobs.Put(ctx, key, bytes.NewReader(data), fm.contentType); err != nil {
				s.deleteCoverKeys(context.WithoutCancel(ctx), append(stored, versions[i]))
				return nil, err
			}
			switch fm.ext {
			case ".jpg":
				versions[i].URL = "/" + key
			case ".avif":
				versions[i].AVIF = "/" + key
			case ".webp":
				versions[i].WebP = "/" + key
			}
		}
		stored = append(stored, versions[i])
	}
	return versions, nil
}

// coverSet is a cover encoded in every width and format.
type coverSet struct {
	// formats are the formats of each version's files, in order: the
	// JPEG and those of coverModernFormats whose encoder worked.
	formats  []coverFormat
	versions []encodedVersion
}

// encodedVersion is one width of a cover: files[i] is in coverSet.formats[i].
type encodedVersion struct {
	width, height int
	files         [][]byte
}

// encodeCover scales src to each of coverWidths no wider than src (or
// src's own width when it is narrower than all) and encodes each in every
// format. A modern format whose encoder fails is left out and logged:
// the JPEG alone still shows the cover everywhere.
func (s *Server) encodeCover(src image.Image) coverSet {
	scaled := coverScales(src)
	set := coverSet{formats: []coverFormat{coverJPEG}, versions: make([]encodedVersion, len(scaled))}
	for i, img := range scaled {
		var buf bytes.Buffer
		// Encoding to memory cannot fail.
		_ = coverJPEG.encode(&buf, img)
		set.versions[i] = encodedVersion{width: img.Rect.Dx(), height: img.Rect.Dy(), files: [][]byte{buf.Bytes()}}
	}
formats:
	for _, fm := range coverModernFormats {
		files := make([][]byte, len(scaled))
		for i, img := range scaled {
			var buf bytes.Buffer
			start := time.Now()
			if err := fm.encode(&buf, img); err != nil {
				s.log.Error("encoding a cover image; it is stored without this format",
					"type", fm.contentType, "width", img.Rect.Dx(), "err", err)
				continue formats
			}
			s.log.Debug("cover image encoded", "type", fm.contentType, "width", img.Rect.Dx(),
				"bytes", buf.Len(), "duration", time.Since(start))
			files[i] = buf.Bytes()
		}
		set.formats = append(set.formats, fm)
		for i := range set.versions {
			set.versions[i].files = append(set.versions[i].files, files[i])
		}
	}
	return set
}

// coverScales returns src scaled to each of coverWidths no wider than src
// (or src at its own width when it is narrower than all), narrowest
// first, on white: JPEG has no transparency, and every format shows the
// same picture.
func coverScales(src image.Image) []*image.RGBA {
	b := src.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	// A PNG's transparent parts go on white (copied as they are, they
	// would turn black in the JPEG).
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
	out := make([]*image.RGBA, len(widths))
	for i, w := range widths {
		h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
		out[i] = shrink(rgba, w, h)
	}
	return out
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

// coverKeyOf is the blob key of a cover file's URL, or "" for an image
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
		for _, u := range v.URLs() {
			if key := coverKeyOf(u); key != "" {
				if err := s.blobs.Delete(ctx, key); err != nil {
					s.log.Error("deleting a cover image", "key", key, "err", err)
				}
			}
		}
	}
}

// GET /covers/{name}: a cover image file. Only names a cover is stored
// under are served, from the covers/ folder only, with the type their
// extension says (never what the store reports or the bytes suggest); the
// content never changes under a name, so it is cached for a year.
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
	h.Set("Content-Type", coverContentTypes[path.Ext(key)])
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
