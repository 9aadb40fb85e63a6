package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
)

// metricsFixture is a server registering its metrics in a registry of its
// own; scrape reads them as Prometheus serves them.
func metricsFixture(t testing.TB, edits ...func(*server.Options)) (*fixture, func(t *testing.T) string) {
	t.Helper()
	reg := prometheus.NewRegistry()
	f := newFixture(t, func(o *server.Options) {
		o.Metrics = reg
		for _, edit := range edits {
			edit(o)
		}
	})
	h := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return f, func(t *testing.T) string {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
			t.Fatalf("scrape = %d %q:\n%s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
		return rec.Body.String()
	}
}

// sample returns the value of the series line (name{labels}) in the
// scrape, or -1 when it is absent.
func sample(t *testing.T, scrape, series string) float64 {
	t.Helper()
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`)
	m := re.FindStringSubmatch(scrape)
	if m == nil {
		return -1
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatalf("%s: %v", series, err)
	}
	return v
}

// Requests are counted and timed by the route pattern that took them and
// the status class; paths no route takes, and requests refused before
// routing, share one label. No raw path becomes a label.
func TestMetricsRequestsByRoutePattern(t *testing.T) {
	t.Parallel()
	f, scrape := metricsFixture(t)
	job := f.jobs(t)[0]
	for _, p := range []string{"/job/" + job.ID, "/job/" + job.ID, "/about", "/no-such-page", "/metrics", "/" + strings.Repeat("a", 3000)} {
		f.get(t, p)
	}
	f.do(t, "PUT", "/about", nil) // 405: no route for PUT, the catch-all answers

	out := scrape(t)
	for series, want := range map[string]float64{
		`site_http_requests_total{code="2xx",route="GET /job/{id}"}`:                            1 + 1,
		`site_http_requests_total{code="2xx",route="GET /about"}`:                               1,
		`site_http_requests_total{code="4xx",route="unmatched"}`:                                4,
		`site_http_request_duration_seconds_count{code="2xx",route="GET /job/{id}"}`:            2,
		`site_http_request_duration_seconds_bucket{code="2xx",route="GET /job/{id}",le="+Inf"}`: 2,
	} {
		if got := sample(t, out, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	if strings.Contains(out, job.ID) || strings.Contains(out, "no-such-page") || strings.Contains(out, `route="/metrics"`) {
		t.Errorf("a raw path became a label:\n%s", grepLines(out, "site_http_requests_total"))
	}
}

// A request whose client went away before anything was written got no
// response (net/http sends nothing to a closed connection): it is counted
// as aborted, not as the 200 it never got. The same page answered to a
// client that stayed counts as 2xx.
func TestMetricsCountRequestsOfClientsGoneAsAborted(t *testing.T) {
	t.Parallel()
	f, scrape := metricsFixture(t)
	gone, leave := context.WithCancel(context.Background())
	leave() // the client has closed the connection
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, httptest.NewRequestWithContext(gone, "GET", "/about", nil))
	if rec.Body.Len() != 0 {
		t.Fatalf("GET /about for a client gone wrote %d bytes; the test needs a request that writes nothing", rec.Body.Len())
	}
	if res := f.get(t, "/about"); res.Status != http.StatusOK {
		t.Fatalf("GET /about = %d", res.Status)
	}
	out := scrape(t)
	for series, want := range map[string]float64{
		`site_http_requests_total{code="aborted",route="GET /about"}`:                 1,
		`site_http_requests_total{code="2xx",route="GET /about"}`:                     1,
		`site_http_request_duration_seconds_count{code="aborted",route="GET /about"}`: 1,
		`site_http_request_duration_seconds_count{code="2xx",route="GET /about"}`:     1,
	} {
		if got := sample(t, out, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	for _, name := range []string{"site_http_requests_total", "site_http_request_duration_seconds"} {
		help := grepLines(out, "# HELP "+name+" ")
		if !strings.Contains(help, `"aborted"`) || !strings.Contains(help, "went away") {
			t.Errorf("the help of %s does not say what \"aborted\" counts: %s", name, help)
		}
	}
}

// The site's router has no /metrics: it is the not-found page, as any
// unknown path; metrics are served on their own listener by the app.
func TestPublicRouterHasNoMetrics(t *testing.T) {
	t.Parallel()
	f, _ := metricsFixture(t)
	for _, p := range []string{"/metrics", "/metrics/"} {
		res := f.get(t, p)
		if res.Status != http.StatusNotFound || strings.Contains(res.Body, "site_http_requests_total") {
			t.Errorf("GET %s = %d %.100q; want the 404 page", p, res.Status, res.Body)
		}
	}
}

// The page cache, the render pool and the outbox are read when scraped.
func TestMetricsCacheRenderOutbox(t *testing.T) {
	t.Parallel()
	// A renderer of its own: the pool's gauges (engines busy, queue) must
	// count this test's renders only, not those of the tests running
	// beside it on the shared one.
	r, err := render.New(serverBundle(t), render.Options{Size: 2, Timeout: testRenderTimeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	f, scrape := metricsFixture(t, func(o *server.Options) { o.Renderer = r })
	f.get(t, "/about") // a miss, rendered
	f.get(t, "/about") // a hit
	if err := f.store.EnqueueOutbox(t.Context(), &domain.OutboxMessage{To: "a@example.com", Subject: "s", Body: "b"}); err != nil {
		t.Fatal(err)
	}
	out := scrape(t)
	for series, ok := range map[string]func(float64) bool{
		`site_page_cache_hits_total`:             func(v float64) bool { return v >= 1 },
		`site_page_cache_misses_total`:           func(v float64) bool { return v >= 1 },
		`site_page_cache_pages`:                  func(v float64) bool { return v >= 1 },
		`site_page_cache_bytes`:                  func(v float64) bool { return v > 1000 },
		`site_page_cache_budget_bytes`:           func(v float64) bool { return v == 64<<20 },
		`site_render_engines`:                    func(v float64) bool { return v == 2 },
		`site_render_engines_busy`:               func(v float64) bool { return v == 0 },
		`site_render_queue_length`:               func(v float64) bool { return v == 0 },
		`site_render_queue_limit`:                func(v float64) bool { return v == 32 },
		`site_renders_total{result="rendered"}`:  func(v float64) bool { return v >= 1 },
		`site_renders_total{result="cancelled"}`: func(v float64) bool { return v >= 0 },
		`site_renders_total{result="failed"}`:    func(v float64) bool { return v >= 0 },
		`site_renders_total{result="rejected"}`:  func(v float64) bool { return v >= 0 },
		`site_render_seconds_total`:              func(v float64) bool { return v > 0 },
		`site_outbox_messages{status="queued"}`:  func(v float64) bool { return v == 1 },
		`site_outbox_messages{status="sending"}`: func(v float64) bool { return v == 0 },
		`site_outbox_messages{status="failed"}`:  func(v float64) bool { return v == 0 },
	} {
		if v := sample(t, out, series); !ok(v) {
			t.Errorf("%s = %v (-1: absent)", series, v)
		}
	}
}

// A store that does not answer fails the outbox metric only: the rest of
// the scrape is served.
func TestMetricsOutboxStoreDown(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	f := newFixture(t, func(o *server.Options) { o.Metrics = reg })
	f.get(t, "/about")
	f.store.Close()
	h := promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError,
		ErrorLog: slog.NewLogLogger(slog.New(slog.NewTextHandler(io.Discard, nil)).Handler(), slog.LevelError)})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), "GET", "/metrics", nil))
	out := rec.Body.String()
	if rec.Code != 200 || strings.Contains(out, "site_outbox_messages{") || !strings.Contains(out, `site_http_requests_total{code="2xx",route="GET /about"} 1`) {
		t.Errorf("scrape with the store closed = %d:\n%s", rec.Code, out)
	}
}

// Without a registry the server counts nothing and still serves.
func TestNoMetricsByDefault(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	if res := f.get(t, "/about"); res.Status != http.StatusOK {
		t.Fatalf("GET /about = %d", res.Status)
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// BenchmarkCachedPageMetrics serves the cached home page through the
// whole handler (middleware, router, cache), without and with metrics
// (BenchmarkCachedPage compares the content codings).
func BenchmarkCachedPageMetrics(b *testing.B) {
	for _, withMetrics := range []bool{false, true} {
		name := "metrics=off"
		if withMetrics {
			name = "metrics=on"
		}
		b.Run(name, func(b *testing.B) {
			var f *fixture
			if withMetrics {
				f, _ = metricsFixture(b)
			} else {
				f = newFixture(b, nil)
			}
			req := httptest.NewRequest("GET", "/", nil)
			req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			w := &discard{h: http.Header{}}
			f.srv.ServeHTTP(w, req) // render it once: then it is cached
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				clear(w.h)
				f.srv.ServeHTTP(w, req)
			}
		})
	}
}
