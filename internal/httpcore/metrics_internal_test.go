package httpcore

import (
	"testing"
	"time"
)

// Counting a request allocates nothing once its series exists: the
// middleware's cost must stay flat on the cached-page path.
func TestObserveAllocatesNothing(t *testing.T) {
	m := NewRequestMetrics()
	m.AddRoutes([]string{"GET /job/{id}", "GET /{$}"})
	for _, p := range []string{"GET /job/{id}", "GET /{$}", "", "/"} {
		m.observe(p, 200, time.Millisecond) // creates the series
		if n := testing.AllocsPerRun(100, func() { m.observe(p, 200, time.Millisecond) }); n != 0 {
			t.Errorf("observe(%q) allocates %v times per call, want 0", p, n)
		}
	}
}

// BenchmarkObserve is the metrics' share of a request in the middleware.
func BenchmarkObserve(b *testing.B) {
	m := NewRequestMetrics()
	m.AddRoutes([]string{"GET /job/{id}", "GET /{$}"})
	b.ReportAllocs()
	for b.Loop() {
		m.observe("GET /{$}", 200, 300*time.Microsecond)
	}
}
