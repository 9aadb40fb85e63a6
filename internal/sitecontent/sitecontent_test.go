package sitecontent_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"corpsite/internal/sitecontent"
)

func TestLoadEmbeddedContent(t *testing.T) {
	c, err := sitecontent.Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if c.Site.Name == "" || c.Site.Email == "" {
		t.Errorf("site name %q, email %q; want both", c.Site.Name, c.Site.Email)
	}
	if c.Site.Address.Locality == "" || len(c.Site.Address.Country) != 2 {
		t.Errorf("address %+v: want a locality and a two-letter country code", c.Site.Address)
	}
	// Every screen the server renders needs a title and a description.
	for _, key := range []string{"/", "notFound", "error"} {
		m, ok := c.Pages[key]
		if !ok || m.Title == "" || m.Description == "" {
			t.Errorf("Pages[%q] = %+v, %v; want a title and a description", key, m, ok)
		}
		if len([]rune(m.Description)) > 200 {
			t.Errorf("Pages[%q].Description has %d runes; search engines show about 160", key, len([]rune(m.Description)))
		}
	}
}

func TestTitle(t *testing.T) {
	c := &sitecontent.Content{Site: sitecontent.Site{Name: "Acme"}}
	if got, want := c.Title("About Us"), "About Us | Acme"; got != want {
		t.Errorf("Title mismatch (-want +got):\n- %q\n+ %q", want, got)
	}
}

const validBlog = `{"card": {"descriptionFallback": "No description."}}`

const validJobs = `{"detail": {"experienceYears": "{experience} years", "experienceOneYear": "{experience} year", "facts": {"location": "Location"}, "employmentTypes": {"FULL_TIME": "Full-time"}, "workplaces": {"remote": "Remote"}}, "feed": {"title": "Jobs at {site}", "titleFiltered": "Jobs at {site}: {search}", "years": "{years} years"}, "describe": {"all": "Every job", "labels": {"location": "City"}}}`

const validPages = `{"/": {"title": "Home", "description": "d"}, "notFound": {"title": "NF", "description": "d"}, "error": {"title": "E", "description": "d"}}`

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"site.json":  {Data: []byte(`{"name": "Acme", "email": "a@example.com", "address": {"locality": "Pune", "country": "IN"}, "copyrightYear": 2021}`)},
		"pages.json": {Data: []byte(validPages)},
		"blog.json":  {Data: []byte(validBlog)},
		"jobs.json":  {Data: []byte(validJobs)},
	}
	c, err := sitecontent.LoadFS(fsys)
	if err != nil {
		t.Fatalf("LoadFS: %v", err)
	}
	if c.Site.Name != "Acme" || c.Site.Address.Locality != "Pune" || c.Site.CopyrightYear != 2021 {
		t.Errorf("Site = %+v; want name Acme, locality Pune, copyright 2021", c.Site)
	}
	if want := (sitecontent.PageMeta{Title: "NF", Description: "d"}); c.Pages["notFound"] != want {
		t.Errorf("Pages[notFound] mismatch (-want +got):\n- %+v\n+ %+v", want, c.Pages["notFound"])
	}
	j := c.Jobs
	if j.FeedTitle != "Jobs at {site}" || j.FeedTitleFiltered != "Jobs at {site}: {search}" || j.FeedYears != "{years} years" ||
		j.Workplaces["remote"] != "Remote" || j.Facts.Location != "Location" || j.SearchAll != "Every job" || j.SearchLabels["location"] != "City" {
		t.Errorf("Jobs = %+v; want the feed titles and fact labels of jobs.json", j)
	}
	for in, want := range map[string]string{"2-4": "2-4 years", "1": "1 year", "10+": "10+ years"} {
		if got := j.Experience(in); got != want {
			t.Errorf("Experience(%q) = %q, want %q", in, got, want)
		}
	}
	if got := j.EmploymentType("FULL_TIME"); got != "Full-time" {
		t.Errorf("EmploymentType(FULL_TIME) = %q, want Full-time", got)
	}
	if got := j.EmploymentType("SEASONAL"); got != "SEASONAL" {
		t.Errorf("EmploymentType of an unnamed code = %q, want the code", got)
	}
}

func TestLoadFSErrors(t *testing.T) {
	const site = `{"name": "Acme", "email": "a@example.com"}`
	tests := []struct {
		name  string
		files map[string]string
		want  string // in the error
	}{
		{"no site.json", map[string]string{"pages.json": validPages}, "site.json"},
		{"no pages.json", map[string]string{"site.json": site}, "pages.json"},
		{"broken site.json", map[string]string{"site.json": `{"name":`, "pages.json": validPages}, "site.json"},
		{"broken pages.json", map[string]string{"site.json": site, "pages.json": `[]`}, "pages.json"},
		{"no name", map[string]string{"site.json": `{"email": "a@example.com"}`, "pages.json": validPages}, "name"},
		{"no email", map[string]string{"site.json": `{"name": "Acme"}`, "pages.json": validPages}, "email"},
		{"no error page", map[string]string{"site.json": site, "pages.json": `{"/": {}, "notFound": {}}`}, `"error"`},
		{"no home page", map[string]string{"site.json": site, "pages.json": `{"error": {}, "notFound": {}}`}, `"/"`},
		{"unknown time zone", map[string]string{"site.json": `{"name": "Acme", "email": "a@example.com", "timeZone": "Mars/Olympus"}`, "pages.json": validPages}, "timeZone"},
		{"no blog fallback", map[string]string{"site.json": site, "pages.json": validPages, "blog.json": `{"card": {}}`}, "descriptionFallback"},
		{"no jobs.json", map[string]string{"site.json": site, "pages.json": validPages, "jobs.json": ""}, "jobs.json"},
		{"no feed title", map[string]string{"site.json": site, "pages.json": validPages, "jobs.json": `{"detail": {"experienceYears": "{experience} years", "employmentTypes": {"FULL_TIME": "Full-time"}}}`}, "feed.title"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"blog.json": {Data: []byte(validBlog)}, "jobs.json": {Data: []byte(validJobs)}}
			for name, data := range tt.files {
				if data == "" {
					delete(fsys, name)
					continue
				}
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
			}
			c, err := sitecontent.LoadFS(fsys)
			if err == nil {
				t.Fatalf("LoadFS = %+v, nil; want an error", c)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("LoadFS error %q does not mention %s", err, tt.want)
			}
		})
	}
}

func TestLongDateUsesTheSiteTimeZone(t *testing.T) {
	c, err := sitecontent.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Site.TimeZone != "Asia/Kolkata" {
		t.Fatalf("site time zone %q, want Asia/Kolkata (the demo company is in Hyderabad)", c.Site.TimeZone)
	}
	for _, tc := range []struct {
		at   time.Time
		want string
	}{
		// 18:29 UTC is 23:59 in India; 18:30 UTC is already the next day there.
		{time.Date(2026, time.November, 21, 18, 29, 0, 0, time.UTC), "November 21, 2026"},
		{time.Date(2026, time.November, 21, 18, 30, 0, 0, time.UTC), "November 22, 2026"},
		{time.Date(2026, time.December, 31, 20, 0, 0, 0, time.UTC), "January 1, 2027"},
		{time.Date(2026, time.March, 5, 0, 0, 0, 0, time.FixedZone("PST", -8*3600)), "March 5, 2026"},
	} {
		if got := c.LongDate(tc.at); got != tc.want {
			t.Errorf("LongDate(%v) = %q, want %q", tc.at, got, tc.want)
		}
	}
	if got := (&sitecontent.Content{}).LongDate(time.Date(2026, 1, 2, 23, 0, 0, 0, time.UTC)); got != "January 2, 2026" {
		t.Errorf("LongDate without a zone = %q, want UTC's January 2, 2026", got)
	}
}
