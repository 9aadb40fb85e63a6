package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// nginxConf serves root on port as a static file server tuned for speed:
// no access log, sendfile, long keep-alive, open files cached.
const nginxConf = `daemon off;
%s
worker_processes auto;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; open_file_cache max=1000;
  client_body_temp_path %[2]s/body; proxy_temp_path %[2]s/proxy; fastcgi_temp_path %[2]s/fcgi;
  uwsgi_temp_path %[2]s/uwsgi; scgi_temp_path %[2]s/scgi;
  server { listen 127.0.0.1:%[3]d; root %[2]s/root; location / { try_files $uri $uri/index.html =404; } }
}
`

// versusNginx measures the site's cached home page against nginx serving
// the same bytes from a file: wrk alternates between the two for rounds
// rounds and the median ratio of requests per second is printed. Without
// nginx or wrk it says so and measures nothing.
func versusNginx(ctx context.Context, site string, rounds int, duration time.Duration) error {
	nginx, wrk := lookPath("nginx"), lookPath("wrk")
	if nginx == "" || wrk == "" {
		fmt.Println("Cached / against nginx: not measured, nginx or wrk is missing (scripts/ensure-deps.sh wrk installs both)")
		return nil
	}
	res, err := http.Get(site + "/") // no Accept-Encoding: the bytes nginx has
	if err != nil {
		return err
	}
	page, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /: %d %v", res.StatusCode, err)
	}
	dir, err := os.MkdirTemp("", "bench-nginx-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "root"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "root", "index.html"), page, 0o644); err != nil {
		return err
	}
	ngx, stop, err := startNginx(ctx, nginx, dir)
	if err != nil {
		return err
	}
	defer stop()
	got, err := fetch(ngx + "/")
	if err != nil || !bytes.Equal(got, page) {
		return fmt.Errorf("nginx does not serve the page's bytes: %v", err)
	}

	const threads, conns = 1, 32
	for _, u := range []string{ngx, site} { // warm up both
		if _, _, err := runWrk(ctx, wrk, u+"/", threads, conns, time.Second); err != nil {
			return err
		}
	}
	fmt.Printf("\nCached / against nginx on the same %d bytes (wrk -t%d -c%d -d%s, no Accept-Encoding, alternating):\n",
		len(page), threads, conns, duration)
	var ratios []float64
	for r := 1; r <= rounds; r++ {
		n, nTrouble, err := runWrk(ctx, wrk, ngx+"/", threads, conns, duration)
		if err != nil {
			return err
		}
		s, sTrouble, err := runWrk(ctx, wrk, site+"/", threads, conns, duration)
		if err != nil {
			return err
		}
		ratios = append(ratios, s/n)
		fmt.Printf("  round %d: nginx %6.0f requests/s, site %6.0f requests/s, site/nginx %.2f\n", r, n, s, s/n)
		if nTrouble+sTrouble != "" {
			fmt.Printf("    (nginx: %s; site: %s)\n", cmp.Or(nTrouble, "no errors"), cmp.Or(sTrouble, "no errors"))
		}
	}
	slices.Sort(ratios)
	m := ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		m = (ratios[len(ratios)/2-1] + m) / 2
	}
	fmt.Printf("Cached / site/nginx: %.2f (median of %d rounds)\n", m, rounds)
	return nil
}

// lookPath finds a program on PATH or in /usr/sbin (nginx's place on
// Debian, often not on a user's PATH).
func lookPath(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/sbin", name); isExecutable(p) {
		return p
	}
	return ""
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// startNginx runs nginx in the foreground on a free loopback port with
// everything in dir, and returns its base URL and a function stopping it.
// A port taken between choosing and binding it is retried with another.
func startNginx(ctx context.Context, nginx, dir string) (string, func(), error) {
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	var lastErr error
	for range 5 {
		port, err := freePort()
		if err != nil {
			return "", nil, err
		}
		conf := filepath.Join(dir, "nginx.conf")
		if err := os.WriteFile(conf, fmt.Appendf(nil, nginxConf, user, dir, port), 0o644); err != nil {
			return "", nil, err
		}
		cmd := exec.CommandContext(ctx, nginx, "-p", dir, "-e", filepath.Join(dir, "error.log"), "-c", conf)
		if err := cmd.Start(); err != nil {
			return "", nil, err
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		stop := func() {
			_ = cmd.Process.Signal(os.Interrupt)
			select {
			case <-exited:
			case <-time.After(5 * time.Second):
				_ = cmd.Process.Kill()
				<-exited
			}
		}
		base := "http://127.0.0.1:" + strconv.Itoa(port)
		for range 50 {
			select {
			case err := <-exited:
				lastErr = fmt.Errorf("nginx exited: %v: %s", err, tail(filepath.Join(dir, "error.log")))
			case <-time.After(100 * time.Millisecond):
				if _, err := fetch(base + "/"); err == nil {
					return base, stop, nil
				}
				continue
			}
			break
		}
		if lastErr == nil {
			stop()
			lastErr = errors.New("nginx did not answer within 5 s")
		}
	}
	return "", nil, lastErr
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(file string) string {
	b, _ := os.ReadFile(file)
	return strings.TrimSpace(string(b[max(0, len(b)-300):]))
}

func fetch(url string) ([]byte, error) {
	res, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %d", url, res.StatusCode)
	}
	return io.ReadAll(res.Body)
}

var wrkRate = regexp.MustCompile(`(?m)^Requests/sec:\s+([0-9.]+)`)

var wrkTrouble = regexp.MustCompile(`(?m)^\s*(Non-2xx.*|Socket errors.*)$`)

// runWrk runs wrk against url and returns its requests per second, and
// what went wrong in the run (answers other than 2xx, socket errors), if
// anything did.
func runWrk(ctx context.Context, wrk, url string, threads, conns int, d time.Duration) (float64, string, error) {
	out, err := exec.CommandContext(ctx, wrk, "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(conns),
		"-d"+strconv.Itoa(int(cmp.Or(d.Seconds(), 1)))+"s", url).CombinedOutput()
	if err != nil {
		return 0, "", fmt.Errorf("wrk %s: %v: %s", url, err, out)
	}
	m := wrkRate.FindSubmatch(out)
	if m == nil {
		return 0, "", fmt.Errorf("wrk %s: no rate in %s", url, out)
	}
	var trouble []string
	for _, t := range wrkTrouble.FindAllSubmatch(out, -1) {
		trouble = append(trouble, string(t[1]))
	}
	rate, err := strconv.ParseFloat(string(m[1]), 64)
	return rate, strings.Join(trouble, "; "), err
}
