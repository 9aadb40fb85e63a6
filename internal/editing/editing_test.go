package editing_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

func post(content string) domain.BlogPost {
	return domain.BlogPost{Title: "A post", Content: content}
}

// fieldOf is the message of field in err ("" when err refuses no such
// field), failing unless err is nil or an EInvalid domain error.
func fieldOf(t *testing.T, err error, field string) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *domain.Error
	if !errors.As(err, &e) || e.Code != domain.EInvalid {
		t.Fatalf("error %v is not EInvalid", err)
	}
	return e.Fields[field]
}

// One function decides for a draft's save and for publishing: what a
// draft may hold, publishing accepts once the post has words.
func TestCheckPostSameRulesForDraftAndPublish(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content  string
		draft, publish string // the content field's message, "" = accepted
	}{
		{"an introduction before the first Heading 2", "<p>Why this matters.</p><h2>First</h2><p>A.</p>", "", ""},
		{"only an introduction", "<p>A short note.</p>", "", ""},
		{"sections only", "<h2>One</h2><p>A.</p><h2>Two</h2><p>B.</p>", "", ""},
		{"an image as the introduction", `<p><img src="/covers/a-1600.jpg" alt="A"></p><h2>One</h2>`, "", ""},
		{"an empty Heading 2 after an introduction", "<p>Intro.</p><h2> </h2><p>A.</p>", editing.MsgPostContentEmptyH2, editing.MsgPostContentEmptyH2},
		{"an empty Heading 2 first", "<h2></h2><p>A.</p>", editing.MsgPostContentEmptyH2, editing.MsgPostContentEmptyH2},
		{"nothing yet", "", "", editing.MsgPostContentRequired},
		{"empty paragraphs only", "<p> </p><p><br></p>", "", editing.MsgPostContentRequired},
		{"too long", "<p>" + strings.Repeat("a", editing.PostContentMax) + "</p>", editing.MsgPostContentLong, editing.MsgPostContentLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := fieldOf(t, editing.CheckPost(post(tc.content), false), "content"); got != tc.draft {
				t.Errorf("draft save: content %q, want %q", got, tc.draft)
			}
			if got := fieldOf(t, editing.CheckPost(post(tc.content), true), "content"); got != tc.publish {
				t.Errorf("publish: content %q, want %q", got, tc.publish)
			}
		})
	}
}

func TestCheckPostFields(t *testing.T) {
	t.Parallel()
	p := domain.BlogPost{Title: "", Description: strings.Repeat("d", editing.PostDescriptionMax+1), Content: "<p>x</p>"}
	err := editing.CheckPost(p, true)
	if got := fieldOf(t, err, "title"); got != editing.MsgPostTitleRequired {
		t.Errorf("title: %q", got)
	}
	if got := fieldOf(t, err, "description"); got != editing.MsgPostDescriptionLong {
		t.Errorf("description: %q", got)
	}
	if domain.ErrorMessage(err) != editing.MsgPostNotPublishable {
		t.Errorf("message %q, want the publishing one", domain.ErrorMessage(err))
	}
	if got := fieldOf(t, editing.CheckPost(domain.BlogPost{Title: "Two\nlines"}, false), "title"); got != editing.MsgPostTitleLine {
		t.Errorf("title with a line break: %q", got)
	}
}

// A post with a cover needs the cover described to be published; the
// description's own limits hold for a draft too.
func TestCheckPostCoverDescription(t *testing.T) {
	t.Parallel()
	p := domain.BlogPost{Title: "A post", Content: "<p>Words.</p>", Image: "/covers/a-960.jpg"}
	if got := fieldOf(t, editing.CheckPost(p, false), "imageAlt"); got != "" {
		t.Errorf("draft with an undescribed cover: %q, want it saved", got)
	}
	if got := fieldOf(t, editing.CheckPost(p, true), "imageAlt"); got != editing.MsgPostImageAltMissing {
		t.Errorf("publishing an undescribed cover: %q", got)
	}
	p.ImageAlt = "Three engineers at a whiteboard."
	if err := editing.CheckPost(p, true); err != nil {
		t.Errorf("publishing a described cover: %v", err)
	}
	if err := editing.CheckPost(domain.BlogPost{Title: "No cover", Content: "<p>x</p>"}, true); err != nil {
		t.Errorf("publishing a post without a cover: %v", err)
	}
	p.ImageAlt = strings.Repeat("a", editing.PostImageAltMax+1)
	if got := fieldOf(t, editing.CheckPost(p, false), "imageAlt"); got != editing.MsgPostImageAltLong {
		t.Errorf("long description: %q", got)
	}
	p.ImageAlt = "two\nlines"
	if got := fieldOf(t, editing.CheckPost(p, false), "imageAlt"); got != editing.MsgPostImageAltLine {
		t.Errorf("description with a line break: %q", got)
	}
}

func TestCheckBase(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 26, 16, 4, 0, 0, time.UTC)
	if err := editing.CheckBase("job", 3, 3, "Priya", at); err != nil {
		t.Errorf("save based on the stored version: %v", err)
	}
	err := editing.CheckBase("job", 2, 3, "Priya Sharma", at)
	var c *editing.Conflict
	if !errors.As(err, &c) {
		t.Fatalf("save based on an older version: %v, want a Conflict", err)
	}
	if domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("code %q, want conflict", domain.ErrorCode(err))
	}
	msg := domain.ErrorMessage(err)
	for _, want := range []string{"Priya Sharma changed this job", "26 Nov 2026 at 16:04 UTC", "version 2", "version 3"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	c.Zone = time.FixedZone("IST", 5*3600+1800)
	if msg := domain.ErrorMessage(c); !strings.Contains(msg, "26 Nov 2026 at 21:34 IST") {
		t.Errorf("message %q does not give the time in the site's zone", msg)
	}
	if !strings.HasPrefix(domain.ErrorMessage(editing.CheckBase("post", 1, 2, "", at)), "Someone else changed this post") {
		t.Error("a conflict with no one named does not say someone else")
	}
	for _, base := range []int{0, -1, 4} {
		if got := fieldOf(t, editing.CheckBase("job", base, 3, "", at), "baseVersion"); got != editing.MsgBaseVersion {
			t.Errorf("base %d: %q, want the base version refused", base, got)
		}
	}
	j := domain.Job{ID: "j", Version: 5, UpdatedBy: "Ravi", UpdatedAt: at}
	if !errors.As(editing.CheckJobBase(j, 4), &c) || c.Job == nil || c.Job.Version != 5 || c.By != "Ravi" {
		t.Errorf("CheckJobBase conflict %+v does not carry the stored job", c)
	}
}

func TestCopyOfJob(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	future := time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	past := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	minY, maxY := 2, 4
	j := domain.Job{
		ID: "j1", JobTitle: "Go Engineer", Status: domain.JobOpen, Version: 7, UpdatedBy: "Asha",
		CreatedAt: now.Add(-time.Hour), UpdatedAt: now, ClosingDate: &future, YearsMin: &minY, YearsMax: &maxY,
		Description: "<p>x</p>", LocationID: "loc", SalaryMin: 10,
	}
	c := editing.CopyOfJob(j, now)
	if c.ID != "" || c.Status != domain.JobDraft || c.Version != 0 || c.UpdatedBy != "" || !c.CreatedAt.IsZero() {
		t.Errorf("copy %+v is not a new draft", c)
	}
	if c.JobTitle != "Copy of Go Engineer" || c.Description != j.Description || c.LocationID != "loc" || c.SalaryMin != 10 {
		t.Errorf("copy %+v lost the job's fields", c)
	}
	if c.ClosingDate == nil || !c.ClosingDate.Equal(future) || c.ClosingDate == j.ClosingDate || c.YearsMin == j.YearsMin {
		t.Error("the copy's dates and years are not copies of the job's")
	}
	j.ClosingDate = &past
	if editing.CopyOfJob(j, now).ClosingDate != nil {
		t.Error("a closing date that has passed is copied")
	}
	j.JobTitle = strings.Repeat("é", editing.JobTitleMax)
	if got := editing.CopyOfJob(j, now).JobTitle; len([]rune(got)) != editing.JobTitleMax || !strings.HasPrefix(got, "Copy of ") {
		t.Errorf("long title copied as %d characters", len([]rune(got)))
	}
}

// Every image in a published post's text has alt text; a draft may hold
// one without while it is written. The message says which images lack it.
func TestCheckPostBodyImageAlt(t *testing.T) {
	t.Parallel()
	img := func(alt string) string {
		return `<img src="/covers/harbour-1600.jpg" alt="` + alt + `" width="1600" height="900">`
	}
	tests := []struct {
		name, content, publish string
	}{
		{"every image described", "<p>Intro.</p>" + img("The harbour") + "<h2>Two</h2><figure>" + img("A crane") + "<figcaption>c</figcaption></figure>", ""},
		{"no alt attribute", `<p>Intro.</p><img src="/covers/harbour-1600.jpg">`,
			editing.MsgPostBodyImageAlt + "image 1 (in the introduction) has none. Describe what it shows in the image's alt text."},
		{"blank alt in a figure", "<p>Intro.</p>" + img("The harbour") + "<h2>Our process</h2><figure>" + img("  ") + "<figcaption>Caption only</figcaption></figure>",
			editing.MsgPostBodyImageAlt + "image 2 (in “Our process”) has none. Describe what it shows in the image's alt text."},
		{"several", img("") + "<h2>A</h2>" + img("x") + "<p>" + img("") + "</p><h2>B</h2>" + img(""),
			editing.MsgPostBodyImageAlt + "image 1 (in the introduction), image 3 (in “A”) and image 4 (in “B”) have none. Describe what each shows in the image's alt text."},
		{"a foreign image is removed, not refused", `<p>Intro.</p><img src="https://example.com/x.jpg">`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := fieldOf(t, editing.CheckPost(post(tc.content), false), "content"); got != "" {
				t.Errorf("draft save: content %q, want it accepted", got)
			}
			err := editing.CheckPost(post(tc.content), true)
			if got := fieldOf(t, err, "content"); got != tc.publish {
				t.Errorf("publish: content %q\nwant %q", got, tc.publish)
			}
		})
	}
}
