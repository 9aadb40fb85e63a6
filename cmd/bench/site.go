package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"corpsite/internal/wire"
)

// siteProcess is the site's binary serving a fresh database of demo
// content from a temp folder, as a process of its own, so that its
// resident memory is the server's alone.
type siteProcess struct {
	cmd    *exec.Cmd
	dir    string
	origin string
	pid    string
	exited chan struct{}
}

// startSite seeds a temp folder with bin and serves it on a free loopback
// port, trusting X-Forwarded-For from loopback (each benchmark client
// names its own address), and returns once the site listens.
func startSite(bin string) (*siteProcess, error) {
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("the site's binary: %w (make bench builds it)", err)
	}
	dir, err := os.MkdirTemp("", "site-bench-binary-")
	if err != nil {
		return nil, err
	}
	if out, err := exec.Command(bin, "seed", "--data-dir", dir).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%s seed: %v\n%s", bin, err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data-dir", dir,
		"--trusted-proxies", "127.0.0.1/32", "--log-level", "info")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &siteProcess{cmd: cmd, dir: dir, pid: strconv.Itoa(cmd.Process.Pid), exited: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		// The log goes to a file in the folder; the address is in the
		// line "listening".
		log, _ := os.Create(filepath.Join(dir, "site.log"))
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if log != nil {
				log.Write(append(sc.Bytes(), '\n'))
			}
			var l struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Msg == "listening" {
				addr <- l.Addr
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		if log != nil {
			log.Close()
		}
	}()
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	select {
	case a := <-addr:
		s.origin = "http://" + a
		return s, nil
	case <-s.exited:
		err = errors.New("the site exited before listening; its log: " + filepath.Join(dir, "site.log"))
	case <-time.After(30 * time.Second):
		err = errors.New("the site did not listen within 30s")
	}
	s.stop()
	return nil, err
}

// rss is the site process's resident set size.
func (s *siteProcess) rss() int64 { return rssOf(s.pid) }

// cpuTicks is the CPU time the site process has used, in clock ticks
// (Linux), or -1.
func (s *siteProcess) cpuTicks() int64 {
	b, err := os.ReadFile("/proc/" + s.pid + "/stat")
	if err != nil {
		return -1
	}
	// After the command's name in parentheses: state, then utime and
	// stime as the 12th and 13th fields.
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return -1
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return u + st
}

// quiet waits, at most a minute, until the site is at rest: within a
// second it used under 2 % of a core and its resident memory moved by
// less than 1 MB. Work of its own (the assets it compresses once
// started) would otherwise be counted in the figures of a request.
func (s *siteProcess) quiet() {
	deadline := time.Now().Add(time.Minute)
	cpu, mem := s.cpuTicks(), s.rss()
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		c, m := s.cpuTicks(), s.rss()
		if c >= 0 && c-cpu < 2 && max(m-mem, mem-m) < 1<<20 {
			return
		}
		cpu, mem = c, m
	}
}

// stop ends the site (SIGTERM, then SIGKILL after 10 s) and removes its
// folder.
func (s *siteProcess) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	os.RemoveAll(s.dir)
}

// openJob is the ID of a job the site lists as open.
func (s *siteProcess) openJob() (string, error) {
	res, err := http.Get(s.origin + "/api/jobs")
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var jobs []wire.Job
	if err := json.NewDecoder(res.Body).Decode(&jobs); err != nil {
		return "", fmt.Errorf("GET /api/jobs: %d: %w", res.StatusCode, err)
	}
	if len(jobs) == 0 {
		return "", errors.New("the site lists no open job")
	}
	return jobs[0].ID, nil
}
