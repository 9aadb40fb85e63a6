package domain

import (
	"context"
	"math"
	"time"
)

// VitalsMetric names one of the Core Web Vitals measured on real visits.
type VitalsMetric string

// The measured metrics.
const (
	VitalLCP  VitalsMetric = "lcp"  // Largest Contentful Paint, ms
	VitalINP  VitalsMetric = "inp"  // Interaction to Next Paint, ms
	VitalCLS  VitalsMetric = "cls"  // Cumulative Layout Shift, unitless
	VitalTTFB VitalsMetric = "ttfb" // Time to First Byte, ms
)

// VitalsKeepDays is how many days of measurements are kept (and the
// longest period the dashboard shows); older days are pruned.
const VitalsKeepDays = 90

// VitalsMetrics lists every metric, in the order the dashboard shows them.
var VitalsMetrics = []VitalsMetric{VitalLCP, VitalINP, VitalCLS, VitalTTFB}

// VitalsThresholds are a metric's published limits: a 75th percentile at
// or below Good is good, above Poor is poor, between them needs
// improvement.
type VitalsThresholds struct {
	Good, Poor float64
}

// vitalsInfo is what the site knows of each metric.
var vitalsInfo = map[VitalsMetric]struct {
	name       string
	max        float64 // largest value accepted
	unit       float64 // the smallest step kept apart (bucket 0 is below it)
	thresholds VitalsThresholds
}{
	VitalLCP:  {"Largest Contentful Paint", 60000, 1, VitalsThresholds{2500, 4000}},
	VitalINP:  {"Interaction to Next Paint", 60000, 1, VitalsThresholds{200, 500}},
	VitalCLS:  {"Cumulative Layout Shift", 10, 0.001, VitalsThresholds{0.1, 0.25}},
	VitalTTFB: {"Time to First Byte", 60000, 1, VitalsThresholds{800, 1800}},
}

// Valid reports whether m is a known metric.
func (m VitalsMetric) Valid() bool { _, ok := vitalsInfo[m]; return ok }

// Name is the metric's full name, e.g. "Largest Contentful Paint".
func (m VitalsMetric) Name() string { return vitalsInfo[m].name }

// Max is the largest value accepted for m: 60 000 ms for the timings, 10
// for CLS. Larger values are measurement faults, not visits.
func (m VitalsMetric) Max() float64 { return vitalsInfo[m].max }

// Thresholds are m's good and poor limits.
func (m VitalsMetric) Thresholds() VitalsThresholds { return vitalsInfo[m].thresholds }

// ValidValue reports whether v is a possible measurement of m: finite,
// from 0 to m.Max().
func (m VitalsMetric) ValidValue(v float64) bool {
	return m.Valid() && !math.IsNaN(v) && v >= 0 && v <= m.Max()
}

// Ratings of a 75th percentile against its metric's thresholds, in the
// published words.
const (
	RatingGood             = "Good"
	RatingNeedsImprovement = "Needs improvement"
	RatingPoor             = "Poor"
)

// Rate returns the rating of v, a 75th percentile of m.
func (m VitalsMetric) Rate(v float64) string {
	t := m.Thresholds()
	switch {
	case v <= t.Good:
		return RatingGood
	case v <= t.Poor:
		return RatingNeedsImprovement
	default:
		return RatingPoor
	}
}

// Measurements are kept as fixed histograms: bucket 0 holds values below
// the metric's unit (1 ms, or 0.001 for CLS), bucket i ≥ 1 the values in
// [unit·r^(i-1), unit·r^i) with r = VitalsBucketRatio. A percentile read
// from the buckets is the geometric middle of the bucket it falls in, so
// it is within VitalsPrecision (relative) of the exact percentile of the
// values recorded, or below one unit when it falls in bucket 0. With the
// accepted ranges there are at most 117 buckets per metric.
const (
	VitalsBucketRatio = 1.1
	// VitalsPrecision is the relative error bound of a percentile read
	// from the buckets: √r − 1, under 5 %.
	VitalsPrecision = 0.0489
)

// VitalsBucket returns the bucket of value v of m (a valid value).
func VitalsBucket(m VitalsMetric, v float64) int {
	u := v / vitalsInfo[m].unit
	if !(u >= 1) { // also NaN
		return 0
	}
	b := 1 + int(math.Floor(math.Log(u)/math.Log(VitalsBucketRatio)))
	// Rounding in Log may put a value near a bucket's edge in the next
	// bucket: the edges decide.
	if u >= math.Pow(VitalsBucketRatio, float64(b)) {
		b++
	} else if b > 1 && u < math.Pow(VitalsBucketRatio, float64(b-1)) {
		b--
	}
	return b
}

// VitalsBucketValue is the value a percentile falling in bucket b of m is
// read as: 0 for bucket 0, else the geometric middle of the bucket.
func VitalsBucketValue(m VitalsMetric, b int) float64 {
	if b <= 0 {
		return 0
	}
	return vitalsInfo[m].unit * math.Pow(VitalsBucketRatio, float64(b)-0.5)
}

// VitalsHistogram counts the measurements of one metric per bucket.
type VitalsHistogram map[int]int64

// Count is the number of measurements.
func (h VitalsHistogram) Count() int64 {
	var n int64
	for _, c := range h {
		n += c
	}
	return n
}

// Merge adds o's counts to h.
func (h VitalsHistogram) Merge(o VitalsHistogram) {
	for b, c := range o {
		h[b] += c
	}
}

// Percentile returns the q-th quantile (0 < q ≤ 1) of h's measurements of
// m by the nearest rank (the ⌈q·n⌉-th smallest), read from its bucket; 0
// when h is empty.
func (h VitalsHistogram) Percentile(m VitalsMetric, q float64) float64 {
	n := h.Count()
	if n == 0 {
		return 0
	}
	rank := max(int64(math.Ceil(q*float64(n))), 1)
	maxB := 0
	for b := range h {
		maxB = max(maxB, b)
	}
	var seen int64
	for b := 0; b <= maxB; b++ {
		seen += h[b]
		if seen >= rank {
			return VitalsBucketValue(m, b)
		}
	}
	return VitalsBucketValue(m, maxB)
}

// VitalsToday is the day a measurement taken at now is counted in: its
// date in the site's time zone loc, as midnight UTC (VitalsDay.Day).
func VitalsToday(now time.Time, loc *time.Location) time.Time {
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// VitalsDay is one day's measurements of a metric on a route.
type VitalsDay struct {
	Day   time.Time // midnight UTC of the day (a date, in the site's zone)
	Count int64
	P75   float64
}

// VitalsSeries is what a route's visits measured of one metric over a
// period: each day with measurements, in order, and the whole period.
type VitalsSeries struct {
	Route  string
	Metric VitalsMetric
	Days   []VitalsDay
	Count  int64
	P75    float64
}

// VitalsStore keeps daily aggregates of real visitors' Core Web Vitals
// per route: a histogram per day, route and metric (see VitalsBucket), so
// that it holds no visit, only counts, and stays bounded by the routes,
// the metrics, the buckets and the days kept.
type VitalsStore interface {
	// RecordVitals adds one page view's measurements (metric → value, each
	// valid for its metric: EInvalid otherwise, and nothing is recorded)
	// to day's histograms of route, in one transaction. day is a date:
	// only its year, month and day count.
	RecordVitals(ctx context.Context, day time.Time, route string, values map[VitalsMetric]float64) error
	// ListVitals returns, for every route and metric measured on since's
	// date or later, the days with their count and 75th percentile, and
	// those of the whole period; ordered by route, then metric.
	ListVitals(ctx context.Context, since time.Time) ([]VitalsSeries, error)
	// PruneVitals forgets the days before before's date.
	PruneVitals(ctx context.Context, before time.Time) error
}
