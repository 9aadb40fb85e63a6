package siteimport

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// StoragePath is the path, inside the files folder, of a file a document
// references: a hosted storage download URL
// (https://firebasestorage.googleapis.com/v0/b/BUCKET/o/resumes%2Fa.pdf?alt=media&token=…),
// a gs://BUCKET/path or https://storage.googleapis.com/BUCKET/path URL,
// or a path as it is ("resumes/a.pdf", "/resumes/a.pdf"). It is "" for
// nothing; ok is false for a reference that names no file of a bucket
// (another site's URL, a path leaving the folder).
func StoragePath(ref string) (p string, ok bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return "", true
	}
	if u, err := url.Parse(ref); err == nil && u.Scheme != "" {
		switch {
		case u.Scheme == "gs":
			p = strings.TrimPrefix(u.Path, "/")
		case (u.Scheme == "https" || u.Scheme == "http") && strings.HasPrefix(u.Path, "/v0/b/"):
			// The object name is one escaped segment after /o/.
			_, obj, found := strings.Cut(u.EscapedPath(), "/o/")
			if !found {
				return "", false
			}
			if p, err = url.PathUnescape(obj); err != nil {
				return "", false
			}
		case (u.Scheme == "https" || u.Scheme == "http") && u.Host == "storage.googleapis.com":
			// /BUCKET/path
			_, p, _ = strings.Cut(strings.TrimPrefix(u.Path, "/"), "/")
		default:
			return "", false
		}
	} else {
		p = ref
	}
	p = strings.TrimPrefix(p, "/")
	if p == "" || !fs.ValidPath(p) || path.Clean(p) != p {
		return "", false
	}
	return p, true
}

// checkFile reads the file ref names from the files folder and checks it
// as an upload of kind is checked. It returns nil and a reason when the
// file cannot be taken (not found, refused by the checks), or an error
// when the check could not run.
func (im *Importer) checkFile(ctx context.Context, kind docfile.Kind, part, ref string) (*docfile.Checked, string, error) {
	p, ok := StoragePath(ref)
	if !ok {
		return nil, fmt.Sprintf("%q names no file of the export's storage", short([]byte(ref))), nil
	}
	name := path.Base(p)
	if part != "" {
		if msg := domain.CheckFileName(part, name); msg != "" {
			return nil, p + ": " + msg, nil
		}
	}
	f, err := im.files.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, p + ": not in the files folder", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("open %s: %w", p, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, p + ": is a folder, not a file", nil
	}
	c, err := docfile.Check(ctx, kind, name, f, im.tempDir)
	var de *domain.Error
	if errors.As(err, &de) && de.Code == domain.EInvalid {
		return nil, p + ": " + de.Message, nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("check %s: %w", p, err)
	}
	return c, "", nil
}
