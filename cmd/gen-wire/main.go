// Command gen-wire writes web/src/gen/wire.ts, the web app's copy of the
// contract with the Go server: the TypeScript types of package
// internal/wire, the contact form's limits, messages and e-mail pattern,
// the document-title format and the route table; and
// web/src/gen/apply-rules.ts, the application form's rules. Run it through
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
	files, err := generateAll(root)
	if err != nil {
		fail(err)
	}
	for _, f := range files {
		target := filepath.Join(root, f.path)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			fail(err)
		}
		if err := os.WriteFile(target, f.content, 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen-wire:", err)
	os.Exit(1)
}
