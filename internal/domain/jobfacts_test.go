package domain_test

import (
	"fmt"
	"strings"
	"testing"

	"corpsite/internal/domain"
)

func ip(n int) *int { return &n }

func rangeText(lo int, hi *int) string {
	if hi == nil {
		return fmt.Sprintf("%d-open", lo)
	}
	return fmt.Sprintf("%d-%d", lo, *hi)
}

func TestParseExperience(t *testing.T) {
	for _, tt := range []struct {
		in, want string // want: "lo-hi", "lo-open" or "" for not ok
	}{
		{"2-4", "2-4"}, {" 2 - 4 ", "2-4"}, {"5+", "5-open"}, {"3", "3-3"}, {"0-1", "0-1"},
		{"0", "0-0"}, {"50+", "50-open"}, {"4-4", "4-4"}, {"0-50", "0-50"},
		{"5-2", ""}, {"51", ""}, {"2-51", ""}, {"senior", ""}, {"", ""}, {"2-", ""}, {"-2", ""},
		{"+", ""}, {"2.5", ""}, {"2-4+", ""}, {"100", ""}, {"1-2-3", ""},
	} {
		lo, hi, ok := domain.ParseExperience(tt.in)
		got := ""
		if ok {
			got = rangeText(lo, hi)
		}
		if got != tt.want {
			t.Errorf("ParseExperience(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestExperienceText(t *testing.T) {
	for _, tt := range []struct {
		lo   int
		hi   *int
		want string
	}{{2, ip(4), "2-4"}, {5, nil, "5+"}, {3, ip(3), "3"}, {0, ip(1), "0-1"}, {0, nil, "0+"}} {
		if got := domain.ExperienceText(tt.lo, tt.hi); got != tt.want {
			t.Errorf("ExperienceText(%d, %v) = %q, want %q", tt.lo, tt.hi, got, tt.want)
		}
		// The text reads back as the same range.
		lo, hi, ok := domain.ParseExperience(domain.ExperienceText(tt.lo, tt.hi))
		if !ok || rangeText(lo, hi) != rangeText(tt.lo, tt.hi) {
			t.Errorf("ExperienceText(%d, %v) does not read back", tt.lo, tt.hi)
		}
	}
}

func TestCoversYears(t *testing.T) {
	for _, tt := range []struct {
		lo    int
		hi    *int
		years int
		want  bool
	}{
		{2, ip(4), 1, false}, {2, ip(4), 2, true}, {2, ip(4), 3, true}, {2, ip(4), 4, true}, {2, ip(4), 5, false},
		{5, nil, 4, false}, {5, nil, 5, true}, {5, nil, 50, true},
		{3, ip(3), 3, true}, {3, ip(3), 2, false}, {0, ip(1), 0, true},
	} {
		if got := domain.CoversYears(tt.lo, tt.hi, tt.years); got != tt.want {
			t.Errorf("CoversYears(%s, %d) = %v, want %v", rangeText(tt.lo, tt.hi), tt.years, got, tt.want)
		}
	}
}

var (
	testLocs = []domain.JobLocation{
		{ID: "hyd", Name: "Hyderabad"},
		{ID: "blr", Name: "Bengaluru", Aliases: []string{"Bangalore", "Bengaluru Urban"}},
	}
	testDeps = []domain.JobDepartment{{ID: "eng", Name: "Engineering"}, {ID: "qa", Name: "Quality"}}
)

func TestFindLocation(t *testing.T) {
	for in, want := range map[string]string{
		"Bengaluru": "blr", "bangalore": "blr", "BANGALORE": "blr", " Bengaluru   urban ": "blr",
		"hyderabad": "hyd", "Pune": "", "": "", "Bangalor": "",
	} {
		l, ok := domain.FindLocation(testLocs, in)
		if l.ID != want || ok != (want != "") {
			t.Errorf("FindLocation(%q) = %q %v, want %q", in, l.ID, ok, want)
		}
	}
}

func TestMapJobFacts(t *testing.T) {
	for _, tt := range []struct {
		name                   string
		job                    domain.Job
		wantChanged            bool
		loc, locID, dep, depID string
		exp, years, unmapped   string
	}{
		{"all mapped", domain.Job{Location: "bangalore", Department: "quality", Experience: "2-4"}, true,
			"Bengaluru", "blr", "Quality", "qa", "2-4", "2-4", ""},
		{"open max", domain.Job{Location: "Hyderabad", Experience: "5+"}, true,
			"Hyderabad", "hyd", "", "", "5+", "5-open", ""},
		{"text respaced", domain.Job{Location: "Hyderabad", Experience: " 3 "}, true,
			"Hyderabad", "hyd", "", "", "3", "3-3", ""},
		{"nothing maps: all kept", domain.Job{Location: "Pune", Department: "Sales", Experience: "senior"}, false,
			"Pune", "", "Sales", "", "senior", "", "location,department,experience"},
		{"some map", domain.Job{Location: "Pune", Department: "Engineering", Experience: "8+"}, true,
			"Pune", "", "Engineering", "eng", "8+", "8-open", "location"},
		{"already mapped is left", domain.Job{Location: "Old name", LocationID: "hyd", Experience: "2-4", YearsMin: ip(1), YearsMax: ip(2)}, false,
			"Old name", "hyd", "", "", "2-4", "1-2", ""},
	} {
		j := tt.job
		changed := domain.MapJobFacts(&j, testLocs, testDeps)
		years := ""
		if j.YearsMin != nil {
			years = rangeText(*j.YearsMin, j.YearsMax)
		}
		got := []string{j.Location, j.LocationID, j.Department, j.DepartmentID, j.Experience, years, strings.Join(j.UnmappedFacts(), ",")}
		want := []string{tt.loc, tt.locID, tt.dep, tt.depID, tt.exp, tt.years, tt.unmapped}
		if changed != tt.wantChanged || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: changed %v, got %q; want %v, %q", tt.name, changed, got, tt.wantChanged, want)
		}
	}
}

func TestNormalizeJobLocation(t *testing.T) {
	for _, tt := range []struct {
		in          domain.JobLocation
		field, msg  string
		name, alias string
	}{
		{domain.JobLocation{Name: "  Navi   Mumbai ", Aliases: []string{" New Bombay ", "", " "}}, "", "", "Navi Mumbai", "New Bombay"},
		{domain.JobLocation{Name: ""}, "name", "Enter a name.", "", ""},
		{domain.JobLocation{Name: strings.Repeat("é", 61)}, "name", "A name must be at most 60 characters.", "", ""},
		{domain.JobLocation{Name: "A\tB"}, "", "", "A B", ""},
		{domain.JobLocation{Name: "Pune", Aliases: []string{strings.Repeat("x", 61)}}, "aliases", "Each alias must be at most 60 characters.", "", ""},
		{domain.JobLocation{Name: "Pune", Aliases: []string{"PUNE"}}, "aliases", `"PUNE" is given twice; each name and alias must differ.`, "", ""},
		{domain.JobLocation{Name: "Pune", Aliases: []string{"Poona", "poona"}}, "aliases", `"poona" is given twice; each name and alias must differ.`, "", ""},
		{domain.JobLocation{Name: "Pune", Aliases: strings.Split(strings.Repeat("a,", 21), ",")[:21]}, "aliases", `"a" is given twice; each name and alias must differ.`, "", ""},
	} {
		l := tt.in
		err := domain.NormalizeJobLocation(&l)
		var msg string
		if e, ok := err.(*domain.Error); ok {
			msg = e.Fields[tt.field]
		}
		if (err == nil) != (tt.field == "") || msg != tt.msg {
			t.Errorf("NormalizeJobLocation(%q) = %v (%q), want %s %q", tt.in.Name, err, msg, tt.field, tt.msg)
			continue
		}
		if err == nil && (l.Name != tt.name || strings.Join(l.Aliases, ",") != tt.alias) {
			t.Errorf("normalised to %q %q, want %q %q", l.Name, l.Aliases, tt.name, tt.alias)
		}
	}
	many := domain.JobLocation{Name: "Pune"}
	for i := range 21 {
		many.Aliases = append(many.Aliases, fmt.Sprintf("alias %d", i))
	}
	if e, ok := domain.NormalizeJobLocation(&many).(*domain.Error); !ok || e.Fields["aliases"] != "A location may have at most 20 aliases." {
		t.Errorf("21 aliases: %v", e)
	}
}
