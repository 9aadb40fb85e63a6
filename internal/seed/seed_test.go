package seed

import (
	"context"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
	"corpsite/internal/store/sqlite"
)

func openStore(t *testing.T) *sqlite.Store {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return st
}

var testNow = time.Date(2025, time.March, 14, 15, 30, 0, 0, time.FixedZone("IST", 5*3600+1800))

func TestLoad(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)

	loaded, err := Load(ctx, st, testNow)
	if err != nil {
		t.Fatalf("first Load: %v", err)
	}
	if !loaded {
		t.Fatal("first Load on an empty store returned false")
	}
	v1, err := st.ContentVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}

	loaded, err = Load(ctx, st, testNow.Add(time.Hour))
	if err != nil {
		t.Fatalf("second Load: %v", err)
	}
	if loaded {
		t.Fatal("second Load returned true")
	}
	if v2, _ := st.ContentVersion(ctx); v2 != v1 {
		t.Errorf("second Load changed the content version from %d to %d", v1, v2)
	}

	jobs, err := st.ListJobs(ctx, domain.JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	checkJobs(t, jobs)

	all, err := st.ListBlogPosts(ctx, domain.BlogFilter{})
	if err != nil {
		t.Fatal(err)
	}
	checkPosts(t, all)

	published, err := st.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(published) != 8 {
		t.Errorf("got %d published posts, want 8", len(published))
	}
	checkComments(t, st, published)
}

// checkComments checks the demo comments: visible, valid as a visitor's
// comment would have to be, on published posts only, written after their
// post and before now.
func checkComments(t *testing.T, st domain.Store, published []domain.BlogPost) {
	t.Helper()
	ctx := context.Background()
	total, commented := 0, 0
	for _, p := range published {
		all, err := st.ListComments(ctx, p.ID, false)
		if err != nil {
			t.Fatal(err)
		}
		visible, err := st.ListComments(ctx, p.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != len(visible) {
			t.Errorf("post %q has %d comments, %d visible; want all visible", p.Title, len(all), len(visible))
		}
		if len(all) > 0 {
			commented++
		}
		for _, c := range all {
			total++
			check := domain.Comment{Name: c.Name, Email: c.Email, Website: c.Website, Comment: c.Comment}
			check.Normalize()
			if err := check.Validate(); err != nil {
				t.Errorf("comment by %s on %q is not valid: %v", c.Name, p.Title, err)
			}
			if reason := domain.CommentSpamReason(check); reason != "" {
				t.Errorf("comment by %s on %q looks like spam: %s", c.Name, p.Title, reason)
			}
			if !strings.HasSuffix(c.Email, "@example.com") {
				t.Errorf("comment by %s has e-mail %q, want an example.com address", c.Name, c.Email)
			}
			if !c.CreatedAt.After(p.CreatedAt) || !c.CreatedAt.Before(testNow) {
				t.Errorf("comment by %s on %q at %v, want between the post (%v) and now", c.Name, p.Title, c.CreatedAt, p.CreatedAt)
			}
		}
	}
	if total < 4 || commented < 2 {
		t.Errorf("%d comments on %d posts; want a few comments on several posts", total, commented)
	}
}

// TestLoadSkipsNonEmptyStore checks that one job or one post, of any
// status, is enough to keep Load away.
func TestLoadSkipsNonEmptyStore(t *testing.T) {
	ctx := context.Background()

	t.Run("draft post", func(t *testing.T) {
		st := openStore(t)
		if err := st.CreateBlogPost(ctx, &domain.BlogPost{Title: "Mine", Content: "<h2>x</h2>", Status: domain.PostDraft}); err != nil {
			t.Fatal(err)
		}
		loaded, err := Load(ctx, st, testNow)
		if err != nil || loaded {
			t.Fatalf("Load = %v, %v; want false, nil", loaded, err)
		}
		if n, _ := st.CountBlogPosts(ctx, domain.BlogFilter{}); n != 1 {
			t.Errorf("store has %d posts, want 1", n)
		}
		if jobs, _ := st.ListJobs(ctx, domain.JobFilter{}); len(jobs) != 0 {
			t.Errorf("store has %d jobs, want 0", len(jobs))
		}
	})

	t.Run("closed job", func(t *testing.T) {
		st := openStore(t)
		if err := st.CreateJob(ctx, &domain.Job{JobTitle: "Mine", Status: domain.JobClosed}); err != nil {
			t.Fatal(err)
		}
		loaded, err := Load(ctx, st, testNow)
		if err != nil || loaded {
			t.Fatalf("Load = %v, %v; want false, nil", loaded, err)
		}
		if n, _ := st.CountBlogPosts(ctx, domain.BlogFilter{}); n != 0 {
			t.Errorf("store has %d posts, want 0", n)
		}
	})
}

// TestLoadCleansUpOnError checks that a failed Load leaves the store
// empty, so that the next start tries again.
func TestLoadCleansUpOnError(t *testing.T) {
	st := openStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	fs := &failingStore{Store: st, failAfter: 3, cancel: cancel}
	if _, err := Load(ctx, fs, testNow); err == nil {
		t.Fatal("Load succeeded although the store failed")
	}
	bg := context.Background()
	if jobs, _ := st.ListJobs(bg, domain.JobFilter{}); len(jobs) != 0 {
		t.Errorf("store has %d jobs after a failed Load, want 0", len(jobs))
	}
	loaded, err := Load(bg, st, testNow)
	if err != nil || !loaded {
		t.Fatalf("Load after a failed one = %v, %v; want true, nil", loaded, err)
	}
}

// failingStore cancels the context and fails CreateJob after failAfter
// successful calls.
type failingStore struct {
	*sqlite.Store
	failAfter int
	cancel    context.CancelFunc
}

func (f *failingStore) CreateJob(ctx context.Context, j *domain.Job) error {
	if f.failAfter == 0 {
		f.cancel()
		return domain.Errorf(domain.EInternal, "disk on fire")
	}
	f.failAfter--
	return f.Store.CreateJob(ctx, j)
}

var experienceRE = regexp.MustCompile(`^\d+(-\d+|\+)$`)

func checkJobs(t *testing.T, jobs []domain.Job) {
	t.Helper()
	if len(jobs) < 6 {
		t.Fatalf("got %d jobs, want at least 6", len(jobs))
	}
	today := time.Date(2025, time.March, 14, 0, 0, 0, 0, time.UTC)
	cities := map[string]int{}
	workplaces := map[string]int{}
	types := map[string]bool{}
	var withSalary, withClosing int
	for i, j := range jobs {
		cities[j.Location]++
		types[j.EmploymentType] = true
		if j.Status != domain.JobOpen {
			t.Errorf("job %q has status %q, want open", j.JobTitle, j.Status)
		}
		if !j.Public(testNow) {
			t.Errorf("job %q is not public", j.JobTitle)
		}
		if !experienceRE.MatchString(j.Experience) {
			t.Errorf("job %q has experience %q", j.JobTitle, j.Experience)
		}
		if j.Department == "" {
			t.Errorf("job %q has no department", j.JobTitle)
		}
		// Loading maps every demo job to the default lists.
		if f := j.UnmappedFacts(); len(f) > 0 || j.LocationID == "" || j.DepartmentID == "" || j.YearsMin == nil {
			t.Errorf("job %q is not mapped: %v", j.JobTitle, f)
		}
		workplaces[j.Workplace]++
		switch j.EmploymentType {
		case "FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN":
		default:
			t.Errorf("job %q has employment type %q", j.JobTitle, j.EmploymentType)
		}
		if j.SalaryMin != 0 || j.SalaryMax != 0 {
			withSalary++
			if j.SalaryMin <= 0 || j.SalaryMax < j.SalaryMin {
				t.Errorf("job %q has salary %d–%d", j.JobTitle, j.SalaryMin, j.SalaryMax)
			}
		}
		if c := j.ClosingDate; c != nil {
			withClosing++
			days := int(c.Sub(today).Hours() / 24)
			if !c.Equal(time.Date(c.Year(), c.Month(), c.Day(), 0, 0, 0, 0, time.UTC)) || days < 30 || days > 60 {
				t.Errorf("job %q closes %v, want a UTC midnight 30 to 60 days after %v", j.JobTitle, c, today)
			}
		}
		if !j.CreatedAt.Before(testNow) {
			t.Errorf("job %q created at %v, not before now", j.JobTitle, j.CreatedAt)
		}
		if i > 0 && !j.CreatedAt.Before(jobs[i-1].CreatedAt) {
			t.Errorf("jobs not strictly newest first: %v then %v", jobs[i-1].CreatedAt, j.CreatedAt)
		}
		if got := sanitize.HTML(j.Description); got != j.Description {
			t.Errorf("job %q: description changes when sanitised again", j.JobTitle)
		}
		if n := countTag(t, j.Description, "h3"); n < 3 {
			t.Errorf("job %q has %d <h3> sections, want at least 3", j.JobTitle, n)
		}
		if n := countTag(t, j.Description, "ul"); n < 3 {
			t.Errorf("job %q has %d lists, want at least 3", j.JobTitle, n)
		}
		if w := words(t, j.Description); w < 150 || w > 350 {
			t.Errorf("job %q description has %d words, want 150 to 350", j.JobTitle, w)
		}
	}
	if cities["Hyderabad"] == 0 || cities["Bengaluru"] == 0 || len(cities) != 2 {
		t.Errorf("jobs by city: %v; want Hyderabad and Bengaluru only", cities)
	}
	if len(workplaces) != 3 {
		t.Errorf("jobs by workplace: %v; want each type", workplaces)
	}
	if len(types) < 3 {
		t.Errorf("employment types %v; want at least 3 kinds", types)
	}
	if withSalary == 0 || withSalary == len(jobs) {
		t.Errorf("%d of %d jobs state a salary; want some but not all", withSalary, len(jobs))
	}
	if withClosing == 0 || withClosing == len(jobs) {
		t.Errorf("%d of %d jobs have a closing date; want some but not all", withClosing, len(jobs))
	}
}

func checkPosts(t *testing.T, posts []domain.BlogPost) {
	t.Helper()
	status := map[domain.PostStatus]int{}
	for i, p := range posts {
		status[p.Status]++
		if p.Title == "" || p.Description == "" {
			t.Errorf("post %q lacks a title or description", p.Title)
		}
		if !p.CreatedAt.Before(testNow) {
			t.Errorf("post %q created at %v, not before now", p.Title, p.CreatedAt)
		}
		if i > 0 && !p.CreatedAt.Before(posts[i-1].CreatedAt) {
			t.Errorf("posts not strictly newest first: %v then %v", posts[i-1].CreatedAt, p.CreatedAt)
		}
		if got := sanitize.HTML(p.Content); got != p.Content {
			t.Errorf("post %q: content changes when sanitised again", p.Title)
		}
		if !strings.HasPrefix(p.Content, "<h2>") {
			t.Errorf("post %q: content does not start with <h2>", p.Title)
		}
		h2 := countTag(t, p.Content, "h2")
		if h2 < 3 || h2 > 5 {
			t.Errorf("post %q has %d <h2> sections, want 3 to 5", p.Title, h2)
		}
		if p.Status == domain.PostPublished {
			if w := words(t, p.Content); w < 400 || w > 700 {
				t.Errorf("post %q has %d words, want 400 to 700", p.Title, w)
			}
			if p.Image == "" {
				t.Errorf("published post %q has no image", p.Title)
			}
		}
		if p.Image != "" {
			name, ok := strings.CutPrefix(p.Image, MediaPrefix)
			if !ok || strings.Contains(name, "/") || path.Ext(name) != ".svg" {
				t.Errorf("post %q has image %q, want %s<file>.svg", p.Title, p.Image, MediaPrefix)
			} else if _, err := fs.Stat(Images, "images/"+name); err != nil {
				t.Errorf("post %q: image %s: %v", p.Title, name, err)
			} else if _, err := fs.Stat(ImageFS(), name); err != nil {
				t.Errorf("post %q: ImageFS lacks %s: %v", p.Title, name, err)
			}
		}
	}
	if status[domain.PostPublished] != 8 || status[domain.PostDraft] != 1 || len(posts) != 9 {
		t.Errorf("posts by status: %v; want 8 published and 1 draft", status)
	}
}

// TestSourcesAreClean checks that sanitising the hand-written HTML
// removes nothing: what we wrote is exactly what is stored.
func TestSourcesAreClean(t *testing.T) {
	for _, d := range demoJobs {
		if got := sanitize.HTML(d.description); got != d.description {
			t.Errorf("job %q: sanitising changes the description:\n%s", d.title, firstDiff(d.description, got))
		}
	}
	for _, d := range demoPosts {
		if got := sanitize.HTML(d.content); got != d.content {
			t.Errorf("post %q: sanitising changes the content:\n%s", d.title, firstDiff(d.content, got))
		}
	}
}

// TestImages checks the illustrations: distinct posts use distinct
// images, every file is used, small, self-contained and 1200x630.
func TestImages(t *testing.T) {
	files, err := fs.Glob(Images, "images/*.svg")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 8 {
		t.Errorf("got %d images, want 8", len(files))
	}
	used := map[string]int{}
	for _, d := range demoPosts {
		if d.image != "" {
			used[d.image]++
		}
	}
	for _, f := range files {
		name := path.Base(f)
		if used[name] != 1 {
			t.Errorf("%s is used by %d posts, want 1", name, used[name])
		}
		b, err := fs.ReadFile(Images, f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if len(b) >= 4096 {
			t.Errorf("%s is %d bytes, want under 4 KB", name, len(b))
		}
		if !strings.Contains(s, `viewBox="0 0 1200 630"`) {
			t.Errorf("%s lacks viewBox 0 0 1200 630", name)
		}
		for _, bad := range []string{"<text", "<image", "<script", "href", "<foreignObject", "@import", "url(http", " on"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s contains %q", name, bad)
			}
		}
	}
}

func countTag(t *testing.T, s, tag string) int {
	t.Helper()
	n := 0
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return n
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) == tag {
				n++
			}
		}
	}
}

// words counts the words of the text in s.
func words(t *testing.T, s string) int {
	t.Helper()
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return len(strings.Fields(b.String()))
		case html.TextToken:
			b.Write(z.Text())
			b.WriteByte(' ')
		}
	}
}

func firstDiff(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-40)
	return "  wrote: …" + want[lo:min(len(want), i+40)] + "…\n  got:   …" + got[lo:min(len(got), i+40)] + "…"
}
