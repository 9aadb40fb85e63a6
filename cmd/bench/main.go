// Command bench measures the site and prints figures; it never passes or
// fails on time. It starts the real site in-process on a loopback port with
// a fresh SQLite database of demo content, then reports the time to render
// each page cold (cache dropped, with the part spent in the JavaScript
// engine) and cached, the time compressing the assets takes, the size of
// the home page and its main script and style sheet in each content
// coding, the requests per second of a cached page over HTTP, and those of
// the cached home page against nginx serving the same bytes (wrk,
// alternating; the ratio is the "serving" figure of the speed work), and
// the resident memory a flood of unknown addresses adds.
//
// Uploads are measured over HTTP too: applications with large documents
// on the in-process site, then, against the site's binary (-site) serving
// in a process of its own so that its resident memory is the server's
// alone, images as applicants' documents (images.go) and slow clients
// holding upload slots (slowupload.go). -uploads runs only the upload
// sections that concern images and slow clients.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/logbuf"
	"corpsite/internal/seed"
)

func main() {
	samples := flag.Int("samples", 30, "renders measured per page")
	duration := flag.Duration("duration", 5*time.Second, "length of the throughput run")
	conc := flag.Int("concurrency", 16, "concurrent clients in the throughput run")
	rounds := flag.Int("nginx-rounds", 3, "rounds of the comparison with nginx (0: none)")
	site := flag.String("site", "bin/site", "the site's binary, for the upload sections")
	uploadsOnly := flag.Bool("uploads", false, "run only the image and slow-client upload sections")
	flag.Parse()
	var err error
	if !*uploadsOnly {
		err = run(*samples, *duration, *conc, *rounds)
	}
	if err == nil {
		err = benchUploads(*site)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(samples int, duration time.Duration, conc, rounds int) error {
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
	// The site logs as it does when serving: a line per request, in
	// batches, here to a file.
	logFile, err := os.Create(filepath.Join(dir, "site.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	logOut := logbuf.New(logFile, 0, 0)
	defer logOut.Close()
	log := slog.New(slog.NewJSONHandler(logOut, nil))
	a, err := app.New(ctx, cfg, log, logOut)
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
	fmt.Printf("%-28s %12s %12s %12s %12s %12s %8s\n", "page", "cold median", "cold p95", "in engine", "cached med.", "cached p95", "bytes")
	for _, p := range pages {
		get := func() (int, time.Duration) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, p, nil)
			t0 := time.Now()
			srv.ServeHTTP(rec, req)
			return rec.Body.Len(), time.Since(t0)
		}
		var cold, engine, warm []time.Duration
		var size int
		for range samples {
			srv.DropCache()
			before := a.Renderer().Stats().RenderTime
			n, d := get()
			size = n
			cold = append(cold, d)
			engine = append(engine, a.Renderer().Stats().RenderTime-before)
		}
		for range samples {
			_, d := get()
			warm = append(warm, d)
		}
		fmt.Printf("%-28s %12s %12s %12s %12s %12s %8d\n", p, pct(cold, 50), pct(cold, 95), pct(engine, 50), pct(warm, 50), pct(warm, 95), size)
	}

	files, took := srv.CompressAssets(ctx)
	fmt.Printf("\nAssets compressed (zstd and brotli at their best, one core): %d files in %s\n", files, took.Round(time.Millisecond))
	if err := printSizes(srv); err != nil {
		return err
	}

	if err := a.Listen(); err != nil {
		return err
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- a.Serve(sctx) }()
	url := "http://" + a.Addr() + "/"
	fmt.Println()
	for _, accept := range []string{"gzip", "gzip, deflate, br, zstd"} {
		if err := throughput(url, accept, conc, duration); err != nil {
			return err
		}
	}
	open := slices.IndexFunc(jobs, func(j domain.Job) bool { return j.Public(time.Now()) })
	if open < 0 {
		return fmt.Errorf("no open demo job to apply for")
	}
	if rounds > 0 {
		if err := versusNginx(ctx, "http://"+a.Addr(), rounds, duration); err != nil {
			return err
		}
	}
	if err := benchFlood("http://" + a.Addr()); err != nil {
		return err
	}
	fmt.Println()
	if err := benchApplications("http://"+a.Addr(), jobs[open].ID); err != nil {
		return err
	}
	stop()
	return <-done
}

// benchUploads measures the image checks (docfile alone, then through the
// application endpoint of the site's binary bin) and slow clients
// against bin.
func benchUploads(bin string) error {
	benchDecode()
	s, err := startSite(bin)
	if err != nil {
		return err
	}
	defer s.stop()
	job, err := s.openJob()
	if err != nil {
		return err
	}
	if err := benchImageUploads(s, job); err != nil {
		return err
	}
	fmt.Println()
	return benchSlowUploads(s.origin, job)
}

// throughput requests url from conc clients for duration and prints the
// requests per second.
func throughput(url, accept string, conc int, duration time.Duration) error {
	// The client does not inflate: we measure the server.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc, DisableCompression: true}}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", accept)
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
	fmt.Printf("Cached / over HTTP (loopback, Accept-Encoding %q, %d clients, %s): %.0f requests/s, %d failed\n",
		accept, conc, duration, float64(n.Load())/duration.Seconds(), failed.Load())
	return nil
}

var (
	scriptRE = regexp.MustCompile(`<script id="app-modules" type="application/json">\{"entry":"([^"]+)"`)
	styleRE  = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
)

// printSizes prints the bytes of the home page and of the script and
// style sheet it loads first, in each content coding.
func printSizes(srv http.Handler) error {
	get := func(target, accept string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, target, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		srv.ServeHTTP(rec, req)
		return rec
	}
	home := get("/", "").Body.String()
	targets := []string{"/"}
	for _, re := range []*regexp.Regexp{scriptRE, styleRE} {
		m := re.FindStringSubmatch(home)
		if m == nil {
			return fmt.Errorf("the home page links no %s", re)
		}
		targets = append(targets, m[1])
	}
	codings := []string{"identity", "gzip", "br", "zstd"}
	fmt.Printf("\n%-44s %10s %10s %10s %10s\n", "bytes", codings[0], codings[1], codings[2], codings[3])
	for _, t := range targets {
		fmt.Printf("%-44s", t)
		for _, c := range codings {
			rec := get(t, c)
			size := strconv.Itoa(rec.Body.Len())
			if got := rec.Header().Get("Content-Encoding"); got != c && (got != "" || c != "identity") {
				size += " (" + cmp.Or(got, "identity") + ")" // that coding is not kept
			}
			fmt.Printf(" %10s", size)
		}
		fmt.Println()
	}
	return nil
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
