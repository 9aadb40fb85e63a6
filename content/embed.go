// Package content embeds the site's copy and identity files (JSON), which
// the web app imports at build time and the Go server reads at run time.
// It may be imported by any package.
package content

import "embed"

// FS holds every JSON file of this folder.
//
//go:embed *.json
var FS embed.FS
