package server

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"corpsite/internal/domain"
	"corpsite/internal/render"
)

// Metrics (Options.Metrics) are registered in the registry the app gives,
// never the global one, and served by the app on a listener of their own:
// the site's router has no /metrics.

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

// outboxScrapeTimeout bounds the outbox count a scrape asks the store for.
const outboxScrapeTimeout = 2 * time.Second

// outboxGauged are the outbox statuses exported as queue lengths.
var outboxGauged = []domain.OutboxStatus{domain.OutboxQueued, domain.OutboxSending, domain.OutboxFailed}

// requestMetrics count requests and time them by route pattern and status
// class. Every series' observer is looked up once and kept, so observing
// a request takes a map lookup and atomic adds: no lock, no allocation.
type requestMetrics struct {
	count *prometheus.CounterVec
	dur   *prometheus.HistogramVec
	// routes maps each ServeMux pattern to its observers. It is filled by
	// routes() before the server serves and only read afterwards.
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

func newRequestMetrics() *requestMetrics {
	m := &requestMetrics{
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

// addRoutes gives each pattern its observers. Call it before serving.
func (m *requestMetrics) addRoutes(patterns []string) {
	for _, p := range patterns {
		if _, ok := m.routes[p]; !ok {
			m.routes[p] = &routeMetrics{route: p}
		}
	}
}

// observe counts one response of status (statusAborted for none) to the
// route of pattern ("" when no route took the request) that took d.
func (m *requestMetrics) observe(pattern string, status int, d time.Duration) {
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

// routeTable is a ServeMux that remembers the patterns registered, so
// that each has its metrics before the first request.
type routeTable struct {
	*http.ServeMux
	patterns []string
}

func newRouteTable() *routeTable { return &routeTable{ServeMux: http.NewServeMux()} }

func (t *routeTable) Handle(pattern string, h http.Handler) {
	t.patterns = append(t.patterns, pattern)
	t.ServeMux.Handle(pattern, h)
}

func (t *routeTable) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	t.Handle(pattern, http.HandlerFunc(h))
}

// registerMetrics registers the server's metrics with reg: requests, the
// page cache, the render pool and the outbox. Values other than the
// request counts are read when scraped.
func (s *Server) registerMetrics(reg prometheus.Registerer) error {
	s.metrics = newRequestMetrics()
	cs := []prometheus.Collector{s.metrics.count, s.metrics.dur}

	gauge := func(name, help string, f func() float64) {
		cs = append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
	}
	counter := func(name, help string, labels prometheus.Labels, f func() float64) {
		cs = append(cs, prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: labels}, f))
	}

	// The page cache (s.cache is read at each scrape: tests replace it).
	counter("site_page_cache_hits_total", "Page cache lookups that found the page.", nil,
		func() float64 { return float64(s.cache.hits.Load()) })
	counter("site_page_cache_misses_total", "Page cache lookups that did not find the page (absent, expired or from older content).", nil,
		func() float64 { return float64(s.cache.misses.Load()) })
	gauge("site_page_cache_pages", "Pages in the page cache.",
		func() float64 { n, _ := s.cache.stats(); return float64(n) })
	gauge("site_page_cache_bytes", "Bytes the page cache holds (HTML, each compressed coding and overhead).",
		func() float64 { _, b := s.cache.stats(); return float64(b) })
	gauge("site_page_cache_budget_bytes", "The page cache's budget in bytes.",
		func() float64 { return float64(s.cache.budget) })

	// The render pool.
	rs := s.renderer.Stats
	gauge("site_render_engines", "JavaScript engines in the render pool.", func() float64 { return float64(rs().Engines) })
	gauge("site_render_engines_busy", "Engines rendering now.", func() float64 { return float64(rs().Busy) })
	gauge("site_render_queue_length", "Renders waiting for a free engine.", func() float64 { return float64(rs().Waiting) })
	gauge("site_render_queue_limit", "Renders that may wait for an engine; more are answered 503.", func() float64 { return float64(rs().MaxQueue) })
	const rendersHelp = "Renders by result: rendered, failed (the engine failed), cancelled (nobody waited any more before an engine was free), rejected (queue full, 503)."
	for result, f := range map[string]func(st render.Stats) uint64{
		"rendered":  func(st render.Stats) uint64 { return st.Rendered },
		"failed":    func(st render.Stats) uint64 { return st.Failed },
		"cancelled": func(st render.Stats) uint64 { return st.Cancelled },
		"rejected":  func(st render.Stats) uint64 { return st.Rejected },
	} {
		counter("site_renders_total", rendersHelp, prometheus.Labels{"result": result}, func() float64 { return float64(f(rs())) })
	}
	counter("site_render_seconds_total", "Time engines spent rendering.", nil,
		func() float64 { return rs().RenderTime.Seconds() })

	cs = append(cs, &outboxCollector{store: s.store, desc: prometheus.NewDesc(
		"site_outbox_messages", "Outgoing e-mails in the outbox by status (queued, sending, failed), read from the database at each scrape.",
		[]string{"status"}, nil)})

	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// outboxCollector counts the outbox's messages when scraped. A store that
// does not answer in time makes the metric fail (the scrape's other
// metrics are still served).
type outboxCollector struct {
	store domain.OutboxStore
	desc  *prometheus.Desc
}

func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), outboxScrapeTimeout)
	defer cancel()
	counts, err := c.store.CountOutbox(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, st := range outboxGauged {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(counts[st]), string(st))
	}
}
