package httpcore

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Request metrics are registered in the registry the app gives, never the
// global one, and served by the app on a listener of its own: the site's
// router has no /metrics.

// unmatchedRoute labels the requests no route of the site took: unknown
// paths (the catch-all "/"), and requests refused before routing (a path
// too long, a cross-origin write). One label for all of them keeps the
// number of series bounded whatever paths visitors try.
const unmatchedRoute = "unmatched"

// requestBuckets are the latency histogram's upper bounds in seconds: a
// cached page is served in well under a millisecond, a render takes tens
// of milliseconds, an upload seconds.
var requestBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// statusClasses are the code label's values: by status/100, 0 standing
// for a status outside 100–599; and "aborted" (index abortedClass) for a
// request whose response was abandoned (see statusAborted).
var statusClasses = [7]string{"other", "1xx", "2xx", "3xx", "4xx", "5xx", "aborted"}

// abortedClass is the index of "aborted" in statusClasses.
const abortedClass = 6

// statusAborted is the status observe takes for a request that got no
// response: its client went away before the handler wrote anything (a
// closed tab, a cancelled fetch; net/http sends nothing to a closed
// connection), or the handler aborted the response with
// http.ErrAbortHandler. Counted as 2xx (the 200 net/http would have sent
// had the client stayed), such requests would hide among the answered
// ones; nginx logs them as 499, a code no client ever receives.
const statusAborted = -1

// The help texts of the request metrics say what the code label holds.
const (
	codeLabelHelp = `the status class of the response sent (1xx to 5xx; "other" for a status outside 100-599), or "aborted" ` +
		`when no response was: the client went away before anything was written, or the handler aborted the response. ` +
		`A handler that returns without writing, its client still there, counts as 2xx: net/http sends 200.`
	requestsHelp = "HTTP requests, by route pattern and code: " + codeLabelHelp
	durationHelp = "Time from a request's arrival to its handler's return, by route pattern and code: " + codeLabelHelp
)

// RequestMetrics count requests and time them by route pattern and status
// class. Every series' observer is looked up once and kept, so observing
// a request takes a map lookup and atomic adds: no lock, no allocation.
type RequestMetrics struct {
	count *prometheus.CounterVec
	dur   *prometheus.HistogramVec
	// routes maps each ServeMux pattern to its observers. It is filled by
	// AddRoutes before the server serves and only read afterwards.
	routes    map[string]*routeMetrics
	unmatched *routeMetrics
}

// routeMetrics are one route's observers, one pair per status class,
// created on the route's first response of that class (so series exist
// only for what happened).
type routeMetrics struct {
	route string
	class [len(statusClasses)]atomic.Pointer[classMetrics]
}

type classMetrics struct {
	count prometheus.Counter
	dur   prometheus.Observer
}

func NewRequestMetrics() *RequestMetrics {
	m := &RequestMetrics{
		count: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "site_http_requests_total",
			Help: requestsHelp,
		}, []string{"route", "code"}),
		dur: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "site_http_request_duration_seconds",
			Help:    durationHelp,
			Buckets: requestBuckets,
		}, []string{"route", "code"}),
		routes:    map[string]*routeMetrics{},
		unmatched: &routeMetrics{route: unmatchedRoute},
	}
	m.routes["/"] = m.unmatched
	return m
}

// AddRoutes gives each pattern its observers. Call it before serving.
func (m *RequestMetrics) AddRoutes(patterns []string) {
	for _, p := range patterns {
		if _, ok := m.routes[p]; !ok {
			m.routes[p] = &routeMetrics{route: p}
		}
	}
}

// observe counts one response of status (statusAborted for none) to the
// route of pattern ("" when no route took the request) that took d.
func (m *RequestMetrics) observe(pattern string, status int, d time.Duration) {
	rm := m.routes[pattern]
	if rm == nil {
		rm = m.unmatched
	}
	c := status / 100
	switch {
	case status == statusAborted:
		c = abortedClass
	case c < 1 || c > 5:
		c = 0
	}
	cm := rm.class[c].Load()
	if cm == nil {
		// Two first requests may both get here: the vectors hand both the
		// same series.
		cm = &classMetrics{
			count: m.count.WithLabelValues(rm.route, statusClasses[c]),
			dur:   m.dur.WithLabelValues(rm.route, statusClasses[c]),
		}
		rm.class[c].Store(cm)
	}
	cm.count.Inc()
	cm.dur.Observe(d.Seconds())
}

// Collectors are the metrics to register.
func (m *RequestMetrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.count, m.dur}
}

// RouteTable is a ServeMux that remembers the patterns registered, so
// that each has its metrics before the first request.
type RouteTable struct {
	*http.ServeMux
	Patterns []string
}

// NewRouteTable returns an empty route table.
func NewRouteTable() *RouteTable { return &RouteTable{ServeMux: http.NewServeMux()} }

// Handle registers h for pattern.
func (t *RouteTable) Handle(pattern string, h http.Handler) {
	t.Patterns = append(t.Patterns, pattern)
	t.ServeMux.Handle(pattern, h)
}

// HandleFunc registers h for pattern.
func (t *RouteTable) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	t.Handle(pattern, http.HandlerFunc(h))
}
