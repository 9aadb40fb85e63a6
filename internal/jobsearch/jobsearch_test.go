package jobsearch

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/wire"
)

func TestParse(t *testing.T) {
	long := strings.Repeat("a", 150)
	tests := []struct {
		raw     string
		want    Query
		encoded string
	}{
		{"", Query{}, ""},
		{"q=&years=&location=&workplace=&department=", Query{}, ""},
		{"q=react", Query{"react", "", "", "", ""}, "q=react"},
		// Canonical order, whatever order the URL had.
		{"department=Engineering&workplace=remote&years=4&q=go", Query{"go", "4", "", "remote", "Engineering"},
			"q=go&years=4&workplace=remote&department=Engineering"},
		// Unknown parameters are ignored.
		{"utm_source=mail&location=Hyderabad&page=2", Query{"", "", "Hyderabad", "", ""}, "location=Hyderabad"},
		// Whitespace is trimmed and collapsed, Unicode spaces included.
		{"q=++Go+++Engineer+", Query{"Go Engineer", "", "", "", ""}, "q=Go%20Engineer"},
		{"q=%E3%80%80go%C2%A0dev%09", Query{"go dev", "", "", "", ""}, "q=go%20dev"},
		// The first of a repeated parameter counts.
		{"q=a%20b&q=c", Query{"a b", "", "", "", ""}, "q=a%20b"},
		// Escaped keys are keys.
		{"%71=x", Query{"x", "", "", "", ""}, "q=x"},
		// Pairs that do not decode are dropped, as decodeURIComponent refuses them.
		{"q=%zz&location=Pune", Query{"", "", "Pune", "", ""}, "location=Pune"},
		// Semicolons are ordinary characters.
		{"q=a;b", Query{"a;b", "", "", "", ""}, "q=a%3Bb"},
		// Case is kept in the URL; matching ignores it.
		{"location=bangalore", Query{"", "", "bangalore", "", ""}, "location=bangalore"},
		{"q=caf%C3%A9+%26+co", Query{"café & co", "", "", "", ""}, "q=caf%C3%A9%20%26%20co"},
		// Years: a whole number from 0 to 50; leading zeros dropped; anything else ignored.
		{"years=0", Query{"", "0", "", "", ""}, "years=0"},
		{"years=+07+", Query{"", "7", "", "", ""}, "years=7"},
		{"years=50", Query{"", "50", "", "", ""}, "years=50"},
		{"years=51", Query{}, ""},
		{"years=-1", Query{}, ""},
		{"years=2.5", Query{}, ""},
		{"years=four", Query{}, ""},
		{"years=123", Query{}, ""},
		// Workplace: a type, in any case; anything else ignored.
		{"workplace=Hybrid", Query{"", "", "", "hybrid", ""}, "workplace=hybrid"},
		{"workplace=office", Query{}, ""},
		// Links from before the years filter: experience=a-b, a+ or a gives years=a.
		{"experience=2-4", Query{"", "2", "", "", ""}, "years=2"},
		{"experience=5%2B&location=Hyderabad", Query{"", "5", "Hyderabad", "", ""}, "years=5&location=Hyderabad"},
		{"experience=3", Query{"", "3", "", "", ""}, "years=3"},
		{"experience=senior", Query{}, ""},
		// years wins over the old parameter.
		{"experience=2-4&years=6", Query{"", "6", "", "", ""}, "years=6"},
		// Values are cut at ValueMax characters, then trimmed again.
		{"q=" + long, Query{long[:ValueMax], "", "", "", ""}, "q=" + long[:ValueMax]},
		{"q=" + strings.Repeat("a", ValueMax-1) + "+b", Query{strings.Repeat("a", ValueMax-1), "", "", "", ""}, "q=" + strings.Repeat("a", ValueMax-1)},
		{"q=" + strings.Repeat("é", 150), Query{strings.Repeat("é", ValueMax), "", "", "", ""}, "q=" + strings.Repeat("%C3%A9", ValueMax)},
	}
	for _, tt := range tests {
		got := Parse(tt.raw)
		if got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.raw, got, tt.want)
		}
		if e := got.Encode(); e != tt.encoded {
			t.Errorf("Parse(%q).Encode() = %q, want %q", tt.raw, e, tt.encoded)
		}
		// The canonical form is a fixed point.
		if again := Parse(got.Encode()); again != got {
			t.Errorf("Parse(encode(%q)) = %q, want it unchanged", got, again)
		}
	}
}

func TestHasLegacy(t *testing.T) {
	for raw, want := range map[string]bool{
		"experience=2-4": true, "q=go&%65xperience=5%2B": true, "experience": true,
		"years=2": false, "": false, "q=experience": false,
	} {
		if got := HasLegacy(raw); got != want {
			t.Errorf("HasLegacy(%q) = %v, want %v", raw, got, want)
		}
	}
}

func TestQueryPaths(t *testing.T) {
	q := Query{"go dev", "4", "Hyderabad", "", ""}
	if got, want := q.WithQuery("/jobs"), "/jobs?q=go%20dev&years=4&location=Hyderabad"; got != want {
		t.Errorf("page path = %q, want %q", got, want)
	}
	if got, want := q.WithQuery("/api/jobs/search"), "/api/jobs/search?q=go%20dev&years=4&location=Hyderabad"; got != want {
		t.Errorf("API path = %q, want %q", got, want)
	}
	if got := (Query{}).WithQuery("/jobs"); got != "/jobs" {
		t.Errorf("unfiltered page path = %q, want /jobs", got)
	}
}

func years(n int) *int { return &n }

var testJobs = []wire.Job{
	{ID: "go", JobTitle: "Backend Engineer (Go)", Location: "Hyderabad", YearsMin: years(5), Department: "Engineering",
		Workplace: "onsite", Description: "<p>Services in Go and <strong>PostgreSQL</strong>.</p>"},
	{ID: "cloud", JobTitle: "Cloud Engineer", Location: "Bengaluru", LocationAliases: []string{"Bangalore"},
		YearsMin: years(3), YearsMax: years(5), Department: "Cloud", Workplace: "hybrid",
		Description: "<ul><li>Terraform &amp; Kubernetes</li></ul>"},
	{ID: "intern", JobTitle: "Engineering Intern", Location: "Hyderabad", YearsMin: years(0), YearsMax: years(1),
		Department: "Engineering", Workplace: "onsite", Description: "<p>Learn with us.</p>"},
	{ID: "exact", JobTitle: "Designer", Location: "Bengaluru", LocationAliases: []string{"Bangalore"},
		YearsMin: years(4), YearsMax: years(4), Department: "Design", Workplace: "remote", Description: "<p>Draw.</p>"},
	// Stored before the lists: its experience text states no range.
	{ID: "old", JobTitle: "Principal Consultant", Location: "Pune", Experience: "senior", Workplace: "onsite",
		Description: "<p>Lead client work.</p>"},
}

func TestMatches(t *testing.T) {
	tests := []struct {
		name string
		q    Query
		want []string
	}{
		{"no search", Query{}, []string{"go", "cloud", "intern", "exact", "old"}},
		{"a title word, any case", Query{"ENGINEER", "", "", "", ""}, []string{"go", "cloud", "intern"}},
		{"a description word", Query{"postgresql", "", "", "", ""}, []string{"go"}},
		{"an entity decoded", Query{"terraform & kubernetes", "", "", "", ""}, []string{"cloud"}},
		{"every word must match", Query{"engineer hyderabad", "", "", "", ""}, nil},
		{"markup is not text", Query{"strong", "", "", "", ""}, nil},
		// Years: min ≤ years ≤ max, or no max.
		{"years 0: the lower boundary", Query{"", "0", "", "", ""}, []string{"intern"}},
		{"years 1: the upper boundary", Query{"", "1", "", "", ""}, []string{"intern"}},
		{"years 2: between ranges", Query{"", "2", "", "", ""}, nil},
		{"years 3: the lower end of 3-5", Query{"", "3", "", "", ""}, []string{"cloud"}},
		{"years 4: inside 3-5 and exactly 4", Query{"", "4", "", "", ""}, []string{"cloud", "exact"}},
		{"years 5: upper end and open min", Query{"", "5", "", "", ""}, []string{"go", "cloud"}},
		{"years 50: open max only", Query{"", "50", "", "", ""}, []string{"go"}},
		// Location: canonical name or alias, any case.
		{"canonical name", Query{"", "", "Bengaluru", "", ""}, []string{"cloud", "exact"}},
		{"alias", Query{"", "", "Bangalore", "", ""}, []string{"cloud", "exact"}},
		{"alias, other case", Query{"", "", "bANGALORE", "", ""}, []string{"cloud", "exact"}},
		{"name, lower case", Query{"", "", "hyderabad", "", ""}, []string{"go", "intern"}},
		{"unmapped text location", Query{"", "", "pune", "", ""}, []string{"old"}},
		{"unknown location", Query{"", "", "Chennai", "", ""}, nil},
		{"workplace", Query{"", "", "", "remote", ""}, []string{"exact"}},
		{"department, any case", Query{"", "", "", "", "engineering"}, []string{"go", "intern"}},
		{"everything", Query{"engineer", "4", "bangalore", "hybrid", "Cloud"}, []string{"cloud"}},
	}
	for _, tt := range tests {
		var ids []string
		for _, j := range testJobs {
			if Matches(j, tt.q) {
				ids = append(ids, j.ID)
			}
		}
		if d := cmp.Diff(tt.want, ids); d != "" {
			t.Errorf("%s: %q matched other jobs (-want +got):\n%s", tt.name, tt.q, d)
		}
		got := Search(testJobs, tt.q)
		var found []string
		for _, j := range got.Jobs {
			found = append(found, j.ID)
		}
		if d := cmp.Diff(tt.want, found); d != "" {
			t.Errorf("%s: Search differs from Matches (-want +got):\n%s", tt.name, d)
		}
		if got.Total != len(testJobs) {
			t.Errorf("%s: total %d, want %d", tt.name, got.Total, len(testJobs))
		}
	}
}

func TestSearchOptions(t *testing.T) {
	got := Search(testJobs, Query{"", "", "bangalore", "", ""})
	if d := cmp.Diff([]string{"Bengaluru", "Hyderabad", "Pune"}, got.Locations); d != "" {
		t.Errorf("locations mismatch (-want +got):\n%s", d)
	}
	if got.Location != "Bengaluru" {
		t.Errorf("resolved location = %q, want the canonical Bengaluru", got.Location)
	}
	if d := cmp.Diff([]string{"onsite", "hybrid", "remote"}, got.Workplaces); d != "" {
		t.Errorf("workplaces, in form order, mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"Cloud", "Design", "Engineering"}, got.Departments); d != "" {
		t.Errorf("departments, no empty one, mismatch (-want +got):\n%s", d)
	}
	if got := Search(testJobs[:3], Query{}).Workplaces; !cmp.Equal(got, []string{"onsite", "hybrid"}) {
		t.Errorf("workplaces of some jobs = %q, want only those present", got)
	}
	if got := Search(testJobs, Query{"", "", "Chennai", "", ""}); got.Location != "Chennai" || got.Jobs == nil {
		t.Errorf("unknown location: resolved %q, jobs %v (want the filter as given and [])", got.Location, got.Jobs)
	}
}

func TestWordsNameASearch(t *testing.T) {
	t.Parallel()
	w := Words{
		Years:      "{years}+ yrs",
		Workplaces: map[string]string{"remote": "Work from home"},
		Labels:     map[string]string{"q": "Words", "years": "Years", "location": "City", "workplace": "Where"},
		All:        "Everything",
	}
	q := Parse("department=Data&workplace=remote&location=Pune&q=go&years=3")
	if got, want := q.Values(w), []string{"go", "3+ yrs", "Pune", "Work from home", "Data"}; !slices.Equal(got, want) {
		t.Errorf("Values = %q, want %q", got, want)
	}
	// A parameter without a label is named by itself; a code without words stays the code.
	if got, want := q.Describe(w), "Words: go · Years: 3 · City: Pune · Where: Work from home · department: Data"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	if got := Parse("workplace=hybrid").Describe(w); got != "Where: hybrid" {
		t.Errorf("Describe(hybrid) = %q", got)
	}
	if got := (Query{}).Describe(w); got != "Everything" {
		t.Errorf("Describe(no filter) = %q", got)
	}
	if got := (Query{}).Values(w); len(got) != 0 {
		t.Errorf("Values(no filter) = %q", got)
	}
}
