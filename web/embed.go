// Package web embeds the built web app: the client bundle (hashed assets and
// Vite's manifest) served to browsers, and the server bundle run by the Go
// renderer. Run `npm run build` in this folder (or `make build`) first.
package web

import "embed"

// Dist holds dist/client and dist/server.
//
//go:embed all:dist/client all:dist/server
var Dist embed.FS
