package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"corpsite/internal/server"
)

// rawSubmit sends a submission over a connection of its own: the body up
// to cut at once, then, after pause, the rest. It returns the status.
func rawSubmit(t *testing.T, addr, jobID string, body []byte, ct string, cut int, pause time.Duration) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(20 * time.Second))
	head := fmt.Sprintf("POST /api/jobs/%s/applications HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		jobID, addr, ct, len(body))
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write(body[:cut]); err != nil {
		t.Fatal(err)
	}
	time.Sleep(pause)
	// The server may have answered and closed already: a failed write is
	// for the answer to tell.
	_, _ = conn.Write(body[cut:])
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	defer res.Body.Close()
	return res.StatusCode
}

// The application route gives a client a short time for the headers and
// the text, and the long upload time only once the text is accepted: a
// client trickling the beginning is cut off after the short deadline, one
// whose files take longer than it is not.
func TestApplyDeadlineExtendedOnlyForAcceptedText(t *testing.T) {
	f := newApplyFixture(t)
	const first = time.Second
	server.SetUploadDeadlines(f.srv, first, time.Minute)
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	addr := strings.TrimPrefix(ts.URL, "http://")

	body, ct := multipartBody(t, validRequest(), validFiles())
	resume := bytes.Index(body, []byte(`name="resume"`))
	if resume < 0 {
		t.Fatal("no resume part in the body")
	}
	// Half of the text, then a pause beyond the first deadline.
	if got := rawSubmit(t, addr, f.job.ID, body, ct, resume/2, first+first/2); got != http.StatusRequestTimeout {
		t.Errorf("stalled in the text: status %d, want 408", got)
	}
	// The text and some of the resume, then the same pause: the files
	// have the upload deadline.
	if got := rawSubmit(t, addr, f.job.ID, body, ct, resume+200, first+first/2); got != http.StatusCreated {
		t.Errorf("stalled in the files: status %d, want 201", got)
	}
}

// Uploads streaming at once are bounded server-wide; one more is refused
// at once with 503 and Retry-After, not queued.
func TestApplyConcurrentUploadsBounded(t *testing.T) {
	f := newApplyFixture(t)
	server.SetMaxUploads(f.srv, 1)
	body, ct := multipartBody(t, validRequest(), validFiles())
	resume := bytes.Index(body, []byte(`name="resume"`))

	pr, pw := io.Pipe()
	done := make(chan response, 1)
	go func() { done <- f.submit(t, f.job.ID, "203.0.113.7:4000", "", pr, ct) }()
	if _, err := pw.Write(body[:resume+200]); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); server.UploadsInProgress(f.srv) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the first upload never took its slot")
		}
		time.Sleep(5 * time.Millisecond)
	}

	other := validRequest()
	other.Email = "ravi@example.com"
	res := f.apply(t, other, validFiles(), "")
	if res.Status != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("upload beyond the bound = %d (Retry-After %q), want 503 with Retry-After", res.Status, res.Header.Get("Retry-After"))
	}
	if e := decodeAPIError(t, res); e.Code != "busy" || !strings.Contains(e.Message, "Please wait") {
		t.Errorf("refusal = %+v, want code busy and a message to wait", e)
	}

	if _, err := pw.Write(body[resume+200:]); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if r := <-done; r.Status != http.StatusCreated {
		t.Fatalf("first upload = %d %s", r.Status, r.Body)
	}
	if n := server.UploadsInProgress(f.srv); n != 0 {
		t.Errorf("%d slots still taken after the upload ended", n)
	}
	// The slot is free again.
	if res := f.apply(t, other, validFiles(), ""); res.Status != http.StatusCreated {
		t.Errorf("upload after the first ended = %d %s, want 201", res.Status, res.Body)
	}
}
