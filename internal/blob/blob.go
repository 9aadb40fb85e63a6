// Package blob stores the site's private files (applicants' documents)
// behind domain.BlobStore: in a local folder by default and in an
// S3-compatible bucket at scale. Open picks the implementation from a URL.
//
// Only the wiring (internal/app) imports this package; everything else
// depends on domain.BlobStore. Both implementations pass the contract
// suite in package blobtest.
package blob

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// MaxKeyLen is the longest key, in bytes, that ValidateKey accepts. S3
// allows 1024; half of that leaves room for a bucket prefix and is far more
// than server-generated names need.
const MaxKeyLen = 512

// defaultContentType is reported for blobs whose type is unknown.
const defaultContentType = "application/octet-stream"

// Open returns the blob store named by rawURL:
//
//   - "" stores files in the local folder defaultDir, created (mode 0700)
//     if missing;
//   - "file:///abs/path" stores files in that local folder, created the
//     same way;
//   - "s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1" stores
//     objects in an S3-compatible bucket. Credentials come from the standard
//     AWS_* environment variables (or the shared AWS files, or an instance
//     role); region may also come from AWS_REGION. When an endpoint is
//     given, path-style addressing is used unless use_path_style=false.
//     Any other query parameter is an error.
//
// The caller closes the store.
func Open(ctx context.Context, rawURL string, defaultDir string) (domain.BlobStore, error) {
	if rawURL == "" {
		if defaultDir == "" {
			return nil, fmt.Errorf("blob.Open: no storage URL and no default folder")
		}
		return openLocal(defaultDir)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		// url.Parse echoes the URL, which may carry credentials: keep it out.
		return nil, fmt.Errorf("blob.Open: storage URL is not a valid URL")
	}
	switch u.Scheme {
	case "file":
		dir, err := fileURLPath(u)
		if err != nil {
			return nil, fmt.Errorf("blob.Open: %w", err)
		}
		return openLocal(dir)
	case "s3":
		return openS3(ctx, u)
	default:
		return nil, fmt.Errorf("blob.Open: unsupported storage URL scheme %q (want file:// or s3://, or an empty URL for the default folder)", u.Scheme)
	}
}

// fileURLPath returns the absolute folder named by a file:// URL.
func fileURLPath(u *url.URL) (string, error) {
	switch {
	case u.Opaque != "":
		return "", fmt.Errorf("file URL must be file:///absolute/path, got a relative path")
	case u.Host != "" && u.Host != "localhost":
		return "", fmt.Errorf("file URL must not name a host (%q)", u.Host)
	case u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("file URL takes no query or fragment")
	case u.Path == "" || !strings.HasPrefix(u.Path, "/"):
		return "", fmt.Errorf("file URL must be file:///absolute/path")
	}
	return u.Path, nil
}

// ValidateKey reports whether key is acceptable as a blob key: non-empty,
// at most MaxKeyLen bytes of valid UTF-8, relative, slash-separated, without
// empty, "." or ".." segments, backslashes, or control characters. The error
// is a *domain.Error of kind EInvalid.
func ValidateKey(key string) error {
	if reason := keyProblem(key); reason != "" {
		return invalidKey(key, reason)
	}
	return nil
}

// keyProblem returns why key is not a valid blob key, or "" if it is.
func keyProblem(key string) string {
	switch {
	case key == "":
		return "it is empty"
	case len(key) > MaxKeyLen:
		return fmt.Sprintf("it is longer than %d bytes", MaxKeyLen)
	case !utf8.ValidString(key):
		return "it is not valid UTF-8"
	case strings.HasPrefix(key, "/"):
		return "it is absolute"
	case strings.ContainsRune(key, '\\'):
		return "it contains a backslash"
	case strings.ContainsFunc(key, unicode.IsControl):
		return "it contains a control character"
	}
	for seg := range strings.SplitSeq(key, "/") {
		switch seg {
		case "":
			return "it has an empty path segment"
		case ".", "..":
			return fmt.Sprintf("it has a %q path segment", seg)
		}
	}
	return ""
}

// invalidKey returns the EInvalid error for key. The key itself goes into
// the logged cause only, shortened so a hostile key cannot flood the log.
func invalidKey(key, reason string) *domain.Error {
	shown := key
	if len(shown) > 80 {
		shown = shown[:80] + "…"
	}
	return &domain.Error{
		Code:    domain.EInvalid,
		Message: "Invalid file name: " + reason + ".",
		Err:     fmt.Errorf("blob key %q", shown),
	}
}

// validatePrefix checks a List prefix. A prefix is a plain string prefix
// of keys ("resumes/" or "resumes/x-"), so only the part up to its last
// slash has to be a valid key; "" means every key.
func validatePrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if strings.HasPrefix(prefix, "/") {
		return invalidKey(prefix, "a list prefix must be relative")
	}
	dir, last := "", prefix
	if i := strings.LastIndexByte(prefix, '/'); i >= 0 {
		dir, last = prefix[:i], prefix[i+1:]
	}
	if dir != "" {
		if err := ValidateKey(dir); err != nil {
			return err
		}
	}
	if last == "" || last == "." || last == ".." {
		// A partial last segment may be the start of a valid one ("..x").
		return nil
	}
	return ValidateKey(last)
}

// validateContentType checks a content type given to Put ("" is allowed
// and means "work it out from the key").
func validateContentType(contentType string) error {
	if contentType == "" {
		return nil
	}
	if _, _, err := mime.ParseMediaType(contentType); err != nil {
		return &domain.Error{
			Code:    domain.EInvalid,
			Message: "Invalid content type.",
			Err:     fmt.Errorf("content type %q: %w", contentType, err),
		}
	}
	return nil
}

// contentTypeFor returns the content type implied by key's extension, or
// application/octet-stream when the extension is missing or unknown.
func contentTypeFor(key string) string {
	if ext := path.Ext(key); ext != "" {
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
	}
	return defaultContentType
}

// notFound returns the ENotFound error for a missing blob.
func notFound(cause error) *domain.Error {
	e := domain.NotFound("file")
	e.Err = cause
	return e
}

// wrapErr prefixes *errp, if not nil, with the formatted context, keeping
// it inspectable with errors.Is and errors.As.
func wrapErr(errp *error, format string, args ...any) {
	if *errp != nil {
		*errp = fmt.Errorf(format+": %w", append(args, *errp)...)
	}
}

// ctxReader stops reading once its context is done, so a cancelled Put
// fails even when the source reader itself never blocks.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
