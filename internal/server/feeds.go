package server

// Documents for machines: the blog's Atom feed, the sitemap and
// robots.txt. They are built from the store on each request (a few small
// queries) and cached by clients and crawlers for a short while.

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"
	"time"

	"corpsite/internal/domain"
)

// feedEntries bounds the posts in the feed: the newest ones. Readers
// poll it; they need what is new, not the archive.
const feedEntries = 50

// sitemapPostsMax bounds the posts listed in the sitemap, well below the
// 50,000 URLs one sitemap file may hold, with room for jobs and pages.
const sitemapPostsMax = 40000

// machineCacheControl lets clients and crawlers keep the feed, the
// sitemap and robots.txt for a short while.
const machineCacheControl = "public, max-age=300"

// atomFeed is an Atom 1.0 document (RFC 4287).
type atomFeed struct {
	XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID       string      `xml:"id"`
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle,omitempty"`
	Updated  string      `xml:"updated"`
	Links    []atomLink  `xml:"link"`
	Author   atomPerson  `xml:"author"`
	Entries  []atomEntry `xml:"entry"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri,omitempty"`
}

type atomEntry struct {
	ID        string     `xml:"id"`
	Title     string     `xml:"title"`
	Updated   string     `xml:"updated"`
	Published string     `xml:"published"`
	Summary   string     `xml:"summary"`
	Links     []atomLink `xml:"link"`
	Author    atomPerson `xml:"author"`
}

// atomTime is the date format of Atom (RFC 3339).
func atomTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// GET /blog/feed.xml: the newest published posts as an Atom feed.
func (s *Server) blogFeed(w http.ResponseWriter, r *http.Request) {
	posts, err := s.store.ListBlogPosts(r.Context(), domain.BlogFilter{PublishedOnly: true, Limit: feedEntries})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	site := s.content.Site
	author := atomPerson{Name: site.Name, URI: s.baseURL + "/"}
	feed := atomFeed{
		ID:       s.baseURL + blogPagePath,
		Title:    site.Name + " Blog",
		Subtitle: s.content.Pages[blogPagePath].Description,
		// An empty feed still needs a date; the epoch says "nothing yet"
		// and does not change from one request to the next.
		Updated: atomTime(time.Unix(0, 0)),
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: s.baseURL + "/blog/feed.xml"},
			{Rel: "alternate", Type: "text/html", Href: s.baseURL + blogPagePath},
		},
		Author: author,
	}
	var newest time.Time
	for _, p := range posts {
		url := s.baseURL + blogPagePath + "/" + p.ID
		changed := lastChange(p)
		if changed.After(newest) {
			newest = changed
		}
		feed.Entries = append(feed.Entries, atomEntry{
			ID:        url,
			Title:     p.Title,
			Updated:   atomTime(changed),
			Published: atomTime(p.CreatedAt),
			Summary:   s.postDescription(p),
			Links:     []atomLink{{Rel: "alternate", Type: "text/html", Href: url}},
			Author:    author,
		})
	}
	if !newest.IsZero() {
		feed.Updated = atomTime(newest)
	}
	s.writeXML(w, r, "application/atom+xml; charset=utf-8", feed)
}

// sitemapURLSet is a sitemap (sitemaps.org protocol 0.9).
type sitemapURLSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"` // W3C datetime
}

// GET /sitemap.xml: every public page with a fixed address, every open
// position and every published post. Drafts, closed positions, filtered
// views and application forms (noindex) are left out.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	posts, err := s.store.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Limit: sitemapPostsMax})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var set sitemapURLSet
	for _, p := range pageRoutes {
		if p.fixed() {
			set.URLs = append(set.URLs, sitemapURL{Loc: s.baseURL + p.path})
		}
	}
	now := s.now()
	for _, j := range jobs {
		if j.Public(now) { // not past its closing date
			set.URLs = append(set.URLs, sitemapURL{Loc: s.baseURL + "/job/" + j.ID, LastMod: atomTime(j.UpdatedAt)})
		}
	}
	for _, p := range posts {
		set.URLs = append(set.URLs, sitemapURL{Loc: s.baseURL + blogPagePath + "/" + p.ID, LastMod: atomTime(lastChange(p))})
	}
	s.writeXML(w, r, "application/xml; charset=utf-8", set)
}

// writeXML answers v as an XML document.
func (s *Server) writeXML(w http.ResponseWriter, r *http.Request, contentType string, v any) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		s.fail(w, r, fmt.Errorf("server: encode %s: %w", r.URL.Path, err))
		return
	}
	buf.WriteByte('\n')
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", machineCacheControl)
	_, _ = w.Write(buf.Bytes())
}

// GET /robots.txt: crawlers may read the site but not the API, the staff
// console or the application forms (each job has its own page to find).
func (s *Server) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", machineCacheControl)
	fmt.Fprintf(w, "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /apply/\n\nSitemap: %s/sitemap.xml\n", s.baseURL)
}
