package server

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// gatherServer serves h on a GatherListener, as the app does.
func gatherServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Listener = GatherListener(srv.Listener)
	srv.Config.ConnContext = ConnContext
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// A large body is held until it is written whole, headers and all, in one
// write; a small one is not gathered; and on one keep-alive connection
// each response arrives whole and in order.
func TestWriteGathered(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("0123456789abcdef"), 6000) // 96,000 bytes
	small := []byte("small body")
	var heldAfterWrite []int
	srv := gatherServer(t, func(w http.ResponseWriter, r *http.Request) {
		body := small
		if r.URL.Path == "/big" {
			body = big
		}
		c := r.Context().Value(connKey{}).(*gatherConn)
		probe := &probeWriter{ResponseWriter: w, after: func() {
			n := -1
			if c.held != nil {
				n = len(*c.held)
			}
			heldAfterWrite = append(heldAfterWrite, n)
		}}
		writeGathered(probe, r, body)
		if c.held != nil {
			t.Errorf("%s: still gathering after writeGathered", r.URL.Path)
		}
	})
	client := srv.Client()
	paths := []string{"/big", "/small", "/big"}
	for _, path := range paths {
		res, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := small
		if path == "/big" {
			want = big
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes, want %d", path, len(got), len(want))
		}
	}
	if len(heldAfterWrite) != 3 {
		t.Fatalf("%d writes seen, want 3", len(heldAfterWrite))
	}
	// Written but held: the body and the headers before it (net/http's
	// buffer passed its first 4 KiB on); nothing held for the small body.
	for i, n := range heldAfterWrite {
		switch {
		case paths[i] == "/small" && n != -1:
			t.Errorf("small body: gathering (%d bytes held)", n)
		case paths[i] == "/big" && (n < 4<<10 || n > len(big)+1024):
			t.Errorf("big body: %d bytes held after its write, want net/http's first flush and the rest", n)
		}
	}
}

// When the gathered write fails, the connection is closed: the client
// never takes part of a response for a whole one.
func TestWriteGatheredClosesOnFailedWrite(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("x"), 64<<10)
	srv := gatherServer(t, func(w http.ResponseWriter, r *http.Request) {
		c := r.Context().Value(connKey{}).(*gatherConn)
		w.Header().Set("Content-Length", "65536")
		writeGathered(&probeWriter{ResponseWriter: w, after: func() {
			_ = c.SetWriteDeadline(time.Now().Add(-time.Second))
		}}, r, big)
	})
	client := srv.Client()
	client.Timeout = 10 * time.Second // a connection left open would hang here
	res, err := client.Get(srv.URL)
	if err == nil {
		var n int64
		n, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err == nil && n == int64(len(big)) {
			t.Fatal("the response arrived whole although its write failed")
		}
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the connection was left open after the failed write: %v", err)
	}
}

// Connections other than TCP pass through the listener as they are.
func TestGatherListenerOnlyTCP(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	l, err := net.Listen("unix", dir+"/s")
	if err != nil {
		t.Fatal(err)
	}
	gl := GatherListener(l)
	defer gl.Close()
	go func() {
		if c, err := net.Dial("unix", dir+"/s"); err == nil {
			c.Close()
		}
	}()
	c, err := gl.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(*gatherConn); ok {
		t.Error("a unix connection was wrapped")
	}
}

// probeWriter calls after once each write returned.
type probeWriter struct {
	http.ResponseWriter
	after func()
}

func (p *probeWriter) Write(b []byte) (int, error) {
	n, err := p.ResponseWriter.Write(b)
	p.after()
	return n, err
}

func (p *probeWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }
