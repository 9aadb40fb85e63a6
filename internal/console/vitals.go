package console

import (
	"cmp"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// vitalsDefaultDays is the period the speed screen shows unless asked.
const vitalsDefaultDays = 28

// vitalsAdminRoutes are the staff API routes of real-user Core Web Vitals for the speed screen (admins and editors).
func (s *Server) vitalsAdminRoutes() []adminRoute {
	return []adminRoute{
		get("/vitals", editors, s.adminVitals),
	}
}

// GET /api/admin/vitals?days=N: per route and metric, the daily 75th
// percentiles of the last N days (today included) and the period's, rated
// against the metric's thresholds.
func (s *Server) adminVitals(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.VitalsReport, error) {
	days, err := vitalsDays(r.URL.Query().Get("days"))
	if err != nil {
		return wire.VitalsReport{}, err
	}
	to := s.today()
	from := to.AddDate(0, 0, -(days - 1))
	series, err := s.store.ListVitals(r.Context(), from)
	if err != nil {
		return wire.VitalsReport{}, err
	}
	return vitalsReport(days, from, to, series), nil
}

// vitalsDays is the period of the days query: vitalsDefaultDays when it is
// empty, from 1 to domain.VitalsKeepDays otherwise.
func vitalsDays(q string) (int, error) {
	if q == "" {
		return vitalsDefaultDays, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 1 || n > domain.VitalsKeepDays {
		return 0, httpcore.WithStatus(&domain.Error{
			Code:    domain.EInvalid,
			Message: "The period is not valid.",
			Fields:  map[string]string{"days": "Choose a period from 1 to " + strconv.Itoa(domain.VitalsKeepDays) + " days."},
		}, http.StatusBadRequest)
	}
	return n, nil
}

// vitalsReport lays the stored series out for the dashboard: the metrics
// with their thresholds, then the routes, most viewed first, each with its
// series in the metrics' order.
func vitalsReport(days int, from, to time.Time, series []domain.VitalsSeries) wire.VitalsReport {
	rep := wire.VitalsReport{
		Days:    days,
		From:    from.Format(time.DateOnly),
		To:      to.Format(time.DateOnly),
		Metrics: make([]wire.VitalsMetricInfo, 0, len(domain.VitalsMetrics)),
		Routes:  []wire.VitalsRoute{},
	}
	for _, m := range domain.VitalsMetrics {
		t := m.Thresholds()
		unit := "ms"
		if m == domain.VitalCLS {
			unit = ""
		}
		rep.Metrics = append(rep.Metrics, wire.VitalsMetricInfo{
			Metric: string(m), Label: strings.ToUpper(string(m)), Name: m.Name(), Unit: unit, Good: t.Good, Poor: t.Poor,
		})
	}
	byRoute := map[string]*wire.VitalsRoute{}
	views := map[string]int64{} // the route's most measured metric
	for _, sr := range series {
		if !sr.Metric.Valid() {
			continue
		}
		rt := byRoute[sr.Route]
		if rt == nil {
			rt = &wire.VitalsRoute{Route: sr.Route}
			byRoute[sr.Route] = rt
		}
		rt.Series = append(rt.Series, vitalsSeries(sr))
		views[sr.Route] = max(views[sr.Route], sr.Count)
	}
	for _, rt := range byRoute {
		slices.SortFunc(rt.Series, func(a, b wire.VitalsSeries) int {
			return slices.Index(domain.VitalsMetrics, domain.VitalsMetric(a.Metric)) - slices.Index(domain.VitalsMetrics, domain.VitalsMetric(b.Metric))
		})
		rep.Routes = append(rep.Routes, *rt)
	}
	slices.SortFunc(rep.Routes, func(a, b wire.VitalsRoute) int {
		return cmp.Or(cmp.Compare(views[b.Route], views[a.Route]), strings.Compare(a.Route, b.Route))
	})
	return rep
}

// vitalsSeries is one route's metric, its period and daily 75th percentiles
// rounded and rated.
func vitalsSeries(sr domain.VitalsSeries) wire.VitalsSeries {
	p75 := roundVital(sr.Metric, sr.P75)
	ws := wire.VitalsSeries{Metric: string(sr.Metric), Count: sr.Count, P75: p75, Rating: sr.Metric.Rate(p75),
		Points: make([]wire.VitalsPoint, 0, len(sr.Days))}
	for _, d := range sr.Days {
		ws.Points = append(ws.Points, wire.VitalsPoint{Day: d.Day.Format(time.DateOnly), Count: d.Count, P75: roundVital(sr.Metric, d.P75)})
	}
	return ws
}

// today is the current date in the site's time zone, as midnight UTC: the
// last day of the dashboard's period.
func (s *Server) today() time.Time { return domain.VitalsToday(s.now(), s.zone) }

// roundVital rounds a 75th percentile as the dashboard shows it: whole
// milliseconds, or three decimals of CLS. The rating is of the rounded
// value, so the words never contradict the number beside them.
func roundVital(m domain.VitalsMetric, v float64) float64 {
	if m == domain.VitalCLS {
		return math.Round(v*1000) / 1000
	}
	return math.Round(v)
}
