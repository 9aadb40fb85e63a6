package blob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"

	"corpsite/internal/domain"
)

// tmpPrefix starts the name of a file being written. Keys whose last
// segment starts with it are refused, and List never reports such files.
const tmpPrefix = ".tmp-"

// localStore keeps each blob as a file under one folder, key = relative
// path. Every access goes through an os.Root, so neither ".." nor a
// symbolic link planted in the folder can reach a file outside it.
//
// No metadata is kept beside the files: the content type that Open reports
// comes from the key's extension (mime.TypeByExtension, else
// application/octet-stream) and the type given to Put is only checked for
// syntax. Callers choose keys with the right extension.
type localStore struct {
	root *os.Root
}

// openLocal opens (creating it with mode 0700 if missing) the folder dir.
func openLocal(dir string) (*localStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("blob: create folder %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("blob: open folder %s: %w", dir, err)
	}
	return &localStore{root: root}, nil
}

// checkKey validates key for this store: ValidateKey, and not the name of
// a file being written.
func checkKey(key string) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	if strings.HasPrefix(path.Base(key), tmpPrefix) {
		return invalidKey(key, "its name starts with "+tmpPrefix)
	}
	return nil
}

// Put writes r to a temporary file (mode 0600) in the key's folder (made
// with mode 0700), flushes it to disk and renames it over the key, so
// readers see the old blob or the whole new one, never a part. On any
// failure, including a cancelled ctx, the temporary file is removed and
// the previous blob, if any, is untouched.
func (s *localStore) Put(ctx context.Context, key string, r io.Reader, contentType string) (err error) {
	defer wrapErr(&err, "blob: put %q", key)
	if err := checkKey(key); err != nil {
		return err
	}
	if err := validateContentType(contentType); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	dir := path.Dir(key)
	if dir != "." {
		if err := s.root.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	tmp, err := tempName(dir)
	if err != nil {
		return err
	}
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if !renamed {
			f.Close()
			s.root.Remove(tmp)
		}
	}()
	if _, err := io.Copy(f, ctxReader{ctx: ctx, r: r}); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	// Last chance to honour a cancellation: after the rename the blob is in.
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.root.Rename(tmp, key); err != nil {
		return err
	}
	renamed = true
	s.syncDir(dir)
	return nil
}

// tempName returns a fresh temporary file name in dir; O_EXCL on create
// guards against the unlikely clash.
func tempName(dir string) (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("temporary name: %w", err)
	}
	return path.Join(dir, tmpPrefix+hex.EncodeToString(b[:])), nil
}

// syncDir flushes dir so that a completed rename survives a crash. It is
// best effort: some file systems cannot sync a directory, and the blob is
// already complete and visible, so a failure here is not the caller's.
func (s *localStore) syncDir(dir string) {
	d, err := s.root.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	_ = d.Sync()
}

// Open returns the file under key. Its content type comes from the key's
// extension; see localStore.
func (s *localStore) Open(ctx context.Context, key string) (_ io.ReadCloser, _ domain.BlobInfo, err error) {
	defer wrapErr(&err, "blob: open %q", key)
	if err := checkKey(key); err != nil {
		return nil, domain.BlobInfo{}, err
	}
	if err := ctx.Err(); err != nil {
		return nil, domain.BlobInfo{}, err
	}
	f, err := s.root.Open(key)
	if err != nil {
		if isNotExist(err) {
			return nil, domain.BlobInfo{}, notFound(err)
		}
		return nil, domain.BlobInfo{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, domain.BlobInfo{}, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, domain.BlobInfo{}, notFound(fmt.Errorf("not a regular file (%v)", fi.Mode().Type()))
	}
	return f, domain.BlobInfo{Key: key, Size: fi.Size(), ContentType: contentTypeFor(key)}, nil
}

// Delete removes the file under key; a missing file (or a folder, which
// is never a blob) is not an error.
func (s *localStore) Delete(ctx context.Context, key string) (err error) {
	defer wrapErr(&err, "blob: delete %q", key)
	if err := checkKey(key); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	fi, err := s.root.Lstat(key)
	switch {
	case isNotExist(err):
		return nil
	case err != nil:
		return err
	case fi.IsDir():
		return nil
	}
	if err := s.root.Remove(key); err != nil && !isNotExist(err) {
		return err
	}
	return nil
}

// List walks the folder from the deepest directory named by prefix and
// returns the regular files whose key starts with prefix, sorted. Files
// being written and symbolic links are not blobs and are skipped.
func (s *localStore) List(ctx context.Context, prefix string) (_ []string, err error) {
	defer wrapErr(&err, "blob: list %q", prefix)
	if err := validatePrefix(prefix); err != nil {
		return nil, err
	}
	start := "."
	if i := strings.LastIndexByte(prefix, '/'); i >= 0 {
		start = prefix[:i]
	}
	keys := []string{}
	err = fs.WalkDir(s.root.FS(), start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == start && isNotExist(err) {
				return fs.SkipAll // nothing stored under prefix
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		switch {
		case d.IsDir():
			if p != start && !strings.HasPrefix(p, prefix) {
				return fs.SkipDir
			}
		case d.Type().IsRegular() && !strings.HasPrefix(d.Name(), tmpPrefix) && strings.HasPrefix(p, prefix):
			keys = append(keys, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// WalkDir's order is per directory ("a/b" before "a-b"); keys sort bytewise.
	slices.Sort(keys)
	return keys, nil
}

// Close releases the folder.
func (s *localStore) Close() error {
	return s.root.Close()
}

// isNotExist reports whether err means that no file is at the path,
// including the case where a parent of the path is a file.
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
