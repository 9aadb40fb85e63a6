// Package seo is what the site tells search engines and feed readers: the
// schema.org structured data (JSON-LD) pages carry in <head>, the check of
// a job posting against what search engines ask of one, meta descriptions,
// and the Atom feed and sitemap documents. It builds documents from the
// domain's values; serving them is the HTTP side's job. Every fact in the
// structured data is also visible on the page.
package seo

import (
	"corpsite/internal/sitecontent"
)

// LD is one JSON-LD object.
type LD = map[string]any

// Publisher is the site as search engines see it: who publishes it, and
// at which origin.
type Publisher struct {
	Site sitecontent.Site
	// Jobs is the job pages' copy the job feeds write as the pages do.
	Jobs sitecontent.Jobs
	// BaseURL is the public origin, e.g. https://example.com (no trailing slash).
	BaseURL string
}

// Home is the site's home address.
func (p Publisher) Home() string { return p.BaseURL + "/" }

// Logo is the address of the site's logo.
func (p Publisher) Logo() string { return p.BaseURL + "/favicon.svg" }
