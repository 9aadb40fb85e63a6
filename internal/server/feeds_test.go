package server_test

import (
	"context"
	"encoding/xml"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// atomDoc is what a test reads from an Atom feed.
type atomDoc struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"link"`
	Author struct {
		Name string `xml:"name"`
	} `xml:"author"`
	Entries []struct {
		ID        string `xml:"id"`
		Title     string `xml:"title"`
		Updated   string `xml:"updated"`
		Published string `xml:"published"`
		Summary   string `xml:"summary"`
		Link      struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		} `xml:"link"`
		Author struct {
			Name string `xml:"name"`
		} `xml:"author"`
	} `xml:"entry"`
}

func TestBlogFeed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	noDescription := domain.BlogPost{Title: "Plain & simple <notes>", Content: "<h2>A</h2><p>x</p>", Status: domain.PostPublished, CreatedAt: testNow.Add(-time.Hour)}
	if err := f.store.CreateBlogPost(context.Background(), &noDescription); err != nil {
		t.Fatal(err)
	}
	published := f.posts(t)
	res := f.get(t, "/blog/feed.xml")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /blog/feed.xml = %d", res.Status)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/atom+xml") {
		t.Errorf("Content-Type = %q, want application/atom+xml", ct)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "public, max-age=") {
		t.Errorf("Cache-Control = %q, want public with a max-age", cc)
	}
	var feed atomDoc
	if err := xml.Unmarshal([]byte(res.Body), &feed); err != nil {
		t.Fatalf("the feed is not an Atom document: %v\n%s", err, res.Body)
	}
	site := f.site.Site.Name
	if feed.ID == "" || feed.Title != site+" Blog" || feed.Author.Name != site {
		t.Errorf("feed id %q title %q author %q", feed.ID, feed.Title, feed.Author.Name)
	}
	rels := map[string]string{}
	for _, l := range feed.Links {
		rels[l.Rel] = l.Href
	}
	if rels["self"] != baseURL+"/blog/feed.xml" || rels["alternate"] != baseURL+"/blog" {
		t.Errorf("feed links %v: want self %s/blog/feed.xml and alternate %s/blog", rels, baseURL, baseURL)
	}
	if len(feed.Entries) != len(published) {
		t.Fatalf("%d entries, want the %d published posts", len(feed.Entries), len(published))
	}
	newest, _ := time.Parse(time.RFC3339, feed.Updated)
	for i, e := range feed.Entries {
		p := published[i]
		url := baseURL + p.Path()
		if e.ID != url || e.Title != p.Title || e.Link.Href != url || e.Link.Rel != "alternate" || e.Author.Name != site {
			t.Errorf("entry %d = %+v, want %q at %s (newest first)", i, e, p.Title, url)
		}
		published, err := time.Parse(time.RFC3339, e.Published)
		if err != nil || !published.Equal(p.CreatedAt.Truncate(time.Second)) {
			t.Errorf("entry %q published %q, want %v", p.Title, e.Published, p.CreatedAt)
		}
		updated, err := time.Parse(time.RFC3339, e.Updated)
		if err != nil || updated.After(newest) {
			t.Errorf("entry %q updated %q: want RFC 3339, not after the feed's %s", p.Title, e.Updated, feed.Updated)
		}
		wantSummary := p.Description
		if wantSummary == "" {
			wantSummary = "A captivating journey through the author's thoughts and experiences."
		}
		if e.Summary != wantSummary {
			t.Errorf("entry %q summary %q, want %q", p.Title, e.Summary, wantSummary)
		}
	}
	for _, d := range f.drafts(t) {
		if strings.Contains(res.Body, d.ID) || strings.Contains(res.Body, d.Title) {
			t.Errorf("the feed holds draft %q", d.Title)
		}
	}
}

// sitemapDoc is what a test reads from a sitemap.
type sitemapDoc struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

func TestSitemap(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	closed := f.createJob(t, "Closed Role", domain.JobClosed, nil)
	draftJob := f.createJob(t, "Draft Role", domain.JobDraft, nil)
	expired := f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -2)))
	res := f.get(t, "/sitemap.xml")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /sitemap.xml = %d", res.Status)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") {
		t.Errorf("Content-Type = %q, want application/xml", ct)
	}
	var doc sitemapDoc
	if err := xml.Unmarshal([]byte(res.Body), &doc); err != nil {
		t.Fatalf("the sitemap does not parse: %v\n%s", err, res.Body)
	}
	lastmod := map[string]string{}
	for _, u := range doc.URLs {
		if !strings.HasPrefix(u.Loc, baseURL+"/") {
			t.Errorf("loc %q is not an absolute URL of the site", u.Loc)
		}
		if _, dup := lastmod[u.Loc]; dup {
			t.Errorf("%s is listed twice", u.Loc)
		}
		if u.LastMod != "" {
			if _, err := time.Parse(time.RFC3339, u.LastMod); err != nil {
				t.Errorf("%s lastmod %q is not a W3C datetime", u.Loc, u.LastMod)
			}
		}
		lastmod[u.Loc] = u.LastMod
	}
	for _, page := range []string{"/", "/about", "/services", "/career", "/jobs", "/blog", "/contact-us", "/terms", "/privacy", "/more"} {
		if _, ok := lastmod[baseURL+page]; !ok {
			t.Errorf("the sitemap lacks %s", page)
		}
	}
	for _, j := range f.jobs(t) {
		loc := baseURL + "/job/" + j.ID
		got, listed := lastmod[loc]
		switch {
		case slices.Contains([]string{closed.ID, draftJob.ID, expired.ID}, j.ID):
			if listed {
				t.Errorf("the sitemap lists %q (%s)", j.JobTitle, j.Status)
			}
		case !listed:
			t.Errorf("the sitemap lacks open job %q", j.JobTitle)
		case got != j.UpdatedAt.UTC().Format(time.RFC3339):
			t.Errorf("job %q lastmod %q, want %s", j.JobTitle, got, j.UpdatedAt.UTC().Format(time.RFC3339))
		}
	}
	for _, p := range f.posts(t) {
		if lastmod[baseURL+p.Path()] == "" {
			t.Errorf("the sitemap lacks post %q or its lastmod", p.Title)
		}
	}
	for _, d := range f.drafts(t) {
		if _, ok := lastmod[baseURL+d.Path()]; ok {
			t.Errorf("the sitemap lists draft %q", d.Title)
		}
	}
	for loc := range lastmod {
		if strings.Contains(loc, "/apply/") || strings.Contains(loc, "?") || strings.Contains(loc, "{") {
			t.Errorf("the sitemap lists %s", loc)
		}
	}
}

func TestRobotsTxt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.get(t, "/robots.txt")
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /robots.txt = %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	lines := strings.Split(res.Body, "\n")
	for _, want := range []string{"User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "Disallow: /apply/", "Sitemap: " + baseURL + "/sitemap.xml"} {
		if !slices.Contains(lines, want) {
			t.Errorf("robots.txt lacks the line %q:\n%s", want, res.Body)
		}
	}
	for _, l := range lines {
		if l == "Disallow: /" || l == "Disallow: /blog" {
			t.Errorf("robots.txt keeps crawlers off the site: %q", l)
		}
	}
}

func TestEveryPageAdvertisesTheFeed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, path := range []string{"/", "/about", "/blog", "/jobs", "/no-such-page"} {
		links, _ := headTags(t, f.get(t, path).Body)
		if links["alternate application/atom+xml"] != "/blog/feed.xml" {
			t.Errorf("GET %s has no <link rel=alternate> to the feed: %v", path, links)
		}
	}
}
