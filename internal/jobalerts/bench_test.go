package jobalerts_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// BenchmarkDigest runs one digest over 10,000 confirmed alerts (a mix of
// shared searches and keyword ones) and 100 jobs published since, on
// SQLite, and reports the time and the peak heap in use.
//
//	go test ./internal/jobalerts -run '^$' -bench Digest -benchtime 1x
func BenchmarkDigest(b *testing.B) {
	locations := []string{"Pune", "Chennai", "Bengaluru", "Remote"}
	departments := []string{"Engineering", "Sales", "Design", "Support", "Data"}
	for range b.N {
		b.StopTimer()
		f := newFixture(b)
		ctx := context.Background()
		for i := range 10_000 {
			filter := fmt.Sprintf("location=%s&department=%s", locations[i%4], departments[i%5])
			if i%10 == 0 {
				filter = fmt.Sprintf("q=role%d", i%50)
			}
			a := domain.JobAlert{Email: fmt.Sprintf("person%d@example.com", i), Filter: filter, Frequency: domain.AlertDaily,
				CreatedAt: start, ExpiresAt: start.Add(48 * time.Hour), WindowEnd: start, NextDigestAt: start}
			if _, err := f.store.CreateJobAlert(ctx, &a, fmt.Sprintf("h%d", i), nil, 10); err != nil {
				b.Fatal(err)
			}
			if err := f.store.ConfirmJobAlert(ctx, a.ID, start, start.AddDate(1, 0, 0), start.Add(24*time.Hour)); err != nil {
				b.Fatal(err)
			}
		}
		f.now = start.Add(time.Hour)
		for i := range 100 {
			j := domain.Job{JobTitle: fmt.Sprintf("Engineer role%d", i%50), Experience: "2-4", Location: locations[i%4],
				Department: departments[i%5], Description: "<p>Build <b>services</b> for clients.</p>", Status: domain.JobOpen, CreatedAt: f.now}
			if err := f.store.CreateJob(ctx, &j); err != nil {
				b.Fatal(err)
			}
		}
		f.now = start.Add(25 * time.Hour)
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var peak atomic.Uint64
		done := make(chan struct{})
		go func() {
			var m runtime.MemStats
			for {
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
				select {
				case <-done:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		b.StartTimer()
		began := time.Now()
		r, err := f.svc.RunOnce(ctx)
		took := time.Since(began)
		b.StopTimer()
		close(done)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("digest over %d alerts, 100 new jobs: %d digests queued in %v; heap in use %.1f MB before, peak %.1f MB",
			r.Checked, r.Digests, took.Round(time.Millisecond), float64(before.HeapInuse)/1e6, float64(peak.Load())/1e6)
	}
}
