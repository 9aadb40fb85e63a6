package sanitize

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

const ownImage = "/covers/harbour-at-dusk-1764150000000-ab3de-1600.jpg"

// TestPostHTMLKeepsOwnImages checks that a post's text keeps the site's
// own pictures as the editor writes them, byte for byte.
func TestPostHTMLKeepsOwnImages(t *testing.T) {
	for _, in := range []string{
		`<figure><img src="` + ownImage + `" alt="The harbour at dusk" width="1600" height="900"/><figcaption>Our office, seen from the water</figcaption></figure>`,
		`<img src="` + ownImage + `" alt="The harbour at dusk" width="1600" height="900"/>`,
		`<p>Before</p><img src="` + ownImage + `" alt=""/><p>After</p>`,
		`<img src="` + ownImage + `"/>`,
		`<p>Text with <a href="https://example.com/" rel="nofollow">a link</a></p>`,
	} {
		if got := PostHTML(in); got != in {
			t.Errorf("PostHTML(%q)\n got %q\nwant it unchanged", in, got)
		}
	}
}

// TestPostHTMLImages checks hostile and foreign pictures in a post's text.
func TestPostHTMLImages(t *testing.T) {
	own := `src="` + ownImage + `"`
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"external host", `<p>a<img src="https://evil.example/x.jpg" alt="x">b</p>`, `<p>a b</p>`},
		{"protocol relative", `<img src="//evil.example/covers/a-1.jpg" alt="x">`, ``},
		{"own path on another host", `<img src="https://evil.example` + ownImage + `" alt="x">`, ``},
		{"data url", `<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">`, ``},
		{"javascript url", `<img src="javascript:alert(1)" alt="x">`, ``},
		{"javascript url entity", `<img src="&#106;avascript:alert(1)">`, ``},
		{"no src", `<img alt="x">`, ``},
		{"empty src", `<img src="" alt="x">`, ``},
		{"two srcs: the first counts", `<img src="https://evil.example/x.jpg" ` + own + `>`, ``},
		{"path traversal", `<img src="/covers/../admin/a-1.jpg">`, ``},
		{"other folder", `<img src="/media/demo/a-1.jpg">`, ``},
		{"query string", `<img src="` + ownImage + `?x=1">`, ``},
		{"webp, not the jpeg", `<img src="/covers/a-1600.webp">`, ``},
		{"uppercase", `<img src="/COVERS/A-1600.JPG">`, ``},
		{"leading space", `<img src=" ` + ownImage + `">`, ``},
		{"nested foreign image", `<figure><img src="https://evil.example/x.jpg"><figcaption>c</figcaption></figure>`, `<figure> <figcaption>c</figcaption></figure>`},
		{"onerror", `<img ` + own + ` alt="a" onerror="alert(1)">`, `<img ` + own + ` alt="a"/>`},
		{"onload and style", `<img ` + own + ` onload="alert(1)" style="width:9999px">`, `<img ` + own + `/>`},
		{"srcset and sizes dropped", `<img ` + own + ` srcset="https://evil.example/x.jpg 1x" sizes="100vw">`, `<img ` + own + `/>`},
		{"huge dimensions", `<img ` + own + ` width="100000" height="99999999">`, `<img ` + own + `/>`},
		{"dimensions not numbers", `<img ` + own + ` width="100%" height="10px">`, `<img ` + own + `/>`},
		{"negative and zero", `<img ` + own + ` width="-1" height="0">`, `<img ` + own + `/>`},
		{"dimensions kept", `<img ` + own + ` width="960" height="0540">`, `<img ` + own + ` width="960"/>`},
		{"alt escaped", `<img ` + own + ` alt='"><script>alert(1)</script>'>`, `<img ` + own + ` alt="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"/>`},
		{"figure attributes", `<figure class="x" onclick="alert(1)"><figcaption id="c" style="color:red">c</figcaption></figure>`, `<figure><figcaption>c</figcaption></figure>`},
		{"picture and source", `<picture><source srcset="https://evil.example/x.webp"><img ` + own + `></picture>`, `<img ` + own + `/>`},
		{"svg image", `<svg><image href="https://evil.example/x.svg"/></svg>`, ``},
		{"relative link still dropped", `<a href="` + ownImage + `">x</a>`, ` x `},
		{"protocol relative link", `<a href="//evil.example/">x</a>`, ` x `},
		{"https link kept", `<a href=" https://example.com/">x</a>`, `<a href="https://example.com/" rel="nofollow">x</a>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PostHTML(tt.in)
			if squeeze(got) != squeeze(tt.want) {
				t.Errorf("PostHTML(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			checkPostSafe(t, got)
			if again := PostHTML(got); again != got {
				t.Errorf("PostHTML is not idempotent on %q: second pass gives %q", got, again)
			}
			if job := HTML(tt.in); strings.Contains(job, "<img") || strings.Contains(job, "<figure") {
				t.Errorf("HTML(%q) = %q: a job's text shows no pictures", tt.in, job)
			}
		})
	}
}

// checkPostSafe is checkSafe for a post's text: images of the site's own
// with alt, width and height, figures and captions are allowed too.
func checkPostSafe(t *testing.T, out string) {
	t.Helper()
	var rest strings.Builder
	z := html.NewTokenizer(strings.NewReader(out))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		tok := z.Token()
		switch tok.Data {
		case "img":
			src := false
			for _, a := range tok.Attr {
				switch {
				case a.Key == "src" && ImageSrc.MatchString(a.Val):
					src = true
				case a.Key == "alt":
				case (a.Key == "width" || a.Key == "height") && dimension.MatchString(a.Val):
				default:
					t.Errorf("output %q contains attribute %s=%q on <img>", out, a.Key, a.Val)
				}
			}
			if !src {
				t.Errorf("output %q contains an <img> without the site's own src", out)
			}
			continue
		case "figure", "figcaption":
			if len(tok.Attr) > 0 {
				t.Errorf("output %q contains attributes on <%s>", out, tok.Data)
			}
			continue
		}
		rest.WriteString(tok.String())
	}
	checkSafe(t, rest.String())
}

// FuzzPostHTML checks, for any input, that a post's cleaned text is safe
// and that cleaning it again changes nothing.
func FuzzPostHTML(f *testing.F) {
	for _, s := range []string{
		`<figure><img src="` + ownImage + `" alt="a" width="1" height="2"><figcaption>c</figcaption></figure>`,
		`<img src=x onerror=alert(1)>`,
		`<p><img src="` + ownImage + `"><img src="https://evil.example/"></p>`,
		`<math><mtext><table><mglyph><style><img src="` + ownImage + `">`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := PostHTML(in)
		checkPostSafe(t, out)
		if again := PostHTML(out); again != out {
			t.Errorf("PostHTML(%q) = %q, but PostHTML of that = %q", in, out, again)
		}
	})
}
