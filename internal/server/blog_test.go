package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// blogPageSize is the server's page size of the list (blogPageSize).
const blogPageSize = 6

// headTags returns a document's <link rel=… href=…> (by rel; for
// "alternate", by type) and <meta property|name=… content=…>.
func headTags(t *testing.T, doc string) (links, meta map[string]string) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("parse document: %v", err)
	}
	links, meta = map[string]string{}, map[string]string{}
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "body" {
			return
		}
		if n.Type == html.ElementNode {
			switch n.Data {
			case "link":
				rel := attr(n, "rel")
				if rel == "alternate" {
					rel += " " + attr(n, "type")
				}
				links[rel] = attr(n, "href")
			case "meta":
				key := attr(n, "property")
				if key == "" {
					key = attr(n, "name")
				}
				meta[key] = attr(n, "content")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return links, meta
}

// decodeAs decodes a JSON body into v or fails.
func decodeAs[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("body does not decode as %T: %v\n%s", v, err, body)
	}
	return v
}

// drafts returns the seeded draft posts.
func (f *fixture) drafts(t *testing.T) []domain.BlogPost {
	t.Helper()
	all, err := f.store.ListBlogPosts(context.Background(), domain.BlogFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var out []domain.BlogPost
	for _, p := range all {
		if p.Status == domain.PostDraft {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatal("the seed has no draft post")
	}
	return out
}

func TestAPIBlogsPaginates(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	published := f.posts(t)
	if len(published) <= blogPageSize {
		t.Fatalf("seed has %d published posts; the test needs more than a page (%d)", len(published), blogPageSize)
	}
	wantPages := (len(published) + blogPageSize - 1) / blogPageSize
	for _, target := range []string{"/api/blogs", "/api/blogs?page=", "/api/blogs?page=1", "/api/blogs?page=2", fmt.Sprintf("/api/blogs?page=%d", wantPages)} {
		res := f.get(t, target)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s = %d, want 200: %s", target, res.Status, res.Body)
		}
		list := decodeAs[wire.BlogList](t, res.Body)
		page := 1
		if _, v, _ := strings.Cut(target, "page="); v != "" {
			page, _ = strconv.Atoi(v)
		}
		if list.Page != page || list.Pages != wantPages || list.Total != len(published) {
			t.Errorf("GET %s: page %d of %d, total %d; want page %d of %d, total %d", target, list.Page, list.Pages, list.Total, page, wantPages, len(published))
		}
		from := (page - 1) * blogPageSize
		want := published[from:min(len(published), from+blogPageSize)]
		if len(list.Posts) != len(want) {
			t.Fatalf("GET %s: %d posts, want %d", target, len(list.Posts), len(want))
		}
		for i, p := range list.Posts {
			w := want[i]
			if p.ID != w.ID || p.Title != w.Title || p.Description != w.Description || p.Image != w.Image || !p.CreatedAt.Equal(w.CreatedAt) {
				t.Errorf("GET %s: post %d = %+v, want %q (%s), newest first", target, i, p, w.Title, w.ID)
			}
			if p.DateText != f.site.LongDate(w.CreatedAt) || p.DateText == "" {
				t.Errorf("GET %s: post %q dateText %q, want %q", target, p.Title, p.DateText, f.site.LongDate(w.CreatedAt))
			}
		}
		for _, d := range f.drafts(t) {
			if strings.Contains(res.Body, d.ID) {
				t.Errorf("GET %s lists draft %q", target, d.Title)
			}
		}
	}

	past := fmt.Sprintf("/api/blogs?page=%d", wantPages+1)
	if res := f.get(t, past); res.Status != http.StatusNotFound || decodeAs[apiErr](t, res.Body).Error.Code != domain.ENotFound {
		t.Errorf("GET %s = %d %s, want 404 not_found", past, res.Status, res.Body)
	}
	for _, bad := range []string{"0", "-1", "abc", "01", "1.5", "+2", "1e3", "9999999999", "%20"} {
		res := f.get(t, "/api/blogs?page="+bad)
		e := decodeAs[apiErr](t, res.Body)
		if res.Status != http.StatusBadRequest || e.Error.Code != domain.EInvalid || e.Error.Message == "" {
			t.Errorf("GET /api/blogs?page=%s = %d %s, want 400 invalid with a message", bad, res.Status, res.Body)
		}
	}
}

func TestAPIBlogsWithoutPosts(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	all, err := f.store.ListBlogPosts(ctx, domain.BlogFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if err := f.store.DeleteBlogPost(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	res := f.get(t, "/api/blogs")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/blogs with no posts = %d, want 200", res.Status)
	}
	if got, want := strings.TrimSpace(res.Body), `{"posts":[],"page":1,"pages":1,"total":0}`; got != want {
		t.Errorf("GET /api/blogs with no posts mismatch (-want +got):\n- %s\n+ %s", want, got)
	}
	if res := f.get(t, "/api/blogs?page=2"); res.Status != http.StatusNotFound {
		t.Errorf("GET /api/blogs?page=2 with no posts = %d, want 404", res.Status)
	}
	f.clock.Add(2 * time.Second) // past the content version's TTL
	if res := f.get(t, "/blog"); res.Status != http.StatusOK {
		t.Errorf("GET /blog with no posts = %d, want 200", res.Status)
	}
}

func TestAPIBlogPost(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := f.posts(t)[0]
	res := f.get(t, "/api/blogs/"+p.ID)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/blogs/%s = %d: %s", p.ID, res.Status, res.Body)
	}
	got := decodeAs[wire.BlogPost](t, res.Body)
	if got.ID != p.ID || got.Title != p.Title || got.Description != p.Description || got.Image != p.Image || !got.CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("post = %+v, want %q", got, p.Title)
	}
	if got.DateText != f.site.LongDate(p.CreatedAt) {
		t.Errorf("dateText = %q, want %q", got.DateText, f.site.LongDate(p.CreatedAt))
	}
	if got.PageTitle != p.Title+" | "+f.site.Site.Name {
		t.Errorf("pageTitle = %q", got.PageTitle)
	}
	if n := strings.Count(p.Content, "<h2>"); len(got.Slides) != n || n < 3 {
		t.Errorf("%d slides, want one per <h2> (%d)", len(got.Slides), n)
	}
	for i, s := range got.Slides {
		if s.Heading == "" || strings.TrimSpace(s.HTML) == "" || strings.Contains(s.HTML, "<h2") {
			t.Errorf("slide %d = %+v: want a heading and HTML without <h2>", i, s)
		}
	}
	var raw map[string]any
	_ = json.Unmarshal([]byte(res.Body), &raw)
	for _, key := range []string{"content", "status", "updatedAt"} {
		if _, ok := raw[key]; ok {
			t.Errorf("GET /api/blogs/{id} sends %q; the wire type has no such field", key)
		}
	}

	for name, id := range map[string]string{"draft": f.drafts(t)[0].ID, "unknown": "zzzzzzzzzzzzzzzz", "invalid": "no%20such"} {
		res := f.get(t, "/api/blogs/"+id)
		if res.Status != http.StatusNotFound || decodeAs[apiErr](t, res.Body).Error.Code != domain.ENotFound {
			t.Errorf("GET /api/blogs/{%s} = %d %s, want 404 not_found", name, res.Status, res.Body)
		}
		res = f.get(t, "/api/blogs/"+id+"/comments")
		if res.Status != http.StatusNotFound {
			t.Errorf("GET /api/blogs/{%s}/comments = %d, want 404", name, res.Status)
		}
	}
}

func TestAPICommentsListsVisibleNewestFirst(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	p := f.posts(t)[1]
	for i, st := range []domain.CommentStatus{domain.CommentVisible, domain.CommentHeld, domain.CommentVisible, domain.CommentSpam} {
		c := domain.Comment{
			BlogID: p.ID, Name: fmt.Sprintf("Reader %d", i), Email: fmt.Sprintf("reader%d@example.org", i),
			Comment: fmt.Sprintf("Comment %d, %s", i, st), Status: st, CreatedAt: testNow.Add(time.Duration(i-10) * time.Minute),
		}
		if err := f.store.CreateComment(ctx, &c); err != nil {
			t.Fatal(err)
		}
	}
	res := f.get(t, "/api/blogs/"+p.ID+"/comments")
	if res.Status != http.StatusOK {
		t.Fatalf("status %d: %s", res.Status, res.Body)
	}
	got := decodeAs[[]wire.Comment](t, res.Body)
	stored, err := f.store.ListComments(ctx, p.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(stored) || len(got) < 2 {
		t.Fatalf("%d comments, want the %d visible ones", len(got), len(stored))
	}
	for i, c := range got {
		if c.ID != stored[i].ID || c.Name != stored[i].Name || c.Comment != stored[i].Comment || c.DateText != f.site.LongDate(stored[i].CreatedAt) {
			t.Errorf("comment %d = %+v, want %+v (newest first)", i, c, stored[i])
		}
	}
	for _, hidden := range []string{"Comment 1", "Comment 3"} {
		if strings.Contains(res.Body, hidden) {
			t.Errorf("the list shows a held or hidden comment (%q)", hidden)
		}
	}
	if strings.Contains(res.Body, "@example") || strings.Contains(res.Body, `"email"`) {
		t.Errorf("the list sends e-mail addresses: %s", res.Body)
	}
}

// commentBody is a valid comment form, edited by edit.
func commentBody(edit func(m map[string]any)) string {
	m := map[string]any{
		"name": "Asha Rao", "email": "asha.rao@example.org", "website": "https://asha.example.org",
		"comment": "A clear and useful article.\nThank you for writing it.", "homepage": "", "elapsedMs": 15000,
	}
	if edit != nil {
		edit(m)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestPostCommentShowsItAtOnce(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	p := f.posts(t)[0]
	pagePath, apiPath := p.Path(), "/api/blogs/"+p.ID+"/comments"
	f.get(t, "/")
	f.get(t, pagePath)

	res := f.post(t, apiPath, "203.0.113.7:5000", "application/json", commentBody(func(m map[string]any) {
		m["name"] = "  Asha Rao "
		m["comment"] = "  A clear and useful article.\r\nThank you for writing it.  "
	}))
	if res.Status != http.StatusCreated {
		t.Fatalf("POST %s = %d, want 201: %s", apiPath, res.Status, res.Body)
	}
	if strings.Contains(res.Body, "asha.rao@example.org") || strings.Contains(res.Body, `"email"`) {
		t.Errorf("the answer holds the e-mail address: %s", res.Body)
	}
	posted := decodeAs[wire.CommentPosted](t, res.Body)
	if posted.Status != "visible" || posted.Comment == nil || posted.Message != "" {
		t.Fatalf("answer = %s, want status visible with the comment", res.Body)
	}
	want := wire.Comment{
		ID: posted.Comment.ID, Name: "Asha Rao", Website: "https://asha.example.org",
		Comment:   "A clear and useful article.\nThank you for writing it.",
		CreatedAt: testNow, DateText: f.site.LongDate(testNow),
	}
	if *posted.Comment != want {
		t.Errorf("comment mismatch (-want +got):\n- %+v\n+ %+v", want, *posted.Comment)
	}
	stored, err := f.store.ListComments(context.Background(), p.ID, true)
	if err != nil || len(stored) == 0 || stored[0].ID != want.ID || stored[0].Email != "asha.rao@example.org" {
		t.Fatalf("stored comments %+v, %v: want the new one first, with its e-mail", stored, err)
	}

	list := f.get(t, apiPath)
	if got := decodeAs[[]wire.Comment](t, list.Body); len(got) == 0 || got[0] != want {
		t.Errorf("GET %s after posting: first comment %+v, want %+v", apiPath, got, want)
	}
	// No wait for the content version's TTL: the post's page renders
	// again at once; the home page, whose data the comment left as it
	// was, is kept.
	page := f.get(t, pagePath)
	if !strings.Contains(rootHTML(t, page.Body), "Thank you for writing it.") {
		t.Errorf("GET %s right after a visible comment does not show it", pagePath)
	}
	if strings.Contains(page.Body, "asha.rao@example.org") {
		t.Errorf("GET %s shows the commenter's e-mail address", pagePath)
	}
	f.get(t, "/")
	if n := log.count(pagePath); n != 2 {
		t.Errorf("%s rendered %d times around a visible comment, want 2", pagePath, n)
	}
	if n := log.count("/"); n != 1 {
		t.Errorf("/ rendered %d times around a visible comment, want 1 (its data is unchanged)", n)
	}
}

func TestPostCommentHeldForReview(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(m map[string]any)
	}{
		{"honeypot filled", func(m map[string]any) { m["homepage"] = "https://spam.example" }},
		{"sent too fast", func(m map[string]any) { m["elapsedMs"] = 1200 }},
		{"no fill time", func(m map[string]any) { delete(m, "elapsedMs") }},
		{"three links", func(m map[string]any) {
			m["comment"] = "Great! https://a.example https://b.example and www.c.example"
		}},
		{"shouting", func(m map[string]any) { m["comment"] = "THIS IS THE BEST ARTICLE EVER WRITTEN, READ IT NOW" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, log := newCountingRenderer(t, render.Options{Size: 1})
			f := newFixture(t, func(o *server.Options) { o.Renderer = r })
			p := f.posts(t)[0]
			f.get(t, p.Path())
			version, _ := f.store.ContentVersion(context.Background())
			res := f.post(t, "/api/blogs/"+p.ID+"/comments", "203.0.113.7:5000", "application/json", commentBody(tt.edit))
			if res.Status != http.StatusCreated {
				t.Fatalf("status %d, want 201: %s", res.Status, res.Body)
			}
			if got, want := strings.TrimSpace(res.Body), `{"status":"held","message":"Your comment is awaiting moderation"}`; got != want {
				t.Errorf("answer mismatch (-want +got):\n- %s\n+ %s", want, got)
			}
			all, err := f.store.ListComments(context.Background(), p.ID, false)
			if err != nil || len(all) == 0 || all[0].Status != domain.CommentHeld || all[0].Email != "asha.rao@example.org" {
				t.Fatalf("stored %+v, %v: want the comment held for review", all, err)
			}
			if v, _ := f.store.ContentVersion(context.Background()); v != version {
				t.Errorf("content version %d → %d: a held comment changes no page", version, v)
			}
			list := f.get(t, "/api/blogs/"+p.ID+"/comments")
			if strings.Contains(list.Body, all[0].ID) {
				t.Errorf("the list shows the held comment")
			}
			f.clock.Add(2 * time.Second)
			f.get(t, p.Path())
			if n := log.count(p.Path()); n != 1 {
				t.Errorf("the post page rendered %d times around a held comment, want 1 (still cached)", n)
			}
		})
	}
}

func TestPostCommentRepeatIsHeld(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	posts := f.posts(t)
	send := func(postID, addr string) string {
		t.Helper()
		res := f.post(t, "/api/blogs/"+postID+"/comments", addr, "application/json", commentBody(nil))
		if res.Status != http.StatusCreated {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		return decodeAs[wire.CommentPosted](t, res.Body).Status
	}
	if got := send(posts[0].ID, "203.0.113.7:1"); got != "visible" {
		t.Fatalf("first comment: %s, want visible", got)
	}
	if got := send(posts[1].ID, "203.0.113.7:2"); got != "held" {
		t.Errorf("the same text from the same client on another post: %s, want held", got)
	}
	if got := send(posts[0].ID, "198.51.100.9:1"); got != "held" {
		t.Errorf("the same text on the same post from another client: %s, want held", got)
	}
	f.clock.Add(25 * time.Hour)
	if got := send(posts[2].ID, "192.0.2.50:1"); got != "visible" {
		t.Errorf("the same text on a third post from a third client a day later: %s, want visible", got)
	}
}

func TestPostCommentRefusesInvalid(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := f.posts(t)[0]
	path := "/api/blogs/" + p.ID + "/comments"
	seeded, err := f.store.ListComments(context.Background(), p.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	m := domain.CommentMessages
	tests := []struct {
		name string
		edit func(map[string]any)
		want map[string]string
	}{
		{"all missing", func(b map[string]any) { b["name"], b["email"], b["comment"], b["website"] = " ", "", "\n", "" },
			map[string]string{"name": m.NameRequired, "email": m.EmailRequired, "comment": m.CommentRequired}},
		{"bad e-mail", func(b map[string]any) { b["email"] = "asha@" }, map[string]string{"email": m.EmailInvalid}},
		{"website not http", func(b map[string]any) { b["website"] = "javascript:alert(1)" }, map[string]string{"website": m.WebsiteInvalid}},
		{"comment too long", func(b map[string]any) { b["comment"] = strings.Repeat("a", domain.CommentTextMax+1) },
			map[string]string{"comment": m.CommentTooLong}},
		{"name on two lines", func(b map[string]any) { b["name"] = "Asha\nRao" }, map[string]string{"name": m.SingleLine}},
	}
	for _, tt := range tests {
		res := f.post(t, path, "203.0.113.7:5000", "application/json", commentBody(tt.edit))
		e := decodeAs[apiErr](t, res.Body)
		if res.Status != http.StatusUnprocessableEntity || e.Error.Code != domain.EInvalid {
			t.Errorf("%s: status %d code %q, want 422 invalid", tt.name, res.Status, e.Error.Code)
		}
		if d := diff(tt.want, e.Error.Fields); d != "" {
			t.Errorf("%s: fields mismatch (-want +got):\n%s", tt.name, d)
		}
	}
	for name, body := range map[string]string{
		"unknown field":     `{"name":"A","email":"a@example.org","comment":"x","elapsedMs":9000,"admin":true}`,
		"not JSON":          `name=A`,
		"negative fill":     commentBody(func(b map[string]any) { b["elapsedMs"] = -5 }),
		"wrong type":        `{"name":1}`,
		"two objects":       commentBody(nil) + commentBody(nil),
		"elapsed of years":  commentBody(func(b map[string]any) { b["elapsedMs"] = int64(400) * 24 * 3600 * 1000 }),
		"comment is a list": `{"comment":["a"]}`,
	} {
		res := f.post(t, path, "203.0.113.7:5000", "application/json", body)
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422: %s", name, res.Status, res.Body)
		}
	}
	if res := f.post(t, path, "203.0.113.7:5000", "text/plain", commentBody(nil)); res.Status != http.StatusUnprocessableEntity {
		t.Errorf("text/plain body: status %d, want 422", res.Status)
	}
	if cs, _ := f.store.ListComments(context.Background(), p.ID, false); len(cs) != len(seeded) {
		t.Errorf("%d comments stored after refused posts; want the seeded ones only (%d)", len(cs), len(seeded))
	}
	for name, id := range map[string]string{"draft": f.drafts(t)[0].ID, "unknown": "zzzzzzzzzzzzzzzz"} {
		res := f.post(t, "/api/blogs/"+id+"/comments", "203.0.113.7:5000", "application/json", commentBody(nil))
		if res.Status != http.StatusNotFound {
			t.Errorf("comment on a %s post: status %d, want 404", name, res.Status)
		}
	}
}

func TestPostCommentRateLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	posts := f.posts(t)
	path := "/api/blogs/" + posts[0].ID + "/comments"
	for i := range 5 {
		res := f.post(t, path, "203.0.113.7:5000", "application/json", commentBody(func(b map[string]any) {
			b["comment"] = fmt.Sprintf("Comment number %d on this fine post.", i)
		}))
		if res.Status != http.StatusCreated {
			t.Fatalf("comment %d: status %d: %s", i+1, res.Status, res.Body)
		}
	}
	res := f.post(t, path, "203.0.113.7:5000", "application/json", commentBody(nil))
	if res.Status != http.StatusTooManyRequests || decodeAs[apiErr](t, res.Body).Error.Code != domain.ETooMany {
		t.Fatalf("sixth comment: status %d %s, want 429 rate_limited", res.Status, res.Body)
	}
	if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 600 {
		t.Errorf("Retry-After = %q, want 1 to 600 seconds", res.Header.Get("Retry-After"))
	}
	if res := f.post(t, path, "198.51.100.9:5000", "application/json", commentBody(nil)); res.Status != http.StatusCreated {
		t.Errorf("another client: status %d, want 201", res.Status)
	}
	f.clock.Add(11 * time.Minute)
	if res := f.post(t, path, "203.0.113.7:5000", "application/json", commentBody(func(b map[string]any) { b["comment"] = "Back again after a break." })); res.Status != http.StatusCreated {
		t.Errorf("after the window: status %d, want 201", res.Status)
	}
}

func TestBlogListPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	published := f.posts(t)
	pages := (len(published) + blogPageSize - 1) / blogPageSize
	if pages < 2 {
		t.Fatalf("seed has %d published posts, the test needs two pages", len(published))
	}
	meta := f.site.Pages["/blog"]
	for page := 1; page <= pages; page++ {
		target, canonical := "/blog", "/blog"
		if page > 1 {
			target = fmt.Sprintf("/blog?page=%d", page)
			canonical = target
		}
		res := f.get(t, target)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s = %d", target, res.Status)
		}
		h := parseHead(t, res.Body)
		links, _ := headTags(t, res.Body)
		if h.Canonical != baseURL+canonical || h.Robots != "" || h.Description != meta.Description || !strings.HasPrefix(h.Title, meta.Title) {
			t.Errorf("GET %s head: %+v; want canonical %s, indexable, the /blog meta", target, h, baseURL+canonical)
		}
		wantPrev, wantNext := "", ""
		if page == 2 {
			wantPrev = baseURL + "/blog"
		} else if page > 2 {
			wantPrev = fmt.Sprintf("%s/blog?page=%d", baseURL, page-1)
		}
		if page < pages {
			wantNext = fmt.Sprintf("%s/blog?page=%d", baseURL, page+1)
		}
		if links["prev"] != wantPrev || links["next"] != wantNext {
			t.Errorf("GET %s: prev %q next %q, want %q %q", target, links["prev"], links["next"], wantPrev, wantNext)
		}
		root := rootHTML(t, res.Body)
		from := (page - 1) * blogPageSize
		for i, p := range published {
			if shown := strings.Contains(root, p.Title); shown != (i >= from && i < from+blogPageSize) {
				t.Errorf("GET %s shows post %d %q: %v", target, i, p.Title, shown)
			}
		}
		apiPath := "/api/blogs"
		if page > 1 {
			apiPath += "?page=" + strconv.Itoa(page)
		}
		boot, ok := bootData(t, res.Body)["api"].(map[string]any)[apiPath].(map[string]any)
		if !ok {
			t.Fatalf("GET %s: boot data lacks %s", target, apiPath)
		}
		if d := diff(decodeJSON(t, f.get(t, apiPath).Body), boot["data"]); d != "" {
			t.Errorf("GET %s: boot data differs from GET %s (-want +got):\n%s", target, apiPath, d)
		}
	}
	// Page 1 spelled out is the first page, not a page of its own.
	if h := parseHead(t, f.get(t, "/blog?page=1").Body); h.Canonical != baseURL+"/blog" {
		t.Errorf("GET /blog?page=1: canonical %q, want %s/blog", h.Canonical, baseURL)
	}
	for _, bad := range []string{fmt.Sprint(pages + 1), "0", "abc", "02", "-1", "99999999999999999999"} {
		target := "/blog?page=" + bad
		res := f.get(t, target)
		h := parseHead(t, res.Body)
		if res.Status != http.StatusNotFound || h.Robots != "noindex" || h.Canonical != "" {
			t.Errorf("GET %s = %d, robots %q, canonical %q; want the 404 page, noindex, no canonical", target, res.Status, h.Robots, h.Canonical)
		}
		if !strings.Contains(rootHTML(t, res.Body), "Page not found") {
			t.Errorf("GET %s does not show the not-found screen", target)
		}
	}
}

func TestBlogPostPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := f.posts(t)[0]
	res := f.get(t, p.Path())
	if res.Status != http.StatusOK {
		t.Fatalf("GET /blog/%s = %d", p.ID, res.Status)
	}
	h := parseHead(t, res.Body)
	links, meta := headTags(t, res.Body)
	url := baseURL + p.Path()
	if h.Title != p.Title+" | "+f.site.Site.Name || h.Canonical != url || h.Robots != "" || h.Description != p.Description {
		t.Errorf("head %+v: want the post's title, description and canonical %s", h, url)
	}
	wantMeta := map[string]string{
		"og:type":                "article",
		"og:image":               baseURL + p.Image,
		"og:url":                 url,
		"article:published_time": p.CreatedAt.UTC().Format(time.RFC3339),
		"twitter:card":           "summary_large_image",
	}
	for k, v := range wantMeta {
		if meta[k] != v {
			t.Errorf("<meta %s> = %q, want %q", k, meta[k], v)
		}
	}
	if links["alternate application/atom+xml"] != "/blog/feed.xml" {
		t.Errorf("no feed link: %v", links)
	}

	root := rootHTML(t, res.Body)
	for _, want := range []string{p.Title, f.site.LongDate(p.CreatedAt)} {
		if !strings.Contains(root, want) {
			t.Errorf("#root lacks %q", want)
		}
	}
	// Every slide's text is in the first HTML.
	for _, s := range decodeAs[wire.BlogPost](t, f.get(t, "/api/blogs/"+p.ID).Body).Slides {
		if !strings.Contains(root, html.EscapeString(s.Heading)) && !strings.Contains(root, s.Heading) {
			t.Errorf("#root lacks the slide heading %q", s.Heading)
		}
	}

	postings := jsonLD(t, res.Body, "BlogPosting")
	if len(postings) != 1 {
		t.Fatalf("%d BlogPosting blocks, want 1", len(postings))
	}
	got := postings[0]
	want := map[string]any{
		"headline":      p.Title,
		"description":   p.Description,
		"datePublished": p.CreatedAt.UTC().Format(time.RFC3339),
		"image":         baseURL + p.Image,
		"author":        f.site.Site.Name,
		"publisher":     f.site.Site.Name,
		"page":          url,
	}
	gotSub := map[string]any{
		"headline": got["headline"], "description": got["description"], "datePublished": got["datePublished"],
		"image": got["image"], "author": dig(got, "author", "name"), "publisher": dig(got, "publisher", "name"),
		"page": dig(got, "mainEntityOfPage", "@id"),
	}
	if d := diff(want, gotSub); d != "" {
		t.Errorf("BlogPosting mismatch (-want +got):\n%s", d)
	}
	if _, err := time.Parse(time.RFC3339, fmt.Sprint(got["dateModified"])); err != nil {
		t.Errorf("dateModified %v is not RFC 3339", got["dateModified"])
	}

	api := bootData(t, res.Body)["api"].(map[string]any)
	for _, path := range []string{"/api/blogs/" + strings.TrimPrefix(p.Path(), "/blog/"), "/api/blogs/" + p.ID + "/comments"} {
		entry, ok := api[path].(map[string]any)
		if !ok {
			t.Fatalf("boot data lacks %s: %v", path, api)
		}
		if d := diff(decodeJSON(t, f.get(t, path).Body), entry["data"]); d != "" {
			t.Errorf("boot data %s differs from the API (-want +got):\n%s", path, d)
		}
	}
	if strings.Contains(res.Body, "@example.com") {
		t.Error("the post page holds a commenter's e-mail address")
	}
}

func TestBlogPostPageFallbacksAndNotFound(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := domain.BlogPost{Title: "No frills", Content: "<p>Just text.</p>", Status: domain.PostPublished, CreatedAt: testNow.Add(-time.Hour)}
	if err := f.store.CreateBlogPost(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	res := f.get(t, p.Path())
	if res.Status != http.StatusOK {
		t.Fatalf("status %d", res.Status)
	}
	h := parseHead(t, res.Body)
	_, meta := headTags(t, res.Body)
	fallback := "A captivating journey through the author's thoughts and experiences."
	if h.Description != fallback {
		t.Errorf("description %q, want the spec's fallback", h.Description)
	}
	if _, ok := meta["og:image"]; ok || meta["twitter:card"] != "summary" {
		t.Errorf("a post without an image has og:image %q, twitter:card %q", meta["og:image"], meta["twitter:card"])
	}
	if ld := jsonLD(t, res.Body, "BlogPosting"); len(ld) != 1 || ld[0]["description"] != fallback || ld[0]["image"] != nil {
		t.Errorf("BlogPosting %v: want the fallback description and no image", ld)
	}

	for name, id := range map[string]string{"draft": f.drafts(t)[0].ID, "unknown": "zzzzzzzzzzzzzzzz"} {
		res := f.get(t, "/blog/"+id)
		h := parseHead(t, res.Body)
		if res.Status != http.StatusNotFound || h.Robots != "noindex" || h.Canonical != "" {
			t.Errorf("GET /blog/{%s} = %d, robots %q; want 404 noindex", name, res.Status, h.Robots)
		}
		if strings.Contains(res.Body, "BlogPosting") || !strings.Contains(rootHTML(t, res.Body), "Page not found") {
			t.Errorf("GET /blog/{%s}: want the not-found screen without structured data", name)
		}
		if name == "draft" && strings.Contains(res.Body, f.drafts(t)[0].Title) {
			t.Errorf("the not-found page of a draft shows its title")
		}
		if _, ok := bootData(t, res.Body)["api"].(map[string]any)["/api/blogs/"+id]; !ok {
			t.Errorf("GET /blog/{%s}: boot data lacks the post's API answer", name)
		}
	}
}
