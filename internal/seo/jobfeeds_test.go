package seo_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/seo"
	"corpsite/internal/sitecontent"
)

// jobsPub is pub with the job pages' real copy.
func jobsPub(t *testing.T) seo.Publisher {
	t.Helper()
	c, err := sitecontent.Load()
	if err != nil {
		t.Fatal(err)
	}
	p := pub
	p.Jobs = c.Jobs
	return p
}

// hostile is a job whose every text tries to break out of XML: CDATA
// ends, entities, markup, a control character and bytes that are not UTF-8.
var hostile = domain.Job{
	ID:             "h1",
	JobTitle:       "Lead ]]> & <script>alert(1)</script> \x01dev\xff",
	Location:       "Hyderabad",
	Experience:     "1",
	Department:     "R&D ]]]]>",
	EmploymentType: "CONTRACTOR",
	Description:    "<p>Fish &amp; chips ]]> <b>bold</b></p><![CDATA[x]]>",
	SalaryMin:      600000,
	SalaryMax:      900000,
	CreatedAt:      time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC),
	UpdatedAt:      time.Date(2026, 11, 5, 10, 0, 0, 0, time.UTC),
}

// elementNames are the names of every element of doc, which must be
// well-formed XML: markup in a job's text must never become an element.
func elementNames(t *testing.T, doc []byte) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return names
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			names[se.Name.Local] = true
		}
	}
}

// sanitizedText is what a hostile text reads as after the document is
// parsed back: characters XML cannot carry become U+FFFD.
func sanitizedText(s string) string {
	return strings.NewReplacer("\x01", "\uFFFD", "\xff", "\uFFFD").Replace(s)
}

func TestJobsFeedTitleAndSummary(t *testing.T) {
	p := jobsPub(t)
	if got, want := p.JobsFeedTitle(nil), "Open positions at Acme Works"; got != want {
		t.Errorf("JobsFeedTitle() = %q, want %q", got, want)
	}
	if got, want := p.JobsFeedTitle([]string{"go", "Pune", "2-4"}), "Open positions at Acme Works matching “go · Pune · 2-4”"; got != want {
		t.Errorf("JobsFeedTitle(search) = %q, want %q", got, want)
	}
	full := domain.Job{Location: "Pune", Experience: "2-4", Department: "Cloud", EmploymentType: "FULL_TIME"}
	if got, want := p.JobSummary(full), "Location: Pune · Experience: 2-4 years · Department: Cloud · Employment type: Full-time"; got != want {
		t.Errorf("JobSummary = %q, want %q", got, want)
	}
	if got, want := p.JobSummary(domain.Job{Location: "Pune", Experience: "1"}), "Location: Pune · Experience: 1 year"; got != want {
		t.Errorf("JobSummary without department and type = %q, want %q", got, want)
	}
}

// atomJobs is what a test reads from a job feed.
type atomJobs struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"link"`
	Entries []struct {
		ID        string `xml:"id"`
		Title     string `xml:"title"`
		Updated   string `xml:"updated"`
		Published string `xml:"published"`
		Summary   string `xml:"summary"`
		Content   struct {
			Type string `xml:"type,attr"`
			Text string `xml:",chardata"`
		} `xml:"content"`
		Link struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"entry"`
}

func TestJobsFeedKeepsHostileTextAsText(t *testing.T) {
	p := jobsPub(t)
	older := domain.Job{ID: "o1", JobTitle: "Tester", Location: "Pune", Experience: "2-4", Description: "<p>Tests.</p>",
		CreatedAt: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)}
	doc, err := p.JobsFeed("https://acme.test/jobs/feed.xml?q=lead", "https://acme.test/jobs?q=lead", []string{"lead"},
		[]seo.FeedJob{{Job: hostile, URL: "https://acme.test/job/h1"}, {Job: older, URL: "https://acme.test/job/o1"}})
	if err != nil {
		t.Fatal(err)
	}
	for name := range elementNames(t, doc) {
		if !strings.Contains(" feed id title updated link author name uri entry published summary content ", " "+name+" ") {
			t.Errorf("the feed has an element <%s>: a job's text became markup", name)
		}
	}
	var feed atomJobs
	if err := xml.Unmarshal(doc, &feed); err != nil {
		t.Fatal(err)
	}
	if feed.ID != "https://acme.test/jobs/feed.xml?q=lead" || feed.Updated != "2026-11-05T10:00:00Z" || len(feed.Entries) != 2 {
		t.Fatalf("feed id %q updated %q, %d entries", feed.ID, feed.Updated, len(feed.Entries))
	}
	e := feed.Entries[0]
	if e.Title != sanitizedText(hostile.JobTitle) {
		t.Errorf("title read back %q, want the text %q", e.Title, hostile.JobTitle)
	}
	if e.Content.Type != "html" || e.Content.Text != hostile.Description {
		t.Errorf("content %q (%s), want the description's HTML as text", e.Content.Text, e.Content.Type)
	}
	if e.ID != "https://acme.test/job/h1" || e.Link.Href != e.ID || e.Published != "2026-11-01T09:30:00Z" || e.Updated != "2026-11-05T10:00:00Z" {
		t.Errorf("entry = %+v", e)
	}
	if want := "Location: Hyderabad · Experience: 1 year · Department: R&D ]]]]> · Employment type: Contract"; e.Summary != want {
		t.Errorf("summary %q, want %q", e.Summary, want)
	}
	// Never updated: the entry's updated is when it was made.
	if feed.Entries[1].Updated != "2026-10-01T00:00:00Z" {
		t.Errorf("an entry never updated has updated %q", feed.Entries[1].Updated)
	}
	if bytes.Contains(doc, []byte("<script")) || bytes.Contains(doc, []byte("<b>")) {
		t.Errorf("markup is in the feed unescaped:\n%s", doc)
	}
}

// aggregatorDoc is what a test reads from the aggregators' feed.
type aggregatorDoc struct {
	XMLName       xml.Name `xml:"source"`
	Publisher     string   `xml:"publisher"`
	PublisherURL  string   `xml:"publisherurl"`
	LastBuildDate string   `xml:"lastBuildDate"`
	Jobs          []struct {
		Title           string  `xml:"title"`
		Date            string  `xml:"date"`
		ReferenceNumber string  `xml:"referencenumber"`
		URL             string  `xml:"url"`
		Company         string  `xml:"company"`
		City            string  `xml:"city"`
		State           *string `xml:"state"`
		Country         string  `xml:"country"`
		Description     string  `xml:"description"`
		Salary          *string `xml:"salary"`
		JobType         *string `xml:"jobtype"`
		Category        *string `xml:"category"`
		Experience      string  `xml:"experience"`
		ExpirationDate  *string `xml:"expirationdate"`
	} `xml:"job"`
}

func TestAggregatorFeed(t *testing.T) {
	p := jobsPub(t)
	closing := time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	plain := domain.Job{ID: "p1", JobTitle: "Tester", Location: "Pune", Experience: "2-4", Description: "<p>Tests.</p>",
		ClosingDate: &closing, CreatedAt: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)}
	doc, err := p.AggregatorFeed([]seo.FeedJob{{Job: hostile, URL: "https://acme.test/job/h1"}, {Job: plain, URL: "https://acme.test/job/p1"}})
	if err != nil {
		t.Fatal(err)
	}
	allowed := " source publisher publisherurl lastBuildDate job title date referencenumber url company city state country description salary jobtype category experience expirationdate "
	for name := range elementNames(t, doc) {
		if !strings.Contains(allowed, " "+name+" ") {
			t.Errorf("the feed has an element <%s>: a job's text became markup", name)
		}
	}
	// "]]>" inside a value is split across two CDATA sections.
	if bytes.Count(doc, []byte("]]]]><![CDATA[>")) < 3 {
		t.Errorf("the CDATA ends in the title, department and description are not split:\n%s", doc)
	}
	var src aggregatorDoc
	if err := xml.Unmarshal(doc, &src); err != nil {
		t.Fatal(err)
	}
	if src.Publisher != "Acme Works" || src.PublisherURL != "https://acme.test/" || src.LastBuildDate != "Thu, 05 Nov 2026 10:00:00 GMT" || len(src.Jobs) != 2 {
		t.Fatalf("source = %+v", src)
	}
	h := src.Jobs[0]
	str := func(s *string) string {
		if s == nil {
			return "<none>"
		}
		return *s
	}
	for _, c := range []struct{ field, got, want string }{
		{"title", h.Title, sanitizedText(hostile.JobTitle)},
		{"date", h.Date, "Sun, 01 Nov 2026 09:30:00 GMT"},
		{"referencenumber", h.ReferenceNumber, "h1"},
		{"url", h.URL, "https://acme.test/job/h1"},
		{"company", h.Company, "Acme Works"},
		{"city", h.City, "Hyderabad"},
		{"state", str(h.State), "Telangana"},
		{"country", h.Country, "IN"},
		{"description", h.Description, hostile.Description},
		{"salary", str(h.Salary), "INR 600000 - 900000 per year"},
		{"jobtype", str(h.JobType), "contract"},
		{"category", str(h.Category), "R&D ]]]]>"},
		{"experience", h.Experience, "1 year"},
		{"expirationdate", str(h.ExpirationDate), "<none>"},
	} {
		if c.got != c.want {
			t.Errorf("hostile job's %s = %q, want %q", c.field, c.got, c.want)
		}
	}
	j := src.Jobs[1]
	if j.State != nil || j.Salary != nil || j.JobType != nil || j.Category != nil {
		t.Errorf("a job without region, salary, type or department has state %q, salary %q, jobtype %q, category %q",
			str(j.State), str(j.Salary), str(j.JobType), str(j.Category))
	}
	if str(j.ExpirationDate) != "Thu, 31 Dec 2026 23:59:59 GMT" || j.Experience != "2-4 years" {
		t.Errorf("expirationdate %q experience %q", str(j.ExpirationDate), j.Experience)
	}

	empty, err := p.AggregatorFeed(nil)
	if err != nil || !bytes.Contains(empty, []byte("<lastBuildDate>Thu, 01 Jan 1970 00:00:00 GMT</lastBuildDate>")) || bytes.Contains(empty, []byte("<job>")) {
		t.Errorf("an empty feed: %v\n%s", err, empty)
	}
}

func TestAggregatorSalary(t *testing.T) {
	for _, c := range []struct {
		lo, hi int64
		want   string
	}{
		{600000, 900000, "INR 600000 - 900000 per year"},
		{600000, 0, "From INR 600000 per year"},
		{0, 900000, "Up to INR 900000 per year"},
		{0, 0, ""},
	} {
		if got := seo.AggregatorSalary(c.lo, c.hi); got != c.want {
			t.Errorf("AggregatorSalary(%d, %d) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
