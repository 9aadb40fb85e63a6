package server

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/zstd"

	"corpsite/internal/criticalcss"
)

// assets serves a bundle's hashed files (the public client's, or the staff
// console's) from memory, compressed once (gzip at start-up, zstd and
// brotli by CompressAssets), with immutable caching; and knows which files
// each page needs.
type assets struct {
	files    map[string]*asset // by URL path, e.g. /assets/entry-client-abc.js
	manifest map[string]manifestEntry
	entryJS  string
	entryCSS []string
	// entryStyle is the text of the entry's style sheets. A page carries
	// inline the part of it that its markup uses (pageStyle): nothing to
	// fetch before the first paint, little to parse; the whole sheet comes
	// after, as the cached file, from the app (web/src/lib/full-styles.ts).
	entryStyle string
	// sheet is entryStyle parsed, for pageStyle (public bundle only).
	sheet *criticalcss.Sheet
	// scripts holds, by page name, what the scripts a page loads may put
	// into it (scriptUsage).
	scriptsMu sync.Mutex
	scripts   map[string]*criticalcss.Usage
}

// asset is one file served from memory.
type asset struct {
	// body holds the file in each coding it is served in. It is replaced,
	// never changed, when CompressAssets adds codings.
	body         atomic.Pointer[variants]
	contentType  string
	compressible bool
}

func newAsset(body []byte, contentType string) *asset {
	f := &asset{contentType: contentType, compressible: compressible(contentType)}
	v := &variants{codingIdentity: body}
	if f.compressible {
		v.add(codingGzip, gzipBytes(body, assetLevels.gzip))
	}
	f.body.Store(v)
	return f
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
	a, err := loadBundle(client, clientEntry, "assets")
	if err != nil {
		return nil, err
	}
	if a.sheet, err = criticalcss.Parse(a.entryStyle); err != nil {
		return nil, fmt.Errorf("server: the entry's style sheet: %w", err)
	}
	return a, nil
}

// pageStyle returns the style sheet page (a web app page name) carries
// inline, given its markup (the document around #root and #root's
// content): the entry's rules that this markup, or the scripts the page
// loads, can use, with the custom properties, registered properties and
// keyframes they need (see package criticalcss); and the style sheet's CSP
// source ('sha256-…'), which the page's Content-Security-Policy names so
// that exactly that <style> element is applied. The scripts count because
// they change the page before the whole sheet is in (a menu opens, a
// section is revealed): each class they may set keeps its rules.
func (a *assets) pageStyle(page string, markup ...string) (style, hash string) {
	if a.sheet == nil {
		return "", ""
	}
	u := a.scriptUsage(page).Clone()
	for _, m := range markup {
		u.Scan(m)
	}
	style = a.sheet.Subset(u)
	if strings.Contains(strings.ToLower(style), "</style") {
		style = a.entryStyle // cannot happen (entryStyle has none), but never break out of <style>
	}
	return style, cspHash(style)
}

// scriptUsage returns what the scripts of page (the entry, the chunks it
// imports and the page's own) may put into it, read once per page.
func (a *assets) scriptUsage(page string) *criticalcss.Usage {
	a.scriptsMu.Lock()
	defer a.scriptsMu.Unlock()
	if u, ok := a.scripts[page]; ok {
		return u
	}
	u := criticalcss.NewUsage()
	for _, p := range append([]string{a.entryJS}, a.preloadsFor(page)...) {
		if f, ok := a.files[p]; ok {
			u.ScanScript(string(f.body.Load()[codingIdentity]))
		}
	}
	if a.scripts == nil {
		a.scripts = map[string]*criticalcss.Usage{}
	}
	a.scripts[page] = u
	return u
}

// cspHash is the CSP source that allows an inline element whose text is s.
func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
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
	err = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		ct := mime.TypeByExtension(path.Ext(p))
		switch {
		case path.Ext(p) == ".map":
			ct = "application/json" // source maps
		case ct == "":
			ct = "application/octet-stream"
		}
		a.files["/"+p] = newAsset(body, ct)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: load assets: %w", err)
	}
	return a, nil
}

// compressible reports whether files of content type ct are worth
// compressing: text (HTML, CSS, plain), script, JSON and source maps,
// SVG, XML and WebAssembly; not images or fonts, which are compressed
// already.
func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "javascript") ||
		strings.Contains(ct, "json") || strings.Contains(ct, "svg") ||
		strings.Contains(ct, "xml") || strings.Contains(ct, "wasm")
}

// preloadsFor lists the script files page needs beyond the entry, so the
// browser fetches them in parallel with the entry: the chunks the entry
// imports (the bundler may move modules the entry shares with lazily
// loaded code into one), then the page's chunk and the chunks it imports.
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
	for _, imp := range a.manifest[clientEntry].Imports {
		walk(imp)
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
	serveAsset(w, r, f, "public, max-age=31536000, immutable")
}

// serveAsset sends f in the best coding the client accepts among those f
// has, with cacheControl.
func serveAsset(w http.ResponseWriter, r *http.Request, f *asset, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", cacheControl)
	h.Set("Vary", "Accept-Encoding")
	c, body := f.body.Load().pick(r)
	setEncodingHeaders(h, c, body)
	if r.Method != http.MethodHead {
		writeGathered(w, r, body)
	}
}

//go:embed favicon.svg
var faviconSVG []byte

// noscriptCSS is the stylesheet of browsers without script (see the file).
//
//go:embed noscript.css
var noscriptCSS []byte

// siteFiles are the site's own files besides the bundles, by path.
type siteFiles map[string]*asset

func loadSiteFiles() siteFiles {
	return siteFiles{
		"/favicon.svg": newAsset(faviconSVG, "image/svg+xml"),
		// Linked from a <noscript> in every page's head (an inline <style>
		// would need the content security policy loosened).
		"/noscript.css": newAsset(noscriptCSS, "text/css; charset=utf-8"),
	}
}

// GET /favicon.svg and /noscript.css, cached for a day (their addresses
// have no hash).
func (s *Server) siteFile(w http.ResponseWriter, r *http.Request) {
	f, ok := s.siteFiles[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	serveAsset(w, r, f, "public, max-age=86400")
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

// assetMemo holds the zstd and brotli bodies CompressAssets made, by the
// SHA-256 of the file's bytes, so that the Servers of one process that
// serve the same bundles (tests, the benchmark) make them once. It is
// bounded to one run's files: a run, when it ends, drops every body it
// did not use itself, so a process that loads bundle after bundle keeps
// the bodies of the last, not of them all. (In production there is one
// Server and one run.)
var assetMemo bodyMemo

// assetSum identifies a file by its bytes.
type assetSum = [sha256.Size]byte

// bodyMemo maps files to their zstd and brotli bodies.
type bodyMemo struct {
	mu sync.Mutex
	m  map[assetSum]*[2][]byte // zstd, brotli
}

// get returns the bodies of the file whose bytes have sum.
func (m *bodyMemo) get(sum assetSum) (*[2][]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.m[sum]
	return b, ok
}

// put keeps b for sum, unless bodies for sum are there already (made
// meanwhile by another run): it returns those kept.
func (m *bodyMemo) put(sum assetSum, b *[2][]byte) *[2][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.m[sum]; ok {
		return old
	}
	if m.m == nil {
		m.m = map[assetSum]*[2][]byte{}
	}
	m.m[sum] = b
	return b
}

// keepOnly drops every body but those of used.
func (m *bodyMemo) keepOnly(used map[assetSum]bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for sum := range m.m {
		if !used[sum] {
			delete(m.m, sum)
		}
	}
}

// len returns the number of files whose bodies are held.
func (m *bodyMemo) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}

// CompressAssets adds zstd and brotli bodies, at their best levels, to
// every compressible file served from memory: the public bundle's (its
// entry script and style sheet first), the site's own, then the staff
// console's. Until a file has them it is served gzipped. Brotli's best
// level costs seconds of one core for all files, too long to hold up
// start-up: the app runs this in the background, one file at a time, on
// one core. It returns the files compressed and the time taken; a Server
// does the work once (a second call waits for the first) and stops when
// ctx ends, after the file it is on.
func (s *Server) CompressAssets(ctx context.Context) (files int, took time.Duration) {
	s.compressed.Do(func() {
		start := time.Now()
		var enc *zstd.Encoder // at its best level: tens of MiB, so dropped after
		defer func() {
			if enc != nil {
				_ = enc.Close()
			}
		}()
		var before, after int
		stopped := false
		used := map[assetSum]bool{}
		defer assetMemo.keepOnly(used)
		order := s.compressOrder()
		s.log.Info("compressing assets", "files", len(order))
		for _, f := range order {
			if ctx.Err() != nil {
				stopped = true
				break
			}
			old := f.body.Load()
			id := old[codingIdentity]
			sum := sha256.Sum256(id)
			used[sum] = true
			made, ok := assetMemo.get(sum)
			if !ok {
				if enc == nil {
					enc = newZstd(assetLevels.zstd, 1)
				}
				made = assetMemo.put(sum, &[2][]byte{
					zstdBytes(enc, id),
					brotliBytes(id, assetLevels.brotli),
				})
			}
			v := *old
			v.add(codingZstd, made[0])
			v.add(codingBrotli, made[1])
			f.body.Store(&v)
			files++
			before += len(id)
			after += smallest(&v)
		}
		took = time.Since(start)
		// stopped: ctx ended (the site shutting down) before the last file.
		s.log.Info("assets compressed", "files", files, "bytes", before, "smallest_bytes", after,
			"duration_ms", took.Milliseconds(), "stopped", stopped)
	})
	return files, took
}

// compressOrder lists the compressible files, most wanted first.
func (s *Server) compressOrder() []*asset {
	var out []*asset
	seen := map[*asset]bool{}
	add := func(f *asset) {
		if f != nil && f.compressible && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	bundle := func(a *assets) {
		add(a.files[a.entryJS])
		for _, c := range a.entryCSS {
			add(a.files[c])
		}
		for _, p := range slices.Sorted(maps.Keys(a.files)) {
			add(a.files[p])
		}
	}
	bundle(s.assets)
	for _, p := range slices.Sorted(maps.Keys(s.siteFiles)) {
		add(s.siteFiles[p])
	}
	bundle(s.console.assets)
	return out
}

// smallest is the size of v's smallest body.
func smallest(v *variants) int {
	n := len(v[codingIdentity])
	for _, b := range v {
		if b != nil {
			n = min(n, len(b))
		}
	}
	return n
}
