package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// A post with a slug lives at /blog/{slug}: its ID and each earlier slug
// answer 301 there with the query kept; after deletion, none of them is
// found. The editor's slug and search fields are checked with messages
// of their own, and the page's head uses the search fields.
func TestPostAddressAndRedirects(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := wire.AdminPostInput{Title: "Moving addresses", Description: "About moving.", Content: "<h2>One</h2><p>Body.</p>", Slug: str("first-address")}
	res := f.admin(t, editor, "POST", "/api/admin/posts", in)
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	p := decodeInto[wire.AdminPost](t, res)
	if p.Slug != "first-address" || p.URL != "/blog/first-address" {
		t.Fatalf("created %+v", p)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	if res := f.get(t, "/blog/first-address"); res.Status != http.StatusOK || parseHead(t, res.Body).Canonical != baseURL+"/blog/first-address" {
		t.Fatalf("GET /blog/first-address = %d", res.Status)
	}
	wantRedirect := func(from, to string) {
		t.Helper()
		res := f.get(t, from)
		if res.Status != http.StatusMovedPermanently || res.Header.Get("Location") != to {
			t.Errorf("GET %s = %d to %q, want 301 to %q", from, res.Status, res.Header.Get("Location"), to)
		}
	}
	wantRedirect("/blog/"+p.ID, "/blog/first-address")
	wantRedirect("/blog/"+p.ID+"?utm_source=x&utm_medium=y", "/blog/first-address?utm_source=x&utm_medium=y")

	// The slug changes: the earlier one redirects; the search fields
	// make the page's head.
	in.Slug, in.SEOTitle, in.SEODescription, in.BaseVersion = str("second-address"), str("Moving addresses, explained"), str("How a post keeps its readers when its address changes."), p.Version+1
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, in)
	if res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	p = decodeInto[wire.AdminPost](t, res)
	if !slices.Equal(p.EarlierSlugs, []string{"first-address"}) {
		t.Errorf("the editor's earlier slugs after the change: %q, want [first-address]", p.EarlierSlugs)
	}
	if got := decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID, nil)); !slices.Equal(got.EarlierSlugs, []string{"first-address"}) {
		t.Errorf("GET's earlier slugs: %q, want [first-address]", got.EarlierSlugs)
	}
	wantRedirect("/blog/first-address?utm_campaign=z", "/blog/second-address?utm_campaign=z")
	wantRedirect("/blog/"+p.ID, "/blog/second-address")
	page := f.get(t, "/blog/second-address")
	h := parseHead(t, page.Body)
	_, meta := headTags(t, page.Body)
	if h.Title != "Moving addresses, explained | "+f.site.Site.Name || h.Description != "How a post keeps its readers when its address changes." ||
		meta["og:description"] != h.Description || h.Canonical != baseURL+"/blog/second-address" {
		t.Errorf("head %+v, meta %v", h, meta)
	}
	if !strings.Contains(rootHTML(t, page.Body), "Moving addresses") {
		t.Error("the page does not show the post")
	}
	if api := decodeAs[wire.BlogPost](t, f.get(t, "/api/blogs/second-address").Body); api.ID != p.ID || api.Path != "/blog/second-address" {
		t.Errorf("API by slug: %+v", api)
	}
	if !strings.Contains(f.get(t, "/blog").Body, `href="/blog/second-address"`) {
		t.Error("the blog list does not link the post's address")
	}
	if !strings.Contains(f.get(t, "/blog/feed.xml").Body, baseURL+"/blog/second-address") {
		t.Error("the feed does not link the post's address")
	}
	if !strings.Contains(f.get(t, "/sitemap.xml").Body, baseURL+"/blog/second-address") {
		t.Error("the sitemap does not list the post's address")
	}

	// Refusals: specific messages, nothing changed.
	other := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Another", Content: "<p>x</p>"}))
	for slug, want := range map[string]string{
		"Bad Slug":       domain.MsgSlugChars,
		"second-address": domain.MsgSlugTaken,
		"first-address":  domain.MsgSlugTaken, // the other post's earlier slug
		p.ID:             domain.MsgSlugTaken, // the other post's ID
		"tag":            domain.MsgSlugReserved,
		"a--b":           domain.MsgSlugHyphens,
	} {
		bad := wire.AdminPostInput{Title: "Another", Content: "<p>x</p>", Slug: str(slug), BaseVersion: other.Version}
		res := f.admin(t, editor, "PUT", "/api/admin/posts/"+other.ID, bad)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(res.Body, want) {
			t.Errorf("slug %q: %d %s, want 422 with %q", slug, res.Status, res.Body, want)
		}
	}
	long := wire.AdminPostInput{Title: "Another", Content: "<p>x</p>", SEOTitle: str(strings.Repeat("t", 71)), SEODescription: str(strings.Repeat("d", 161)), BaseVersion: other.Version}
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+other.ID, long)
	if res.Status != http.StatusUnprocessableEntity || !strings.Contains(res.Body, "at most 70 characters") || !strings.Contains(res.Body, "at most 160 characters") {
		t.Errorf("long search fields: %d %s", res.Status, res.Body)
	}

	// Deleted: its ID and slugs are not found.
	if res := f.admin(t, editor, "DELETE", "/api/admin/posts/"+p.ID, nil); res.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{"/blog/" + p.ID, "/blog/first-address", "/blog/second-address", "/api/blogs/second-address"} {
		if res := f.get(t, path); res.Status != http.StatusNotFound {
			t.Errorf("GET %s after delete = %d, want 404", path, res.Status)
		}
	}
}

// Every word the router uses under /blog/ is one no slug may be.
func TestReservedSlugsCoverTheRouter(t *testing.T) {
	t.Parallel()
	routes, _ := server.PageRoutes()
	for _, r := range routes {
		seg, ok := strings.CutPrefix(r.Path, "/blog/")
		if !ok {
			continue
		}
		word, _, _ := strings.Cut(seg, "/")
		word, _, _ = strings.Cut(word, ".")
		if !strings.HasPrefix(word, "{") && domain.PostSlugProblem(word) != domain.MsgSlugReserved {
			t.Errorf("route %s: %q is not a reserved slug", r.Path, word)
		}
	}
	for _, word := range []string{"feed", "tag"} { // GET /blog/feed.xml, /blog/tag/{slug}/feed.xml
		if domain.PostSlugProblem(word) != domain.MsgSlugReserved {
			t.Errorf("%q is not a reserved slug", word)
		}
	}
}
