package seo

import (
	"encoding/xml"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// The job feeds: an Atom feed of open positions for feed readers (one per
// search of the jobs page) and the XML feed job aggregators read. Which
// jobs they hold is the caller's choice (public ones only); here they are
// written.

// JobCountry is the country of every position's location (the company
// hires in India).
const JobCountry = "IN"

// FeedJob is one position of a job feed: the job and its page's address.
type FeedJob struct {
	Job domain.Job
	URL string
}

// JobsFeedTitle is the title of the Atom feed of open positions that
// match a search, given as its values in the search's canonical order
// (none: every open position).
func (p Publisher) JobsFeedTitle(search []string) string {
	t := p.Jobs.FeedTitle
	if len(search) > 0 {
		t = strings.ReplaceAll(p.Jobs.FeedTitleFiltered, "{search}", strings.Join(search, " · "))
	}
	return strings.ReplaceAll(t, "{site}", p.Site.Name)
}

// JobSummary is a job's facts as one line of plain text: location,
// experience, and department and employment type when stated, labelled
// as the job's page labels them.
func (p Publisher) JobSummary(j domain.Job) string {
	l := p.Jobs.Facts
	facts := []string{l.Location + ": " + j.Location, l.Experience + ": " + p.Jobs.Experience(j.Experience)}
	if j.Department != "" {
		facts = append(facts, l.Department+": "+j.Department)
	}
	if j.EmploymentType != "" {
		facts = append(facts, l.EmploymentType+": "+p.Jobs.EmploymentType(j.EmploymentType))
	}
	return strings.Join(facts, " · ")
}

// JobChanged is when job j last changed: UpdatedAt, never before CreatedAt.
func JobChanged(j domain.Job) time.Time {
	if j.UpdatedAt.After(j.CreatedAt) {
		return j.UpdatedAt
	}
	return j.CreatedAt
}

// JobsFeed is the Atom feed of jobs (newest first), titled after search
// (see JobsFeedTitle). feedURL is its own address, the search's canonical
// query included, which is also its ID: each search is a feed of its own.
// pageURL is the jobs page showing the same search.
func (p Publisher) JobsFeed(feedURL, pageURL string, search []string, jobs []FeedJob) ([]byte, error) {
	author := atomPerson{Name: p.Site.Name, URI: p.Home()}
	feed := atomFeed{
		ID:      feedURL,
		Title:   p.JobsFeedTitle(search),
		Updated: W3CTime(time.Unix(0, 0)), // an empty feed, as the blog's
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: feedURL},
			{Rel: "alternate", Type: "text/html", Href: pageURL},
		},
		Author: author,
	}
	var newest time.Time
	for _, fj := range jobs {
		j := fj.Job
		changed := JobChanged(j)
		if changed.After(newest) {
			newest = changed
		}
		feed.Entries = append(feed.Entries, atomEntry{
			ID:        fj.URL,
			Title:     j.JobTitle,
			Updated:   W3CTime(changed),
			Published: W3CTime(j.CreatedAt),
			Summary:   p.JobSummary(j),
			// The description is sanitised HTML, sent as escaped text
			// (type="html"), as Atom has it.
			Content: &atomText{Type: "html", Text: j.Description},
			Links:   []atomLink{{Rel: "alternate", Type: "text/html", Href: fj.URL}},
			Author:  author,
		})
	}
	if !newest.IsZero() {
		feed.Updated = W3CTime(newest)
	}
	return encodeXML(feed)
}

// aggregatorSource is the XML feed job aggregators read: the publisher
// and its jobs, every value as character data.
type aggregatorSource struct {
	XMLName       xml.Name        `xml:"source"`
	Publisher     string          `xml:"publisher"`
	PublisherURL  string          `xml:"publisherurl"`
	LastBuildDate string          `xml:"lastBuildDate"`
	Jobs          []aggregatorJob `xml:"job"`
}

// cdata is a value written as a CDATA section; nil fields are left out.
type cdata struct {
	Text string `xml:",cdata"`
}

func cd(s string) *cdata { return &cdata{Text: xmlChars(s)} }

// cdOrNil is cd(s), or nil when s is empty (the element is left out).
func cdOrNil(s string) *cdata {
	if s == "" {
		return nil
	}
	return cd(s)
}

type aggregatorJob struct {
	Title           *cdata `xml:"title"`
	Date            *cdata `xml:"date"`
	ReferenceNumber *cdata `xml:"referencenumber"`
	URL             *cdata `xml:"url"`
	Company         *cdata `xml:"company"`
	City            *cdata `xml:"city"`
	State           *cdata `xml:"state"`
	Country         *cdata `xml:"country"`
	Description     *cdata `xml:"description"`
	Salary          *cdata `xml:"salary"`
	JobType         *cdata `xml:"jobtype"`
	Category        *cdata `xml:"category"`
	Experience      *cdata `xml:"experience"`
	ExpirationDate  *cdata `xml:"expirationdate"`
}

// aggregatorJobTypes are the aggregators' words for the employment types.
var aggregatorJobTypes = map[string]string{
	"FULL_TIME":  "fulltime",
	"PART_TIME":  "parttime",
	"CONTRACTOR": "contract",
	"INTERN":     "internship",
}

// aggregatorTime is the date format of the aggregator feed (RFC 1123, GMT).
func aggregatorTime(t time.Time) string {
	return t.UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT")
}

// AggregatorSalary is a job's yearly salary in rupees as aggregators read
// it ("INR 600000 - 900000 per year"), or "" when none is stated.
func AggregatorSalary(minimum, maximum int64) string {
	lo, hi := strconv.FormatInt(minimum, 10), strconv.FormatInt(maximum, 10)
	switch {
	case minimum > 0 && maximum > 0:
		return "INR " + lo + " - " + hi + " per year"
	case minimum > 0:
		return "From INR " + lo + " per year"
	case maximum > 0:
		return "Up to INR " + hi + " per year"
	}
	return ""
}

// AggregatorFeed is the XML feed of jobs for job aggregators, in the
// shape most of them read: <source> with the publisher, then one <job>
// each with title, date (posted), reference number (the job's ID), URL,
// company, city, state, country, description (HTML), salary, job type,
// category (department), experience and expiration date (the last day to
// apply). Every value is a CDATA section (a "]]>" inside is split across
// two), so the HTML of descriptions needs no escaping.
func (p Publisher) AggregatorFeed(jobs []FeedJob) ([]byte, error) {
	src := aggregatorSource{
		Publisher:     p.Site.Name,
		PublisherURL:  p.Home(),
		LastBuildDate: aggregatorTime(time.Unix(0, 0)),
	}
	var newest time.Time
	for _, fj := range jobs {
		j := fj.Job
		if changed := JobChanged(j); changed.After(newest) {
			newest = changed
		}
		aj := aggregatorJob{
			Title:           cd(j.JobTitle),
			Date:            cd(aggregatorTime(j.CreatedAt)),
			ReferenceNumber: cd(j.ID),
			URL:             cd(fj.URL),
			Company:         cd(p.Site.Name),
			City:            cd(j.Location),
			State:           cdOrNil(regionOf[strings.ToLower(j.Location)]),
			Country:         cd(JobCountry),
			Description:     cd(j.Description),
			Salary:          cdOrNil(AggregatorSalary(j.SalaryMin, j.SalaryMax)),
			JobType:         cdOrNil(aggregatorJobTypes[j.EmploymentType]),
			Category:        cdOrNil(j.Department),
			Experience:      cd(p.Jobs.Experience(j.Experience)),
		}
		if j.ClosingDate != nil {
			d := j.ClosingDate.UTC()
			aj.ExpirationDate = cd(aggregatorTime(time.Date(d.Year(), d.Month(), d.Day(), 23, 59, 59, 0, time.UTC)))
		}
		src.Jobs = append(src.Jobs, aj)
	}
	if !newest.IsZero() {
		src.LastBuildDate = aggregatorTime(newest)
	}
	return encodeXML(src)
}

// xmlChars is s with every character XML 1.0 does not allow (control
// characters other than tab and line breaks, U+FFFE, U+FFFF, bytes that
// are not UTF-8) replaced by U+FFFD. Escaped text gets this from
// encoding/xml; CDATA sections are written as they are, so they need it.
func xmlChars(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t', r == '\n', r == '\r',
			0x20 <= r && r <= 0xD7FF,
			0xE000 <= r && r <= 0xFFFD,
			0x10000 <= r && r <= 0x10FFFF:
			return r
		}
		return 0xFFFD
	}, s)
}
