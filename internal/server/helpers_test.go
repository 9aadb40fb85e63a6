package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/seed"
	"corpsite/internal/server"
	"corpsite/internal/sitecontent"
	"corpsite/internal/store/sqlite"
	"corpsite/web"
)

// testNow is the fixed start of the clock every test server gets.
var testNow = time.Date(2026, time.November, 21, 12, 0, 0, 0, time.UTC)

const baseURL = "https://site.test"

// testRenderTimeout bounds one render in tests. It is far above the
// production default: under -race on a busy machine one render of the real
// bundle takes seconds, and a timeout would turn a page into a 500.
const testRenderTimeout = time.Minute

// realRenderer is one renderer of the real server bundle, shared by the
// tests (loading the bundle into engines is the slow part).
var (
	realRendererOnce sync.Once
	realRendererVal  *render.Renderer
	realRendererErr  error
)

// seededTemplate is a database file migrated and seeded once per test
// binary; each fixture starts from a copy of it (migrating and seeding for
// every one of the fixtures was most of their cost).
var (
	seededOnce sync.Once
	seededPath string
	seededErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if realRendererVal != nil {
		realRendererVal.Close()
	}
	if seededPath != "" {
		os.RemoveAll(filepath.Dir(seededPath))
	}
	os.Exit(code)
}

// seededDatabase copies the seeded template to path.
func seededDatabase(t testing.TB, path string) {
	t.Helper()
	seededOnce.Do(func() {
		dir, err := os.MkdirTemp("", "server-test-db-")
		if err != nil {
			seededErr = err
			return
		}
		seededPath = filepath.Join(dir, "site.db")
		seededErr = makeSeeded(seededPath)
	})
	if seededErr != nil {
		t.Fatalf("seeded template: %v", seededErr)
	}
	b, err := os.ReadFile(seededPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// makeSeeded migrates and seeds a database at path and closes it, which
// folds its write-ahead log into the one file.
func makeSeeded(path string) error {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		return err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return err
	}
	if loaded, err := seed.Load(ctx, st, testNow); err != nil || !loaded {
		st.Close()
		return fmt.Errorf("seed.Load = %v, %v; want true, nil", loaded, err)
	}
	if err := st.Close(); err != nil {
		return err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return fmt.Errorf("the template's write-ahead log was left behind: the copy would miss its changes")
	}
	return nil
}

func serverBundle(t testing.TB) string {
	t.Helper()
	b, err := fs.ReadFile(web.Dist, "dist/server/server.js")
	if err != nil {
		t.Fatalf("server bundle missing (run make build): %v", err)
	}
	return string(b)
}

func realRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	realRendererOnce.Do(func() {
		b, err := fs.ReadFile(web.Dist, "dist/server/server.js")
		if err != nil {
			realRendererErr = err
			return
		}
		realRendererVal, realRendererErr = render.New(string(b), render.Options{Size: 2, Timeout: testRenderTimeout})
	})
	if realRendererErr != nil {
		t.Fatalf("real renderer: %v", realRendererErr)
	}
	return realRendererVal
}

// clock is a settable clock for the server.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fixture is a real server over a seeded SQLite store in a temp dir.
type fixture struct {
	srv    *server.Server
	store  *sqlite.Store
	clock  *clock
	client fs.FS
	site   *sitecontent.Content
}

// newFixture builds the server; edit may change its options (e.g. the
// renderer) before it is created.
func newFixture(t testing.TB, edit func(*server.Options)) *fixture {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	seededDatabase(t, path)
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	content, err := sitecontent.Load()
	if err != nil {
		t.Fatal(err)
	}
	client, err := fs.Sub(web.Dist, "dist/client")
	if err != nil {
		t.Fatal(err)
	}
	admin, err := fs.Sub(web.Dist, "dist/admin")
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: testNow}
	opts := server.Options{
		Store:      st,
		Renderer:   nil,
		Content:    content,
		Client:     client,
		Admin:      admin,
		Media:      demoMedia(t),
		BaseURL:    baseURL,
		Logger:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:        clk.Now,
		VersionTTL: time.Second,
	}
	if edit != nil {
		edit(&opts)
	}
	if opts.Renderer == nil {
		opts.Renderer = realRenderer(t)
	}
	srv, err := server.New(opts)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	return &fixture{srv: srv, store: st, clock: clk, client: client, site: content}
}

// demoMedia lays the demo images out as the app does: under demo/.
func demoMedia(t testing.TB) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(seed.ImageFS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(seed.ImageFS(), p)
		m["demo/"+p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// response is what a test reads from one request.
type response struct {
	Status int
	Header http.Header
	Body   string
}

// do sends a request through the real router.
func (f *fixture) do(t *testing.T, method, target string, header map[string]string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(body)}
}

func (f *fixture) get(t *testing.T, target string) response {
	t.Helper()
	return f.do(t, http.MethodGet, target, nil)
}

// jobs returns the seeded jobs, newest first.
func (f *fixture) jobs(t *testing.T) []domain.Job {
	t.Helper()
	jobs, err := f.store.ListJobs(context.Background(), domain.JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) == 0 {
		t.Fatal("the seeded store has no jobs")
	}
	return jobs
}

// posts returns the published posts, newest first.
func (f *fixture) posts(t *testing.T) []domain.BlogPost {
	t.Helper()
	posts, err := f.store.ListBlogPosts(context.Background(), domain.BlogFilter{PublishedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) == 0 {
		t.Fatal("the seeded store has no published posts")
	}
	return posts
}

// createJob stores a job with the given status and closing date.
func (f *fixture) createJob(t *testing.T, title string, status domain.JobStatus, closing *time.Time) domain.Job {
	t.Helper()
	j := domain.Job{
		JobTitle:    title,
		Experience:  "2-4",
		Location:    "Bangalore",
		Description: "<p>Unique description of " + title + ".</p>",
		Status:      status,
		ClosingDate: closing,
		CreatedAt:   testNow.Add(-time.Hour),
		UpdatedAt:   testNow.Add(-time.Hour),
	}
	if err := f.store.CreateJob(context.Background(), &j); err != nil {
		t.Fatalf("CreateJob: %v", err)
	}
	return j
}

func dateUTC(t time.Time) *time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return &d
}

// head is what a test reads from a document's <head>.
type head struct {
	Title       string
	Description string
	Canonical   string
	OGTitle     string
	Robots      string
	JSONLD      []string
}

func parseHead(t *testing.T, doc string) head {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("parse document: %v", err)
	}
	var h head
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "title":
				if n.FirstChild != nil {
					h.Title = n.FirstChild.Data
				}
			case "meta":
				switch {
				case attr(n, "name") == "description":
					h.Description = attr(n, "content")
				case attr(n, "name") == "robots":
					h.Robots = attr(n, "content")
				case attr(n, "property") == "og:title":
					h.OGTitle = attr(n, "content")
				}
			case "link":
				if attr(n, "rel") == "canonical" {
					h.Canonical = attr(n, "href")
				}
			case "script":
				if attr(n, "type") == "application/ld+json" && n.FirstChild != nil {
					h.JSONLD = append(h.JSONLD, n.FirstChild.Data)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return h
}

// jsonLD returns the page's JSON-LD blocks of the given @type, decoded.
func jsonLD(t *testing.T, doc, typ string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, block := range parseHead(t, doc).JSONLD {
		var v map[string]any
		if err := json.Unmarshal([]byte(block), &v); err != nil {
			t.Fatalf("JSON-LD block does not parse: %v\n%s", err, block)
		}
		if v["@type"] == typ {
			out = append(out, v)
		}
	}
	return out
}

var bootRE = regexp.MustCompile(`(?s)<script id="boot-data" type="application/json">(.*?)</script>`)

// bootData returns the page's boot data, decoded.
func bootData(t *testing.T, doc string) map[string]any {
	t.Helper()
	m := bootRE.FindStringSubmatch(doc)
	if m == nil {
		t.Fatal(`document has no <script id="boot-data" type="application/json">`)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		t.Fatalf("boot data does not parse: %v\n%s", err, m[1])
	}
	return v
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, s)
	}
	return v
}

func gunzip(t *testing.T, s string) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader([]byte(s)))
	if err != nil {
		t.Fatalf("body is not gzip: %v", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return b
}

// diff reports how got differs from want (-want +got), or "" when they
// are equal.
func diff(want, got any) string {
	return cmp.Diff(want, got)
}

// checkSecurityHeaders fails the test unless res carries the headers every
// response must carry.
func checkSecurityHeaders(t *testing.T, name string, res response) {
	t.Helper()
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("%s: Content-Security-Policy %q lacks %q", name, csp, want)
		}
	}
	if strings.Contains(csp, "style-src 'self' 'unsafe-inline'") {
		t.Errorf("%s: Content-Security-Policy %q allows inline style sheets", name, csp)
	}
	if got := res.Header.Get("Cross-Origin-Resource-Policy"); got != "same-origin" {
		t.Errorf("%s: Cross-Origin-Resource-Policy = %q, want same-origin", name, got)
	}
	if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options = %q, want nosniff", name, got)
	}
	if got := res.Header.Get("Referrer-Policy"); got == "" {
		t.Errorf("%s: no Referrer-Policy", name)
	}
	if got := res.Header.Get("X-Request-Id"); got == "" {
		t.Errorf("%s: no X-Request-Id", name)
	}
}
