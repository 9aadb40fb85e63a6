package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/domain"
)

// A post that fell due while no server ran is published when one starts,
// without waiting for the scheduler's first tick.
func TestPostDueWhileDownPublishesAtStart(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, nil)
	// The store as the previous run left it: a post scheduled for an hour ago.
	a, err := app.New(context.Background(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	ctx := t.Context()
	p := domain.BlogPost{ID: "postdue000000001", Title: "Due while down", Content: "<h2>One</h2><p>Text.</p>", Status: domain.PostDraft}
	if err := a.Store().CreateBlogPost(ctx, &p); err != nil {
		t.Fatal(err)
	}
	due := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := a.Store().SchedulePost(ctx, domain.PostSchedule{PostID: p.ID, PublishAt: due, ByName: "Asha Rao", ByEmail: "asha@example.com"}); err != nil {
		t.Fatal(err)
	}
	a.Close()

	s := start(t, cfg)
	deadline := time.Now().Add(20 * time.Second)
	for {
		status, body := get(t, s.app.URL()+"blog/"+p.ID)
		if status == 200 && strings.Contains(body, "Due while down") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the post due while down is not on the site after start: %d", status)
		}
		time.Sleep(100 * time.Millisecond)
	}
	got, err := s.app.Store().GetBlogPost(ctx, p.ID)
	if err != nil || got.Status != domain.PostPublished || !got.CreatedAt.Equal(due) {
		t.Errorf("after start: %+v, %v; want published, dated %v", got, err, due)
	}
}
