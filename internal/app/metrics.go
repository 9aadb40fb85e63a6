package app

import (
	"database/sql"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"corpsite/internal/domain"
)

// Limits of the metrics listener (--metrics-addr). A scrape reads the
// outbox from the database, so few may run at once.
const (
	metricsScrapeTimeout  = 10 * time.Second
	metricsMaxScrapes     = 4
	metricsShutdownPeriod = 5 * time.Second
)

// newRegistry returns the private registry of the site's metrics with the
// Go runtime's, the process's and, when the store reports them, the
// database pools'. The server registers its own in it (server.Options).
func newRegistry(st domain.Store) (*prometheus.Registry, error) {
	reg := prometheus.NewRegistry()
	cs := []prometheus.Collector{
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}
	if p, ok := st.(dbStatser); ok {
		cs = append(cs, newDBCollector(p.DBStats))
	}
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return reg, nil
}

// metricsServer serves reg at GET /metrics in Prometheus' text format,
// and Go's profiles under /debug/pprof/ (CPU, heap, goroutines, ...) for
// finding where a live site's time goes. Both are for operators only,
// which is why the listener has an address of its own.
func metricsServer(reg *prometheus.Registry, log *slog.Logger) *http.Server {
	errLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog: errLog,
		// A metric that cannot be read (the database did not answer in
		// time) is left out and logged; the others are served.
		ErrorHandling:       promhttp.ContinueOnError,
		MaxRequestsInFlight: metricsMaxScrapes,
		Timeout:             metricsScrapeTimeout,
	}))
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      metricsScrapeTimeout + 5*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          errLog,
	}
}

// dbStatser is a store that reports its connection pools by name (both
// SQL stores do: sqlstore.Store.DBStats).
type dbStatser interface {
	DBStats() map[string]sql.DBStats
}

// dbCollector exports the database pools' statistics, read at each scrape.
type dbCollector struct {
	stats                                  func() map[string]sql.DBStats
	max, open, inUse, idle, waits, waitDur *prometheus.Desc
}

func newDBCollector(stats func() map[string]sql.DBStats) *dbCollector {
	d := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, []string{"pool"}, nil)
	}
	return &dbCollector{
		stats:   stats,
		max:     d("site_db_connections_max", "Most connections the pool may open (0 = no limit)."),
		open:    d("site_db_connections_open", "Connections open, in use or idle."),
		inUse:   d("site_db_connections_in_use", "Connections in use."),
		idle:    d("site_db_connections_idle", "Idle connections."),
		waits:   d("site_db_waits_total", "Times a query waited for a free connection."),
		waitDur: d("site_db_wait_seconds_total", "Time queries spent waiting for a free connection."),
	}
}

func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.max, c.open, c.inUse, c.idle, c.waits, c.waitDur} {
		ch <- d
	}
}

func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	for pool, s := range c.stats() {
		g := func(d *prometheus.Desc, t prometheus.ValueType, v float64) {
			ch <- prometheus.MustNewConstMetric(d, t, v, pool)
		}
		g(c.max, prometheus.GaugeValue, float64(s.MaxOpenConnections))
		g(c.open, prometheus.GaugeValue, float64(s.OpenConnections))
		g(c.inUse, prometheus.GaugeValue, float64(s.InUse))
		g(c.idle, prometheus.GaugeValue, float64(s.Idle))
		g(c.waits, prometheus.CounterValue, float64(s.WaitCount))
		g(c.waitDur, prometheus.CounterValue, s.WaitDuration.Seconds())
	}
}
