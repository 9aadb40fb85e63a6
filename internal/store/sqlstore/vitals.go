package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// vitalsDay is how a day is stored: its date, which sorts as text.
func vitalsDay(t time.Time) string { return t.Format(time.DateOnly) }

// RecordVitals adds one page view's measurements to the day's histograms;
// see domain.VitalsStore.
func (s *Store) RecordVitals(ctx context.Context, day time.Time, route string, values map[domain.VitalsMetric]float64) (err error) {
	defer s.wrap(&err, "RecordVitals")
	// A fixed order: concurrent transactions lock rows in the same order,
	// so PostgreSQL never finds them waiting on each other.
	metrics := make([]domain.VitalsMetric, 0, len(values))
	for m, v := range values {
		if !m.ValidValue(v) {
			return domain.Errorf(domain.EInvalid, "%v is not a valid measurement of %s.", v, m)
		}
		metrics = append(metrics, m)
	}
	slices.Sort(metrics)
	d := vitalsDay(day)
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		for _, m := range metrics {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO vitals_daily (day, route, metric, bucket, count)
				VALUES (?, ?, ?, ?, 1)
				ON CONFLICT (day, route, metric, bucket) DO UPDATE SET count = vitals_daily.count + 1`),
				d, route, string(m), domain.VitalsBucket(m, values[m])); err != nil {
				return err
			}
		}
		return nil
	})
}

// ListVitals returns the days since since and the period's totals per
// route and metric; see domain.VitalsStore. The rows come in the order
// the series are built, one (route, metric) group after another, so only
// one group's histograms are held at a time.
func (s *Store) ListVitals(ctx context.Context, since time.Time) (_ []domain.VitalsSeries, err error) {
	defer s.wrap(&err, "ListVitals")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT route, metric, day, bucket, count FROM vitals_daily
		WHERE day >= ? ORDER BY route, metric, day, bucket`), vitalsDay(since))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.VitalsSeries{}
	var (
		cur      *domain.VitalsSeries
		period   domain.VitalsHistogram
		dayHist  domain.VitalsHistogram
		dayText  string
		closeDay = func() { // ends the current day
			if cur == nil || dayText == "" {
				return
			}
			d, _ := time.Parse(time.DateOnly, dayText)
			cur.Days = append(cur.Days, domain.VitalsDay{Day: d, Count: dayHist.Count(), P75: dayHist.Percentile(cur.Metric, 0.75)})
			period.Merge(dayHist)
		}
		closeSeries = func() {
			closeDay()
			if cur != nil {
				cur.Count, cur.P75 = period.Count(), period.Percentile(cur.Metric, 0.75)
				out = append(out, *cur)
			}
		}
	)
	for rows.Next() {
		var route, metric, day string
		var bucket int
		var count int64
		if err := rows.Scan(&route, &metric, &day, &bucket, &count); err != nil {
			return nil, err
		}
		if cur == nil || cur.Route != route || string(cur.Metric) != metric {
			closeSeries()
			cur = &domain.VitalsSeries{Route: route, Metric: domain.VitalsMetric(metric)}
			period, dayText = domain.VitalsHistogram{}, ""
		}
		if day != dayText {
			closeDay()
			dayHist, dayText = domain.VitalsHistogram{}, day
		}
		dayHist[bucket] += count
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	closeSeries()
	// The engines' collations may order routes differently.
	slices.SortFunc(out, func(a, b domain.VitalsSeries) int {
		return cmp.Or(strings.Compare(a.Route, b.Route), strings.Compare(string(a.Metric), string(b.Metric)))
	})
	return out, nil
}

// PruneVitals forgets the days before before's date.
func (s *Store) PruneVitals(ctx context.Context, before time.Time) (err error) {
	defer s.wrap(&err, "PruneVitals")
	_, err = s.w.ExecContext(ctx, s.q(`DELETE FROM vitals_daily WHERE day < ?`), vitalsDay(before))
	return err
}
