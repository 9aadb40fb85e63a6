// Package blobtest is the contract suite every domain.BlobStore
// implementation must pass. Only tests import it:
//
//	func TestContract(t *testing.T) {
//		blobtest.Run(t, func(t *testing.T) domain.BlobStore { … })
//	}
//
// It checks behaviour a caller can observe through the interface alone;
// implementation-specific guarantees (file modes, confinement, request
// headers) are tested next to each implementation.
package blobtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"corpsite/internal/domain"
)

// Run runs the contract suite. open must return a new, empty store for
// each subtest; Run closes it when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) domain.BlobStore) {
	t.Helper()
	newStore := func(t *testing.T) domain.BlobStore {
		t.Helper()
		s := open(t)
		t.Cleanup(func() {
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		return s
	}
	for _, tc := range []struct {
		name string
		test func(t *testing.T, s domain.BlobStore)
	}{
		{"RoundTrip", testRoundTrip},
		{"Overwrite", testOverwrite},
		{"Delete", testDelete},
		{"NotFound", testNotFound},
		{"ListEmpty", testListEmpty},
		{"List", testList},
		{"InvalidKeys", testInvalidKeys},
		{"InvalidContentType", testInvalidContentType},
		{"CancelledPut", testCancelledPut},
		{"FailedPut", testFailedPut},
		{"ContentType", testContentType},
		{"ReplaceIsAtomic", testReplaceIsAtomic},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, newStore(t)) })
	}
}

// InvalidKeys are keys every store must refuse with EInvalid.
var InvalidKeys = []string{
	"",
	"../x",
	"..",
	".",
	"/abs",
	"/",
	"a//b",
	"a/./b",
	"a/../b",
	"a/..",
	"a/",
	"./a",
	`a\b`,
	`..\x`,
	"a\x00b",
	"a\nb",
	"a\x7fb",
	"a\u0085b", // C1 control (NEL)
	"\xff\xfe.pdf",
	strings.Repeat("k", 513),
}

func testRoundTrip(t *testing.T, s domain.BlobStore) {
	for _, tc := range []struct {
		key, contentType string
		data             []byte
	}{
		{"resumes/a.pdf", "application/pdf", []byte("%PDF-1.4\nnot really a pdf\n")},
		{"empty.txt", "text/plain", []byte{}},
		{"national-ids/big.bin", "application/octet-stream", randomBytes(5 << 20)},
	} {
		// Hide bytes.Reader's Seek and WriteTo: callers stream uploads.
		put(t, s, tc.key, struct{ io.Reader }{bytes.NewReader(tc.data)}, tc.contentType)
		got, info := read(t, s, tc.key)
		if !bytes.Equal(got, tc.data) {
			t.Errorf("Open(%q): content differs: got %d bytes, want %d", tc.key, len(got), len(tc.data))
		}
		if info.Key != tc.key || info.Size != int64(len(tc.data)) {
			t.Errorf("Open(%q): info = %+v, want key %q size %d", tc.key, info, tc.key, len(tc.data))
		}
	}
}

func testOverwrite(t *testing.T, s domain.BlobStore) {
	const key = "resumes/x.txt"
	put(t, s, key, strings.NewReader("first version, the longer one"), "text/plain")
	put(t, s, key, strings.NewReader("second"), "text/plain")
	got, info := read(t, s, key)
	if string(got) != "second" || info.Size != 6 {
		t.Errorf("after overwrite: content %q size %d, want %q size 6", got, info.Size, "second")
	}
	wantList(t, s, "", key)
}

func testDelete(t *testing.T, s domain.BlobStore) {
	ctx := context.Background()
	put(t, s, "resumes/a.pdf", strings.NewReader("a"), "application/pdf")
	put(t, s, "resumes/b.pdf", strings.NewReader("b"), "application/pdf")
	if err := s.Delete(ctx, "resumes/a.pdf"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantNotFound(t, s, "resumes/a.pdf")
	wantList(t, s, "", "resumes/b.pdf")
	if err := s.Delete(ctx, "resumes/a.pdf"); err != nil {
		t.Errorf("Delete of a deleted blob: %v, want nil", err)
	}
	if err := s.Delete(ctx, "never/there.pdf"); err != nil {
		t.Errorf("Delete of a blob that never existed: %v, want nil", err)
	}
	// A "folder" is not a blob: deleting it must not remove what is under it.
	if err := s.Delete(ctx, "resumes"); err != nil {
		t.Errorf("Delete(%q): %v, want nil", "resumes", err)
	}
	wantList(t, s, "", "resumes/b.pdf")
}

func testNotFound(t *testing.T, s domain.BlobStore) {
	wantNotFound(t, s, "missing.pdf")
	put(t, s, "resumes/a.pdf", strings.NewReader("a"), "application/pdf")
	wantNotFound(t, s, "resumes")         // a "folder" is not a blob
	wantNotFound(t, s, "resumes/a.pdf/x") // nor is anything under a blob
	wantNotFound(t, s, "resumes/b.pdf")
}

func testListEmpty(t *testing.T, s domain.BlobStore) {
	wantList(t, s, "")
	wantList(t, s, "resumes/")
}

func testList(t *testing.T, s domain.BlobStore) {
	for _, key := range []string{
		"top.txt",
		"resumes/b.pdf",
		"resumes/a.pdf",
		"resumes-old/z.pdf",
		"national-ids/b.png",
		"national-ids/2024/c.png",
		"national-ids/2024/.d.png",
		"odd/a__0x41__ b.pdf", // looks like an escape sequence; stays literal
	} {
		put(t, s, key, strings.NewReader(key), "")
	}
	for _, tc := range []struct {
		prefix string
		want   []string
	}{
		{"", []string{
			"national-ids/2024/.d.png", "national-ids/2024/c.png", "national-ids/b.png",
			"odd/a__0x41__ b.pdf", "resumes-old/z.pdf", "resumes/a.pdf", "resumes/b.pdf", "top.txt",
		}},
		{"resumes/", []string{"resumes/a.pdf", "resumes/b.pdf"}},
		{"resumes", []string{"resumes-old/z.pdf", "resumes/a.pdf", "resumes/b.pdf"}},
		{"resumes/a", []string{"resumes/a.pdf"}},
		{"national-ids/", []string{"national-ids/2024/.d.png", "national-ids/2024/c.png", "national-ids/b.png"}},
		{"national-ids/2024/.", []string{"national-ids/2024/.d.png"}},
		{"odd/a__0x", []string{"odd/a__0x41__ b.pdf"}},
		{"top.txt", []string{"top.txt"}},
		{"nothing/", nil},
		{"top.txt/", nil},
		{"z", nil},
	} {
		wantList(t, s, tc.prefix, tc.want...)
	}
	for _, prefix := range []string{"../", "/", "/resumes", "a//", "./", `a\`, "a\x00"} {
		if _, err := s.List(context.Background(), prefix); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("List(%q): error %v, want kind %s", prefix, err, domain.EInvalid)
		}
	}
}

func testInvalidKeys(t *testing.T, s domain.BlobStore) {
	ctx := context.Background()
	for _, key := range InvalidKeys {
		err := s.Put(ctx, key, strings.NewReader("x"), "text/plain")
		wantInvalid(t, "Put", key, err)
		r, _, err := s.Open(ctx, key)
		if r != nil {
			r.Close()
			t.Errorf("Open(%q) returned a reader", key)
		}
		wantInvalid(t, "Open", key, err)
		wantInvalid(t, "Delete", key, s.Delete(ctx, key))
	}
	wantList(t, s, "")
}

func testInvalidContentType(t *testing.T, s domain.BlobStore) {
	err := s.Put(context.Background(), "a.pdf", strings.NewReader("x"), "not a type")
	wantInvalid(t, "Put with content type", "not a type", err)
	wantList(t, s, "")
}

func testCancelledPut(t *testing.T, s domain.BlobStore) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := s.Put(ctx, "resumes/before.pdf", strings.NewReader("data"), "application/pdf")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Put with a cancelled context: error %v, want context.Canceled", err)
	}
	wantNotFound(t, s, "resumes/before.pdf")

	// Cancelled while the body streams in.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	r := &chunkReader{chunks: 48, size: 64 << 10, at: 4, do: func() error { cancel(); return nil }}
	err = s.Put(ctx, "resumes/during.pdf", r, "application/pdf")
	if err == nil {
		t.Errorf("Put cancelled mid-stream: nil error")
	}
	wantNotFound(t, s, "resumes/during.pdf")
	wantList(t, s, "")
}

func testFailedPut(t *testing.T, s domain.BlobStore) {
	ctx := context.Background()
	errBroken := errors.New("upload connection reset")
	broken := func() io.Reader {
		return &chunkReader{chunks: 48, size: 64 << 10, at: 3, do: func() error { return errBroken }}
	}
	if err := s.Put(ctx, "resumes/new.pdf", broken(), "application/pdf"); err == nil {
		t.Errorf("Put from a failing reader: nil error")
	}
	wantNotFound(t, s, "resumes/new.pdf")

	// A failed overwrite leaves the previous blob whole.
	put(t, s, "resumes/old.pdf", strings.NewReader("old content"), "application/pdf")
	if err := s.Put(ctx, "resumes/old.pdf", broken(), "application/pdf"); err == nil {
		t.Errorf("overwrite from a failing reader: nil error")
	}
	if got, _ := read(t, s, "resumes/old.pdf"); string(got) != "old content" {
		t.Errorf("after a failed overwrite: content %.40q, want %q", got, "old content")
	}
	wantList(t, s, "", "resumes/old.pdf")
}

func testContentType(t *testing.T, s domain.BlobStore) {
	for _, tc := range []struct{ key, put, want string }{
		{"resumes/a.pdf", "application/pdf", "application/pdf"},
		{"national-ids/b.png", "image/png", "image/png"},
		{"resumes/c.pdf", "", "application/pdf"},
		{"national-ids/d.png", "", "image/png"},
		{"resumes/no-extension", "", "application/octet-stream"},
	} {
		put(t, s, tc.key, strings.NewReader("x"), tc.put)
		_, info := read(t, s, tc.key)
		if info.ContentType != tc.want {
			t.Errorf("Put(%q, %q) then Open: content type %q, want %q", tc.key, tc.put, info.ContentType, tc.want)
		}
	}
}

// testReplaceIsAtomic overwrites a blob while reading it: every read must
// see one whole version, never a mix or a truncated file.
func testReplaceIsAtomic(t *testing.T, s domain.BlobStore) {
	const key, size = "swap.bin", 256 << 10
	versions := [][]byte{bytes.Repeat([]byte{'a'}, size), bytes.Repeat([]byte{'b'}, size)}
	put(t, s, key, bytes.NewReader(versions[0]), "")
	ctx := context.Background()
	var wg sync.WaitGroup
	defer wg.Wait() // also when a check below stops the test
	done := make(chan struct{})
	wg.Go(func() {
		defer close(done)
		for i := range 16 {
			if err := s.Put(ctx, key, bytes.NewReader(versions[(i+1)%2]), ""); err != nil {
				t.Errorf("Put #%d: %v", i, err)
				return
			}
		}
	})
	for reads := 0; ; reads++ {
		select {
		case <-done:
			return
		default:
		}
		r, _, err := s.Open(ctx, key)
		if err != nil {
			t.Fatalf("Open during overwrite (read %d): %v", reads, err)
		}
		got, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatalf("read during overwrite: %v", err)
		}
		if len(got) != size || bytes.Count(got, got[:1]) != size {
			t.Fatalf("read %d saw a partial or mixed blob (%d bytes)", reads, len(got))
		}
	}
}

// put stores r under key or fails the test.
func put(t *testing.T, s domain.BlobStore, key string, r io.Reader, contentType string) {
	t.Helper()
	if err := s.Put(context.Background(), key, r, contentType); err != nil {
		t.Fatalf("Put(%q): %v", key, err)
	}
}

// read returns the content and info of the blob under key or fails the test.
func read(t *testing.T, s domain.BlobStore, key string) ([]byte, domain.BlobInfo) {
	t.Helper()
	r, info, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("Open(%q): %v", key, err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading %q: %v", key, err)
	}
	return data, info
}

// wantList checks that List(prefix) returns exactly want, in order.
func wantList(t *testing.T, s domain.BlobStore, prefix string, want ...string) {
	t.Helper()
	got, err := s.List(context.Background(), prefix)
	if err != nil {
		t.Fatalf("List(%q): %v", prefix, err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("List(%q) mismatch:\n got %q\nwant %q", prefix, got, want)
	}
}

// wantNotFound checks that Open(key) fails with kind ENotFound.
func wantNotFound(t *testing.T, s domain.BlobStore, key string) {
	t.Helper()
	r, _, err := s.Open(context.Background(), key)
	if r != nil {
		r.Close()
	}
	if !domain.IsNotFound(err) {
		t.Errorf("Open(%q): error %v, want kind %s", key, err, domain.ENotFound)
	}
}

// wantInvalid checks that err is of kind EInvalid.
func wantInvalid(t *testing.T, op, key string, err error) {
	t.Helper()
	if domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("%s(%.40q): error %v, want kind %s", op, key, err, domain.EInvalid)
	}
}

// randomBytes returns n reproducible pseudo-random bytes.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.NewChaCha8([32]byte{'b', 'l', 'o', 'b'}).Read(b)
	return b
}

// chunkReader yields chunks of size random bytes; before the chunk
// numbered at it calls do, and returns do's error if it is not nil.
type chunkReader struct {
	chunks, size, at int
	do               func() error
	n                int
	buf              []byte
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.buf) == 0 {
		if c.n == c.chunks {
			return 0, io.EOF
		}
		if c.n == c.at {
			if err := c.do(); err != nil {
				return 0, fmt.Errorf("chunk %d: %w", c.n, err)
			}
		}
		c.buf = randomBytes(c.size)
		c.n++
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}
