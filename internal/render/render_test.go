package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

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
		if !reflect.DeepEqual(tt.want, got) {
			t.Errorf("Render(%q) mismatch (-want +got):\n- %+v\n+ %+v", tt.url, tt.want, got)
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
	if !reflect.DeepEqual(want, got) {
		t.Errorf("Render mismatch (-want +got):\n- %+v\n+ %+v", want, got)
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

	start := time.Now()
	_, err := r.Render(context.Background(), "/loop", []byte(`{}`))
	elapsed := time.Since(start)
	if err == nil {
		t.Fatal("Render(/loop) returned no error; want a timeout")
	}
	if elapsed > 3*time.Second {
		t.Errorf("Render(/loop) took %v; want about the 200ms timeout", elapsed)
	}

	// Size is 1, so this render proves the engine was replaced (or survived).
	for i := range 3 {
		got, err := r.Render(context.Background(), "/after", []byte(`{}`))
		if err != nil {
			t.Fatalf("Render(/after) #%d after a timeout: %v", i, err)
		}
		if want := (render.Result{OK: true, HTML: "fine /after"}); !reflect.DeepEqual(got, want) {
			t.Errorf("Render(/after) mismatch (-want +got):\n- %+v\n+ %+v", want, got)
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
			if !reflect.DeepEqual(got, want) {
				errs <- fmt.Errorf("Render(%s) mismatch (-want +got):\n- %+v\n+ %+v", url, want, got)
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

func TestRenderWaitsForEngineUntilContextEnds(t *testing.T) {
	// "/slow" keeps the only engine busy for a while.
	const bundle = `globalThis.render = function (url) {
		if (url === "/slow") { const end = Date.now() + 1500; while (Date.now() < end) {} }
		return JSON.stringify({ ok: true, html: url });
	};`
	r := newRenderer(t, bundle, render.Options{Size: 1, Timeout: 10 * time.Second})

	slow := make(chan error, 1)
	go func() {
		_, err := r.Render(context.Background(), "/slow", []byte(`{}`))
		slow <- err
	}()
	time.Sleep(200 * time.Millisecond) // let the slow render take the engine

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := r.Render(ctx, "/fast", []byte(`{}`))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Render while the engine is busy: err = %v, want context.DeadlineExceeded", err)
	}
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("Render gave up after %v; want it to stop when ctx ends (100ms)", elapsed)
	}

	cctx, ccancel := context.WithCancel(context.Background())
	ccancel()
	if _, err := r.Render(cctx, "/fast", []byte(`{}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("Render with a cancelled ctx while the engine is busy: err = %v, want context.Canceled", err)
	}

	if err := <-slow; err != nil {
		t.Errorf("slow render: %v", err)
	}
	// The engine is free again.
	if _, err := r.Render(context.Background(), "/fast", []byte(`{}`)); err != nil {
		t.Errorf("Render after the slow one finished: %v", err)
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
	const bundle = `globalThis.render = function (url) {
		if (url === "/slow") { const end = Date.now() + 1000; while (Date.now() < end) {} }
		return JSON.stringify({ ok: true, html: url });
	};`
	r, err := render.New(bundle, render.Options{Size: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()

	slow := make(chan error, 1)
	go func() {
		_, err := r.Render(context.Background(), "/slow", []byte(`{}`))
		slow <- err
	}()
	time.Sleep(200 * time.Millisecond) // let the slow render take the engine

	waiting := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	go func() {
		_, err := r.Render(ctx, "/fast", []byte(`{}`))
		waiting <- err
	}()
	time.Sleep(100 * time.Millisecond) // let it wait for the engine
	r.Close()

	if err := <-slow; err != nil {
		t.Errorf("render in flight during Close: %v", err)
	}
	select {
	case err := <-waiting:
		if !errors.Is(err, render.ErrClosed) {
			t.Errorf("Render waiting during Close: err = %v, want ErrClosed", err)
		}
	case <-time.After(3 * time.Second):
		t.Error("Render waiting for an engine was still blocked 3s after Close; want ErrClosed once the busy engine is returned")
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
	if want := []string{"/api/jobs"}; !reflect.DeepEqual(got.MissingAPI, want) {
		t.Errorf("MissingAPI = %q, want %q", got.MissingAPI, want)
	}
}
