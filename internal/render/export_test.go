package render

import "modernc.org/quickjs"

// NewWithHost is New with Go functions every engine exposes to scripts, so
// a test bundle can block on the test's signal instead of spinning.
func NewWithHost(bundle string, opts Options, host map[string]func(args []any) (any, error)) (*Renderer, error) {
	h := make(map[string]quickjs.HostFunc, len(host))
	for name, fn := range host {
		h[name] = fn
	}
	return newRenderer(bundle, opts, h)
}

// SetOnWait makes r call fn whenever a render starts waiting for an
// engine. Call it before r is used concurrently.
func SetOnWait(r *Renderer, fn func()) { r.onWait = fn }
