package storetest

import (
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// moderationTests are the contract cases of contact messages, comment moderation and the outbox screen.
var moderationTests = []contractTest{
	{"Contact/DefaultStatusNew", testContactDefaultStatus},
	{"Contact/Folders", testContactFolders},
	{"Contact/NotSpam", testContactNotSpam},
	{"Comment/Review", testCommentReview},
	{"Comment/BulkStatus", testCommentBulkStatus},
	{"Comment/BulkDelete", testCommentBulkDelete},
	{"Comment/BulkBounds", testCommentBulkBounds},
	{"Outbox/CountAndPage", testOutboxCountPage},
	{"Outbox/RetryNow", testOutboxRetryNow},
}

func testContactDefaultStatus(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("m-1", t0)
	m.Status = ""
	must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	if m.Status != domain.ContactNew {
		t.Errorf("CreateContactMessage without a status: Status = %q, want new", m.Status)
	}
	got, err := s.GetContactMessage(ctx, "m-1")
	must(t, err, "GetContactMessage")
	if got.Status != domain.ContactNew {
		t.Errorf("stored Status = %q, want new", got.Status)
	}
}

// contactFixtures stores one message of each status, in and out of spam,
// one minute apart in the order given (so newest first is the reverse).
func contactFixtures(t *testing.T, s domain.Store) {
	t.Helper()
	for i, f := range []struct {
		id     string
		status domain.ContactStatus
		spam   bool
	}{
		{"new-1", domain.ContactNew, false},
		{"read-1", domain.ContactRead, false},
		{"arch-1", domain.ContactArchived, false},
		{"spam-new", domain.ContactNew, true},
		{"spam-arch", domain.ContactArchived, true},
		{"new-2", domain.ContactNew, false},
	} {
		m := newContact(f.id, at(time.Duration(i)*time.Minute))
		m.Status, m.Spam = f.status, f.spam
		must(t, createContact(t.Context(), s, &m, nil), "CreateContactMessage")
	}
}

func testContactFolders(t *testing.T, s domain.Store) {
	ctx := t.Context()
	contactFixtures(t, s)
	for _, tc := range []struct {
		f    domain.ContactFilter
		want []string
	}{
		{domain.ContactFilter{}, []string{"new-2", "spam-arch", "spam-new", "arch-1", "read-1", "new-1"}},
		{domain.ContactFilter{Folder: domain.FolderInbox}, []string{"new-2", "read-1", "new-1"}},
		{domain.ContactFilter{Folder: domain.FolderArchived}, []string{"arch-1"}},
		{domain.ContactFilter{Folder: domain.FolderSpam}, []string{"spam-arch", "spam-new"}},
		{domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew}, []string{"new-2", "new-1"}},
		{domain.ContactFilter{Folder: domain.FolderInbox, Limit: 2}, []string{"new-2", "read-1"}},
		{domain.ContactFilter{Folder: domain.FolderInbox, Limit: 2, Offset: 2}, []string{"new-1"}},
		{domain.ContactFilter{Folder: domain.FolderInbox, Offset: 5}, []string{}},
	} {
		what := fmt.Sprintf("%+v", tc.f)
		got, err := s.ListContactMessages(ctx, tc.f)
		must(t, err, "ListContactMessages")
		checkDiff(t, "ListContactMessages("+what+") IDs", tc.want, ids(got, contactID))
		if tc.f.Limit == 0 && tc.f.Offset == 0 {
			n, err := s.CountContactMessages(ctx, tc.f)
			must(t, err, "CountContactMessages")
			if n != len(tc.want) {
				t.Errorf("CountContactMessages(%s) = %d, want %d", what, n, len(tc.want))
			}
		}
	}
	// Count ignores the page.
	n, err := s.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Limit: 1, Offset: 1})
	must(t, err, "CountContactMessages")
	if n != 3 {
		t.Errorf("CountContactMessages(inbox, paged) = %d, want 3", n)
	}

	// Archiving moves a message out of the inbox; reading keeps it there.
	must(t, s.SetContactStatus(ctx, "new-1", domain.ContactArchived), "SetContactStatus")
	must(t, s.SetContactStatus(ctx, "new-2", domain.ContactRead), "SetContactStatus")
	got, err := s.ListContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox})
	must(t, err, "ListContactMessages")
	checkDiff(t, "inbox after archiving new-1", []string{"new-2", "read-1"}, ids(got, contactID))
	if n, _ := s.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew}); n != 0 {
		t.Errorf("unread after reading and archiving = %d, want 0", n)
	}
	// A spam message's status changes without leaving the Spam folder.
	must(t, s.SetContactStatus(ctx, "spam-new", domain.ContactRead), "SetContactStatus")
	got, err = s.ListContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderSpam})
	must(t, err, "ListContactMessages")
	checkDiff(t, "spam after reading one", []string{"spam-arch", "spam-new"}, ids(got, contactID))
}

func testContactNotSpam(t *testing.T, s domain.Store) {
	ctx := t.Context()
	contactFixtures(t, s)
	must(t, s.MarkContactNotSpam(ctx, "spam-new"), "MarkContactNotSpam")
	must(t, s.MarkContactNotSpam(ctx, "spam-arch"), "MarkContactNotSpam")
	must(t, s.MarkContactNotSpam(ctx, "new-1"), "MarkContactNotSpam of a message that is not spam")
	got, err := s.GetContactMessage(ctx, "spam-new")
	must(t, err, "GetContactMessage")
	if got.Spam || got.Status != domain.ContactNew {
		t.Errorf("after MarkContactNotSpam: spam %v, status %q; want false, new (status kept)", got.Spam, got.Status)
	}
	for f, want := range map[domain.ContactFolder][]string{
		domain.FolderSpam:     {},
		domain.FolderInbox:    {"new-2", "spam-new", "read-1", "new-1"},
		domain.FolderArchived: {"spam-arch", "arch-1"},
	} {
		l, err := s.ListContactMessages(ctx, domain.ContactFilter{Folder: f})
		must(t, err, "ListContactMessages")
		checkDiff(t, fmt.Sprintf("folder %s after MarkContactNotSpam", f), want, ids(l, contactID))
	}
	wantCode(t, s.MarkContactNotSpam(ctx, "missing"), domain.ENotFound, "MarkContactNotSpam(missing)")
}

// commentFixtures stores two posts (the first with a slug) and comments of
// each status on them, one minute apart in the order given.
func commentFixtures(t *testing.T, s domain.Store) {
	t.Helper()
	ctx := t.Context()
	for _, id := range []string{"post-1", "post-2"} {
		p := newPost(id, t0, domain.PostPublished)
		if id == "post-1" {
			p.Slug = "boring-code"
		}
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	}
	for i, f := range []struct {
		id, post string
		status   domain.CommentStatus
	}{
		{"held-1", "post-1", domain.CommentHeld},
		{"vis-1", "post-1", domain.CommentVisible},
		{"spam-1", "post-2", domain.CommentSpam},
		{"held-2", "post-2", domain.CommentHeld},
		{"held-3", "post-1", domain.CommentHeld},
		{"vis-2", "post-2", domain.CommentVisible},
	} {
		c := newComment(f.id, f.post, at(time.Duration(i)*time.Minute), f.status)
		must(t, s.CreateComment(ctx, &c), "CreateComment")
	}
}

func reviewID(c domain.ReviewComment) string { return c.ID }

func testCommentReview(t *testing.T, s domain.Store) {
	ctx := t.Context()
	commentFixtures(t, s)
	for _, tc := range []struct {
		f    domain.CommentFilter
		want []string
	}{
		{domain.CommentFilter{Status: domain.CommentHeld}, []string{"held-3", "held-2", "held-1"}},
		{domain.CommentFilter{Status: domain.CommentVisible}, []string{"vis-2", "vis-1"}},
		{domain.CommentFilter{Status: domain.CommentSpam}, []string{"spam-1"}},
		{domain.CommentFilter{}, []string{"vis-2", "held-3", "held-2", "spam-1", "vis-1", "held-1"}},
		{domain.CommentFilter{Status: domain.CommentHeld, Limit: 2}, []string{"held-3", "held-2"}},
		{domain.CommentFilter{Status: domain.CommentHeld, Limit: 2, Offset: 2}, []string{"held-1"}},
		{domain.CommentFilter{IDs: []string{"vis-1", "spam-1", "nope"}}, []string{"spam-1", "vis-1"}},
		{domain.CommentFilter{Status: domain.CommentHeld, IDs: []string{"vis-1", "held-2"}}, []string{"held-2"}},
	} {
		got, err := s.ListCommentsForReview(ctx, tc.f)
		must(t, err, "ListCommentsForReview")
		checkDiff(t, fmt.Sprintf("ListCommentsForReview(%+v) IDs", tc.f), tc.want, ids(got, reviewID))
	}
	got, err := s.ListCommentsForReview(ctx, domain.CommentFilter{Status: domain.CommentHeld, Limit: 1})
	must(t, err, "ListCommentsForReview")
	want := domain.ReviewComment{
		Comment:   newComment("held-3", "post-1", at(4*time.Minute), domain.CommentHeld),
		PostTitle: newPost("post-1", t0, domain.PostPublished).Title,
		PostSlug:  "boring-code",
	}
	want.CreatedAt = stampUTC(want.CreatedAt)
	checkDiff(t, "ListCommentsForReview row", []domain.ReviewComment{want}, got)

	for st, want := range map[domain.CommentStatus]int{
		domain.CommentHeld: 3, domain.CommentVisible: 2, domain.CommentSpam: 1, "": 6,
	} {
		n, err := s.CountComments(ctx, st)
		must(t, err, "CountComments")
		if n != want {
			t.Errorf("CountComments(%q) = %d, want %d", st, n, want)
		}
	}
}

// stampUTC is t as stores return it: UTC, microseconds.
func stampUTC(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func testCommentBulkStatus(t *testing.T, s domain.Store) {
	ctx := t.Context()
	commentFixtures(t, s)
	last, err := s.ContentVersion(ctx)
	must(t, err, "ContentVersion")
	step := func(name string, public bool, ids []string, st domain.CommentStatus, want int) {
		t.Helper()
		n, err := s.SetCommentsStatus(ctx, ids, st)
		must(t, err, name)
		if n != want {
			t.Errorf("%s: %d comments, want %d", name, n, want)
		}
		v, err := s.ContentVersion(ctx)
		must(t, err, "ContentVersion")
		switch {
		case public && v <= last:
			t.Errorf("%s: content version %d, want more than %d", name, v, last)
		case !public && v != last:
			t.Errorf("%s: content version moved from %d to %d; no page changed", name, last, v)
		}
		last = v
	}
	// Approving shows held comments on their posts at once.
	step("approve held-1, held-2", true, []string{"held-1", "held-2"}, domain.CommentVisible, 2)
	shown, err := s.ListComments(ctx, "post-1", true)
	must(t, err, "ListComments")
	checkDiff(t, "post-1 visible after approving", []string{"vis-1", "held-1"}, ids(shown, commentID))
	// Unknown and repeated IDs are skipped; the rest are changed.
	step("spam held-3 (with unknown and repeated IDs)", false, []string{"held-3", "nope", "held-3"}, domain.CommentSpam, 1)
	step("hold spam-1 and held-3", false, []string{"spam-1", "held-3"}, domain.CommentHeld, 2)
	step("approve vis-1 again", false, []string{"vis-1"}, domain.CommentVisible, 1)
	step("spam vis-2 and spam-1", true, []string{"vis-2", "spam-1"}, domain.CommentSpam, 2)
	for st, want := range map[domain.CommentStatus][]string{
		domain.CommentVisible: {"held-2", "vis-1", "held-1"},
		domain.CommentHeld:    {"held-3"},
		domain.CommentSpam:    {"vis-2", "spam-1"},
	} {
		got, err := s.ListCommentsForReview(ctx, domain.CommentFilter{Status: st})
		must(t, err, "ListCommentsForReview")
		checkDiff(t, fmt.Sprintf("%s after bulk changes", st), want, ids(got, reviewID))
	}
	_, err = s.SetCommentsStatus(ctx, []string{"nope", "gone"}, domain.CommentVisible)
	wantCode(t, err, domain.ENotFound, "SetCommentsStatus of unknown IDs")
	if _, err := s.SetCommentsStatus(ctx, []string{"held-3"}, "hidden"); err == nil {
		t.Error("SetCommentsStatus with an unknown status succeeded")
	}
	if v, _ := s.ContentVersion(ctx); v != last {
		t.Errorf("failed bulk changes moved the content version from %d to %d", last, v)
	}
}

func testCommentBulkDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	commentFixtures(t, s)
	v0, err := s.ContentVersion(ctx)
	must(t, err, "ContentVersion")
	n, err := s.DeleteComments(ctx, []string{"held-1", "spam-1", "nope"})
	must(t, err, "DeleteComments")
	if n != 2 {
		t.Errorf("DeleteComments of two held/spam and an unknown = %d, want 2", n)
	}
	if v, _ := s.ContentVersion(ctx); v != v0 {
		t.Errorf("deleting hidden comments moved the content version from %d to %d", v0, v)
	}
	n, err = s.DeleteComments(ctx, []string{"vis-1", "held-2", "vis-1"})
	must(t, err, "DeleteComments")
	if n != 2 {
		t.Errorf("DeleteComments of vis-1 (twice) and held-2 = %d, want 2", n)
	}
	if v, _ := s.ContentVersion(ctx); v <= v0 {
		t.Errorf("deleting a visible comment left the content version at %d", v)
	}
	got, err := s.ListCommentsForReview(ctx, domain.CommentFilter{})
	must(t, err, "ListCommentsForReview")
	checkDiff(t, "comments left", []string{"vis-2", "held-3"}, ids(got, reviewID))
	_, err = s.DeleteComments(ctx, []string{"held-1"})
	wantCode(t, err, domain.ENotFound, "DeleteComments again")
}

func testCommentBulkBounds(t *testing.T, s domain.Store) {
	ctx := t.Context()
	commentFixtures(t, s)
	many := make([]string, domain.MaxBulk+1)
	for i := range many {
		many[i] = fixedID("x", i)
	}
	many[0] = "held-1"
	if _, err := s.SetCommentsStatus(ctx, many, domain.CommentVisible); err == nil {
		t.Errorf("SetCommentsStatus of %d IDs succeeded", len(many))
	}
	if _, err := s.DeleteComments(ctx, many); err == nil {
		t.Errorf("DeleteComments of %d IDs succeeded", len(many))
	}
	if _, err := s.SetCommentsStatus(ctx, nil, domain.CommentVisible); err == nil {
		t.Error("SetCommentsStatus of no IDs succeeded")
	}
	if _, err := s.DeleteComments(ctx, nil); err == nil {
		t.Error("DeleteComments of no IDs succeeded")
	}
	// The most allowed works, in one go.
	n, err := s.SetCommentsStatus(ctx, many[:domain.MaxBulk], domain.CommentVisible)
	must(t, err, "SetCommentsStatus of MaxBulk IDs")
	if n != 1 {
		t.Errorf("SetCommentsStatus of MaxBulk IDs = %d, want 1", n)
	}
	if c, _ := s.CountComments(ctx, domain.CommentHeld); c != 2 {
		t.Errorf("held after refused bulk actions = %d, want 2 (only held-1 approved)", c)
	}
}

func testOutboxCountPage(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i := range 4 {
		m := newOutbox(fixedID("o", i), at(time.Duration(i)*time.Minute))
		must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
	}
	// o-00 is sent, o-01 fails, o-02 is being sent, o-03 stays queued.
	got := claim(t, s, at(time.Hour), 3)
	if len(got) != 3 {
		t.Fatalf("claimed %d, want 3", len(got))
	}
	must(t, s.MarkOutboxSent(ctx, "o-00", 1, at(time.Hour)), "MarkOutboxSent")
	must(t, s.FailOutbox(ctx, "o-01", 1, "550 mailbox unavailable"), "FailOutbox")
	counts, err := s.CountOutbox(ctx)
	must(t, err, "CountOutbox")
	checkDiff(t, "CountOutbox", map[domain.OutboxStatus]int{
		domain.OutboxSent: 1, domain.OutboxFailed: 1, domain.OutboxSending: 1, domain.OutboxQueued: 1,
	}, counts)
	page, err := s.ListOutboxPage(ctx, "", 2, 1)
	must(t, err, "ListOutboxPage")
	checkDiff(t, "ListOutboxPage(all, 2, 1)", []string{"o-02", "o-01"}, ids(page, outboxID))
	page, err = s.ListOutboxPage(ctx, domain.OutboxFailed, 10, 0)
	must(t, err, "ListOutboxPage")
	checkDiff(t, "ListOutboxPage(failed)", []string{"o-01"}, ids(page, outboxID))
	page, err = s.ListOutboxPage(ctx, domain.OutboxFailed, 10, 1)
	must(t, err, "ListOutboxPage")
	checkDiff(t, "ListOutboxPage(failed, offset 1)", []string{}, ids(page, outboxID))
}

func testOutboxRetryNow(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newOutbox("o-1", t0)
	must(t, s.EnqueueOutbox(ctx, &m), "EnqueueOutbox")
	now := at(time.Hour)
	claim(t, s, now, 1)
	_, err := s.RetryOutboxNow(ctx, "o-1", now)
	wantCode(t, err, domain.EConflict, "RetryOutboxNow while sending")
	must(t, s.FailOutbox(ctx, "o-1", 1, "550 mailbox unavailable"), "FailOutbox")

	later := at(2 * time.Hour)
	got, err := s.RetryOutboxNow(ctx, "o-1", later)
	must(t, err, "RetryOutboxNow of a failed message")
	want := m
	want.Status, want.Attempts, want.LastError, want.NextAttemptAt = domain.OutboxQueued, 1, "550 mailbox unavailable", stampUTC(later)
	checkDiff(t, "RetryOutboxNow result", want, got)
	listed, err := s.ListOutbox(ctx, domain.OutboxQueued, 0)
	must(t, err, "ListOutbox")
	checkDiff(t, "queued after RetryOutboxNow", []domain.OutboxMessage{want}, listed)

	// Due at once: a sender claims it, counting a second attempt.
	again := claim(t, s, later, 5)
	if len(again) != 1 || again[0].Attempts != 2 {
		t.Fatalf("claim after RetryOutboxNow = %+v, want o-1 at attempt 2", again)
	}
	must(t, s.MarkOutboxSent(ctx, "o-1", 2, later), "MarkOutboxSent")
	_, err = s.RetryOutboxNow(ctx, "o-1", later)
	wantCode(t, err, domain.EConflict, "RetryOutboxNow of a sent message")

	// A queued message waiting for a later attempt is brought forward.
	q := newOutbox("o-2", t0)
	q.NextAttemptAt = at(day(1))
	must(t, s.EnqueueOutbox(ctx, &q), "EnqueueOutbox")
	got, err = s.RetryOutboxNow(ctx, "o-2", now)
	must(t, err, "RetryOutboxNow of a queued message")
	if !got.NextAttemptAt.Equal(stampUTC(now)) || got.Status != domain.OutboxQueued || got.Attempts != 0 {
		t.Errorf("RetryOutboxNow of a queued message = %+v, want queued, 0 attempts, due %v", got, now)
	}

	_, err = s.RetryOutboxNow(ctx, "missing", now)
	wantCode(t, err, domain.ENotFound, "RetryOutboxNow(missing)")
}
