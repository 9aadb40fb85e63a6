package server_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/sanitize"
	"corpsite/internal/wire"
)

// uploadPostImage posts data as the image of a post's text.
func (f *fixture) uploadPostImage(t *testing.T, name string, data []byte) response {
	t.Helper()
	return f.uploadImage(t, "/api/admin/post-images", name, data)
}

// A picture for a post's text is re-encoded as a cover is: three widths,
// JPEG and WebP each, its metadata gone, served from /covers/; the answer
// names the src the sanitiser keeps. No post is needed (a new post's
// editor uploads before the first save).
func TestAdminPostImageUpload(t *testing.T) {
	t.Parallel()
	f, blobs, _ := coverFixture(t)
	before := len(coverKeys(t, blobs))
	res := f.uploadPostImage(t, "wide.png", docfiletest.PNGOf(2000, 1000))
	if res.Status != http.StatusOK {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	img := decodeInto[wire.PostImage](t, res)
	if !sanitize.ImageSrc.MatchString(img.Src) || img.Width != 1600 || img.Height != 800 || len(img.Versions) != 3 ||
		img.Versions[2].URL != img.Src {
		t.Fatalf("answer %+v; want the 1600 px JPEG as src and three versions", img)
	}
	for i, w := range []int{480, 960, 1600} {
		v := img.Versions[i]
		if v.Width != w || v.WebP == "" {
			t.Errorf("version %d: %+v, want %d px with WebP", i, v, w)
		}
		coverFile(t, f, v.URL, "jpeg", w, w/2)
		coverFile(t, f, v.WebP, "webp", w, w/2)
	}
	if got := len(coverKeys(t, blobs)) - before; got != 6 {
		t.Errorf("%d files stored, want 6", got)
	}

	// A phone's photo loses its EXIF (and the GPS position in it).
	res = f.uploadPostImage(t, "phone.jpg", docfiletest.JPEGWithEXIF(6))
	if res.Status != http.StatusOK {
		t.Fatalf("upload of a photo: %d %s", res.Status, res.Body)
	}
	photo := decodeInto[wire.PostImage](t, res)
	for _, v := range photo.Versions {
		for _, u := range []string{v.URL, v.WebP} {
			if body := f.get(t, u).Body; strings.Contains(body, docfiletest.GPSLatitudeMarker) || strings.Contains(body, "Exif") {
				t.Errorf("%s keeps the photo's metadata", u)
			}
		}
	}
}

// Anything but a JPEG, PNG or WebP image, and an image over 10 MB, is refused
// at the image field, and nothing is stored.
func TestAdminPostImageRefused(t *testing.T) {
	t.Parallel()
	f, blobs, _ := coverFixture(t)
	huge := append(docfiletest.PNGOf(10, 10), make([]byte, 11<<20)...)
	tooBig := append(docfiletest.PNGOf(10, 10), make([]byte, 13<<20)...)
	for name, data := range map[string][]byte{
		"notes.txt":    []byte("hello"),
		"fake.jpg":     []byte("<html><script>alert(1)</script></html>"),
		"scan.pdf":     docfiletest.GoodPDF(),
		"broken.png":   docfiletest.PNGOf(10, 10)[:40],
		"renamed.png":  docfiletest.JPEGOf(10, 10),
		"picture.gif":  []byte("GIF89a"),
		"huge.png":     huge,
		"too-big.png":  tooBig,
		"vector.svg":   []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
		"no-name.jpeg": {},
	} {
		res := f.uploadPostImage(t, name, data)
		if res.Status < 400 || res.Status >= 500 {
			t.Errorf("%s: %d, want a refusal", name, res.Status)
			continue
		}
		if msg := errorFields(t, res)["image"]; msg == "" {
			t.Errorf("%s: no message at the image field: %s", name, res.Body)
		}
	}
	if keys := coverKeys(t, blobs); len(keys) != 0 {
		t.Errorf("stored after refusals: %v", keys)
	}
}

// On the public page a picture in the text gets its srcset over every
// stored width, a WebP <source>, width and height, and (but the first)
// loading="lazy"; every one decodes asynchronously. The API's slides say
// the same. A post with a picture without alt text cannot be published.
func TestPublicBlogBodyImages(t *testing.T) {
	t.Parallel()
	f, _, _ := coverFixture(t)
	first := decodeInto[wire.PostImage](t, f.uploadPostImage(t, "wide.png", docfiletest.PNGOf(2000, 1000)))
	second := decodeInto[wire.PostImage](t, f.uploadPostImage(t, "small.png", docfiletest.PNGOf(400, 300)))
	content := `<p>Intro.</p><figure><img src="` + first.Src + `" alt="The harbour at dusk" width="9" height="9"><figcaption>Seen from the water</figcaption></figure>` +
		`<h2>Later</h2><p>More.</p><img src="` + second.Src + `" alt="">`
	res := f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Pictures", Content: content})
	if res.Status != http.StatusCreated && res.Status != http.StatusOK {
		t.Fatalf("draft save with a picture without alt text: %d %s", res.Status, res.Body)
	}
	p := decodeInto[wire.AdminPost](t, res)
	res = f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil)
	if msg := errorFields(t, res)["content"]; res.Status != http.StatusUnprocessableEntity ||
		msg != "Every image in the text needs alt text: image 2 (in “Later”) has none. Describe what it shows in the image's alt text." {
		t.Fatalf("publish without alt text: %d %q", res.Status, msg)
	}
	content = strings.Replace(content, `alt=""`, `alt="A small diagram"`, 1)
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: "Pictures", Content: content, BaseVersion: p.Version})
	if res.Status != http.StatusOK {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}

	var post wire.BlogPost
	if err := json.Unmarshal([]byte(f.get(t, "/api/blogs/"+p.ID).Body), &post); err != nil {
		t.Fatal(err)
	}
	if len(post.Slides) != 2 {
		t.Fatalf("slides %+v", post.Slides)
	}
	page := f.get(t, "/blog/"+p.ID).Body
	for _, where := range []struct{ name, html string }{{"API", post.Slides[0].HTML}, {"page", page}} {
		picture := pictureRE.FindString(where.html[strings.Index(where.html, "<figure"):])
		sources := sourceRE.FindAllString(picture, -1)
		img := imgRE.FindString(picture)
		if len(sources) != 1 || img == "" {
			t.Fatalf("%s: picture %q, want a source and an img", where.name, picture)
		}
		srcset, _ := attr(sources[0], "srcset")
		if typ, _ := attr(sources[0], "type"); typ != "image/webp" ||
			!regexp.MustCompile(`^/covers/\S+-480\.webp 480w, \S+-960\.webp 960w, \S+-1600\.webp 1600w$`).MatchString(srcset) {
			t.Errorf("%s: source %s", where.name, sources[0])
		}
		srcset, _ = attr(img, "srcset")
		src, _ := attr(img, "src")
		sizes, _ := attr(img, "sizes")
		srcSizes, _ := attr(sources[0], "sizes")
		alt, _ := attr(img, "alt")
		w, _ := attr(img, "width")
		h, _ := attr(img, "height")
		_, lazy := attr(img, "loading")
		decoding, _ := attr(img, "decoding")
		if src != first.Src || srcset != first.Versions[0].URL+" 480w, "+first.Versions[1].URL+" 960w, "+first.Src+" 1600w" ||
			sizes == "" || srcSizes != sizes || alt != "The harbour at dusk" || w != "1600" || h != "800" || lazy || decoding != "async" {
			t.Errorf("%s: img %s; want the stored size, srcset and sizes, not lazy", where.name, img)
		}
	}
	later := imgRE.FindString(post.Slides[1].HTML)
	loading, _ := attr(later, "loading")
	w, _ := attr(later, "width")
	_, srcset := attr(later, "srcset")
	if loading != "lazy" || w != "400" || srcset || strings.Contains(post.Slides[1].HTML, "<picture") && !strings.Contains(post.Slides[1].HTML, "image/webp") {
		t.Errorf("second picture %s: want lazy, 400 px wide, one width", later)
	}
}
