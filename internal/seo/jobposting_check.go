package seo

import (
	"maps"
	"slices"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// jobPostingRule is one thing a search engine's JobPosting guidelines ask
// of a posting's structured data.
type jobPostingRule struct {
	path     string // property path in the JSON-LD, dot-separated
	label    string
	required bool
	hint     string // how to supply it in the console
}

// jobPostingRules are the required and recommended properties of a job
// posting in search results, in the order the checklist shows them.
var jobPostingRules = []jobPostingRule{
	{"title", "Job title", true, "Enter the job title."},
	{"description", "Description", true, "Write the job description."},
	{"datePosted", "Date posted", true, "Set when the job is saved."},
	{"hiringOrganization.name", "Hiring organisation", true, "The site's name is missing from its settings (content/site.json)."},
	{"jobLocation.address.addressLocality", "Location (city)", true, "Enter the location."},
	{"jobLocation.address.addressCountry", "Location (country)", true, "Enter the location."},
	{"jobLocation.address.addressRegion", "Location (state)", false, ""}, // hint: knownRegionsHint
	{"validThrough", "Closing date", false, "Set a closing date."},
	{"employmentType", "Employment type", false, "Choose the employment type."},
	{"baseSalary", "Salary", false, "Enter a minimum or maximum salary."},
	{"identifier", "Identifier", false, "Set when the job is saved."},
	{"directApply", "Apply on this site", false, "Applying on the site is always offered."},
}

// knownRegionsHint tells which locations the page can name a state for.
func knownRegionsHint() string {
	cities := slices.Sorted(maps.Keys(regionOf))
	for i, c := range cities {
		cities[i] = strings.ToUpper(c[:1]) + c[1:]
	}
	return "The state is known only for " + strings.Join(cities, ", ") + "; use one of these locations to include it."
}

// CheckJobPosting lists, for each rule, whether the JSON-LD that j's
// public page emits (JobPosting) has the property. Reading the emitted
// data, not j's fields, keeps the check and the page from drifting apart.
func (p Publisher) CheckJobPosting(j domain.Job, pageURL string) []wire.CheckItem {
	posting := p.JobPosting(j, pageURL)
	out := make([]wire.CheckItem, 0, len(jobPostingRules))
	for _, rule := range jobPostingRules {
		ok := present(lookup(posting, rule.path))
		if rule.path == "description" {
			d, _ := posting["description"].(string)
			ok = PlainText(d) != ""
		}
		item := wire.CheckItem{Field: rule.path, Label: rule.label, OK: ok, Required: rule.required}
		if !ok {
			item.Hint = rule.hint
			if rule.path == "jobLocation.address.addressRegion" {
				item.Hint = knownRegionsHint()
			}
		}
		out = append(out, item)
	}
	return out
}

// lookup follows a dot-separated path through nested JSON-LD objects;
// nil when a step is missing.
func lookup(v any, path string) any {
	for _, key := range strings.Split(path, ".") {
		m, ok := v.(LD)
		if !ok {
			return nil
		}
		v = m[key]
	}
	return v
}

// present reports whether a JSON-LD value says something: not missing,
// not an empty string, not an empty object.
func present(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case string:
		return strings.TrimSpace(v) != ""
	case LD:
		return len(v) > 0
	}
	return true
}
