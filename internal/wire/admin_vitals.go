package wire

// VitalsBeacon is the body of POST /api/vitals, sent once per page view by
// the public pages with navigator.sendBeacon: the Core Web Vitals of the
// visit, measured in the browser. It carries no URL and nothing about the
// visitor.
type VitalsBeacon struct {
	// Route is the page's route pattern in the web app's syntax ("/",
	// "/job/:id"), never its URL: one of PAGE_ROUTES.
	Route   string       `json:"route"`
	Metrics VitalsValues `json:"metrics"`
}

// VitalsValues are one page view's measurements; a metric the browser did
// not measure is left out (at least one is needed).
type VitalsValues struct {
	LCP  *float64 `json:"lcp,omitempty"`  // Largest Contentful Paint, ms (0–60000)
	INP  *float64 `json:"inp,omitempty"`  // Interaction to Next Paint, ms (0–60000)
	CLS  *float64 `json:"cls,omitempty"`  // Cumulative Layout Shift (0–10)
	TTFB *float64 `json:"ttfb,omitempty"` // Time to First Byte, ms (0–60000)
}

// VitalsReport is GET /api/admin/vitals?days=N (1–90, default 28): what
// real visitors measured per route over the last N days (in the site's
// time zone, today included), as 75th percentiles.
type VitalsReport struct {
	Days int    `json:"days"`
	From string `json:"from"` // first day of the period, YYYY-MM-DD
	To   string `json:"to"`   // last day (today), YYYY-MM-DD
	// Metrics describe the four metrics, in the order to show them.
	Metrics []VitalsMetricInfo `json:"metrics"`
	// Routes are the route patterns with measurements, the most measured
	// first.
	Routes []VitalsRoute `json:"routes"`
}

// VitalsMetricInfo names a metric and its published thresholds: a 75th
// percentile at or below Good is good, above Poor is poor.
type VitalsMetricInfo struct {
	Metric string  `json:"metric"` // lcp, inp, cls, ttfb
	Label  string  `json:"label"`  // LCP
	Name   string  `json:"name"`   // Largest Contentful Paint
	Unit   string  `json:"unit"`   // "ms", or "" for CLS
	Good   float64 `json:"good"`
	Poor   float64 `json:"poor"`
}

// VitalsRoute is one route pattern's measurements: a series per metric
// measured in the period (unmeasured ones are left out).
type VitalsRoute struct {
	Route  string         `json:"route"`
	Series []VitalsSeries `json:"series"`
}

// VitalsSeries is one metric of a route over the period.
type VitalsSeries struct {
	Metric string  `json:"metric"`
	Count  int64   `json:"count"` // page views measured
	P75    float64 `json:"p75"`   // of the whole period
	// Rating is P75 against the thresholds: "Good", "Needs improvement"
	// or "Poor".
	Rating string `json:"rating"`
	// Points are the days with measurements, in order.
	Points []VitalsPoint `json:"points"`
}

// VitalsPoint is one day of a series.
type VitalsPoint struct {
	Day   string  `json:"day"` // YYYY-MM-DD
	Count int64   `json:"count"`
	P75   float64 `json:"p75"`
}
