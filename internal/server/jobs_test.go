package server_test

import (
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// titlesOf returns the titles of jobs, in order.
func titlesOf(jobs []domain.Job) []string {
	var out []string
	for _, j := range jobs {
		out = append(out, j.JobTitle)
	}
	return out
}

func TestAPIJobSearch(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	seeded := f.jobs(t)
	f.createJob(t, "Closed Figma Role", domain.JobClosed, nil)

	res := f.get(t, "/api/jobs/search?q=FIGMA&utm_source=x")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/jobs/search status = %d: %s", res.Status, res.Body)
	}
	var got wire.JobSearch
	if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
		t.Fatalf("not a wire.JobSearch: %v\n%s", err, res.Body)
	}
	var titles []string
	for _, j := range got.Jobs {
		titles = append(titles, j.JobTitle)
	}
	want := []string{"Product Designer (UI/UX)", "Frontend Developer (React), 12-month contract"}
	if !sameSet(titles, want) {
		t.Errorf("q=FIGMA matched %q, want %q (open positions only)", titles, want)
	}
	if got.Total != len(seeded) {
		t.Errorf("total = %d, want %d open positions", got.Total, len(seeded))
	}
	// The demo jobs' cities, mapped at seeding: Bangalore is Bengaluru's alias.
	if want := []string{"Bengaluru", "Hyderabad"}; !slices.Equal(got.Locations, want) {
		t.Errorf("locations = %q, want %q", got.Locations, want)
	}
	if want := []string{"onsite", "hybrid", "remote"}; !slices.Equal(got.Workplaces, want) || len(got.Departments) == 0 {
		t.Errorf("workplaces %q (want %q), departments %q", got.Workplaces, want, got.Departments)
	}

	// Years of experience: every job whose range holds them; a city by its alias, any case.
	for _, tc := range []struct {
		query    string
		want     []string
		location string
	}{
		{"years=4", []string{"Cloud Engineer (AWS / Azure)", "QA Automation Engineer", "Product Designer (UI/UX)", "Frontend Developer (React), 12-month contract"}, ""},
		{"years=9", []string{"Senior Backend Engineer (Go)", "Principal IT Consultant"}, ""},
		{"location=bANGALORE", []string{"Cloud Engineer (AWS / Azure)", "Product Designer (UI/UX)", "Frontend Developer (React), 12-month contract"}, "Bengaluru"},
		{"years=1&location=hyderabad", []string{"Software Engineering Intern"}, "Hyderabad"},
		{"workplace=remote", []string{"Product Designer (UI/UX)"}, ""},
	} {
		var got wire.JobSearch
		res := f.get(t, "/api/jobs/search?"+tc.query)
		if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		var titles []string
		for _, j := range got.Jobs {
			titles = append(titles, j.JobTitle)
		}
		if !sameSet(titles, tc.want) || got.Location != tc.location {
			t.Errorf("%s matched %q (location %q), want %q (%q)", tc.query, titles, got.Location, tc.want, tc.location)
		}
	}

	res = f.get(t, "/api/jobs/search?location=Pune")
	if res.Status != http.StatusOK || !strings.Contains(res.Body, `"jobs":[]`) {
		t.Errorf("GET /api/jobs/search?location=Pune = %d %s, want 200 with no jobs", res.Status, res.Body)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestJobsPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	seeded := f.jobs(t)

	all := f.get(t, "/jobs")
	if all.Status != http.StatusOK {
		t.Fatalf("GET /jobs = %d", all.Status)
	}
	h := parseHead(t, all.Body)
	if h.Canonical != baseURL+"/jobs" || h.Robots != "" || !strings.HasPrefix(h.Title, "Open Positions |") {
		t.Errorf("GET /jobs head: canonical %q, robots %q, title %q", h.Canonical, h.Robots, h.Title)
	}
	for _, title := range titlesOf(seeded) {
		if !strings.Contains(all.Body, ">"+html.EscapeString(title)+"</h3>") {
			t.Errorf("GET /jobs lacks the card of %q", title)
		}
	}
	if want := fmt.Sprintf("Showing %d of %d open positions", len(seeded), len(seeded)); !strings.Contains(all.Body, want) {
		t.Errorf("GET /jobs lacks %q", want)
	}
	if _, ok := bootData(t, all.Body)["api"].(map[string]any)["/api/jobs/search"]; !ok {
		t.Errorf("GET /jobs boot data has no /api/jobs/search entry")
	}

	// A search: only the matching positions, complete in the HTML.
	res := f.get(t, "/jobs?department=Engineering&q=figma+react")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /jobs?q=… = %d", res.Status)
	}
	match := "Frontend Developer (React), 12-month contract"
	for _, title := range titlesOf(seeded) {
		has := strings.Contains(res.Body, html.EscapeString(title))
		if has != (title == match) {
			t.Errorf("GET /jobs?q=figma+react shows %q: %v, want %v", title, has, title == match)
		}
	}
	h = parseHead(t, res.Body)
	if h.Canonical != baseURL+"/jobs" || h.Robots != "noindex" {
		t.Errorf("filtered view: canonical %q, robots %q; want %s/jobs and noindex", h.Canonical, h.Robots, baseURL)
	}
	api := bootData(t, res.Body)["api"].(map[string]any)
	if _, ok := api["/api/jobs/search?q=figma%20react&department=Engineering"]; !ok || len(api) != 1 {
		t.Errorf("filtered view boot data keys: %v; want the canonical API path only", keys(api))
	}
	for _, want := range []string{`value="figma react"`, fmt.Sprintf("Showing 1 of %d open positions", len(seeded))} {
		if !strings.Contains(res.Body, want) {
			t.Errorf("filtered view lacks %s", want)
		}
	}
	if !selectedOption("Engineering").MatchString(res.Body) {
		t.Error("filtered view lacks the option Engineering selected")
	}

	// No match: the empty state, with a way back to every position.
	res = f.get(t, "/jobs?location=Atlantis")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /jobs?location=Atlantis = %d, want 200", res.Status)
	}
	if !strings.Contains(res.Body, "No positions match your search.") {
		t.Error("empty state lacks No positions match your search.")
	}
	if !selectedOption("Atlantis").MatchString(res.Body) {
		t.Error("empty state lacks the option Atlantis selected")
	}
	if !clearLinkRE.MatchString(res.Body) {
		t.Error(`empty state lacks a "Clear filters" link to /jobs`)
	}
}

// TestJobsPageLegacyExperience: a link from before the years filter is
// sent, permanently, to the search it means.
func TestJobsPageLegacyExperience(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for raw, want := range map[string]string{
		"experience=2-4":                     "/jobs?years=2",
		"location=Bangalore&experience=5%2B": "/jobs?years=5&location=Bangalore",
		"experience=senior&q=go":             "/jobs?q=go",
		"experience=3&years=6":               "/jobs?years=6",
	} {
		res := f.get(t, "/jobs?"+raw)
		if res.Status != http.StatusMovedPermanently || res.Header.Get("Location") != want {
			t.Errorf("GET /jobs?%s = %d to %q, want 301 to %q", raw, res.Status, res.Header.Get("Location"), want)
		}
	}
	// The API reads the old parameter as years too: 8 years suit 5+ and 8+.
	var got wire.JobSearch
	if err := json.Unmarshal([]byte(f.get(t, "/api/jobs/search?experience=8%2B").Body), &got); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, j := range got.Jobs {
		titles = append(titles, j.JobTitle)
	}
	if want := []string{"Senior Backend Engineer (Go)", "Principal IT Consultant"}; !sameSet(titles, want) {
		t.Errorf("experience=8+ in the API matched %q, want %q", titles, want)
	}
}

// selectedOption matches the option of value marked selected, whatever the
// order of its attributes and whether the boolean one has a value.
func selectedOption(value string) *regexp.Regexp {
	v := `value="` + regexp.QuoteMeta(value) + `"`
	return regexp.MustCompile(`<option(?: [^>]*)? (?:` + v + `(?: [^>]*)? selected(?:="")?|selected(?:="")?(?: [^>]*)? ` + v + `)[ />]`)
}

var clearLinkRE = regexp.MustCompile(`<a [^>]*href="/jobs"[^>]*>Clear filters</a>`)

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestJobsPageQueriesAgree renders /jobs with queries written every odd
// way through the real bundle: the web app must read each to the same
// search, and so the same API path, that Go put into the boot data.
func TestJobsPageQueriesAgree(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	f := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	for _, raw := range []string{
		"q=%E3%80%80Go%C2%A0+engineer%09&location=Hyderabad&utm_source=mail",
		"department=Engineering&q=a;b&q=ignored",
		"q=%zz&years=05&%71=x",
		"years=4&location=bANGALORE&workplace=HYBRID",
		"years=51&workplace=office&department=engineering",
		"q=%FF%FE&location=+Bangalore+",
		"q=" + strings.Repeat("%C3%A9", 150),
		"q=" + url.QueryEscape(strings.Repeat("word ", 40)),
		"q=%F0%9F%9A%80+rocket&department=Cloud",
		"q=&years=&location=&workplace=&department=",
	} {
		res := f.get(t, "/jobs?"+raw)
		if res.Status != http.StatusOK {
			t.Errorf("GET /jobs?%s = %d", raw, res.Status)
		}
		if strings.Contains(res.Body, `role="status">Loading...`) {
			t.Errorf("GET /jobs?%s rendered Loading... on the server", raw)
		}
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "missing from its boot data") {
			t.Errorf("the web app read another search than Go's: %s", line)
		}
	}
}

// TestJobSearchesDoNotEvictSitePages sends many distinct searches to a
// small page cache: they are cached apart, within their share, and the
// site's own pages stay.
func TestJobSearchesDoNotEvictSitePages(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	// Room for the known pages, and for the searches' share (a quarter)
	// only a handful of them.
	const budget = 2 << 20
	server.SetPageCacheBudget(f.srv, budget)
	for _, p := range []string{"/", "/jobs"} {
		if res := f.get(t, p); res.Status != http.StatusOK {
			t.Fatalf("GET %s = %d", p, res.Status)
		}
	}
	const searches = 100
	for i := range searches {
		if res := f.get(t, fmt.Sprintf("/jobs?q=word%d", i)); res.Status != http.StatusOK {
			t.Fatalf("GET /jobs?q=word%d = %d", i, res.Status)
		}
	}
	pages, bytes := server.PageCacheStats(f.srv)
	if bytes > budget {
		t.Errorf("cache holds %d bytes, over its budget of %d", bytes, budget)
	}
	if pages >= searches {
		t.Fatalf("cache holds %d pages after %d searches: the test's budget is too large to evict any", pages, searches)
	}
	t.Logf("after %d searches: %d pages cached, %d bytes", searches, pages, bytes)
	for _, p := range []string{"/", "/jobs"} {
		f.get(t, p)
		if n := log.count(p); n != 1 {
			t.Errorf("%s rendered %d times, want 1: %d searches pushed it out of the cache", p, n, searches)
		}
	}
	// The latest search is cached, under its canonical key.
	last := fmt.Sprintf("/jobs?q=word%d", searches-1)
	for _, p := range []string{last, last + "&utm_source=x", fmt.Sprintf("/jobs?utm_source=y&q=+word%d+", searches-1)} {
		f.get(t, p)
	}
	if n := log.count(last); n != 1 {
		t.Errorf("%s and two spellings of it rendered %d times, want 1", last, n)
	}
}
