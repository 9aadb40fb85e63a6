// Package sitecontent reads the company identity and per-page copy from the
// content files that the web app also imports (content/site.json,
// content/pages.json, content/blog.json, content/jobs.json), so Go's <head>,
// JSON-LD, feeds and e-mails say the same as the pages. Any package may
// import it.
package sitecontent

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"time"

	// The site's time zone is loaded by name; the binary carries the zone
	// database so that it works on hosts without one (distroless images).
	_ "time/tzdata"

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
	// TimeZone is the IANA name of the one zone in which the site shows
	// dates ("Asia/Kolkata"); "" = UTC.
	TimeZone string `json:"timeZone"`
}

// Blog is the blog's copy that the server states too (content/blog.json).
type Blog struct {
	// DescriptionFallback stands in for a post without a description
	// (spec: "A captivating journey through the author's thoughts and
	// experiences.").
	DescriptionFallback string
}

// Jobs is the copy of job pages that the server states too
// (content/jobs.json): the words of a job's facts, which the job feeds
// write as the pages do, and the feeds' titles.
type Jobs struct {
	// Facts are the labels of a job's facts.
	Facts struct {
		Location       string `json:"location"`
		Experience     string `json:"experience"`
		Department     string `json:"department"`
		EmploymentType string `json:"employmentType"`
	} `json:"facts"`
	// ExperienceYears and ExperienceOneYear say a job's experience
	// ("{experience} years", "{experience} year" for "1").
	ExperienceYears   string `json:"experienceYears"`
	ExperienceOneYear string `json:"experienceOneYear"`
	// EmploymentTypes name the employment type codes (FULL_TIME → Full-time).
	EmploymentTypes map[string]string `json:"employmentTypes"`
	// Workplaces name the workplace codes (onsite → On-site).
	Workplaces map[string]string `json:"workplaces"`
	// FeedTitle and FeedTitleFiltered title the Atom feed of open
	// positions ("{site}"; "{search}" for the search it follows).
	FeedTitle         string
	FeedTitleFiltered string
	// FeedYears names the years filter in a feed's title ("{years}").
	FeedYears string
	// SearchLabels name the job search's parameters ("location" →
	// "Location") and SearchAll a search with no filter, as job alerts
	// describe a search (describe.labels, describe.all).
	SearchLabels map[string]string
	SearchAll    string
}

// Experience is a job's experience as the pages say it ("2-4 years").
func (j Jobs) Experience(experience string) string {
	t := j.ExperienceYears
	if strings.TrimSpace(experience) == "1" {
		t = j.ExperienceOneYear
	}
	return strings.ReplaceAll(t, "{experience}", experience)
}

// EmploymentType is the name of an employment type code, or the code
// itself when it has none.
func (j Jobs) EmploymentType(code string) string {
	if name, ok := j.EmploymentTypes[code]; ok {
		return name
	}
	return code
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
	Blog  Blog
	Jobs  Jobs
	// Location is Site.TimeZone, loaded.
	Location *time.Location
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
	loc, err := time.LoadLocation(c.Site.TimeZone) // "" is UTC
	if err != nil {
		return nil, fmt.Errorf("sitecontent: site.json: timeZone: %w", err)
	}
	c.Location = loc
	var blog struct {
		Card struct {
			DescriptionFallback string `json:"descriptionFallback"`
		} `json:"card"`
	}
	if err := readJSON(fsys, "blog.json", &blog); err != nil {
		return nil, err
	}
	if c.Blog.DescriptionFallback = blog.Card.DescriptionFallback; c.Blog.DescriptionFallback == "" {
		return nil, fmt.Errorf("sitecontent: blog.json needs card.descriptionFallback")
	}
	var jobs struct {
		Detail Jobs `json:"detail"`
		Feed   struct {
			Title         string `json:"title"`
			TitleFiltered string `json:"titleFiltered"`
			Years         string `json:"years"`
		} `json:"feed"`
		Describe struct {
			All    string            `json:"all"`
			Labels map[string]string `json:"labels"`
		} `json:"describe"`
	}
	if err := readJSON(fsys, "jobs.json", &jobs); err != nil {
		return nil, err
	}
	c.Jobs = jobs.Detail
	c.Jobs.FeedTitle, c.Jobs.FeedTitleFiltered, c.Jobs.FeedYears = jobs.Feed.Title, jobs.Feed.TitleFiltered, jobs.Feed.Years
	c.Jobs.SearchLabels, c.Jobs.SearchAll = jobs.Describe.Labels, jobs.Describe.All
	if c.Jobs.ExperienceYears == "" || c.Jobs.FeedTitle == "" || c.Jobs.FeedTitleFiltered == "" || c.Jobs.FeedYears == "" ||
		len(c.Jobs.EmploymentTypes) == 0 || len(c.Jobs.Workplaces) == 0 || c.Jobs.SearchAll == "" || len(c.Jobs.SearchLabels) == 0 {
		return nil, fmt.Errorf("sitecontent: jobs.json needs detail.experienceYears, detail.employmentTypes, detail.workplaces, feed.title, feed.titleFiltered, feed.years, describe.all and describe.labels")
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

// LongDate formats t as the site shows dates: long US format ("January 2,
// 2006") in the site's time zone. Every date text the server sends goes
// through it, so pages and the API agree, whatever the host's zone.
func (c *Content) LongDate(t time.Time) string {
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format("January 2, 2006")
}
