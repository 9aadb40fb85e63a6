package httpcore

import (
	"context"
	"net/netip"
	"time"
)

// Outside is a request answered without passing Middleware: by the
// server's fast lane, which answers a cached page on the connection
// itself. Record gives it what Middleware gives every request besides
// its headers (which the answer carries: NewRequestID, Config.Headers):
// its metrics and its access log line.
type Outside struct {
	ID     string
	Method string
	Path   string
	Client netip.Addr
	// Tag is ClientTag(Client) if already known, or "".
	Tag string
	// Pattern is the route pattern the ServeMux would have matched.
	Pattern string
	Status  int
	Bytes   int
	// Start is when the request was read; End when its answer was written.
	Start, End time.Time
}

// NewRequestID returns a request id as Middleware makes them.
func NewRequestID() string { return newRequestID() }

// Record counts and logs o as Middleware counts and logs the requests it
// serves.
func (c *Config) Record(o *Outside) {
	took := o.End.Sub(o.Start)
	if c.Metrics != nil {
		c.Metrics.observe(o.Pattern, o.Status, took)
	}
	ctx := context.WithValue(context.Background(), ctxKey{}, &request{id: o.ID, client: o.Client, cfg: c})
	c.logAccess(ctx, o.ID, o.Method, o.Path, o.Client, o.Tag, o.Status, o.Bytes, o.End, took)
}
