package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"corpsite/internal/httpcore"
	"corpsite/internal/pagecache"
	"corpsite/internal/render"
	"corpsite/internal/wire"
)

// renderDeadline bounds the work for one page: loading its data, waiting
// for an engine and rendering.
const renderDeadline = 15 * time.Second

// errorRenderDeadline bounds the one render of the error screen; past it
// the plain fallback page is served.
const errorRenderDeadline = 2 * time.Second

// retryAfterSeconds is what a client is told to wait when every engine is
// busy and the queue is full (503).
const retryAfterSeconds = 2

// notFoundKey is the cache and flight key of the one not-found page that
// every unknown path shares; it cannot collide with a path.
const notFoundKey = "\x00not-found"

// errorKey is the flight key of the error screen's render.
const errorKey = "\x00error"

// notFoundRenderPath and errorRenderPath are the URLs the shared screens
// are rendered at: no route matches them, so the output depends on no
// visitor's path.
const (
	notFoundRenderPath = "/__not-found__"
	errorRenderPath    = "/__error__"
)

// pageSpec is what a page handler decides: status, <head> and the data
// the React page renders from.
type pageSpec struct {
	Status int
	// Page is the web app's page name, whose chunk the document preloads.
	Page        string
	Title       string // without the site name
	Description string
	// Path is the canonical path ("" = no canonical link, e.g. 404).
	Path   string
	OGType string // website (default) or article
	// Image is the absolute URL of the page's picture for link previews
	// (og:image), or "".
	Image string
	// Published and Modified date an article (article:published_time,
	// article:modified_time); zero = not an article.
	Published, Modified time.Time
	// Prev and Next are the paths of the pages before and after this one
	// in a paginated list (<link rel="prev">, <link rel="next">), or "".
	Prev, Next string
	NoIndex    bool
	// Feeds are the page's own feeds, advertised in <head> before the
	// blog's, which every page advertises. The web app keeps the one
	// marked data-page-feed on the search on screen (usePageFeed).
	Feeds  []feedLink
	JSONLD []any
	// API holds the API responses the page reads, keyed by API path.
	API map[string]wire.Result
	// Cache says whether the rendered page may be reused.
	Cache bool
	// Variant marks one of a page's many views (a filtered /jobs): it is
	// cached apart from the site's own pages, in the tier that is held to
	// a share of the budget and evicted first.
	Variant bool
	// Expires is when the page's content changes by time alone, besides
	// what pageExpiry finds in API (zero = nothing more).
	Expires time.Time
	// NotFound says the page shows the site's not-found screen: its HTML
	// comes from the one render every unknown path shares; only its <head>
	// and boot data are its own.
	NotFound bool
	// RenderPath is the URL given to the renderer ("" = the request's path).
	RenderPath string
}

// result is one API response inside boot data: v, or err as the API tells it.
func result(v any, err error) wire.Result {
	if err != nil {
		e := httpcore.ErrorBody(err)
		return wire.Result{Error: &e}
	}
	return wire.Result{Data: v}
}

// renderedPage is a complete response, kept in the page cache.
type renderedPage struct {
	status int
	// body is the HTML (body[codingIdentity]) and its compressed forms:
	// gzip from the render on, zstd and brotli too once the page is to be
	// reused (compress).
	body variants
	// etags are the page's ETags by coding, or "" (pages composed around
	// the shared not-found page have none: they are never 200).
	etags [numCodings]string
	// expires is when the page's content changes by time alone (a job it
	// shows closes); zero = never.
	expires time.Time
	// root and bootNow are the rendered #root markup and the boot clock it
	// was rendered with, kept for the shared not-found page only: other
	// not-found responses are composed from them without JavaScript.
	root    string
	bootNow string
	// style is the inline style sheet rendered with root, kept with it.
	style string
	// csp is the page's Content-Security-Policy, which allows its own
	// inline style sheet by its hash; "" on the plain fallback page.
	csp string
	// headers are its header values (seal); nil until its bodies are final.
	headers *pageHeaders
	// composed holds, for the shared not-found page only, the parts of the
	// not-found documents composed around it (compose.go).
	composed *composedDocs
	// data fingerprints what the page was rendered from (see fingerprint):
	// after a content change, an unchanged fingerprint means the page
	// would render the same, so it is kept.
	data [sha256.Size]byte
}

type pageFunc func(r *http.Request) (*pageSpec, error)

// cacheKeyFunc names the cache slot of a request.
type cacheKeyFunc func(r *http.Request) string

func byPath(r *http.Request) string { return r.URL.Path }

// page adapts a page handler: cached pages cost no JavaScript; concurrent
// misses for one page are coalesced into one render.
func (s *Server) page(key cacheKeyFunc, fn pageFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.servePage(w, r, key(r), fn)
	})
}

func (s *Server) servePage(w http.ResponseWriter, r *http.Request, key string, fn pageFunc) {
	ctx := r.Context()
	version, err := s.versions.Get(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return // the client has gone: not the store's fault, nobody to answer
		}
		httpcore.Logger(r).Error("content version", "err", err)
		s.serveErrorPage(w, r, http.StatusServiceUnavailable)
		return
	}
	s.noticeVersion(version)
	f := s.cache.Find(key, version, s.now())
	if f.Page != nil && (!f.Stale || f.Known && !pagecache.Refreshing(ctx) && s.rewarm.Covers(key, version, f.Expired)) {
		// Current; or from before a content change, or past the
		// moment a job it shows closed, and the rewarmer brings it up
		// to date in a moment (a writer waits for that).
		s.writePage(w, r, f.Page)
		return
	}
	prev := f.Reusable()
	p, err := s.flight.Do(ctx, key+"\x00"+strconv.FormatInt(version, 10), func(ctx context.Context) (*renderedPage, error) {
		return s.buildPage(ctx, r, key, version, fn, prev)
	})
	switch {
	case err == nil:
		s.writePage(w, r, p)
	case ctx.Err() != nil:
		// The client has gone; nobody reads an answer.
	case errors.Is(err, render.ErrBusy):
		s.serveBusy(w, r)
	default:
		httpcore.Fail(w, r, err)
	}
}

// buildPage loads the page of key and renders and caches it when it may be
// reused; when prev, the page cached from older content, was rendered
// from the same data, prev is kept for version instead. It runs once for
// every request waiting on the same key.
func (s *Server) buildPage(ctx context.Context, r *http.Request, key string, version int64, fn pageFunc, prev *renderedPage) (*renderedPage, error) {
	now := s.now()
	spec, err := fn(r.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	if spec.NotFound && key != notFoundKey {
		s.cache.Drop(key, version) // what was here is gone
		return s.composeNotFound(ctx, r, version, spec)
	}
	path := spec.RenderPath
	if path == "" {
		path = r.URL.Path
	}
	data, ok := fingerprint(path, spec)
	if ok && prev != nil && prev.data == data {
		s.cache.Promote(key, prev, version)
		return prev, nil
	}
	p, err := s.renderSpec(ctx, path, spec, false)
	if err != nil {
		return nil, err
	}
	if key != notFoundKey {
		p.root, p.bootNow, p.style = "", "", ""
	} else {
		p.composed = new(composedDocs)
	}
	if ok {
		p.data = data
	}
	p.expires = pageExpiry(spec.API, now)
	if !spec.Expires.IsZero() && (p.expires.IsZero() || spec.Expires.Before(p.expires)) {
		p.expires = spec.Expires
	}
	if spec.Cache && p.status < 500 {
		p.compress()
		known := p.status == http.StatusOK && !spec.Variant || key == notFoundKey
		s.cache.Put(key, version, p, known)
	} else {
		// Not to be reused (a job closed: 410): the page cached before
		// must not be served in its place, not even while stale.
		s.cache.Drop(key, version)
	}
	return p, nil
}

// fingerprint hashes what a page is rendered from besides the server's
// fixed settings: its render path and its spec, API data included. False
// when the spec cannot be encoded (then nothing is compared).
func fingerprint(path string, spec *pageSpec) ([sha256.Size]byte, bool) {
	b, err := json.Marshal(spec)
	if err != nil {
		return [sha256.Size]byte{}, false
	}
	return sha256.Sum256(append(append([]byte(path), 0), b...)), true
}

// serveNotFound answers with the shared not-found page.
func (s *Server) serveNotFound(w http.ResponseWriter, r *http.Request) {
	s.servePage(w, r, notFoundKey, s.notFoundPage)
}

// composeNotFound builds a not-found response of spec's own <head> and
// boot data (so the page hydrates) around the shared not-found render.
// It runs no JavaScript once the shared page is cached.
func (s *Server) composeNotFound(ctx context.Context, r *http.Request, version int64, spec *pageSpec) (*renderedPage, error) {
	f := s.cache.Find(notFoundKey, version, s.now())
	shared := f.Page
	if shared == nil || f.Stale {
		prev := f.Reusable()
		var err error
		shared, err = s.flight.Do(ctx, notFoundKey+"\x00"+strconv.FormatInt(version, 10), func(ctx context.Context) (*renderedPage, error) {
			return s.buildPage(ctx, r, notFoundKey, version, s.notFoundPage, prev)
		})
		if err != nil {
			return nil, err
		}
	}
	if shared.status != http.StatusNotFound {
		return shared, nil // the not-found screen itself failed: its error page stands
	}
	boot := wire.BootData{API: spec.API, Now: shared.bootNow, Settings: s.settings}
	bootJSON, err := json.Marshal(boot)
	if err != nil {
		return nil, fmt.Errorf("server: encode boot data: %w", err)
	}
	// Made per request (never cached): joined from parts made once
	// (compose.go), or whole when they cannot be made.
	if d := shared.composed.parts(s, spec, shared.root, shared.style); d != nil {
		return d.page(spec.Status, bootJSON, shared.csp), nil
	}
	var buf bytes.Buffer
	if err := documentTemplate.Execute(&buf, s.documentData(spec, shared.root, shared.style, bootJSON)); err != nil {
		return nil, fmt.Errorf("server: document template: %w", err)
	}
	html := bytes.Clone(buf.Bytes())
	p := &renderedPage{status: spec.Status, body: variants{codingIdentity: html}, csp: shared.csp}
	p.body.add(codingGzip, gzipBytes(html, gzip.BestSpeed))
	p.seal()
	return p, nil
}

// serveBusy answers 503 with Retry-After when no engine can take a render.
func (s *Server) serveBusy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
	s.serveErrorPage(w, r, http.StatusServiceUnavailable)
}

// serveErrorPage serves the site's error screen with status. The screen
// is rendered once (Warm does it at start-up) and reused; until then its
// one render is bounded by errorRenderDeadline and the queue for engines,
// and the plain fallback page stands in when it fails.
func (s *Server) serveErrorPage(w http.ResponseWriter, r *http.Request, status int) {
	p := s.errorPage(r.Context())
	if p == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(fallbackErrorHTML))
		return
	}
	withStatus := *p
	withStatus.status = status
	s.writePage(w, r, &withStatus)
}

// errorPage returns the rendered error screen, rendering it if need be;
// nil when that fails.
func (s *Server) errorPage(ctx context.Context) *renderedPage {
	if p := s.errPage.Load(); p != nil {
		return p
	}
	p, err := s.flight.Do(ctx, errorKey, func(ctx context.Context) (*renderedPage, error) {
		ctx, cancel := context.WithTimeout(ctx, errorRenderDeadline)
		defer cancel()
		meta := s.content.Pages["error"]
		spec := &pageSpec{Status: http.StatusInternalServerError, Page: "not-found", Title: meta.Title, Description: meta.Description, NoIndex: true}
		p, err := s.renderSpec(ctx, errorRenderPath, spec, true)
		if err != nil {
			return nil, err
		}
		p.root, p.bootNow, p.style = "", "", ""
		p.compress()
		s.errPage.Store(p)
		return p, nil
	})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("rendering the error page failed", "err", err)
		}
		return nil
	}
	return p
}

// fallbackErrorHTML is shown only when even the renderer is broken.
const fallbackErrorHTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head>` +
	`<body><main><h1>Unexpected Application Error!</h1><p>Something went wrong on our side. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p></main></body></html>`

// renderSpec renders spec into a complete document.
func (s *Server) renderSpec(ctx context.Context, path string, spec *pageSpec, failed bool) (*renderedPage, error) {
	boot := wire.BootData{API: spec.API, Now: s.now().UTC().Format(time.RFC3339), Error: failed, Settings: s.settings}
	if boot.API == nil {
		boot.API = map[string]wire.Result{}
	}
	bootJSON, err := json.Marshal(boot) // escapes <, > and & for safe embedding
	if err != nil {
		return nil, fmt.Errorf("server: encode boot data: %w", err)
	}
	res, err := s.renderer.Render(ctx, path, bootJSON)
	if err != nil {
		return nil, fmt.Errorf("server: render %s: %w", path, err)
	}
	if len(res.MissingAPI) > 0 {
		// The page is still served: it loads the data in the browser.
		s.log.Error("page read API data missing from its boot data", "path", path, "page", spec.Page, "missing", res.MissingAPI)
	}
	status := spec.Status
	if status == 0 {
		status = http.StatusOK
	}
	if !res.OK {
		s.log.Error("page threw while rendering", "path", path, "err", res.Error)
		status = http.StatusInternalServerError
		spec = &pageSpec{Page: spec.Page, Title: s.content.Pages["error"].Title, Description: s.content.Pages["error"].Description, NoIndex: true}
		boot.Error = true
		if bootJSON, err = json.Marshal(boot); err != nil {
			return nil, err
		}
	}
	// The page carries inline the rules its markup can use: the
	// document's own (the same on every page) and the rendered root's; and
	// those its scripts may need before the whole sheet is in.
	style, styleHash := s.assets.pageStyle(spec.Page, s.docMarkup, res.HTML)
	var buf bytes.Buffer
	if err := documentTemplate.Execute(&buf, s.documentData(spec, res.HTML, style, bootJSON)); err != nil {
		return nil, fmt.Errorf("server: document template: %w", err)
	}
	// An exact copy: the buffer's spare room would be cached unaccounted.
	p := newRenderedPage(status, bytes.Clone(buf.Bytes()))
	p.root, p.bootNow, p.style = res.HTML, boot.Now, style
	p.csp = contentSecurityPolicy(appLoaderHash, styleHash)
	return p, nil
}

// newRenderedPage returns the page of html, gzipped: pages that are not
// cached are sent as they were rendered, gzipped or not.
func newRenderedPage(status int, html []byte) *renderedPage {
	p := &renderedPage{status: status}
	p.body[codingIdentity] = html
	p.body.add(codingGzip, gzipBytes(html, pageLevels.gzip))
	sum := sha256.Sum256(html)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	for c := range p.etags {
		p.etags[c] = `"` + tag + etagSuffixes[c] + `"`
	}
	p.seal()
	return p
}

// compress adds the page's zstd and brotli bodies (and gzip, if it has
// none): once, when the page is about to be reused, never per request.
func (p *renderedPage) compress() {
	html := p.body[codingIdentity]
	if p.body[codingGzip] == nil {
		p.body.add(codingGzip, gzipBytes(html, pageLevels.gzip))
	}
	// At run-time levels zstd comes out a few per cent larger than gzip -9
	// on our pages, so it is kept whenever smaller than the HTML: dropping
	// it would leave a client that accepts zstd but not gzip the HTML.
	if z := zstdBytes(pageZstd(), html); len(z) < len(html) {
		p.body[codingZstd] = z
	}
	p.body.add(codingBrotli, brotliBytes(html, pageLevels.brotli))
	p.seal()
}

// The header values of every page response, made once, each a slice of
// length and capacity one put in the response's header map as it is (an
// Add elsewhere copies it; see httpcore.HeaderSet): the cached page's
// answer allocates none of them.
var (
	htmlContentType = []string{"text/html; charset=utf-8"}
	varyEncoding    = []string{"Accept-Encoding"}
	cacheNoCache    = []string{"no-cache"}
	cacheNoStore    = []string{"no-store"}
)

// pageHeaders are a page's ETag and Content-Length values by coding, and
// the heads of its 200 and 304 in each coding as the fast lane sends them,
// made on their first use there (fastlane.go): a few KB, only for the
// fixed pages the lane answers, so not counted in the cache's budget.
type pageHeaders struct {
	etag, length  [numCodings][]string
	fast, fast304 [numCodings]atomic.Pointer[fastHead]
}

// seal makes the page's header values, once its bodies are final.
func (p *renderedPage) seal() {
	h := new(pageHeaders)
	for c, b := range p.body {
		if b != nil {
			h.length[c] = []string{strconv.Itoa(len(b))}
		}
		if p.etags[c] != "" {
			h.etag[c] = []string{p.etags[c]}
		}
	}
	p.headers = h
}

// writePage sends a rendered page in the best coding the client accepts
// among those the page has.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, p *renderedPage) {
	h := w.Header()
	c, body := p.body.pick(r)
	ph, tagged := p.setHeaders(h, c)
	if tagged {
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, p.etags[c]) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	setEncoding(h, c, ph.length[c])
	w.WriteHeader(p.status)
	if r.Method != http.MethodHead {
		writeGathered(w, r, body)
	}
}

// setHeaders sets the headers of p's answer in coding c but its
// Content-Encoding and Content-Length (setEncoding), and returns p's
// header values and whether it set an ETag: only on a 200 in a coding
// that has one (with Cache-Control: no-cache).
//
// Every response carries Cross-Origin-Opener-Policy same-origin
// (httpcore.SecurityHeaders) but a page the same for every visitor (a 200
// with an ETag: the public site's pages), whose policy setHeaders removes. The policy puts
// a document in a browsing context group of its own, which keeps windows of
// other sites from holding a reference to it; for a page that shows
// everyone the same it protects nothing, while the browser had to move the
// page into a new renderer process as it arrived: Lighthouse counted
// 300-450 ms more Total Blocking Time on /jobs with it (median of 5
// interleaved runs, same bytes otherwise). The console, the API, the
// applicant's status page and every error keep it.
func (p *renderedPage) setHeaders(h http.Header, c coding) (*pageHeaders, bool) {
	h["Content-Type"] = htmlContentType
	h["Vary"] = varyEncoding
	if p.csp != "" {
		h["Content-Security-Policy"] = []string{p.csp}
	}
	ph := p.headers
	if ph == nil {
		p := *p
		p.seal()
		ph = p.headers
	}
	if p.status == http.StatusOK && p.etags[c] != "" {
		h["Cache-Control"] = cacheNoCache
		h["Etag"] = ph.etag[c]
		// Not isolated from its opener (see above); a page made for one
		// visitor (privatePage) keeps the policy.
		delete(h, "Cross-Origin-Opener-Policy")
		return ph, true
	}
	h["Cache-Control"] = cacheNoStore
	return ph, false
}

// documentData fills the document template: spec's <head>, the rendered
// root html, its inline style sheet and the boot data.
func (s *Server) documentData(spec *pageSpec, html, style string, boot []byte) map[string]any {
	site := s.content.Site
	var canonical string
	if spec.Path != "" {
		canonical = s.baseURL + spec.Path
	}
	ogType := spec.OGType
	if ogType == "" {
		ogType = "website"
	}
	var ld []template.JS
	for _, v := range spec.JSONLD {
		b, err := json.Marshal(v) // HTML-safe: <, > and & are escaped
		if err == nil {
			ld = append(ld, template.JS(b))
		}
	}
	preload := s.assets.preloadsFor(spec.Page)
	if preload == nil {
		preload = []string{}
	}
	styles := s.assets.entryCSS
	if styles == nil {
		styles = []string{}
	}
	modules, _ := json.Marshal(appModules{Entry: s.assets.entryJS, Preload: preload, Styles: styles}) // HTML-safe, like the JSON-LD
	abs := func(path string) string {
		if path == "" {
			return ""
		}
		return s.baseURL + path
	}
	date := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return map[string]any{
		"Prev":        abs(spec.Prev),
		"Next":        abs(spec.Next),
		"Image":       spec.Image,
		"Published":   date(spec.Published),
		"Modified":    date(spec.Modified),
		"FeedTitle":   site.Name + " Blog",
		"Feeds":       spec.Feeds,
		"Title":       s.content.Title(spec.Title),
		"Description": spec.Description,
		"Canonical":   canonical,
		"OGType":      ogType,
		"SiteName":    site.Name,
		"NoIndex":     spec.NoIndex,
		"Style":       template.CSS(style),
		"StyleSheets": s.assets.entryCSS,
		"Modules":     template.JS(modules),
		"Loader":      template.JS(appLoader),
		"JSONLD":      ld,
		"HTML":        template.HTML(html),
		"Boot":        template.JS(boot),
	}
}

// appLoader, inline at the end of every page, starts the app after the
// first paint: it adds the preloads named in #app-modules, one per task,
// then the entry module, when the browser reports its first paint (a paint-timing
// entry, which test clocks do not hold back as they do timers), at once in
// a hidden tab, where nothing is painted, or in a browser without paint
// timing. The page is whole without script, which only hydrates it, so
// nothing the first paint or the largest image needs waits for or shares
// the connection with the modules, and their evaluation cannot delay the
// first paint on a slow phone. (Lighthouse's simulation also counted any
// module that arrived before the observed paint as holding up FCP and LCP,
// so both depended on that race.) Each appended preload starts a fetch at
// once, a few milliseconds of a phone's main thread: seventeen of them in
// one task made a long task of their own (60-320 ms with the CPU slowed
// 4×), so each gets its own task (a message to itself: unlike a timer, no
// test clock holds it back). The entry comes last: the page chunk's
// loader (Vite's) adds in one go every preload of the chunk not yet in the
// document, which would make that long task again.
// The Content-Security-Policy allows this
// one inline script by its hash, appLoaderHash.
//
// Until the app takes over (it sets __early.taken as it hydrates), the
// loader also holds back what only the script can do: a tap on a
// button[type=button] (the phone menu, a question of the FAQ) and the
// submit of a form marked data-submit-with-script (whose fields go out as
// JSON). Each is kept in __early.held and replayed once by the app
// (web/src/lib/early-input.ts); links and plain GET forms work natively.
const appLoader = `(()=>{const q=self.__early={held:[]};` +
	`const hold=(e,el)=>{if(q.taken||!el)return;e.preventDefault();e.stopImmediatePropagation();q.held.push(el)};` +
	`addEventListener('click',e=>hold(e,e.target.closest?.('button[type=button]')),true);` +
	`addEventListener('submit',e=>hold(e,e.target.closest?.('form[data-submit-with-script]')),true);` +
	`let started=false;const start=()=>{if(started)return;started=true;` +
	`const m=JSON.parse(document.getElementById('app-modules').textContent);` +
	`let i=0;const c=new MessageChannel();` +
	`const next=()=>{if(i<m.preload.length){const l=document.createElement('link');l.rel='modulepreload';l.href=m.preload[i++];document.head.append(l);c.port2.postMessage(0)}` +
	`else{c.port1.onmessage=null;const s=document.createElement('script');s.type='module';s.src=m.entry;document.head.append(s)}};` +
	`c.port1.onmessage=next;next()};` +
	`if(document.hidden||!self.PerformanceObserver?.supportedEntryTypes?.includes('paint'))start();` +
	`else{new PerformanceObserver((_,o)=>{o.disconnect();start()}).observe({type:'paint',buffered:true});` +
	`addEventListener('visibilitychange',start,{once:true})}})()`

// appLoaderHash names appLoader in the Content-Security-Policy.
var appLoaderHash = cspHash(appLoader)

// appModules is the content of #app-modules, which appLoader reads; and
// the app, for the style sheets to load after the first paint.
type appModules struct {
	Entry   string   `json:"entry"`
	Preload []string `json:"preload"`
	// Styles are the whole site's style sheets (the cached files), of which
	// the page carries inline only what its own markup uses: the app adds
	// them once the page is interactive, and before it shows another page.
	Styles []string `json:"styles"`
}

var documentTemplate = template.Must(template.New("document").Parse(`<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<meta name="description" content="{{.Description}}">
{{if .Canonical}}<link rel="canonical" href="{{.Canonical}}">
{{end}}{{if .Prev}}<link rel="prev" href="{{.Prev}}">
{{end}}{{if .Next}}<link rel="next" href="{{.Next}}">
{{end}}{{range .Feeds}}<link rel="alternate" type="application/atom+xml" title="{{.Title}}" href="{{.Href}}" data-page-feed>
{{end}}<link rel="alternate" type="application/atom+xml" title="{{.FeedTitle}}" href="/blog/feed.xml">
{{if .NoIndex}}<meta name="robots" content="noindex">
{{end}}<meta property="og:type" content="{{.OGType}}">
<meta property="og:site_name" content="{{.SiteName}}">
<meta property="og:title" content="{{.Title}}">
<meta property="og:description" content="{{.Description}}">
{{if .Canonical}}<meta property="og:url" content="{{.Canonical}}">
{{end}}{{if .Image}}<meta property="og:image" content="{{.Image}}">
{{end}}{{if .Published}}<meta property="article:published_time" content="{{.Published}}">
{{end}}{{if .Modified}}<meta property="article:modified_time" content="{{.Modified}}">
{{end}}<meta name="twitter:card" content="{{if .Image}}summary_large_image{{else}}summary{{end}}">
<meta name="theme-color" content="#1c3890">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{{if .Style}}<style>{{.Style}}</style>
{{end}}<noscript>{{range .StyleSheets}}<link rel="stylesheet" href="{{.}}">{{end}}<link rel="stylesheet" href="/noscript.css"></noscript>
{{range .JSONLD}}<script type="application/ld+json">{{.}}</script>
{{end}}</head>
<body>
<div id="root">{{.HTML}}</div>
<script id="boot-data" type="application/json">{{.Boot}}</script>
<script id="app-modules" type="application/json">{{.Modules}}</script>
<script>{{.Loader}}</script>
</body>
</html>
`))

// markupAroundRoot is the document around #root as every page has it,
// with each optional element present: what the inline style sheet must
// style besides the rendered root (Server.docMarkup).
func (s *Server) markupAroundRoot() string {
	t := time.Unix(0, 0)
	spec := &pageSpec{Path: "/", Prev: "/", Next: "/", Image: "/", Published: t, Modified: t, NoIndex: true, Feeds: []feedLink{{Href: "/"}}, JSONLD: []any{""}}
	var buf bytes.Buffer
	if err := documentTemplate.Execute(&buf, s.documentData(spec, "", "", []byte("{}"))); err != nil {
		panic("server: document template: " + err.Error()) // the template is fixed: a test would fail first
	}
	return buf.String()
}

// Size is what the page's bodies and its own Content-Security-Policy take
// (pagecache.Page).
func (p *renderedPage) Size() int { return p.body.size() + len(p.csp) }

// Expires is when the page's content changes by time alone (pagecache.Page).
func (p *renderedPage) Expires() time.Time { return p.expires }
