// Command gen-wire writes web/src/gen/wire.ts, the web app's copy of the
// contract with the Go server: the TypeScript types of package
// internal/wire, the contact form's limits and e-mail pattern, the
// document-title format and the route table. Run it through
// `go generate ./...` from anywhere in the module; a test fails while the
// committed file differs from what it would write.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	check := flag.Bool("check", false, "only report whether the committed file is up to date")
	flag.Parse()
	root, err := moduleRoot()
	if err != nil {
		fail(err)
	}
	out, err := generate(root)
	if err != nil {
		fail(err)
	}
	target := filepath.Join(root, outputPath)
	if *check {
		old, err := os.ReadFile(target)
		if err != nil || string(old) != string(out) {
			fail(fmt.Errorf("%s is out of date: run go generate ./...", outputPath))
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		fail(err)
	}
	if err := os.WriteFile(target, out, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen-wire:", err)
	os.Exit(1)
}
