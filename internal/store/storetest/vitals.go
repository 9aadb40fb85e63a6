package storetest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// vitalsTests are the contract cases of real-user Core Web Vitals aggregates.
var vitalsTests = []contractTest{
	{"Vitals/Empty", testVitalsEmpty},
	{"Vitals/CountsAndP75", testVitalsP75},
	{"Vitals/DaysAndSince", testVitalsDays},
	{"Vitals/InvalidRecordsNothing", testVitalsInvalid},
	{"Vitals/ConcurrentIncrements", testVitalsConcurrent},
	{"Vitals/Prune", testVitalsPrune},
}

// date is midnight UTC of a day in November 2026.
func date(day int) time.Time { return time.Date(2026, 11, day, 0, 0, 0, 0, time.UTC) }

// exactP75 is the 75th percentile of vs by the nearest rank.
func exactP75(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	return s[int(math.Ceil(0.75*float64(len(s))))-1]
}

// wantNear fails unless got is the histogram's reading of exact: within
// the stated relative precision, or 0 for values below the metric's unit.
func wantNear(t *testing.T, what string, m domain.VitalsMetric, exact, got float64) {
	t.Helper()
	unit := 1.0
	if m == domain.VitalCLS {
		unit = 0.001
	}
	if exact < unit {
		if got != 0 {
			t.Errorf("%s: p75 = %v, want 0 (exact %v is below one unit)", what, got, exact)
		}
		return
	}
	if math.Abs(got-exact) > domain.VitalsPrecision*exact {
		t.Errorf("%s: p75 = %v, exact %v: off by more than %.1f%%", what, got, exact, 100*domain.VitalsPrecision)
	}
}

func testVitalsEmpty(t *testing.T, s domain.Store) {
	got, err := s.ListVitals(t.Context(), date(1))
	must(t, err, "ListVitals")
	if got == nil || len(got) != 0 {
		t.Errorf("ListVitals on an empty store = %#v, want an empty slice", got)
	}
}

func testVitalsP75(t *testing.T, s domain.Store) {
	ctx := t.Context()
	rng := rand.New(rand.NewPCG(7, 9))
	// Page views of two routes on one day: LCP spread over two orders of
	// magnitude, CLS mostly 0 (no shift at all), TTFB on some views only.
	sent := map[string]map[domain.VitalsMetric][]float64{}
	record := func(route string, v map[domain.VitalsMetric]float64) {
		must(t, s.RecordVitals(ctx, date(20), route, v), "RecordVitals")
		if sent[route] == nil {
			sent[route] = map[domain.VitalsMetric][]float64{}
		}
		for m, x := range v {
			sent[route][m] = append(sent[route][m], x)
		}
	}
	for i := range 150 {
		v := map[domain.VitalsMetric]float64{
			domain.VitalLCP: math.Round(300*math.Exp(rng.Float64()*4.5)*10) / 10,
			domain.VitalCLS: 0,
		}
		if i%4 == 0 {
			v[domain.VitalCLS] = math.Round(rng.Float64()*0.6*1e4) / 1e4
		}
		if i%3 == 0 {
			v[domain.VitalTTFB] = float64(50 + rng.IntN(3000))
		}
		record("/job/:id", v)
	}
	for range 7 {
		record("/", map[domain.VitalsMetric]float64{domain.VitalINP: float64(16 + rng.IntN(900)), domain.VitalCLS: 0.31})
	}
	// The range's ends are valid values.
	record("/about", map[domain.VitalsMetric]float64{domain.VitalLCP: 60000, domain.VitalINP: 0, domain.VitalCLS: 10, domain.VitalTTFB: 0.4})

	got, err := s.ListVitals(ctx, date(1))
	must(t, err, "ListVitals")
	type key struct { // exported fields, for checkDiff
		Route  string
		Metric domain.VitalsMetric
	}
	var order []key
	for _, sr := range got {
		order = append(order, key{sr.Route, sr.Metric})
	}
	checkDiff(t, "series (by route, then metric)", []key{
		{"/", "cls"}, {"/", "inp"},
		{"/about", "cls"}, {"/about", "inp"}, {"/about", "lcp"}, {"/about", "ttfb"},
		{"/job/:id", "cls"}, {"/job/:id", "lcp"}, {"/job/:id", "ttfb"},
	}, order)
	for _, sr := range got {
		vs := sent[sr.Route][sr.Metric]
		what := fmt.Sprintf("%s %s", sr.Route, sr.Metric)
		if sr.Count != int64(len(vs)) {
			t.Errorf("%s: count = %d, want %d", what, sr.Count, len(vs))
		}
		if len(sr.Days) != 1 || !sr.Days[0].Day.Equal(date(20)) || sr.Days[0].Count != sr.Count || sr.Days[0].P75 != sr.P75 {
			t.Errorf("%s: days = %+v, want one day, 2026-11-20, as the period (%d, %v)", what, sr.Days, sr.Count, sr.P75)
		}
		wantNear(t, what, sr.Metric, exactP75(vs), sr.P75)
	}
}

func testVitalsDays(t *testing.T, s domain.Store) {
	ctx := t.Context()
	lcp := func(v float64) map[domain.VitalsMetric]float64 {
		return map[domain.VitalsMetric]float64{domain.VitalLCP: v}
	}
	// Day 18: fast; day 19: nothing; day 20: slow; day 21: mixed. Only
	// the date counts: 23:30 in IST on the 20th is the 20th.
	all := map[int][]float64{18: {1000, 1200, 1100, 900}, 20: {5000, 5200}, 21: {800, 4000, 4100, 8000}}
	for day, vs := range all {
		for _, v := range vs {
			when := date(day)
			if day == 20 {
				when = time.Date(2026, 11, 20, 23, 30, 0, 0, ist)
			}
			must(t, s.RecordVitals(ctx, when, "/blog", lcp(v)), "RecordVitals")
		}
	}
	must(t, s.RecordVitals(ctx, date(17), "/blog", lcp(100)), "RecordVitals")

	got, err := s.ListVitals(ctx, time.Date(2026, 11, 18, 23, 0, 0, 0, time.UTC)) // the 18th counts whole
	must(t, err, "ListVitals")
	if len(got) != 1 {
		t.Fatalf("ListVitals = %d series, want 1", len(got))
	}
	sr := got[0]
	var days []time.Time
	for _, d := range sr.Days {
		days = append(days, d.Day)
		wantNear(t, d.Day.Format(time.DateOnly), domain.VitalLCP, exactP75(all[d.Day.Day()]), d.P75)
		if d.Count != int64(len(all[d.Day.Day()])) {
			t.Errorf("%s: count %d, want %d", d.Day.Format(time.DateOnly), d.Count, len(all[d.Day.Day()]))
		}
		if d.Day.Location() != time.UTC {
			t.Errorf("day %v is not in UTC", d.Day)
		}
	}
	checkDiff(t, "days (with measurements, in order; the 17th is before since)", []time.Time{date(18), date(20), date(21)}, days)
	period := slices.Concat(all[18], all[20], all[21])
	if sr.Count != int64(len(period)) {
		t.Errorf("period count = %d, want %d", sr.Count, len(period))
	}
	wantNear(t, "period", domain.VitalLCP, exactP75(period), sr.P75)
}

func testVitalsInvalid(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for _, v := range []map[domain.VitalsMetric]float64{
		{domain.VitalLCP: 1000, "fid": 10},
		{domain.VitalLCP: 1000, domain.VitalINP: math.NaN()},
		{domain.VitalLCP: 1000, domain.VitalINP: math.Inf(1)},
		{domain.VitalLCP: -1},
		{domain.VitalTTFB: 60000.5},
		{domain.VitalCLS: 10.01},
	} {
		wantCode(t, s.RecordVitals(ctx, date(20), "/", v), domain.EInvalid, fmt.Sprintf("RecordVitals(%v)", v))
	}
	got, err := s.ListVitals(ctx, date(1))
	must(t, err, "ListVitals")
	if len(got) != 0 {
		t.Errorf("refused measurements were stored: %+v", got)
	}
}

func testVitalsConcurrent(t *testing.T, s domain.Store) {
	ctx := t.Context()
	const workers, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				errs <- s.RecordVitals(ctx, date(20), "/career", map[domain.VitalsMetric]float64{
					domain.VitalLCP: 2000, domain.VitalINP: float64(100 + w), domain.VitalCLS: 0, domain.VitalTTFB: float64(300 + i),
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err, "RecordVitals")
	}
	got, err := s.ListVitals(ctx, date(20))
	must(t, err, "ListVitals")
	if len(got) != 4 {
		t.Fatalf("ListVitals = %d series, want 4", len(got))
	}
	for _, sr := range got {
		if sr.Count != workers*each {
			t.Errorf("%s: count %d after %d concurrent records, want %d", sr.Metric, sr.Count, workers*each, workers*each)
		}
	}
}

func testVitalsPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for _, d := range []int{10, 11, 12} {
		must(t, s.RecordVitals(ctx, date(d), "/", map[domain.VitalsMetric]float64{domain.VitalCLS: 0.05}), "RecordVitals")
	}
	must(t, s.PruneVitals(ctx, time.Date(2026, 11, 11, 18, 0, 0, 0, time.UTC)), "PruneVitals")
	got, err := s.ListVitals(ctx, date(1))
	must(t, err, "ListVitals")
	var days []time.Time
	for _, sr := range got {
		for _, d := range sr.Days {
			days = append(days, d.Day)
		}
	}
	checkDiff(t, "days after pruning before the 11th", []time.Time{date(11), date(12)}, days)
}
