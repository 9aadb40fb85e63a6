package app_test

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/config"
)

// With --metrics-addr, /metrics is served in Prometheus' text format on
// that address only: the site's own address answers 404 for it.
func TestMetricsListener(t *testing.T) {
	t.Parallel()
	s := start(t, testConfig(t, func(c *config.Config) { c.MetricsAddr = "127.0.0.1:0" }))
	base := s.app.URL()
	metrics := "http://" + s.app.MetricsAddr()
	if s.app.MetricsAddr() == "" || s.app.MetricsAddr() == s.app.Addr() {
		t.Fatalf("MetricsAddr() = %q, want a listener of its own beside %q", s.app.MetricsAddr(), s.app.Addr())
	}
	for range 2 {
		if status, _ := get(t, base+"api/jobs"); status != http.StatusOK {
			t.Fatalf("GET /api/jobs = %d", status)
		}
	}
	if status, _ := get(t, base+"metrics"); status != http.StatusNotFound {
		t.Errorf("GET /metrics on the site's address = %d, want 404", status)
	}
	if status, _ := get(t, metrics+"/"); status != http.StatusNotFound {
		t.Errorf("GET / on the metrics address = %d, want 404", status)
	}

	res, err := http.Get(metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("GET /metrics = %d %q, want 200 in Prometheus' text format", res.StatusCode, ct)
	}
	_, body := get(t, metrics+"/metrics")
	for _, want := range []string{
		`site_http_requests_total{code="2xx",route="GET /api/jobs"} 2`,
		`site_http_requests_total{code="4xx",route="unmatched"} 1`,
		`site_http_request_duration_seconds_count{code="2xx",route="GET /api/jobs"} 2`,
		"site_render_engines 1",
		"site_renders_total{result=\"rendered\"}",
		"site_page_cache_hits_total",
		"site_page_cache_misses_total",
		"site_page_cache_bytes",
		`site_outbox_messages{status="queued"} 0`,
		`site_outbox_messages{status="failed"} 0`,
		`site_db_connections_max{pool="write"} 1`,
		`site_db_connections_open{pool="read"}`,
		`site_db_connections_in_use{pool="read"}`,
		`site_db_connections_idle{pool="read"}`,
		`site_db_waits_total{pool="write"}`,
		`site_db_wait_seconds_total{pool="write"}`,
		"go_goroutines",
		"process_resident_memory_bytes",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}

	// Go's profiles are there, for finding where a live site's time
	// goes, and only there.
	if status, body := get(t, metrics+"/debug/pprof/heap?debug=1"); status != http.StatusOK || !strings.HasPrefix(body, "heap profile:") {
		t.Errorf("GET /debug/pprof/heap on the metrics address = %d %.40q, want the heap profile", status, body)
	}
	if status, body := get(t, metrics+"/debug/pprof/goroutine?debug=1"); status != http.StatusOK || !strings.Contains(body, "goroutine profile:") {
		t.Errorf("GET /debug/pprof/goroutine = %d %.40q, want the goroutine profile", status, body)
	}
	if status, _ := get(t, base+"debug/pprof/heap"); status != http.StatusNotFound {
		t.Errorf("GET /debug/pprof/heap on the site's address = %d, want 404", status)
	}

	// Shutting down closes the metrics listener too.
	s.cancel()
	if err, ok := s.wait(30 * time.Second); !ok || err != nil {
		t.Fatalf("Serve after cancel = %v (returned %v), want nil", err, ok)
	}
	if c, err := net.DialTimeout("tcp", s.app.MetricsAddr(), time.Second); err == nil {
		c.Close()
		t.Error("the metrics listener accepts connections after shutdown")
	}
}

// Without --metrics-addr there is no metrics listener.
func TestNoMetricsListenerByDefault(t *testing.T) {
	t.Parallel()
	s := start(t, testConfig(t, nil))
	if got := s.app.MetricsAddr(); got != "" {
		t.Errorf("MetricsAddr() = %q without --metrics-addr, want none", got)
	}
	if status, _ := get(t, s.app.URL()+"metrics"); status != http.StatusNotFound {
		t.Errorf("GET /metrics = %d, want 404", status)
	}
}
