package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/wire"
)

// A scheduled post is off the site until the scheduler's step at its
// time, then on its page, the blog, the sitemap and the feed.
func TestScheduledPostPublishesAtItsTime(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := t.Context()
	const title = "Scheduled unique-sched-title"
	in := wire.AdminPostInput{Title: title, Description: "Soon.", Content: "<h2>First</h2><p>One.</p>"}
	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", in))
	path := "/api/admin/posts/" + p.ID + "/schedule"

	// testNow is 21 November 2026, 17:30 IST.
	for at, want := range map[string]string{
		"":                 "Enter the date and time",
		"21/11/2026 18:00": "e.g. 2026-12-03T09:00",
		"2026-11-21T17:30": "at least 1 minute from now",
		"2027-11-21T17:31": "at most 1 year from now",
	} {
		res := f.admin(t, editor, "POST", path, wire.AdminPostScheduleInput{PublishAt: at})
		if msg := errorFields(t, res)["publishAt"]; res.Status != http.StatusUnprocessableEntity || !strings.Contains(msg, want) {
			t.Errorf("schedule at %q: %d %q, want 422 %q", at, res.Status, msg, want)
		}
	}
	// The checks of Publish, at scheduling.
	bad := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Nothing written yet"}))
	res := f.admin(t, editor, "POST", "/api/admin/posts/"+bad.ID+"/schedule", wire.AdminPostScheduleInput{PublishAt: "2026-11-21T18:00"})
	if msg := errorFields(t, res)["content"]; res.Status != http.StatusUnprocessableEntity || msg != editing.MsgPostContentRequired {
		t.Errorf("schedule of an incomplete post: %d %s", res.Status, res.Body)
	}

	res = f.admin(t, editor, "POST", path, wire.AdminPostScheduleInput{PublishAt: "2026-11-21T18:00"})
	if res.Status != http.StatusOK {
		t.Fatalf("schedule: %d %s", res.Status, res.Body)
	}
	got := decodeInto[wire.AdminPost](t, res)
	if got.Status != "draft" || got.Schedule == nil || got.Schedule.Text != "Scheduled for 21 November 2026, 18:00 IST" ||
		got.Schedule.Local != "2026-11-21T18:00" || !got.Schedule.PublishAt.Equal(testNow.Add(30*time.Minute)) {
		t.Fatalf("scheduled post = %+v %+v", got, got.Schedule)
	}
	list := decodeInto[wire.AdminPostList](t, f.admin(t, editor, "GET", "/api/admin/posts", nil))
	found := false
	for _, s := range list.Posts {
		if s.ID == p.ID {
			found = s.Schedule != nil && s.Schedule.Text == got.Schedule.Text
		}
	}
	if !found {
		t.Errorf("the list does not show the schedule: %+v", list.Posts)
	}
	// Editing a scheduled post keeps it complete.
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: title, Content: "<p>no heading</p>"})
	if res.Status != http.StatusUnprocessableEntity {
		t.Errorf("emptying a scheduled post: %d, want 422", res.Status)
	}

	if res := f.get(t, p.URL); res.Status != http.StatusNotFound {
		t.Fatalf("scheduled post page before its time: %d, want 404", res.Status)
	}
	if res := f.get(t, "/blog"); strings.Contains(res.Body, title) {
		t.Fatal("the blog lists a scheduled post before its time")
	}
	if done, err := f.srv.PublishDuePosts(ctx); err != nil || len(done) != 0 {
		t.Fatalf("step before the time: %+v, %v", done, err)
	}
	f.clock.Add(31 * time.Minute)
	if done, err := f.srv.PublishDuePosts(ctx); err != nil || len(done) != 1 || done[0].PostID != p.ID {
		t.Fatalf("step at the time: %+v, %v", done, err)
	}
	if res := f.get(t, p.URL); res.Status != http.StatusOK || !strings.Contains(res.Body, "November 21, 2026") {
		t.Errorf("post page after the step: %d (dated as scheduled?)", res.Status)
	}
	for _, page := range []string{"/blog", "/sitemap.xml", "/blog/feed.xml"} {
		if res := f.get(t, page); !strings.Contains(res.Body, p.ID) && !strings.Contains(res.Body, title) {
			t.Errorf("%s does not show the post after the step", page)
		}
	}
	after := decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID, nil))
	if after.Status != "published" || after.Schedule != nil || !after.CreatedAt.Equal(testNow.Add(30*time.Minute)) {
		t.Errorf("after the step: %s, schedule %+v, created %v", after.Status, after.Schedule, after.CreatedAt)
	}
	entries, _, err := f.store.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditPostPublished})
	if err != nil || len(entries) != 1 || entries[0].Subject != "post "+p.ID || !strings.Contains(entries[0].Detail, "by the scheduler, as Ed (ed@site.test)") {
		t.Errorf("audit = %+v, %v", entries, err)
	}
	res = f.admin(t, editor, "POST", path, wire.AdminPostScheduleInput{PublishAt: "2026-11-22T18:00"})
	if res.Status != http.StatusConflict {
		t.Errorf("scheduling a published post: %d, want 409", res.Status)
	}
}

func TestRescheduleAndUnschedulePost(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := wire.AdminPostInput{Title: "Later", Content: "<h2>First</h2><p>One.</p>"}
	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", in))
	path := "/api/admin/posts/" + p.ID + "/schedule"
	f.admin(t, editor, "POST", path, wire.AdminPostScheduleInput{PublishAt: "2026-11-22T09:00"})
	got := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", path, wire.AdminPostScheduleInput{PublishAt: "2026-12-03T09:00"}))
	if got.Schedule == nil || got.Schedule.Text != "Scheduled for 3 December 2026, 09:00 IST" {
		t.Fatalf("rescheduled: %+v", got.Schedule)
	}
	res := f.admin(t, editor, "DELETE", path, nil)
	if got := decodeInto[wire.AdminPost](t, res); res.Status != http.StatusOK || got.Schedule != nil || got.Status != "draft" {
		t.Fatalf("unschedule: %d %s", res.Status, res.Body)
	}
	if res := f.admin(t, editor, "DELETE", path, nil); res.Status != http.StatusConflict {
		t.Errorf("unschedule again: %d, want 409", res.Status)
	}
	f.clock.Add(30 * 24 * time.Hour)
	if done, err := f.srv.PublishDuePosts(t.Context()); err != nil || len(done) != 0 {
		t.Errorf("an unscheduled post published: %+v, %v", done, err)
	}
	entries, _, _ := f.store.ListAudit(t.Context(), domain.AuditFilter{Subject: "post " + p.ID})
	var actions []string
	for _, e := range entries {
		actions = append(actions, string(e.Action))
	}
	slices.Sort(actions) // one instant: the clock stands still
	if got := strings.Join(actions, ","); got != "post-scheduled,post-scheduled,post-unscheduled" {
		t.Errorf("audit actions = %s", got)
	}
}
