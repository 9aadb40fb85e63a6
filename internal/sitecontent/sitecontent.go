// Package sitecontent reads the company identity and per-page copy from the
// content files that the web app also imports (content/site.json,
// content/pages.json), so Go's <head>, JSON-LD and e-mails say the same as
// the pages. Any package may import it.
package sitecontent

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"corpsite/content"
)

// Address is the company's postal address.
type Address struct {
	Street      string `json:"street"`
	Locality    string `json:"locality"`
	Region      string `json:"region"`
	PostalCode  string `json:"postalCode"`
	Country     string `json:"country"` // ISO 3166-1 alpha-2
	CountryName string `json:"countryName"`
}

// Social is one social-network profile.
type Social struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Site is the company identity (content/site.json).
type Site struct {
	Name             string   `json:"name"`
	ShortName        string   `json:"shortName"`
	LegalName        string   `json:"legalName"`
	Tagline          string   `json:"tagline"`
	Blurb            string   `json:"blurb"`
	Email            string   `json:"email"`
	SupportEmail     string   `json:"supportEmail"`
	CareersEmail     string   `json:"careersEmail"`
	Phone            string   `json:"phone"`
	Address          Address  `json:"address"`
	Social           []Social `json:"social"`
	FoundedYear      int      `json:"foundedYear"`
	CopyrightYear    int      `json:"copyrightYear"`
	ShowRefundNote   bool     `json:"showRefundNote"`
	TermsLastUpdated string   `json:"termsLastUpdated"`
}

// PageMeta is a page's title (without the site name) and description.
type PageMeta struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Content is everything read from the content files.
type Content struct {
	Site Site
	// Pages maps a path ("/about") or a screen name ("notFound", "error")
	// to its meta.
	Pages map[string]PageMeta
}

// Load reads the embedded content files.
func Load() (*Content, error) { return LoadFS(content.FS) }

// LoadFS reads site.json and pages.json from fsys.
func LoadFS(fsys fs.FS) (*Content, error) {
	var c Content
	if err := readJSON(fsys, "site.json", &c.Site); err != nil {
		return nil, err
	}
	if err := readJSON(fsys, "pages.json", &c.Pages); err != nil {
		return nil, err
	}
	if c.Site.Name == "" || c.Site.Email == "" {
		return nil, fmt.Errorf("sitecontent: site.json needs at least name and email")
	}
	for _, k := range []string{"/", "notFound", "error"} {
		if _, ok := c.Pages[k]; !ok {
			return nil, fmt.Errorf("sitecontent: pages.json has no entry %q", k)
		}
	}
	return &c, nil
}

func readJSON(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("sitecontent: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("sitecontent: %s: %w", name, err)
	}
	return nil
}

// Title returns the full document title for a page title.
func (c *Content) Title(pageTitle string) string {
	return pageTitle + " | " + c.Site.Name
}
