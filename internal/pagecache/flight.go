package pagecache

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// ErrPanic is the error of a call that panicked.
var ErrPanic = errors.New("pagecache: call panicked")

// Flight coalesces concurrent work for one key into one call, like
// golang.org/x/sync/singleflight, but counts who waits: when every waiting
// client has gone, the call's context is cancelled, so a render nobody
// will read stops queueing for an engine. Values (request ids) of the
// first caller's context are kept; its cancellation is not.
type Flight[P any] struct {
	mu    sync.Mutex
	calls map[string]*flightCall[P]
	// Timeout bounds each call; it must be set.
	Timeout time.Duration
	// OnDo, when set, is called as Do is entered (tests only: they learn
	// that a request missed the cache without sleeping).
	OnDo func(key string)
}

type flightCall[P any] struct {
	done    chan struct{} // closed when val and err are set
	val     P
	err     error
	waiters int
	cancel  context.CancelFunc
}

// Do runs fn once for all concurrent callers with key and returns its
// result, or ctx.Err() when ctx ends first. fn's context ends when the
// last waiting caller leaves, or after the group's Timeout.
func (g *Flight[P]) Do(ctx context.Context, key string, fn func(context.Context) (P, error)) (P, error) {
	if g.OnDo != nil {
		g.OnDo(key)
	}
	g.mu.Lock()
	if g.calls == nil {
		g.calls = make(map[string]*flightCall[P])
	}
	c, ok := g.calls[key]
	if ok {
		c.waiters++
	} else {
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), g.Timeout)
		c = &flightCall[P]{done: make(chan struct{}), waiters: 1, cancel: cancel}
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
		var none P
		return none, ctx.Err()
	}
}

func (g *Flight[P]) run(key string, c *flightCall[P], ctx context.Context, fn func(context.Context) (P, error)) {
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
			var none P
			c.val, c.err = none, fmt.Errorf("%w: %v\n%s", ErrPanic, p, debug.Stack())
		}
	}()
	c.val, c.err = fn(ctx)
}
