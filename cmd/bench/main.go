// Command bench measures the site and prints figures; it never passes or
// fails on time. It starts the real site in-process on a loopback port with
// a fresh SQLite database of demo content, then reports the time to render
// each page cold (cache dropped) and cached, and the requests per second
// of a cached page over HTTP.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/seed"
)

func main() {
	samples := flag.Int("samples", 30, "renders measured per page")
	duration := flag.Duration("duration", 5*time.Second, "length of the throughput run")
	conc := flag.Int("concurrency", 16, "concurrent clients in the throughput run")
	flag.Parse()
	if err := run(*samples, *duration, *conc); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(samples int, duration time.Duration, conc int) error {
	dir, err := os.MkdirTemp("", "site-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg := &config.Config{Addr: "127.0.0.1:0", DataDir: dir, LogLevel: "error", ShutdownTimeout: 5 * time.Second}
	// The application benchmark sends each upload as another client.
	if err := cfg.TrustedProxies.Set("127.0.0.1/32"); err != nil {
		return err
	}
	if err := cfg.Finish(); err != nil {
		return err
	}
	ctx := context.Background()
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	if _, err := seed.Load(ctx, st, time.Now().UTC()); err != nil {
		return err
	}
	st.Close()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	a, err := app.New(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	jobs, err := a.Store().ListJobs(ctx, domain.JobFilter{})
	if err != nil || len(jobs) == 0 {
		return fmt.Errorf("no demo jobs: %v", err)
	}
	srv := a.Server()
	pages := []string{"/", "/job/" + jobs[0].ID, "/no-such-page"}
	fmt.Printf("CPU: %d, render engines: %d, samples per page: %d\n\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), samples)
	fmt.Printf("%-28s %12s %12s %12s %12s %8s\n", "page", "cold median", "cold p95", "cached med.", "cached p95", "bytes")
	for _, p := range pages {
		get := func() (int, time.Duration) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, p, nil)
			t0 := time.Now()
			srv.ServeHTTP(rec, req)
			return rec.Body.Len(), time.Since(t0)
		}
		var cold, warm []time.Duration
		var size int
		for range samples {
			srv.DropCache()
			n, d := get()
			size = n
			cold = append(cold, d)
		}
		for range samples {
			_, d := get()
			warm = append(warm, d)
		}
		fmt.Printf("%-28s %12s %12s %12s %12s %8d\n", p, pct(cold, 50), pct(cold, 95), pct(warm, 50), pct(warm, 95), size)
	}

	if err := a.Listen(); err != nil {
		return err
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- a.Serve(sctx) }()
	url := "http://" + a.Addr() + "/"
	// The client asks for gzip but does not inflate: we measure the server.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc, DisableCompression: true}}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	var n, failed atomic.Int64
	deadline := time.Now().Add(duration)
	var wg sync.WaitGroup
	for range conc {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				res, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					n.Add(1)
				} else {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	fmt.Printf("\nCached / over HTTP (loopback, gzip, %d clients, %s): %.0f requests/s, %d failed\n",
		conc, duration, float64(n.Load())/duration.Seconds(), failed.Load())
	open := slices.IndexFunc(jobs, func(j domain.Job) bool { return j.Public(time.Now()) })
	if open < 0 {
		return fmt.Errorf("no open demo job to apply for")
	}
	if err := benchApplications("http://"+a.Addr(), jobs[open].ID); err != nil {
		return err
	}
	stop()
	return <-done
}

func pct(ds []time.Duration, p int) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	if i > 0 {
		i--
	}
	return s[i].Round(10 * time.Microsecond).String()
}
