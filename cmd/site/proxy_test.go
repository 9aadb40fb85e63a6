package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// runAsSite makes the test binary act as the site binary when it is set
// in the environment, so the proxy test can start the real command line
// (flags, environment, wiring) as a process of its own without a build.
const runAsSite = "CORPSITE_TEST_RUN_AS_SITE"

func TestMain(m *testing.M) {
	if os.Getenv(runAsSite) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// nginxPath finds nginx, or skips the test; under CI=true a missing nginx
// fails it instead (scripts/ensure-deps.sh installs it).
func nginxPath(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	for _, p := range []string{"/usr/sbin/nginx", "/usr/local/sbin/nginx"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nginx is not installed, and CI=true requires the reverse-proxy test to run (scripts/ensure-deps.sh installs it)")
	}
	t.Skip("nginx is not installed: skipping the reverse-proxy test (apt-get install nginx, or scripts/ensure-deps.sh)")
	return ""
}

// nginxMain runs an http block (conf) as a test: nginx in the
// foreground, with its files in the test's folder ({{dir}}).
const nginxMain = `daemon off;
worker_processes 1;
pid {{dir}}/nginx.pid;
error_log stderr notice;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path {{dir}}/body;
    proxy_temp_path {{dir}}/proxy;
    fastcgi_temp_path {{dir}}/fastcgi;
    uwsgi_temp_path {{dir}}/uwsgi;
    scgi_temp_path {{dir}}/scgi;
{{conf}}
}
`

// proxyConf is the reverse-proxy set-up the README documents, with the
// test's port and site address.
const proxyConf = `    server {
        listen 127.0.0.1:{{port}};
        location / {
            proxy_pass http://{{site}};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }
    }`

// Behind nginx, each visitor has its own contact-form limit (the address
// comes from X-Forwarded-For because nginx's address is trusted), and a
// visitor cannot pick its address by sending the header itself, neither
// through nginx nor directly to the site.
func TestBehindNginx(t *testing.T) {
	t.Parallel()
	nginx := nginxPath(t)
	site := startSite(t, "--trusted-proxies", "127.0.0.1/32")
	proxy := startNginx(t, nginx, site.addr)

	// Visitors are told apart by their source address: all of 127/8 is
	// loopback, and only 127.0.0.1 (nginx) is trusted.
	visitorA, visitorB, direct := "127.0.0.5", "127.0.0.6", "127.0.0.7"

	for i := range 5 {
		if got := postContact(t, visitorA, proxy, ""); got.status != http.StatusCreated {
			t.Fatalf("visitor A, message %d through nginx: status %d, want 201", i+1, got.status)
		}
	}
	if got := postContact(t, visitorA, proxy, ""); got.status != http.StatusTooManyRequests || got.retryAfter == "" {
		t.Fatalf("visitor A, 6th message: status %d, Retry-After %q; want 429 with Retry-After", got.status, got.retryAfter)
	}
	// A spoofed header does not give visitor A a fresh limit: nginx adds
	// A's real address after it, and that is the first untrusted hop.
	if got := postContact(t, visitorA, proxy, "203.0.113.50"); got.status != http.StatusTooManyRequests {
		t.Errorf("visitor A with a spoofed X-Forwarded-For: status %d, want 429", got.status)
	}
	// Visitor B, behind the same nginx, has a limit of its own.
	if got := postContact(t, visitorB, proxy, ""); got.status != http.StatusCreated {
		t.Errorf("visitor B through nginx: status %d, want 201 (limits must not be shared behind the proxy)", got.status)
	}

	// Straight to the site, the header is ignored: the peer is untrusted.
	for i := range 5 {
		if got := postContact(t, direct, site.addr, fmt.Sprintf("198.51.100.%d", i+1)); got.status != http.StatusCreated {
			t.Fatalf("direct visitor, message %d: status %d, want 201", i+1, got.status)
		}
	}
	if got := postContact(t, direct, site.addr, "198.51.100.99"); got.status != http.StatusTooManyRequests {
		t.Errorf("direct visitor changing its X-Forwarded-For: status %d, want 429 (the header must be ignored)", got.status)
	}

	// No visitor address reaches the site's log.
	site.stop(t)
	for _, addr := range []string{visitorA, visitorB, direct, "203.0.113.50", "198.51.100."} {
		if strings.Contains(site.log.String(), addr) {
			t.Errorf("the site's log holds %s:\n%s", addr, site.log.String())
		}
	}
}

// The port nginx is to listen on is held from the moment the test chooses
// it: another process binding it before nginx starts (another test,
// another developer's server on the same machine) cannot take it, and
// nginx serves on it.
func TestNginxPortIsHeldUntilNginxListens(t *testing.T) {
	t.Parallel()
	nginx := nginxPath(t)
	port := listenForNginx(t)
	if other, err := net.Listen("tcp", port.addr()); err == nil {
		// Held while nginx starts, as the other process would hold it.
		defer other.Close()
		t.Errorf("another listener took %s before nginx started", port.addr())
	}
	conf := "    server {\n        listen " + port.addr() + ";\n        location / { return 200 \"nginx\\n\"; }\n    }"
	runNginx(t, nginx, strings.Replace(nginxMain, "{{conf}}", conf, 1), port)
	if res := get(t, port.addr(), "/"); res.status != http.StatusOK || res.body != "nginx\n" {
		t.Errorf("GET / from nginx on %s: %d %q; want 200 \"nginx\\n\"", port.addr(), res.status, res.body)
	}
}

// siteProcess is the site binary running for a test.
type siteProcess struct {
	addr string
	log  *syncBuffer
	cmd  *exec.Cmd
	once sync.Once
}

// startSite runs the site command line in a process with a fresh data
// folder and returns once it listens.
func startSite(t *testing.T, flags ...string) *siteProcess {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--log-level", "info"}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), runAsSite+"=1")
	p := &siteProcess{log: &syncBuffer{}, cmd: cmd}
	cmd.Stderr = p.log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.stop(t) })
	// The site prints its address once it listens.
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("site did not start: %v\n%s", err, p.log.String())
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	_, url, ok := strings.Cut(strings.TrimSpace(line), "http://")
	if !ok {
		t.Fatalf("site printed %q, want its URL", line)
	}
	p.addr = strings.TrimSuffix(strings.Fields(url)[0], "/")
	return p
}

// stop ends the site with SIGTERM and waits for it.
func (p *siteProcess) stop(t *testing.T) {
	p.once.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		if err := p.cmd.Wait(); err != nil {
			t.Errorf("site exited with %v:\n%s", err, p.log.String())
		}
	})
}

// startNginx runs nginx in front of site with the README's set-up and
// returns its address once it serves.
func startNginx(t *testing.T, nginx, site string) string {
	t.Helper()
	port := listenForNginx(t)
	conf := strings.NewReplacer("{{port}}", port.port, "{{site}}", site).Replace(proxyConf)
	runNginx(t, nginx, strings.Replace(nginxMain, "{{conf}}", conf, 1), port)
	return port.addr()
}

// runNginx runs nginx with conf, a whole configuration whose {{dir}} is
// replaced by a fresh folder for its files, handing it the sockets of
// ports, and returns once it serves; it is stopped when the test ends.
func runNginx(t *testing.T, nginx, conf string, ports ...*nginxPort) {
	t.Helper()
	// The workers may run as another user: the folder must be readable.
	dir, err := os.MkdirTemp("", "site-nginx-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	conf = strings.ReplaceAll(conf, "{{dir}}", dir)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginx, "-p", dir, "-c", confPath, "-e", "stderr")
	// nginx takes listening sockets from its parent as it does when its
	// binary is upgraded: NGINX names their descriptors ("3;4;"), and a
	// listen directive for the socket's address uses it instead of
	// binding.
	var fds strings.Builder
	for i, p := range ports {
		cmd.ExtraFiles = append(cmd.ExtraFiles, p.file)
		fmt.Fprintf(&fds, "%d;", 3+i)
	}
	if len(ports) > 0 {
		cmd.Env = append(os.Environ(), "NGINX="+fds.String())
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT) // graceful: workers finish and exit
		_ = cmd.Wait()
	})
	for _, p := range ports {
		p.release() // nginx holds the socket now
	}
	// The master logs "start worker processes" after it has bound the
	// port; connections queue in the backlog until a worker takes them.
	var logged strings.Builder
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		logged.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "start worker process") {
			go func() { _, _ = io.Copy(io.Discard, stderr) }()
			if len(ports) > 0 && !strings.Contains(logged.String(), "using inherited sockets") {
				t.Fatalf("nginx did not take the listening sockets it was given:\n%s", logged.String())
			}
			return
		}
	}
	t.Fatalf("nginx did not start:\n%s", logged.String())
}

// nginxPort is a port on 127.0.0.1 that nginx is to listen on, held by the
// test from the moment it is chosen until nginx has the socket: no other
// process on the machine can take it in between (a port merely found free
// and let go could be, and nginx would then fail to bind it).
type nginxPort struct {
	port string
	file *os.File // the listening socket; nil once handed over
}

// listenForNginx listens on a free port of 127.0.0.1 for nginx; the
// socket is closed when the test ends if runNginx never took it.
func listenForNginx(t *testing.T) *nginxPort {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// File is a copy of the socket that stays open after l is closed.
	f, err := l.(*net.TCPListener).File()
	l.Close()
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(l.Addr().String())
	p := &nginxPort{port: port, file: f}
	t.Cleanup(p.release)
	return p
}

// addr is the port's address, host and port.
func (p *nginxPort) addr() string { return "127.0.0.1:" + p.port }

// release closes the test's copy of the socket.
func (p *nginxPort) release() {
	if p.file != nil {
		p.file.Close()
		p.file = nil
	}
}

type contactResult struct {
	status     int
	retryAfter string
}

// postContact sends a valid contact message to addr from the source
// address from, with the given X-Forwarded-For header unless empty.
func postContact(t *testing.T, from, addr, xff string) contactResult {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, a)
		},
		DisableKeepAlives: true,
	}}
	body := `{"name":"Asha Rao","email":"asha@example.com","subject":"A new project",` +
		`"message":"We would like a quote for a customer portal.","website":"","elapsedMs":12000}`
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/api/contact", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST /api/contact via %s from %s: %v", addr, from, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return contactResult{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After")}
}

// syncBuffer collects a process's output for the test to read.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
