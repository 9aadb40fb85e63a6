package server

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
)

// corkOf reads TCP_CORK of the request's connection.
func corkOf(t *testing.T, r *http.Request) int {
	t.Helper()
	c, ok := r.Context().Value(connKey{}).(*net.TCPConn)
	if !ok {
		t.Fatal("the request's context has no TCP connection")
	}
	rc, err := c.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var v int
	var gerr error
	if err := rc.Control(func(fd uintptr) {
		v, gerr = syscall.GetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK)
	}); err != nil || gerr != nil {
		t.Fatal(err, gerr)
	}
	return v
}

// A large body is written whole, and the connection is left uncorked, so
// the next response on it is not held back; a small one is written as is.
func TestWriteCorkedLeavesTheConnectionUncorked(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 6000) // 96,000 bytes
	small := []byte("small body")
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := small
		if r.URL.Path == "/big" {
			body = big
		}
		if got := corkOf(t, r); got != 0 {
			t.Errorf("%s: corked (%d) before writing", r.URL.Path, got)
		}
		writeCorked(w, r, body)
		if got := corkOf(t, r); got != 0 {
			t.Errorf("%s: corked (%d) after writing", r.URL.Path, got)
		}
	}))
	srv.Config.ConnContext = ConnContext
	srv.Start()
	defer srv.Close()
	client := srv.Client()
	for _, path := range []string{"/big", "/small", "/big"} { // one keep-alive connection
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
}

// While a large body is written, the connection is corked.
func TestWriteCorkedCorksWhileWriting(t *testing.T) {
	var during int
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeCorked(&probeWriter{ResponseWriter: w, probe: func() { during = corkOf(t, r) }}, r, make([]byte, corkMin))
	}))
	srv.Config.ConnContext = ConnContext
	srv.Start()
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if during != 1 {
		t.Fatalf("TCP_CORK while writing = %d, want 1", during)
	}
}

// probeWriter calls probe before each write.
type probeWriter struct {
	http.ResponseWriter
	probe func()
}

func (p *probeWriter) Write(b []byte) (int, error) {
	p.probe()
	return p.ResponseWriter.Write(b)
}
