package domain

// A job's structured facts: where it is (an entry of the locations list,
// found by its name or any alias), its department (an entry of the
// departments list), its workplace type and the years of experience it
// asks for as a range. The lists are kept in the staff console.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Workplace types a job may state.
const (
	WorkplaceOnsite = "onsite"
	WorkplaceHybrid = "hybrid"
	WorkplaceRemote = "remote"
)

// Workplaces are the workplace types, in the order forms offer them.
var Workplaces = []string{WorkplaceOnsite, WorkplaceHybrid, WorkplaceRemote}

// YearsLimit is the most years of experience a job may ask for or a
// search may give.
const YearsLimit = 50

// Limits of the lists' entries.
const (
	// ListNameMax is the longest name or alias, in characters.
	ListNameMax = 60
	// LocationAliasesMax is how many aliases one location may have.
	LocationAliasesMax = 20
)

// JobLocation is an entry of the locations list: a city's canonical name
// and other names visitors and older jobs use for it ("Bengaluru", alias
// "Bangalore"). Names and aliases are unique across the whole list,
// regardless of case.
type JobLocation struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Aliases []string `json:"aliases"`
	// Jobs is how many jobs use the entry (read only).
	Jobs int `json:"jobs"`
}

// AliasesByLocation are the aliases of each location of locs, by its ID
// (the job search finds a city by them).
func AliasesByLocation(locs []JobLocation) map[string][]string {
	out := make(map[string][]string, len(locs))
	for _, l := range locs {
		if len(l.Aliases) > 0 {
			out[l.ID] = l.Aliases
		}
	}
	return out
}

// JobDepartment is an entry of the departments list.
type JobDepartment struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Jobs is how many jobs use the entry (read only).
	Jobs int `json:"jobs"`
}

// NameKey is the form in which list names are compared: whitespace runs
// collapsed and lower case. Stores keep it in a unique column.
func NameKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// Names are l's name and aliases.
func (l JobLocation) Names() []string {
	return append([]string{l.Name}, l.Aliases...)
}

// Is reports whether name is l's name or one of its aliases, regardless
// of case and spacing.
func (l JobLocation) Is(name string) bool {
	k := NameKey(name)
	return k != "" && slices.ContainsFunc(l.Names(), func(n string) bool { return NameKey(n) == k })
}

// FindLocation returns the entry of locs that name names (its name or an
// alias, regardless of case).
func FindLocation(locs []JobLocation, name string) (JobLocation, bool) {
	for _, l := range locs {
		if l.Is(name) {
			return l, true
		}
	}
	return JobLocation{}, false
}

// FindDepartment returns the entry of deps named name, regardless of case.
func FindDepartment(deps []JobDepartment, name string) (JobDepartment, bool) {
	k := NameKey(name)
	for _, d := range deps {
		if k != "" && NameKey(d.Name) == k {
			return d, true
		}
	}
	return JobDepartment{}, false
}

// Messages of the lists' fields.
const (
	msgListNameRequired = "Enter a name."
	msgListNameLong     = "A name must be at most 60 characters."
	msgAliasLong        = "Each alias must be at most 60 characters."
	msgAliasesMany      = "A location may have at most 20 aliases."
	msgListSingleLine   = "Use a single line without special characters."
)

// listName trims and collapses v; it returns the message when v is not a
// valid name ("" when it is).
func listName(v string, long string) (string, string) {
	v = strings.Join(strings.Fields(v), " ")
	switch {
	case v == "":
		return v, msgListNameRequired
	case utf8.RuneCountInString(v) > ListNameMax:
		return v, long
	case strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return v, msgListSingleLine
	}
	return v, ""
}

// NormalizeJobLocation trims l's name and aliases, drops empty aliases and
// checks the entry on its own: a name, at most 60 characters each, at most
// 20 aliases, no name twice. Uniqueness across the list is the store's
// (EConflict). Field errors are keyed "name" and "aliases".
func NormalizeJobLocation(l *JobLocation) error {
	f := map[string]string{}
	name, msg := listName(l.Name, msgListNameLong)
	l.Name = name
	if msg != "" {
		f["name"] = msg
	}
	aliases := []string{}
	seen := map[string]bool{NameKey(name): true}
	for _, a := range l.Aliases {
		a = strings.Join(strings.Fields(a), " ")
		if a == "" {
			continue
		}
		if _, msg := listName(a, msgAliasLong); msg != "" {
			f["aliases"] = msg
			continue
		}
		if seen[NameKey(a)] {
			if _, ok := f["aliases"]; !ok {
				f["aliases"] = fmt.Sprintf("%q is given twice; each name and alias must differ.", a)
			}
			continue
		}
		seen[NameKey(a)] = true
		aliases = append(aliases, a)
	}
	if len(aliases) > LocationAliasesMax {
		f["aliases"] = msgAliasesMany
	}
	l.Aliases = aliases
	if len(f) > 0 {
		return &Error{Code: EInvalid, Message: "Please correct the highlighted fields.", Fields: f}
	}
	return nil
}

// NormalizeJobDepartment trims d's name and checks it.
func NormalizeJobDepartment(d *JobDepartment) error {
	name, msg := listName(d.Name, msgListNameLong)
	d.Name = name
	if msg != "" {
		return &Error{Code: EInvalid, Message: "Please correct the highlighted fields.", Fields: map[string]string{"name": msg}}
	}
	return nil
}

// ExperienceText is the experience pages show for a range of years:
// "2-4", "5+" with no maximum, "3" when both ends are equal.
func ExperienceText(lo int, hi *int) string {
	switch {
	case hi == nil:
		return strconv.Itoa(lo) + "+"
	case *hi == lo:
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(*hi)
}

// ParseExperience reads the experience text jobs held before it was
// structured: "a-b" (a ≤ b), "a+" or "a", whole years of at most
// YearsLimit, spaces ignored. ok is false for anything else.
func ParseExperience(s string) (lo int, hi *int, ok bool) {
	s = strings.Join(strings.Fields(s), "")
	num := func(v string) (int, bool) {
		if v == "" || len(v) > 2 || strings.Trim(v, "0123456789") != "" {
			return 0, false
		}
		n, _ := strconv.Atoi(v)
		return n, n <= YearsLimit
	}
	if v, found := strings.CutSuffix(s, "+"); found {
		lo, ok = num(v)
		return lo, nil, ok
	}
	a, b, ranged := strings.Cut(s, "-")
	lo, ok = num(a)
	if !ok {
		return 0, nil, false
	}
	if !ranged {
		return lo, &lo, true
	}
	h, ok := num(b)
	if !ok || h < lo {
		return 0, nil, false
	}
	return lo, &h, true
}

// CoversYears reports whether a job asking for lo to hi years (hi nil: no
// maximum) suits someone with years of experience.
func CoversYears(lo int, hi *int, years int) bool {
	return lo <= years && (hi == nil || years <= *hi)
}

// Facts of a job that may need mapping, as UnmappedFacts names them.
const (
	FactLocation   = "location"
	FactDepartment = "department"
	FactExperience = "experience"
)

// UnmappedFacts names the facts of j that are text no list entry or range
// stands for yet: a location without an entry, a department named but
// without an entry, experience without a range.
func (j Job) UnmappedFacts() []string {
	var out []string
	if j.LocationID == "" && strings.TrimSpace(j.Location) != "" {
		out = append(out, FactLocation)
	}
	if j.DepartmentID == "" && strings.TrimSpace(j.Department) != "" {
		out = append(out, FactDepartment)
	}
	if j.YearsMin == nil && strings.TrimSpace(j.Experience) != "" {
		out = append(out, FactExperience)
	}
	return out
}

// MapJobFacts fills the structured facts of j that its text names: the
// location whose name or alias the location text is (regardless of case),
// the department of that name, and the years its experience text states
// (ParseExperience). Facts already set and text that matches nothing are
// left as they are. It reports whether j changed.
func MapJobFacts(j *Job, locs []JobLocation, deps []JobDepartment) bool {
	changed := false
	if j.LocationID == "" {
		if l, ok := FindLocation(locs, j.Location); ok {
			j.LocationID, j.Location, changed = l.ID, l.Name, true
		}
	}
	if j.DepartmentID == "" {
		if d, ok := FindDepartment(deps, j.Department); ok {
			j.DepartmentID, j.Department, changed = d.ID, d.Name, true
		}
	}
	if j.YearsMin == nil {
		if lo, hi, ok := ParseExperience(j.Experience); ok {
			j.YearsMin, j.YearsMax, j.Experience, changed = &lo, hi, ExperienceText(lo, hi), true
		}
	}
	return changed
}
