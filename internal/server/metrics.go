package server

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/render"
)

// Metrics (Options.Metrics) are registered in the registry the app gives,
// never the global one, and served by the app on a listener of their own:
// the site's router has no /metrics.

// outboxScrapeTimeout bounds the outbox count a scrape asks the store for.
const outboxScrapeTimeout = 2 * time.Second

// outboxGauged are the outbox statuses exported as queue lengths.
var outboxGauged = []domain.OutboxStatus{domain.OutboxQueued, domain.OutboxSending, domain.OutboxFailed}

// registerMetrics registers the server's metrics with reg: requests, the
// page cache, the render pool and the outbox. Values other than the
// request counts are read when scraped.
func (s *Server) registerMetrics(reg prometheus.Registerer) error {
	s.metrics = httpcore.NewRequestMetrics()
	cs := s.metrics.Collectors()

	gauge := func(name, help string, f func() float64) {
		cs = append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
	}
	counter := func(name, help string, labels prometheus.Labels, f func() float64) {
		cs = append(cs, prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: labels}, f))
	}

	// The page cache (s.cache is read at each scrape: tests replace it).
	counter("site_page_cache_hits_total", "Page cache lookups that found the page.", nil,
		func() float64 { return float64(s.cache.Hits.Load()) })
	counter("site_page_cache_misses_total", "Page cache lookups that did not find the page (absent, expired or from older content).", nil,
		func() float64 { return float64(s.cache.Misses.Load()) })
	gauge("site_page_cache_pages", "Pages in the page cache.",
		func() float64 { n, _ := s.cache.Stats(); return float64(n) })
	gauge("site_page_cache_bytes", "Bytes the page cache holds (HTML, each compressed coding and overhead).",
		func() float64 { _, b := s.cache.Stats(); return float64(b) })
	gauge("site_page_cache_budget_bytes", "The page cache's budget in bytes.",
		func() float64 { return float64(s.cache.Budget()) })

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
