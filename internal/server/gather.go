package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
)

// A page or asset larger than net/http's 4 KiB connection buffer leaves
// the server as two writes (the headers with the body's start, then the
// rest), each sent at once as packets of its own, since connections are
// TCP_NODELAY. Gathering a response's writes in memory and handing them
// to the kernel in one write sends them together, with one system call
// where corking the socket around the writes took four.

// GatherListener returns l with every TCP connection it accepts able to
// gather a response's writes; serve the site's http.Server on it, with
// ConnContext.
func GatherListener(l net.Listener) net.Listener { return gatherListener{l} }

type gatherListener struct{ net.Listener }

func (l gatherListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		return &gatherConn{TCPConn: tc}, err
	}
	return c, err
}

// gatherConn is a TCP connection whose writes, while held is not nil, are
// kept in held and written in one go by release. net/http writes to a
// connection from the goroutine serving it only, as does release.
type gatherConn struct {
	*net.TCPConn
	held *[]byte
	// pre are bytes read from the connection before it was handed to
	// net/http (by the fast lane), to be read first.
	pre []byte
}

func (c *gatherConn) Read(p []byte) (int, error) {
	if len(c.pre) == 0 {
		return c.TCPConn.Read(p)
	}
	n := copy(p, c.pre)
	c.pre = c.pre[n:]
	if len(c.pre) == 0 {
		c.pre = nil
	}
	return n, nil
}

// WriteTo copies what the connection sends to w, pre first.
func (c *gatherConn) WriteTo(w io.Writer) (int64, error) {
	var n int64
	if len(c.pre) > 0 {
		m, err := w.Write(c.pre)
		n += int64(m)
		c.pre = c.pre[m:]
		if err != nil {
			return n, err
		}
		c.pre = nil
	}
	m, err := c.TCPConn.WriteTo(w)
	return n + m, err
}

// gatherMin is the body size from which a response's writes are gathered:
// below it, the headers and body fit in net/http's buffer and leave in
// one write anyway.
const gatherMin = 4 << 10

// gatherMax bounds the bytes held for one connection: past it they are
// written out, and gathering goes on from there.
const gatherMax = 1 << 20

// gatherBufs holds the buffers writes are gathered in; one that grew past
// gatherKeep is left to the collector rather than kept.
var gatherBufs = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

const gatherKeep = 256 << 10

func (c *gatherConn) Write(p []byte) (int, error) {
	if c.held == nil {
		return c.TCPConn.Write(p)
	}
	if len(*c.held)+len(p) > gatherMax {
		if err := c.flush(); err != nil {
			return 0, err
		}
		if len(p) > gatherMax {
			return c.TCPConn.Write(p)
		}
	}
	*c.held = append(*c.held, p...)
	return len(p), nil
}

func (c *gatherConn) gather() {
	if c.held == nil {
		c.held = gatherBufs.Get().(*[]byte)
	}
}

// release writes what was gathered and stops gathering. When that write
// fails the connection is closed: net/http took the bytes as written, and
// the next response must not follow part of this one.
func (c *gatherConn) release() {
	if c.held == nil {
		return
	}
	err := c.flush()
	b := c.held
	c.held = nil
	if cap(*b) <= gatherKeep {
		gatherBufs.Put(b)
	}
	if err != nil {
		_ = c.TCPConn.Close()
	}
}

func (c *gatherConn) flush() error {
	b := *c.held
	*c.held = b[:0]
	if len(b) == 0 {
		return nil
	}
	_, err := c.TCPConn.Write(b)
	return err
}

// connKey is the context key of the connection a request came on.
type connKey struct{}

// ConnContext, set as the http.Server's ConnContext, keeps each request's
// connection in its context, so that writing a large page can gather the
// response's writes into one (see GatherListener).
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// writeGathered writes body, the whole of the response's body, to w: when
// it is large and the connection can gather, the headers and body leave
// in one write once net/http's buffers are flushed into it.
func writeGathered(w http.ResponseWriter, r *http.Request, body []byte) {
	c, _ := r.Context().Value(connKey{}).(*gatherConn)
	if c == nil || len(body) < gatherMin {
		_, _ = w.Write(body)
		return
	}
	c.gather()
	defer c.release()
	if _, err := w.Write(body); err == nil {
		_ = http.NewResponseController(w).Flush()
	}
}
