package seo

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"time"

	"corpsite/internal/domain"
)

// The documents for machines: the blog's Atom feed and the sitemap, as
// bytes ready to send, and robots.txt. The job feeds are in jobfeeds.go.

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
	Content   *atomText  `xml:"content"`
	Links     []atomLink `xml:"link"`
	Author    atomPerson `xml:"author"`
}

// atomText is a text construct: Type "text" or "html" (HTML as escaped text).
type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// W3CTime is the date format of Atom and sitemaps (RFC 3339, UTC).
func W3CTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// FeedPost is one post of the feed: the post, its page and its summary.
type FeedPost struct {
	Post    domain.BlogPost
	URL     string
	Summary string
}

// BlogFeed is the Atom feed of posts (newest first) whose blog page is at
// blogURL and the feed itself at feedURL.
func (p Publisher) BlogFeed(blogURL, feedURL, subtitle string, posts []FeedPost) ([]byte, error) {
	return p.postsFeed(p.Site.Name+" Blog", blogURL, feedURL, subtitle, posts)
}

// TagFeedTitle is the title of the feed of the posts tagged tag, in the
// feed and in the tag page's <link rel="alternate">.
func (p Publisher) TagFeedTitle(tag string) string {
	return p.Site.Name + " Blog: posts tagged “" + tag + "”"
}

// TagFeed is the Atom feed of the posts (newest first) tagged tag, whose
// tag page is at tagURL and the feed itself at feedURL.
func (p Publisher) TagFeed(tag, tagURL, feedURL, subtitle string, posts []FeedPost) ([]byte, error) {
	return p.postsFeed(p.TagFeedTitle(tag), tagURL, feedURL, subtitle, posts)
}

// postsFeed is an Atom feed of posts titled title.
func (p Publisher) postsFeed(title, blogURL, feedURL, subtitle string, posts []FeedPost) ([]byte, error) {
	author := atomPerson{Name: p.Site.Name, URI: p.Home()}
	feed := atomFeed{
		ID:       blogURL,
		Title:    title,
		Subtitle: subtitle,
		// An empty feed still needs a date; the epoch says "nothing yet"
		// and does not change from one request to the next.
		Updated: W3CTime(time.Unix(0, 0)),
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: feedURL},
			{Rel: "alternate", Type: "text/html", Href: blogURL},
		},
		Author: author,
	}
	var newest time.Time
	for _, fp := range posts {
		changed := LastChange(fp.Post)
		if changed.After(newest) {
			newest = changed
		}
		feed.Entries = append(feed.Entries, atomEntry{
			// An entry's ID never changes: the post's first address, which
			// stays its own (it redirects to the current one) whatever its
			// slug becomes; the link is where it is now.
			ID:        p.BaseURL + "/blog/" + fp.Post.ID,
			Title:     fp.Post.Title,
			Updated:   W3CTime(changed),
			Published: W3CTime(fp.Post.CreatedAt),
			Summary:   fp.Summary,
			Links:     []atomLink{{Rel: "alternate", Type: "text/html", Href: fp.URL}},
			Author:    author,
		})
	}
	if !newest.IsZero() {
		feed.Updated = W3CTime(newest)
	}
	return encodeXML(feed)
}

// sitemapURLSet is a sitemap (sitemaps.org protocol 0.9).
type sitemapURLSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []SitemapURL `xml:"url"`
}

// SitemapURL is one address of the sitemap; LastMod is a W3CTime or "".
type SitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap is the sitemap document of urls.
func Sitemap(urls []SitemapURL) ([]byte, error) {
	return encodeXML(sitemapURLSet{URLs: urls})
}

// Robots is robots.txt: crawlers may read the site but not the API, the
// staff console or the application forms (each job has its own page to find).
func (p Publisher) Robots() string {
	return fmt.Sprintf("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /apply/\n\nSitemap: %s/sitemap.xml\n", p.BaseURL)
}

// encodeXML is v as an indented XML document.
func encodeXML(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("seo: encode %T: %w", v, err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}
