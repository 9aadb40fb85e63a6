package server

import (
	"corpsite/internal/httpcore"

	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// flightGroup coalesces concurrent work for one key into one call, like
// golang.org/x/sync/singleflight, but counts who waits: when every waiting
// client has gone, the call's context is cancelled, so a render nobody
// will read stops queueing for an engine. Values (request ids) of the
// first caller's context are kept; its cancellation is not.
type flightGroup struct {
	mu    sync.Mutex
	calls map[string]*flightCall
	// timeout bounds each call (0 = renderDeadline).
	timeout time.Duration
	// onDo, when set, is called as do is entered (tests only: they learn
	// that a request missed the cache without sleeping).
	onDo func(key string)
}

type flightCall struct {
	done    chan struct{} // closed when val and err are set
	val     *renderedPage
	err     error
	waiters int
	cancel  context.CancelFunc
}

// do runs fn once for all concurrent callers with key and returns its
// result, or ctx.Err() when ctx ends first. fn's context ends when the
// last waiting caller leaves, or after the group's timeout.
func (g *flightGroup) do(ctx context.Context, key string, fn func(context.Context) (*renderedPage, error)) (*renderedPage, error) {
	if g.onDo != nil {
		g.onDo(key)
	}
	g.mu.Lock()
	if g.calls == nil {
		g.calls = make(map[string]*flightCall)
	}
	c, ok := g.calls[key]
	if ok {
		c.waiters++
	} else {
		timeout := g.timeout
		if timeout == 0 {
			timeout = renderDeadline
		}
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
		c = &flightCall{done: make(chan struct{}), waiters: 1, cancel: cancel}
		g.calls[key] = c
		go g.run(key, c, fctx, fn)
	}
	g.mu.Unlock()

	select {
	case <-c.done:
		return c.val, c.err
	case <-ctx.Done():
		g.mu.Lock()
		c.waiters--
		if c.waiters == 0 {
			c.cancel()
			// The next caller starts afresh rather than joining a call
			// that is being abandoned.
			if g.calls[key] == c {
				delete(g.calls, key)
			}
		}
		g.mu.Unlock()
		return nil, ctx.Err()
	}
}

func (g *flightGroup) run(key string, c *flightCall, ctx context.Context, fn func(context.Context) (*renderedPage, error)) {
	defer func() {
		c.cancel()
		g.mu.Lock()
		if g.calls[key] == c {
			delete(g.calls, key)
		}
		g.mu.Unlock()
		close(c.done)
	}()
	// fn runs on its own goroutine, out of reach of the middleware's
	// recovery: a panic becomes every waiter's error.
	defer func() {
		if p := recover(); p != nil {
			c.val, c.err = nil, fmt.Errorf("%w: %v\n%s", httpcore.ErrPanic, p, debug.Stack())
		}
	}()
	c.val, c.err = fn(ctx)
}
