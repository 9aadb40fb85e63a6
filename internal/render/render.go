// Package render runs the web app's server bundle in an embedded JavaScript
// engine (modernc.org/quickjs, pure Go) to turn a URL and its data into
// HTML. Engines are not goroutine-safe, so a Renderer keeps a pool of them,
// one per concurrent render. Only the server package imports this one.
package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
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
}

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

// Render renders url with boot, the page's boot data as JSON (the same
// bytes the page embeds for hydration). It waits for a free engine until
// ctx ends.
func (r *Renderer) Render(ctx context.Context, url string, boot []byte) (Result, error) {
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		return Result{}, ErrClosed
	}
	var e *engine
	select {
	case e = <-r.pool:
	case <-r.done:
		return Result{}, ErrClosed
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	res, err := e.render(url, string(boot))
	if err != nil {
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
	r.put(e)
	return res, nil
}

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
