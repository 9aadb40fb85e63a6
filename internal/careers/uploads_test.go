package careers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
)

// refusedAs returns err's *domain.Refused, failing t unless it is one of
// code.
func refusedAs(t *testing.T, err error, code string) *domain.Refused {
	t.Helper()
	var r *domain.Refused
	if !errors.As(err, &r) || r.Err.Code != code {
		t.Fatalf("err = %v, want a Refused %s", err, code)
	}
	return r
}

// One client streams at most UploadsPerClient submissions; the next is
// told its earlier ones are still uploading (not counted against its
// hourly limit), and another client is not held back by it.
func TestUploadsPerClient(t *testing.T) {
	f := newFixture(t, 16)
	var dones []func()
	for i := range careers.UploadsPerClient {
		done, err := f.admit(t, "client-a", fmt.Sprintf("a%d@example.com", i))
		if err != nil {
			t.Fatalf("upload %d of one client: %v", i, err)
		}
		dones = append(dones, done)
	}
	_, err := f.admit(t, "client-a", "more@example.com")
	r := refusedAs(t, err, domain.ETooMany)
	if r.Retry != careers.ClientBusyRetry || !strings.Contains(r.Err.Message, "still uploading") {
		t.Errorf("refusal = %v (retry %v), want the still-uploading message, retry %v", r.Err, r.Retry, careers.ClientBusyRetry)
	}
	done, err := f.admit(t, "client-b", "b@example.com")
	if err != nil {
		t.Fatalf("another client: %v", err)
	}
	done()
	dones[0]()
	dones[0]() // done twice frees one slot only
	if n := f.svc.Uploading(); n != careers.UploadsPerClient-1 {
		t.Errorf("Uploading = %d, want %d", n, careers.UploadsPerClient-1)
	}
	done, err = f.admit(t, "client-a", "again@example.com")
	if err != nil {
		t.Fatalf("one client once an upload ended: %v", err)
	}
	done()
	for _, d := range dones[1:] {
		d()
	}
	if n, c := f.svc.Uploading(), f.svc.UploadingClients(); n != 0 || c != 0 {
		t.Errorf("after every upload: %d slots, %d clients tracked, want none", n, c)
	}
	// The hourly limit counted only the three admitted submissions of
	// client-a, not the refused one.
	for i := range careers.Limit - 3 {
		done, err := f.admit(t, "client-a", fmt.Sprintf("late%d@example.com", i))
		if err != nil {
			t.Fatalf("submission %d within the hourly limit: %v", i, err)
		}
		done()
	}
}

// The last ReservedUploads slots (at most a quarter) go only to clients
// with no upload in flight: clients each holding one cannot take them
// with their second.
func TestReservedUploadSlots(t *testing.T) {
	const total = 16
	reserved := min(careers.ReservedUploads, total/4)
	f := newFixture(t, total)
	var dones []func()
	admit := func(client string) error {
		t.Helper()
		done, err := f.admit(t, client, client+"@example.com")
		if err == nil {
			dones = append(dones, done)
		}
		return err
	}
	// Clients take one slot each, then a second while they may.
	for i := range total - reserved {
		if err := admit(fmt.Sprintf("c%d", i)); err != nil {
			t.Fatalf("first upload of client %d: %v", i, err)
		}
	}
	refusedAs(t, admit("c0"), domain.EBusy)
	for i := range reserved {
		if err := admit(fmt.Sprintf("new%d", i)); err != nil {
			t.Fatalf("new client %d on a reserved slot: %v", i, err)
		}
	}
	refusedAs(t, admit("late"), domain.EBusy)
	if n, c := f.svc.Uploading(), f.svc.UploadingClients(); n != total || c != total {
		t.Errorf("Uploading = %d by %d clients, want %d by %d", n, c, total, total)
	}
	for _, d := range dones {
		d()
	}
	if n, c := f.svc.Uploading(), f.svc.UploadingClients(); n != 0 || c != 0 {
		t.Errorf("after every upload: %d slots, %d clients tracked, want none", n, c)
	}
}

// fullBlobs is real blob storage on a full disk: its writes fail as a
// local file write does then.
type fullBlobs struct{ domain.BlobStore }

func (fullBlobs) Put(_ context.Context, key string, r io.Reader, _ string) error {
	return fmt.Errorf("blob: put %q: %w", key, &os.PathError{Op: "write", Path: filepath.Join("files", key), Err: syscall.ENOSPC})
}

// A full disk turns the applicant away for now, in words that say
// nothing was saved and to try again, with the cause kept for the log.
func TestFullDiskRefusesForNow(t *testing.T) {
	f := newFixture(t, 4)
	f.svc = careers.New(careers.Config{Store: f.store, Blobs: fullBlobs{f.blobs}, Keys: f.keys,
		TempDir: t.TempDir(), MaxUploads: 4, Now: func() time.Time { return testNow }})
	_, err := f.submit(t, f.good(request("a@example.com")))
	r := refusedAs(t, err, domain.EBusy)
	if r.Retry != careers.StorageRetry || r.Err.Message != "Our server cannot store your application right now. Nothing was saved; please try again in a few minutes." {
		t.Errorf("refusal = %q retry %v", r.Err.Message, r.Retry)
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("the cause is lost: %v", err)
	}
	if apps := f.applications(t); len(apps) != 0 {
		t.Errorf("%d applications stored", len(apps))
	}
}

// A file name says what is wrong with it: text-direction and control
// characters are refused by name, a path is cut to its last part.
func TestFileNames(t *testing.T) {
	for _, tt := range []struct{ in, clean, msg string }{
		{"cv.pdf", "cv.pdf", ""},
		{`C:\Users\a\cv.pdf`, "cv.pdf", ""},
		{"docs/2024/cv.pdf", "cv.pdf", ""},
		{"Résumé – Meera.pdf", "Résumé – Meera.pdf", ""},
		{"cv\u202Efdp.exe", "", "text-direction characters"},
		{"cv\u2066.pdf", "", "text-direction characters"},
		{"cv\u200F.pdf", "", "text-direction characters"},
		{"cv\t1.pdf", "", "control characters"},
		{"cv\x00.pdf", "", "control characters"},
		{`C:\Users\a\`, "", "names a folder"},
		{"..", "", "names a folder"},
		{"cv\xff.pdf", "", "not valid text"},
	} {
		clean, msg := careers.CleanFileName("resume", tt.in)
		if clean != tt.clean || (tt.msg == "") != (msg == "") || !strings.Contains(msg, tt.msg) {
			t.Errorf("CleanFileName(%q) = %q, %q; want %q and a message with %q", tt.in, clean, msg, tt.clean, tt.msg)
		}
		if msg != "" && !strings.HasPrefix(msg, "The resume's file name ") {
			t.Errorf("message %q does not name the document", msg)
		}
	}
}

// Through the use case: a refused name gets its own message (never the
// empty-file one), and a Windows path is stored under its file's name.
func TestDocumentNamesThroughTheUseCase(t *testing.T) {
	f := newFixture(t, 4)
	s := f.good(request("a@example.com"))
	s.files[0].Name = "cv\u202Efdp.pdf"
	_, err := f.submit(t, s)
	if msg := domain.ErrorFields(err)[domain.ResumePart]; !strings.Contains(msg, "text-direction") || strings.Contains(msg, "empty") {
		t.Errorf("right-to-left override: %v", err)
	}
	s = f.good(request("b@example.com"))
	s.files[0].Name = `C:\Users\a\` + s.files[0].Name
	if _, err := f.submit(t, s); err != nil {
		t.Fatalf("a Windows path: %v", err)
	}
}

// Repeats of one submission (the same idempotency key, racing) are one
// submission of the client's share, though each holds a slot.
func TestRepeatsAreOneSubmissionOfTheClient(t *testing.T) {
	f := newFixture(t, 16)
	admitKey := func(key, email string) (func(), error) {
		t.Helper()
		sub, _, err := f.svc.Begin(context.Background(), careers.Request{JobID: f.job.ID, Client: "client-a", Key: key})
		if err != nil {
			t.Fatal(err)
		}
		return sub.Admit(context.Background(), request(email))
	}
	var dones []func()
	for i := range 4 {
		done, err := admitKey("repeat-key-0123456789", "a@example.com")
		if err != nil {
			t.Fatalf("repeat %d: %v", i, err)
		}
		dones = append(dones, done)
	}
	done, err := admitKey("other-key-0123456789a", "b@example.com")
	if err != nil {
		t.Fatalf("a second submission: %v", err)
	}
	dones = append(dones, done)
	_, err = admitKey("third-key-0123456789a", "c@example.com")
	refusedAs(t, err, domain.ETooMany)
	if n, c := f.svc.Uploading(), f.svc.UploadingClients(); n != 5 || c != 1 {
		t.Errorf("Uploading = %d by %d clients, want 5 by 1", n, c)
	}
	for _, d := range dones {
		d()
	}
	if n, c := f.svc.Uploading(), f.svc.UploadingClients(); n != 0 || c != 0 {
		t.Errorf("after every upload: %d slots, %d clients tracked, want none", n, c)
	}
}
