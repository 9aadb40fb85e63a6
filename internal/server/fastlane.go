package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/httpcore"
)

// The fast lane answers the commonest request, a plain GET of one of the
// site's fixed pages while it is cached, on the connection itself, with
// the bytes net/http would send (its head made once per page and coding,
// the body as cached, in one write); it hands the connection to net/http
// at the first request it does not answer so, with the bytes read of it.
// net/http's machinery for a request (its request and response objects,
// header map copy and sort, a goroutine reading in the background,
// contexts, deadlines) cost about as much CPU as the kernel's work for a
// 66 KB page; nginx answers the same bytes for a third of it.
//
// What it answers, and why the answer is the one the handler chain gives:
//   - request line "GET <path> HTTP/1.1", <path> exactly one of the fixed
//     page routes of the site (no wildcard, no query, not private, cached
//     by path) for which the ServeMux finds that route's own pattern;
//   - headers well formed (a token, a colon, a value without control
//     characters, lines ended by CRLF, no folding), exactly one Host of
//     plain characters; none of Connection (but "keep-alive"),
//     Content-Length, Transfer-Encoding, Expect, Trailer, TE or Upgrade. Of
//     the others only Accept-Encoding (the coding), If-None-Match (a 304
//     for the coding's ETag) and, from a trusted proxy, X-Forwarded-For
//     (the client) change what the
//     chain does for such a request: the cross-origin check passes safe
//     methods unread, the page handler reads neither cookies nor anything
//     else, and net/http reads only those listed;
//   - the page cached under its path is current (pagecache.Fresh) and a
//     200 with an ETag in the coding negotiated.
//
// Everything else, including a head larger than the lane's buffer, goes
// to net/http. The answer's head is made by the code that makes the
// handler's (security headers, setHeaders, setEncoding) written as
// net/http writes a header map; the request id, the Date, the metrics
// and the access log line are as Middleware and net/http make them
// (httpcore.Config.Record). fastlane_test.go compares the two lanes
// byte for byte.

// fastBufSize is the most of a request's head the lane reads before
// handing the connection over (a browser's request is well under 2 KB).
const fastBufSize = 4 << 10

// FastLane is a net.Listener for the site's http.Server: the connections
// it returns are those the fast lane handed over. Create it with
// Server.FastLane.
type FastLane struct {
	s *Server
	l net.Listener
	// routes are the paths answered, with their route patterns.
	routes map[string]*fastRoute
	// The http.Server's timeouts, as net/http applies them.
	headerTimeout, idleTimeout, writeTimeout time.Duration

	handoff   chan net.Conn
	acceptErr chan error
	closed    chan struct{}
	closing   atomic.Bool
	closeOnce sync.Once
	mu        sync.Mutex
	conns     map[*fastConn]struct{}
	wg        sync.WaitGroup
	startOnce sync.Once
	// answered counts the requests the lane answered itself.
	answered atomic.Uint64
}

type fastRoute struct {
	path    string // the cache key, r.URL.Path
	pattern string // the ServeMux pattern, for metrics
}

// FastLane returns the fast lane over l for hs, the http.Server that
// serves s. hs's timeouts apply to the requests it answers as net/http
// applies them. When hs does not serve s directly, it answers nothing and
// hands every connection over at once.
func (s *Server) FastLane(l net.Listener, hs *http.Server) *FastLane {
	fl := &FastLane{
		s:             s,
		l:             l,
		routes:        map[string]*fastRoute{},
		headerTimeout: firstPositive(hs.ReadHeaderTimeout, hs.ReadTimeout),
		idleTimeout:   firstPositive(hs.IdleTimeout, hs.ReadTimeout),
		writeTimeout:  hs.WriteTimeout,
		handoff:       make(chan net.Conn),
		acceptErr:     make(chan error),
		closed:        make(chan struct{}),
		conns:         map[*fastConn]struct{}{},
	}
	if h, ok := hs.Handler.(*Server); !ok || h != s || hs.TLSConfig != nil {
		return fl
	}
	for _, path := range s.fastPaths() {
		// The route the ServeMux takes is the page's own: its pattern
		// names the request in metrics, as r.Pattern does.
		r := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: path}, Host: "localhost", Header: http.Header{}}
		_, pattern := s.mux.Handler(r)
		if pattern == pagePattern(path) {
			fl.routes[path] = &fastRoute{path: path, pattern: pattern}
		}
	}
	return fl
}

// fastPaths are the pages the fast lane may answer: one URL each, cached
// by path, not private.
func (s *Server) fastPaths() []string {
	var paths []string
	for _, p := range pageRoutes {
		if p.fixed() && p.key == nil && !p.private {
			paths = append(paths, p.path)
		}
	}
	return paths
}

// pagePattern is the ServeMux pattern of a page route's path.
func pagePattern(path string) string {
	if path == "/" {
		return "GET /{$}" // the home page only, not every path
	}
	return "GET " + path
}

func firstPositive(ds ...time.Duration) time.Duration {
	for _, d := range ds {
		if d > 0 {
			return d
		}
	}
	return 0
}

// Accept returns the next connection handed over.
func (fl *FastLane) Accept() (net.Conn, error) {
	fl.startOnce.Do(func() { go fl.acceptLoop() })
	select {
	case c := <-fl.handoff:
		return c, nil
	case err := <-fl.acceptErr:
		return nil, err
	case <-fl.closed:
		return nil, net.ErrClosed
	}
}

// Close stops accepting; connections waiting for a request in the lane
// are closed, one whose request is being read or answered once its answer
// is written (as net/http shuts down: idle connections closed, active
// ones let finish). Wait waits for them. A request being read at that
// moment that the lane does not answer itself is not answered: nothing
// accepts its connection any more.
func (fl *FastLane) Close() error {
	err := net.ErrClosed
	fl.closeOnce.Do(func() {
		fl.closing.Store(true) // before idle is read: see serve
		close(fl.closed)
		err = fl.l.Close()
		fl.mu.Lock()
		for st := range fl.conns {
			if st.idle.Load() {
				_ = st.c.SetReadDeadline(time.Unix(1, 0))
			}
		}
		fl.mu.Unlock()
	})
	return err
}

// Wait waits, after Close, until no connection is left in the lane, or
// until ctx ends.
func (fl *FastLane) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { fl.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Addr is the listener's address.
func (fl *FastLane) Addr() net.Addr { return fl.l.Addr() }

func (fl *FastLane) acceptLoop() {
	var pause time.Duration
	for {
		c, err := fl.l.Accept()
		if err != nil {
			if fl.closing.Load() {
				return
			}
			select {
			case fl.acceptErr <- err:
			case <-fl.closed:
				return
			}
			// net/http tries again after a pause on a temporary error
			// (too many open files) and stops serving on any other.
			if te, ok := err.(interface{ Temporary() bool }); !ok || !te.Temporary() {
				return
			}
			pause = min(max(2*pause, 5*time.Millisecond), time.Second)
			time.Sleep(pause)
			continue
		}
		pause = 0
		tc, ok := c.(*net.TCPConn)
		if !ok {
			fl.handOver(c)
			continue
		}
		fl.wg.Add(1)
		go fl.serve(tc)
	}
}

// handOver gives c to net/http; false when the lane is closed (c is then
// closed).
func (fl *FastLane) handOver(c net.Conn) bool {
	select {
	case fl.handoff <- c:
		return true
	case <-fl.closed:
		_ = c.Close()
		return false
	}
}

// fastConn is the lane's state for one connection.
type fastConn struct {
	c *net.TCPConn
	// idle: waiting for a request's first bytes (Close interrupts that).
	idle atomic.Bool
	peer netip.Addr
	// trusted: the peer is a trusted proxy, so the client is read from
	// X-Forwarded-For; otherwise the peer is the client, tagged once.
	trusted bool
	tag     string
	buf     [fastBufSize]byte
	head    []byte
	vec     [2][]byte
	// date is the Date value of the second dateAt.
	date   []byte
	dateAt int64
}

// fastRequest is what the lane read of a request it answers.
type fastRequest struct {
	route     *fastRoute
	accept    string
	forwarded []string
	// match is the first If-None-Match value, if conditional.
	match       string
	conditional bool
}

func (fl *FastLane) serve(c *net.TCPConn) {
	defer fl.wg.Done()
	st := &fastConn{c: c}
	fl.mu.Lock()
	if fl.closing.Load() {
		fl.mu.Unlock()
		_ = c.Close()
		return
	}
	fl.conns[st] = struct{}{}
	fl.mu.Unlock()
	handed := false
	defer func() {
		if p := recover(); p != nil {
			// net/http logs a handler's panic and closes its connection.
			fl.s.log.Error("panic in the fast lane", "panic", p, "stack", string(debug.Stack()))
		}
		fl.mu.Lock()
		delete(fl.conns, st)
		fl.mu.Unlock()
		if !handed {
			_ = c.Close()
		}
	}()
	if len(fl.routes) == 0 {
		handed = fl.handOver(&gatherConn{TCPConn: c})
		return
	}
	// As net/http names the peer: RemoteAddr().String().
	st.peer, st.trusted = httpcore.PeerTrusted(c.RemoteAddr().String(), fl.s.core.TrustedProxies)
	n := 0
	first := true
	began := time.Now() // when the request being read began
	for {
		end := bytes.Index(st.buf[:n], crlfcrlf)
		if end < 0 {
			if n == len(st.buf) || !mayBeFast(st.buf[:n]) {
				// A head larger than the buffer; or what net/http reads
				// differently (a line ended by LF alone) or answers:
				// its turn now, not once the buffer is full.
				handed = fl.handOverRead(c, st.buf[:n])
				return
			}
			// net/http's deadlines: the first request's head and each
			// one begun within the header timeout; idle keep-alive
			// connections within the idle timeout.
			var deadline time.Time
			switch {
			case n == 0 && !first:
				if fl.idleTimeout > 0 {
					deadline = time.Now().Add(fl.idleTimeout)
				}
			case fl.headerTimeout > 0:
				deadline = began.Add(fl.headerTimeout)
			}
			// idle is set before closing is read, and Close sets closing
			// before it reads idle: one of them sees the other.
			st.idle.Store(n == 0)
			if err := c.SetReadDeadline(deadline); err != nil || n == 0 && fl.closing.Load() {
				return
			}
			m, err := c.Read(st.buf[n:])
			st.idle.Store(false)
			if m > 0 {
				if n == 0 && !first {
					began = time.Now()
				}
				n += m
				continue
			}
			switch {
			case err == nil:
				continue
			case err == io.EOF && n > 0:
				// A request cut short by the client's end: net/http
				// answers it (400).
				handed = fl.handOverRead(c, st.buf[:n])
				return
			}
			return // timed out, reset, or closed between requests: net/http closes without an answer too
		}
		end += len(crlfcrlf)
		q, ok := fl.parse(st, st.buf[:end])
		if ok {
			var err error
			ok, err = fl.answer(st, q)
			if err != nil {
				return
			}
		}
		if !ok {
			handed = fl.handOverRead(c, st.buf[:n])
			return
		}
		n = copy(st.buf[:], st.buf[end:n])
		first = false
		began = time.Now()
		if fl.closing.Load() {
			return // net/http closes a connection after its answer once shutting down
		}
	}
}

var crlfcrlf = []byte("\r\n\r\n")

// mayBeFast reports whether b, the start of a request, may still be one
// the lane answers: it begins as "GET " does and has no line ended by a
// LF alone.
func mayBeFast(b []byte) bool {
	const method = "GET "
	if !bytes.HasPrefix(b, []byte(method[:min(len(b), len(method))])) {
		return false
	}
	for i, c := range b {
		if c == '\n' && (i == 0 || b[i-1] != '\r') {
			return false
		}
	}
	return true
}

// handOverRead gives c to net/http with read, the bytes read from it and
// not answered, to be read first; its deadlines cleared, as net/http sets
// its own.
func (fl *FastLane) handOverRead(c *net.TCPConn, read []byte) bool {
	if err := c.SetDeadline(time.Time{}); err != nil {
		return false
	}
	gc := &gatherConn{TCPConn: c}
	if len(read) > 0 {
		gc.pre = bytes.Clone(read)
	}
	return fl.handOver(gc)
}

// parse reads the head of a request, ending with its blank line; ok only
// when it is one the lane answers.
func (fl *FastLane) parse(st *fastConn, head []byte) (q fastRequest, ok bool) {
	line, rest, _ := bytes.Cut(head, crlf)
	after, found := bytes.CutPrefix(line, []byte("GET "))
	if !found {
		return q, false
	}
	target, found := bytes.CutSuffix(after, []byte(" HTTP/1.1"))
	if !found {
		return q, false
	}
	if q.route = fl.routes[string(target)]; q.route == nil {
		return q, false
	}
	hosts := 0
	var accepts [][]byte
	for {
		line, rest, _ = bytes.Cut(rest, crlf)
		if len(line) == 0 {
			break // the blank line
		}
		name, value, found := bytes.Cut(line, []byte{':'})
		if !found || !validName(name) {
			return q, false
		}
		value = bytes.Trim(value, " \t")
		if !validValue(value) {
			return q, false
		}
		switch {
		case equalFold(name, "host"):
			hosts++
			if !plainHost(value) {
				return q, false
			}
		case equalFold(name, "accept-encoding"):
			accepts = append(accepts, value)
		case equalFold(name, "x-forwarded-for"):
			if st.trusted {
				q.forwarded = append(q.forwarded, string(value))
			}
		case equalFold(name, "if-none-match"):
			if !q.conditional { // the first, as Header.Get reads it
				q.conditional, q.match = true, string(value)
			}
		case equalFold(name, "connection"):
			if !equalFold(value, "keep-alive") {
				return q, false
			}
		case equalFold(name, "content-length"), equalFold(name, "transfer-encoding"), equalFold(name, "expect"),
			equalFold(name, "trailer"), equalFold(name, "te"), equalFold(name, "upgrade"):
			return q, false
		}
	}
	if hosts != 1 {
		return q, false
	}
	switch len(accepts) {
	case 0:
	case 1:
		q.accept = string(accepts[0])
	default:
		q.accept = string(bytes.Join(accepts, []byte(","))) // as acceptEncoding joins the lines
	}
	return q, true
}

var crlf = []byte("\r\n")

// validName: a token (RFC 9110), as net/http requires of a field name.
func validName(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !isTokenChar(c) {
			return false
		}
	}
	return true
}

func isTokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// validValue: no control character but tab (so no CR or LF, which the
// head was split at), as net/http requires of a field value.
func validValue(b []byte) bool {
	for _, c := range b {
		if c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// plainHost: a host[:port] of letters, digits, dots, hyphens, colons and
// brackets, all of which net/http accepts.
func plainHost(b []byte) bool {
	for _, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.', c == '-', c == ':', c == '[', c == ']':
		default:
			return false
		}
	}
	return true
}

// equalFold compares b with lower, ASCII case-insensitively.
func equalFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// answer sends the cached page q asks for, as servePage and writePage do;
// false, having sent nothing, when that is not a current 200 with an ETag.
// An error means the connection is done.
func (fl *FastLane) answer(st *fastConn, q fastRequest) (bool, error) {
	s := fl.s
	start := time.Now()
	version, err := s.versions.Get(context.Background())
	if err != nil {
		return false, nil // net/http's turn: the error page
	}
	s.noticeVersion(version)
	p := s.cache.Fresh(q.route.path, version, s.now())
	if p == nil || p.status != http.StatusOK || p.headers == nil {
		return false, nil
	}
	c := negotiate(q.accept, p.body.codings())
	if p.etags[c] == "" {
		return false, nil
	}
	// As writePage: 304 when the client has this coding's ETag.
	notModified := q.match != "" && strings.Contains(q.match, p.etags[c])
	fh := p.fastHead(s, c, notModified)
	id := httpcore.NewRequestID()
	h := append(st.head[:0], fh.b[:fh.id]...)
	h = append(h, id...)
	h = append(h, fh.b[fh.id+len(idPlaceholder):]...)
	h = append(h, "Date: "...)
	h = append(h, st.dateOf(start)...)
	h = append(h, "\r\n\r\n"...)
	st.head = h
	if fl.writeTimeout > 0 {
		if err := st.c.SetWriteDeadline(start.Add(fl.writeTimeout)); err != nil {
			return true, err
		}
	}
	body, status := p.body[c], http.StatusOK
	if notModified {
		body, status = nil, http.StatusNotModified
	}
	fl.answered.Add(1)
	st.vec = [2][]byte{h, body}
	bufs := net.Buffers(st.vec[:])
	n, werr := bufs.WriteTo(st.c)
	st.vec = [2][]byte{}
	end := time.Now()
	o := httpcore.Outside{
		ID: id, Method: http.MethodGet, Path: q.route.path, Pattern: q.route.pattern,
		Status: status, Bytes: max(0, int(n)-len(h)), Start: start, End: end,
	}
	if st.trusted {
		o.Client = httpcore.ForwardedClient(st.peer, q.forwarded, s.core.TrustedProxies)
	} else {
		if st.tag == "" {
			st.tag = httpcore.ClientTag(st.peer)
		}
		o.Client, o.Tag = st.peer, st.tag
	}
	s.core.Record(&o)
	return true, werr
}

// dateOf is t as net/http writes the Date header, made once a second.
func (st *fastConn) dateOf(t time.Time) []byte {
	if sec := t.Unix(); sec != st.dateAt || st.date == nil {
		st.date = t.UTC().AppendFormat(st.date[:0], http.TimeFormat)
		st.dateAt = sec
	}
	return st.date
}

// fastHead is the head of a page's 200 (or 304) answer in one coding as
// net/http writes it, but for the Date and the blank line after it: the
// status line, then the header map as Middleware and writePage fill it,
// less what net/http leaves out of a 304, in net/http's order, with
// idPlaceholder for the request id.
type fastHead struct {
	b  []byte
	id int // where idPlaceholder is in b
}

// idPlaceholder stands for the request id (as long as one).
const idPlaceholder = "################"

// fastHead returns p's head in coding c, made on first use; of its 304
// if notModified.
func (p *renderedPage) fastHead(s *Server, c coding, notModified bool) *fastHead {
	ph := p.headers
	slot := &ph.fast[c]
	if notModified {
		slot = &ph.fast304[c]
	}
	if fh := slot.Load(); fh != nil {
		return fh
	}
	h := http.Header{"X-Request-Id": {idPlaceholder}}
	s.core.Headers.Apply(h)
	p.setHeaders(h, c)
	var b bytes.Buffer
	if notModified {
		// writePage answers before setEncoding; net/http drops the
		// Content-Type of a 304 (and any Content-Length).
		delete(h, "Content-Type")
		b.WriteString("HTTP/1.1 304 Not Modified\r\n")
	} else {
		setEncoding(h, c, ph.length[c])
		b.WriteString("HTTP/1.1 200 OK\r\n")
	}
	_ = h.Write(&b)
	mark := "\r\nX-Request-Id: " + idPlaceholder + "\r\n"
	i := bytes.Index(b.Bytes(), []byte(mark))
	if i < 0 {
		panic(errors.New("server: fast head without its request id")) // Write writes every entry
	}
	fh := &fastHead{b: bytes.Clone(b.Bytes()), id: i + len("\r\nX-Request-Id: ")}
	slot.Store(fh)
	return fh
}
