package server_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	_ "github.com/gen2brain/webp" // and the WebP one
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"corpsite/internal/blob"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// s3Env puts dummy S3 credentials in the environment and points the
// AWS configuration files where there are none: only the environment may
// supply credentials, never a developer's ~/.aws files or an instance
// role. It does so once for the test binary rather than with t.Setenv, so
// that the cover tests may run in parallel; the values never change and
// no other test of the package reads them.
var s3Env = sync.OnceFunc(func() {
	none := filepath.Join(os.TempDir(), "server-test-no-aws-"+rand.Text()) // never created
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "test-secret-key", "AWS_SESSION_TOKEN": "",
		"AWS_PROFILE": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "", "AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_S3": "",
		"AWS_CONFIG_FILE": filepath.Join(none, "config"), "AWS_SHARED_CREDENTIALS_FILE": filepath.Join(none, "credentials"),
		"AWS_EC2_METADATA_DISABLED": "true",
	} {
		os.Setenv(k, v)
	}
})

// coverStores are the two kinds of blob storage the site runs on: a local
// folder and an S3 bucket (an in-process S3 server).
func coverStores(t *testing.T) map[string]func(t *testing.T) domain.BlobStore {
	return map[string]func(t *testing.T) domain.BlobStore{
		"local": func(t *testing.T) domain.BlobStore {
			s, err := blob.Open(context.Background(), "", filepath.Join(t.TempDir(), "files"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		"s3": func(t *testing.T) domain.BlobStore {
			s3Env()
			backend := s3mem.New()
			if err := backend.CreateBucket("covers-test"); err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server())
			t.Cleanup(srv.Close)
			s, err := blob.Open(context.Background(), fmt.Sprintf("s3://covers-test?endpoint=%s&region=us-east-1", url.QueryEscape(srv.URL)), "")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
	}
}

// coverFile checks that url serves an image of format and size w × h
// with the headers of a public, immutable, sandboxed file.
func coverFile(t *testing.T, f *fixture, url, format string, w, h int) {
	t.Helper()
	res := f.get(t, url)
	want := map[string]string{"jpeg": "image/jpeg", "webp": "image/webp"}[format]
	if res.Status != http.StatusOK || res.Header.Get("Content-Type") != want ||
		res.Header.Get("X-Content-Type-Options") != "nosniff" ||
		res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		res.Header.Get("Content-Security-Policy") != "default-src 'none'; sandbox" ||
		res.Header.Get("Content-Length") != fmt.Sprint(len(res.Body)) {
		t.Errorf("GET %s: %d %v; want 200, %s and the cover headers", url, res.Status, res.Header, want)
		return
	}
	cfg, got, err := image.DecodeConfig(strings.NewReader(res.Body))
	if err != nil || got != format || cfg.Width != w || cfg.Height != h {
		t.Errorf("GET %s: %s %d × %d, %v; want %s %d × %d", url, got, cfg.Width, cfg.Height, err, format, w, h)
	}
}

// coverKeys lists the files under covers/.
func coverKeys(t *testing.T, blobs domain.BlobStore) []string {
	t.Helper()
	keys, err := blobs.List(context.Background(), "covers/")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// An uploaded cover is stored in three widths, each as JPEG and WebP, all served with the right type; replacing it, removing it or
// deleting the post deletes every one of its files. In a local folder
// and in an S3 bucket alike.
func TestAdminCoverUpload(t *testing.T) {
	t.Parallel()
	for name, open := range coverStores(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, blobs, p := coverFixtureWith(t, open(t))
			res := f.uploadCover(t, p.ID, "wide.png", docfiletest.PNGOf(2000, 1000))
			if res.Status != http.StatusOK {
				t.Fatalf("upload: %d %s", res.Status, res.Body)
			}
			got := decodeInto[wire.AdminPost](t, res)
			var widths []int
			for _, v := range got.ImageVersions {
				widths = append(widths, v.Width)
				if v.Height != v.Width/2 {
					t.Errorf("version %d × %d: aspect ratio lost", v.Width, v.Height)
				}
				base := strings.TrimSuffix(v.URL, ".jpg")
				if v.WebP != base+".webp" || v.AVIF != "" {
					t.Errorf("version %+v: want its WebP beside the JPEG, no AVIF", v)
				}
				coverFile(t, f, v.URL, "jpeg", v.Width, v.Height)
				coverFile(t, f, v.WebP, "webp", v.Width, v.Height)
			}
			if !slices.Equal(widths, []int{480, 960, 1600}) {
				t.Fatalf("widths %v, want [480 960 1600]", widths)
			}
			if got.Image != got.ImageVersions[2].URL {
				t.Errorf("image %q, want the widest version's JPEG", got.Image)
			}
			if keys := coverKeys(t, blobs); len(keys) != 6 {
				t.Errorf("blob storage holds %d cover files, want 6: %v", len(keys), keys)
			}
			first := got.ImageVersions

			// A photo with EXIF: turned upright, never enlarged, metadata
			// gone in every format; the old cover's files are all deleted.
			res = f.uploadCover(t, p.ID, "phone.jpg", docfiletest.JPEGWithEXIF(6))
			if res.Status != http.StatusOK {
				t.Fatalf("upload EXIF photo: %d %s", res.Status, res.Body)
			}
			got = decodeInto[wire.AdminPost](t, res)
			if len(got.ImageVersions) != 1 || got.ImageVersions[0].Width != 20 || got.ImageVersions[0].Height != 40 {
				t.Fatalf("EXIF photo versions %+v, want one 20 × 40 (turned, not enlarged)", got.ImageVersions)
			}
			v := got.ImageVersions[0]
			for _, u := range []string{v.URL, v.WebP} {
				body := f.get(t, u).Body
				if strings.Contains(body, docfiletest.GPSLatitudeMarker) || strings.Contains(body, "Exif") {
					t.Errorf("%s keeps the upload's EXIF metadata", u)
				}
			}
			coverFile(t, f, v.WebP, "webp", 20, 40)
			for _, old := range first {
				for _, u := range []string{old.URL, old.WebP} {
					if res := f.get(t, u); res.Status != http.StatusNotFound {
						t.Errorf("old cover %s still served: %d", u, res.Status)
					}
				}
			}
			if keys := coverKeys(t, blobs); len(keys) != 2 {
				t.Errorf("blob storage holds %v, want the new version's two files", keys)
			}

			// A WebP is taken too, and stored as any upload is.
			res = f.uploadCover(t, p.ID, "wide.webp", docfiletest.WebPOf(1000, 500))
			if res.Status != http.StatusOK {
				t.Fatalf("upload WebP: %d %s", res.Status, res.Body)
			}
			got = decodeInto[wire.AdminPost](t, res)
			if n := len(got.ImageVersions); n != 2 || got.ImageVersions[n-1].Width != 960 {
				t.Fatalf("WebP upload versions %+v, want 480 and 960 px", got.ImageVersions)
			}
			coverFile(t, f, got.ImageVersions[1].URL, "jpeg", 960, 480)
			coverFile(t, f, got.ImageVersions[1].WebP, "webp", 960, 480)

			// Removing the cover deletes its files.
			res = f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID+"/cover", nil)
			if res.Status != http.StatusOK || decodeInto[wire.AdminPost](t, res).Image != "" {
				t.Fatalf("remove cover: %d %s", res.Status, res.Body)
			}
			if keys := coverKeys(t, blobs); len(keys) != 0 {
				t.Errorf("the removed cover is still stored: %v", keys)
			}

			// Deleting the post deletes its cover.
			f.uploadCover(t, p.ID, "wide.png", docfiletest.PNGOf(1000, 500))
			if keys := coverKeys(t, blobs); len(keys) != 4 {
				t.Errorf("a 1000-pixel upload left %d files, want 4 (two widths, two formats)", len(keys))
			}
			if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID, nil); res.Status != http.StatusOK {
				t.Fatalf("delete post: %d %s", res.Status, res.Body)
			}
			if keys := coverKeys(t, blobs); len(keys) != 0 {
				t.Errorf("the deleted post's cover is still stored: %v", keys)
			}
		})
	}
}

// The social image: any accepted picture becomes a 1200 × 630 JPEG, served
// like a cover, and is the published post's og:image. A new one replaces
// it (the old file deleted), a file that is no picture changes nothing,
// removing it lets link previews show the cover again, and deleting the
// post deletes its file. In a local folder and in an S3 bucket alike.
func TestAdminSocialImageUpload(t *testing.T) {
	t.Parallel()
	for name, open := range coverStores(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, blobs, p := coverFixtureWith(t, open(t))
			res := f.uploadCover(t, p.ID, "wide.png", docfiletest.PNGOf(1000, 500))
			if res.Status != http.StatusOK {
				t.Fatalf("cover: %d %s", res.Status, res.Body)
			}
			cover := decodeInto[wire.AdminPost](t, res).Image
			if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
				t.Fatalf("publish: %d %s", res.Status, res.Body)
			}
			ogImage := func() string {
				t.Helper()
				page := f.get(t, p.URL)
				m := regexp.MustCompile(`<meta property="og:image" content="([^"]*)">`).FindStringSubmatch(page.Body)
				if page.Status != http.StatusOK || m == nil {
					t.Fatalf("post page: %d, og:image %v", page.Status, m)
				}
				u, err := url.Parse(m[1])
				if err != nil || !u.IsAbs() {
					t.Fatalf("og:image %q is not an absolute URL", m[1])
				}
				return u.Path
			}
			if got := ogImage(); got != cover {
				t.Errorf("og:image without a social image = %q, want the cover %q", got, cover)
			}

			res = f.uploadImage(t, "/api/admin/posts/"+p.ID+"/social-image", "tall.png", docfiletest.PNGOf(900, 1600))
			if res.Status != http.StatusOK {
				t.Fatalf("social image: %d %s", res.Status, res.Body)
			}
			first := decodeInto[wire.AdminPost](t, res).SocialImage
			if first == "" || first == cover {
				t.Fatalf("social image %q (cover %q)", first, cover)
			}
			coverFile(t, f, first, "jpeg", 1200, 630)
			if got := ogImage(); got != first {
				t.Errorf("og:image = %q, want the social image %q", got, first)
			}

			// A file that is no picture is refused and changes nothing.
			res = f.uploadImage(t, "/api/admin/posts/"+p.ID+"/social-image", "notes.png", []byte("not a picture at all"))
			if res.Status < 400 || res.Status >= 500 {
				t.Errorf("a text file as the social image: %d %s, want a 4xx refusal", res.Status, res.Body)
			}
			if got, err := f.store.GetBlogPost(t.Context(), p.ID); err != nil || got.SocialImage != first {
				t.Errorf("after a refused upload the social image is %q, %v; want %q", got.SocialImage, err, first)
			}

			// A new one replaces it: the old file is gone.
			res = f.uploadImage(t, "/api/admin/posts/"+p.ID+"/social-image", "wide.jpg", docfiletest.JPEGWithEXIF(1))
			if res.Status != http.StatusOK {
				t.Fatalf("second social image: %d %s", res.Status, res.Body)
			}
			second := decodeInto[wire.AdminPost](t, res).SocialImage
			coverFile(t, f, second, "jpeg", 1200, 630)
			if res := f.get(t, first); res.Status != http.StatusNotFound {
				t.Errorf("the replaced social image is still served: %d", res.Status)
			}
			if keys := coverKeys(t, blobs); len(keys) != 4+1 {
				t.Errorf("blob storage holds %v, want the cover's four files and one social image", keys)
			}

			// Removed: previews show the cover again.
			res = f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID+"/social-image", nil)
			if res.Status != http.StatusOK || decodeInto[wire.AdminPost](t, res).SocialImage != "" {
				t.Fatalf("remove: %d %s", res.Status, res.Body)
			}
			if got := ogImage(); got != cover {
				t.Errorf("og:image after removing the social image = %q, want the cover %q", got, cover)
			}
			if res := f.get(t, second); res.Status != http.StatusNotFound {
				t.Errorf("the removed social image is still served: %d", res.Status)
			}

			// Deleting the post deletes its social image with its cover.
			if res := f.uploadImage(t, "/api/admin/posts/"+p.ID+"/social-image", "wide.png", docfiletest.PNGOf(1300, 700)); res.Status != http.StatusOK {
				t.Fatalf("third social image: %d %s", res.Status, res.Body)
			}
			if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID, nil); res.Status != http.StatusOK {
				t.Fatalf("delete post: %d %s", res.Status, res.Body)
			}
			if keys := coverKeys(t, blobs); len(keys) != 0 {
				t.Errorf("the deleted post's pictures are still stored: %v", keys)
			}
		})
	}
}

// Only names a cover is stored under are served, and only from covers/:
// a file of another type or name in the folder stays private.
func TestCoverNamesServed(t *testing.T) {
	t.Parallel()
	f, blobs, _ := coverFixture(t)
	ctx := context.Background()
	for _, key := range []string{
		"covers/a-480.png", "covers/a-480.jpeg", "covers/a-480.svg", "covers/a-480.AVIF", "covers/A-480.webp",
		"covers/a.webp", "covers/a-480.webp.html", "resumes/x-1.jpg",
	} {
		if err := blobs.Put(ctx, key, strings.NewReader("<svg onload=alert(1)>"), ""); err != nil {
			t.Fatalf("Put %s: %v", key, err)
		}
		path := "/" + strings.Replace(key, "resumes/", "covers/..%2Fresumes%2F", 1)
		if res := f.get(t, path); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, res.Status)
		}
	}
	for _, path := range []string{"/covers/x-1.jpg", "/covers/x-1.avif", "/covers/x-1.webp"} {
		if res := f.get(t, path); res.Status != http.StatusNotFound {
			t.Errorf("GET %s (not stored): %d, want 404", path, res.Status)
		}
	}
	// The type comes from the name, not from what the store says.
	if err := blobs.Put(ctx, "covers/b-480.webp", strings.NewReader("RIFF"), "text/html"); err != nil {
		t.Fatal(err)
	}
	if res := f.get(t, "/covers/b-480.webp"); res.Status != 200 || res.Header.Get("Content-Type") != "image/webp" {
		t.Errorf("GET /covers/b-480.webp: %d %q, want 200 image/webp", res.Status, res.Header.Get("Content-Type"))
	}
}

// failingPuts is blob storage whose Puts fail from the nth on.
type failingPuts struct {
	domain.BlobStore
	n     int32
	calls atomic.Int32
}

func (s *failingPuts) Put(ctx context.Context, key string, r io.Reader, contentType string) error {
	if s.calls.Add(1) >= s.n {
		return errors.New("disk full")
	}
	return s.BlobStore.Put(ctx, key, r, contentType)
}

// An upload whose storing fails half-way leaves no file behind and the
// post as it was.
func TestAdminCoverUploadFailingStorageLeavesNothing(t *testing.T) {
	t.Parallel()
	for _, n := range []int32{1, 2, 4} { // the first JPEG, its WebP, the second width's WebP
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			local := coverStores(t)["local"](t)
			blobs := &failingPuts{BlobStore: local, n: n}
			f, _, p := coverFixtureWith(t, blobs)
			if res := f.uploadCover(t, p.ID, "wide.png", docfiletest.PNGOf(1000, 500)); res.Status < 500 {
				t.Fatalf("upload with failing storage: %d %s; want a server error", res.Status, res.Body)
			}
			if keys := coverKeys(t, local); len(keys) != 0 {
				t.Errorf("left behind: %v", keys)
			}
			if got, _ := f.store.GetBlogPost(context.Background(), p.ID); got.Image != "" || len(got.ImageVersions) != 0 {
				t.Errorf("the post changed: %q %+v", got.Image, got.ImageVersions)
			}
		})
	}
}

var (
	pictureRE = regexp.MustCompile(`(?s)<picture[^>]*>.*?</picture>`)
	sourceRE  = regexp.MustCompile(`<source [^>]*>`)
	imgRE     = regexp.MustCompile(`<img[^>]*>`)
)

// attr returns the value of attribute name in tag, and whether it is there.
func attr(tag, name string) (string, bool) {
	m := regexp.MustCompile(`(?i)\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// A published post's cover is a <picture>: WebP, then the JPEG <img>,
// every one with all widths and the same sizes; the first on the list and
// the post's own is never lazy. The API says the same.
func TestPublicBlogCoverPicture(t *testing.T) {
	t.Parallel()
	f, _, p := coverFixture(t)
	f.uploadCover(t, p.ID, "wide.png", docfiletest.PNGOf(2000, 1000))
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != 200 {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{"/blog", p.URL} {
		// The newest post's cover is the first image: the largest paint, never lazy.
		picture := pictureRE.FindString(f.get(t, path).Body)
		sources := sourceRE.FindAllString(picture, -1)
		img := imgRE.FindString(picture)
		if len(sources) != 1 || img == "" {
			t.Errorf("%s: first picture %q, want one source and an img", path, picture)
			continue
		}
		sizes, _ := attr(img, "sizes")
		for i, typ := range []string{"image/webp"} {
			ext := strings.TrimPrefix(typ, "image/")
			gotType, _ := attr(sources[i], "type")
			srcset, _ := attr(sources[i], "srcset")
			gotSizes, _ := attr(sources[i], "sizes")
			if gotType != typ || !regexp.MustCompile(`^/covers/\S+-480\.`+ext+` 480w, \S+-960\.`+ext+` 960w, \S+-1600\.`+ext+` 1600w$`).MatchString(srcset) ||
				gotSizes != sizes || sizes == "" {
				t.Errorf("%s: source %d is %s; want %s in every width, sizes %q", path, i, sources[i], typ, sizes)
			}
		}
		src, _ := attr(img, "src")
		srcset, _ := attr(img, "srcset")
		alt, _ := attr(img, "alt")
		_, lazy := attr(img, "loading")
		_, w := attr(img, "width")
		_, h := attr(img, "height")
		if !strings.HasSuffix(src, "-1600.jpg") || !strings.Contains(srcset, "-960.jpg 960w") || alt != "A wide harbour at dusk." || lazy || !w || !h {
			t.Errorf("%s: img %s; want the JPEG with srcset, alt, width and height, not lazy", path, img)
		}
		if fp, _ := attr(img, "fetchpriority"); strings.HasPrefix(path, "/blog/") && fp != "high" {
			t.Errorf("%s: the post's cover %s is not asked for first", path, img)
		}
	}
	var post wire.BlogPost
	if err := json.Unmarshal([]byte(f.get(t, "/api/blogs/"+p.ID).Body), &post); err != nil {
		t.Fatal(err)
	}
	if len(post.ImageSources) != 1 || post.ImageSources[0].Type != "image/webp" {
		t.Errorf("API imageSources %+v, want WebP", post.ImageSources)
	}
}

// A cover stored while AVIF versions were made keeps them: its page offers
// the AVIF first, the files are served as image/avif, and they are deleted
// with the cover.
func TestPublicBlogCoverWithAVIFFiles(t *testing.T) {
	f, blobs, p := coverFixture(t)
	ctx := context.Background()
	post, err := f.store.GetBlogPost(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	post.ImageVersions = nil
	for _, w := range []int{480, 960} {
		base := fmt.Sprintf("covers/avif-era-%d", w)
		files := map[string]string{".jpg": string(docfiletest.JPEGOf(w, w/2)), ".avif": "AVIF bytes", ".webp": "WebP bytes"}
		for ext, body := range files {
			if err := blobs.Put(ctx, base+ext, strings.NewReader(body), ""); err != nil {
				t.Fatal(err)
			}
		}
		post.ImageVersions = append(post.ImageVersions, domain.ImageVersion{URL: "/" + base + ".jpg", Width: w, Height: w / 2,
			AVIF: "/" + base + ".avif", WebP: "/" + base + ".webp"})
	}
	post.Image = post.ImageVersions[1].URL
	if err := f.store.UpdateBlogPostFrom(ctx, &post, post.Status); err != nil {
		t.Fatal(err)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != 200 {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	sources := sourceRE.FindAllString(pictureRE.FindString(f.get(t, p.URL).Body), -1)
	if len(sources) != 2 {
		t.Fatalf("sources %q, want AVIF and WebP", sources)
	}
	if typ, _ := attr(sources[0], "type"); typ != "image/avif" {
		t.Errorf("first source %s, want the AVIF", sources[0])
	}
	if res := f.get(t, "/covers/avif-era-960.avif"); res.Status != 200 || res.Header.Get("Content-Type") != "image/avif" {
		t.Errorf("GET an AVIF file of the cover: %d %q, want 200 image/avif", res.Status, res.Header.Get("Content-Type"))
	}
	if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID+"/cover", nil); res.Status != 200 {
		t.Fatalf("remove cover: %d %s", res.Status, res.Body)
	}
	if keys := coverKeys(t, blobs); len(keys) != 0 {
		t.Errorf("the cover's files are still stored: %v", keys)
	}
}

// A cover stored before AVIF and WebP were made (JPEG versions only)
// still shows, as a plain <img srcset>, and its files are deleted with it.
func TestPublicBlogOldJPEGCover(t *testing.T) {
	t.Parallel()
	f, blobs, p := coverFixture(t)
	ctx := context.Background()
	post, err := f.store.GetBlogPost(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	post.ImageVersions = nil
	for _, w := range []int{480, 960} {
		key := fmt.Sprintf("covers/old-cover-%d.jpg", w)
		if err := blobs.Put(ctx, key, strings.NewReader(string(docfiletest.JPEGOf(w, w/2))), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		post.ImageVersions = append(post.ImageVersions, domain.ImageVersion{URL: "/" + key, Width: w, Height: w / 2})
	}
	post.Image = post.ImageVersions[1].URL
	if err := f.store.UpdateBlogPostFrom(ctx, &post, post.Status); err != nil {
		t.Fatal(err)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != 200 {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	page := f.get(t, p.URL).Body
	if strings.Contains(page, "<picture") || strings.Contains(page, "<source") {
		t.Errorf("a JPEG-only cover is shown in a <picture>: %s", pictureRE.FindString(page))
	}
	img := imgRE.FindString(page)
	if srcset, _ := attr(img, "srcset"); srcset != "/covers/old-cover-480.jpg 480w, /covers/old-cover-960.jpg 960w" {
		t.Errorf("img %s; want the JPEG srcset", img)
	}
	coverFile(t, f, "/covers/old-cover-960.jpg", "jpeg", 960, 480)
	if body := f.get(t, "/api/blogs/"+p.ID).Body; strings.Contains(body, "imageSources") {
		t.Errorf("API answer has imageSources for a JPEG-only cover: %s", body)
	}
	if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID+"/cover", nil); res.Status != 200 {
		t.Fatalf("remove cover: %d %s", res.Status, res.Body)
	}
	if keys := coverKeys(t, blobs); len(keys) != 0 {
		t.Errorf("the old cover's files are still stored: %v", keys)
	}
}
