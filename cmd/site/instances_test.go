package main

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"corpsite/internal/server"
	"corpsite/internal/server/applytest"
	"corpsite/internal/store/postgres/pgtest"
	"corpsite/internal/testwait"
	"corpsite/internal/wire"
)

// instancesConf is the load balancer's part of nginx's configuration for
// several instances: the README's "Running several instances" shows it
// with the example's addresses (TestReadmeShowsInstancesConf).
const instancesConf = "testdata/instances.nginx.conf"

// renderAllowance is how long, beyond server.DefaultVersionTTL, a change
// made through one instance may take to show on another's page: the page
// renders again there (tens of milliseconds alone, under a second in
// practice; the margin is for a loaded two-core machine running other
// test packages besides both instances, nginx and PostgreSQL). The time
// it took is logged.
const renderAllowance = 30 * time.Second

// Two instances of the site behind nginx as load balancer, on one
// PostgreSQL database and one S3-compatible store (a process of its own),
// as the README's "Running several instances" sets them up. What one
// instance takes in, the other shows; limits and staff sessions are
// shared; and when one instance dies, nginx goes on with the other and
// no message is lost or stored twice.
func TestSeveralInstances(t *testing.T) {
	t.Parallel()
	nginx := nginxPath(t)
	dbURL := pgtest.Schema(t, "instances")
	s3 := startS3(t)
	start := time.Now()

	port := listenForNginx(t)
	proxy := port.addr()
	base := "http://" + proxy
	env := append(awsEnv(t), "SITE_DATA_KEY="+newDataKey(t))
	shared := []string{
		"--database-url", dbURL,
		"--files-url", "s3://site?endpoint=" + s3 + "&region=us-east-1",
		"--base-url", base,
	}
	runSite(t, env, append([]string{"seed"}, shared...)...)
	// Started together, as a deployment would: both migrate the database.
	serve := append(shared, "--trusted-proxies", "127.0.0.1/32")
	a := startInstance(t, "A", env, serve...)
	b := startInstance(t, "B", env, serve...)
	a.ready(t)
	b.ready(t)
	tmpl, err := os.ReadFile(instancesConf)
	if err != nil {
		t.Fatal(err)
	}
	conf := strings.NewReplacer("{{instance-a}}", a.addr, "{{instance-b}}", b.addr,
		"{{listen}}", proxy, "{{host}}", "127.0.0.1").Replace(string(tmpl))
	runNginx(t, nginx, strings.Replace(nginxMain, "{{conf}}", conf, 1), port)
	t.Logf("two instances, nginx, PostgreSQL and S3 up in %v", time.Since(start).Round(time.Millisecond))

	run := strings.ToLower(rand.Text()[:8])

	// Staff accounts are made with the command line against the shared
	// database; their passwords are set through nginx, as the console does
	// (the set-up link is on the base URL), and they sign in through A.
	editor := addStaff(t, env, shared, "editor", run)
	recruiter := addStaff(t, env, shared, "recruiter", run)
	setUpPassword(t, proxy, editor)
	setUpPassword(t, proxy, recruiter)
	editorA := signIn(t, a.addr, editor)
	recruiterA := signIn(t, a.addr, recruiter)

	t.Run("staff sessions are shared", func(t *testing.T) {
		for _, at := range []string{a.addr, b.addr, proxy} {
			var me wire.StaffMe
			if status := editorA.getJSON(t, at, "/api/admin/me", &me); status != http.StatusOK || me.Email != editor.email {
				t.Errorf("session made on A, used on %s: %d %+v; want 200 as %s", at, status, me, editor.email)
			}
		}
		// Signed out on B, the session has ended on A too.
		other := signIn(t, a.addr, editor)
		if res := other.do(t, b.addr, http.MethodPost, "/api/admin/logout", nil); res.status != http.StatusOK {
			t.Fatalf("sign out on B: %d %s", res.status, res.body)
		}
		if res := other.do(t, a.addr, http.MethodGet, "/api/admin/me", nil); res.status != http.StatusUnauthorized {
			t.Errorf("session signed out on B, used on A: %d, want 401", res.status)
		}
	})

	t.Run("a contact message sent through A reaches staff through B", func(t *testing.T) {
		subject := "Scale-out check " + run
		res := post(t, a.addr, "/api/contact", "192.0.2.10", contactBody(subject))
		if res.status != http.StatusCreated {
			t.Fatalf("contact through A: %d %s", res.status, res.body)
		}
		var made wire.ContactCreated
		mustDecode(t, res.body, &made)
		took := eventually(t, "the message in B's inbox", func() bool {
			var inbox wire.ContactMessageList
			editorA.getJSON(t, b.addr, "/api/admin/messages?folder=inbox", &inbox)
			for _, m := range inbox.Messages {
				if m.ID == made.ID && m.Subject == subject {
					return true
				}
			}
			return false
		})
		t.Logf("contact message: in B's inbox %v after A stored it", took)
	})

	t.Run("a comment posted through A shows on the post's page through B", func(t *testing.T) {
		var blogs wire.BlogList
		if status := getJSON(t, b.addr, "/api/blogs", &blogs); status != http.StatusOK || len(blogs.Posts) == 0 {
			t.Fatalf("GET /api/blogs on B: %d, %d posts; want the seeded posts", status, len(blogs.Posts))
		}
		page := "/blog/" + blogs.Posts[0].ID
		text := "Read on the other instance " + run
		if res := get(t, b.addr, page); res.status != http.StatusOK || strings.Contains(res.body, text) {
			t.Fatalf("GET %s on B before the comment: %d", page, res.status)
		}
		res := post(t, a.addr, "/api/blogs/"+blogs.Posts[0].ID+"/comments", "192.0.2.11",
			fmt.Sprintf(`{"name":"Ravi Kumar","email":"ravi@example.com","website":"","comment":%q,"homepage":"","elapsedMs":15000}`, text))
		var posted wire.CommentPosted
		if res.status != http.StatusCreated || json.Unmarshal([]byte(res.body), &posted) != nil || posted.Status != "visible" {
			t.Fatalf("comment through A: %d %s; want 201, visible", res.status, res.body)
		}
		took := eventually(t, "the comment on B's page", func() bool {
			return strings.Contains(get(t, b.addr, page).body, text)
		})
		t.Logf("comment: on B's page %v after A stored it (version TTL %v)", took, server.DefaultVersionTTL)
	})

	// The job is created and published through A; the application below
	// is made to it.
	var jobID string
	t.Run("a job published in the console through A shows on /career through B", func(t *testing.T) {
		title := "Platform Reliability Engineer " + run
		if res := get(t, b.addr, "/career"); res.status != http.StatusOK || strings.Contains(res.body, title) {
			t.Fatalf("GET /career on B before the job: %d", res.status)
		}
		threeYears, fiveYears := 3, 5
		in := wire.AdminJobInput{
			JobTitle: title, YearsMin: &threeYears, YearsMax: &fiveYears, LocationID: "hyderabad", DepartmentID: "engineering",
			EmploymentType: "FULL_TIME", SalaryMin: 900000, SalaryMax: 1500000,
			ClosingDate: time.Now().AddDate(0, 1, 0).Format(time.DateOnly),
			Description: "<h2>About</h2><p>Keep two instances of everything running.</p>",
		}
		res := recruiterA.do(t, a.addr, http.MethodPost, "/api/admin/jobs", in)
		var job wire.AdminJob
		if res.status != http.StatusCreated || json.Unmarshal([]byte(res.body), &job) != nil {
			t.Fatalf("create the job through A: %d %s", res.status, res.body)
		}
		if res := recruiterA.do(t, a.addr, http.MethodPost, "/api/admin/jobs/"+job.ID+"/publish", nil); res.status != http.StatusOK {
			t.Fatalf("publish the job through A: %d %s", res.status, res.body)
		}
		jobID = job.ID
		took := eventually(t, "the job on B's /career", func() bool {
			body := get(t, b.addr, "/career").body
			return strings.Contains(body, title) && strings.Contains(body, "/job/"+job.ID)
		})
		t.Logf("job: on B's /career %v after A published it", took)
	})

	t.Run("rate limits are shared", func(t *testing.T) {
		// One visitor (the address nginx forwards) sends the contact form's
		// limit, split between the instances, then once more through nginx.
		const visitor = "198.51.100.77"
		for i := range 5 {
			at := []string{a.addr, b.addr}[i%2]
			if res := post(t, at, "/api/contact", visitor, contactBody(fmt.Sprintf("Limit %s %d", run, i))); res.status != http.StatusCreated {
				t.Fatalf("message %d straight to %s: %d %s", i+1, at, res.status, res.body)
			}
		}
		for _, at := range []string{proxy, proxy, a.addr, b.addr} {
			res := post(t, at, "/api/contact", visitor, contactBody("Limit "+run+" over"))
			if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
				t.Errorf("6th message, through %s: %d (Retry-After %q); want 429 with Retry-After", at, res.status, res.header.Get("Retry-After"))
			}
		}
		// Another visitor behind the same nginx has a limit of its own.
		if res := post(t, proxy, "/api/contact", "198.51.100.78", contactBody("Limit "+run+" other")); res.status != http.StatusCreated {
			t.Errorf("another visitor through nginx: %d, want 201", res.status)
		}
	})

	t.Run("an application uploaded through A is downloadable by staff through B", func(t *testing.T) {
		if jobID == "" {
			t.Skip("no job was published")
		}
		files := applytest.Files()
		resume := files[0].Data // Files: the resume first
		body, contentType := applicationBody(t, run, files)
		req := newRequest(t, http.MethodPost, a.addr, "/api/jobs/"+jobID+"/applications", bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Idempotency-Key", "scale-out-"+run+"-application")
		req.Header.Set("X-Forwarded-For", "192.0.2.30")
		res := send(t, req)
		var saved wire.ApplicationSaved
		if res.status != http.StatusCreated || json.Unmarshal([]byte(res.body), &saved) != nil {
			t.Fatalf("apply through A: %d %s", res.status, res.body)
		}

		var list wire.ApplicationList
		if status := recruiterA.getJSON(t, b.addr, "/api/admin/applications?job="+jobID, &list); status != http.StatusOK || len(list.Rows) != 1 || list.Rows[0].Reference != saved.Reference {
			t.Fatalf("B's inbox for the job: %d %+v; want the application %s", status, list.Rows, saved.Reference)
		}
		var detail wire.ApplicationDetail
		if status := recruiterA.getJSON(t, b.addr, "/api/admin/applications/"+list.Rows[0].ID, &detail); status != http.StatusOK || len(detail.Documents) != 3 {
			t.Fatalf("the application through B: %d, %d documents; want 3", status, len(detail.Documents))
		}
		for _, d := range detail.Documents {
			path := "/api/admin/applications/" + detail.ID + "/documents/" + d.ID
			fromB := recruiterA.do(t, b.addr, http.MethodGet, path, nil)
			fromA := recruiterA.do(t, a.addr, http.MethodGet, path, nil)
			if fromB.status != http.StatusOK || fromA.status != http.StatusOK {
				t.Errorf("download %s: %d through B, %d through A; want 200", d.ID, fromB.status, fromA.status)
				continue
			}
			if fromB.body != fromA.body || len(fromB.body) == 0 {
				t.Errorf("download %s: %d bytes through B, %d through A; want the same bytes", d.ID, len(fromB.body), len(fromA.body))
			}
		}
		// A PDF is stored as sent (pictures are re-encoded without their
		// metadata): through B, byte for byte what A took in.
		if got := recruiterA.do(t, b.addr, http.MethodGet, "/api/admin/applications/"+detail.ID+"/documents/resume", nil); got.body != string(resume) {
			t.Errorf("resume through B: %d bytes, want the %d uploaded through A", len(got.body), len(resume))
		}
	})

	t.Run("one instance killed: nginx goes on with the other, nothing lost", func(t *testing.T) {
		const (
			messages  = 40
			workers   = 4
			killAfter = 12 // answers before A is killed
		)
		subject := func(i int) string { return fmt.Sprintf("Burst %s %02d", run, i) }
		// Each message with its idempotency key, as the contact form sends it.
		key := func(i int) string { return fmt.Sprintf("burst-%s-%02d-idempotency", run, i) }
		type outcome struct {
			status  int
			err     error
			started time.Time
		}
		outcomes := make([]outcome, messages)
		var answered atomic.Int32
		var killedAt time.Time
		// What each instance stored before the burst, to see that nginx
		// gave both a share of it.
		// Counted by each instance's metrics, read at once (log lines
		// are written in batches, and a killed instance's last ones are
		// lost); -1 when they cannot be read.
		storedBy := func(p *instance) int {
			n, err := p.contactsStored()
			if err != nil {
				t.Errorf("%s: %v", p.name, err)
				return -1
			}
			return n
		}
		aBefore, bBefore := storedBy(a), storedBy(b)
		var aShare int
		var kill sync.Once
		next := make(chan int)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := range next {
					o := &outcomes[i]
					o.started = time.Now()
					// Each message from a visitor of its own: no limit is met.
					o.status, o.err = tryPost(proxy, "/api/contact", fmt.Sprintf("10.77.0.%d", i+1), contactBody(subject(i)), key(i))
					if answered.Add(1) == killAfter {
						kill.Do(func() {
							// A's share, read while its metrics still answer.
							aShare = storedBy(a) - aBefore
							a.kill()
							killedAt = time.Now()
						})
					}
				}
			})
		}
		for i := range messages {
			next <- i
		}
		close(next)
		wg.Wait()
		if killedAt.IsZero() {
			t.Fatal("instance A was never killed")
		}
		bShare := storedBy(b) - bBefore
		if aShare == 0 || bShare == 0 {
			t.Errorf("of the burst, A stored %d before it died and B %d; want nginx to balance between them", aShare, bShare)
		}

		// Counted in the database: each message at most once, and each
		// answered 201 exactly once.
		stored := countBurst(t, dbURL, "Burst "+run+" %")
		lost := 0
		for i, o := range outcomes {
			n := stored[subject(i)]
			switch {
			case o.status == http.StatusCreated && n != 1:
				t.Errorf("message %d: answered 201, stored %d times", i, n)
			case o.status == http.StatusCreated:
			case n > 1:
				t.Errorf("message %d: answered %d (%v), stored %d times", i, o.status, o.err, n)
			case o.started.After(killedAt):
				t.Errorf("message %d sent %v after A was killed: %d (%v); want 201 from B", i, o.started.Sub(killedAt), o.status, o.err)
			default:
				// In flight on A when it died: nginx does not pass a POST
				// on once sent, so the visitor gets 502 and sends again,
				// with the same key: stored or not, it is stored once.
				lost++
				t.Logf("message %d, in flight on A when it died: %d (%v), stored %d times", i, o.status, o.err, n)
				req := newRequest(t, http.MethodPost, proxy, "/api/contact", strings.NewReader(contactBody(subject(i))))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.77.0.%d", i+1))
				req.Header.Set("Idempotency-Key", key(i))
				if res := send(t, req); res.status != http.StatusCreated {
					t.Errorf("message %d sent again: %d %s", i, res.status, res.body)
				}
			}
		}
		if lost > workers {
			t.Errorf("%d answers lost; at most %d requests were in flight when A died", lost, workers)
		}
		stored = countBurst(t, dbURL, "Burst "+run+" %")
		for i := range messages {
			if n := stored[subject(i)]; n != 1 {
				t.Errorf("message %d stored %d times, want once", i, n)
			}
		}
		t.Logf("burst: %d messages through nginx, A killed after %d answers (A had stored %d, B %d in all); %d answers lost in flight; every message stored once",
			messages, killAfter, aShare, bShare, lost)

		// nginx keeps serving pages, the API and the console from B.
		for range 3 {
			for _, path := range []string{"/", "/career", "/blog", "/api/jobs", "/job/" + jobID} {
				if res := get(t, proxy, path); res.status != http.StatusOK {
					t.Errorf("GET %s through nginx with A dead: %d", path, res.status)
				}
			}
			if status := recruiterA.getJSON(t, proxy, "/api/admin/applications?job="+jobID, &wire.ApplicationList{}); status != http.StatusOK {
				t.Errorf("staff session through nginx with A dead: %d", status)
			}
		}
	})
	t.Logf("whole test %v", time.Since(start).Round(time.Millisecond))
}

// The README's nginx configuration for several instances is the one the
// test runs, with the README's addresses.
func TestReadmeShowsInstancesConf(t *testing.T) {
	t.Parallel()
	tmpl, err := os.ReadFile(instancesConf)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer("{{instance-a}}", "127.0.0.1:8081", "{{instance-b}}", "127.0.0.1:8082",
		"{{listen}}", "443 ssl", "{{host}}", "www.example.com").Replace(string(tmpl))
	_, section, _ := strings.Cut(string(readme), "\n### Running several instances\n")
	section, _, _ = strings.Cut(section, "\n## ")
	if !strings.Contains(section, "```nginx\n"+want+"```\n") {
		t.Errorf("README's \"Running several instances\" does not show %s as the test runs it; want\n```nginx\n%s```", instancesConf, want)
	}
}

// countBurst counts the stored contact messages by subject, of those
// whose subject is LIKE pattern.
func countBurst(t *testing.T, dbURL, pattern string) map[string]int {
	t.Helper()
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(t.Context(), `SELECT subject, COUNT(*) FROM contact_messages WHERE subject LIKE $1 GROUP BY subject`, pattern)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	counts := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		counts[s] = n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return counts
}

// awsEnv is the environment of the site's S3 client: dummy credentials
// for the test's store and nothing from the developer's AWS set-up.
func awsEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{
		"AWS_ACCESS_KEY_ID=scale-out-test",
		"AWS_SECRET_ACCESS_KEY=scale-out-test-secret",
		"AWS_SESSION_TOKEN=", "AWS_PROFILE=", "AWS_REGION=", "AWS_DEFAULT_REGION=",
		"AWS_ENDPOINT_URL=", "AWS_ENDPOINT_URL_S3=",
		"AWS_CONFIG_FILE=" + filepath.Join(home, "config"),
		"AWS_SHARED_CREDENTIALS_FILE=" + filepath.Join(home, "credentials"),
		"AWS_EC2_METADATA_DISABLED=true",
	}
}

// newDataKey is a fresh SITE_DATA_KEY (see README, "National ID numbers").
func newDataKey(t *testing.T) string {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		t.Fatal(err)
	}
	return "k1:" + base64.StdEncoding.EncodeToString(k)
}

// startS3 builds cmd/s3dev, runs it on a free port with the bucket "site"
// and returns its endpoint URL.
func startS3(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "s3dev")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	if out, err := exec.Command(goCmd, "build", "-o", bin, "corpsite/cmd/s3dev").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/s3dev: %v\n%s", err, out)
	}
	p := startProcess(t, "s3dev", exec.Command(bin, "--addr", "127.0.0.1:0", "--bucket", "site"))
	var endpoint string
	p.waitFor(t, func(out, _ string) bool {
		m := regexp.MustCompile(`Serving S3 at (http://\S+)`).FindStringSubmatch(out)
		if m != nil {
			endpoint = m[1]
		}
		return m != nil
	})
	return endpoint
}

// process is a program the test runs, stopped when the test ends.
type process struct {
	name        string
	cmd         *exec.Cmd
	out, errOut *syncBuffer
	exited      chan struct{}
	waitErr     error // once exited is closed
	killed      atomic.Bool
}

// startProcess starts cmd with its output collected, and stops it (SIGTERM,
// then SIGKILL after 10 s) when the test ends.
func startProcess(t *testing.T, name string, cmd *exec.Cmd) *process {
	t.Helper()
	p := &process{name: name, cmd: cmd, out: &syncBuffer{}, errOut: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.out, p.errOut
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() { p.waitErr = cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			_ = cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.exited:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				<-p.exited
				t.Errorf("%s did not stop within 10 s of SIGTERM", name)
				return
			}
		}
		if p.waitErr != nil && !p.killed.Load() {
			t.Errorf("%s exited with %v:\n%s", name, p.waitErr, p.errOut.String())
		}
	})
	return p
}

// waitFor waits until ready holds for the process's output so far, for
// at most a minute, failing the test if the process exits first.
func (p *process) waitFor(t *testing.T, ready func(stdout, stderr string) bool) {
	t.Helper()
	isReady := false
	defer func() {
		if !isReady { // exited or timed out: show what it said
			t.Logf("%s's output:\n%s%s", p.name, p.out.String(), p.errOut.String())
		}
	}()
	testwait.Eventually(t, time.Minute, p.name+" to be ready", func() bool {
		if ready(p.out.String(), p.errOut.String()) {
			return true
		}
		select {
		case <-p.exited:
			t.Fatalf("%s exited (%v) before it was ready", p.name, p.waitErr)
		default:
		}
		return false
	})
	isReady = true
}

// kill ends the process at once (SIGKILL) and waits for it.
func (p *process) kill() {
	p.killed.Store(true)
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// instance is the site serving as one of several instances.
type instance struct {
	*process
	addr, metricsAddr string
}

// contactsStoredMetric is the line of /metrics counting the contact
// messages an instance answered 2xx (stored, or a repeat of one stored).
var contactsStoredMetric = regexp.MustCompile(`(?m)^site_http_requests_total\{code="2xx",route="POST /api/contact"\} ([0-9]+)$`)

// contactsStored is the number of contact messages the instance answered
// 2xx, from its metrics.
func (in *instance) contactsStored() (int, error) {
	res, err := http.Get("http://" + in.metricsAddr + "/metrics")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("/metrics: %d %v", res.StatusCode, err)
	}
	m := contactsStoredMetric.FindSubmatch(body)
	if m == nil {
		return 0, nil // none yet
	}
	return strconv.Atoi(string(m[1]))
}

// startInstance starts `site serve` (the test binary acting as the site)
// on a free port with its own data folder and flags; ready waits for it.
func startInstance(t *testing.T, name string, env []string, flags ...string) *instance {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--log-level", "info"}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), env...), runAsSite+"=1")
	return &instance{process: startProcess(t, "instance "+name, cmd)}
}

// ready returns once the instance listens and its database answers.
func (in *instance) ready(t *testing.T) {
	t.Helper()
	// The address is in the log line "listening" (the site prints the base
	// URL, which is nginx's).
	in.waitFor(t, func(_, log string) bool {
		for line := range strings.Lines(log) {
			var l struct {
				Msg, Addr   string
				MetricsAddr string `json:"metrics_addr"`
			}
			if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "listening" {
				in.addr, in.metricsAddr = l.Addr, l.MetricsAddr
				return true
			}
		}
		return false
	})
	if res := get(t, in.addr, "/readyz"); res.status != http.StatusOK {
		t.Fatalf("%s: /readyz %d", in.name, res.status)
	}
}

// runSite runs a command of the site's command line (the test binary
// acting as the site) and returns its output.
func runSite(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), env...), runAsSite+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("site %s: %v\n%s", args[0], err, out)
	}
	return string(out)
}

// staffAccount is a member of staff made for the test.
type staffAccount struct {
	email, name, password, setupToken string
}

// addStaff makes an account with `site staff add` on the shared database
// and keeps the set-up link's token.
func addStaff(t *testing.T, env, shared []string, role, run string) staffAccount {
	t.Helper()
	acc := staffAccount{
		email:    role + "-" + run + "@staff.example.com",
		name:     "Scale " + role,
		password: "Quiet harbour " + run + " lantern",
	}
	out := runSite(t, env, append([]string{"staff", "add", "--email", acc.email, "--name", acc.name, "--role", role}, shared...)...)
	m := regexp.MustCompile(`http://\S+/admin/setup#([A-Za-z0-9_-]+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("staff add printed no set-up link:\n%s", out)
	}
	acc.setupToken = m[1]
	return acc
}

// staffSession is a signed-in member of staff: the session cookie.
type staffSession struct{ cookie *http.Cookie }

// sessionFrom is the staff session cookie res set.
func sessionFrom(t *testing.T, res result) staffSession {
	t.Helper()
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == "__Host-staff" && c.Value != "" {
			return staffSession{cookie: &http.Cookie{Name: c.Name, Value: c.Value}}
		}
	}
	t.Fatalf("no staff session cookie in %v", res.header["Set-Cookie"])
	return staffSession{}
}

// setUpPassword sets acc's password with its set-up link at addr, as the
// console's set-up screen does.
func setUpPassword(t *testing.T, addr string, acc staffAccount) {
	t.Helper()
	res := staffSession{}.do(t, addr, http.MethodPost, "/api/admin/setup", wire.SetupRequest{Token: acc.setupToken, Password: acc.password})
	if res.status != http.StatusOK {
		t.Fatalf("set-up of %s at %s: %d %s", acc.email, addr, res.status, res.body)
	}
	sessionFrom(t, res)
}

// signIn signs acc in at addr.
func signIn(t *testing.T, addr string, acc staffAccount) staffSession {
	t.Helper()
	res := staffSession{}.do(t, addr, http.MethodPost, "/api/admin/login", wire.LoginRequest{Email: acc.email, Password: acc.password})
	if res.status != http.StatusOK {
		t.Fatalf("sign-in of %s at %s: %d %s", acc.email, addr, res.status, res.body)
	}
	return sessionFrom(t, res)
}

// do sends a staff API request to addr with the session's cookie (if any)
// and, as a browser does, the Origin of the address it is sent to.
func (s staffSession) do(t *testing.T, addr, method, path string, body any) result {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req := newRequest(t, method, addr, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet {
		req.Header.Set("Origin", "http://"+addr)
	}
	if s.cookie != nil {
		req.AddCookie(s.cookie)
	}
	return send(t, req)
}

// getJSON reads a staff API answer into v and returns its status.
func (s staffSession) getJSON(t *testing.T, addr, path string, v any) int {
	t.Helper()
	res := s.do(t, addr, http.MethodGet, path, nil)
	if res.status == http.StatusOK {
		mustDecode(t, res.body, v)
	}
	return res.status
}

// contactBody is a valid contact message, not taken for spam.
func contactBody(subject string) string {
	return fmt.Sprintf(`{"name":"Asha Rao","email":"asha@example.com","subject":%q,`+
		`"message":"We would like a quote for a customer portal.","website":"","elapsedMs":12000}`, subject)
}

// applicationBody is a complete application with files, as the form
// sends it, from an e-mail address of the run's own.
func applicationBody(t *testing.T, run string, files []applytest.File) ([]byte, string) {
	t.Helper()
	app := applytest.Request(time.Now())
	app.Email = "meera.iyer+" + run + "@example.com"
	body, contentType, err := applytest.Body(app, files)
	if err != nil {
		t.Fatal(err)
	}
	return body, contentType
}

// result is an HTTP answer, read in full.
type result struct {
	status int
	header http.Header
	body   string
}

// testClient follows no redirects: the test looks at each answer.
var testClient = &http.Client{
	Timeout:       30 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

func newRequest(t *testing.T, method, addr, path string, body io.Reader) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, "http://"+addr+path, body)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// send sends req and reads the answer; a failed request fails the test.
func send(t *testing.T, req *http.Request) result {
	t.Helper()
	res, err := testClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", req.Method, req.URL, err)
	}
	return result{status: res.StatusCode, header: res.Header, body: string(b)}
}

func get(t *testing.T, addr, path string) result {
	t.Helper()
	return send(t, newRequest(t, http.MethodGet, addr, path, nil))
}

func getJSON(t *testing.T, addr, path string, v any) int {
	t.Helper()
	res := get(t, addr, path)
	if res.status == http.StatusOK {
		mustDecode(t, res.body, v)
	}
	return res.status
}

// post sends a JSON form to addr as the visitor client: the test connects
// from 127.0.0.1, which nginx and the instances trust as a proxy, so the
// X-Forwarded-For it sends names the visitor.
func post(t *testing.T, addr, path, client, body string) result {
	t.Helper()
	req := newRequest(t, http.MethodPost, addr, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", client)
	return send(t, req)
}

// tryPost is post, with an Idempotency-Key, for a request that may fail
// (an instance dying under it): the status, or the error. Safe to call
// from any goroutine.
func tryPost(addr, path, client, body, key string) (int, error) {
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+path, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", client)
	req.Header.Set("Idempotency-Key", key)
	res, err := testClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, err = io.Copy(io.Discard, res.Body)
	return res.StatusCode, err
}

func mustDecode(t *testing.T, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("decoding %.200s: %v", body, err)
	}
}

// eventually polls cond until it holds, for at most the content-version
// interval and a render, and returns how long it took.
func eventually(t *testing.T, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	testwait.Eventually(t, server.DefaultVersionTTL+renderAllowance,
		fmt.Sprintf("%s (content-version interval %v and %v for a render)", what, server.DefaultVersionTTL, renderAllowance), cond)
	return time.Since(start).Round(time.Millisecond)
}
