// Package web embeds the built web app: the client bundle (hashed assets and
// Vite's manifest) served to browsers, the server bundle run by the Go
// renderer, and the staff console's own bundle (dist/admin). Run
// `npm run build` in this folder (or `make build`) first.
package web

import "embed"

// Dist holds dist/client, dist/server and dist/admin.
//
//go:embed all:dist/client all:dist/server all:dist/admin
var Dist embed.FS
