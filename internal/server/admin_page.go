package server

// The staff console's page: one small HTML document, the same for every
// address under /admin, that loads the console's own bundle (web/dist/admin,
// built by web/vite.admin.config.ts). The console is a client-side app:
// nothing of it is rendered on the server and nothing in it is for search
// engines. Its hashed files are served from /admin-assets/.

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
)

// adminEntry is the console bundle's entry in its manifest.
const adminEntry = "src/admin/main.tsx"

// adminAssetsDir is where the console build puts its hashed files; they
// are served at /admin-assets/..., apart from the public /assets/.
const adminAssetsDir = "admin-assets"

// adminConsole holds the console's bundle and its page, built once.
type adminConsole struct {
	assets *assets
	page   []byte
}

func loadAdminConsole(fsys fs.FS) (*adminConsole, error) {
	a, err := loadBundle(fsys, adminEntry, adminAssetsDir)
	if err != nil {
		return nil, fmt.Errorf("server: staff console bundle: %w", err)
	}
	var preload []string
	if e, ok := a.manifest[adminEntry]; ok {
		for _, imp := range e.Imports {
			if dep, ok := a.manifest[imp]; ok {
				preload = append(preload, "/"+dep.File)
			}
		}
	}
	var buf bytes.Buffer
	err = adminPageTemplate.Execute(&buf, map[string]any{
		"CSS":     a.entryCSS,
		"Script":  a.entryJS,
		"Preload": preload,
	})
	if err != nil {
		return nil, fmt.Errorf("server: staff console page: %w", err)
	}
	return &adminConsole{assets: a, page: buf.Bytes()}, nil
}

var adminPageTemplate = template.Must(template.New("admin").Parse(`<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Staff console</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{{range .CSS}}<link rel="stylesheet" href="{{.}}">
{{end}}<script type="module" src="{{.Script}}"></script>
{{range .Preload}}<link rel="modulepreload" href="{{.}}">
{{end}}</head>
<body>
<div id="root"></div>
<noscript><p>The staff console needs JavaScript. Turn it on in your browser, then reload this page.</p></noscript>
</body>
</html>
`))

// GET /admin and /admin/{path...}: the console's page. It is never cached
// (a new release must not meet an old page) and never indexed.
func (s *Server) adminPage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Content-Length", strconv.Itoa(len(s.console.page)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(s.console.page)
	}
}
