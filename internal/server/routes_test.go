package server_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

// TestEveryRouteGetsTheDataItReads renders every page of the route table
// through the real server bundle and fails when a page read API data that
// Go did not put into its boot data (the renderer reports such reads).
func TestEveryRouteGetsTheDataItReads(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	f := newFixture(t, func(o *server.Options) {
		o.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	routes, _ := server.PageRoutes()
	if len(routes) == 0 {
		t.Fatal("PageRoutes() is empty")
	}
	job := f.jobs(t)[0]
	post := f.posts(t)[0]
	tagPost(t, f, "Tagged for the route table", domain.PostPublished, time.Hour, "Route Check")
	for _, r := range routes {
		id := job.ID
		if strings.HasPrefix(r.Path, "/blog/") {
			id = strings.TrimPrefix(post.Path(), "/blog/") // its address (an ID redirects to its slug)
		}
		url := strings.ReplaceAll(strings.ReplaceAll(r.Path, "{id}", id), "{slug}", "route-check")
		if strings.Contains(url, "{") {
			t.Fatalf("route %s: the test does not know how to fill its wildcard", r.Path)
		}
		res := f.get(t, url)
		if res.Status != http.StatusOK {
			t.Errorf("GET %s (page %s) = %d, want 200", url, r.Page, res.Status)
		}
		if strings.Contains(res.Body, `role="status">Loading...`) {
			t.Errorf("GET %s (page %s) rendered Loading... on the server", url, r.Page)
		}
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "missing from its boot data") {
			t.Errorf("a page read API data Go did not send: %s", line)
		}
	}
}
