package blob

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"corpsite/internal/blob/blobtest"
	"corpsite/internal/domain"
)

func TestS3Contract(t *testing.T) {
	t.Parallel()
	blobtest.Run(t, func(t *testing.T) domain.BlobStore {
		s, _ := openFakeS3(t)
		return s
	})
}

// fakeS3 is an in-process S3 server that remembers the requests it got.
type fakeS3 struct {
	bucket string
	mu     sync.Mutex
	reqs   []*http.Request
}

// requests returns the requests received so far.
func (f *fakeS3) requests() []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.reqs)
}

// TestMain puts dummy credentials in the environment, once for the test
// binary rather than with t.Setenv in each test, so that the S3 tests may
// run in parallel. Only the environment may supply credentials: never a
// developer's ~/.aws files (pointed where there are none) or an instance
// role.
func TestMain(m *testing.M) {
	none := filepath.Join(os.TempDir(), "blob-test-no-aws-"+rand.Text()) // never created
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID":           "AKIDTEST",
		"AWS_SECRET_ACCESS_KEY":       "test-secret-key",
		"AWS_SESSION_TOKEN":           "",
		"AWS_PROFILE":                 "",
		"AWS_REGION":                  "",
		"AWS_DEFAULT_REGION":          "",
		"AWS_ENDPOINT_URL":            "",
		"AWS_ENDPOINT_URL_S3":         "",
		"AWS_CONFIG_FILE":             filepath.Join(none, "config"),
		"AWS_SHARED_CREDENTIALS_FILE": filepath.Join(none, "credentials"),
		"AWS_EC2_METADATA_DISABLED":   "true",
	} {
		os.Setenv(k, v)
	}
	os.Exit(m.Run())
}

// openFakeS3 starts an S3 server with a fresh bucket and opens it through
// Open's s3:// URL, with the dummy credentials TestMain put in the
// environment. The caller closes the store.
func openFakeS3(t *testing.T) (domain.BlobStore, *fakeS3) {
	t.Helper()
	backend := s3mem.New()
	f := &fakeS3{bucket: "blobs-" + strings.ToLower(rand.Text()[:10])}
	if err := backend.CreateBucket(f.bucket); err != nil {
		t.Fatal(err)
	}
	s3 := gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog()))
	handler := s3.Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.reqs = append(f.reqs, r.Clone(context.Background()))
		f.mu.Unlock()
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	raw := fmt.Sprintf("s3://%s?endpoint=%s&region=us-east-1", f.bucket, url.QueryEscape(srv.URL))
	s, err := Open(context.Background(), raw, "")
	if err != nil {
		t.Fatalf("Open(%q): %v", raw, err)
	}
	return s, f
}

// TestS3WritesPrivatePathStyle checks what goes over the wire: the bucket
// is addressed in the path (the endpoint has no bucket.host names) and no
// upload asks for an ACL, so objects keep the bucket's private default.
func TestS3WritesPrivatePathStyle(t *testing.T) {
	t.Parallel()
	s, f := openFakeS3(t)
	closeLater(t, s)
	if err := s.Put(context.Background(), "resumes/a.pdf", strings.NewReader("pdf"), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	puts := 0
	for _, r := range f.requests() {
		if !strings.HasPrefix(r.URL.Path, "/"+f.bucket+"/") && r.URL.Path != "/"+f.bucket {
			t.Errorf("%s %s: bucket not in the path", r.Method, r.URL.Path)
		}
		if r.Method != http.MethodPut && r.Method != http.MethodPost {
			continue
		}
		puts++
		for name := range r.Header {
			if name := strings.ToLower(name); name == "x-amz-acl" || strings.HasPrefix(name, "x-amz-grant-") {
				t.Errorf("%s %s sent %s: %q", r.Method, r.URL.Path, name, r.Header.Get(name))
			}
		}
	}
	if puts == 0 {
		t.Errorf("saw no upload request")
	}
}

func TestS3ListPages(t *testing.T) {
	t.Parallel()
	s, f := openFakeS3(t)
	closeLater(t, s)
	s.(*s3Store).pageSize = 2
	want := []string{"resumes/a.pdf", "resumes/b.pdf", "resumes/c.pdf", "resumes/d.pdf", "resumes/e.pdf"}
	for _, key := range slices.Backward(want) {
		if err := s.Put(context.Background(), key, strings.NewReader(key), ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Put(context.Background(), "other/x.pdf", strings.NewReader("x"), ""); err != nil {
		t.Fatal(err)
	}
	got, err := s.List(context.Background(), "resumes/")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("List mismatch:\n got %q\nwant %q", got, want)
	}
	lists := 0
	for _, r := range f.requests() {
		if r.Method == http.MethodGet && r.URL.Query().Has("list-type") {
			lists++
		}
	}
	if lists != 3 {
		t.Errorf("List made %d list requests for 5 keys in pages of 2, want 3", lists)
	}
}

func TestS3OpenRejectsUnknownParameter(t *testing.T) {
	t.Parallel()
	_, err := Open(context.Background(), "s3://bucket?endpoint=http://127.0.0.1:1&region=us-east-1&colour=blue", "")
	if err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("Open with an unknown parameter: %v, want an error naming it", err)
	}
}

// TestS3PutMultipart sends a file larger than one part as a multipart
// upload and reads it back whole; a reader that fails part-way aborts the
// upload and leaves the previous object in place.
func TestS3PutMultipart(t *testing.T) {
	t.Parallel()
	s, f := openFakeS3(t)
	closeLater(t, s)
	ctx := context.Background()
	big := make([]byte, 2*s3PartSize+1234)
	rand.Read(big)
	if err := s.Put(ctx, "resumes/big.bin", bytes.NewReader(big), ""); err != nil {
		t.Fatal(err)
	}
	r, info, err := s.Open(ctx, "resumes/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, big) || info.Size != int64(len(big)) {
		t.Errorf("read back %d bytes (info.Size %d), want the %d bytes put", len(got), info.Size, len(big))
	}
	parts := 0
	for _, r := range f.requests() {
		if r.Method == http.MethodPut && r.URL.Query().Has("partNumber") {
			parts++
		}
	}
	if parts != 3 {
		t.Errorf("uploaded %d parts for %d bytes in parts of %d, want 3", parts, len(big), s3PartSize)
	}

	broken := errors.New("reader broke")
	failing := io.MultiReader(bytes.NewReader(big[:s3PartSize+10]), iotest.ErrReader(broken))
	if err := s.Put(ctx, "resumes/big.bin", failing, ""); !errors.Is(err, broken) {
		t.Fatalf("Put with a failing reader: %v, want %v", err, broken)
	}
	aborted := slices.ContainsFunc(f.requests(), func(r *http.Request) bool {
		return r.Method == http.MethodDelete && r.URL.Query().Has("uploadId")
	})
	if !aborted {
		t.Errorf("a failed multipart upload was not aborted")
	}
	r, _, err = s.Open(ctx, "resumes/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got, _ := io.ReadAll(r); !bytes.Equal(got, big) {
		t.Errorf("after a failed Put the object changed (%d bytes)", len(got))
	}
}
