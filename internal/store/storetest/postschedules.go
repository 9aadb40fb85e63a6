package storetest

import (
	"slices"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// postScheduleTests are the contract cases of scheduled publishing of
// blog posts.
var postScheduleTests = []contractTest{
	{"PostSchedule/SetReplaceRemove", testPostScheduleRoundTrip},
	{"PostSchedule/DraftsOnly", testPostScheduleDraftsOnly},
	{"PostSchedule/PublishDue", testPostSchedulePublishDue},
	{"PostSchedule/ConcurrentPublishOnce", testPostScheduleConcurrent},
	{"PostSchedule/GoesWithPublishAndDelete", testPostScheduleGoes},
}

func schedule(id string, at time.Time) domain.PostSchedule {
	return domain.PostSchedule{PostID: id, PublishAt: at, ByID: "staff-1", ByName: "Asha Rao", ByEmail: "asha@example.com", At: t0}
}

func testPostScheduleRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	at := t0.Add(48 * time.Hour).Truncate(time.Microsecond)
	must(t, s.SchedulePost(ctx, schedule("post-1", at)), "SchedulePost")
	got, err := s.PostSchedules(ctx, []string{"post-1", "other"})
	must(t, err, "PostSchedules")
	sc, ok := got["post-1"]
	if len(got) != 1 || !ok || !sc.PublishAt.Equal(at) || sc.PublishAt.Location() != time.UTC ||
		sc.ByID != "staff-1" || sc.ByName != "Asha Rao" || sc.ByEmail != "asha@example.com" || !sc.At.Equal(t0.Truncate(time.Microsecond)) {
		t.Fatalf("PostSchedules = %+v", got)
	}
	later := at.Add(time.Hour)
	re := schedule("post-1", later)
	re.ByName = "Vikram"
	must(t, s.SchedulePost(ctx, re), "SchedulePost (again)")
	got, err = s.PostSchedules(ctx, []string{"post-1"})
	must(t, err, "PostSchedules")
	if sc := got["post-1"]; !sc.PublishAt.Equal(later) || sc.ByName != "Vikram" {
		t.Errorf("rescheduled = %+v", sc)
	}
	if p, err := s.GetBlogPost(ctx, "post-1"); err != nil || p.Status != domain.PostDraft {
		t.Errorf("scheduled post = %+v, %v; want a draft", p, err)
	}
	must(t, s.UnschedulePost(ctx, "post-1"), "UnschedulePost")
	wantCode(t, s.UnschedulePost(ctx, "post-1"), domain.ENotFound, "UnschedulePost (none)")
	got, err = s.PostSchedules(ctx, []string{"post-1"})
	if err != nil || len(got) != 0 {
		t.Errorf("after UnschedulePost: %+v, %v", got, err)
	}
	if got, err := s.PostSchedules(ctx, nil); err != nil || len(got) != 0 {
		t.Errorf("PostSchedules(nil) = %+v, %v", got, err)
	}
	many := make([]string, domain.PostSchedulesMax+1)
	for i := range many {
		many[i] = "x"
	}
	if _, err := s.PostSchedules(ctx, many); err == nil {
		t.Errorf("PostSchedules of %d posts: no error", len(many))
	}
}

func testPostScheduleDraftsOnly(t *testing.T, s domain.Store) {
	ctx := t.Context()
	wantCode(t, s.SchedulePost(ctx, schedule("missing", t0)), domain.ENotFound, "SchedulePost(missing)")
	p := newPost("post-1", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	v0, err := s.ContentVersion(ctx)
	must(t, err, "ContentVersion")
	wantCode(t, s.SchedulePost(ctx, schedule("post-1", t0)), domain.EConflict, "SchedulePost(published)")
	if got, _ := s.PostSchedules(ctx, []string{"post-1"}); len(got) != 0 {
		t.Errorf("a published post got a schedule: %+v", got)
	}
	d := newPost("post-2", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &d), "CreateBlogPost")
	v1, _ := s.ContentVersion(ctx)
	must(t, s.SchedulePost(ctx, schedule("post-2", t0)), "SchedulePost")
	if v2, _ := s.ContentVersion(ctx); v2 != v1 || v1 != v0 {
		t.Errorf("content version %d → %d → %d; scheduling a draft changes no page", v0, v1, v2)
	}
}

func testPostSchedulePublishDue(t *testing.T, s domain.Store) {
	ctx := t.Context()
	now := time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC)
	for i, at := range []time.Time{now.Add(-time.Hour), now, now.Add(time.Second)} {
		id := []string{"early", "ontime", "later"}[i]
		p := newPost(id, t0, domain.PostDraft)
		p.Tags = []string{"Cloud", "Go"}
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
		must(t, s.SchedulePost(ctx, schedule(id, at)), "SchedulePost")
	}
	due, err := s.DuePostSchedules(ctx, now, 10)
	must(t, err, "DuePostSchedules")
	if len(due) != 2 || due[0].PostID != "early" || due[1].PostID != "ontime" {
		t.Fatalf("DuePostSchedules = %+v; want early, ontime", due)
	}
	if one, err := s.DuePostSchedules(ctx, now, 1); err != nil || len(one) != 1 || one[0].PostID != "early" {
		t.Errorf("DuePostSchedules(limit 1) = %+v, %v", one, err)
	}
	if _, done, err := s.PublishScheduledPost(ctx, "later", now); err != nil || done {
		t.Errorf("PublishScheduledPost(not yet due) = %v, %v; want false", done, err)
	}
	v0, _ := s.ContentVersion(ctx)
	sc, done, err := s.PublishScheduledPost(ctx, "early", now)
	if err != nil || !done || sc.ByName != "Asha Rao" || !sc.PublishAt.Equal(now.Add(-time.Hour)) {
		t.Fatalf("PublishScheduledPost = %+v, %v, %v", sc, done, err)
	}
	p, err := s.GetBlogPost(ctx, "early")
	must(t, err, "GetBlogPost")
	if p.Status != domain.PostPublished || !p.CreatedAt.Equal(now.Add(-time.Hour)) {
		t.Errorf("published post: status %s, created %v; want published at the scheduled time", p.Status, p.CreatedAt)
	}
	if v1, _ := s.ContentVersion(ctx); v1 <= v0 {
		t.Errorf("content version %d → %d; publishing must bump it", v0, v1)
	}
	// The publishing is a save: a new version by the schedule, kept as a revision.
	if p.Version != 2 || p.UpdatedBy != domain.ScheduledBy("Asha Rao") {
		t.Errorf("published post: version %d by %q; want 2 by %q", p.Version, p.UpdatedBy, domain.ScheduledBy("Asha Rao"))
	}
	revs, err := s.PostRevisions(ctx, "early")
	must(t, err, "PostRevisions")
	if len(revs) != 2 || revs[0].Version != 2 || revs[0].SavedBy != domain.ScheduledBy("Asha Rao") || revs[0].Post == nil ||
		revs[0].Post.Status != domain.PostPublished || !slices.Equal(revs[0].Post.Tags, []string{"Cloud", "Go"}) {
		t.Errorf("revisions after the scheduled publishing = %+v; want version 2, published, by the schedule, tags kept", revs)
	}
	if _, done, err := s.PublishScheduledPost(ctx, "early", now); err != nil || done {
		t.Errorf("PublishScheduledPost again = %v, %v; want false", done, err)
	}
	if due, _ := s.DuePostSchedules(ctx, now, 10); len(due) != 1 || due[0].PostID != "ontime" {
		t.Errorf("due after publishing = %+v", due)
	}
	// Rescheduled later meanwhile: not published.
	must(t, s.SchedulePost(ctx, schedule("ontime", now.Add(time.Hour))), "SchedulePost (later)")
	if _, done, err := s.PublishScheduledPost(ctx, "ontime", now); err != nil || done {
		t.Errorf("PublishScheduledPost(rescheduled) = %v, %v; want false", done, err)
	}
	if p, _ := s.GetBlogPost(ctx, "ontime"); p.Status != domain.PostDraft {
		t.Errorf("rescheduled post is %s", p.Status)
	}
}

func testPostScheduleConcurrent(t *testing.T, s domain.Store) {
	ctx := t.Context()
	now := time.Date(2026, 12, 3, 3, 30, 0, 0, time.UTC)
	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	must(t, s.SchedulePost(ctx, schedule("post-1", now)), "SchedulePost")
	v0, _ := s.ContentVersion(ctx)
	const n = 8
	var wg sync.WaitGroup
	results := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, results[i], errs[i] = s.PublishScheduledPost(ctx, "post-1", now)
		}()
	}
	wg.Wait()
	published := 0
	for i := range n {
		must(t, errs[i], "PublishScheduledPost")
		if results[i] {
			published++
		}
	}
	if published != 1 {
		t.Errorf("%d of %d racing calls published the post; want exactly 1", published, n)
	}
	if v1, _ := s.ContentVersion(ctx); v1 != v0+1 {
		t.Errorf("content version %d → %d; want one bump", v0, v1)
	}
}

func testPostScheduleGoes(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for _, id := range []string{"post-1", "post-2"} {
		p := newPost(id, t0, domain.PostDraft)
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
		must(t, s.SchedulePost(ctx, schedule(id, t0.Add(time.Hour))), "SchedulePost")
	}
	p, err := s.GetBlogPost(ctx, "post-1")
	must(t, err, "GetBlogPost")
	p.Title = "Edited, still a draft"
	must(t, s.UpdateBlogPostFrom(ctx, &p, domain.PostDraft), "UpdateBlogPostFrom (draft)")
	if got, _ := s.PostSchedules(ctx, []string{"post-1"}); len(got) != 1 {
		t.Errorf("editing a scheduled draft dropped its schedule")
	}
	p.Status = domain.PostPublished
	must(t, s.UpdateBlogPostFrom(ctx, &p, domain.PostDraft), "UpdateBlogPostFrom (publish)")
	must(t, s.DeleteBlogPost(ctx, "post-2"), "DeleteBlogPost")
	if got, _ := s.PostSchedules(ctx, []string{"post-1", "post-2"}); len(got) != 0 {
		t.Errorf("schedules left after publishing and deleting: %+v", got)
	}
	// Unpublished again, it stays a plain draft.
	p.Status = domain.PostDraft
	must(t, s.UpdateBlogPostFrom(ctx, &p, domain.PostPublished), "UpdateBlogPostFrom (unpublish)")
	if due, _ := s.DuePostSchedules(ctx, t0.Add(2*time.Hour), 10); len(due) != 0 {
		t.Errorf("due after publish and delete = %+v", due)
	}
}
