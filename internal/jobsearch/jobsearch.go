// Package jobsearch is the job search of the /jobs page and GET
// /api/jobs/search. Its rules live here and nowhere else: how a URL query
// becomes a search, the search's canonical query string, and which
// positions match. The web app reads the parameter names, the value limit
// and the whitespace set from the generated web/src/gen/wire.ts and builds
// the same canonical query string, so the API path it reads is the one Go
// put into the page's boot data.
package jobsearch

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/seo"
	"corpsite/internal/sitecontent"
	"corpsite/internal/wire"
)

// ValueMax is the longest value, in characters, of a job search parameter
// (the keywords, a filter); the rest is ignored. It also bounds the page
// cache keys of filtered /jobs views.
const ValueMax = 100

// params are the URL parameters of a job search in their
// canonical order: keywords, then the filters.
var params = [...]string{"q", "years", "location", "workplace", "department"}

// legacyExperience is the parameter the experience filter had before it
// took years: "experience=2-4" is read as years=2.
const legacyExperience = "experience"

// Query is a normalised job search, one value per params entry in that
// order: keywords (matched against title and description, every word
// must occur), the years of experience a seeker has (a whole number from
// 0 to domain.YearsLimit, "" when not given or not such a number), a
// location (a city's canonical name or any alias, regardless of case), a
// workplace type (one of domain.Workplaces, else "") and a department
// (regardless of case). "" means not filtered.
type Query [len(params)]string

func (q Query) Keywords() string   { return q[0] }
func (q Query) Years() string      { return q[1] }
func (q Query) Location() string   { return q[2] }
func (q Query) Workplace() string  { return q[3] }
func (q Query) Department() string { return q[4] }

// Rules are the job search's rules the web app needs to build the
// same query strings as Go: the parameters in canonical order, the
// longest value in characters, the most years and the workplace types.
func Rules() (names []string, valueMax, yearsMax int, workplaces []string) {
	return slices.Clone(params[:]), ValueMax, domain.YearsLimit, slices.Clone(domain.Workplaces)
}

// Parse reads a job search from a raw URL query. Unknown parameters
// are ignored, and so are pairs that do not decode (a bad escape, or bytes
// that are not UTF-8, which the browser's decodeURIComponent refuses too);
// of a repeated parameter the first value counts. Values are normalised by
// Normalize; years that are not a whole number from 0 to the limit and
// workplaces that are not a type are dropped. A link from before the years
// filter ("experience=2-4", no years) counts as years=2. It parses by hand
// rather than with url.ParseQuery, whose rules (it drops pairs holding
// ';') the web app would have to copy.
func Parse(raw string) Query {
	var q Query
	var seen [len(params)]bool
	legacy := ""
	for pair := range strings.SplitSeq(raw, "&") {
		rawKey, rawValue, _ := strings.Cut(pair, "=")
		key, ok := decodeQueryComponent(rawKey)
		if !ok {
			continue
		}
		if key == legacyExperience && legacy == "" {
			if v, ok := decodeQueryComponent(rawValue); ok {
				legacy = Normalize(v)
			}
			continue
		}
		i := slices.Index(params[:], key)
		if i < 0 || seen[i] {
			continue
		}
		value, ok := decodeQueryComponent(rawValue)
		if !ok {
			continue
		}
		seen[i] = true
		q[i] = normalizeParam(i, value)
	}
	if !seen[1] && legacy != "" {
		if lo, _, ok := domain.ParseExperience(legacy); ok {
			q[1] = strconv.Itoa(lo)
		}
	}
	return q
}

// HasLegacy reports whether the raw query uses the experience parameter
// the search had before years; a page may redirect it to q.Encode().
func HasLegacy(raw string) bool {
	for pair := range strings.SplitSeq(raw, "&") {
		rawKey, _, _ := strings.Cut(pair, "=")
		if key, ok := decodeQueryComponent(rawKey); ok && key == legacyExperience {
			return true
		}
	}
	return false
}

// normalizeParam normalises the value of params[i].
func normalizeParam(i int, v string) string {
	v = Normalize(v)
	switch params[i] {
	case "years":
		if v == "" || len(v) > 2 || strings.Trim(v, "0123456789") != "" {
			return ""
		}
		n, _ := strconv.Atoi(v)
		if n > domain.YearsLimit {
			return ""
		}
		return strconv.Itoa(n)
	case "workplace":
		v = strings.ToLower(v)
		if !slices.Contains(domain.Workplaces, v) {
			return ""
		}
	}
	return v
}

// decodeQueryComponent decodes one key or value of a query: '+' is a
// space, %XX a byte; the result must be UTF-8.
func decodeQueryComponent(s string) (string, bool) {
	v, err := url.QueryUnescape(s)
	if err != nil || !utf8.ValidString(v) {
		return "", false
	}
	return v, true
}

// Normalize trims v, collapses each run of whitespace (as
// unicode.IsSpace defines it) to one space and keeps at most
// ValueMax characters.
func Normalize(v string) string {
	v = strings.Join(strings.Fields(v), " ")
	if utf8.RuneCountInString(v) > ValueMax {
		v = string([]rune(v)[:ValueMax])
	}
	return strings.TrimRight(v, " ")
}

// Filtered reports whether the search narrows the list at all.
func (q Query) Filtered() bool { return q != Query{} }

// Encode is the canonical query string of q: its non-empty parameters in
// params order, each value escaped as encodeURIComponent does;
// "" when q is not filtered.
func (q Query) Encode() string {
	var parts []string
	for i, v := range q {
		if v != "" {
			parts = append(parts, params[i]+"="+wire.EncodeURIComponent(v))
		}
	}
	return strings.Join(parts, "&")
}

// WithQuery appends q's canonical query string to path.
func (q Query) WithQuery(path string) string {
	if e := q.Encode(); e != "" {
		return path + "?" + e
	}
	return path
}

// Search is the search over jobs (open positions, newest first).
func Search(jobs []wire.Job, q Query) wire.JobSearch {
	out := wire.JobSearch{
		Jobs:        []wire.Job{},
		Total:       len(jobs),
		Locations:   distinct(jobs, func(j wire.Job) string { return j.Location }),
		Workplaces:  []string{},
		Departments: distinct(jobs, func(j wire.Job) string { return j.Department }),
		Location:    q.Location(),
	}
	for _, w := range domain.Workplaces {
		if slices.ContainsFunc(jobs, func(j wire.Job) bool { return j.Workplace == w }) {
			out.Workplaces = append(out.Workplaces, w)
		}
	}
	m := newMatcher(q)
	for _, j := range jobs {
		if m.matches(j) {
			out.Jobs = append(out.Jobs, j)
		}
		if q.Location() != "" && locationIs(j, q.Location()) {
			out.Location = Normalize(j.Location)
		}
	}
	return out
}

// Matches reports whether job j passes every filter of q and contains
// each of q's keywords in its title or the text of its description.
func Matches(j wire.Job, q Query) bool { return newMatcher(q).matches(j) }

// matcher is a Query ready to match many jobs.
type matcher struct {
	q     Query
	years int // -1: not filtered
	words []string
}

func newMatcher(q Query) matcher {
	m := matcher{q: q, years: -1, words: strings.Fields(strings.ToLower(q.Keywords()))}
	if n, err := strconv.Atoi(q.Years()); err == nil {
		m.years = n
	}
	return m
}

func (m matcher) matches(j wire.Job) bool {
	if m.years >= 0 && (j.YearsMin == nil || !domain.CoversYears(*j.YearsMin, j.YearsMax, m.years)) {
		return false
	}
	if m.q.Location() != "" && !locationIs(j, m.q.Location()) {
		return false
	}
	if m.q.Workplace() != "" && j.Workplace != m.q.Workplace() {
		return false
	}
	if m.q.Department() != "" && domain.NameKey(j.Department) != domain.NameKey(m.q.Department()) {
		return false
	}
	if len(m.words) == 0 {
		return true
	}
	text := strings.ToLower(j.JobTitle + " " + seo.PlainText(j.Description))
	for _, w := range m.words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// locationIs reports whether name is j's city: its name or an alias,
// regardless of case.
func locationIs(j wire.Job, name string) bool {
	return domain.JobLocation{Name: j.Location, Aliases: j.LocationAliases}.Is(name)
}

// distinct returns the distinct non-empty values of field over jobs,
// normalised as search values are (so an option always matches), sorted.
func distinct(jobs []wire.Job, field func(wire.Job) string) []string {
	out := []string{}
	for _, j := range jobs {
		if v := Normalize(field(j)); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// FirstClosing returns the first moment after now at which one of jobs
// closes, or zero.
func FirstClosing(jobs []wire.Job, now time.Time) time.Time {
	var first time.Time
	for _, j := range jobs {
		if t := domain.ClosesAt(j.ClosingDate); t.After(now) && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	return first
}

// Words are how the pages name a search in words (from the site's
// content), for a feed's title, an alert's e-mails and its page.
type Words struct {
	// Years is the years filter as a phrase ("{years} years of experience").
	Years string
	// Workplaces name the workplace codes (remote → Remote).
	Workplaces map[string]string
	// Labels name the parameters ("location" → "Location").
	Labels map[string]string
	// All describes a search with no filter ("All open positions").
	All string
}

// WordsOf are the words of the site's content for job pages.
func WordsOf(j sitecontent.Jobs) Words {
	return Words{Years: j.FeedYears, Workplaces: j.Workplaces, Labels: j.SearchLabels, All: j.SearchAll}
}

// workplace is code in words; the code itself when it has none.
func (w Words) workplace(code string) string {
	if s, ok := w.Workplaces[code]; ok {
		return s
	}
	return code
}

// Values are q's values in words in its canonical order, the empty ones
// left out: what a feed's title names ("React · 4 years of experience ·
// Remote").
func (q Query) Values(w Words) []string {
	var out []string
	for i, v := range q {
		switch {
		case v == "":
			continue
		case i == 1:
			v = strings.ReplaceAll(w.Years, "{years}", v)
		case i == 3:
			v = w.workplace(v)
		}
		out = append(out, v)
	}
	return out
}

// Describe is q with each value labelled ("Location: Pune · Workplace:
// Remote"), or w.All when q filters nothing.
func (q Query) Describe(w Words) string {
	var parts []string
	for i, v := range q {
		if v == "" {
			continue
		}
		if i == 3 {
			v = w.workplace(v)
		}
		label, ok := w.Labels[params[i]]
		if !ok {
			label = params[i]
		}
		parts = append(parts, label+": "+v)
	}
	if len(parts) == 0 {
		return w.All
	}
	return strings.Join(parts, " · ")
}
