package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"corpsite/internal/domain"
)

// jobsAtom is what a test reads from the Atom feed of jobs.
type jobsAtom struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Type string `xml:"type,attr"`
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
		Content   struct {
			Type string `xml:"type,attr"`
			Text string `xml:",chardata"`
		} `xml:"content"`
		Link struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		} `xml:"link"`
		Author struct {
			Name string `xml:"name"`
		} `xml:"author"`
	} `xml:"entry"`
}

// aggregatorXML is what a test reads from the aggregators' feed.
type aggregatorXML struct {
	XMLName   xml.Name `xml:"source"`
	Publisher string   `xml:"publisher"`
	Jobs      []struct {
		Title           string `xml:"title"`
		Date            string `xml:"date"`
		ReferenceNumber string `xml:"referencenumber"`
		URL             string `xml:"url"`
		Company         string `xml:"company"`
		City            string `xml:"city"`
		Country         string `xml:"country"`
		Description     string `xml:"description"`
		Experience      string `xml:"experience"`
	} `xml:"job"`
}

// publicJobs are the stored jobs visitors may see at now, newest first.
func (f *fixture) publicJobs(t *testing.T, now time.Time) []domain.Job {
	t.Helper()
	var out []domain.Job
	for _, j := range f.jobs(t) {
		if j.Public(now) {
			out = append(out, j)
		}
	}
	return out
}

// getJobsFeed fetches and parses the Atom feed of jobs at target.
func (f *fixture) getJobsFeed(t *testing.T, target string) (jobsAtom, response) {
	t.Helper()
	res := f.get(t, target)
	if res.Status != http.StatusOK {
		t.Fatalf("GET %s = %d\n%s", target, res.Status, res.Body)
	}
	checkElements(t, target, res.Body, "feed id title updated link author name uri entry published summary content")
	var feed jobsAtom
	if err := xml.Unmarshal([]byte(res.Body), &feed); err != nil {
		t.Fatalf("GET %s is not an Atom document: %v\n%s", target, err, res.Body)
	}
	return feed, res
}

// getAggregatorFeed fetches and parses the aggregators' feed.
func (f *fixture) getAggregatorFeed(t *testing.T) (aggregatorXML, response) {
	t.Helper()
	res := f.get(t, "/jobs/aggregators.xml")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /jobs/aggregators.xml = %d\n%s", res.Status, res.Body)
	}
	checkElements(t, "/jobs/aggregators.xml", res.Body, "source publisher publisherurl lastBuildDate job title date referencenumber url company city state country description salary jobtype category experience expirationdate")
	var src aggregatorXML
	if err := xml.Unmarshal([]byte(res.Body), &src); err != nil {
		t.Fatalf("the aggregators' feed does not parse: %v\n%s", err, res.Body)
	}
	return src, res
}

// checkElements fails unless doc is well-formed XML whose elements all
// have one of the space-separated names: a job's text never becomes markup.
func checkElements(t *testing.T, what, doc, names string) {
	t.Helper()
	allowed := strings.Fields(names)
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v\n%s", what, err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok && !slices.Contains(allowed, se.Name.Local) {
			t.Errorf("%s has an element <%s>", what, se.Name.Local)
		}
	}
}

func entryIDs(feed jobsAtom) []string {
	var ids []string
	for _, e := range feed.Entries {
		ids = append(ids, strings.TrimPrefix(e.ID, baseURL+"/job/"))
	}
	return ids
}

func jobIDs(jobs []domain.Job) []string {
	var ids []string
	for _, j := range jobs {
		ids = append(ids, j.ID)
	}
	return ids
}

func TestJobsFeedListsPublicJobsNewestFirst(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	closed := f.createJob(t, "Closed Role", domain.JobClosed, nil)
	draft := f.createJob(t, "Draft Role", domain.JobDraft, nil)
	expired := f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -2)))
	closing := f.createJob(t, "Closing Today Role", domain.JobOpen, dateUTC(testNow))
	public := f.publicJobs(t, testNow)

	feed, res := f.getJobsFeed(t, "/jobs/feed.xml")
	if ct := res.Header.Get("Content-Type"); ct != "application/atom+xml; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Errorf("Cache-Control = %q, want the blog feed's", cc)
	}
	site := f.site.Site.Name
	if feed.ID != baseURL+"/jobs/feed.xml" || feed.Title != "Open positions at "+site || feed.Author.Name != site {
		t.Errorf("feed id %q title %q author %q", feed.ID, feed.Title, feed.Author.Name)
	}
	rels := map[string]string{}
	for _, l := range feed.Links {
		rels[l.Rel] = l.Href
	}
	if rels["self"] != baseURL+"/jobs/feed.xml" || rels["alternate"] != baseURL+"/jobs" {
		t.Errorf("feed links %v", rels)
	}
	if got, want := entryIDs(feed), jobIDs(public); !slices.Equal(got, want) {
		t.Fatalf("entries %v, want the public jobs newest first %v", got, want)
	}
	if !slices.Contains(entryIDs(feed), closing.ID) {
		t.Errorf("a job open until the end of today is missing")
	}
	for _, j := range []domain.Job{closed, draft, expired} {
		if strings.Contains(res.Body, j.ID) || strings.Contains(res.Body, j.JobTitle) {
			t.Errorf("the feed holds %q (%s)", j.JobTitle, j.Status)
		}
	}
	var newest time.Time
	for i, e := range feed.Entries {
		j := public[i]
		url := baseURL + "/job/" + j.ID
		if e.ID != url || e.Title != j.JobTitle || e.Link.Href != url || e.Link.Rel != "alternate" || e.Author.Name != site {
			t.Errorf("entry %d = id %q title %q link %+v, want %q at %s", i, e.ID, e.Title, e.Link, j.JobTitle, url)
		}
		published, err := time.Parse(time.RFC3339, e.Published)
		if err != nil || !published.Equal(j.CreatedAt.Truncate(time.Second)) {
			t.Errorf("entry %q published %q, want %v", j.JobTitle, e.Published, j.CreatedAt)
		}
		updated, err := time.Parse(time.RFC3339, e.Updated)
		if err != nil || updated.Before(published) {
			t.Errorf("entry %q updated %q: want RFC 3339, not before published", j.JobTitle, e.Updated)
		}
		if updated.After(newest) {
			newest = updated
		}
		if !strings.HasPrefix(e.Summary, "Location: "+j.Location+" · Experience: ") || strings.ContainsAny(e.Summary, "<>") {
			t.Errorf("entry %q summary %q: want plain text starting with its location", j.JobTitle, e.Summary)
		}
		if e.Content.Type != "html" || e.Content.Text != j.Description {
			t.Errorf("entry %q content (%s) %q, want its description's HTML", j.JobTitle, e.Content.Type, e.Content.Text)
		}
	}
	if feed.Updated != newest.UTC().Format(time.RFC3339) {
		t.Errorf("feed updated %q, want its newest entry's %s", feed.Updated, newest.UTC().Format(time.RFC3339))
	}

	head := f.do(t, http.MethodHead, "/jobs/feed.xml", nil)
	if head.Status != http.StatusOK || head.Header.Get("Content-Type") != res.Header.Get("Content-Type") || head.Body != "" {
		t.Errorf("HEAD /jobs/feed.xml = %d %q with %d bytes", head.Status, head.Header.Get("Content-Type"), len(head.Body))
	}
}

func TestJobsFeedFollowsTheSearch(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.createJob(t, "Expired Bangalore Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -1)))
	var bangalore []domain.Job
	for _, j := range f.publicJobs(t, testNow) {
		if j.Location == "Bengaluru" { // Bangalore is its alias
			bangalore = append(bangalore, j)
		}
	}
	if len(bangalore) == 0 || len(bangalore) == len(f.publicJobs(t, testNow)) {
		t.Fatalf("the seed needs some open jobs in Bengaluru and some elsewhere")
	}
	feed, _ := f.getJobsFeed(t, "/jobs/feed.xml?utm_source=mail&location=+Bangalore&page=2")
	if got, want := entryIDs(feed), jobIDs(bangalore); !slices.Equal(got, want) {
		t.Errorf("filtered entries %v, want the public Bangalore jobs %v", got, want)
	}
	self := baseURL + "/jobs/feed.xml?location=Bangalore"
	rels := map[string]string{}
	for _, l := range feed.Links {
		rels[l.Rel] = l.Href
	}
	if feed.ID != self || rels["self"] != self || rels["alternate"] != baseURL+"/jobs?location=Bangalore" {
		t.Errorf("feed id %q links %v: want the canonical query %s", feed.ID, rels, self)
	}
	if want := fmt.Sprintf("Open positions at %s matching “Bangalore”", f.site.Site.Name); feed.Title != want {
		t.Errorf("title %q, want %q", feed.Title, want)
	}

	// The feed lists what the jobs page's search finds, for any search.
	for _, query := range []string{"q=engineer", "q=react&location=Hyderabad", "experience=2-4", "department=Engineering", "q=nothing-matches-this"} {
		feed, _ := f.getJobsFeed(t, "/jobs/feed.xml?"+query)
		var search struct {
			Jobs []struct {
				ID string `json:"id"`
			} `json:"jobs"`
		}
		if err := json.Unmarshal([]byte(f.get(t, "/api/jobs/search?"+query).Body), &search); err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, j := range search.Jobs {
			want = append(want, j.ID)
		}
		if got := entryIDs(feed); !slices.Equal(got, want) {
			t.Errorf("feed of ?%s lists %v, the search finds %v", query, got, want)
		}
	}
}

func TestJobsFeedIsBounded(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for i := range 55 {
		j := domain.Job{JobTitle: fmt.Sprintf("Bulk Role %02d", i), Experience: "2-4", Location: "Pune", Description: "<p>Bulk.</p>",
			Status: domain.JobOpen, CreatedAt: testNow.Add(time.Duration(i-60) * time.Minute)}
		if err := f.store.CreateJob(context.Background(), &j); err != nil {
			t.Fatal(err)
		}
	}
	public := f.publicJobs(t, testNow)
	feed, _ := f.getJobsFeed(t, "/jobs/feed.xml")
	if got, want := entryIDs(feed), jobIDs(public[:50]); !slices.Equal(got, want) {
		t.Errorf("%d entries, want the 50 newest of %d public jobs", len(got), len(public))
	}
	src, _ := f.getAggregatorFeed(t)
	if len(src.Jobs) != len(public) {
		t.Errorf("the aggregators' feed has %d jobs, want all %d public ones", len(src.Jobs), len(public))
	}
}

func TestJobsFeedBoundsItsDescriptions(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	long := "<p>" + strings.Repeat("word ", 18_000) + "</p>" // 90 KB: close to the longest description saved
	for i := range 15 {
		j := domain.Job{JobTitle: fmt.Sprintf("Long Role %02d", i), Experience: "2-4", Location: "Pune", Description: long,
			Status: domain.JobOpen, CreatedAt: testNow.Add(time.Duration(i-30) * time.Minute)}
		if err := f.store.CreateJob(context.Background(), &j); err != nil {
			t.Fatal(err)
		}
	}
	public := f.publicJobs(t, testNow)
	feed, res := f.getJobsFeed(t, "/jobs/feed.xml")
	n := len(feed.Entries)
	if n == 0 || n >= len(public) || !slices.Equal(entryIDs(feed), jobIDs(public[:n])) {
		t.Fatalf("%d entries of %d public jobs: want the newest whose descriptions fit", n, len(public))
	}
	size := 0
	for _, j := range public[:n] {
		size += len(j.Description)
	}
	if size > 1<<20 || size+len(public[n].Description) <= 1<<20 {
		t.Errorf("the entries' descriptions take %d bytes, the next %d: want the most that fit 1 MiB", size, len(public[n].Description))
	}
	if len(res.Body) > 2<<20 {
		t.Errorf("the feed is %d bytes", len(res.Body))
	}
	if src, _ := f.getAggregatorFeed(t); len(src.Jobs) != len(public) {
		t.Errorf("the aggregators' feed has %d jobs, want all %d (8 MiB of descriptions)", len(src.Jobs), len(public))
	}
}

func TestJobFeedsChangeAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	// The jobs page is cached; the feeds must not lag behind it or the store.
	f.get(t, "/jobs")
	before, _ := f.getJobsFeed(t, "/jobs/feed.xml")

	job := f.createJob(t, "Freshly Published Role", domain.JobDraft, dateUTC(testNow.AddDate(0, 0, 1)))
	feedHas := func(id string) (atom, agg bool) {
		feed, _ := f.getJobsFeed(t, "/jobs/feed.xml")
		src, _ := f.getAggregatorFeed(t)
		for _, j := range src.Jobs {
			agg = agg || j.ReferenceNumber == id
		}
		return slices.Contains(entryIDs(feed), id), agg
	}
	if a, g := feedHas(job.ID); a || g {
		t.Fatalf("a draft is in the feeds (Atom %v, aggregators %v)", a, g)
	}
	job.Status = domain.JobOpen
	if err := f.store.UpdateJob(ctx, &job); err != nil {
		t.Fatal(err)
	}
	if a, g := feedHas(job.ID); !a || !g {
		t.Errorf("a published job is missing from the feeds (Atom %v, aggregators %v)", a, g)
	}
	f.clock.Add(48 * time.Hour) // past its closing date
	if a, g := feedHas(job.ID); a || g {
		t.Errorf("a job past its closing date is in the feeds (Atom %v, aggregators %v)", a, g)
	}
	f.clock.Add(-48 * time.Hour)
	job.Status = domain.JobClosed
	if err := f.store.UpdateJob(ctx, &job); err != nil {
		t.Fatal(err)
	}
	if a, g := feedHas(job.ID); a || g {
		t.Errorf("a closed job is in the feeds (Atom %v, aggregators %v)", a, g)
	}
	after, _ := f.getJobsFeed(t, "/jobs/feed.xml")
	if !slices.Equal(entryIDs(after), entryIDs(before)) {
		t.Errorf("after publishing and closing one job the feed lists %v, before %v", entryIDs(after), entryIDs(before))
	}
}

func TestJobFeedsKeepHostileTextInert(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	title := `Lead ]]> & <script>alert("x")</script> Engineer`
	j := domain.Job{JobTitle: title, Experience: "2-4", Location: "Pune", Status: domain.JobOpen,
		Description: `<p>Fish &amp; chips ]]&gt; done ]]> <b>bold</b></p><script>alert(1)</script><p onclick="x()">Tap</p>`,
		CreatedAt:   testNow.Add(-time.Minute)}
	if err := f.store.CreateJob(context.Background(), &j); err != nil {
		t.Fatal(err)
	}
	stored, err := f.store.GetJob(context.Background(), j.ID)
	if err != nil {
		t.Fatal(err)
	}

	feed, res := f.getJobsFeed(t, "/jobs/feed.xml?q=fish")
	if len(feed.Entries) != 1 || feed.Entries[0].Title != title {
		t.Fatalf("the search for the hostile job found %v", feed.Entries)
	}
	if got := feed.Entries[0].Content.Text; got != stored.Description || strings.Contains(got, "<script") || strings.Contains(got, "onclick") {
		t.Errorf("content %q, want the stored (sanitised) description %q", got, stored.Description)
	}
	if strings.Contains(res.Body, "<script") || strings.Contains(res.Body, "<b>") {
		t.Errorf("markup is in the Atom feed unescaped:\n%s", res.Body)
	}

	src, res := f.getAggregatorFeed(t)
	var found bool
	for _, aj := range src.Jobs {
		if aj.ReferenceNumber != j.ID {
			continue
		}
		found = true
		if aj.Title != title || aj.Description != stored.Description {
			t.Errorf("aggregator job title %q description %q, want %q and %q", aj.Title, aj.Description, title, stored.Description)
		}
		if aj.URL != baseURL+"/job/"+j.ID || aj.Company != f.site.Site.Name || aj.City != "Pune" || aj.Country != "IN" || aj.Experience != "2-4 years" {
			t.Errorf("aggregator job = %+v", aj)
		}
	}
	if !found {
		t.Fatalf("the hostile job is missing from the aggregators' feed")
	}
	if !strings.Contains(res.Body, "]]]]><![CDATA[>") {
		t.Errorf("the title's \"]]>\" is not split across CDATA sections:\n%s", res.Body)
	}
}

func TestAggregatorFeedHeadersAndJobs(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	f.createJob(t, "Closed Role", domain.JobClosed, nil)
	f.createJob(t, "Draft Role", domain.JobDraft, nil)
	f.createJob(t, "Expired Role", domain.JobOpen, dateUTC(testNow.AddDate(0, 0, -2)))
	src, res := f.getAggregatorFeed(t)
	if ct := res.Header.Get("Content-Type"); ct != "application/xml; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Errorf("Cache-Control = %q", cc)
	}
	if src.Publisher != f.site.Site.Name {
		t.Errorf("publisher %q", src.Publisher)
	}
	public := f.publicJobs(t, testNow)
	var got []string
	for _, aj := range src.Jobs {
		got = append(got, aj.ReferenceNumber)
	}
	if !slices.Equal(got, jobIDs(public)) {
		t.Errorf("jobs %v, want the public ones newest first %v", got, jobIDs(public))
	}
	for i, aj := range src.Jobs {
		j := public[i]
		date, err := time.Parse(time.RFC1123, aj.Date)
		if err != nil || !date.Equal(j.CreatedAt.Truncate(time.Second)) || !strings.HasSuffix(aj.Date, " GMT") {
			t.Errorf("job %q date %q, want its creation in RFC 1123 GMT", j.JobTitle, aj.Date)
		}
		if aj.Title != j.JobTitle || aj.URL != baseURL+"/job/"+j.ID || aj.City != j.Location || aj.Description != j.Description {
			t.Errorf("job %d = %q %q %q, want %q", i, aj.Title, aj.URL, aj.City, j.JobTitle)
		}
	}
	for _, title := range []string{"Closed Role", "Draft Role", "Expired Role"} {
		if strings.Contains(res.Body, title) {
			t.Errorf("the aggregators' feed lists %q", title)
		}
	}
}

// headFeeds are the Atom feeds a page's <head> advertises, in order:
// href, title and whether it is marked data-page-feed.
func headFeeds(t *testing.T, doc string) [][3]string {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var out [][3]string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "body" {
			return
		}
		if n.Type == html.ElementNode && n.Data == "link" {
			a := map[string]string{}
			marked := false
			for _, at := range n.Attr {
				a[at.Key] = at.Val
				marked = marked || at.Key == "data-page-feed"
			}
			if a["rel"] == "alternate" && a["type"] == "application/atom+xml" {
				out = append(out, [3]string{a["href"], a["title"], fmt.Sprint(marked)})
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
}

func TestPagesAdvertiseTheJobsFeed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	site := f.site.Site.Name
	blog := [3]string{"/blog/feed.xml", site + " Blog", "false"}
	for _, c := range []struct {
		path string
		want [][3]string
	}{
		{"/jobs", [][3]string{{"/jobs/feed.xml", "Open positions at " + site, "true"}, blog}},
		{"/jobs?location=Hyderabad&q=react&utm_source=x", [][3]string{{"/jobs/feed.xml?q=react&location=Hyderabad", "Open positions at " + site + " matching “react · Hyderabad”", "true"}, blog}},
		{"/jobs?workplace=remote&years=4", [][3]string{{"/jobs/feed.xml?years=4&workplace=remote", "Open positions at " + site + " matching “4 years of experience · Remote”", "true"}, blog}},
		{"/career", [][3]string{{"/jobs/feed.xml", "Open positions at " + site, "true"}, blog}},
		{"/about", [][3]string{blog}},
	} {
		res := f.get(t, c.path)
		if got := headFeeds(t, res.Body); !slices.Equal(got, c.want) {
			t.Errorf("GET %s advertises %v, want %v", c.path, got, c.want)
		}
	}
	// The visible link of the search's feed is in the server's HTML.
	body := f.get(t, "/jobs?location=Hyderabad").Body
	if !bytes.Contains([]byte(body), []byte(`href="/jobs/feed.xml?location=Hyderabad"`)) || !strings.Contains(body, "Subscribe to these jobs (Atom feed)") {
		t.Errorf("/jobs?location=Hyderabad has no visible link to its feed")
	}
}
