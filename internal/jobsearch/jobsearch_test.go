package jobsearch

import (
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
		{"q=&location=&experience=&department=", Query{}, ""},
		{"q=react", Query{"react", "", "", ""}, "q=react"},
		// Canonical order, whatever order the URL had.
		{"department=Engineering&q=go", Query{"go", "", "", "Engineering"}, "q=go&department=Engineering"},
		// Unknown parameters are ignored.
		{"utm_source=mail&location=Hyderabad&page=2", Query{"", "Hyderabad", "", ""}, "location=Hyderabad"},
		// Whitespace is trimmed and collapsed, Unicode spaces included.
		{"q=++Go+++Engineer+", Query{"Go Engineer", "", "", ""}, "q=Go%20Engineer"},
		{"q=%E3%80%80go%C2%A0dev%09", Query{"go dev", "", "", ""}, "q=go%20dev"},
		// The first of a repeated parameter counts.
		{"q=a%20b&q=c", Query{"a b", "", "", ""}, "q=a%20b"},
		// Escaped keys are keys.
		{"%71=x", Query{"x", "", "", ""}, "q=x"},
		// Pairs that do not decode are dropped, as decodeURIComponent refuses them.
		{"q=%zz&location=Pune", Query{"", "Pune", "", ""}, "location=Pune"},
		{"q=%FF&experience=5%2B", Query{"", "", "5+", ""}, "experience=5%2B"},
		// Semicolons are ordinary characters.
		{"q=a;b", Query{"a;b", "", "", ""}, "q=a%3Bb"},
		// Case is kept: filters match exactly.
		{"location=hyderabad", Query{"", "hyderabad", "", ""}, "location=hyderabad"},
		{"q=caf%C3%A9+%26+co", Query{"café & co", "", "", ""}, "q=caf%C3%A9%20%26%20co"},
		// Values are cut at ValueMax characters, then trimmed again.
		{"q=" + long, Query{long[:ValueMax], "", "", ""}, "q=" + long[:ValueMax]},
		{"q=" + strings.Repeat("a", ValueMax-1) + "+b", Query{strings.Repeat("a", ValueMax-1), "", "", ""}, "q=" + strings.Repeat("a", ValueMax-1)},
		{"q=" + strings.Repeat("é", 150), Query{strings.Repeat("é", ValueMax), "", "", ""}, "q=" + strings.Repeat("%C3%A9", ValueMax)},
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

func TestQueryPaths(t *testing.T) {
	q := Query{"go dev", "Hyderabad", "", ""}
	if got, want := q.WithQuery("/jobs"), "/jobs?q=go%20dev&location=Hyderabad"; got != want {
		t.Errorf("page path = %q, want %q", got, want)
	}
	if got, want := q.WithQuery("/api/jobs/search"), "/api/jobs/search?q=go%20dev&location=Hyderabad"; got != want {
		t.Errorf("API path = %q, want %q", got, want)
	}
	if got := (Query{}).WithQuery("/jobs"); got != "/jobs" {
		t.Errorf("unfiltered page path = %q, want /jobs", got)
	}
}

func TestSearch(t *testing.T) {
	jobs := []wire.Job{
		{ID: "go", JobTitle: "Backend Engineer (Go)", Location: "Hyderabad", Experience: "5+", Department: "Engineering",
			Description: "<p>Services in Go and <strong>PostgreSQL</strong>.</p>"},
		{ID: "cloud", JobTitle: "Cloud Engineer", Location: "Bangalore", Experience: "3-5", Department: "Cloud",
			Description: "<ul><li>Terraform &amp; Kubernetes</li></ul>"},
		{ID: "intern", JobTitle: "Engineering Intern", Location: "Hyderabad", Experience: "0-1", Department: "Engineering",
			Description: "<p>Learn with us.</p>"},
		{ID: "lead", JobTitle: "Principal Consultant", Location: "Hyderabad", Experience: "10+", Department: "",
			Description: "<p>Lead client work.</p>"},
	}
	tests := []struct {
		name string
		q    Query
		want []string
	}{
		{"no search", Query{}, []string{"go", "cloud", "intern", "lead"}},
		{"a title word, any case", Query{"ENGINEER", "", "", ""}, []string{"go", "cloud", "intern"}},
		{"a description word", Query{"postgresql", "", "", ""}, []string{"go"}},
		{"an entity decoded", Query{"terraform & kubernetes", "", "", ""}, []string{"cloud"}},
		{"every word must match", Query{"engineer hyderabad", "", "", ""}, nil},
		{"words across title and description", Query{"backend postgresql", "", "", ""}, []string{"go"}},
		{"markup is not text", Query{"strong", "", "", ""}, nil},
		{"location", Query{"", "Bangalore", "", ""}, []string{"cloud"}},
		{"unknown location", Query{"", "Pune", "", ""}, nil},
		{"location is exact", Query{"", "bangalore", "", ""}, nil},
		{"experience", Query{"", "", "0-1", ""}, []string{"intern"}},
		{"department", Query{"", "", "", "Engineering"}, []string{"go", "intern"}},
		{"everything", Query{"engineer", "Hyderabad", "5+", "Engineering"}, []string{"go"}},
	}
	for _, tt := range tests {
		got := Search(jobs, tt.q)
		var ids []string
		for _, j := range got.Jobs {
			ids = append(ids, j.ID)
		}
		if d := cmp.Diff(tt.want, ids); d != "" {
			t.Errorf("%s: %q matched other jobs (-want +got):\n%s", tt.name, tt.q, d)
		}
		if got.Total != len(jobs) {
			t.Errorf("%s: total %d, want %d", tt.name, got.Total, len(jobs))
		}
	}
	got := Search(jobs, Query{"", "Pune", "", ""})
	if d := cmp.Diff([]string{"Bangalore", "Hyderabad"}, got.Locations); d != "" {
		t.Errorf("locations mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"0-1", "3-5", "5+", "10+"}, got.ExperienceLevels); d != "" {
		t.Errorf("experience levels, by their first number, mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"Cloud", "Engineering"}, got.Departments); d != "" {
		t.Errorf("departments, no empty one, mismatch (-want +got):\n%s", d)
	}
	if got.Jobs == nil {
		t.Error("no matches: Jobs is nil, want [] (the web app reads an array)")
	}
}
