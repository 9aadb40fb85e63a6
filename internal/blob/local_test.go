package blob

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/blob/blobtest"
	"corpsite/internal/domain"
)

func TestLocalContract(t *testing.T) {
	t.Parallel()
	blobtest.Run(t, func(t *testing.T) domain.BlobStore {
		return openTestLocal(t, filepath.Join(t.TempDir(), "blobs"))
	})
}

func TestLocalContractFileURL(t *testing.T) {
	t.Parallel()
	blobtest.Run(t, func(t *testing.T) domain.BlobStore {
		dir := filepath.Join(t.TempDir(), "blob folder")
		u := (&url.URL{Scheme: "file", Path: dir}).String()
		s, err := Open(context.Background(), u, "/nonexistent/default")
		if err != nil {
			t.Fatalf("Open(%q): %v", u, err)
		}
		return s
	})
}

// openTestLocal opens the default local store in dir; the caller closes it.
func openTestLocal(t *testing.T, dir string) domain.BlobStore {
	t.Helper()
	s, err := Open(context.Background(), "", dir)
	if err != nil {
		t.Fatalf("Open(\"\", %q): %v", dir, err)
	}
	return s
}

// closeLater closes s when the test ends.
func closeLater(t *testing.T, s domain.BlobStore) {
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
}

func TestLocalFileURLWritesThere(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "uploads")
	s, err := Open(context.Background(), "file://"+dir, "")
	if err != nil {
		t.Fatal(err)
	}
	closeLater(t, s)
	if err := s.Put(context.Background(), "resumes/a.pdf", strings.NewReader("pdf"), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "resumes", "a.pdf"))
	if err != nil || string(got) != "pdf" {
		t.Errorf("file on disk: %q, %v; want %q", got, err, "pdf")
	}
}

func TestLocalModes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "blobs")
	s := openTestLocal(t, dir)
	closeLater(t, s)
	if err := s.Put(context.Background(), "resumes/2024/a.pdf", strings.NewReader("x"), ""); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]fs.FileMode{
		"":                   fs.ModeDir | 0o700,
		"resumes":            fs.ModeDir | 0o700,
		"resumes/2024":       fs.ModeDir | 0o700,
		"resumes/2024/a.pdf": 0o600,
	} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("mode of %q = %v, want %v", name, fi.Mode(), want)
		}
	}
}

// TestLocalLeavesNothingBehind checks the folder itself, which List cannot
// show: failed, cancelled and refused writes leave no file anywhere.
func TestLocalLeavesNothingBehind(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	dir := filepath.Join(base, "blobs")
	s := openTestLocal(t, dir)
	closeLater(t, s)
	ctx := context.Background()

	if err := s.Put(ctx, "resumes/ok.pdf", strings.NewReader("ok"), ""); err != nil {
		t.Fatal(err)
	}
	errBroken := errors.New("broken pipe")
	if err := s.Put(ctx, "resumes/broken.pdf", io.MultiReader(strings.NewReader("part"), errReader{errBroken}), ""); !errors.Is(err, errBroken) {
		t.Errorf("Put from a failing reader: %v, want %v", err, errBroken)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancelling := io.MultiReader(strings.NewReader("part"), cancelReader{cancel}, strings.NewReader("rest"))
	if err := s.Put(cctx, "resumes/cancelled.pdf", cancelling, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Put: %v, want context.Canceled", err)
	}
	for _, key := range blobtest.InvalidKeys {
		s.Put(ctx, key, strings.NewReader("x"), "")
	}
	if err := s.Put(ctx, "resumes/"+tmpPrefix+"x", strings.NewReader("x"), ""); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("Put of a temporary-file name: %v, want kind %s", err, domain.EInvalid)
	}

	var files []string
	filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(base, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if want := []string{"blobs/resumes/ok.pdf"}; !slices.Equal(files, want) {
		t.Errorf("files on disk: %q, want %q", files, want)
	}
}

func TestLocalListSkipsTempAndLinks(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "blobs")
	s := openTestLocal(t, dir)
	closeLater(t, s)
	if err := s.Put(context.Background(), "resumes/a.pdf", strings.NewReader("a"), ""); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "resumes", tmpPrefix+"123"), []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.pdf", filepath.Join(dir, "resumes", "b.pdf")); err != nil {
		t.Fatal(err)
	}
	got, err := s.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"resumes/a.pdf"}; !slices.Equal(got, want) {
		t.Errorf("List: %q, want %q", got, want)
	}
}

// TestLocalSymlinkEscape plants links to a folder outside the store, as an
// attacker with write access to the store's folder (but not beyond) could,
// and checks that the store neither reads, writes, deletes nor lists
// through them.
func TestLocalSymlinkEscape(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	secret := filepath.Join(outside, "secret.txt")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secret, []byte("top secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "blobs")
	s := openTestLocal(t, dir)
	closeLater(t, s)
	for link, target := range map[string]string{
		"abs-file.txt": secret,
		"rel-file.txt": "../outside/secret.txt",
		"abs-dir":      outside,
		"rel-dir":      "../outside",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	readable := func(key string) {
		t.Helper()
		r, _, err := s.Open(ctx, key)
		if err == nil {
			data, _ := io.ReadAll(r)
			r.Close()
			t.Errorf("Open(%q) read %q from outside the store", key, data)
		}
	}
	for _, key := range []string{"abs-file.txt", "rel-file.txt", "abs-dir/secret.txt", "rel-dir/secret.txt"} {
		readable(key)
	}
	for _, key := range []string{"abs-dir/new.txt", "rel-dir/new.txt", "abs-dir/sub/new.txt"} {
		if err := s.Put(ctx, key, strings.NewReader("planted"), ""); err == nil {
			t.Errorf("Put(%q) through a link out of the store succeeded", key)
		}
	}
	for _, key := range []string{"abs-dir/secret.txt", "rel-dir/secret.txt"} {
		s.Delete(ctx, key)
	}
	for _, prefix := range []string{"", "abs-dir/", "rel-dir/"} {
		keys, _ := s.List(ctx, prefix)
		for _, k := range keys {
			if strings.Contains(k, "secret") {
				t.Errorf("List(%q) shows %q from outside the store", prefix, k)
			}
		}
	}
	// Overwriting a planted file link replaces the link, not its target.
	for _, key := range []string{"abs-file.txt", "rel-file.txt"} {
		s.Put(ctx, key, strings.NewReader("overwritten"), "")
	}

	entries, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "secret.txt" {
		t.Errorf("outside folder now holds %v, want only secret.txt", entries)
	}
	if got, err := os.ReadFile(secret); err != nil || string(got) != "top secret" {
		t.Errorf("outside file now %q, %v; want it untouched", got, err)
	}
}

// errReader fails every read with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// cancelReader cancels a context on its first read and then reports EOF,
// so the data after it is read with the context already cancelled.
type cancelReader struct{ cancel context.CancelFunc }

func (r cancelReader) Read([]byte) (int, error) {
	r.cancel()
	return 0, io.EOF
}
