package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/render"
	"corpsite/web"
)

// echoBundle renders a page that shows the URL and the boot data's "msg",
// so a test can tell which call produced which result.
const echoBundle = `
globalThis.render = function (url, bootJSON) {
	const boot = JSON.parse(bootJSON);
	return JSON.stringify({ ok: true, html: "<p>" + url + "|" + boot.msg + "</p>" });
};
`

// newRenderer returns a Renderer for bundle that is closed when the test ends.
func newRenderer(t *testing.T, bundle string, opts render.Options) *render.Renderer {
	t.Helper()
	r, err := render.New(bundle, opts)
	if err != nil {
		t.Fatalf("render.New: %v", err)
	}
	t.Cleanup(r.Close)
	return r
}

func boot(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRenderPassesArguments(t *testing.T) {
	r := newRenderer(t, echoBundle, render.Options{Size: 1})
	tests := []struct {
		url, msg string
		want     render.Result
	}{
		{"/", "hello", render.Result{OK: true, HTML: "<p>/|hello</p>"}},
		{"/job/abc?x=1", "<b>&amp;", render.Result{OK: true, HTML: "<p>/job/abc?x=1|<b>&amp;</p>"}},
		{"/blog/é", "ünïcode ✓", render.Result{OK: true, HTML: "<p>/blog/é|ünïcode ✓</p>"}},
	}
	for _, tt := range tests {
		got, err := r.Render(context.Background(), tt.url, boot(t, map[string]string{"msg": tt.msg}))
		if err != nil {
			t.Fatalf("Render(%q): %v", tt.url, err)
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Render(%q) mismatch (-want +got):\n%s", tt.url, d)
		}
	}
}

func TestRenderReportsPageFailure(t *testing.T) {
	// A bundle that catches its own exception reports ok=false with an
	// error screen; Render passes that on without an error.
	const bundle = `globalThis.render = function () {
		return JSON.stringify({ ok: false, error: "TypeError: x is undefined", html: "<h1>Oops</h1>" });
	};`
	r := newRenderer(t, bundle, render.Options{Size: 1})
	got, err := r.Render(context.Background(), "/", []byte(`{}`))
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	want := render.Result{OK: false, Error: "TypeError: x is undefined", HTML: "<h1>Oops</h1>"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Render mismatch (-want +got):\n%s", d)
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name   string
		bundle string
	}{
		{"throws", `globalThis.render = function (url) { throw new Error("boom at " + url); };`},
		{"returns a number", `globalThis.render = function () { return 42; };`},
		{"returns invalid JSON", `globalThis.render = function () { return "{not json"; };`},
		{"no render function", `globalThis.somethingElse = 1;`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRenderer(t, tt.bundle, render.Options{Size: 1})
			got, err := r.Render(context.Background(), "/x", []byte(`{}`))
			if err == nil {
				t.Fatalf("Render = %+v, nil; want an error", got)
			}
			if !strings.Contains(err.Error(), "/x") {
				t.Errorf("Render error %q does not name the URL /x", err)
			}
		})
	}
}

func TestNewRejectsBrokenBundle(t *testing.T) {
	tests := []struct {
		name   string
		bundle string
	}{
		{"syntax error", `globalThis.render = function ( {`},
		{"throws at load", `throw new Error("cannot start");`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := render.New(tt.bundle, render.Options{Size: 1})
			if err == nil {
				r.Close()
				t.Fatal("New succeeded; want an error")
			}
		})
	}
}

func TestRenderTimeoutReplacesEngine(t *testing.T) {
	const bundle = `globalThis.render = function (url) {
		if (url === "/loop") { for (;;) {} }
		return JSON.stringify({ ok: true, html: "fine " + url });
	};`
	r := newRenderer(t, bundle, render.Options{Size: 1, Timeout: 200 * time.Millisecond})

	if _, err := r.Render(context.Background(), "/loop", []byte(`{}`)); err == nil {
		t.Fatal("Render(/loop) returned no error; want a timeout")
	}

	// Size is 1, so this render proves the engine was replaced (or survived).
	for i := range 3 {
		got, err := r.Render(context.Background(), "/after", []byte(`{}`))
		if err != nil {
			t.Fatalf("Render(/after) #%d after a timeout: %v", i, err)
		}
		if d := cmp.Diff(render.Result{OK: true, HTML: "fine /after"}, got); d != "" {
			t.Errorf("Render(/after) #%d mismatch (-want +got):\n%s", i, d)
		}
	}
}

func TestRenderConcurrent(t *testing.T) {
	r := newRenderer(t, echoBundle, render.Options{Size: 2})
	if r.Size() != 2 {
		t.Fatalf("Size() = %d, want 2", r.Size())
	}
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			url := fmt.Sprintf("/page/%d", i)
			msg := fmt.Sprintf("m%d", i)
			got, err := r.Render(context.Background(), url, fmt.Appendf(nil, `{"msg":%q}`, msg))
			if err != nil {
				errs <- fmt.Errorf("Render(%s): %w", url, err)
				return
			}
			want := render.Result{OK: true, HTML: "<p>" + url + "|" + msg + "</p>"}
			if d := cmp.Diff(want, got); d != "" {
				errs <- fmt.Errorf("Render(%s) mismatch (-want +got):\n%s", url, d)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestRenderAfterClose(t *testing.T) {
	r, err := render.New(echoBundle, render.Options{Size: 2})
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	r.Close() // a second Close is harmless
	if _, err := r.Render(context.Background(), "/", []byte(`{"msg":"x"}`)); !errors.Is(err, render.ErrClosed) {
		t.Errorf("Render after Close: err = %v, want ErrClosed", err)
	}
}

// holdBundle renders "/hold" only once the test lets it: the page calls
// the host function hold, which blocks until the test releases it.
const holdBundle = `globalThis.render = function (url) {
	if (url === "/hold") { hold(); }
	return JSON.stringify({ ok: true, html: url });
};`

// holder is a renderer of holdBundle and the signals around its engines.
type holder struct {
	r *render.Renderer
	// held receives a value when a render of /hold has its engine.
	held chan struct{}
	// release lets one held render finish.
	release chan struct{}
	// waiting receives a value when a render starts waiting for an engine.
	waiting chan struct{}
}

// newHolder returns a holdBundle renderer with opts; it is closed when the
// test ends.
func newHolder(t *testing.T, opts render.Options) *holder {
	t.Helper()
	h := &holder{held: make(chan struct{}), release: make(chan struct{}), waiting: make(chan struct{}, 64)}
	opts.Host = map[string]func([]any) (any, error){
		"hold": func([]any) (any, error) {
			h.held <- struct{}{}
			<-h.release
			return nil, nil
		},
	}
	opts.OnQueue = func(delta int) {
		if delta > 0 {
			h.waiting <- struct{}{}
		}
	}
	h.r = newRenderer(t, holdBundle, opts)
	return h
}

// hold starts a render of /hold and returns once it has its engine; the
// channel yields its error after release.
func (h *holder) hold() <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := h.r.Render(context.Background(), "/hold", []byte(`{}`))
		done <- err
	}()
	<-h.held
	return done
}

// wait starts a render of url with ctx and returns once it waits for an
// engine; the channel yields its error.
func (h *holder) wait(ctx context.Context, url string) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := h.r.Render(ctx, url, []byte(`{}`))
		done <- err
	}()
	<-h.waiting
	return done
}

func TestRenderWaitsForEngineUntilContextEnds(t *testing.T) {
	h := newHolder(t, render.Options{Size: 1, Timeout: time.Minute})
	slow := h.hold()

	ctx, cancel := context.WithCancel(context.Background())
	waiting := h.wait(ctx, "/fast")
	cancel()
	if err := <-waiting; !errors.Is(err, context.Canceled) {
		t.Errorf("Render with a cancelled ctx while the engine is busy: err = %v, want context.Canceled", err)
	}
	if n := h.r.Waiting(); n != 0 {
		t.Errorf("Waiting() = %d after the waiter left, want 0", n)
	}

	// A context that has already ended never queues.
	if _, err := h.r.Render(ctx, "/fast", []byte(`{}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("Render with an ended ctx: err = %v, want context.Canceled", err)
	}

	h.release <- struct{}{}
	if err := <-slow; err != nil {
		t.Errorf("slow render: %v", err)
	}
	// The engine is free again.
	if _, err := h.r.Render(context.Background(), "/fast", []byte(`{}`)); err != nil {
		t.Errorf("Render after the slow one finished: %v", err)
	}
}

func TestRenderQueueIsBounded(t *testing.T) {
	const maxWaiting = 3
	h := newHolder(t, render.Options{Size: 1, Timeout: time.Minute, MaxWaiting: maxWaiting})
	slow := h.hold()

	// The first waiter will leave; the others stay.
	ctx, cancel := context.WithCancel(context.Background())
	leaver := h.wait(ctx, "/leaver")
	var queued []<-chan error
	for i := range maxWaiting - 1 {
		queued = append(queued, h.wait(context.Background(), fmt.Sprintf("/q%d", i)))
	}
	if n := h.r.Waiting(); n != maxWaiting {
		t.Fatalf("Waiting() = %d, want %d", n, maxWaiting)
	}
	// The queue is full: the next render fails at once, without waiting.
	if _, err := h.r.Render(context.Background(), "/one-too-many", []byte(`{}`)); !errors.Is(err, render.ErrBusy) {
		t.Errorf("Render with a full queue: err = %v, want ErrBusy", err)
	}

	// A waiter that leaves frees its place for another.
	cancel()
	if err := <-leaver; !errors.Is(err, context.Canceled) {
		t.Errorf("the waiter that left: err = %v, want context.Canceled", err)
	}
	queued = append(queued, h.wait(context.Background(), "/late"))

	h.release <- struct{}{}
	if err := <-slow; err != nil {
		t.Errorf("slow render: %v", err)
	}
	for i, q := range queued {
		if err := <-q; err != nil {
			t.Errorf("queued render %d: %v", i, err)
		}
	}
	if n := h.r.Waiting(); n != 0 {
		t.Errorf("Waiting() = %d after the queue drained, want 0", n)
	}
	if _, err := h.r.Render(context.Background(), "/after", []byte(`{}`)); err != nil {
		t.Errorf("Render after the queue drained: %v", err)
	}
}

func TestRealServerBundle(t *testing.T) {
	bundle, err := fs.ReadFile(web.Dist, "dist/server/server.js")
	if err != nil {
		t.Fatalf("server bundle missing (run make build): %v", err)
	}
	// A generous timeout: under -race one render of the real bundle takes seconds.
	r := newRenderer(t, string(bundle), render.Options{Size: 1, Timeout: time.Minute})
	res, err := r.Render(context.Background(), "/", []byte(`{"api":{"/api/blogs":{"data":[]}},"now":"2026-11-21T00:00:00Z"}`))
	if err != nil {
		t.Fatalf("Render(/): %v", err)
	}
	if !res.OK {
		t.Fatalf("Render(/) ok=false: %s", res.Error)
	}
	for _, want := range []string{"2021", "Welcome"} {
		if !strings.Contains(res.HTML, want) {
			t.Errorf("rendered home page does not contain %q", want)
		}
	}
}

func TestCloseWakesWaitingRender(t *testing.T) {
	h := newHolder(t, render.Options{Size: 1, Timeout: time.Minute})
	slow := h.hold()
	waiting := h.wait(context.Background(), "/fast")
	h.r.Close()
	if err := <-waiting; !errors.Is(err, render.ErrClosed) {
		t.Errorf("Render waiting during Close: err = %v, want ErrClosed", err)
	}
	h.release <- struct{}{}
	if err := <-slow; err != nil {
		t.Errorf("render in flight during Close: %v", err)
	}
}

func TestRenderReportsMissingAPIReads(t *testing.T) {
	const bundle = `globalThis.render = function () {
	return JSON.stringify({ ok: true, html: "<p>Loading...</p>", missingApi: ["/api/jobs"] });
};`
	r := newRenderer(t, bundle, render.Options{})
	got, err := r.Render(context.Background(), "/career", []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"/api/jobs"}, got.MissingAPI); d != "" {
		t.Errorf("MissingAPI mismatch (-want +got):\n%s", d)
	}
}

// Stats follows the pool: engines busy, renders waiting, and each
// finished render counted once by its outcome.
func TestStats(t *testing.T) {
	h := newHolder(t, render.Options{Size: 1, Timeout: time.Minute, MaxWaiting: 1})
	if got := h.r.Stats(); got.Engines != 1 || got.MaxQueue != 1 || got.Busy != 0 || got.Waiting != 0 {
		t.Fatalf("Stats of an idle pool = %+v", got)
	}
	slow := h.hold()
	ctx, cancel := context.WithCancel(context.Background())
	leaver := h.wait(ctx, "/leaver")
	if got := h.r.Stats(); got.Busy != 1 || got.Waiting != 1 {
		t.Errorf("Stats with one render held and one waiting = %+v; want Busy 1, Waiting 1", got)
	}
	if _, err := h.r.Render(context.Background(), "/rejected", []byte(`{}`)); !errors.Is(err, render.ErrBusy) {
		t.Fatalf("Render with a full queue: %v, want ErrBusy", err)
	}
	cancel()
	<-leaver
	h.release <- struct{}{}
	if err := <-slow; err != nil {
		t.Fatal(err)
	}
	if _, err := h.r.Render(context.Background(), "/again", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	got := h.r.Stats()
	if got.Busy != 0 || got.Waiting != 0 || got.Rendered != 2 || got.Failed != 0 || got.Cancelled != 1 || got.Rejected != 1 || got.RenderTime <= 0 {
		t.Errorf("Stats after the renders = %+v; want Busy 0, Waiting 0, Rendered 2, Failed 0, Cancelled 1, Rejected 1 and some RenderTime", got)
	}

	broken := newRenderer(t, `globalThis.render = function () { throw new Error("x"); };`, render.Options{Size: 1})
	if _, err := broken.Render(context.Background(), "/x", []byte(`{}`)); err == nil {
		t.Fatal("Render of a throwing bundle: no error")
	}
	if got := broken.Stats(); got.Failed != 1 || got.Rendered != 0 {
		t.Errorf("Stats after a failed render = %+v; want Failed 1", got)
	}
}
