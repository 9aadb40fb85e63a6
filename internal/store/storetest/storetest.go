// Package storetest is the contract suite that every domain.Store
// implementation must pass. A store package calls Run from its own tests;
// nothing else imports storetest.
package storetest

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// Run runs the contract suite. open must return a fresh, empty, migrated
// store for each call and arrange (with t.Cleanup) for it to be closed and
// removed. Subtests run in parallel, each with its own store.
func Run(t *testing.T, open func(t *testing.T) domain.Store) {
	tests := []contractTest{
		{"Ping", testPing},
		{"Job/RoundTrip", testJobRoundTrip},
		{"Job/Defaults", testJobDefaults},
		{"Job/NotFound", testJobNotFound},
		{"Job/Update", testJobUpdate},
		{"Job/Delete", testJobDelete},
		{"Job/ListOrderAndFilter", testJobList},
		{"Blog/RoundTrip", testBlogRoundTrip},
		{"Blog/NotFound", testBlogNotFound},
		{"Blog/Update", testBlogUpdate},
		{"StatusPrecondition", testStatusPrecondition},
		{"Blog/ListCountPaginate", testBlogList},
		{"Blog/DeleteCascadesComments", testBlogDeleteCascade},
		{"SanitizeOnWrite", testSanitizeOnWrite},
		{"Comment/RoundTripOrderFilter", testCommentList},
		{"Comment/SetStatus", testCommentStatus},
		{"Comment/Delete", testCommentDelete},
		{"Comment/MissingPost", testCommentMissingPost},
		{"Contact/RoundTrip", testContactRoundTrip},
		{"Contact/ListPaginate", testContactList},
		{"Contact/StatusAndDelete", testContactStatusDelete},
		{"ContentVersion", testContentVersion},
		{"ContentVersion/Comments", testContentVersionComments},
		{"ContentVersion/Drafts", testContentVersionDrafts},
		{"RateLimit/Window", testRateLimitWindow},
		{"RateLimit/Concurrent", testRateLimitConcurrent},
		{"Application/RoundTrip", testAppRoundTrip},
		{"Application/NilSlicesComeBackEmpty", testAppEmptySlices},
		{"Application/GivenReferenceKept", testAppGivenReference},
		{"Application/SaveReplaces", testAppReplace},
		{"Application/ConcurrentSave", testAppConcurrentSave},
		{"Application/NotFound", testAppNotFound},
		{"Application/ListOrderFilterPaginate", testAppList},
		{"Application/DeleteBefore", testAppDeleteBefore},
		{"Application/BlobKeyReferenced", testAppBlobKeyReferenced},
		{"Application/ClearIDDocuments", testAppClearIDDocuments},
		{"Submission/Replay", testSubmissionReplay},
		{"Submission/Concurrent", testSubmissionConcurrent},
		{"Submission/Notify", testSubmissionNotify},
		{"Submission/NotifySeesStored", testSubmissionNotifySeesStored},
		{"Submission/Prune", testSubmissionPrune},
		{"Submission/SpamKeepsRealApplication", testSubmissionSpamKeepsReal},
		{"Staff/RoundTripAndLookup", testStaffRoundTrip},
		{"Staff/EmailConflict", testStaffConflict},
		{"Staff/List", testStaffList},
		{"Staff/PasswordAndDelete", testStaffPasswordDelete},
		{"Outbox/Enqueue", testOutboxEnqueue},
		{"Outbox/WithContactMessage", testOutboxWithContact},
		{"Outbox/ClaimLeaseSentRetryFail", testOutboxClaimLifecycle},
		{"Outbox/ConcurrentClaims", testOutboxConcurrentClaims},
	}
	// The console's parts keep their cases in files of their own.
	tests = slices.Concat(tests, applicantStatusTests, templateTests, auditTests, authTests, inboxTests, boardTests, sourceTests, spamTests, moderationTests, vitalsTests, contentTests, contactKeyTests, guardTests, jobAlertTests, jobFactsTests, contactDeskTests, revisionTests, postScheduleTests, tagTests, authorTests, postSlugTests, postImageTests)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, open(t))
		})
	}
}

// contractTest is one case of the contract suite.
type contractTest struct {
	name string
	fn   func(*testing.T, domain.Store)
}

// ist is a non-UTC zone: stores must return UTC whatever they were given.
var ist = time.FixedZone("IST", 5*3600+1800)

// t0 is an instant with sub-microsecond digits, in IST.
var t0 = time.Date(2024, 3, 1, 10, 20, 30, 123456789, ist)

// ---- helpers ----

// must fails the test at once on err.
func must(t *testing.T, err error, op string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
}

// wantCode fails unless err has the domain error code.
func wantCode(t *testing.T, err error, code, op string) {
	t.Helper()
	if got := domain.ErrorCode(err); got != code {
		t.Errorf("%s: error %v has code %q, want %q", op, err, got, code)
		return
	}
	if code != "" && code != domain.EInternal {
		var de *domain.Error
		if !errors.As(err, &de) {
			t.Errorf("%s: error %v is not a *domain.Error", op, err)
		}
	}
}

// wantStamp checks that a stored time is UTC and within a millisecond of
// the time given.
func wantStamp(t *testing.T, what string, given, stored time.Time) {
	t.Helper()
	if stored.Location() != time.UTC {
		t.Errorf("%s: location %v, want UTC", what, stored.Location())
	}
	if d := stored.Sub(given); d < -time.Millisecond || d > time.Millisecond {
		t.Errorf("%s: stored %v, given %v: differs by %v", what, stored, given, d)
	}
}

// wantNow checks that a time filled in by the store lies between before
// and after (with a millisecond of slack) and is UTC.
func wantNow(t *testing.T, what string, before, after, got time.Time) {
	t.Helper()
	if got.Location() != time.UTC {
		t.Errorf("%s: location %v, want UTC", what, got.Location())
	}
	if got.Before(before.Add(-time.Millisecond)) || got.After(after.Add(time.Millisecond)) {
		t.Errorf("%s = %v, want between %v and %v", what, got, before, after)
	}
}

// ids returns the IDs of xs.
func ids[T any](xs []T, id func(T) string) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

func jobID(j domain.Job) string                { return j.ID }
func postID(p domain.BlogPost) string          { return p.ID }
func commentID(c domain.Comment) string        { return c.ID }
func contactID(m domain.ContactMessage) string { return m.ID }
func appID(a domain.Application) string        { return a.ID }
func sorted(xs []string) []string              { xs = slices.Clone(xs); slices.Sort(xs); return orEmpty(xs) }
func orEmpty(xs []string) []string             { return append([]string{}, xs...) }
func ptr[T any](v T) *T                        { return &v }
func at(d time.Duration) time.Time             { return t0.Add(d) }
func day(n int) time.Duration                  { return time.Duration(n) * 24 * time.Hour }
func keysOf(a domain.Application) []string     { return sorted(a.BlobKeys()) }
func fixedID(prefix string, i int) string      { return fmt.Sprintf("%s-%02d", prefix, i) }

// ---- fixtures ----

func newJob(id string, created time.Time, status domain.JobStatus) domain.Job {
	return domain.Job{
		ID:             id,
		JobTitle:       "Senior Go Engineer " + id,
		Experience:     "5+",
		Location:       "Bengaluru",
		Description:    "<p>Build <strong>things</strong> that last.</p>",
		Department:     "Engineering",
		EmploymentType: "FULL_TIME",
		Workplace:      domain.WorkplaceOnsite,
		SalaryMin:      1_800_000,
		SalaryMax:      3_200_000,
		ClosingDate:    ptr(time.Date(2024, 6, 30, 0, 0, 0, 0, time.UTC)),
		Status:         status,
		CreatedAt:      created,
		UpdatedAt:      created.Add(time.Minute),
	}
}

func newPost(id string, created time.Time, status domain.PostStatus) domain.BlogPost {
	return domain.BlogPost{
		ID:          id,
		Title:       "Why we write boring code " + id,
		Description: "A short essay on “boring” technology: it's fine.",
		Image:       "/images/blog/" + id + ".webp",
		ImageAlt:    "A whiteboard full of boxes and arrows.",
		Content:     "<h2>One</h2><p>It&#39;s fine.</p><h2>Two</h2><p>Really.</p>", // as sanitised: stored unchanged
		Status:      status,
		CreatedAt:   created,
		UpdatedAt:   created.Add(time.Hour),
	}
}

func newComment(id, blogID string, created time.Time, status domain.CommentStatus) domain.Comment {
	return domain.Comment{
		ID:        id,
		BlogID:    blogID,
		Name:      "Ravi " + id,
		Email:     "ravi+" + id + "@example.com",
		Website:   "https://ravi.example.com",
		Comment:   "Nice post — thanks!\nSecond line.",
		Status:    status,
		CreatedAt: created,
	}
}

func newContact(id string, created time.Time) domain.ContactMessage {
	return domain.ContactMessage{
		ID:        id,
		Name:      "Meera " + id,
		Email:     "meera@example.com",
		Subject:   "Project enquiry",
		Message:   "Hello,\nWe would like a quote.",
		Spam:      true,
		Status:    domain.ContactNew,
		CreatedAt: created,
	}
}

// newApp returns an application with every field set; tag makes its blob
// keys unique.
func newApp(jobID, email, tag string) domain.Application {
	return domain.Application{
		JobID:              jobID,
		FirstName:          "Asha",
		MiddleName:         "K.",
		LastName:           "Rao",
		FullName:           "Asha K. Rao",
		Email:              email,
		PhoneCountryCode:   "+91",
		PhoneNumber:        "9876543210",
		Address:            "12 MG Road\nBengaluru 560001",
		LinkedIn:           "https://www.linkedin.com/in/asha",
		Website:            "https://asha.example.com",
		LocationPreference: "Hybrid",
		AvailabilityDate:   "2024-07-01",
		WorkExperiences: []domain.WorkExperience{
			{JobTitle: "Engineer", CompanyName: "Acme & Sons", StartDate: "2019-07-01", EndDate: "2022-12-31", Responsibilities: `Built "things" <fast>.`},
			{JobTitle: "Lead", CompanyName: "Globex", StartDate: "2023-01-01", EndDate: "", Responsibilities: "Led a team of 6."},
		},
		Educations: []domain.Education{
			{Level: "12th", Institution: "Kendriya Vidyalaya", BoardName: "CBSE", Location: "Karnataka", GraduationDate: "2015-05-31", ScoreType: "percentage", Score: "92.40"},
			{Level: "Bachelor's", Institution: "NIT Trichy", Degree: "B.Tech", FieldOfStudy: "Computer Science", Location: "Tamil Nadu", GraduationDate: "2019-05-31", ScoreType: "cgpa", Score: "8.71"},
		},
		Skills: []string{"Go", "PostgreSQL", "ಕನ್ನಡ"},
		Certifications: []domain.Certification{
			{Name: "CKA", DocumentKey: "certs/" + tag + "-cka.pdf"},
			{Name: "No document"},
		},
		ResumeKey:             "resumes/" + tag + ".pdf",
		CoverLetter:           "Dear team,\nI'd love to join.",
		HeardFrom:             "LinkedIn",
		Source:                "linkedin",
		EligibleToWork:        true,
		WillingToRelocate:     true,
		Gender:                "female",
		DisabilityStatus:      "prefer not to say",
		NationalIDType:        "aadhaar",
		NationalIDNumberEnc:   []byte{0x00, 0x01, 0xfe, 0xff, 0x00},
		NationalIDLast4:       "4321",
		NationalIDDocumentKey: "ids/" + tag + ".pdf",
		ConsentVersion:        "2024-01",
		ConsentAt:             t0,
		Spam:                  true,
	}
}

var referenceRE = regexp.MustCompile(`^APP-[A-Z2-7]{8}$`)

// ---- tests ----

func testPing(t *testing.T, s domain.Store) {
	must(t, s.Ping(t.Context()), "Ping")
}

func testJobRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := newJob("job-1", t0, domain.JobOpen)
	j := given
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	if j.ID != "job-1" {
		t.Errorf("CreateJob changed the given ID to %q", j.ID)
	}
	wantStamp(t, "CreatedAt", given.CreatedAt, j.CreatedAt)
	wantStamp(t, "UpdatedAt", given.UpdatedAt, j.UpdatedAt)
	wantStamp(t, "ClosingDate", *given.ClosingDate, *j.ClosingDate)
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkDiff(t, "GetJob", j, got)

	// Everything else unchanged by CreateJob, which makes version 1.
	given.CreatedAt, given.UpdatedAt, given.ClosingDate, given.Version = j.CreatedAt, j.UpdatedAt, j.ClosingDate, 1
	checkDiff(t, "CreateJob result", given, j)
}

func testJobDefaults(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := domain.Job{JobTitle: "Intern", Status: domain.JobDraft}
	before := time.Now()
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	after := time.Now()
	if !domain.ValidID(j.ID) {
		t.Errorf("generated ID %q is not valid", j.ID)
	}
	wantNow(t, "CreatedAt", before, after, j.CreatedAt)
	wantNow(t, "UpdatedAt", before, after, j.UpdatedAt)
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkDiff(t, "GetJob", j, got)
	if got.ClosingDate != nil {
		t.Errorf("ClosingDate = %v, want nil", got.ClosingDate)
	}

	k := domain.Job{JobTitle: "Another", Status: domain.JobDraft}
	must(t, s.CreateJob(ctx, &k), "CreateJob")
	if k.ID == j.ID {
		t.Errorf("two jobs got the same generated ID %q", k.ID)
	}
}

func testJobNotFound(t *testing.T, s domain.Store) {
	ctx := t.Context()
	_, err := s.GetJob(ctx, "missing")
	wantCode(t, err, domain.ENotFound, "GetJob")
	j := newJob("missing", t0, domain.JobOpen)
	wantCode(t, s.UpdateJob(ctx, &j), domain.ENotFound, "UpdateJob")
	wantCode(t, s.DeleteJob(ctx, "missing"), domain.ENotFound, "DeleteJob")
	if _, err := s.GetJob(ctx, "missing"); !domain.IsNotFound(err) {
		t.Errorf("UpdateJob of a missing job created it (GetJob: %v)", err)
	}
}

func testJobUpdate(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-1", t0, domain.JobDraft)
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	created := j.CreatedAt

	u := domain.Job{
		ID:             j.ID,
		JobTitle:       "Staff Engineer",
		Experience:     "8+",
		Location:       "Remote",
		Description:    "<p>Changed.</p>",
		Department:     "Platform",
		EmploymentType: "CONTRACTOR",
		SalaryMin:      1,
		SalaryMax:      2,
		ClosingDate:    nil,
		Status:         domain.JobClosed,
		CreatedAt:      at(day(100)), // ignored: creation time is kept
	}
	before := time.Now()
	must(t, s.UpdateJob(ctx, &u), "UpdateJob")
	after := time.Now()
	if !u.CreatedAt.Equal(created) {
		t.Errorf("UpdateJob: CreatedAt = %v, want the original %v", u.CreatedAt, created)
	}
	wantNow(t, "UpdatedAt", before, after, u.UpdatedAt)
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	checkDiff(t, "GetJob after UpdateJob", u, got)
}

func testJobDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a, b := newJob("job-a", t0, domain.JobOpen), newJob("job-b", at(time.Hour), domain.JobOpen)
	must(t, s.CreateJob(ctx, &a), "CreateJob")
	must(t, s.CreateJob(ctx, &b), "CreateJob")
	must(t, s.DeleteJob(ctx, "job-a"), "DeleteJob")
	_, err := s.GetJob(ctx, "job-a")
	wantCode(t, err, domain.ENotFound, "GetJob after DeleteJob")
	wantCode(t, s.DeleteJob(ctx, "job-a"), domain.ENotFound, "DeleteJob again")
	jobs, err := s.ListJobs(ctx, domain.JobFilter{})
	must(t, err, "ListJobs")
	checkDiff(t, "ListJobs IDs", []string{"job-b"}, ids(jobs, jobID))
}

func testJobList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	jobs, err := s.ListJobs(ctx, domain.JobFilter{})
	must(t, err, "ListJobs")
	if len(jobs) != 0 {
		t.Errorf("ListJobs on an empty store returned %d jobs", len(jobs))
	}
	for _, j := range []domain.Job{
		newJob("job-old", t0, domain.JobOpen),
		newJob("job-tie-a", at(time.Hour), domain.JobDraft),
		newJob("job-new", at(2*time.Hour), domain.JobClosed),
		newJob("job-tie-b", at(time.Hour), domain.JobOpen),
	} {
		must(t, s.CreateJob(ctx, &j), "CreateJob")
	}
	for _, tc := range []struct {
		statuses []domain.JobStatus
		want     []string
	}{
		{nil, []string{"job-new", "job-tie-b", "job-tie-a", "job-old"}},
		{[]domain.JobStatus{domain.JobOpen}, []string{"job-tie-b", "job-old"}},
		{[]domain.JobStatus{domain.JobOpen, domain.JobClosed}, []string{"job-new", "job-tie-b", "job-old"}},
		{[]domain.JobStatus{domain.JobDraft}, []string{"job-tie-a"}},
	} {
		jobs, err := s.ListJobs(ctx, domain.JobFilter{Statuses: tc.statuses})
		must(t, err, "ListJobs")
		checkDiff(t, fmt.Sprintf("ListJobs(%v) IDs", tc.statuses), tc.want, ids(jobs, jobID))
	}
	// Listed jobs carry every field.
	want, err := s.GetJob(ctx, "job-new")
	must(t, err, "GetJob")
	jobs, err = s.ListJobs(ctx, domain.JobFilter{})
	must(t, err, "ListJobs")
	checkDiff(t, "ListJobs[0]", want, jobs[0])
}

func testBlogRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := newPost("post-1", t0, domain.PostPublished)
	p := given
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	wantStamp(t, "CreatedAt", given.CreatedAt, p.CreatedAt)
	wantStamp(t, "UpdatedAt", given.UpdatedAt, p.UpdatedAt)
	got, err := s.GetBlogPost(ctx, "post-1")
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost", p, got)
	given.CreatedAt, given.UpdatedAt, given.Version = p.CreatedAt, p.UpdatedAt, 1
	checkDiff(t, "CreateBlogPost result", given, p)

	q := domain.BlogPost{Title: "Draft", Status: domain.PostDraft}
	before := time.Now()
	must(t, s.CreateBlogPost(ctx, &q), "CreateBlogPost")
	after := time.Now()
	if !domain.ValidID(q.ID) {
		t.Errorf("generated ID %q is not valid", q.ID)
	}
	wantNow(t, "CreatedAt", before, after, q.CreatedAt)
	got, err = s.GetBlogPost(ctx, q.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost", q, got)
}

func testBlogNotFound(t *testing.T, s domain.Store) {
	ctx := t.Context()
	_, err := s.GetBlogPost(ctx, "missing")
	wantCode(t, err, domain.ENotFound, "GetBlogPost")
	p := newPost("missing", t0, domain.PostDraft)
	wantCode(t, s.UpdateBlogPost(ctx, &p), domain.ENotFound, "UpdateBlogPost")
	wantCode(t, s.DeleteBlogPost(ctx, "missing"), domain.ENotFound, "DeleteBlogPost")
}

func testBlogUpdate(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	created := p.CreatedAt
	u := domain.BlogPost{
		ID:          p.ID,
		Title:       "New title",
		Description: "New description",
		Image:       "",
		Content:     "<h2>Only</h2>",
		Status:      domain.PostPublished,
	}
	before := time.Now()
	must(t, s.UpdateBlogPost(ctx, &u), "UpdateBlogPost")
	after := time.Now()
	if !u.CreatedAt.Equal(created) {
		t.Errorf("UpdateBlogPost: CreatedAt = %v, want the original %v", u.CreatedAt, created)
	}
	wantNow(t, "UpdatedAt", before, after, u.UpdatedAt)
	got, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost after UpdateBlogPost", u, got)
}

func testBlogList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	// post-0 is oldest; odd ones are drafts; post-2 and post-3 tie.
	created := []time.Duration{0, time.Hour, 2 * time.Hour, 2 * time.Hour, 3 * time.Hour}
	for i, d := range created {
		st := domain.PostPublished
		if i%2 == 1 {
			st = domain.PostDraft
		}
		p := newPost(fixedID("post", i), at(d), st)
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	}
	all := []string{"post-04", "post-03", "post-02", "post-01", "post-00"}
	published := []string{"post-04", "post-02", "post-00"}
	for _, tc := range []struct {
		f    domain.BlogFilter
		want []string
	}{
		{domain.BlogFilter{}, all},
		{domain.BlogFilter{PublishedOnly: true}, published},
		{domain.BlogFilter{Limit: 2}, all[:2]},
		{domain.BlogFilter{Limit: 2, Offset: 2}, all[2:4]},
		{domain.BlogFilter{Limit: 2, Offset: 4}, all[4:]},
		{domain.BlogFilter{Offset: 3}, all[3:]},
		{domain.BlogFilter{Limit: 10, Offset: 10}, []string{}},
		{domain.BlogFilter{PublishedOnly: true, Limit: 1, Offset: 1}, published[1:2]},
		// The blog list's pages: published posts only, in the same order
		// on every page, a short last page and nothing past it.
		{domain.BlogFilter{PublishedOnly: true, Limit: 2}, published[:2]},
		{domain.BlogFilter{PublishedOnly: true, Limit: 2, Offset: 2}, published[2:]},
		{domain.BlogFilter{PublishedOnly: true, Limit: 2, Offset: 4}, []string{}},
		{domain.BlogFilter{PublishedOnly: true, Offset: 1}, published[1:]},
	} {
		posts, err := s.ListBlogPosts(ctx, tc.f)
		must(t, err, "ListBlogPosts")
		checkDiff(t, fmt.Sprintf("ListBlogPosts(%+v) IDs", tc.f), tc.want, ids(posts, postID))

		n, err := s.CountBlogPosts(ctx, tc.f)
		must(t, err, "CountBlogPosts")
		wantN := len(all)
		if tc.f.PublishedOnly {
			wantN = len(published)
		}
		if n != wantN {
			t.Errorf("CountBlogPosts(%+v) = %d, want %d (the page is ignored)", tc.f, n, wantN)
		}
	}
	want, err := s.GetBlogPost(ctx, "post-04")
	must(t, err, "GetBlogPost")
	posts, err := s.ListBlogPosts(ctx, domain.BlogFilter{Limit: 1})
	must(t, err, "ListBlogPosts")
	checkDiff(t, "ListBlogPosts[0]", []domain.BlogPost{want}, posts)
}

func testBlogDeleteCascade(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p, q := newPost("post-1", t0, domain.PostPublished), newPost("post-2", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	must(t, s.CreateBlogPost(ctx, &q), "CreateBlogPost")
	for i, blog := range []string{"post-1", "post-1", "post-2"} {
		c := newComment(fixedID("c", i), blog, at(time.Duration(i)*time.Minute), domain.CommentVisible)
		must(t, s.CreateComment(ctx, &c), "CreateComment")
	}
	must(t, s.DeleteBlogPost(ctx, "post-1"), "DeleteBlogPost")
	_, err := s.GetBlogPost(ctx, "post-1")
	wantCode(t, err, domain.ENotFound, "GetBlogPost after delete")
	cs, err := s.ListComments(ctx, "post-1", false)
	must(t, err, "ListComments")
	if len(cs) != 0 {
		t.Errorf("comments of a deleted post survive: %v", ids(cs, commentID))
	}
	wantCode(t, s.SetCommentStatus(ctx, "c-00", domain.CommentSpam), domain.ENotFound, "SetCommentStatus on a cascaded comment")
	wantCode(t, s.DeleteComment(ctx, "c-01"), domain.ENotFound, "DeleteComment on a cascaded comment")
	cs, err = s.ListComments(ctx, "post-2", false)
	must(t, err, "ListComments")
	checkDiff(t, "comments of the other post", []string{"c-02"}, ids(cs, commentID))
}

func testCommentList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for _, id := range []string{"post-1", "post-2"} {
		p := newPost(id, t0, domain.PostPublished)
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	}
	var made []domain.Comment
	for _, c := range []domain.Comment{
		newComment("c-old", "post-1", at(0), domain.CommentVisible),
		newComment("c-held", "post-1", at(time.Minute), domain.CommentHeld),
		newComment("c-tie-a", "post-1", at(2*time.Minute), domain.CommentVisible),
		newComment("c-tie-b", "post-1", at(2*time.Minute), domain.CommentSpam),
		newComment("c-new", "post-1", at(3*time.Minute), domain.CommentVisible),
		newComment("c-other", "post-2", at(4*time.Minute), domain.CommentVisible),
	} {
		given := c
		must(t, s.CreateComment(ctx, &c), "CreateComment")
		wantStamp(t, "CreatedAt", given.CreatedAt, c.CreatedAt)
		given.CreatedAt = c.CreatedAt
		checkDiff(t, "CreateComment result", given, c)
		made = append(made, c)
	}
	byID := func(id string) domain.Comment {
		i := slices.IndexFunc(made, func(c domain.Comment) bool { return c.ID == id })
		return made[i]
	}
	got, err := s.ListComments(ctx, "post-1", false)
	must(t, err, "ListComments")
	var want []domain.Comment
	for _, id := range []string{"c-new", "c-tie-b", "c-tie-a", "c-held", "c-old"} {
		want = append(want, byID(id))
	}
	checkDiff(t, "ListComments(post-1, all)", want, got)

	got, err = s.ListComments(ctx, "post-1", true)
	must(t, err, "ListComments")
	checkDiff(t, "ListComments(post-1, visible) IDs", []string{"c-new", "c-tie-a", "c-old"}, ids(got, commentID))

	got, err = s.ListComments(ctx, "no-such-post", false)
	must(t, err, "ListComments")
	if len(got) != 0 {
		t.Errorf("ListComments of a missing post = %v, want none", ids(got, commentID))
	}

	c := domain.Comment{BlogID: "post-2", Name: "N", Email: "n@example.com", Comment: "Hi", Status: domain.CommentVisible}
	before := time.Now()
	must(t, s.CreateComment(ctx, &c), "CreateComment")
	after := time.Now()
	if !domain.ValidID(c.ID) {
		t.Errorf("generated ID %q is not valid", c.ID)
	}
	wantNow(t, "CreatedAt", before, after, c.CreatedAt)
}

func testCommentStatus(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	c := newComment("c-1", "post-1", t0, domain.CommentVisible)
	must(t, s.CreateComment(ctx, &c), "CreateComment")

	must(t, s.SetCommentStatus(ctx, "c-1", domain.CommentHeld), "SetCommentStatus")
	got, err := s.ListComments(ctx, "post-1", false)
	must(t, err, "ListComments")
	c.Status = domain.CommentHeld
	checkDiff(t, "ListComments after SetCommentStatus", []domain.Comment{c}, got)
	got, err = s.ListComments(ctx, "post-1", true)
	must(t, err, "ListComments")
	if len(got) != 0 {
		t.Errorf("spam comment listed as visible")
	}
	must(t, s.SetCommentStatus(ctx, "c-1", domain.CommentVisible), "SetCommentStatus")
	got, err = s.ListComments(ctx, "post-1", true)
	must(t, err, "ListComments")
	checkDiff(t, "visible IDs", []string{"c-1"}, ids(got, commentID))
	// Staff hide a visible comment: it leaves the public list, stays stored.
	must(t, s.SetCommentStatus(ctx, "c-1", domain.CommentSpam), "SetCommentStatus")
	got, err = s.ListComments(ctx, "post-1", true)
	must(t, err, "ListComments")
	if len(got) != 0 {
		t.Errorf("spam comment listed as visible")
	}
	got, err = s.ListComments(ctx, "post-1", false)
	must(t, err, "ListComments")
	checkDiff(t, "all IDs after hiding", []string{"c-1"}, ids(got, commentID))

	wantCode(t, s.SetCommentStatus(ctx, "missing", domain.CommentSpam), domain.ENotFound, "SetCommentStatus")
}

func testCommentDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	for _, id := range []string{"c-1", "c-2"} {
		c := newComment(id, "post-1", t0, domain.CommentVisible)
		must(t, s.CreateComment(ctx, &c), "CreateComment")
	}
	must(t, s.DeleteComment(ctx, "c-1"), "DeleteComment")
	wantCode(t, s.DeleteComment(ctx, "c-1"), domain.ENotFound, "DeleteComment again")
	got, err := s.ListComments(ctx, "post-1", false)
	must(t, err, "ListComments")
	checkDiff(t, "remaining IDs", []string{"c-2"}, ids(got, commentID))
	if _, err := s.GetBlogPost(ctx, "post-1"); err != nil {
		t.Errorf("deleting a comment affected its post: %v", err)
	}
}

func testCommentMissingPost(t *testing.T, s domain.Store) {
	ctx := t.Context()
	c := newComment("c-1", "missing", t0, domain.CommentVisible)
	wantCode(t, s.CreateComment(ctx, &c), domain.ENotFound, "CreateComment on a missing post")
}

func testContactRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := newContact("m-1", t0)
	m := given
	must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	wantStamp(t, "CreatedAt", given.CreatedAt, m.CreatedAt)
	given.CreatedAt = m.CreatedAt
	checkDiff(t, "CreateContactMessage result", given, m)
	got, err := s.GetContactMessage(ctx, "m-1")
	must(t, err, "GetContactMessage")
	checkDiff(t, "GetContactMessage", m, got)

	n := domain.ContactMessage{Name: "N", Email: "n@example.com", Message: "Hi", Status: domain.ContactArchived}
	before := time.Now()
	must(t, createContact(ctx, s, &n, nil), "CreateContactMessage")
	after := time.Now()
	if !domain.ValidID(n.ID) {
		t.Errorf("generated ID %q is not valid", n.ID)
	}
	wantNow(t, "CreatedAt", before, after, n.CreatedAt)
	got, err = s.GetContactMessage(ctx, n.ID)
	must(t, err, "GetContactMessage")
	checkDiff(t, "GetContactMessage", n, got)

	_, err = s.GetContactMessage(ctx, "missing")
	wantCode(t, err, domain.ENotFound, "GetContactMessage")
}

func testContactList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i, d := range []time.Duration{0, time.Hour, time.Hour, 2 * time.Hour} {
		m := newContact(fixedID("m", i), at(d))
		must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	}
	all := []string{"m-03", "m-02", "m-01", "m-00"}
	for _, tc := range []struct {
		limit, offset int
		want          []string
	}{
		{0, 0, all},
		{2, 0, all[:2]},
		{2, 2, all[2:]},
		{0, 1, all[1:]},
		{3, 3, all[3:]},
		{5, 9, []string{}},
	} {
		got, err := s.ListContactMessages(ctx, domain.ContactFilter{Limit: tc.limit, Offset: tc.offset})
		must(t, err, "ListContactMessages")
		checkDiff(t, fmt.Sprintf("ListContactMessages(%d, %d) IDs", tc.limit, tc.offset), tc.want, ids(got, contactID))
	}
	want, err := s.GetContactMessage(ctx, "m-03")
	must(t, err, "GetContactMessage")
	got, err := s.ListContactMessages(ctx, domain.ContactFilter{Limit: 1})
	must(t, err, "ListContactMessages")
	checkDiff(t, "ListContactMessages", []domain.ContactMessage{want}, got)
}

func testContactStatusDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	m := newContact("m-1", t0)
	must(t, createContact(ctx, s, &m, nil), "CreateContactMessage")
	for _, st := range []domain.ContactStatus{domain.ContactRead, domain.ContactArchived, domain.ContactNew} {
		must(t, s.SetContactStatus(ctx, "m-1", st), "SetContactStatus")
		got, err := s.GetContactMessage(ctx, "m-1")
		must(t, err, "GetContactMessage")
		m.Status = st
		checkDiff(t, fmt.Sprintf("after SetContactStatus(%v)", st), m, got)
	}
	wantCode(t, s.SetContactStatus(ctx, "missing", domain.ContactRead), domain.ENotFound, "SetContactStatus")
	if err := s.SetContactStatus(ctx, "m-1", "handled"); err == nil {
		t.Error("SetContactStatus with an unknown status succeeded")
	}
	must(t, s.DeleteContactMessage(ctx, "m-1"), "DeleteContactMessage")
	_, err := s.GetContactMessage(ctx, "m-1")
	wantCode(t, err, domain.ENotFound, "GetContactMessage after delete")
	wantCode(t, s.DeleteContactMessage(ctx, "m-1"), domain.ENotFound, "DeleteContactMessage again")
}

func testContentVersion(t *testing.T, s domain.Store) {
	ctx := t.Context()
	last, err := s.ContentVersion(ctx)
	must(t, err, "ContentVersion")
	step := func(name string, public bool, fn func() error) {
		t.Helper()
		must(t, fn(), name)
		v, err := s.ContentVersion(ctx)
		must(t, err, "ContentVersion")
		switch {
		case public && v <= last:
			t.Errorf("%s: content version %d, want more than %d", name, v, last)
		case !public && v != last:
			t.Errorf("%s: content version changed from %d to %d; it is not public content", name, last, v)
		}
		last = v
	}
	j := newJob("job-1", t0, domain.JobOpen)
	p := newPost("post-1", t0, domain.PostPublished)
	c := newComment("c-1", "post-1", t0, domain.CommentVisible)
	m := newContact("m-1", t0)
	a := newApp("job-1", "a@example.com", "a")
	old := newApp("job-1", "old@example.com", "old")
	old.AppliedAt = at(-day(400))
	u := domain.StaffUser{Email: "s@example.com", Name: "S", PasswordHash: "h", Role: "admin"}

	step("CreateJob", true, func() error { return s.CreateJob(ctx, &j) })
	step("UpdateJob", true, func() error { j.JobTitle = "x"; return s.UpdateJob(ctx, &j) })
	step("CreateBlogPost", true, func() error { return s.CreateBlogPost(ctx, &p) })
	step("UpdateBlogPost", true, func() error { p.Title = "x"; return s.UpdateBlogPost(ctx, &p) })
	step("CreateComment", true, func() error { return s.CreateComment(ctx, &c) })
	step("SetCommentStatus", true, func() error { return s.SetCommentStatus(ctx, "c-1", domain.CommentSpam) })
	step("DeleteComment (spam)", false, func() error { return s.DeleteComment(ctx, "c-1") })
	step("CreateComment", true, func() error { c.ID = "c-2"; return s.CreateComment(ctx, &c) })
	step("DeleteBlogPost", true, func() error { return s.DeleteBlogPost(ctx, "post-1") })

	step("CreateContactMessage", false, func() error { return createContact(ctx, s, &m, nil) })
	step("SetContactStatus", false, func() error { return s.SetContactStatus(ctx, "m-1", domain.ContactArchived) })
	step("DeleteContactMessage", false, func() error { return s.DeleteContactMessage(ctx, "m-1") })
	step("SaveApplication (insert)", false, func() error { _, err := s.SaveApplication(ctx, &a, domain.SaveOptions{}); return err })
	step("SaveApplication (replace)", false, func() error { _, err := s.SaveApplication(ctx, &a, domain.SaveOptions{}); return err })
	step("SaveApplication (old)", false, func() error { _, err := s.SaveApplication(ctx, &old, domain.SaveOptions{}); return err })
	step("DeleteApplicationsBefore", false, func() error { _, err := s.DeleteApplicationsBefore(ctx, at(-day(1))); return err })
	step("DeleteApplication", false, func() error { return s.DeleteApplication(ctx, a.ID) })
	step("CreateStaffUser", false, func() error { return s.CreateStaffUser(ctx, &u) })
	step("UpdateStaffPassword", false, func() error { return s.UpdateStaffPassword(ctx, u.ID, "h2") })
	step("DeleteStaffUser", false, func() error { return s.DeleteStaffUser(ctx, u.ID) })

	step("DeleteJob", true, func() error { return s.DeleteJob(ctx, "job-1") })
}

// testContentVersionComments checks that only comment writes visitors can
// see bump the version: a comment held for review must not empty every
// page cache.
func testContentVersionComments(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	step := versionSteps(t, s)
	held := newComment("c-held", "post-1", t0, domain.CommentHeld)
	spam := newComment("c-spam", "post-1", t0, domain.CommentSpam)
	shown := newComment("c-shown", "post-1", t0, domain.CommentVisible)

	step("CreateComment (held)", false, func() error { return s.CreateComment(ctx, &held) })
	step("CreateComment (spam)", false, func() error { return s.CreateComment(ctx, &spam) })
	step("SetCommentStatus held → spam", false, func() error { return s.SetCommentStatus(ctx, "c-held", domain.CommentSpam) })
	step("SetCommentStatus spam → spam", false, func() error { return s.SetCommentStatus(ctx, "c-held", domain.CommentSpam) })
	step("SetCommentStatus spam → visible", true, func() error { return s.SetCommentStatus(ctx, "c-held", domain.CommentVisible) })
	step("SetCommentStatus visible → visible", false, func() error { return s.SetCommentStatus(ctx, "c-held", domain.CommentVisible) })
	step("SetCommentStatus visible → held", true, func() error { return s.SetCommentStatus(ctx, "c-held", domain.CommentHeld) })
	step("DeleteComment (held)", false, func() error { return s.DeleteComment(ctx, "c-held") })
	step("DeleteComment (spam)", false, func() error { return s.DeleteComment(ctx, "c-spam") })
	step("CreateComment (visible)", true, func() error { return s.CreateComment(ctx, &shown) })
	step("DeleteComment (visible)", true, func() error { return s.DeleteComment(ctx, "c-shown") })

	wantCode(t, s.SetCommentStatus(ctx, "missing", domain.CommentVisible), domain.ENotFound, "SetCommentStatus(missing)")
	wantCode(t, s.DeleteComment(ctx, "missing"), domain.ENotFound, "DeleteComment(missing)")
	step("nothing (after writes to a missing comment)", false, func() error { return nil })
}

// versionSteps returns a step function that runs a write and checks
// whether it bumped the content version (public) or left it (not public).
func versionSteps(t *testing.T, s domain.Store) func(name string, public bool, fn func() error) {
	ctx := t.Context()
	last, err := s.ContentVersion(ctx)
	must(t, err, "ContentVersion")
	return func(name string, public bool, fn func() error) {
		t.Helper()
		must(t, fn(), name)
		v, err := s.ContentVersion(ctx)
		must(t, err, "ContentVersion")
		switch {
		case public && v <= last:
			t.Errorf("%s: content version %d, want more than %d", name, v, last)
		case !public && v != last:
			t.Errorf("%s: content version changed from %d to %d; visitors see no change", name, last, v)
		}
		last = v
	}
}

// testContentVersionDrafts checks that drafts, which no visitor sees, do
// not bump the version until they are published or stop being drafts.
func testContentVersionDrafts(t *testing.T, s domain.Store) {
	ctx := t.Context()
	step := versionSteps(t, s)
	j := newJob("job-1", t0, domain.JobDraft)
	step("CreateJob (draft)", false, func() error { return s.CreateJob(ctx, &j) })
	step("UpdateJob draft → draft", false, func() error { j.JobTitle = "y"; return s.UpdateJob(ctx, &j) })
	step("UpdateJob draft → open", true, func() error { j.Status = domain.JobOpen; return s.UpdateJob(ctx, &j) })
	step("UpdateJob open → closed", true, func() error { j.Status = domain.JobClosed; return s.UpdateJob(ctx, &j) })
	step("UpdateJob closed → draft", true, func() error { j.Status = domain.JobDraft; return s.UpdateJob(ctx, &j) })
	step("DeleteJob (draft)", false, func() error { return s.DeleteJob(ctx, "job-1") })
	closed := newJob("job-2", t0, domain.JobClosed)
	step("CreateJob (closed: its page says so)", true, func() error { return s.CreateJob(ctx, &closed) })
	step("DeleteJob (closed)", true, func() error { return s.DeleteJob(ctx, "job-2") })

	p := newPost("post-1", t0, domain.PostDraft)
	step("CreateBlogPost (draft)", false, func() error { return s.CreateBlogPost(ctx, &p) })
	step("UpdateBlogPost draft → draft", false, func() error { p.Title = "y"; return s.UpdateBlogPost(ctx, &p) })
	step("UpdateBlogPost draft → published", true, func() error { p.Status = domain.PostPublished; return s.UpdateBlogPost(ctx, &p) })
	step("UpdateBlogPost published → draft", true, func() error { p.Status = domain.PostDraft; return s.UpdateBlogPost(ctx, &p) })
	step("DeleteBlogPost (draft)", false, func() error { return s.DeleteBlogPost(ctx, "post-1") })

	missing := newJob("missing", t0, domain.JobOpen)
	wantCode(t, s.UpdateJob(ctx, &missing), domain.ENotFound, "UpdateJob(missing)")
	wantCode(t, s.DeleteJob(ctx, "missing"), domain.ENotFound, "DeleteJob(missing)")
	missingPost := newPost("missing", t0, domain.PostPublished)
	wantCode(t, s.UpdateBlogPost(ctx, &missingPost), domain.ENotFound, "UpdateBlogPost(missing)")
	wantCode(t, s.DeleteBlogPost(ctx, "missing"), domain.ENotFound, "DeleteBlogPost(missing)")
	step("nothing (after writes to missing records)", false, func() error { return nil })
}

func testAppRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := newApp("job-1", "asha@example.com", "a")
	given.AppliedAt, given.UpdatedAt = at(-time.Hour), at(-time.Minute)
	a := given
	res, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	created, previous := res.Created, res.Previous
	must(t, err, "SaveApplication")
	if !created || len(previous) != 0 {
		t.Errorf("SaveApplication of a new application = (%v, %v), want (true, [])", created, previous)
	}
	if !domain.ValidID(a.ID) {
		t.Errorf("generated ID %q is not valid", a.ID)
	}
	if !referenceRE.MatchString(a.Reference) {
		t.Errorf("generated Reference %q does not match %v", a.Reference, referenceRE)
	}
	wantStamp(t, "AppliedAt", given.AppliedAt, a.AppliedAt)
	wantStamp(t, "UpdatedAt", given.UpdatedAt, a.UpdatedAt)
	wantStamp(t, "ConsentAt", given.ConsentAt, a.ConsentAt)
	given.ID, given.Reference = a.ID, a.Reference
	given.AppliedAt, given.UpdatedAt, given.ConsentAt = a.AppliedAt, a.UpdatedAt, a.ConsentAt
	// A new application is new since it applied.
	given.Status, given.StatusChangedAt = domain.StatusNew, a.AppliedAt
	checkDiff(t, "SaveApplication result", given, a)

	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "GetApplication", a, got)

	b := newApp("job-1", "other@example.com", "b")
	b.ID = "app-given"
	before := time.Now()
	_, err = s.SaveApplication(ctx, &b, domain.SaveOptions{})
	after := time.Now()
	must(t, err, "SaveApplication")
	if b.ID != "app-given" {
		t.Errorf("SaveApplication replaced the given ID with %q", b.ID)
	}
	if b.Reference == a.Reference {
		t.Errorf("two applications got the same reference %q", b.Reference)
	}
	wantNow(t, "AppliedAt", before, after, b.AppliedAt)
	wantNow(t, "UpdatedAt", before, after, b.UpdatedAt)
	got, err = s.GetApplication(ctx, "app-given")
	must(t, err, "GetApplication")
	checkDiff(t, "GetApplication", b, got)
}

func testAppEmptySlices(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := domain.Application{JobID: "job-1", FirstName: "Min", Email: "min@example.com", ConsentAt: t0}
	_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.WorkExperiences == nil || got.Educations == nil || got.Skills == nil || got.Certifications == nil {
		t.Errorf("GetApplication returned nil slices: %#v %#v %#v %#v",
			got.WorkExperiences, got.Educations, got.Skills, got.Certifications)
	}
	if len(got.WorkExperiences)+len(got.Educations)+len(got.Skills)+len(got.Certifications) != 0 {
		t.Errorf("GetApplication invented nested parts: %+v", got)
	}
	if len(got.NationalIDNumberEnc) != 0 {
		t.Errorf("NationalIDNumberEnc = %x, want empty", got.NationalIDNumberEnc)
	}
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	if len(list) != 1 || list[0].Skills == nil || list[0].Certifications == nil {
		t.Errorf("ListApplications returned nil slices or %d rows", len(list))
	}
}

func testAppGivenReference(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newApp("job-1", "ref@example.com", "a")
	a.Reference = "APP-GIVEN234"
	_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	got, err := s.GetApplication(ctx, a.ID)
	must(t, err, "GetApplication")
	if got.Reference != "APP-GIVEN234" {
		t.Errorf("Reference = %q, want the given APP-GIVEN234", got.Reference)
	}
}

func testAppReplace(t *testing.T, s domain.Store) {
	ctx := t.Context()
	first := newApp("job-1", "Asha.Rao@Example.com", "first")
	first.AppliedAt = at(-day(2))
	res, err := s.SaveApplication(ctx, &first, domain.SaveOptions{})
	created := res.Created
	must(t, err, "SaveApplication")
	if !created {
		t.Fatalf("first SaveApplication: created = false")
	}

	second := newApp("job-1", "asha.rao@EXAMPLE.COM", "second")
	second.FirstName, second.Skills, second.Spam = "Asha Kiran", []string{"Rust"}, false
	second.ResumeKey = first.ResumeKey // the same file, kept
	second.AppliedAt = at(-day(1))     // ignored: the first application's time stays
	second.Reference = "APP-IGNORED2"  // ignored too
	before := time.Now()
	res, err = s.SaveApplication(ctx, &second, domain.SaveOptions{})
	created, previous := res.Created, res.Previous
	after := time.Now()
	must(t, err, "SaveApplication again")
	if created {
		t.Errorf("SaveApplication for the same job and e-mail: created = true, want false")
	}
	if second.ID != first.ID || second.Reference != first.Reference {
		t.Errorf("replacement has ID %q, Reference %q; want the first's %q, %q",
			second.ID, second.Reference, first.ID, first.Reference)
	}
	if !second.AppliedAt.Equal(first.AppliedAt) {
		t.Errorf("replacement AppliedAt = %v, want the first's %v", second.AppliedAt, first.AppliedAt)
	}
	wantNow(t, "UpdatedAt", before, after, second.UpdatedAt)
	wantPrev := sorted([]string{first.NationalIDDocumentKey, first.Certifications[0].DocumentKey})
	checkDiff(t, "previous (old keys still in use are left out)", wantPrev, sorted(previous))

	got, err := s.GetApplication(ctx, first.ID)
	must(t, err, "GetApplication")
	checkDiff(t, "GetApplication after replace", second, got)
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{JobID: "job-1"})
	must(t, err, "ListApplications")
	checkDiff(t, "ListApplications after replace", []domain.Application{second}, list)

	// The same person applying for another job is another application.
	other := newApp("job-2", "asha.rao@example.com", "other")
	res, err = s.SaveApplication(ctx, &other, domain.SaveOptions{})
	created, previous = res.Created, res.Previous
	must(t, err, "SaveApplication for another job")
	if !created || len(previous) != 0 || other.ID == first.ID {
		t.Errorf("SaveApplication for another job = (%v, %v, ID %q), want a new application", created, previous, other.ID)
	}

	// Replacing with a disjoint set of keys returns every old key.
	third := newApp("job-1", "ASHA.RAO@example.com", "third")
	third.Spam = false // spam would leave second, a real application, alone
	res, err = s.SaveApplication(ctx, &third, domain.SaveOptions{})
	previous = res.Previous
	must(t, err, "SaveApplication a third time")
	checkDiff(t, "previous", keysOf(second), sorted(previous))
}

func testAppConcurrentSave(t *testing.T, s domain.Store) {
	ctx := t.Context()
	const n = 8
	type result struct {
		created bool
		app     domain.Application
		err     error
	}
	results := make([]result, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			email := "dup@example.com"
			if i%2 == 1 {
				email = strings.ToUpper(email)
			}
			a := newApp("job-1", email, fmt.Sprintf("g%d", i))
			<-start
			res, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
			results[i] = result{res.Created, a, err}
		})
	}
	close(start)
	wg.Wait()

	createdN := 0
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("goroutine %d: SaveApplication: %v", i, r.err)
		}
		if r.created {
			createdN++
		}
		if r.app.ID != results[0].app.ID || r.app.Reference != results[0].app.Reference {
			t.Errorf("goroutine %d saved ID %q / %q, goroutine 0 %q / %q", i,
				r.app.ID, r.app.Reference, results[0].app.ID, results[0].app.Reference)
		}
	}
	if createdN != 1 {
		t.Errorf("%d saves reported created, want exactly 1", createdN)
	}
	list, err := s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	if len(list) != 1 {
		t.Fatalf("%d applications stored, want 1", len(list))
	}
	// The row is one of the saves, whole.
	i := slices.IndexFunc(results, func(r result) bool { return r.app.ResumeKey == list[0].ResumeKey })
	if i < 0 {
		t.Fatalf("stored ResumeKey %q was not saved by anyone", list[0].ResumeKey)
	}
	// Every save after the first replaced the row: it holds the last one.
	checkDiff(t, "stored application", results[i].app, list[0])
}

func testAppNotFound(t *testing.T, s domain.Store) {
	ctx := t.Context()
	_, err := s.GetApplication(ctx, "missing")
	wantCode(t, err, domain.ENotFound, "GetApplication")
	wantCode(t, s.DeleteApplication(ctx, "missing"), domain.ENotFound, "DeleteApplication")

	a := newApp("job-1", "a@example.com", "a")
	_, err = s.SaveApplication(ctx, &a, domain.SaveOptions{})
	must(t, err, "SaveApplication")
	must(t, s.DeleteApplication(ctx, a.ID), "DeleteApplication")
	_, err = s.GetApplication(ctx, a.ID)
	wantCode(t, err, domain.ENotFound, "GetApplication after delete")
	wantCode(t, s.DeleteApplication(ctx, a.ID), domain.ENotFound, "DeleteApplication again")
}

func testAppList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	// Applications may outlive their job, so no job rows are needed.
	for i, x := range []struct {
		job     string
		applied time.Duration
	}{
		{"job-1", 0}, {"job-2", time.Hour}, {"job-1", 2 * time.Hour}, {"job-1", 2 * time.Hour}, {"job-2", 3 * time.Hour},
	} {
		a := newApp(x.job, fmt.Sprintf("p%d@example.com", i), fmt.Sprint(i))
		a.ID, a.AppliedAt = fixedID("app", i), at(x.applied)
		_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}
	all := []string{"app-04", "app-03", "app-02", "app-01", "app-00"}
	job1 := []string{"app-03", "app-02", "app-00"}
	for _, tc := range []struct {
		f    domain.ApplicationFilter
		want []string
	}{
		{domain.ApplicationFilter{}, all},
		{domain.ApplicationFilter{JobID: "job-1"}, job1},
		{domain.ApplicationFilter{JobID: "job-2"}, []string{"app-04", "app-01"}},
		{domain.ApplicationFilter{JobID: "job-3"}, []string{}},
		{domain.ApplicationFilter{Limit: 2}, all[:2]},
		{domain.ApplicationFilter{Limit: 2, Offset: 2}, all[2:4]},
		{domain.ApplicationFilter{Offset: 4}, all[4:]},
		{domain.ApplicationFilter{JobID: "job-1", Limit: 1, Offset: 1}, job1[1:2]},
	} {
		got, err := s.ListApplications(ctx, tc.f)
		must(t, err, "ListApplications")
		checkDiff(t, fmt.Sprintf("ListApplications(%+v) IDs", tc.f), tc.want, ids(got, appID))
	}
	want, err := s.GetApplication(ctx, "app-04")
	must(t, err, "GetApplication")
	got, err := s.ListApplications(ctx, domain.ApplicationFilter{Limit: 1})
	must(t, err, "ListApplications")
	checkDiff(t, "ListApplications", []domain.Application{want}, got)
}

func testAppDeleteBefore(t *testing.T, s domain.Store) {
	ctx := t.Context()
	var apps []domain.Application
	for i, d := range []time.Duration{-day(30), -day(20), -day(10), 0} {
		a := newApp("job-1", fmt.Sprintf("p%d@example.com", i), fmt.Sprint(i))
		a.ID, a.AppliedAt = fixedID("app", i), at(d)
		_, err := s.SaveApplication(ctx, &a, domain.SaveOptions{})
		must(t, err, "SaveApplication")
		apps = append(apps, a)
	}
	keys, err := s.DeleteApplicationsBefore(ctx, at(-day(15)))
	must(t, err, "DeleteApplicationsBefore")
	checkDiff(t, "returned keys", sorted(slices.Concat(apps[0].BlobKeys(), apps[1].BlobKeys())), sorted(keys))
	got, err := s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	checkDiff(t, "remaining IDs", []string{"app-03", "app-02"}, ids(got, appID))
	for _, k := range keys {
		ok, err := s.BlobKeyReferenced(ctx, k)
		must(t, err, "BlobKeyReferenced")
		if ok {
			t.Errorf("BlobKeyReferenced(%q) = true after its application was deleted", k)
		}
	}

	// The boundary is exclusive: an application at exactly t stays.
	keys, err = s.DeleteApplicationsBefore(ctx, apps[2].AppliedAt)
	must(t, err, "DeleteApplicationsBefore")
	if len(keys) != 0 {
		t.Errorf("DeleteApplicationsBefore(its own AppliedAt) returned %v", keys)
	}
	// A nanosecond later it goes, whatever precision the store keeps.
	keys, err = s.DeleteApplicationsBefore(ctx, apps[2].AppliedAt.Add(time.Nanosecond))
	must(t, err, "DeleteApplicationsBefore")
	checkDiff(t, "returned keys", keysOf(apps[2]), sorted(keys))
	keys, err = s.DeleteApplicationsBefore(ctx, at(-day(100)))
	must(t, err, "DeleteApplicationsBefore")
	if len(keys) != 0 {
		t.Errorf("DeleteApplicationsBefore with nothing to delete returned %v", keys)
	}
	got, err = s.ListApplications(ctx, domain.ApplicationFilter{})
	must(t, err, "ListApplications")
	checkDiff(t, "remaining IDs", []string{"app-03"}, ids(got, appID))
}

func testAppBlobKeyReferenced(t *testing.T, s domain.Store) {
	ctx := t.Context()
	referenced := func(key string, want bool, when string) {
		t.Helper()
		ok, err := s.BlobKeyReferenced(ctx, key)
		must(t, err, "BlobKeyReferenced")
		if ok != want {
			t.Errorf("%s: BlobKeyReferenced(%q) = %v, want %v", when, key, ok, want)
		}
	}
	a := newApp("job-1", "a@example.com", "a")
	b := newApp("job-2", "b@example.com", "b")
	b.Certifications[0].DocumentKey = a.Certifications[0].DocumentKey // shared by both
	for _, x := range []*domain.Application{&a, &b} {
		_, err := s.SaveApplication(ctx, x, domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}
	for _, k := range a.BlobKeys() {
		referenced(k, true, "after save")
	}
	referenced("resumes/unknown.pdf", false, "never saved")
	referenced("", false, "empty key")
	referenced("RESUMES/A.PDF", false, "keys are case-sensitive")

	r := newApp("job-1", "A@example.com", "r")
	_, err := s.SaveApplication(ctx, &r, domain.SaveOptions{})
	must(t, err, "SaveApplication (replace)")
	referenced(a.ResumeKey, false, "after replace")
	referenced(a.NationalIDDocumentKey, false, "after replace")
	referenced(a.Certifications[0].DocumentKey, true, "after replace, still used by b")
	for _, k := range r.BlobKeys() {
		referenced(k, true, "after replace")
	}

	must(t, s.DeleteApplication(ctx, b.ID), "DeleteApplication")
	referenced(b.ResumeKey, false, "after delete")
	referenced(b.Certifications[0].DocumentKey, false, "after delete")
	referenced(r.ResumeKey, true, "after deleting another")
}

func testStaffRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	given := domain.StaffUser{ID: "staff-1", Email: "Priya@Example.com", Name: "Priya", PasswordHash: "$argon2id$v=19$x", Role: "admin", CreatedAt: t0}
	u := given
	must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
	wantStamp(t, "CreatedAt", given.CreatedAt, u.CreatedAt)
	given.CreatedAt = u.CreatedAt
	checkDiff(t, "CreateStaffUser result", given, u)
	for _, email := range []string{"Priya@Example.com", "priya@example.com", "PRIYA@EXAMPLE.COM"} {
		got, err := s.GetStaffUserByEmail(ctx, email)
		must(t, err, "GetStaffUserByEmail")
		checkDiff(t, "GetStaffUserByEmail", u, got)
	}
	_, err := s.GetStaffUserByEmail(ctx, "nobody@example.com")
	wantCode(t, err, domain.ENotFound, "GetStaffUserByEmail")

	v := domain.StaffUser{Email: "editor@example.com", Name: "E", PasswordHash: "h", Role: "editor"}
	before := time.Now()
	must(t, s.CreateStaffUser(ctx, &v), "CreateStaffUser")
	after := time.Now()
	if !domain.ValidID(v.ID) {
		t.Errorf("generated ID %q is not valid", v.ID)
	}
	wantNow(t, "CreatedAt", before, after, v.CreatedAt)
}

func testStaffConflict(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := domain.StaffUser{Email: "ann@example.com", Name: "Ann", PasswordHash: "h1", Role: "admin"}
	must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
	dup := domain.StaffUser{Email: "Ann@EXAMPLE.com", Name: "Another Ann", PasswordHash: "h2", Role: "editor"}
	err := s.CreateStaffUser(ctx, &dup)
	wantCode(t, err, domain.EConflict, "CreateStaffUser with a taken e-mail")
	if err != nil && strings.Contains(strings.ToLower(err.Error()), "ann@example.com") {
		t.Errorf("error %q contains the e-mail address", err)
	}
	users, err := s.ListStaffUsers(ctx)
	must(t, err, "ListStaffUsers")
	checkDiff(t, "ListStaffUsers", []domain.StaffUser{u}, users)
}

func testStaffList(t *testing.T, s domain.Store) {
	ctx := t.Context()
	users, err := s.ListStaffUsers(ctx)
	must(t, err, "ListStaffUsers")
	if len(users) != 0 {
		t.Errorf("ListStaffUsers on an empty store returned %d users", len(users))
	}
	var made []domain.StaffUser
	for i, email := range []string{"carol@example.com", "alice@example.com", "Bob@example.com"} {
		u := domain.StaffUser{Email: email, Name: fmt.Sprint(i), PasswordHash: "h", Role: "editor", CreatedAt: at(time.Duration(i) * time.Hour)}
		must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
		made = append(made, u)
	}
	users, err = s.ListStaffUsers(ctx)
	must(t, err, "ListStaffUsers")
	checkDiff(t, "ListStaffUsers (e-mail order, any case)", []domain.StaffUser{made[1], made[2], made[0]}, users)
}

func testStaffPasswordDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	u := domain.StaffUser{Email: "dev@example.com", Name: "Dev", PasswordHash: "old", Role: "admin"}
	must(t, s.CreateStaffUser(ctx, &u), "CreateStaffUser")
	must(t, s.UpdateStaffPassword(ctx, u.ID, "new"), "UpdateStaffPassword")
	got, err := s.GetStaffUserByEmail(ctx, "dev@example.com")
	must(t, err, "GetStaffUserByEmail")
	u.PasswordHash = "new"
	checkDiff(t, "after UpdateStaffPassword", u, got)
	wantCode(t, s.UpdateStaffPassword(ctx, "missing", "x"), domain.ENotFound, "UpdateStaffPassword")

	must(t, s.DeleteStaffUser(ctx, u.ID), "DeleteStaffUser")
	_, err = s.GetStaffUserByEmail(ctx, "dev@example.com")
	wantCode(t, err, domain.ENotFound, "GetStaffUserByEmail after delete")
	wantCode(t, s.DeleteStaffUser(ctx, u.ID), domain.ENotFound, "DeleteStaffUser again")
	// The address is free again.
	again := domain.StaffUser{Email: "DEV@example.com", Name: "Dev", PasswordHash: "h", Role: "editor"}
	must(t, s.CreateStaffUser(ctx, &again), "CreateStaffUser after delete")
}

// UpdateJobFrom and UpdateBlogPostFrom write only while the stored status
// is the one the change was based on: an edit made from a stale read
// cannot undo a close or unpublish that happened meanwhile.
func testStatusPrecondition(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-from", t0, domain.JobOpen)
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	closed := j
	closed.Status = domain.JobClosed
	must(t, s.UpdateJobFrom(ctx, &closed, domain.JobOpen), "UpdateJobFrom(open) of an open job")
	stale := j // read before the close: still says open
	stale.JobTitle = "Edited meanwhile"
	err := s.UpdateJobFrom(ctx, &stale, domain.JobOpen)
	wantCode(t, err, domain.EConflict, "UpdateJobFrom(open) of a closed job")
	if msg := domain.ErrorMessage(err); !strings.Contains(msg, "it is now closed") {
		t.Errorf("conflict message %q does not say the status", msg)
	}
	if got, err := s.GetJob(ctx, j.ID); err != nil || got.Status != domain.JobClosed || got.JobTitle == "Edited meanwhile" {
		t.Errorf("after the refused edit: %+v, %v; want the closed job unchanged", got, err)
	}
	missing := newJob("job-none", t0, domain.JobOpen)
	wantCode(t, s.UpdateJobFrom(ctx, &missing, domain.JobOpen), domain.ENotFound, "UpdateJobFrom of a missing job")

	p := newPost("post-from", t0, domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	draft := p
	draft.Status = domain.PostDraft
	must(t, s.UpdateBlogPostFrom(ctx, &draft, domain.PostPublished), "UpdateBlogPostFrom(published)")
	old := p
	old.Title = "Edited meanwhile"
	wantCode(t, s.UpdateBlogPostFrom(ctx, &old, domain.PostPublished), domain.EConflict, "UpdateBlogPostFrom(published) of a draft")
	if got, err := s.GetBlogPost(ctx, p.ID); err != nil || got.Status != domain.PostDraft || got.Title == "Edited meanwhile" {
		t.Errorf("after the refused edit: %+v, %v; want the draft unchanged", got, err)
	}
}
