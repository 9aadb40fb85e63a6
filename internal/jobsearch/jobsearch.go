// Package jobsearch is the job search of the /jobs page and GET
// /api/jobs/search. Its rules live here and nowhere else: how a URL query
// becomes a search, the search's canonical query string, and which
// positions match. The web app reads the parameter names, the value limit
// and the whitespace set from the generated web/src/gen/wire.ts and builds
// the same canonical query string, so the API path it reads is the one Go
// put into the page's boot data.
package jobsearch

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// ValueMax is the longest value, in characters, of a job search parameter
// (the keywords, a filter); the rest is ignored. It also bounds the page
// cache keys of filtered /jobs views.
const ValueMax = 100

// params are the URL parameters of a job search in their
// canonical order: keywords, then the filters.
var params = [...]string{"q", "location", "experience", "department"}

// Query is a normalised job search, one value per params entry
// in that order: keywords (matched against title and description, every
// word must occur) and exact location, experience and department. "" means
// not filtered.
type Query [len(params)]string

func (q Query) Keywords() string   { return q[0] }
func (q Query) Location() string   { return q[1] }
func (q Query) Experience() string { return q[2] }
func (q Query) Department() string { return q[3] }

// Rules are the job search's rules the web app needs to build the
// same query strings as Go: the parameters in canonical order and the
// longest value in characters.
func Rules() (names []string, valueMax int) {
	return slices.Clone(params[:]), ValueMax
}

// Parse reads a job search from a raw URL query. Unknown parameters
// are ignored, and so are pairs that do not decode (a bad escape, or bytes
// that are not UTF-8, which the browser's decodeURIComponent refuses too);
// of a repeated parameter the first value counts. Values are normalised by
// Normalize. It parses by hand rather than with url.ParseQuery,
// whose rules (it drops pairs holding ';') the web app would have to copy.
func Parse(raw string) Query {
	var q Query
	var seen [len(params)]bool
	for pair := range strings.SplitSeq(raw, "&") {
		rawKey, rawValue, _ := strings.Cut(pair, "=")
		key, ok := decodeQueryComponent(rawKey)
		if !ok {
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
		q[i] = Normalize(value)
	}
	return q
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
		Jobs:             []wire.Job{},
		Total:            len(jobs),
		Locations:        distinct(jobs, func(j wire.Job) string { return j.Location }),
		ExperienceLevels: distinct(jobs, func(j wire.Job) string { return j.Experience }),
		Departments:      distinct(jobs, func(j wire.Job) string { return j.Department }),
	}
	slices.SortFunc(out.ExperienceLevels, compareExperience)
	words := strings.Fields(strings.ToLower(q.Keywords()))
	for _, j := range jobs {
		if jobMatches(j, q, words) {
			out.Jobs = append(out.Jobs, j)
		}
	}
	return out
}

// jobMatches reports whether j passes q's filters and contains every one
// of words (lower case) in its title or the text of its description.
func jobMatches(j wire.Job, q Query, words []string) bool {
	for _, f := range []struct{ want, have string }{
		{q.Location(), j.Location},
		{q.Experience(), j.Experience},
		{q.Department(), j.Department},
	} {
		if f.want != "" && f.want != Normalize(f.have) {
			return false
		}
	}
	if len(words) == 0 {
		return true
	}
	text := strings.ToLower(j.JobTitle + " " + seo.PlainText(j.Description))
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
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

// compareExperience orders experience levels ("0-1", "2-4", "10+") by
// their first number, then as text.
func compareExperience(a, b string) int {
	return cmp.Or(cmp.Compare(leadingNumber(a), leadingNumber(b)), strings.Compare(a, b))
}

// leadingNumber is the number s starts with; large for none, so such
// levels come last.
func leadingNumber(s string) int {
	end := 0
	for end < len(s) && end < 9 && '0' <= s[end] && s[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(s[:end])
	if err != nil {
		return 1 << 30
	}
	return n
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
