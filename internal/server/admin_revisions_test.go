package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// A post that opens with an introduction before its first Heading 2
// publishes, and the introduction is the first slide of its page and of
// its preview.
func TestAdminPostIntroductionIsFirstSlide(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	in := wire.AdminPostInput{Title: "Moving the archive", Description: "How.", Content: "<p>An introduction-words-unique.</p><h2>Before</h2><p>A.</p><h2>After</h2><p>B.</p>"}
	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", in))
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish of a post with an introduction: %d %s", res.Status, res.Body)
	}
	for where, body := range map[string]string{
		"page":    f.get(t, p.URL).Body,
		"preview": decodeInto[wire.PagePreview](t, f.admin(t, editor, "POST", "/api/admin/posts/preview?id="+p.ID, in)).HTML,
	} {
		// The first slide holds the introduction and is the one shown.
		first := strings.Index(body, `aria-roledescription="slide"`)
		intro := strings.Index(body, "introduction-words-unique")
		before := strings.Index(body, ">Before</h2>")
		if first < 0 || intro < first || before < intro {
			t.Errorf("%s: the introduction is not the first slide (slide at %d, intro at %d, first heading at %d)", where, first, intro, before)
			continue
		}
		if slide := body[first:intro]; strings.Contains(slide, "hidden") {
			t.Errorf("%s: the introduction's slide is hidden", where)
		}
		if !strings.Contains(body, "1 of 3") {
			t.Errorf("%s: not three slides", where)
		}
	}
}

// Two members of staff edit the same job (and post): the second save,
// based on the version both loaded, is refused with 409 naming the first
// and carrying their version; nothing changes.
func TestAdminSaveConflictNamesWhoChangedIt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	other := server.Staff{ID: "staff-r2", Email: "asha@site.test", Name: "Asha Rao", Role: domain.RoleRecruiter}
	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob("Reef Mapper")))
	theirs := fullJob("Reef Mapper (theirs)")
	theirs.BaseVersion = j.Version
	if res := f.admin(t, other, "PUT", "/api/admin/jobs/"+j.ID, theirs); res.Status != http.StatusOK {
		t.Fatalf("first save: %d %s", res.Status, res.Body)
	}
	mine := fullJob("Reef Mapper (mine)")
	mine.BaseVersion = j.Version
	res := f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, mine)
	if res.Status != http.StatusConflict {
		t.Fatalf("second save on the same version: %d %s, want 409", res.Status, res.Body)
	}
	var body wire.ErrorBody
	if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
		t.Fatal(err)
	}
	c := body.Error.Conflict
	if c == nil || c.ChangedBy != "Asha Rao" || c.BaseVersion != 1 || c.Version != 2 || c.Job == nil || c.Job.JobTitle != "Reef Mapper (theirs)" || c.ChangedAt.IsZero() {
		t.Fatalf("conflict %+v, want Asha Rao's version 2", c)
	}
	if !strings.HasPrefix(body.Error.Message, "Asha Rao changed this job on ") {
		t.Errorf("message %q does not name Asha Rao", body.Error.Message)
	}
	if got, _ := f.store.GetJob(context.Background(), j.ID); got.JobTitle != "Reef Mapper (theirs)" {
		t.Errorf("the refused save changed the title to %q", got.JobTitle)
	}
	// Keeping mine: saving again based on their version.
	mine.BaseVersion = c.Version
	if res := f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, mine); res.Status != http.StatusOK {
		t.Errorf("save based on their version: %d %s", res.Status, res.Body)
	}
	// A save that names no version is refused as such.
	mine.BaseVersion = 0
	if msg := errorFields(t, f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, mine))["baseVersion"]; msg == "" {
		t.Error("a save without a base version is not refused on baseVersion")
	}

	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Tides"}))
	ed2 := server.Staff{ID: "staff-e2", Email: "ravi@site.test", Name: "", Role: domain.RoleEditor}
	if res := f.admin(t, ed2, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: "Tides", Content: "<p>Theirs.</p>", BaseVersion: 1}); res.Status != http.StatusOK {
		t.Fatalf("first post save: %d %s", res.Status, res.Body)
	}
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: "Tides", Content: "<p>Mine.</p>", BaseVersion: 1})
	if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
		t.Fatal(err)
	}
	if c := body.Error.Conflict; res.Status != http.StatusConflict || c == nil || c.ChangedBy != "ravi@site.test" || c.Post == nil || c.Post.Content != "<p>Theirs.</p>" {
		t.Errorf("stale post save: %d %s", res.Status, res.Body)
	}
}

// str is a pointer to s, for the optional fields of an input.
func str(s string) *string { return &s }

// Revisions of a post: listed newest first with who saved them, each
// readable, and restored as a new, audited save.
func TestAdminRevisionsRestore(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts", wire.AdminPostInput{
		Title: "First title", Content: "<p>First words.</p>", Slug: str("first-slug"), SEOTitle: str("First search title"), SEODescription: str("First search words."),
	}))
	p = decodeInto[wire.AdminPost](t, f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{
		Title: "Second title", Content: "<p>Second words.</p>", Slug: str("second-slug"), SEOTitle: str("Second search title"), SEODescription: str("Second search words."),
		BaseVersion: p.Version,
	}))
	list := decodeInto[wire.AdminRevisionList](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID+"/revisions", nil))
	if len(list.Revisions) != 2 || list.Revisions[0].Version != 2 || list.Revisions[1].SavedBy != "Ed" || list.Revisions[1].Status != "draft" {
		t.Fatalf("revisions %+v", list.Revisions)
	}
	old := decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID+"/revisions/1", nil))
	if old.Title != "First title" || old.Content != "<p>First words.</p>" || old.Version != 1 {
		t.Errorf("revision 1 = %+v", old)
	}
	for _, bad := range []string{"/revisions/9", "/revisions/x", "/revisions/0"} {
		if res := f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID+bad, nil); res.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, res.Status)
		}
	}
	got := decodeInto[wire.AdminPost](t, f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/revisions/1/restore", wire.RestoreInput{BaseVersion: 2}))
	if got.Version != 3 || got.Title != "First title" || got.Content != "<p>First words.</p>" || got.UpdatedBy != "Ed" {
		t.Errorf("restored post = %+v", got)
	}
	// The version's search words come back with its words; its address stays the current one.
	if got.SEOTitle != "First search title" || got.SEODescription != "First search words." || got.Slug != "second-slug" {
		t.Errorf("restored search fields %q, %q and slug %q; want version 1's search fields and the current slug", got.SEOTitle, got.SEODescription, got.Slug)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/revisions/2/restore", wire.RestoreInput{BaseVersion: 2}); res.Status != http.StatusConflict {
		t.Errorf("restore based on an older version: %d", res.Status)
	}
	if !hasAudit(t, f, "post "+p.ID, domain.AuditPostRestored, "version 1") {
		t.Error("the restore is not audited")
	}
	// A job's restore likewise.
	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob("Kelp Counter")))
	in := fullJob("Kelp Counter, renamed")
	in.BaseVersion = 1
	f.admin(t, contentRecruiter, "PUT", "/api/admin/jobs/"+j.ID, in)
	rj := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/revisions/1/restore", wire.RestoreInput{BaseVersion: 2}))
	if rj.JobTitle != "Kelp Counter" || rj.Version != 3 {
		t.Errorf("restored job %q version %d", rj.JobTitle, rj.Version)
	}
	if !hasAudit(t, f, "job "+j.ID, domain.AuditJobRestored, "version 1") {
		t.Error("the job's restore is not audited")
	}
}

// Duplicating a job makes an unpublished draft titled "Copy of …"; audited.
func TestAdminDuplicateJob(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	j := decodeInto[wire.AdminJob](t, f.admin(t, contentRecruiter, "POST", "/api/admin/jobs", fullJob("Lighthouse Keeper")))
	f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/publish", nil)
	res := f.admin(t, contentRecruiter, "POST", "/api/admin/jobs/"+j.ID+"/duplicate", nil)
	if res.Status != http.StatusCreated {
		t.Fatalf("duplicate: %d %s", res.Status, res.Body)
	}
	c := decodeInto[wire.AdminJob](t, res)
	if c.ID == j.ID || c.JobTitle != "Copy of Lighthouse Keeper" || c.Status != "draft" || c.Description != j.Description || c.LocationID != j.LocationID {
		t.Errorf("copy = %+v", c)
	}
	if res := f.get(t, "/job/"+c.ID); res.Status != http.StatusNotFound {
		t.Errorf("the copy's page: %d, want 404 (a draft)", res.Status)
	}
	if !hasAudit(t, f, "job "+j.ID, domain.AuditJobDuplicated, "copy: job "+c.ID) {
		t.Error("the duplicate is not audited")
	}
}

// hasAudit reports whether the audit log has action on subject with detail.
func hasAudit(t *testing.T, f *fixture, subject string, action domain.AuditAction, detail string) bool {
	t.Helper()
	entries, _, err := f.store.ListAudit(context.Background(), domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Subject == subject && e.Action == action && e.Detail == detail {
			return true
		}
	}
	return false
}

// A post with a cover is published only once the cover is described, and
// its page and the blog list give the description as the image's alt.
func TestAdminCoverDescriptionIsTheAlt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := domain.BlogPost{Title: "Harbour lights", Description: "About it.", Content: "<p>Words.</p>", Image: "/covers/harbour-960.jpg", Status: domain.PostDraft}
	if err := f.store.CreateBlogPost(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil)
	if msg := errorFields(t, res)["imageAlt"]; !strings.Contains(msg, "Describe the cover image") {
		t.Fatalf("publishing an undescribed cover: %d %s", res.Status, res.Body)
	}
	in := wire.AdminPostInput{Title: p.Title, Description: p.Description, Content: p.Content, ImageAlt: "  Boats moored under a lit-up-quay-unique.  ", BaseVersion: p.Version}
	saved := decodeInto[wire.AdminPost](t, f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, in))
	if saved.ImageAlt != "Boats moored under a lit-up-quay-unique." {
		t.Errorf("saved description %q", saved.ImageAlt)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{p.Path(), "/blog"} {
		if body := f.get(t, path).Body; !strings.Contains(body, `alt="Boats moored under a lit-up-quay-unique."`) {
			t.Errorf("%s does not give the description as the cover's alt", path)
		}
	}
}
