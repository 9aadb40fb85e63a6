// Command gen-wire writes web/src/gen/wire.ts, the web app's copy of the
// contract with the Go server: the TypeScript types of package
// internal/wire, the contact form's limits, messages and e-mail pattern,
// the document-title format and the route table. Run it through
// `go generate ./...` from anywhere in the module; its test fails while the
// committed file differs from what it would write.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root, err := moduleRoot()
	if err != nil {
		fail(err)
	}
	out, err := generate(root)
	if err != nil {
		fail(err)
	}
	target := filepath.Join(root, outputPath)
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
