package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"testing/fstest"
)

// bundleServer is a Server with small public and console bundles of its
// own, made from n: servers of different n serve different files.
func bundleServer(t *testing.T, n int) *Server {
	t.Helper()
	text := func(kind string) []byte {
		return []byte(strings.Repeat(fmt.Sprintf("/* bundle %d, %s */ console.log(%d);\n", n, kind, n), 40))
	}
	client := fstest.MapFS{
		"manifest.json":                       {Data: []byte(fmt.Sprintf(`{%q: {"file": "assets/entry-%d.js", "css": ["assets/entry-%d.css"], "isEntry": true}}`, clientEntry, n, n))},
		fmt.Sprintf("assets/entry-%d.js", n):  {Data: text("entry")},
		fmt.Sprintf("assets/entry-%d.css", n): {Data: []byte(fmt.Sprintf("body { order: %d }\n", n))},
		fmt.Sprintf("assets/chunk-%d.js", n):  {Data: text("chunk")},
	}
	admin := fstest.MapFS{
		"manifest.json": {Data: []byte(fmt.Sprintf(`{%q: {"file": "admin-assets/main-%d.js", "isEntry": true}}`, adminEntry, n))},
		fmt.Sprintf("admin-assets/main-%d.js", n): {Data: text("console")},
	}
	a, err := loadAssets(client)
	if err != nil {
		t.Fatal(err)
	}
	console, err := loadAdminConsole(admin)
	if err != nil {
		t.Fatal(err)
	}
	return &Server{assets: a, console: console, siteFiles: loadSiteFiles(), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// A process that loads bundle after bundle (the tests, the benchmark)
// keeps the zstd and brotli bodies of one run of CompressAssets, not of
// every bundle it saw; a server of the same bundle still takes them from
// the memo rather than compressing again.
func TestAssetMemoHoldsOneRun(t *testing.T) {
	ctx := context.Background()
	for n := range 5 {
		files, _ := bundleServer(t, n).CompressAssets(ctx)
		if held := assetMemo.len(); held != files {
			t.Errorf("after the run for bundle %d: the memo holds %d files' bodies, want the %d of that run", n, held, files)
		}
	}
	a, b := bundleServer(t, 4), bundleServer(t, 4)
	a.CompressAssets(ctx)
	b.CompressAssets(ctx)
	fa, fb := a.assets.files[a.assets.entryJS], b.assets.files[b.assets.entryJS]
	ba, bb := fa.body.Load()[codingBrotli], fb.body.Load()[codingBrotli]
	if len(ba) == 0 || &ba[0] != &bb[0] {
		t.Error("a second server of the same bundle compressed its entry again instead of taking the memo's body")
	}
}
