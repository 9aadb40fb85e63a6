package seo_test

import (
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/seo"
	"corpsite/internal/sitecontent"
)

var pub = seo.Publisher{Site: sitecontent.Site{Name: "Acme Works", Email: "hello@acme.test"}, BaseURL: "https://acme.test"}

func TestTruncateAndPlainText(t *testing.T) {
	if got := seo.PlainText("<p>Build <b>APIs</b></p><ul><li>Go</li></ul>"); got != "Build APIs Go" {
		t.Errorf("PlainText = %q", got)
	}
	long := strings.Repeat("word ", 50)
	got := seo.Truncate(long, 40)
	if !strings.HasSuffix(got, "…") || len([]rune(got)) > 40 || strings.Contains(got, "wor…") {
		t.Errorf("Truncate = %q: want at most 40 characters, cut at a word, with …", got)
	}
	if got := seo.Truncate("short", 40); got != "short" {
		t.Errorf("Truncate(short) = %q", got)
	}
}

func TestJobPostingCheckFollowsTheEmittedData(t *testing.T) {
	closing := time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	full := domain.Job{ID: "j1", JobTitle: "Go Developer", Description: "<p>Services in Go.</p>", Location: "Hyderabad",
		CreatedAt: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), ClosingDate: &closing, EmploymentType: "FULL_TIME", SalaryMin: 900000}
	posting := pub.JobPosting(full, "https://acme.test/job/j1")
	addr := posting["jobLocation"].(seo.LD)["address"].(seo.LD)
	if addr["addressRegion"] != "Telangana" || posting["validThrough"] != "2026-12-31T23:59:59Z" {
		t.Errorf("posting = %v", posting)
	}
	for _, item := range pub.CheckJobPosting(full, "https://acme.test/job/j1") {
		if !item.OK {
			t.Errorf("%s missing from a complete posting", item.Field)
		}
	}

	bare := domain.Job{ID: "j2", JobTitle: "Tester", Description: "<p> </p>", Location: "Pune"}
	missing := map[string]string{}
	for _, item := range pub.CheckJobPosting(bare, "https://acme.test/job/j2") {
		if !item.OK {
			missing[item.Field] = item.Hint
		}
	}
	for _, f := range []string{"description", "jobLocation.address.addressRegion", "validThrough", "employmentType", "baseSalary"} {
		if _, ok := missing[f]; !ok {
			t.Errorf("%s not reported missing; missing = %v", f, missing)
		}
	}
	if !strings.Contains(missing["jobLocation.address.addressRegion"], "Bengaluru") {
		t.Errorf("the region hint names no known city: %q", missing["jobLocation.address.addressRegion"])
	}
}

func TestFeedAndSitemapAreWellFormed(t *testing.T) {
	post := domain.BlogPost{ID: "p1", Title: "Moving to <PostgreSQL> & back", CreatedAt: time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC),
		UpdatedAt: time.Date(2026, 10, 3, 9, 0, 0, 0, time.UTC)}
	doc, err := pub.BlogFeed("https://acme.test/blog", "https://acme.test/blog/feed.xml", "Notes", []seo.FeedPost{{Post: post, URL: "https://acme.test/blog/p1", Summary: "How"}})
	if err != nil {
		t.Fatal(err)
	}
	var feed struct {
		Title   string `xml:"title"`
		Updated string `xml:"updated"`
		Entries []struct {
			Title string `xml:"title"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(doc, &feed); err != nil {
		t.Fatalf("feed is not XML: %v\n%s", err, doc)
	}
	if feed.Title != "Acme Works Blog" || feed.Updated != "2026-10-03T09:00:00Z" || len(feed.Entries) != 1 || feed.Entries[0].Title != post.Title {
		t.Errorf("feed = %+v", feed)
	}

	empty, err := pub.BlogFeed("https://acme.test/blog", "https://acme.test/blog/feed.xml", "", nil)
	if err != nil || !strings.Contains(string(empty), "<updated>1970-01-01T00:00:00Z</updated>") {
		t.Errorf("an empty feed has no fixed date: %v\n%s", err, empty)
	}

	sm, err := seo.Sitemap([]seo.SitemapURL{{Loc: "https://acme.test/"}, {Loc: "https://acme.test/job/j1", LastMod: "2026-11-01T00:00:00Z"}})
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(sm, &set); err != nil || len(set.URLs) != 2 || set.URLs[1].LastMod == "" || set.URLs[0].LastMod != "" {
		t.Errorf("sitemap = %+v, %v", set, err)
	}
	if !strings.Contains(pub.Robots(), "Sitemap: https://acme.test/sitemap.xml") {
		t.Errorf("robots.txt = %q", pub.Robots())
	}
}

func TestJobPostingRemote(t *testing.T) {
	for _, tt := range []struct {
		workplace string
		remote    bool
	}{{domain.WorkplaceRemote, true}, {domain.WorkplaceHybrid, false}, {domain.WorkplaceOnsite, false}} {
		j := domain.Job{ID: "j1", JobTitle: "Designer", Description: "<p>Draw.</p>", Location: "Bengaluru", Workplace: tt.workplace}
		posting := pub.JobPosting(j, "https://acme.test/job/j1")
		req, _ := posting["applicantLocationRequirements"].(seo.LD)
		gotRemote := posting["jobLocationType"] == "TELECOMMUTE" && req["@type"] == "Country" && req["name"] == "India"
		if gotRemote != tt.remote {
			t.Errorf("%s: jobLocationType %v, applicantLocationRequirements %v", tt.workplace, posting["jobLocationType"], req)
		}
		if !tt.remote && (posting["jobLocationType"] != nil || posting["applicantLocationRequirements"] != nil) {
			t.Errorf("%s: remote properties on a job that is not remote", tt.workplace)
		}
		if posting["directApply"] != true || posting["jobLocation"] == nil {
			t.Errorf("%s: directApply %v, jobLocation %v", tt.workplace, posting["directApply"], posting["jobLocation"])
		}
	}
}
