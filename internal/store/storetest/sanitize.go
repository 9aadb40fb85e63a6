package storetest

import (
	"context"
	"strings"
	"testing"

	"corpsite/internal/domain"
)

// hostileHTML holds what must never come back from a store in a job
// description or a post body: script, event handlers, javascript: links,
// frames and styles, and an unclosed element that would swallow the page.
const hostileHTML = `<p>Intro</p><img src=x onerror="alert(1)"><script>alert(2)</script>` +
	`<a href="javascript:alert(3)">click</a><iframe src="https://evil.example"></iframe>` +
	`<p onclick="alert(4)" style="color:red">Body <a href="https://example.com/ok">link</a></p><table><tr><td>open`

// unsafeMarkers are fragments of hostileHTML that sanitising removes.
var unsafeMarkers = []string{"<img", "onerror", "<script", "alert(2)", "javascript:", "<iframe", "onclick", "style="}

// checkClean fails unless html has lost every unsafe part of hostileHTML
// and kept its safe text and link.
func checkClean(t *testing.T, what, html string) {
	t.Helper()
	for _, bad := range unsafeMarkers {
		if strings.Contains(html, bad) {
			t.Errorf("%s keeps %q: %s", what, bad, html)
		}
	}
	for _, good := range []string{"<p>Intro</p>", `href="https://example.com/ok"`, "Body", "</table>"} {
		if !strings.Contains(html, good) {
			t.Errorf("%s lost %q: %s", what, good, html)
		}
	}
}

// Job descriptions and post bodies are sanitised on every write, so that
// no caller (staff console, import, seed) can store markup that runs in a
// visitor's browser.
func testSanitizeOnWrite(t *testing.T, st domain.Store) {
	ctx := context.Background()

	j := domain.Job{JobTitle: "Hostile", Description: hostileHTML, Status: domain.JobOpen}
	must(t, st.CreateJob(ctx, &j), "CreateJob")
	checkClean(t, "CreateJob's job", j.Description)
	got, err := st.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkClean(t, "job read back after CreateJob", got.Description)

	got.Description = "<p>Updated</p>" + hostileHTML
	must(t, st.UpdateJob(ctx, &got), "UpdateJob")
	checkClean(t, "UpdateJob's job", got.Description)
	again, err := st.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkClean(t, "job read back after UpdateJob", again.Description)

	p := domain.BlogPost{Title: "Hostile", Content: hostileHTML, Status: domain.PostPublished}
	must(t, st.CreateBlogPost(ctx, &p), "CreateBlogPost")
	checkClean(t, "CreateBlogPost's post", p.Content)
	gotP, err := st.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkClean(t, "post read back after CreateBlogPost", gotP.Content)

	gotP.Content = "<h2>Updated</h2>" + hostileHTML
	must(t, st.UpdateBlogPost(ctx, &gotP), "UpdateBlogPost")
	checkClean(t, "UpdateBlogPost's post", gotP.Content)
	list, err := st.ListBlogPosts(ctx, domain.BlogFilter{})
	must(t, err, "ListBlogPosts")
	if len(list) != 1 {
		t.Fatalf("ListBlogPosts = %d posts, want 1", len(list))
	}
	checkClean(t, "post listed after UpdateBlogPost", list[0].Content)
}
