package server

import (
	"context"
	"net"
	"net/http"
)

// connKey is the context key of the connection a request came on.
type connKey struct{}

// ConnContext, set as the http.Server's ConnContext, keeps each request's
// connection in its context, so that writing a large page can hold the
// connection's packets until the whole response is written (corked).
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// corkMin is the body size from which a response is corked: above net/http's
// 4 KiB connection buffer, the headers and the body's start go out in one
// write and the rest in another, each sent as packets at once (the
// connections are TCP_NODELAY); corked, they leave together.
const corkMin = 4 << 10

// writeCorked writes body to w, corking the connection around the write when
// body is large and the connection is TCP.
func writeCorked(w http.ResponseWriter, r *http.Request, body []byte) {
	if len(body) < corkMin {
		_, _ = w.Write(body)
		return
	}
	c, _ := r.Context().Value(connKey{}).(*net.TCPConn)
	if c == nil || !setCork(c, true) {
		_, _ = w.Write(body)
		return
	}
	_, _ = w.Write(body)
	setCork(c, false)
}
