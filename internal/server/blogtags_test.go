package server_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// tagPost stores a post with tags, published or not, created ago before now.
func tagPost(t *testing.T, f *fixture, title string, status domain.PostStatus, ago time.Duration, tags ...string) domain.BlogPost {
	t.Helper()
	p := domain.BlogPost{Title: title, Description: title + " in short.", Content: "<h2>One</h2><p>Text.</p>",
		Status: status, CreatedAt: testNow.Add(-ago), Tags: tags}
	if err := f.store.CreateBlogPost(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBlogTagPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	older := tagPost(t, f, "Older cloud notes", domain.PostPublished, 48*time.Hour, "cloud native", "Go")
	newer := tagPost(t, f, "Newer cloud notes", domain.PostPublished, time.Hour, "Cloud Native")
	tagPost(t, f, "Draft cloud notes", domain.PostDraft, time.Minute, "Cloud Native")
	tagPost(t, f, "Untagged", domain.PostPublished, 2*time.Hour)

	res := f.get(t, "/blog/tag/cloud-native")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /blog/tag/cloud-native = %d", res.Status)
	}
	h := parseHead(t, res.Body)
	heading := "Posts tagged “Cloud Native”"
	if h.Title != heading+" | "+f.site.Site.Name || h.Canonical != baseURL+"/blog/tag/cloud-native" || h.Robots != "" {
		t.Errorf("head %+v: want title %q and the tag page's canonical URL", h, heading)
	}
	if !strings.Contains(h.Description, "tagged “Cloud Native”") || !strings.Contains(h.Description, newer.Title) {
		t.Errorf("description %q: want the tag and the newest post's title", h.Description)
	}
	feedLink := `<link rel="alternate" type="application/atom+xml" title="` + f.site.Site.Name + ` Blog: posts tagged “Cloud Native”" href="/blog/tag/cloud-native/feed.xml" data-page-feed>`
	if !strings.Contains(res.Body, feedLink) {
		t.Errorf("the page does not advertise its feed with %s", feedLink)
	}
	root := rootHTML(t, res.Body)
	if !strings.Contains(root, heading) || !strings.Contains(root, older.Title) || strings.Contains(root, "Draft cloud notes") || strings.Contains(root, "Untagged") {
		t.Errorf("#root: want the heading and the two published tagged posts only:\n%s", root)
	}
	if strings.Index(root, newer.Title) > strings.Index(root, older.Title) {
		t.Error("the posts are not newest first")
	}

	page := decodeAs[wire.BlogTagPage](t, f.get(t, "/api/blog-tags/cloud-native").Body)
	if page.Tag != (wire.TagLink{Name: "Cloud Native", Slug: "cloud-native"}) || page.List.Total != 2 || len(page.List.Posts) != 2 ||
		page.List.Posts[0].ID != newer.ID || page.FeedURL != "/blog/tag/cloud-native/feed.xml" {
		t.Errorf("API answer %+v", page)
	}
	api := bootData(t, res.Body)["api"].(map[string]any)
	if _, ok := api["/api/blog-tags/cloud-native"]; !ok {
		t.Errorf("boot data lacks the tag's API answer: %v", api)
	}

	// The post page links its tags.
	post := decodeAs[wire.BlogPost](t, f.get(t, "/api/blogs/"+older.ID).Body)
	want := []wire.TagLink{{Name: "cloud native", Slug: "cloud-native"}, {Name: "Go", Slug: "go"}}
	if d := diff(want, post.Tags); d != "" {
		t.Errorf("post tags (-want +got):\n%s", d)
	}
	if body := f.get(t, "/blog/"+older.ID).Body; !strings.Contains(rootHTML(t, body), `href="/blog/tag/go"`) {
		t.Error("the post page does not link its tag page")
	}

	// In the sitemap: the tags of published posts only.
	sitemap := f.get(t, "/sitemap.xml").Body
	for _, loc := range []string{"/blog/tag/cloud-native", "/blog/tag/go"} {
		if !strings.Contains(sitemap, "<loc>"+baseURL+loc+"</loc>") {
			t.Errorf("the sitemap lacks %s", loc)
		}
	}
}

func TestBlogTagNotFound(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tagPost(t, f, "Draft only", domain.PostDraft, time.Hour, "Secret Plans")
	tagPost(t, f, "Public", domain.PostPublished, time.Hour, "Go")
	for name, slug := range map[string]string{
		"unknown": "nothing-here", "draft only": "secret-plans", "not canonical": "Go", "bad": "go--", "too short": "g",
	} {
		res := f.get(t, "/blog/tag/"+slug)
		h := parseHead(t, res.Body)
		if res.Status != http.StatusNotFound || h.Robots != "noindex" || h.Canonical != "" {
			t.Errorf("GET /blog/tag/{%s} = %d robots %q canonical %q; want 404 noindex", name, res.Status, h.Robots, h.Canonical)
		}
		if name == "draft only" && strings.Contains(res.Body, "Draft only") {
			t.Error("the not-found page shows a draft's title")
		}
		if res := f.get(t, "/blog/tag/"+slug+"/feed.xml"); res.Status != http.StatusNotFound {
			t.Errorf("GET the feed of {%s} = %d, want 404", name, res.Status)
		}
		if res := f.get(t, "/api/blog-tags/"+slug); res.Status != http.StatusNotFound {
			t.Errorf("GET the API of {%s} = %d, want 404", name, res.Status)
		}
	}
	if strings.Contains(f.get(t, "/sitemap.xml").Body, "secret-plans") {
		t.Error("the sitemap lists a tag only a draft has")
	}
}

func TestBlogTagFeed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	older := tagPost(t, f, "Older Go", domain.PostPublished, 48*time.Hour, "Go")
	newer := tagPost(t, f, "Newer Go", domain.PostPublished, time.Hour, "GO", "Security")
	tagPost(t, f, "Draft Go", domain.PostDraft, time.Minute, "Go")
	res := f.get(t, "/blog/tag/go/feed.xml")
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("GET /blog/tag/go/feed.xml = %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	var feed atomDoc
	if err := xml.Unmarshal([]byte(res.Body), &feed); err != nil {
		t.Fatalf("not an Atom document: %v", err)
	}
	if want := f.site.Site.Name + " Blog: posts tagged “GO”"; feed.Title != want {
		t.Errorf("feed title %q, want %q (the newest post's spelling)", feed.Title, want)
	}
	rels := map[string]string{}
	for _, l := range feed.Links {
		rels[l.Rel] = l.Href
	}
	if rels["self"] != baseURL+"/blog/tag/go/feed.xml" || rels["alternate"] != baseURL+"/blog/tag/go" {
		t.Errorf("feed links %v", rels)
	}
	var got []string
	for _, e := range feed.Entries {
		got = append(got, e.Title)
	}
	if d := diff([]string{newer.Title, older.Title}, got); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
}

// A tag of letters beyond ASCII has a page at its escaped slug, which the
// page's canonical link, boot data and feed use alike.
func TestBlogTagBeyondASCII(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := tagPost(t, f, "Kaffee notes", domain.PostPublished, time.Hour, "Über Café")
	const path = "/blog/tag/%C3%BCber-caf%C3%A9"
	res := f.get(t, path)
	if res.Status != http.StatusOK {
		t.Fatalf("GET %s = %d", path, res.Status)
	}
	if h := parseHead(t, res.Body); h.Canonical != baseURL+path {
		t.Errorf("canonical %q, want %s", h.Canonical, baseURL+path)
	}
	if !strings.Contains(rootHTML(t, res.Body), p.Title) {
		t.Error("the page does not list the post")
	}
	if _, ok := bootData(t, res.Body)["api"].(map[string]any)["/api/blog-tags/%C3%BCber-caf%C3%A9"]; !ok {
		t.Error("boot data lacks the API answer at the path the web app builds")
	}
	if res := f.get(t, path+"/feed.xml"); res.Status != http.StatusOK || !strings.Contains(res.Body, "posts tagged “Über Café”") {
		t.Errorf("feed: %d", res.Status)
	}
	if post := f.get(t, p.Path()).Body; !strings.Contains(rootHTML(t, post), `href="`+path+`"`) {
		t.Errorf("the post page does not link %s", path)
	}
}

func TestBlogTagPages(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	// Two pages of posts tagged Go, newest first, and one more without the tag.
	var tagged []domain.BlogPost
	for i := range blogPageSize + 2 {
		tagged = append(tagged, tagPost(t, f, fmt.Sprintf("Go notes %d", i+1), domain.PostPublished, time.Duration(i+1)*time.Hour, "Go"))
	}
	tagPost(t, f, "Rust notes", domain.PostPublished, time.Minute, "Rust")

	for page, want := range map[int][]domain.BlogPost{1: tagged[:blogPageSize], 2: tagged[blogPageSize:]} {
		target, apiPath := "/blog/tag/go", "/api/blog-tags/go"
		if page > 1 {
			target, apiPath = target+"?page=2", apiPath+"?page=2"
		}
		res := f.get(t, target+map[bool]string{true: "&utm_source=x", false: "?utm_source=x"}[page > 1])
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s = %d", target, res.Status)
		}
		h := parseHead(t, res.Body)
		links, _ := headTags(t, res.Body)
		wantTitle := "Posts tagged “Go”"
		wantPrev, wantNext := "", baseURL+"/blog/tag/go?page=2"
		if page == 2 {
			wantTitle += " – Page 2"
			wantPrev, wantNext = baseURL+"/blog/tag/go", ""
		}
		if h.Canonical != baseURL+target || h.Title != wantTitle+" | "+f.site.Site.Name || links["prev"] != wantPrev || links["next"] != wantNext {
			t.Errorf("GET %s: head %+v, prev %q next %q; want canonical %s, title %q, prev %q next %q",
				target, h, links["prev"], links["next"], baseURL+target, wantTitle, wantPrev, wantNext)
		}
		root := rootHTML(t, res.Body)
		for _, p := range tagged {
			if shown, wanted := strings.Contains(root, ">"+p.Title+"<"), slices.ContainsFunc(want, func(w domain.BlogPost) bool { return w.ID == p.ID }); shown != wanted {
				t.Errorf("GET %s shows %q: %v, want %v", target, p.Title, shown, wanted)
			}
		}
		if !strings.Contains(root, fmt.Sprintf("Page %d of 2", page)) || strings.Contains(root, "Rust notes") {
			t.Errorf("GET %s: want its position among the pages and only posts tagged Go:\n%s", target, root)
		}
		api := decodeAs[wire.BlogTagPage](t, f.get(t, apiPath).Body)
		if api.List.Page != page || api.List.Pages != 2 || api.List.Total != len(tagged) || len(api.List.Posts) != len(want) || api.List.Posts[0].ID != want[0].ID {
			t.Errorf("GET %s = %+v", apiPath, api.List)
		}
		if _, ok := bootData(t, res.Body)["api"].(map[string]any)[apiPath]; !ok {
			t.Errorf("GET %s: boot data lacks %s", target, apiPath)
		}
	}

	for _, bad := range []string{"3", "0", "abc", "02"} {
		res := f.get(t, "/blog/tag/go?page="+bad)
		if h := parseHead(t, res.Body); res.Status != http.StatusNotFound || h.Robots != "noindex" || !strings.Contains(rootHTML(t, res.Body), "Page not found") {
			t.Errorf("GET /blog/tag/go?page=%s = %d, robots %q; want the not-found page", bad, res.Status, h.Robots)
		}
	}
	if res := f.get(t, "/api/blog-tags/go?page=3"); res.Status != http.StatusNotFound {
		t.Errorf("GET the API past the last page = %d, want 404", res.Status)
	}
	if res := f.get(t, "/api/blog-tags/go?page=abc"); res.Status != http.StatusBadRequest {
		t.Errorf("GET the API with a bad page = %d, want 400", res.Status)
	}
}
