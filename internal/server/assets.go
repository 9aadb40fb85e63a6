package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// assets serves a bundle's hashed files (the public client's, or the staff
// console's) from memory, gzipped once at start-up, with immutable caching;
// and knows which files each page needs.
type assets struct {
	files    map[string]*asset // by URL path, e.g. /assets/entry-client-abc.js
	manifest map[string]manifestEntry
	entryJS  string
	entryCSS []string
	// entryStyle is the text of the entry's style sheets, which pages
	// carry inline (no request before the first paint), and styleHash its
	// CSP source ('sha256-…') that lets exactly that <style> element in.
	entryStyle string
	styleHash  string
}

type asset struct {
	body        []byte
	gz          []byte // nil when compression does not pay
	contentType string
}

// manifestEntry is one entry of Vite's build manifest.
type manifestEntry struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
	IsEntry bool     `json:"isEntry"`
}

const clientEntry = "src/entry-client.tsx"

// loadAssets loads the public client bundle: its manifest and assets/.
func loadAssets(client fs.FS) (*assets, error) {
	if _, err := fs.Stat(client, "manifest.json"); err != nil {
		return nil, fmt.Errorf("server: client bundle has no manifest (build the web app first): %w", err)
	}
	return loadBundle(client, clientEntry, "assets")
}

// loadBundle loads a Vite build from fsys: manifest.json, the entry's
// script and style sheets, and every file under dir (served at /dir/...).
func loadBundle(fsys fs.FS, entryKey, dir string) (*assets, error) {
	raw, err := fs.ReadFile(fsys, "manifest.json")
	if err != nil {
		return nil, fmt.Errorf("server: bundle has no manifest (build the web app first): %w", err)
	}
	a := &assets{files: map[string]*asset{}}
	if err := json.Unmarshal(raw, &a.manifest); err != nil {
		return nil, fmt.Errorf("server: manifest.json: %w", err)
	}
	entry, ok := a.manifest[entryKey]
	if !ok {
		return nil, fmt.Errorf("server: manifest.json has no %s", entryKey)
	}
	a.entryJS = "/" + entry.File
	var style strings.Builder
	for _, c := range entry.CSS {
		a.entryCSS = append(a.entryCSS, "/"+c)
		b, err := fs.ReadFile(fsys, c)
		if err != nil {
			return nil, fmt.Errorf("server: the entry's style sheet: %w", err)
		}
		style.Write(b)
	}
	a.entryStyle = style.String()
	if strings.Contains(strings.ToLower(a.entryStyle), "</style") {
		return nil, fmt.Errorf("server: the entry's style sheet contains </style and cannot be inlined")
	}
	sum := sha256.Sum256([]byte(a.entryStyle))
	a.styleHash = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	err = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		f := &asset{body: body, contentType: ct}
		if compressible(ct) {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(body)
			_ = zw.Close()
			if buf.Len() < len(body) {
				f.gz = buf.Bytes()
			}
		}
		a.files["/"+p] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: load assets: %w", err)
	}
	return a, nil
}

func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "javascript") ||
		strings.Contains(ct, "json") || strings.Contains(ct, "svg")
}

// preloadsFor lists the script files page needs beyond the entry, so the
// browser fetches them in parallel with the entry.
func (a *assets) preloadsFor(page string) []string {
	var out []string
	seen := map[string]bool{clientEntry: true}
	var walk func(key string)
	walk = func(key string) {
		if seen[key] {
			return
		}
		seen[key] = true
		e, ok := a.manifest[key]
		if !ok {
			return
		}
		out = append(out, "/"+e.File)
		for _, imp := range e.Imports {
			walk(imp)
		}
	}
	walk("src/pages/" + page + ".tsx")
	return out
}

func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, ok := a.files[r.URL.Path]
	if !ok {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("not found\n"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Vary", "Accept-Encoding")
	body := f.body
	if f.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

//go:embed favicon.svg
var faviconSVG []byte

// noscriptCSS is the stylesheet of browsers without script (see the file).
//
//go:embed noscript.css
var noscriptCSS []byte

func (s *Server) favicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if r.Method != http.MethodHead {
		_, _ = w.Write(faviconSVG)
	}
}

// GET /noscript.css: linked from a <noscript> in every page's head (an
// inline <style> would need the content security policy loosened).
func (s *Server) noscriptStyles(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if r.Method != http.MethodHead {
		_, _ = w.Write(noscriptCSS)
	}
}

// mediaHandler serves public images from fsys under /media/, with a day of
// caching; a nil fsys serves nothing.
func mediaHandler(fsys fs.FS) http.Handler {
	if fsys == nil {
		fsys = emptyFS{}
	}
	files := http.StripPrefix("/media/", http.FileServerFS(fsys))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // no directory listings
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=86400")
		files.ServeHTTP(w, r)
	})
}

type emptyFS struct{}

func (emptyFS) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }
