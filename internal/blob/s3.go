package blob

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"slices"

	gcblob "gocloud.dev/blob"
	"gocloud.dev/blob/s3blob"
	"gocloud.dev/gcerrors"

	"corpsite/internal/domain"
)

// s3PageSize is how many keys List asks for per request (S3's maximum).
const s3PageSize = 1000

// s3Store keeps blobs as objects in one S3-compatible bucket, through
// gocloud.dev/blob and the AWS SDK v2.
//
// Objects are written without an ACL, so they get the bucket's default:
// private to the bucket owner unless the bucket itself is made public,
// which it must not be. Nothing here produces a public or signed URL.
type s3Store struct {
	bucket *gcblob.Bucket
	// pageSize is the List page size; tests lower it to exercise paging.
	pageSize int
}

// openS3 opens the bucket named by an s3:// URL; see Open for its form.
func openS3(ctx context.Context, u *url.URL) (*s3Store, error) {
	switch {
	case u.Host == "":
		return nil, fmt.Errorf("blob.Open: S3 URL must name a bucket: s3://bucket?region=…")
	case u.User != nil:
		return nil, fmt.Errorf("blob.Open: S3 URL must not carry credentials; use the AWS environment variables")
	case u.Path != "" && u.Path != "/":
		return nil, fmt.Errorf("blob.Open: S3 URL takes no path after the bucket name (%q)", u.Path)
	}
	q := u.Query()
	if ep := q.Get("endpoint"); ep != "" {
		e, err := url.Parse(ep)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return nil, fmt.Errorf("blob.Open: S3 endpoint must be an http:// or https:// URL, got %q", ep)
		}
		// S3-compatible servers (MinIO, Ceph, …) rarely resolve
		// bucket.host names: address the bucket in the path instead.
		if !q.Has("use_path_style") && !q.Has("s3ForcePathStyle") {
			q.Set("use_path_style", "true")
		}
	}
	opener := &s3blob.URLOpener{}
	bucket, err := opener.OpenBucketURL(ctx, &url.URL{Scheme: "s3", Host: u.Host, RawQuery: q.Encode()})
	if err != nil {
		return nil, fmt.Errorf("blob.Open: S3 bucket %q: %w", u.Host, err)
	}
	return &s3Store{bucket: bucket, pageSize: s3PageSize}, nil
}

// Put streams r into the object key with the given content type (or the
// one implied by the key's extension when contentType is ""). S3 replaces
// an object atomically; if r fails or ctx is cancelled the upload is
// abandoned and any previous object stays as it was.
func (s *s3Store) Put(ctx context.Context, key string, r io.Reader, contentType string) (err error) {
	defer wrapErr(&err, "blob: put %q", key)
	if err := ValidateKey(key); err != nil {
		return err
	}
	if err := validateContentType(contentType); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if contentType == "" {
		contentType = contentTypeFor(key)
	}
	return s.bucket.Upload(ctx, key, ctxReader{ctx: ctx, r: r}, &gcblob.WriterOptions{ContentType: contentType})
}

// Open returns the object under key with its size and stored content type.
func (s *s3Store) Open(ctx context.Context, key string) (_ io.ReadCloser, _ domain.BlobInfo, err error) {
	defer wrapErr(&err, "blob: open %q", key)
	if err := ValidateKey(key); err != nil {
		return nil, domain.BlobInfo{}, err
	}
	r, err := s.bucket.NewReader(ctx, key, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, domain.BlobInfo{}, notFound(err)
		}
		return nil, domain.BlobInfo{}, err
	}
	ct := r.ContentType()
	if ct == "" {
		ct = defaultContentType
	}
	return r, domain.BlobInfo{Key: key, Size: r.Size(), ContentType: ct}, nil
}

// Delete removes the object under key; a missing object is not an error.
func (s *s3Store) Delete(ctx context.Context, key string) (err error) {
	defer wrapErr(&err, "blob: delete %q", key)
	if err := ValidateKey(key); err != nil {
		return err
	}
	if err := s.bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return err
	}
	return nil
}

// List pages through the objects whose key starts with prefix and returns
// their keys sorted bytewise, as S3 itself orders them.
func (s *s3Store) List(ctx context.Context, prefix string) (_ []string, err error) {
	defer wrapErr(&err, "blob: list %q", prefix)
	if err := validatePrefix(prefix); err != nil {
		return nil, err
	}
	keys := []string{}
	opts := &gcblob.ListOptions{Prefix: prefix}
	token := gcblob.FirstPageToken
	for {
		page, next, err := s.bucket.ListPage(ctx, token, s.pageSize, opts)
		if err != nil {
			return nil, err
		}
		for _, obj := range page {
			if !obj.IsDir {
				keys = append(keys, obj.Key)
			}
		}
		if len(next) == 0 {
			break
		}
		token = next
	}
	// S3 already sorts; S3-compatible servers are not all so careful.
	slices.Sort(keys)
	return keys, nil
}

// Close releases the bucket's resources.
func (s *s3Store) Close() error {
	return s.bucket.Close()
}
