package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

// revisionTests are the contract cases of versions and revisions of jobs
// and posts, and of the console's editing use cases built on them
// (package editing): conflicting saves, pruning, restoring, duplicating.
var revisionTests = []contractTest{
	{"Revisions/StaleSaveConflicts", testRevisionConflict},
	{"Revisions/PrunedToLast50", testRevisionPrune},
	{"Revisions/RestorePost", testRevisionRestorePost},
	{"Revisions/RestoreJob", testRevisionRestoreJob},
	{"Revisions/DuplicateJob", testRevisionDuplicate},
	{"Revisions/DeleteDropsThem", testRevisionDelete},
	{"Blog/IntroductionBeforeFirstHeading", testBlogIntroduction},
}

func wantVersions(t *testing.T, op string, revs []domain.Revision, want ...int) {
	t.Helper()
	got := make([]int, len(revs))
	for i, r := range revs {
		got[i] = r.Version
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: versions %v, want %v", op, got, want)
	}
}

func testRevisionConflict(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-1", t0, domain.JobDraft)
	j.UpdatedBy = "Asha"
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	if j.Version != 1 {
		t.Fatalf("a new job's version is %d, want 1", j.Version)
	}
	// Two editors open version 1; the first saves.
	mine, theirs := j, j
	theirs.JobTitle = "Their title"
	must(t, editing.SaveJob(ctx, s, &theirs, 1, "Ravi Kumar"), "first save")
	if theirs.Version != 2 || theirs.UpdatedBy != "Ravi Kumar" {
		t.Errorf("after the first save: version %d by %q, want 2 by Ravi Kumar", theirs.Version, theirs.UpdatedBy)
	}
	// The second, based on version 1 too, is refused and names the first.
	mine.JobTitle = "My title"
	err := editing.SaveJob(ctx, s, &mine, 1, "Asha")
	var c *editing.Conflict
	if !errors.As(err, &c) {
		t.Fatalf("save based on version 1 after version 2: %v, want a Conflict", err)
	}
	wantCode(t, err, domain.EConflict, "stale SaveJob")
	if c.By != "Ravi Kumar" || c.Base != 1 || c.Current != 2 || c.Job == nil || c.Job.JobTitle != "Their title" {
		t.Errorf("conflict %+v does not name Ravi Kumar's version 2", c)
	}
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	if got.JobTitle != "Their title" || got.Version != 2 {
		t.Errorf("the refused save changed the job: %q version %d", got.JobTitle, got.Version)
	}
	// The store itself refuses an update based on another version.
	stale := got
	stale.Version = 1
	err = s.UpdateJob(ctx, &stale)
	wantCode(t, err, domain.EConflict, "UpdateJob of version 1")
	if !errors.Is(err, domain.ErrStaleVersion) {
		t.Errorf("UpdateJob of version 1: %v, want ErrStaleVersion", err)
	}

	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	first := p
	first.Content = "<p>Theirs.</p>"
	must(t, editing.SavePost(ctx, s, &first, 1, "Ravi Kumar"), "first post save")
	second := p
	second.Content = "<p>Mine.</p>"
	if err := editing.SavePost(ctx, s, &second, 1, "Asha"); !errors.As(err, &c) || c.Post == nil || c.Post.Content != "<p>Theirs.</p>" || c.By != "Ravi Kumar" {
		t.Errorf("stale post save: %v (%+v), want a Conflict with Ravi Kumar's post", err, c)
	}
	wantCode(t, s.UpdateBlogPost(ctx, &p), domain.EConflict, "UpdateBlogPost of version 1")
}

func testRevisionPrune(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	for i := 2; i <= domain.RevisionsKept+10; i++ {
		p.Content = fmt.Sprintf("<p>Save %d.</p>", i)
		must(t, editing.SavePost(ctx, s, &p, p.Version, fmt.Sprintf("editor %d", i)), "SavePost")
	}
	if p.Version != 60 {
		t.Fatalf("after 59 saves the version is %d, want 60", p.Version)
	}
	revs, err := s.PostRevisions(ctx, p.ID)
	must(t, err, "PostRevisions")
	want := make([]int, 0, domain.RevisionsKept)
	for v := 60; v > 10; v-- {
		want = append(want, v)
	}
	wantVersions(t, "PostRevisions", revs, want...)
	if len(revs) > 0 && (revs[0].SavedBy != "editor 60" || revs[0].Post.Content != "<p>Save 60.</p>" || revs[0].Post.Version != 60) {
		t.Errorf("newest revision %+v is not the last save", revs[0])
	}
	_, err = s.PostRevision(ctx, p.ID, 10)
	wantCode(t, err, domain.ENotFound, "PostRevision of a pruned version")
	r, err := s.PostRevision(ctx, p.ID, 30)
	must(t, err, "PostRevision(30)")
	if r.Post.Content != "<p>Save 30.</p>" || r.SavedBy != "editor 30" || r.Post.Title != p.Title {
		t.Errorf("revision 30 = %+v by %q", r.Post, r.SavedBy)
	}

	// Jobs are pruned the same way, and one item's pruning leaves another's.
	j := newJob("job-1", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	other := newJob("job-2", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &other), "CreateJob")
	for range domain.RevisionsKept + 1 {
		must(t, editing.SaveJob(ctx, s, &j, j.Version, "x"), "SaveJob")
	}
	jr, err := s.JobRevisions(ctx, j.ID)
	must(t, err, "JobRevisions")
	if len(jr) != domain.RevisionsKept || jr[0].Version != 52 || jr[len(jr)-1].Version != 3 {
		t.Errorf("job revisions: %d, from %d", len(jr), jr[0].Version)
	}
	or, err := s.JobRevisions(ctx, other.ID)
	must(t, err, "JobRevisions")
	wantVersions(t, "the other job's revisions", or, 1)
}

func testRevisionRestorePost(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	p.Content = "<p>The first words.</p><h2>One</h2><p>A.</p>"
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	p.Title, p.Content = "Second title", "<h2>Other</h2><p>B.</p>"
	must(t, editing.SavePost(ctx, s, &p, 1, "Ravi"), "SavePost")

	got, err := editing.RestorePost(ctx, s, p.ID, 1, 2, "Asha", false)
	must(t, err, "RestorePost")
	if got.Version != 3 || got.Content != "<p>The first words.</p><h2>One</h2><p>A.</p>" || got.Title != "Why we write boring code post-1" ||
		got.Status != domain.PostPublished || got.UpdatedBy != "Asha" || got.Image != p.Image {
		t.Errorf("restored post = %+v", got)
	}
	stored, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost after RestorePost", got, stored)
	revs, err := s.PostRevisions(ctx, p.ID)
	must(t, err, "PostRevisions")
	wantVersions(t, "PostRevisions after a restore", revs, 3, 2, 1)

	// A restore is a save: based on an older version, it conflicts.
	var c *editing.Conflict
	if _, err := editing.RestorePost(ctx, s, p.ID, 2, 2, "Ravi", false); !errors.As(err, &c) || c.By != "Asha" {
		t.Errorf("restore based on version 2 of version 3: %v, want a Conflict naming Asha", err)
	}
	_, err = editing.RestorePost(ctx, s, p.ID, 9, 3, "Ravi", false)
	wantCode(t, err, domain.ENotFound, "RestorePost of a version never saved")
}

func testRevisionRestoreJob(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-1", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	j.JobTitle, j.Description, j.SalaryMax = "Renamed", "<p>Changed.</p>", 4_000_000
	must(t, editing.SaveJob(ctx, s, &j, 1, "Ravi"), "SaveJob")
	j.Status = domain.JobClosed
	must(t, s.UpdateJobFrom(ctx, &j, domain.JobDraft), "UpdateJobFrom (closed)")

	checked := 0
	check := func(was, next domain.Job) error {
		checked++
		if was.JobTitle != "Renamed" || next.JobTitle != "Senior Go Engineer job-1" {
			t.Errorf("check saw %q → %q", was.JobTitle, next.JobTitle)
		}
		return nil
	}
	got, err := editing.RestoreJob(ctx, s, j.ID, 1, 3, "Asha", check)
	must(t, err, "RestoreJob")
	if checked != 1 {
		t.Errorf("the save's rules were checked %d times", checked)
	}
	if got.Version != 4 || got.JobTitle != "Senior Go Engineer job-1" || got.Description != "<p>Build <strong>things</strong> that last.</p>" ||
		got.SalaryMax != 3_200_000 || got.Status != domain.JobClosed || got.UpdatedBy != "Asha" {
		t.Errorf("restored job = %+v", got)
	}
	stored, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkDiff(t, "GetJob after RestoreJob", got, stored)

	refuse := func(was, next domain.Job) error { return domain.Errorf(domain.EInvalid, "no") }
	_, err = editing.RestoreJob(ctx, s, j.ID, 2, 4, "Asha", refuse)
	wantCode(t, err, domain.EInvalid, "RestoreJob refused by the save's rules")
	if again, _ := s.GetJob(ctx, j.ID); again.Version != 4 {
		t.Errorf("a refused restore saved version %d", again.Version)
	}
}

func testRevisionDuplicate(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-1", t0, domain.JobOpen)
	j.ClosingDate = ptr(time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 1, 0))
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	c, err := editing.DuplicateJob(ctx, s, j.ID, "Asha", time.Now())
	must(t, err, "DuplicateJob")
	if c.ID == j.ID || !domain.ValidID(c.ID) || c.JobTitle != "Copy of Senior Go Engineer job-1" || c.Status != domain.JobDraft ||
		c.Version != 1 || c.UpdatedBy != "Asha" || c.Description != j.Description || c.ClosingDate == nil || !c.ClosingDate.Equal(*j.ClosingDate) {
		t.Errorf("copy = %+v", c)
	}
	stored, err := s.GetJob(ctx, c.ID)
	must(t, err, "GetJob of the copy")
	checkDiff(t, "GetJob of the copy", c, stored)
	orig, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkDiff(t, "the original after DuplicateJob", j, orig)
	revs, err := s.JobRevisions(ctx, c.ID)
	must(t, err, "JobRevisions")
	wantVersions(t, "the copy's revisions", revs, 1)
	_, err = editing.DuplicateJob(ctx, s, "missing", "Asha", time.Now())
	wantCode(t, err, domain.ENotFound, "DuplicateJob of a missing job")
}

func testRevisionDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-1", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	must(t, editing.SaveJob(ctx, s, &j, 1, ""), "SaveJob")
	must(t, s.DeleteJob(ctx, j.ID), "DeleteJob")
	revs, err := s.JobRevisions(ctx, j.ID)
	must(t, err, "JobRevisions")
	wantVersions(t, "revisions of a deleted job", revs)
	// A new job with the same ID starts again from version 1.
	again := newJob("job-1", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &again), "CreateJob again")

	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	must(t, s.DeleteBlogPost(ctx, p.ID), "DeleteBlogPost")
	prevs, err := s.PostRevisions(ctx, p.ID)
	must(t, err, "PostRevisions")
	wantVersions(t, "revisions of a deleted post", prevs)
}

// An introduction before the first Heading 2 passes the rules of a draft
// and of publishing alike, and is stored as written (it is the page's
// first slide).
func testBlogIntroduction(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostDraft)
	p.Content = "<p>Why we moved.</p><h2>Before</h2><p>A.</p><h2>After</h2><p>B.</p>"
	must(t, editing.CheckPost(p, false), "CheckPost (draft)")
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	must(t, editing.CheckPost(p, true), "CheckPost (publish)")
	p.Status = domain.PostPublished
	must(t, s.UpdateBlogPostFrom(ctx, &p, domain.PostDraft), "publish")
	got, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	if got.Content != "<p>Why we moved.</p><h2>Before</h2><p>A.</p><h2>After</h2><p>B.</p>" || got.Status != domain.PostPublished {
		t.Errorf("stored %q (%s)", got.Content, got.Status)
	}
}
