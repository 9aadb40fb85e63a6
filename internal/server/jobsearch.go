package server

// The job search of the /jobs page and GET /api/jobs/search. Its rules live
// here and nowhere else: how a URL query becomes a search, the search's
// canonical query string, and which positions match. The web app reads the
// parameter names, the value limit and the whitespace set from the
// generated web/src/gen/wire.ts and builds the same canonical query string,
// so the API path it reads is the one Go put into the page's boot data.

import (
	"cmp"
	"context"
	"net/http"
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

// jobSearchParams are the URL parameters of a job search in their
// canonical order: keywords, then the filters.
var jobSearchParams = [...]string{"q", "location", "experience", "department"}

// jobSearchAPIPath is the API of the job search; the page reads it with
// the page's canonical query string.
const jobSearchAPIPath = "/api/jobs/search"

// jobsPagePath is the path of the page of all open positions.
const jobsPagePath = "/jobs"

// jobQuery is a normalised job search, one value per jobSearchParams entry
// in that order: keywords (matched against title and description, every
// word must occur) and exact location, experience and department. "" means
// not filtered.
type jobQuery [len(jobSearchParams)]string

func (q jobQuery) keywords() string   { return q[0] }
func (q jobQuery) location() string   { return q[1] }
func (q jobQuery) experience() string { return q[2] }
func (q jobQuery) department() string { return q[3] }

// JobSearchRules are the job search's rules the web app needs to build the
// same query strings as Go: the parameters in canonical order and the
// longest value in characters.
func JobSearchRules() (params []string, valueMax int) {
	return slices.Clone(jobSearchParams[:]), jobSearchValueMax
}

// parseJobQuery reads a job search from a raw URL query. Unknown parameters
// are ignored, and so are pairs that do not decode (a bad escape, or bytes
// that are not UTF-8, which the browser's decodeURIComponent refuses too);
// of a repeated parameter the first value counts. Values are normalised by
// normalizeSearchValue. It parses by hand rather than with url.ParseQuery,
// whose rules (it drops pairs holding ';') the web app would have to copy.
func parseJobQuery(raw string) jobQuery {
	var q jobQuery
	var seen [len(jobSearchParams)]bool
	for pair := range strings.SplitSeq(raw, "&") {
		rawKey, rawValue, _ := strings.Cut(pair, "=")
		key, ok := decodeQueryComponent(rawKey)
		if !ok {
			continue
		}
		i := slices.Index(jobSearchParams[:], key)
		if i < 0 || seen[i] {
			continue
		}
		value, ok := decodeQueryComponent(rawValue)
		if !ok {
			continue
		}
		seen[i] = true
		q[i] = normalizeSearchValue(value)
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

// normalizeSearchValue trims v, collapses each run of whitespace (as
// unicode.IsSpace defines it) to one space and keeps at most
// jobSearchValueMax characters.
func normalizeSearchValue(v string) string {
	v = strings.Join(strings.Fields(v), " ")
	if utf8.RuneCountInString(v) > jobSearchValueMax {
		v = string([]rune(v)[:jobSearchValueMax])
	}
	return strings.TrimRight(v, " ")
}

// filtered reports whether the search narrows the list at all.
func (q jobQuery) filtered() bool { return q != jobQuery{} }

// encode is the canonical query string of q: its non-empty parameters in
// jobSearchParams order, each value escaped as encodeURIComponent does;
// "" when q is not filtered.
func (q jobQuery) encode() string {
	var parts []string
	for i, v := range q {
		if v != "" {
			parts = append(parts, jobSearchParams[i]+"="+encodeURIComponent(v))
		}
	}
	return strings.Join(parts, "&")
}

// withQuery appends q's canonical query string to path.
func (q jobQuery) withQuery(path string) string {
	if e := q.encode(); e != "" {
		return path + "?" + e
	}
	return path
}

// jobsSearchResult is a search's answer and when it goes stale by time
// alone: the first closing of any open position, since each one counts in
// the total and the filter options even when it does not match.
type jobsSearchResult struct {
	view    wire.JobSearch
	expires time.Time
}

// searchJobs runs q over the open positions.
func (s *Server) searchJobs(ctx context.Context, q jobQuery) (jobsSearchResult, error) {
	jobs, err := s.publicJobs(ctx)
	if err != nil {
		return jobsSearchResult{}, err
	}
	return jobsSearchResult{view: searchJobList(jobs, q), expires: firstClosing(jobs, s.now())}, nil
}

// searchJobList is the search over jobs (open positions, newest first).
func searchJobList(jobs []wire.Job, q jobQuery) wire.JobSearch {
	out := wire.JobSearch{
		Jobs:             []wire.Job{},
		Total:            len(jobs),
		Locations:        distinct(jobs, func(j wire.Job) string { return j.Location }),
		ExperienceLevels: distinct(jobs, func(j wire.Job) string { return j.Experience }),
		Departments:      distinct(jobs, func(j wire.Job) string { return j.Department }),
	}
	slices.SortFunc(out.ExperienceLevels, compareExperience)
	words := strings.Fields(strings.ToLower(q.keywords()))
	for _, j := range jobs {
		if jobMatches(j, q, words) {
			out.Jobs = append(out.Jobs, j)
		}
	}
	return out
}

// jobMatches reports whether j passes q's filters and contains every one
// of words (lower case) in its title or the text of its description.
func jobMatches(j wire.Job, q jobQuery, words []string) bool {
	for _, f := range []struct{ want, have string }{
		{q.location(), j.Location},
		{q.experience(), j.Experience},
		{q.department(), j.Department},
	} {
		if f.want != "" && f.want != normalizeSearchValue(f.have) {
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
		if v := normalizeSearchValue(field(j)); v != "" && !slices.Contains(out, v) {
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

// firstClosing returns the first moment after now at which one of jobs
// closes, or zero.
func firstClosing(jobs []wire.Job, now time.Time) time.Time {
	var first time.Time
	for _, j := range jobs {
		if t := domain.ClosesAt(j.ClosingDate); t.After(now) && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	return first
}

// GET /api/jobs/search?q=&location=&experience=&department=
func (s *Server) apiJobSearch(r *http.Request) (any, error) {
	res, err := s.searchJobs(r.Context(), parseJobQuery(r.URL.RawQuery))
	if err != nil {
		return nil, err
	}
	return res.view, nil
}

// jobsCacheKey is the page cache key of a /jobs request: the path with the
// canonical query string, so "?location=Pune&utm_source=x" and
// "?location=+Pune" share one slot and unknown parameters add none.
//
// Filtered views are cached, not rendered for every request: a shared
// link (say, every position in one city) is asked for again and again.
// Their number is unbounded (free-text keywords), so they are cached as
// Variant pages, in the cache's unprotected tier: it is held to a share of
// the budget and evicted first, so however many distinct searches visitors
// send, they never push the site's own pages out. Each key is bounded too
// (four values of at most jobSearchValueMax characters). A miss costs one
// render, which the flight group and the bounded queue for engines guard
// like any other.
func jobsCacheKey(r *http.Request) string {
	return parseJobQuery(r.URL.RawQuery).withQuery(jobsPagePath)
}

// GET /jobs: every open position, or those a search in the query matches.
func (s *Server) jobsPage(r *http.Request) (*pageSpec, error) {
	q := parseJobQuery(r.URL.RawQuery)
	res, err := s.searchJobs(r.Context(), q)
	if err != nil {
		return nil, err
	}
	meta := s.content.Pages[jobsPagePath]
	return &pageSpec{
		Page:        "jobs",
		Title:       meta.Title,
		Description: meta.Description,
		// One canonical page for every search. A filtered view is not
		// indexed: searches are endless, each a subset of the full list,
		// and every position has its own indexable page.
		Path:    jobsPagePath,
		NoIndex: q.filtered(),
		API:     map[string]wire.Result{q.withQuery(jobSearchAPIPath): result(res.view, nil)},
		Cache:   true,
		Variant: q.filtered(),
		Expires: res.expires,
		// The web app reads the search from the URL: render at the
		// canonical one, which it parses to the same search.
		RenderPath: q.withQuery(jobsPagePath),
	}, nil
}
