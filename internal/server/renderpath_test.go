package server_test

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/render"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// guard bounds how long a test waits for an event it expects, so a broken
// build fails with a message instead of hanging. Nothing is asserted about
// how long anything takes.
const guard = 30 * time.Second

// renders counts the renders of a test's renderer per URL and can hold the
// render of one URL until the test releases it.
type renders struct {
	mu     sync.Mutex
	counts map[string]int
	hold   string // URL whose render waits for release ("" = none)

	held    chan string   // receives the held URL as its render starts
	release chan struct{} // closed to let held renders finish
	queue   chan int      // receives +1/-1 as renders start/stop waiting for an engine
}

// newCountingRenderer returns a renderer of the real bundle whose renders
// are counted (and held, see renders.hold).
func newCountingRenderer(t *testing.T, opts render.Options) (*render.Renderer, *renders) {
	t.Helper()
	log := &renders{
		counts:  map[string]int{},
		held:    make(chan string, 1),
		release: make(chan struct{}),
		queue:   make(chan int, 1024),
	}
	bundle := serverBundle(t) + `
;(function () {
	const real = globalThis.render;
	globalThis.render = function (url, boot) {
		seen(url);
		return real(url, boot);
	};
})();
`
	opts.Host = map[string]func([]any) (any, error){
		"seen": func(args []any) (any, error) {
			url, _ := args[0].(string)
			log.mu.Lock()
			log.counts[url]++
			hold := url == log.hold && log.hold != ""
			log.mu.Unlock()
			if hold {
				select {
				case log.held <- url:
				default:
				}
				<-log.release
			}
			return nil, nil
		},
	}
	opts.OnQueue = func(delta int) { log.queue <- delta }
	if opts.Timeout == 0 {
		opts.Timeout = testRenderTimeout
	}
	r, err := render.New(bundle, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	t.Cleanup(log.releaseAll)
	return r, log
}

func (l *renders) setHold(url string) {
	l.mu.Lock()
	l.hold = url
	l.mu.Unlock()
}

func (l *renders) releaseAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.release:
	default:
		close(l.release)
	}
}

func (l *renders) count(url string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.counts[url]
}

func (l *renders) total() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, c := range l.counts {
		n += c
	}
	return n
}

// waitFor receives from c, failing the test after guard.
func waitFor[T any](t *testing.T, c <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(guard):
		t.Fatalf("still waiting for %s", what)
		panic("unreachable")
	}
}

// getAsync requests target with ctx on its own goroutine.
func (f *fixture) getAsync(ctx context.Context, target string) <-chan response {
	out := make(chan response, 1)
	go func() {
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		res := rec.Result()
		body, _ := io.ReadAll(res.Body)
		out <- response{Status: res.StatusCode, Header: res.Header, Body: string(body)}
	}()
	return out
}

func TestNotFoundSharesOneRender(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	unknownJob := domain.NewID()
	var generic string
	for _, p := range []string{"/nope", "/a/b/c", "/ABOUT", "/nope?utm_source=x", "/job/" + unknownJob, "/job/not%20an%20id", "/job/a/b", "/job/"} {
		res := f.get(t, p)
		if res.Status != http.StatusNotFound {
			t.Errorf("GET %s status = %d, want 404", p, res.Status)
			continue
		}
		if h := parseHead(t, res.Body); !strings.HasPrefix(h.Title, "Page not found") || !strings.Contains(h.Robots, "noindex") {
			t.Errorf("GET %s: title %q robots %q; want the not-found page with noindex", p, h.Title, h.Robots)
		}
		root := rootHTML(t, res.Body)
		if generic == "" {
			generic = root
		} else if root != generic {
			t.Errorf("GET %s: #root differs from the shared not-found render", p)
		}
	}
	if n := log.total(); n != 1 {
		t.Errorf("%d renders for eight unknown paths and job ids, want 1 shared render (%v)", n, log.counts)
	}

	// An unknown job id's page hydrates as the job page: its boot data
	// holds the API answer the web app would fetch.
	api := bootData(t, f.get(t, "/job/"+unknownJob).Body)["api"].(map[string]any)
	entry, _ := api["/api/jobs/"+unknownJob].(map[string]any)
	if code := entry["error"].(map[string]any)["code"]; code != "not_found" {
		t.Errorf("boot data of /job/%s: error code %v, want not_found", unknownJob, code)
	}

	// A content change leaves the shared page as it was: its data did
	// not change, so it is checked, not rendered again.
	f.createJob(t, "Another Role", domain.JobOpen, nil)
	f.clock.Add(1100 * time.Millisecond)
	for _, p := range []string{"/nope", "/other", "/job/" + domain.NewID()} {
		if res := f.get(t, p); res.Status != http.StatusNotFound {
			t.Errorf("GET %s after a content change: status %d, want 404", p, res.Status)
		}
	}
	if n := log.total(); n != 1 {
		t.Errorf("%d renders after a content change and three unknown paths, want 1 (%v)", n, log.counts)
	}
}

func TestQueryStringSharesCacheEntry(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	first := f.get(t, "/")
	for _, p := range []string{"/?utm_source=x", "/?utm_source=y&utm_medium=z", "/?"} {
		if res := f.get(t, p); res.Status != http.StatusOK || res.Body != first.Body {
			t.Errorf("GET %s: status %d, same body %v; want 200 and the page of /", p, res.Status, res.Body == first.Body)
		}
	}
	if n := log.count("/"); n != 1 {
		t.Errorf("/ rendered %d times for four query strings, want 1", n)
	}
}

func TestConcurrentMissesShareOneRender(t *testing.T) {
	t.Parallel()
	// Two engines: without coalescing, misses could render side by side.
	r, log := newCountingRenderer(t, render.Options{Size: 2})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	id := f.jobs(t)[1].ID
	url := "/job/" + id
	log.setHold(url)
	const n = 20
	missed := make(chan string, 4*n)
	server.OnFlight(f.srv, func(key string) { missed <- key })

	results := make([]<-chan response, n)
	for i := range n {
		results[i] = f.getAsync(context.Background(), url)
	}
	// Every request has missed the cache while the first render is held,
	// so none can be answered from the cache.
	waitFor(t, log.held, "the first render")
	for range n {
		waitFor(t, missed, "a cache miss")
	}
	log.releaseAll()

	var body string
	for i, c := range results {
		res := waitFor(t, c, "a response")
		if res.Status != http.StatusOK {
			t.Errorf("request %d: status %d, want 200", i, res.Status)
		}
		if i == 0 {
			body = res.Body
		} else if res.Body != body {
			t.Errorf("request %d: body differs from request 0", i)
		}
	}
	if got := log.count(url); got != 1 {
		t.Errorf("%d concurrent misses caused %d renders, want 1", n, got)
	}
}

func TestBusyAnswers503WithRetryAfter(t *testing.T) {
	t.Parallel()
	// One engine, one place in its queue.
	r, log := newCountingRenderer(t, render.Options{Size: 1, MaxWaiting: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.srv.Warm(ctx) // renders the error screen ahead
	cancel()        // and no background re-warm: it would take engines
	if !server.ErrorPageReady(f.srv) {
		t.Fatal("Warm did not render the error screen")
	}
	// A new job: its pages are new and the list's data changed, so each
	// of them needs a render.
	job := f.createJob(t, "Busy Role", domain.JobOpen, nil)
	f.clock.Add(1100 * time.Millisecond)
	drain(log.queue)
	jobPath, applyPath := "/job/"+job.ID, "/apply/"+job.ID

	log.setHold(jobPath)
	held := f.getAsync(context.Background(), jobPath)
	waitFor(t, log.held, "the "+jobPath+" render")
	queued := f.getAsync(context.Background(), applyPath)
	if d := waitFor(t, log.queue, applyPath+" to queue"); d != +1 {
		t.Fatalf("queue event %d, want +1", d)
	}

	before := log.total()
	res := f.get(t, "/jobs")
	if res.Status != http.StatusServiceUnavailable {
		t.Fatalf("GET /jobs with a full queue: status %d, want 503", res.Status)
	}
	if got := res.Header.Get("Retry-After"); got != "2" {
		t.Errorf("Retry-After = %q, want 2", got)
	}
	if h := parseHead(t, res.Body); !strings.HasPrefix(h.Title, "Unexpected Application Error!") || !strings.Contains(h.Robots, "noindex") {
		t.Errorf("503 page: title %q robots %q; want the rendered error screen", h.Title, h.Robots)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("503 Cache-Control = %q, want no-store", cc)
	}
	if n := log.total(); n != before {
		t.Errorf("the 503 answer started %d renders, want none", n-before)
	}

	log.releaseAll()
	for name, c := range map[string]<-chan response{jobPath: held, applyPath: queued} {
		if res := waitFor(t, c, name); res.Status != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200 once the engine was free", name, res.Status)
		}
	}
}

func TestRenderCancelledWhenEveryWaiterLeaves(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	server.SetRenderDeadline(f.srv, time.Hour) // only cancellation may end the wait
	joined := make(chan string, 16)
	server.OnFlight(f.srv, func(key string) { joined <- key })

	log.setHold("/about")
	about := f.getAsync(context.Background(), "/about")
	waitFor(t, joined, "/about to miss")
	waitFor(t, log.held, "the /about render")

	// Two visitors wait for /services, which waits for the busy engine.
	ctx1, cancel1 := context.WithCancel(context.Background())
	ctx2, cancel2 := context.WithCancel(context.Background())
	first := f.getAsync(ctx1, "/services")
	second := f.getAsync(ctx2, "/services")
	waitFor(t, joined, "a visitor of /services")
	waitFor(t, joined, "a visitor of /services")
	if d := waitFor(t, log.queue, "/services to queue"); d != +1 {
		t.Fatalf("queue event %d, want +1", d)
	}

	// One leaves: the render still waits for the other.
	cancel1()
	waitFor(t, first, "the first visitor's response")
	select {
	case d := <-log.queue:
		t.Fatalf("queue event %d after one of two visitors left; the render must wait for the other", d)
	default:
	}
	// The last one leaves: the render stops waiting for an engine.
	cancel2()
	waitFor(t, second, "the second visitor's response")
	if d := waitFor(t, log.queue, "the abandoned render to leave the queue"); d != -1 {
		t.Fatalf("queue event %d, want -1", d)
	}

	log.releaseAll()
	if res := waitFor(t, about, "/about"); res.Status != http.StatusOK {
		t.Errorf("GET /about: status %d, want 200", res.Status)
	}
	if n := log.count("/services"); n != 0 {
		t.Errorf("/services rendered %d times after every visitor left, want 0", n)
	}
	// A later visitor gets a fresh render.
	if res := f.get(t, "/services"); res.Status != http.StatusOK || log.count("/services") != 1 {
		t.Errorf("GET /services later: status %d, %d renders; want 200 and 1", res.Status, log.count("/services"))
	}
}

func TestJobExpiresAtClosingDateWithoutAWrite(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	// The clock starts at 2026-11-21 12:00 UTC; the job closes that day, so
	// it is public until the UTC midnight after.
	job := f.createJob(t, "Closing Today Engineer", domain.JobOpen, dateUTC(testNow))
	f.clock.Add(1100 * time.Millisecond)
	version, err := f.store.ContentVersion(context.Background())
	if err != nil {
		t.Fatal(err)
	}

	if res := f.get(t, "/career"); !strings.Contains(rootHTML(t, res.Body), job.JobTitle) {
		t.Fatalf("GET /career does not list %q before its closing date", job.JobTitle)
	}
	if res := f.get(t, "/job/"+job.ID); res.Status != http.StatusOK {
		t.Fatalf("GET /job/%s: status %d, want 200 before its closing date", job.ID, res.Status)
	}
	renders := log.total()

	// A second before midnight both pages come from the cache.
	f.clock.Add(time.Date(2026, 11, 21, 23, 59, 59, 0, time.UTC).Sub(f.clock.Now()))
	f.get(t, "/career")
	f.get(t, "/job/"+job.ID)
	if n := log.total(); n != renders {
		t.Errorf("%d renders before the closing moment, want 0 (cached)", n-renders)
	}

	// At midnight, with no write, the job is gone.
	f.clock.Add(time.Second)
	if res := f.get(t, "/career"); strings.Contains(rootHTML(t, res.Body), job.JobTitle) {
		t.Errorf("GET /career at the UTC midnight after the closing date still lists %q", job.JobTitle)
	}
	if res := f.get(t, "/job/"+job.ID); res.Status != http.StatusGone {
		t.Errorf("GET /job/%s at the UTC midnight after the closing date: status %d, want 410", job.ID, res.Status)
	}
	if v, err := f.store.ContentVersion(context.Background()); err != nil || v != version {
		t.Errorf("content version %d, %v; want %d: nothing was written", v, err, version)
	}
}

func TestHeldCommentKeepsPagesCached(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	ctx := context.Background()
	f.get(t, "/")
	posts, err := f.store.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true, Limit: 1})
	if err != nil || len(posts) == 0 {
		t.Fatalf("ListBlogPosts = %d posts, %v", len(posts), err)
	}
	c := domain.Comment{BlogID: posts[0].ID, Name: "Spammer", Email: "s@example.com", Comment: "Buy now", Status: domain.CommentHeld}
	if err := f.store.CreateComment(ctx, &c); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(1100 * time.Millisecond)
	f.get(t, "/")
	if n := log.count("/"); n != 1 {
		t.Errorf("/ rendered %d times around a comment held for review, want 1 (still cached)", n)
	}
}

func TestRewarmAfterVersionChange(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.srv.Warm(ctx)
	if log.count("/") != 1 || log.count("/career") != 1 {
		t.Fatalf("after Warm: / rendered %d times, /career %d; want 1 each", log.count("/"), log.count("/career"))
	}

	post := domain.BlogPost{
		Title: "Rewarmed Headline", Description: "New.", Content: "<p>x</p>",
		Status: domain.PostPublished, CreatedAt: testNow, UpdatedAt: testNow,
	}
	if err := f.store.CreateBlogPost(context.Background(), &post); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(1100 * time.Millisecond)
	f.get(t, "/about") // notices the new version
	server.WaitRewarm(f.srv)

	// The pages whose data the post changed were rendered again (the new
	// post's page for the first time); the others were checked and kept.
	postPath := post.Path()
	for p, want := range map[string]int{"/": 2, "/blog": 2, postPath: 1, "/career": 1, "/about": 1, "/services": 1} {
		if n := log.count(p); n != want {
			t.Errorf("%s rendered %d times, want %d", p, n, want)
		}
	}
	// Visitors get the new content from the cache, the new post's page
	// included: no render on their requests.
	before := log.total()
	if res := f.get(t, "/"); !strings.Contains(rootHTML(t, res.Body), post.Title) {
		t.Errorf("GET / after the re-warm lacks the new post %q", post.Title)
	}
	if res := f.get(t, postPath); res.Status != http.StatusOK || !strings.Contains(rootHTML(t, res.Body), post.Title) {
		t.Errorf("GET %s after the re-warm: status %d, or the post's title missing", postPath, res.Status)
	}
	if n := log.total() - before; n != 0 {
		t.Errorf("%d renders on visitors' requests after the re-warm, want 0 (%v)", n, log.counts)
	}

	// After shutdown no re-warm starts: a request checks its own page, and
	// renders it only when its data changed.
	cancel()
	later := domain.BlogPost{Title: "Later", Description: "Later.", Content: "<p>y</p>", Status: domain.PostPublished, CreatedAt: testNow, UpdatedAt: testNow}
	if err := f.store.CreateBlogPost(context.Background(), &later); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(1100 * time.Millisecond)
	before = log.total()
	f.get(t, "/about")
	server.WaitRewarm(f.srv)
	if got := log.total() - before; got != 0 {
		t.Errorf("%d renders of an unchanged page after a change once Warm's context ended, want 0", got)
	}
	if res := f.get(t, "/"); !strings.Contains(rootHTML(t, res.Body), later.Title) || log.count("/") != 3 {
		t.Errorf("GET / after a change once Warm's context ended: %d renders of /, new post shown %v; want 3, true",
			log.count("/"), strings.Contains(res.Body, later.Title))
	}
}

// A change made through this instance is on its pages when the change's
// request answers: the pages it touched were rendered in the background
// meanwhile, and visitors' requests after it render nothing. Not
// parallel: the publish waits for the re-warm for maxWriteWait, 5 s of
// real time, which tests rendering beside it can use up (it failed so
// under -race).
func TestPublishRendersBeforeItAnswers(t *testing.T) {
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.srv.Warm(ctx)
	const title = "Pipeline Gardener"
	res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob(title))
	j := decodeInto[wire.AdminJob](t, res)
	if res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	pages := []string{"/career", "/jobs", "/job/" + j.ID, "/apply/" + j.ID}
	for _, p := range pages {
		if n := log.count(p); n < 1 {
			t.Errorf("%s not rendered by the time the publish answered", p)
		}
	}
	if n := log.count("/about"); n != 1 {
		t.Errorf("/about rendered %d times, want 1: publishing a job leaves it as it was", n)
	}
	before := log.total()
	for _, p := range pages {
		if res := f.get(t, p); res.Status != http.StatusOK || !strings.Contains(res.Body, title) {
			t.Errorf("GET %s right after publishing: %d, shows the job: %v", p, res.Status, strings.Contains(res.Body, title))
		}
	}
	if n := log.total() - before; n != 0 {
		t.Errorf("%d renders on visitors' requests right after publishing, want 0 (%v)", n, log.counts)
	}
	// Closed, its pages are gone at once and stay gone: the pages cached
	// while it was open are never served again.
	if res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/close", nil); res.Status != http.StatusOK {
		t.Fatalf("close: %d %s", res.Status, res.Body)
	}
	before = log.total()
	for range 2 {
		for _, p := range pages[2:] {
			if res := f.get(t, p); res.Status != http.StatusGone {
				t.Errorf("GET %s after closing: %d, want 410", p, res.Status)
			}
		}
		f.clock.Add(2 * time.Second)
	}
	// Rendered by the close's re-warm, the closed pages are cached too.
	if n := log.total() - before; n != 0 {
		t.Errorf("%d renders for a closed job's pages asked for twice each, want 0 (%v)", n, log.counts)
	}
}

// While the rewarmer renders a changed page again, a visitor asking for
// it gets the page as it was, at once, rather than waiting on a render.
// Not parallel: a re-warm covers stale pages for maxStaleServe, 3 s of
// real time from its start, which tests rendering beside it can use up.
func TestStalePageWhileRewarming(t *testing.T) {
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.srv.Warm(ctx)
	old := f.get(t, "/")

	post := domain.BlogPost{Title: "Held Back Headline", Description: "New.", Content: "<p>x</p>", Status: domain.PostPublished, CreatedAt: testNow, UpdatedAt: testNow}
	if err := f.store.CreateBlogPost(context.Background(), &post); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(1100 * time.Millisecond)
	log.setHold("/")
	f.get(t, "/about") // notices the change: the rewarmer starts
	waitFor(t, log.held, "the rewarmer's render of /")

	res := waitFor(t, f.getAsync(context.Background(), "/"), "GET / while its render is held")
	if res.Status != http.StatusOK || res.Body != old.Body {
		t.Errorf("GET / while the rewarmer renders it: status %d, same page as before: %v; want 200, the page as it was", res.Status, res.Body == old.Body)
	}
	if n := log.count("/"); n != 2 {
		t.Errorf("/ rendered %d times, want 2 (warm-up and the held re-render)", n)
	}
	log.releaseAll()
	server.WaitRewarm(f.srv)
	if res := f.get(t, "/"); !strings.Contains(rootHTML(t, res.Body), post.Title) {
		t.Errorf("GET / after the re-warm lacks the new post %q", post.Title)
	}
}

// With the rewarmer running, a page past the moment a job it lists
// closes is rendered again in the background: the visitor who finds it so
// has it as it was, at once, and the next one the new render.
func TestExpiredPageRenderedInBackground(t *testing.T) {
	t.Parallel()
	r, log := newCountingRenderer(t, render.Options{Size: 1})
	f := newFixture(t, func(o *server.Options) { o.Renderer = r })
	job := f.createJob(t, "Closing Tonight Engineer", domain.JobOpen, dateUTC(testNow))
	f.clock.Add(1100 * time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.srv.Warm(ctx)
	// A re-warm may still be going after Warm (its first page moved the
	// cache to the content version). Let it end: the rewarmer is to be
	// idle at the closing moment, and one still going maxStaleServe after
	// it started (a loaded machine) would have the visitor render the
	// page, held below, itself.
	server.WaitRewarm(f.srv)
	before := f.get(t, "/career")
	if !strings.Contains(rootHTML(t, before.Body), job.JobTitle) {
		t.Fatalf("GET /career does not list %q before its closing date", job.JobTitle)
	}

	f.clock.Add(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC).Sub(f.clock.Now()))
	log.setHold("/career")
	res := waitFor(t, f.getAsync(context.Background(), "/career"), "GET /career at the closing moment")
	if res.Body != before.Body {
		t.Error("GET /career at the closing moment, with the rewarmer idle, did not have the page as it was")
	}
	waitFor(t, log.held, "the rewarmer's render of /career")
	log.releaseAll()
	server.WaitRewarm(f.srv)

	renders := log.total()
	if res := f.get(t, "/career"); strings.Contains(rootHTML(t, res.Body), job.JobTitle) {
		t.Errorf("GET /career after the background render still lists %q", job.JobTitle)
	}
	if n := log.total() - renders; n != 0 {
		t.Errorf("%d renders on the visitor's request after the background render, want 0", n)
	}
}

// drain empties c.
func drain[T any](c chan T) {
	for {
		select {
		case <-c:
		default:
			return
		}
	}
}

// The not-found page of an unknown job id is made per request around the
// shared render and carries its inline style sheet: it goes out gzipped to
// a client that accepts it, and reads the same once decoded.
func TestUnknownJobPageIsCompressed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	path := "/job/" + domain.NewID()
	plain := f.get(t, path)
	res := f.do(t, http.MethodGet, path, map[string]string{"Accept-Encoding": "gzip"})
	if plain.Status != http.StatusNotFound || res.Status != http.StatusNotFound {
		t.Fatalf("GET %s: %d and %d, want 404", path, plain.Status, res.Status)
	}
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("GET %s with gzip: Content-Encoding %q, Vary %q", path, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(strings.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != plain.Body || len(res.Body)*3 > len(plain.Body) {
		t.Errorf("gzipped body of %d bytes decodes to %d bytes, want the plain page's %d and a third of its size at most", len(res.Body), len(body), len(plain.Body))
	}
}
