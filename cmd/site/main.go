// Command site is the company website and staff console in one binary.
// Run `site --help` for its commands.
package main

import (
	"os"

	"corpsite/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
