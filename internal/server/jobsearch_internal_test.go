package server

import (
	"reflect"
	"strings"
	"testing"

	"corpsite/internal/wire"
)

func TestParseJobQuery(t *testing.T) {
	long := strings.Repeat("a", 150)
	tests := []struct {
		raw     string
		want    jobQuery
		encoded string
	}{
		{"", jobQuery{}, ""},
		{"q=&location=&experience=&department=", jobQuery{}, ""},
		{"q=react", jobQuery{"react", "", "", ""}, "q=react"},
		// Canonical order, whatever order the URL had.
		{"department=Engineering&q=go", jobQuery{"go", "", "", "Engineering"}, "q=go&department=Engineering"},
		// Unknown parameters are ignored.
		{"utm_source=mail&location=Hyderabad&page=2", jobQuery{"", "Hyderabad", "", ""}, "location=Hyderabad"},
		// Whitespace is trimmed and collapsed, Unicode spaces included.
		{"q=++Go+++Engineer+", jobQuery{"Go Engineer", "", "", ""}, "q=Go%20Engineer"},
		{"q=%E3%80%80go%C2%A0dev%09", jobQuery{"go dev", "", "", ""}, "q=go%20dev"},
		// The first of a repeated parameter counts.
		{"q=a%20b&q=c", jobQuery{"a b", "", "", ""}, "q=a%20b"},
		// Escaped keys are keys.
		{"%71=x", jobQuery{"x", "", "", ""}, "q=x"},
		// Pairs that do not decode are dropped, as decodeURIComponent refuses them.
		{"q=%zz&location=Pune", jobQuery{"", "Pune", "", ""}, "location=Pune"},
		{"q=%FF&experience=5%2B", jobQuery{"", "", "5+", ""}, "experience=5%2B"},
		// Semicolons are ordinary characters.
		{"q=a;b", jobQuery{"a;b", "", "", ""}, "q=a%3Bb"},
		// Case is kept: filters match exactly.
		{"location=hyderabad", jobQuery{"", "hyderabad", "", ""}, "location=hyderabad"},
		{"q=caf%C3%A9+%26+co", jobQuery{"café & co", "", "", ""}, "q=caf%C3%A9%20%26%20co"},
		// Values are cut at jobSearchValueMax characters, then trimmed again.
		{"q=" + long, jobQuery{long[:jobSearchValueMax], "", "", ""}, "q=" + long[:jobSearchValueMax]},
		{"q=" + strings.Repeat("a", jobSearchValueMax-1) + "+b", jobQuery{strings.Repeat("a", jobSearchValueMax-1), "", "", ""}, "q=" + strings.Repeat("a", jobSearchValueMax-1)},
		{"q=" + strings.Repeat("é", 150), jobQuery{strings.Repeat("é", jobSearchValueMax), "", "", ""}, "q=" + strings.Repeat("%C3%A9", jobSearchValueMax)},
	}
	for _, tt := range tests {
		got := parseJobQuery(tt.raw)
		if got != tt.want {
			t.Errorf("parseJobQuery(%q) = %q, want %q", tt.raw, got, tt.want)
		}
		if e := got.encode(); e != tt.encoded {
			t.Errorf("parseJobQuery(%q).encode() = %q, want %q", tt.raw, e, tt.encoded)
		}
		// The canonical form is a fixed point.
		if again := parseJobQuery(got.encode()); again != got {
			t.Errorf("parseJobQuery(encode(%q)) = %q, want it unchanged", got, again)
		}
	}
}

func TestJobQueryPaths(t *testing.T) {
	q := jobQuery{"go dev", "Hyderabad", "", ""}
	if got, want := q.withQuery(jobsPagePath), "/jobs?q=go%20dev&location=Hyderabad"; got != want {
		t.Errorf("page path = %q, want %q", got, want)
	}
	if got, want := q.withQuery(jobSearchAPIPath), "/api/jobs/search?q=go%20dev&location=Hyderabad"; got != want {
		t.Errorf("API path = %q, want %q", got, want)
	}
	if got := (jobQuery{}).withQuery(jobsPagePath); got != "/jobs" {
		t.Errorf("unfiltered page path = %q, want /jobs", got)
	}
}

func TestSearchJobList(t *testing.T) {
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
		q    jobQuery
		want []string
	}{
		{"no search", jobQuery{}, []string{"go", "cloud", "intern", "lead"}},
		{"a title word, any case", jobQuery{"ENGINEER", "", "", ""}, []string{"go", "cloud", "intern"}},
		{"a description word", jobQuery{"postgresql", "", "", ""}, []string{"go"}},
		{"an entity decoded", jobQuery{"terraform & kubernetes", "", "", ""}, []string{"cloud"}},
		{"every word must match", jobQuery{"engineer hyderabad", "", "", ""}, nil},
		{"words across title and description", jobQuery{"backend postgresql", "", "", ""}, []string{"go"}},
		{"markup is not text", jobQuery{"strong", "", "", ""}, nil},
		{"location", jobQuery{"", "Bangalore", "", ""}, []string{"cloud"}},
		{"unknown location", jobQuery{"", "Pune", "", ""}, nil},
		{"location is exact", jobQuery{"", "bangalore", "", ""}, nil},
		{"experience", jobQuery{"", "", "0-1", ""}, []string{"intern"}},
		{"department", jobQuery{"", "", "", "Engineering"}, []string{"go", "intern"}},
		{"everything", jobQuery{"engineer", "Hyderabad", "5+", "Engineering"}, []string{"go"}},
	}
	for _, tt := range tests {
		got := searchJobList(jobs, tt.q)
		var ids []string
		for _, j := range got.Jobs {
			ids = append(ids, j.ID)
		}
		if !reflect.DeepEqual(ids, tt.want) {
			t.Errorf("%s: %q matched %v, want %v", tt.name, tt.q, ids, tt.want)
		}
		if got.Total != len(jobs) {
			t.Errorf("%s: total %d, want %d", tt.name, got.Total, len(jobs))
		}
	}
	got := searchJobList(jobs, jobQuery{"", "Pune", "", ""})
	if want := []string{"Bangalore", "Hyderabad"}; !reflect.DeepEqual(got.Locations, want) {
		t.Errorf("locations = %v, want %v", got.Locations, want)
	}
	if want := []string{"0-1", "3-5", "5+", "10+"}; !reflect.DeepEqual(got.ExperienceLevels, want) {
		t.Errorf("experience levels = %v, want %v (by their first number)", got.ExperienceLevels, want)
	}
	if want := []string{"Cloud", "Engineering"}; !reflect.DeepEqual(got.Departments, want) {
		t.Errorf("departments = %v, want %v (no empty one)", got.Departments, want)
	}
	if got.Jobs == nil {
		t.Error("no matches: Jobs is nil, want [] (the web app reads an array)")
	}
}
