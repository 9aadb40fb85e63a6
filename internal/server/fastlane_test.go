package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"corpsite/internal/server"
)

// laneSite is one site served twice over loopback: through the fast lane,
// as the app serves it, and through net/http alone; both share the
// server, so its page cache.
type laneSite struct {
	f         *fixture
	lane      *server.FastLane
	hs        *http.Server
	laneAddr  string
	plainAddr string
	log       *lockedBuffer
	reg       *prometheus.Registry
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// lines are the JSON lines written, decoded.
func (b *lockedBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(b.b.String()), "\n") {
		if l == "" {
			continue // nothing written yet
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

func newLaneSite(t *testing.T, edit func(*server.Options), hsEdit func(*http.Server)) *laneSite {
	t.Helper()
	ls := &laneSite{log: &lockedBuffer{}, reg: prometheus.NewRegistry()}
	ls.f = newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(ls.log, nil))
		o.AccessLog = ls.log
		o.Metrics = ls.reg
		if edit != nil {
			edit(o)
		}
	})
	newHTTP := func() *http.Server {
		hs := &http.Server{Handler: ls.f.srv, ConnContext: server.ConnContext,
			ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute, WriteTimeout: 30 * time.Second}
		if hsEdit != nil {
			hsEdit(hs)
		}
		return hs
	}
	listen := func() net.Listener {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	ls.hs = newHTTP()
	ls.lane = ls.f.srv.FastLane(listen(), ls.hs)
	ls.laneAddr = ls.lane.Addr().String()
	plain := newHTTP()
	pl := server.GatherListener(listen())
	ls.plainAddr = pl.Addr().String()
	go func() { _ = ls.hs.Serve(ls.lane) }()
	go func() { _ = plain.Serve(pl) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = ls.hs.Shutdown(ctx)
		_ = plain.Shutdown(ctx)
		if err := ls.lane.Wait(ctx); err != nil {
			t.Errorf("fast lane connections left after shutdown: %v", err)
		}
	})
	return ls
}

// rawResponse is a response as sent: status line, header lines in order
// (X-Request-Id's and Date's values replaced by ID and DATE once checked),
// body; id is the request id.
type rawResponse struct {
	Status string
	Lines  []string
	Body   []byte
	id     string
}

// etag is the response's ETag, or "".
func (r rawResponse) etag() string {
	for _, l := range r.Lines {
		if v, ok := strings.CutPrefix(l, "Etag: "); ok {
			return v
		}
	}
	return ""
}

var requestIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// readRaw reads one response to a request of method from br.
func readRaw(t *testing.T, br *bufio.Reader, method string) rawResponse {
	t.Helper()
	var r rawResponse
	line := func() string {
		s, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("reading a response: %v (after %q)", err, s)
		}
		return strings.TrimSuffix(s, "\r\n")
	}
	r.Status = line()
	length, chunked := -1, false
	for {
		l := line()
		if l == "" {
			break
		}
		name, value, _ := strings.Cut(l, ": ")
		switch name {
		case "X-Request-Id":
			if !requestIDPattern.MatchString(value) {
				t.Errorf("X-Request-Id %q is not 16 hex digits", value)
			}
			r.id, l = value, name+": ID"
		case "Date":
			d, err := http.ParseTime(value)
			if err != nil || time.Since(d).Abs() > time.Minute {
				t.Errorf("Date %q is not now (%v)", value, err)
			}
			l = name + ": DATE"
		case "Content-Length":
			length, _ = strconv.Atoi(value)
		case "Transfer-Encoding":
			chunked = value == "chunked"
		}
		r.Lines = append(r.Lines, l)
	}
	code, _ := strconv.Atoi(strings.Fields(r.Status)[1])
	switch {
	case method == http.MethodHead || code == http.StatusNotModified || code < 200:
	case chunked:
		res, err := http.ReadResponse(bufio.NewReader(io.MultiReader(strings.NewReader("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"), br)), nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Body, _ = io.ReadAll(res.Body)
	case length >= 0:
		r.Body = make([]byte, length)
		if _, err := io.ReadFull(br, r.Body); err != nil {
			t.Fatalf("reading a body of %d bytes: %v", length, err)
		}
	default:
		r.Body, _ = io.ReadAll(br)
	}
	return r
}

// exchange sends reqs in one write on a new connection to addr and reads
// as many responses.
func exchange(t *testing.T, addr string, reqs ...string) []rawResponse {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, strings.Join(reqs, "")); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	var out []rawResponse
	for _, q := range reqs {
		method, _, _ := strings.Cut(q, " ")
		out = append(out, readRaw(t, br, method))
	}
	return out
}

// same reports how got differs from want ("" when it does not).
func same(got, want rawResponse) string {
	if got.Status != want.Status {
		return fmt.Sprintf("status %q, want %q", got.Status, want.Status)
	}
	if g, w := strings.Join(got.Lines, "\n"), strings.Join(want.Lines, "\n"); g != w {
		return fmt.Sprintf("headers\n%s\nwant\n%s", g, w)
	}
	if !bytes.Equal(got.Body, want.Body) {
		return fmt.Sprintf("body of %d bytes differs from the %d wanted", len(got.Body), len(want.Body))
	}
	return ""
}

// fastPages are the pages the lane answers (the fixed public routes).
var fastPages = []string{"/", "/about", "/technologies", "/services", "/service1", "/service2", "/service3",
	"/more", "/privacy", "/terms", "/contact-us", "/career"}

func get(path, extra string) string {
	return "GET " + path + " HTTP/1.1\r\nHost: site.test\r\n" + extra + "\r\n"
}

// TestFastLaneAnswersAsNetHTTP: a cached page's answer from the fast lane
// is byte for byte net/http's, but for the request id and the date, in
// every coding and with a browser's headers.
func TestFastLaneAnswersAsNetHTTP(t *testing.T) {
	ls := newLaneSite(t, nil, nil)
	variants := []string{
		"",
		"Accept-Encoding: gzip\r\n",
		"Accept-Encoding: gzip, deflate, br, zstd\r\n",
		"accept-encoding: br;q=0, gzip\r\nAccept-Encoding:   zstd  \r\n",
		"Accept-Encoding: identity;q=0, *;q=0.5\r\n",
		"User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html,application/xhtml+xml\r\nAccept-Language: en-IN,en;q=0.9\r\n" +
			"Accept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\nCookie: theme=dark\r\nSec-Fetch-Mode: navigate\r\n" +
			"Upgrade-Insecure-Requests: 1\r\nX-Forwarded-For: 198.51.100.7\r\n",
	}
	for _, path := range fastPages {
		exchange(t, ls.plainAddr, get(path, "")) // renders and caches it
		for _, v := range variants {
			before := server.FastLaneAnswered(ls.lane)
			got := exchange(t, ls.laneAddr, get(path, v))[0]
			if n := server.FastLaneAnswered(ls.lane) - before; n != 1 {
				t.Errorf("GET %s %q: the fast lane answered %d requests, want 1", path, v, n)
			}
			want := exchange(t, ls.plainAddr, get(path, v))[0]
			if d := same(got, want); d != "" {
				t.Errorf("GET %s %q: fast lane's answer differs from net/http's: %s", path, v, d)
			}
			if !strings.HasPrefix(got.Status, "HTTP/1.1 200 ") {
				t.Errorf("GET %s %q: %s, want 200", path, v, got.Status)
			}
		}
	}
	// Conditional requests: a 304 for the ETag of the coding sent (the
	// first If-None-Match line counts, as Header.Get reads it), a 200
	// otherwise.
	for _, path := range []string{"/", "/about"} {
		etags := map[string]string{}
		for _, accept := range []string{"", "gzip", "br"} {
			etags[accept] = exchange(t, ls.plainAddr, get(path, "Accept-Encoding: "+accept+"\r\n"))[0].etag()
		}
		for _, v := range []string{
			"If-None-Match: " + etags[""] + "\r\n",
			"If-None-Match: " + etags["gzip"] + "\r\nAccept-Encoding: gzip\r\n",
			"If-None-Match: " + etags["gzip"] + "\r\n",
			"If-None-Match: W/" + etags["br"] + ", \"x\"\r\nAccept-Encoding: br, gzip\r\n",
			"If-None-Match: \"x\"\r\nIf-None-Match: " + etags[""] + "\r\n",
			"If-None-Match: *\r\n",
			"If-None-Match:\r\n",
		} {
			before := server.FastLaneAnswered(ls.lane)
			got := exchange(t, ls.laneAddr, get(path, v))[0]
			if n := server.FastLaneAnswered(ls.lane) - before; n != 1 {
				t.Errorf("GET %s %q: the fast lane answered %d requests, want 1", path, v, n)
			}
			want := exchange(t, ls.plainAddr, get(path, v))[0]
			if d := same(got, want); d != "" {
				t.Errorf("GET %s %q: fast lane's answer differs from net/http's: %s", path, v, d)
			}
		}
	}
	if r := exchange(t, ls.laneAddr, get("/", "If-None-Match: "+exchange(t, ls.plainAddr, get("/", ""))[0].etag()+"\r\n"))[0]; !strings.HasPrefix(r.Status, "HTTP/1.1 304 ") {
		t.Errorf("GET / with its ETag: %s, want 304", r.Status)
	}

	// Several requests in one write get their answers in order, on one
	// connection kept open.
	before := server.FastLaneAnswered(ls.lane)
	reqs := []string{get("/", ""), get("/about", "Accept-Encoding: br\r\n"), get("/", "Accept-Encoding: gzip\r\n")}
	got := exchange(t, ls.laneAddr, reqs...)
	want := exchange(t, ls.plainAddr, reqs...)
	if n := server.FastLaneAnswered(ls.lane) - before; n != 3 {
		t.Errorf("pipelined: the fast lane answered %d requests, want 3", n)
	}
	for i := range reqs {
		if d := same(got[i], want[i]); d != "" {
			t.Errorf("pipelined request %d: %s", i, d)
		}
	}
	if got[0].id == got[2].id {
		t.Errorf("two requests had the same id %s", got[0].id)
	}
}

// TestFastLaneHandsOver: every request the lane does not answer itself is
// net/http's, with the connection: the same answer as without the lane,
// even after the lane answered earlier requests on it.
func TestFastLaneHandsOver(t *testing.T) {
	ls := newLaneSite(t, nil, nil)
	exchange(t, ls.plainAddr, get("/", ""))
	exchange(t, ls.plainAddr, get("/about", ""))
	for _, q := range []string{
		"HEAD / HTTP/1.1\r\nHost: site.test\r\n\r\n",
		get("/?utm_source=x", ""),
		get("/about/", ""),
		get("/jobs", ""),
		get("/application-status", ""),
		get("/no-such-page", ""),
		get("/%61bout", ""),
		get("/", "Connection: close\r\n"),
		get("/", "Content-Length: 0\r\n"),
		get("/", "Host: other.test\r\n"),
		"GET / HTTP/1.1\r\n\r\n",
		"GET / HTTP/1.0\r\nHost: site.test\r\n\r\n",
		"get / HTTP/1.1\r\nHost: site.test\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: site.test\r\nContent-Length: 2\r\n\r\nhi",
		get("/", "Bad Name: x\r\n"),
		get("/", "X-Folded: a\r\n b\r\n"),
		get("/", "X-Control: a\x01b\r\n"),
		"GET / HTTP/1.1\nHost: site.test\n\n",
		get("/", "X-Long: "+strings.Repeat("a", 5000)+"\r\n"),
		"GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n",
	} {
		for _, first := range []string{"", get("/about", "")} {
			reqs := []string{q}
			if first != "" {
				reqs = []string{first, q} // after one the lane answered
			}
			name := strings.SplitN(q, "\r\n", 2)[0]
			if len(name) > 60 {
				name = name[:60]
			}
			before := server.FastLaneAnswered(ls.lane)
			got := exchange(t, ls.laneAddr, reqs...)
			if n, want := server.FastLaneAnswered(ls.lane)-before, uint64(len(reqs)-1); n != want {
				t.Errorf("%q (after %d): the fast lane answered %d requests, want %d", name, len(reqs)-1, n, want)
			}
			want := exchange(t, ls.plainAddr, reqs...)
			for i := range reqs {
				if d := same(got[i], want[i]); d != "" {
					t.Errorf("%q (after %d), answer %d: %s", name, len(reqs)-1, i, d)
				}
			}
		}
	}
}

// TestFastLaneRecordsAsMiddleware: a request the lane answers is logged
// and counted as the middleware logs and counts one: the same access log
// line but for its id, time and duration, the route's request counter,
// one page cache hit.
func TestFastLaneRecordsAsMiddleware(t *testing.T) {
	ls := newLaneSite(t, nil, nil)
	// Each request waited for until logged: counted just before.
	accessLine(t, ls.log, exchange(t, ls.plainAddr, get("/", ""))[0].id)
	q := get("/", "Accept-Encoding: gzip\r\n")
	want := exchange(t, ls.plainAddr, q)[0]
	wantLine := accessLine(t, ls.log, want.id)
	requests := requestCount(t, ls.reg, "GET /{$}")
	hits, misses := server.PageCacheCounts(ls.f.srv)
	got := exchange(t, ls.laneAddr, q)[0]
	gotLine := accessLine(t, ls.log, got.id) // the answer's X-Request-Id is the logged one
	for _, m := range []map[string]any{gotLine, wantLine} {
		delete(m, "request_id")
		delete(m, "time")
		if d, ok := m["duration_ms"].(float64); !ok || d < 0 {
			t.Errorf("duration_ms %v", m["duration_ms"])
		}
		delete(m, "duration_ms")
	}
	if d := diff(wantLine, gotLine); d != "" {
		t.Errorf("access log line (-net/http +fast lane):\n%s", d)
	}
	if n := requestCount(t, ls.reg, "GET /{$}") - requests; n != 1 {
		t.Errorf("requests counted for GET /{$}: %v, want 1", n)
	}
	h, m := server.PageCacheCounts(ls.f.srv)
	if h-hits != 1 || m != misses {
		t.Errorf("page cache: %d hits and %d misses more, want 1 and 0", h-hits, m-misses)
	}
	// A page not cached is net/http's: its miss is counted once.
	server.SetPageCacheBudget(ls.f.srv, 64<<20)
	hits, misses = server.PageCacheCounts(ls.f.srv)
	accessLine(t, ls.log, exchange(t, ls.laneAddr, get("/about", ""))[0].id)
	h, m = server.PageCacheCounts(ls.f.srv)
	if h != hits || m-misses != 1 {
		t.Errorf("page cache after a miss: %d hits and %d misses more, want 0 and 1", h-hits, m-misses)
	}
}

// accessLine is the access log line of the request of id, waited for:
// a page's answer is sent before its line is written (and the request
// counted, just before).
func accessLine(t *testing.T, b *lockedBuffer, id string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		for _, l := range b.lines(t) {
			if l["msg"] == "request" && l["request_id"] == id {
				return l
			}
		}
	}
	t.Fatalf("no access log line for request %s", id)
	return nil
}

// requestCount is the count of 2xx requests to route in reg.
func requestCount(t *testing.T, reg *prometheus.Registry, route string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "site_http_requests_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["route"] == route && labels["code"] == "2xx" {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

// TestFastLaneTrustedProxy: behind a trusted proxy, the client the lane
// logs is the one X-Forwarded-For names, as the middleware finds it.
func TestFastLaneTrustedProxy(t *testing.T) {
	ls := newLaneSite(t, func(o *server.Options) {
		o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	}, nil)
	exchange(t, ls.plainAddr, get("/", ""))
	for _, xff := range []string{"X-Forwarded-For: 203.0.113.9\r\n", "X-Forwarded-For: 198.51.100.1, 203.0.113.10\r\nX-Forwarded-For: 127.0.0.1\r\n", ""} {
		r := exchange(t, ls.plainAddr, get("/", xff))[0]
		want := accessLine(t, ls.log, r.id)["client"]
		before := server.FastLaneAnswered(ls.lane)
		r = exchange(t, ls.laneAddr, get("/", xff))[0]
		if server.FastLaneAnswered(ls.lane) != before+1 {
			t.Errorf("%q: not answered by the fast lane", xff)
		}
		if got := accessLine(t, ls.log, r.id)["client"]; got != want {
			t.Errorf("%q: client %v logged, want %v as net/http's path logs", xff, got, want)
		}
	}
}

// TestFastLaneShutdown: shutting the server down closes a connection
// waiting in the lane; one whose request is being read gets its answer,
// then is closed; Wait returns once both are.
func TestFastLaneShutdown(t *testing.T) {
	ls := newLaneSite(t, nil, nil)
	exchange(t, ls.plainAddr, get("/", ""))
	dial := func() (net.Conn, *bufio.Reader) {
		c, err := net.Dial("tcp", ls.laneAddr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		_, _ = io.WriteString(c, get("/", ""))
		br := bufio.NewReader(c)
		if r := readRaw(t, br, http.MethodGet); !strings.HasPrefix(r.Status, "HTTP/1.1 200") {
			t.Fatalf("%s", r.Status)
		}
		return c, br
	}
	_, idle := dial()
	busy, busyReader := dial()
	q := get("/", "") // cached: the lane answers it (it hands nothing over once closed)
	_, _ = io.WriteString(busy, q[:10])
	time.Sleep(50 * time.Millisecond) // the lane has read them
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ls.hs.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- ls.lane.Wait(ctx) }()
	if n, err := idle.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("the idle connection after shutdown: read %d bytes, %v; want EOF", n, err)
	}
	select {
	case err := <-waited:
		t.Fatalf("Wait returned (%v) while a request was being read", err)
	case <-time.After(100 * time.Millisecond):
	}
	_, _ = io.WriteString(busy, q[10:])
	if r := readRaw(t, busyReader, http.MethodGet); !strings.HasPrefix(r.Status, "HTTP/1.1 200") {
		t.Errorf("the request being read at shutdown: %s, want 200", r.Status)
	}
	if n, err := busyReader.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("after its answer: read %d bytes, %v; want EOF", n, err)
	}
	if err := <-waited; err != nil {
		t.Fatalf("Wait: %v", err)
	}
}

// TestFastLaneHeaderTimeout: a request's head not sent within the read
// header timeout ends the connection without an answer, as net/http does.
func TestFastLaneHeaderTimeout(t *testing.T) {
	ls := newLaneSite(t, nil, func(hs *http.Server) { hs.ReadHeaderTimeout = 300 * time.Millisecond })
	for _, addr := range []string{ls.laneAddr, ls.plainAddr} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		_, _ = io.WriteString(c, "GET / HTTP/1.1\r\nHost: site.test\r\n")
		start := time.Now()
		b, err := io.ReadAll(c)
		c.Close()
		if err != nil || len(b) > 0 || time.Since(start) > 3*time.Second {
			t.Errorf("%s: read %q, %v after %v; want the connection closed within the timeout, no answer", addr, b, err, time.Since(start))
		}
	}
}
