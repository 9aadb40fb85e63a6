// Package render runs the web app's server bundle in an embedded JavaScript
// engine (modernc.org/quickjs, pure Go) to turn a URL and its data into
// HTML. Engines are not goroutine-safe, so a Renderer keeps a pool of them,
// one per concurrent render. Only the server package and the app wiring
// import this one.
package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/quickjs"
)

// prelude gives the engine the few host objects the bundle touches.
// Console output is dropped: the bundle reports failures in its result.
const prelude = `
globalThis.console = { log() {}, info() {}, warn() {}, error() {}, debug() {} };
globalThis.setTimeout = function () { return 0; };
globalThis.clearTimeout = function () {};
globalThis.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
`

// Options tune a Renderer.
type Options struct {
	// Size is the number of engines, i.e. the most renders at once.
	Size int
	// Timeout bounds one render; a runaway render is interrupted.
	Timeout time.Duration
	// MemoryLimit bounds each engine's heap in bytes (0 = 256 MiB).
	MemoryLimit uintptr
	// MaxWaiting bounds the renders waiting for a free engine; one more
	// fails at once with ErrBusy instead of joining an ever longer queue.
	// 0 = WaitingPerEngine × Size.
	MaxWaiting int
	// Host holds Go functions every engine exposes to the bundle as
	// globals. Tests use it to hold a render until they let it go.
	Host map[string]func(args []any) (any, error)
	// OnQueue, when set, is called with +1 as a render starts waiting for
	// an engine and -1 as it stops waiting (engine found, context ended or
	// renderer closed), so tests and instrumentation can follow the queue.
	OnQueue func(delta int)
}

// WaitingPerEngine is the default number of renders that may wait for each
// engine. A page renders in tens of milliseconds, so a full queue clears
// within about a second; past that, asking the client to retry is kinder
// than holding its connection.
const WaitingPerEngine = 16

// Result is the outcome of one render.
type Result struct {
	// HTML is the markup for the page's root element. When the page threw,
	// it holds the site's error screen instead.
	HTML string `json:"html"`
	// OK is false when the page threw while rendering.
	OK bool `json:"ok"`
	// Error describes the exception when OK is false (for the log).
	Error string `json:"error"`
	// MissingAPI lists the API paths the page read that the boot data did
	// not hold: the page rendered them as still loading. Each is a bug in
	// the page's loader on the Go side.
	MissingAPI []string `json:"missingApi"`
}

// Renderer renders pages with a pool of engines that have loaded the
// server bundle. It is safe for concurrent use.
type Renderer struct {
	bytecode []byte
	opts     Options
	pool     chan *engine
	done     chan struct{} // closed by Close: wakes renders waiting for an engine
	mu       sync.Mutex
	closed   bool
	// waiting counts the renders waiting for an engine (bounded by
	// opts.MaxWaiting).
	waiting atomic.Int64
	// busy counts the engines rendering; the others count finished
	// renders by outcome (see Stats).
	busy                          atomic.Int64
	ok, failed, cancelled, reject atomic.Uint64
	renderNanos                   atomic.Uint64
}

// Stats is a snapshot of a Renderer's pool, for instrumentation. The
// counters only grow.
type Stats struct {
	Engines  int // engines in the pool (Options.Size)
	Busy     int // engines rendering now
	Waiting  int // renders waiting for an engine
	MaxQueue int // renders that may wait (Options.MaxWaiting)
	// Rendered and Failed count the renders that had an engine, by
	// outcome; Cancelled those whose context ended before they had one;
	// Rejected those refused with ErrBusy.
	Rendered, Failed, Cancelled, Rejected uint64
	// RenderTime is the time engines spent rendering, in total.
	RenderTime time.Duration
}

// Stats returns the pool's figures. It reads atomics only: cheap, and safe
// at any time.
func (r *Renderer) Stats() Stats {
	return Stats{
		Engines:    r.opts.Size,
		Busy:       int(r.busy.Load()),
		Waiting:    int(r.waiting.Load()),
		MaxQueue:   r.opts.MaxWaiting,
		Rendered:   r.ok.Load(),
		Failed:     r.failed.Load(),
		Cancelled:  r.cancelled.Load(),
		Rejected:   r.reject.Load(),
		RenderTime: time.Duration(r.renderNanos.Load()),
	}
}

type engine struct {
	vm *quickjs.VM
}

// New compiles bundle (a script that defines globalThis.render) and starts
// opts.Size engines.
func New(bundle string, opts Options) (*Renderer, error) {
	if opts.Size < 1 {
		opts.Size = 1
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	if opts.MemoryLimit == 0 {
		opts.MemoryLimit = 256 << 20
	}
	if opts.MaxWaiting <= 0 {
		opts.MaxWaiting = WaitingPerEngine * opts.Size
	}
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("render: new engine: %w", err)
	}
	code, err := vm.Compile(prelude+bundle, quickjs.EvalGlobal)
	vm.Close()
	if err != nil {
		return nil, fmt.Errorf("render: compile server bundle: %w", err)
	}
	r := &Renderer{bytecode: code, opts: opts, pool: make(chan *engine, opts.Size), done: make(chan struct{})}
	for range opts.Size {
		e, err := r.newEngine()
		if err != nil {
			r.Close()
			return nil, err
		}
		r.pool <- e
	}
	return r, nil
}

func (r *Renderer) newEngine() (*engine, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("render: new engine: %w", err)
	}
	vm.SetMemoryLimit(r.opts.MemoryLimit)
	for name, fn := range r.opts.Host {
		if err := vm.RegisterHostFunc(name, fn); err != nil {
			vm.Close()
			return nil, fmt.Errorf("render: host function %s: %w", name, err)
		}
	}
	if _, err := vm.EvalBytecode(r.bytecode); err != nil {
		vm.Close()
		return nil, fmt.Errorf("render: load server bundle: %w", err)
	}
	if err := vm.SetEvalTimeout(r.opts.Timeout); err != nil {
		vm.Close()
		return nil, fmt.Errorf("render: set timeout: %w", err)
	}
	return &engine{vm: vm}, nil
}

// ErrClosed is returned by Render after Close.
var ErrClosed = errors.New("render: renderer closed")

// ErrBusy is returned by Render, at once, when every engine is busy and
// Options.MaxWaiting renders already wait for one. The caller should ask
// the client to retry shortly.
var ErrBusy = errors.New("render: every engine is busy and the queue is full")

// Render renders url with boot, the page's boot data as JSON (the same
// bytes the page embeds for hydration). When no engine is free it waits
// for one until ctx ends (ctx.Err()), the renderer closes (ErrClosed), or
// fails at once with ErrBusy if too many renders wait already. A render
// that has an engine runs to the end (Options.Timeout bounds it).
func (r *Renderer) Render(ctx context.Context, url string, boot []byte) (Result, error) {
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		return Result{}, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		r.cancelled.Add(1)
		return Result{}, err // the client left before we started
	}
	e, err := r.acquire(ctx)
	if err != nil {
		switch {
		case errors.Is(err, ErrBusy):
			r.reject.Add(1)
		case ctx.Err() != nil:
			r.cancelled.Add(1)
		}
		return Result{}, err
	}
	r.busy.Add(1)
	start := time.Now()
	res, err := e.render(url, string(boot))
	r.renderNanos.Add(uint64(time.Since(start)))
	r.busy.Add(-1)
	if err != nil {
		r.failed.Add(1)
		// The engine may be in a bad state (timeout, out of memory): replace it.
		e.vm.Close()
		fresh, ferr := r.newEngine()
		if ferr != nil {
			err = errors.Join(err, ferr)
			fresh = nil
		}
		r.put(fresh)
		return Result{}, err
	}
	r.ok.Add(1)
	r.put(e)
	return res, nil
}

// acquire takes a free engine, waiting in the bounded queue if need be.
func (r *Renderer) acquire(ctx context.Context) (*engine, error) {
	select {
	case e := <-r.pool:
		return e, nil
	default:
	}
	if r.waiting.Add(1) > int64(r.opts.MaxWaiting) {
		r.waiting.Add(-1)
		return nil, ErrBusy
	}
	if r.opts.OnQueue != nil {
		r.opts.OnQueue(+1)
		defer r.opts.OnQueue(-1)
	}
	defer r.waiting.Add(-1)
	select {
	case e := <-r.pool:
		return e, nil
	case <-r.done:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Waiting returns the number of renders waiting for an engine.
func (r *Renderer) Waiting() int { return int(r.waiting.Load()) }

func (r *Renderer) put(e *engine) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		if e != nil {
			e.vm.Close()
		}
		return
	}
	if e == nil {
		// Keep the pool's size: a later Render will fail fast with an error
		// from newEngine rather than wait forever.
		if fresh, err := r.newEngine(); err == nil {
			e = fresh
		} else {
			return
		}
	}
	r.pool <- e
}

func (e *engine) render(url, boot string) (Result, error) {
	out, err := e.vm.Call("render", url, boot)
	if err != nil {
		return Result{}, fmt.Errorf("render %s: %w", url, err)
	}
	s, ok := out.(string)
	if !ok {
		return Result{}, fmt.Errorf("render %s: bundle returned %T, want string", url, out)
	}
	var res Result
	if err := json.Unmarshal([]byte(s), &res); err != nil {
		return Result{}, fmt.Errorf("render %s: decode result: %w", url, err)
	}
	return res, nil
}

// Size returns the number of engines.
func (r *Renderer) Size() int { return r.opts.Size }

// Close stops every idle engine; engines in use stop when returned.
func (r *Renderer) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.closed = true
	close(r.done)
	for {
		select {
		case e := <-r.pool:
			e.vm.Close()
		default:
			return
		}
	}
}
