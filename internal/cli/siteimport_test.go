package cli_test

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/store/sqlite"
)

// TestImportThenServe builds the site binary, imports the sample export
// of the original site into a data folder of its own (a dry run first,
// then twice for real) and serves it: the imported job, post and comment
// are on the public pages, sanitised, with the post's cover.
func TestImportThenServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "site")
	build := exec.Command("go", "build", "-o", bin, "corpsite/cmd/site")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	export, _ := filepath.Abs("../siteimport/testdata/sample-export.json")
	files, _ := filepath.Abs("../siteimport/testdata/sample-files")
	// Ten years: the sample's dates stay within the retention period
	// whenever the test runs.
	common := []string{"--data-dir", data, "--retention-days", "3650", "--log-level", "error"}
	site := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, append(args, common...)...)
		cmd.Env = siteEnv()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("site %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	out := site("import", "--from", export, "--files", files, "--dry-run")
	for _, want := range []string{"Dry run: nothing was written.", "jobDescription:  2 to create, 0 unchanged, 1 skipped",
		"note    post-broken-cover: image blogs/broken-cover.jpg"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "data.key")); err == nil {
		t.Error("the dry run wrote a data key")
	}
	// Into a data folder without a database, a dry run compares with an
	// empty one of its own and leaves no database behind.
	if !strings.Contains(out, "No database in "+data+" yet") {
		t.Errorf("dry run output does not say it compares with an empty database:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(data, "site.db")); err == nil {
		t.Error("the dry run created a database")
	}
	out = site("import", "--from", export, "--files", files)
	for _, want := range []string{"jobDescription:  2 created", "blogs:           2 created", "comments:        2 created",
		"contacts:        2 created", "jobApplications: 3 created"} {
		if !strings.Contains(out, want) {
			t.Errorf("import output lacks %q:\n%s", want, out)
		}
	}
	if out := site("import", "--from", export, "--files", files); !strings.Contains(out, "Total: 0 created, 11 unchanged, 5 skipped.") {
		t.Errorf("second import:\n%s", out)
	}
	// The import that stored records is in the audit log, with counts
	// only; the one that stored nothing is not.
	st, err := sqlite.Open(t.Context(), filepath.Join(data, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := st.ListAudit(t.Context(), domain.AuditFilter{Action: domain.AuditSiteImported})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Subject != "import" || entries[0].ActorID != "" ||
		!strings.HasPrefix(entries[0].Detail, "jobDescription 2 created, 0 unchanged, 1 skipped; blogs 2 created") ||
		strings.Contains(entries[0].Detail, "@") {
		t.Errorf("audit entries of the imports: %+v", entries)
	}

	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--render-workers", "1"}, common...)...)
	cmd.Env = siteEnv()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	urls := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`Serving the site at (http://127\.0\.0\.1:\d+/)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	var base string
	select {
	case base = <-urls:
	case <-time.After(2 * time.Minute):
		t.Fatal("serve did not print its URL within 2 minutes")
	}
	get := func(path string) (string, *http.Response) {
		t.Helper()
		res, err := http.Get(base + strings.TrimPrefix(path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s = %d", path, res.StatusCode)
		}
		return string(body), res
	}

	job, _ := get("/job/_job_cloud_eng7_kq")
	for _, want := range []string{"Cloud Engineer", "<strong>cloud platforms</strong>", "Hyderabad"} {
		if !strings.Contains(job, want) {
			t.Errorf("job page lacks %q", want)
		}
	}
	if strings.Contains(job, "alert('x')") || strings.Contains(job, "steal()") {
		t.Error("job page carries the export's script")
	}
	post, _ := get("/blog/_post_cloud_cost9_x")
	for _, want := range []string{"Five ways to cut your cloud bill", "<h2", "Right-size", "Meera Iyer",
		"Reserved instances saved us a third. &lt;b>Thanks!&lt;/b>"} {
		if !strings.Contains(post, want) {
			t.Errorf("post page lacks %q", want)
		}
	}
	if strings.Contains(post, "onerror") || strings.Contains(post, "evil.example") {
		t.Error("post page carries the export's script")
	}
	cover := regexp.MustCompile(`/covers/five-ways-to-cut-your-cloud-bill-[a-z0-9-]+\.jpg`).FindString(post)
	if cover == "" {
		t.Fatal("post page shows no imported cover")
	}
	if _, res := get(cover); res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("GET %s: Content-Type %q", cover, res.Header.Get("Content-Type"))
	}
}

// siteEnv is the environment without SITE_ variables (TestMain removed
// them from this process).
func siteEnv() []string { return os.Environ() }
