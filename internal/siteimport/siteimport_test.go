package siteimport_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"corpsite/internal/blob"
	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/siteimport"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/postgres/pgtest"
	"corpsite/internal/store/sqlite"
)

// testNow is the clock of the tests: the sample's applications are
// within the retention period at it, but for one from 2024.
var testNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

type store interface {
	domain.Store
}

// env is a site to import into: a store, its file storage and keys.
type env struct {
	st    store
	blobs domain.BlobStore
	keys  *idcrypt.Keyring
}

// eachStore runs fn on a fresh SQLite store and on a fresh PostgreSQL
// schema (skipped without TEST_DATABASE_URL, as the store suites are).
func eachStore(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Helper()
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) { fn(t, newEnv(t, kind)) })
	}
}

// newEnv opens a fresh store of kind ("sqlite" or "postgres"), file
// storage and keys, closed when the test ends.
func newEnv(t testing.TB, kind string) *env {
	t.Helper()
	ctx := t.Context()
	var st store
	if kind == "sqlite" {
		s, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		st = s
	} else {
		s, err := postgres.Open(ctx, pgtest.Schema(t, "siteimport"))
		if err != nil {
			t.Fatal(err)
		}
		st = s
	}
	t.Cleanup(func() { st.Close() })
	if err := st.(interface{ Migrate(context.Context) error }).Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.Open(ctx, "", filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := idcrypt.ParseKeys("k1:" + strings.Repeat("A", 43) + "=")
	if err != nil {
		t.Fatal(err)
	}
	return &env{st: st, blobs: blobs, keys: keys}
}

func (e *env) importer(dryRun bool) *siteimport.Importer {
	c := siteimport.Config{
		Store: e.st, Blobs: e.blobs, Files: os.DirFS("testdata/sample-files"),
		DryRun: dryRun, Now: func() time.Time { return testNow },
	}
	if e.keys != nil {
		c.Keys = e.keys
	}
	return siteimport.New(c)
}

// importSample runs an import of the sample export.
func (e *env) importSample(t testing.TB, dryRun bool) *siteimport.Report {
	t.Helper()
	f, err := os.Open("testdata/sample-export.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := e.importer(dryRun).Run(t.Context(), f)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// counts is a report as "name created/unchanged/skipped" lines.
func counts(r *siteimport.Report) string {
	var b strings.Builder
	for _, c := range r.Collections {
		b.WriteString(c.Name + " " + itoa(c.Created) + "/" + itoa(c.Unchanged) + "/" + itoa(len(c.Skipped)) + "\n")
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func collection(t *testing.T, r *siteimport.Report, name string) *siteimport.Collection {
	t.Helper()
	for _, c := range r.Collections {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no collection %s in the report", name)
	return nil
}

// problem returns the reason given for original document id, or "".
func problem(ps []siteimport.Problem, id string) string {
	var rs []string
	for _, p := range ps {
		if p.ID == id {
			rs = append(rs, p.Reason)
		}
	}
	return strings.Join(rs, " | ")
}

const sampleCounts = "jobDescription 2/0/1\nblogs 2/0/0\ncomments 2/0/2\ncontacts 2/0/0\njobApplications 2/0/3\n"

func TestImportSample(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		ctx := t.Context()
		rep := e.importSample(t, false)
		if got := counts(rep); got != sampleCounts {
			t.Fatalf("report:\n%swant:\n%s", got, sampleCounts)
		}
		checkReasons(t, rep)
		checkJobs(t, ctx, e)
		checkPosts(t, ctx, e)
		checkComments(t, ctx, e)
		checkContacts(t, ctx, e)
		checkApplications(t, ctx, e)
	})
}

func checkReasons(t *testing.T, rep *siteimport.Report) {
	t.Helper()
	for _, w := range []struct{ coll, id, want string }{
		{"jobDescription", "EmptyTitleJob", "jobTitle is empty"},
		{"comments", "cmt-orphan", `its post "DeletedPost" is neither in the export nor on the site`},
		{"comments", "cmt-bad-email", "email: "},
		{"jobApplications", "AppRavi01Earlier", "a later application from the same address to the same job (AppRavi02)"},
		{"jobApplications", "AppOld2024", "applied on 2024-05-01, longer ago than the 365 days"},
		{"jobApplications", "AppNoJob", `its job "JobGone" is neither in the export nor on the site`},
	} {
		if got := problem(collection(t, rep, w.coll).Skipped, w.id); !strings.Contains(got, w.want) {
			t.Errorf("%s %s skipped for %q, want it to say %q", w.coll, w.id, got, w.want)
		}
	}
	for _, w := range []struct{ coll, id, want string }{
		{"blogs", "post-broken-cover", "image blogs/broken-cover.jpg: "},
		{"jobApplications", "AppRavi02", "resume resumes/ravi-kumar-1722500000000.pdf: "},
		{"jobApplications", "AppRavi02", "nationalIdNumber refused (Enter your PAN"},
	} {
		if got := problem(collection(t, rep, w.coll).Notes, w.id); !strings.Contains(got, w.want) {
			t.Errorf("%s %s noted %q, want it to say %q", w.coll, w.id, got, w.want)
		}
	}
	// The number itself is in no message.
	var all bytes.Buffer
	rep.WriteText(&all)
	if strings.Contains(all.String(), "ABCD1234") || strings.Contains(all.String(), "234567890124") {
		t.Errorf("the report shows a national ID number:\n%s", all.String())
	}
}

func checkJobs(t *testing.T, ctx context.Context, e *env) {
	t.Helper()
	j, err := e.st.GetJob(ctx, siteimport.LocalID("JobCloudEng7Kq"))
	if err != nil {
		t.Fatalf("the cloud job: %v", err)
	}
	if j.ID != "_job_cloud_eng7_kq" || j.JobTitle != "Cloud Engineer" || j.Location != "Hyderabad" ||
		j.Status != domain.JobOpen || j.YearsMin == nil || *j.YearsMin != 3 || j.YearsMax == nil || *j.YearsMax != 5 {
		t.Errorf("cloud job = %+v", j)
	}
	if want := time.Unix(1767225600, 250000000).UTC(); !j.CreatedAt.Equal(want) {
		t.Errorf("cloud job created %v, want %v (the _seconds/_nanoseconds timestamp)", j.CreatedAt, want)
	}
	for _, bad := range []string{"<script", "alert(", "onclick", "javascript:"} {
		if strings.Contains(j.Description, bad) {
			t.Errorf("description keeps %q: %s", bad, j.Description)
		}
	}
	for _, good := range []string{"<strong>cloud platforms</strong>", "<li>Terraform</li>"} {
		if !strings.Contains(j.Description, good) {
			t.Errorf("description lost %q: %s", good, j.Description)
		}
	}
	q, err := e.st.GetJob(ctx, "qa-analyst-02")
	if err != nil {
		t.Fatalf("the QA job keeps its ID: %v", err)
	}
	if q.JobTitle != "QA Analyst" || q.YearsMin == nil || *q.YearsMin != 2 || q.Location != "Bengaluru" {
		t.Errorf("QA job (experience given as a number) = %+v", q)
	}
}

func checkPosts(t *testing.T, ctx context.Context, e *env) {
	t.Helper()
	p, err := e.st.GetBlogPost(ctx, siteimport.LocalID("PostCloudCost9X"))
	if err != nil {
		t.Fatalf("the cloud post: %v", err)
	}
	if p.Title != "Five ways to cut your cloud bill" || p.Description != "Practical savings for small teams." ||
		p.Status != domain.PostPublished || !p.CreatedAt.Equal(time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)) {
		t.Errorf("cloud post = %+v", p)
	}
	for _, bad := range []string{"onerror", "<iframe", "alert("} {
		if strings.Contains(p.Content, bad) {
			t.Errorf("content keeps %q: %s", bad, p.Content)
		}
	}
	if !strings.Contains(p.Content, "<h2>Right-size</h2>") || !strings.Contains(p.Content, "<h2>Reserve</h2>") {
		t.Errorf("content lost its sections: %s", p.Content)
	}
	if !strings.HasPrefix(p.Image, "/covers/five-ways-to-cut-your-cloud-bill-") || len(p.ImageVersions) == 0 {
		t.Fatalf("cover = %q, %+v", p.Image, p.ImageVersions)
	}
	for _, v := range p.ImageVersions {
		for _, u := range v.URLs() {
			if !blobExists(t, e, strings.TrimPrefix(u, "/")) {
				t.Errorf("cover file %s is not stored", u)
			}
		}
	}
	b, err := e.st.GetBlogPost(ctx, "post-broken-cover")
	if err != nil {
		t.Fatal(err)
	}
	if b.Image != "" || len(b.ImageVersions) != 0 || !b.CreatedAt.Equal(time.Unix(1775000000, 0)) {
		t.Errorf("post with a bad cover = %+v, want it without a cover", b)
	}
}

func checkComments(t *testing.T, ctx context.Context, e *env) {
	t.Helper()
	cs, err := e.st.ListComments(ctx, siteimport.LocalID("PostCloudCost9X"), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("cloud post has %d visible comments, want 1: %+v", len(cs), cs)
	}
	c := cs[0]
	if c.ID != "_cmt_a1" || c.Name != "Meera Iyer" || c.Email != "meera@example.com" ||
		c.Comment != "Reserved instances saved us a third. <b>Thanks!</b>" ||
		!c.CreatedAt.Equal(time.Unix(1773700000, 123456000)) {
		t.Errorf("comment = %+v", c)
	}
	cs, err = e.st.ListComments(ctx, "post-broken-cover", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].Website != "https://arjun.example.com" ||
		!cs[0].CreatedAt.Equal(time.Date(2026, 4, 2, 5, 30, 0, 0, time.UTC)) {
		t.Errorf("comments of the office post = %+v", cs)
	}
}

func checkContacts(t *testing.T, ctx context.Context, e *env) {
	t.Helper()
	m, err := e.st.GetContactMessage(ctx, siteimport.LocalID("ContactQ1"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "Priya Nair" || m.Email != "priya@example.com" || m.Subject != "Migration quote" ||
		m.Message != "We would like a quote\nfor moving 40 servers." || m.Status != domain.ContactRead || m.Spam ||
		!m.CreatedAt.Equal(time.Unix(1772000000, 500000000)) {
		t.Errorf("contact = %+v", m)
	}
	m, err = e.st.GetContactMessage(ctx, "contact-2")
	if err != nil {
		t.Fatal(err)
	}
	if !m.CreatedAt.Equal(time.Date(2026, 5, 20, 8, 15, 30, 250000000, time.UTC)) || m.Subject != "Internship" {
		t.Errorf("contact-2 = %+v", m)
	}
	// Imported messages queue no notification.
	if out, err := e.st.ListOutbox(ctx, "", 0); err != nil || len(out) != 0 {
		t.Errorf("outbox = %d messages (%v), want none", len(out), err)
	}
}

func checkApplications(t *testing.T, ctx context.Context, e *env) {
	t.Helper()
	a, err := e.st.GetApplication(ctx, siteimport.LocalID("AppAsha01"))
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Application{
		ID: "_app_asha01", Reference: a.Reference, JobID: "_job_cloud_eng7_kq",
		FirstName: "Asha", LastName: "Verma", FullName: "Asha Verma", Email: "asha.verma@example.com",
		PhoneCountryCode: "+91", PhoneNumber: "9876543210", Address: "12 Lake Road, Uppal, Hyderabad",
		LinkedIn: "https://www.linkedin.com/in/asha-verma", Website: "https://asha.example.com",
		LocationPreference: "Hyderabad", AvailabilityDate: "2026-07-01",
		WorkExperiences: []domain.WorkExperience{{JobTitle: "Systems Engineer", CompanyName: "Acme Infra",
			StartDate: "2021-06-01", Responsibilities: "Ran the AWS estate."}},
		Educations: []domain.Education{
			{Level: "12th", Institution: "City Junior College", BoardName: "TSBIE", Location: "Telangana",
				GraduationDate: "2016-04-30", ScoreType: "percentage", Score: "91.4"},
			{Level: "Bachelor's", Institution: "JNTU", Degree: "B.Tech", FieldOfStudy: "Computer Science",
				Location: "Telangana", GraduationDate: "2021-05-26", ScoreType: "cgpa", Score: "8.7"},
		},
		Skills:         []string{"AWS", "Terraform", "Kubernetes"},
		Certifications: []domain.Certification{{Name: "AWS Cloud Practitioner", DocumentKey: a.Certifications[0].DocumentKey}},
		ResumeKey:      a.ResumeKey, CoverLetter: "I have run production Kubernetes for three years.", HeardFrom: "LinkedIn",
		EligibleToWork: true, Gender: "Female", DisabilityStatus: "No",
		NationalIDType: "Aadhar", NationalIDNumberEnc: a.NationalIDNumberEnc, NationalIDLast4: "0124",
		NationalIDDocumentKey: a.NationalIDDocumentKey, ConsentVersion: siteimport.NoConsent,
		AppliedAt: time.Unix(1775500000, 42000000).UTC(), UpdatedAt: a.UpdatedAt,
		Status: domain.StatusNew, StatusChangedAt: a.StatusChangedAt,
	}
	if got := a; !equalApp(got, want) {
		t.Errorf("Asha's application:\n got %+v\nwant %+v", got, want)
	}
	if a.Reference == "" {
		t.Error("no reference")
	}
	plain, err := e.keys.Open(a.NationalIDNumberEnc)
	if err != nil || string(plain) != "234567890124" {
		t.Errorf("sealed number opens to %q, %v", plain, err)
	}
	if bytes.Contains(a.NationalIDNumberEnc, []byte("234567890124")) {
		t.Error("the national ID number is stored in the clear")
	}
	for key, folder := range map[string]string{a.ResumeKey: "resumes/asha-verma-", a.NationalIDDocumentKey: "national-ids/aadhar-",
		a.Certifications[0].DocumentKey: "certifications/aws-cloud-practitioner-"} {
		if !strings.HasPrefix(key, folder) || !blobExists(t, e, key) {
			t.Errorf("document %q: want a stored blob under %s", key, folder)
		}
	}

	r, err := e.st.GetApplication(ctx, siteimport.LocalID("AppRavi02"))
	if err != nil {
		t.Fatal(err)
	}
	if r.ResumeKey != "" || r.NationalIDType != "PAN" || r.NationalIDLast4 != "" || r.NationalIDNumberEnc != nil ||
		r.PhoneCountryCode != "+91" || r.PhoneNumber != "9123456780" || r.LocationPreference != "Bengaluru" ||
		r.AvailabilityDate != "2026-08-15" || !r.WillingToRelocate {
		t.Errorf("Ravi's application (bad resume, bad PAN, defaults) = %+v", r)
	}
	n, err := e.st.CountApplications(ctx, domain.ApplicationFilter{})
	if err != nil || n != 2 {
		t.Errorf("%d applications (%v), want 2", n, err)
	}
}

func equalApp(a, b domain.Application) bool {
	return a.ID == b.ID && a.JobID == b.JobID && a.FirstName == b.FirstName && a.MiddleName == b.MiddleName &&
		a.LastName == b.LastName && a.FullName == b.FullName && a.Email == b.Email &&
		a.PhoneCountryCode == b.PhoneCountryCode && a.PhoneNumber == b.PhoneNumber && a.Address == b.Address &&
		a.LinkedIn == b.LinkedIn && a.Website == b.Website && a.LocationPreference == b.LocationPreference &&
		a.AvailabilityDate == b.AvailabilityDate && slices.Equal(a.WorkExperiences, b.WorkExperiences) &&
		slices.Equal(a.Educations, b.Educations) && slices.Equal(a.Skills, b.Skills) &&
		slices.Equal(a.Certifications, b.Certifications) && a.CoverLetter == b.CoverLetter &&
		a.HeardFrom == b.HeardFrom && a.EligibleToWork == b.EligibleToWork && a.WillingToRelocate == b.WillingToRelocate &&
		a.Gender == b.Gender && a.DisabilityStatus == b.DisabilityStatus && a.NationalIDType == b.NationalIDType &&
		a.NationalIDLast4 == b.NationalIDLast4 && a.AppliedAt.Equal(b.AppliedAt) && a.Status == b.Status && !a.Spam &&
		a.ConsentVersion == b.ConsentVersion && a.ConsentAt.IsZero()
}

func blobExists(t *testing.T, e *env, key string) bool {
	t.Helper()
	keys, err := e.blobs.List(t.Context(), key)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Contains(keys, key)
}

func allBlobs(t *testing.T, e *env) []string {
	t.Helper()
	keys, err := e.blobs.List(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestImportTwiceChangesNothing: the second run of the same export finds
// every record it stored and writes nothing.
func TestImportTwiceChangesNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		ctx := t.Context()
		e.importSample(t, false)
		blobs := allBlobs(t, e)
		v1, err := e.st.ContentVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		asha1, _ := e.st.GetApplication(ctx, "_app_asha01")

		rep := e.importSample(t, false)
		if got, want := counts(rep), "jobDescription 0/2/1\nblogs 0/2/0\ncomments 0/2/2\ncontacts 0/2/0\njobApplications 0/2/3\n"; got != want {
			t.Errorf("second run:\n%swant:\n%s", got, want)
		}
		if created, _, _ := rep.Totals(); created != 0 {
			t.Errorf("second run created %d", created)
		}
		if got := allBlobs(t, e); !slices.Equal(got, blobs) {
			t.Errorf("second run changed the files:\n%v\n%v", blobs, got)
		}
		if v2, _ := e.st.ContentVersion(ctx); v2 != v1 {
			t.Errorf("content version %d → %d: the second run wrote", v1, v2)
		}
		if asha2, _ := e.st.GetApplication(ctx, "_app_asha01"); asha2.Reference != asha1.Reference || !asha2.UpdatedAt.Equal(asha1.UpdatedAt) {
			t.Errorf("the application was saved again: %+v → %+v", asha1, asha2)
		}
	})
}

// TestImportKeepsTheSitesCopy: a record edited on the site since is not
// overwritten; the report says which fields differ.
func TestImportKeepsTheSitesCopy(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		ctx := t.Context()
		e.importSample(t, false)
		j, err := e.st.GetJob(ctx, "qa-analyst-02")
		if err != nil {
			t.Fatal(err)
		}
		j.JobTitle = "Senior QA Analyst"
		if err := e.st.UpdateJob(ctx, &j); err != nil {
			t.Fatal(err)
		}
		rep := e.importSample(t, false)
		c := collection(t, rep, "jobDescription")
		if got := problem(c.Skipped, "qa-analyst-02"); !strings.Contains(got, "already on the site with other jobTitle; the site's copy is kept") {
			t.Errorf("edited job reported %q", got)
		}
		if j2, _ := e.st.GetJob(ctx, "qa-analyst-02"); j2.JobTitle != "Senior QA Analyst" {
			t.Errorf("the import overwrote the site's edit: %q", j2.JobTitle)
		}
	})
}

// TestDryRunWritesNothing: a dry run reports what a real run does and
// leaves the store and the files as they were.
func TestDryRunWritesNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		ctx := t.Context()
		v1, err := e.st.ContentVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		e.keys = nil // a dry run needs no keys
		dry := e.importSample(t, true)
		if got := counts(dry); got != sampleCounts {
			t.Errorf("dry run:\n%swant:\n%s", got, sampleCounts)
		}
		checkReasons(t, dry)
		var out bytes.Buffer
		dry.WriteText(&out)
		if !strings.HasPrefix(out.String(), "Dry run: nothing was written.\n") || !strings.Contains(out.String(), "jobDescription:  2 to create, 0 unchanged, 1 skipped") {
			t.Errorf("dry run text:\n%s", out.String())
		}
		if v2, _ := e.st.ContentVersion(ctx); v2 != v1 {
			t.Errorf("content version %d → %d", v1, v2)
		}
		jobs, _ := e.st.ListJobs(ctx, domain.JobFilter{})
		posts, _ := e.st.ListBlogPosts(ctx, domain.BlogFilter{})
		msgs, _ := e.st.ListContactMessages(ctx, domain.ContactFilter{})
		apps, _ := e.st.CountApplications(ctx, domain.ApplicationFilter{})
		comments, _ := e.st.CountComments(ctx, "")
		if len(jobs)+len(posts)+len(msgs)+apps+comments != 0 {
			t.Errorf("dry run stored %d jobs, %d posts, %d messages, %d applications, %d comments", len(jobs), len(posts), len(msgs), apps, comments)
		}
		if b := allBlobs(t, e); len(b) != 0 {
			t.Errorf("dry run stored files: %v", b)
		}
	})
}

// TestImportWithoutKeys: a real run refuses to start without the keys
// that seal national ID numbers, and stores nothing.
func TestImportWithoutKeys(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		e.keys = nil
		imp := siteimport.New(siteimport.Config{Store: e.st, Blobs: e.blobs, Files: os.DirFS("testdata/sample-files")})
		_, err := imp.Run(t.Context(), strings.NewReader(`{"jobApplications": {"a": {}}}`))
		if err == nil || !strings.Contains(err.Error(), "no data keys") {
			t.Errorf("Run without keys = %v", err)
		}
	})
}
