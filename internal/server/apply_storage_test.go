package server_test

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/store/sqlite"
)

// fullDisk is real blob storage on a full disk: its writes fail as a
// local file write does then.
type fullDisk struct{ domain.BlobStore }

func (fullDisk) Put(_ context.Context, key string, _ io.Reader, _ string) error {
	return fmt.Errorf("blob: put %q: %w", key, &os.PathError{Op: "write", Path: "files/" + key, Err: syscall.ENOSPC})
}

const msgCannotStore = "Our server cannot store your application right now. Nothing was saved; please try again in a few minutes."

// assertCannotStore checks the answer of a submission the server could not
// store: 503, Retry-After, the words to act on, an ERROR in the log with
// the cause, and nothing kept.
func assertCannotStore(t *testing.T, f *applyFixture, res response, cause string) {
	t.Helper()
	if res.Status != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "300" {
		t.Errorf("answer = %d (Retry-After %q) %s, want 503 with Retry-After 300", res.Status, res.Header.Get("Retry-After"), res.Body)
	}
	if e := decodeAPIError(t, res); e.Code != domain.EBusy || e.Message != msgCannotStore {
		t.Errorf("error = %+v, want busy %q", e, msgCannotStore)
	}
	logs := f.logs.String()
	if !strings.Contains(logs, "level=ERROR") || !strings.Contains(logs, cause) {
		t.Errorf("no ERROR naming %q in the log:\n%s", cause, logs)
	}
	if n := len(f.allBlobs(t)); n != 0 {
		t.Errorf("%d documents kept", n)
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("%d applications stored", n)
	}
}

// A full disk answers 503 in words the applicant can act on, not a
// complaint about the request, and logs the cause at ERROR.
func TestApplyFullDisk(t *testing.T) {
	t.Parallel()
	f := newApplyFixtureWith(t, func(b domain.BlobStore) domain.BlobStore { return fullDisk{b} })
	res := f.apply(t, validRequest(), validFiles(), "")
	assertCannotStore(t, f, res, "no space left on device")
}

// lockDatabase holds the write lock of the SQLite database at path from
// a connection of its own (as another process would) until the test ends.
func lockDatabase(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = conn.ExecContext(context.Background(), "ROLLBACK")
		conn.Close()
		db.Close()
	})
}

// A database another process keeps locked answers the application 503
// (not 500) with the same words, and /readyz tells it busy, not down.
func TestApplyBusyDatabase(t *testing.T) {
	t.Parallel()
	var path string
	var st *sqlite.Store
	f := newApplyFixture(t, func(o *server.Options) {
		// The fixture's database, through a store that waits 50 ms for a lock.
		path = filepath.Join(t.TempDir(), "busy.db")
		var err error
		if st, err = sqlite.OpenWith(context.Background(), path, sqlite.Options{BusyTimeout: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		o.Store = st
	})
	f.store = st
	f.job = f.createJob(t, "Platform Engineer", domain.JobOpen, nil)
	if res := f.get(t, "/readyz"); res.Status != http.StatusOK {
		t.Fatalf("/readyz before the lock = %d %q", res.Status, res.Body)
	}
	lockDatabase(t, path)
	res := f.apply(t, validRequest(), validFiles(), "")
	assertCannotStore(t, f, res, "database is locked")

	res = f.get(t, "/readyz")
	if res.Status != http.StatusServiceUnavailable || res.Body != "database busy\n" || res.Header.Get("Retry-After") == "" {
		t.Errorf("/readyz with the database locked = %d %q (Retry-After %q), want 503 \"database busy\" with Retry-After",
			res.Status, res.Body, res.Header.Get("Retry-After"))
	}
	st.Close()
	if res := f.get(t, "/readyz"); res.Status != http.StatusServiceUnavailable || res.Body != "database unreachable\n" {
		t.Errorf("/readyz with the database closed = %d %q, want 503 \"database unreachable\"", res.Status, res.Body)
	}
}

// An upload that stops sending in its files is stopped once its rate
// window is over, with words saying why, and its slot is freed; the
// first part's deadline is long, so only the rate can have stopped it.
func TestApplyTooSlowUploadIsStopped(t *testing.T) {
	t.Parallel()
	f := newApplyFixture(t)
	server.SetUploadDeadlines(f.srv, time.Minute, time.Minute)
	server.SetUploadRate(f.srv, 1<<20, 200*time.Millisecond)
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	addr := strings.TrimPrefix(ts.URL, "http://")
	body, ct := multipartBody(t, validRequest(), validFiles())
	resume := strings.Index(string(body), `name="resume"`)

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "POST /api/jobs/%s/applications HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		f.job.ID, addr, ct, len(body))
	if _, err := conn.Write(body[:resume+200]); err != nil {
		t.Fatal(err)
	}
	// Nothing more is sent: the answer comes from the rate check.
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "too slow") {
		t.Errorf("stalled upload = %d %s, want 408 saying it was too slow", res.StatusCode, b)
	}
	if n := server.UploadsInProgress(f.srv); n != 0 {
		t.Errorf("%d upload slots still taken", n)
	}
}
