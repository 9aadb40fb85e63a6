// Command gen-wire writes web/src/gen/wire.ts, the web app's copy of the
// contract with the Go server: the TypeScript types of package
// internal/wire and of the forms' rules tables (internal/domain), the
// document-title format, the job search's rules and the route table; and
// the forms' rules tables, each in a module of its own:
// web/src/gen/apply-rules.ts (the application form's choices and rules),
// contact-rules.ts and comment-rules.ts. Run it through `go generate ./...`
// from anywhere in the module; its test fails while a committed file
// differs from what it would write.
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
