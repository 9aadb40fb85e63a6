package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"corpsite/internal/domain"
)

const (
	// s3PageSize is how many keys List asks for per request (S3's maximum).
	s3PageSize = 1000
	// s3PartSize is the size of each part of a multipart upload: S3's
	// minimum, so a Put holds at most this much of a file in memory.
	s3PartSize = 5 << 20
)

// s3Store keeps blobs as objects in one S3-compatible bucket, through the
// AWS SDK's S3 client.
//
// Objects are written without an ACL, so they get the bucket's default:
// private to the bucket owner unless the bucket itself is made public,
// which it must not be. Nothing here produces a public or signed URL.
type s3Store struct {
	client *s3.Client
	bucket string
	// pageSize is the List page size; tests lower it to exercise paging.
	pageSize int32
	// partSize is the multipart upload part size (see s3PartSize).
	partSize int
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
	for name := range q {
		if name != "endpoint" && name != "region" && name != "use_path_style" {
			return nil, fmt.Errorf("blob.Open: unknown S3 URL parameter %q (want endpoint, region or use_path_style)", name)
		}
	}
	var endpoint string
	if ep := q.Get("endpoint"); ep != "" {
		e, err := url.Parse(ep)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return nil, fmt.Errorf("blob.Open: S3 endpoint must be an http:// or https:// URL, got %q", ep)
		}
		endpoint = ep
	}
	// S3-compatible servers (MinIO, Ceph, …) rarely resolve bucket.host
	// names: with an endpoint, address the bucket in the path by default.
	pathStyle := endpoint != ""
	if v := q.Get("use_path_style"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("blob.Open: S3 use_path_style must be true or false, got %q", v)
		}
		pathStyle = b
	}

	var opts []func(*config.LoadOptions) error
	if region := q.Get("region"); region != "" {
		opts = append(opts, config.WithRegion(region))
	}
	// Credentials and, without a region parameter, the region come from
	// the AWS_* environment variables, the shared AWS files or the
	// instance role, in the SDK's usual order.
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("blob.Open: S3 bucket %q: AWS configuration: %w", u.Host, err)
	}
	if cfg.Region == "" {
		return nil, fmt.Errorf("blob.Open: S3 bucket %q: no region: add ?region=… or set AWS_REGION", u.Host)
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
		o.UsePathStyle = pathStyle
	})
	return &s3Store{client: client, bucket: u.Host, pageSize: s3PageSize, partSize: s3PartSize}, nil
}

// Put stores r under key with the given content type (or the one implied
// by the key's extension when contentType is ""). A file smaller than one
// part goes up in one request; a larger one as a multipart upload, which S3
// assembles only on completion. Either way S3 replaces the object
// atomically: if r fails or ctx is cancelled the previous object stays.
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
	r = ctxReader{ctx: ctx, r: r}
	buf := make([]byte, s.partSize)
	n, err := io.ReadFull(r, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		_, err = s.client.PutObject(ctx, &s3.PutObjectInput{
			Bucket:      &s.bucket,
			Key:         &key,
			Body:        bytes.NewReader(buf[:n]),
			ContentType: &contentType,
		})
		return err
	case err != nil:
		return err
	}
	return s.putMultipart(ctx, key, contentType, buf, r)
}

// putMultipart uploads first (a full part) and the rest of r as the parts
// of one multipart upload, and aborts the upload if anything fails so that
// S3 keeps no orphaned parts.
func (s *s3Store) putMultipart(ctx context.Context, key, contentType string, first []byte, r io.Reader) (err error) {
	up, err := s.client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{
		Bucket:      &s.bucket,
		Key:         &key,
		ContentType: &contentType,
	})
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			// Abort even when ctx is what failed.
			_, abortErr := s.client.AbortMultipartUpload(context.WithoutCancel(ctx), &s3.AbortMultipartUploadInput{
				Bucket: &s.bucket, Key: &key, UploadId: up.UploadId,
			})
			err = errors.Join(err, abortErr)
		}
	}()
	var parts []types.CompletedPart
	buf, n := first, len(first)
	for number := int32(1); n > 0; number++ {
		out, err := s.client.UploadPart(ctx, &s3.UploadPartInput{
			Bucket:     &s.bucket,
			Key:        &key,
			UploadId:   up.UploadId,
			PartNumber: aws.Int32(number),
			Body:       bytes.NewReader(buf[:n]),
		})
		if err != nil {
			return err
		}
		parts = append(parts, types.CompletedPart{ETag: out.ETag, PartNumber: aws.Int32(number)})
		n, err = io.ReadFull(r, buf)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return err
		}
	}
	_, err = s.client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{
		Bucket:          &s.bucket,
		Key:             &key,
		UploadId:        up.UploadId,
		MultipartUpload: &types.CompletedMultipartUpload{Parts: parts},
	})
	return err
}

// Open returns the object under key with its size and stored content type.
func (s *s3Store) Open(ctx context.Context, key string) (_ io.ReadCloser, _ domain.BlobInfo, err error) {
	defer wrapErr(&err, "blob: open %q", key)
	if err := ValidateKey(key); err != nil {
		return nil, domain.BlobInfo{}, err
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		if isNotFound(err) {
			return nil, domain.BlobInfo{}, notFound(err)
		}
		return nil, domain.BlobInfo{}, err
	}
	ct := aws.ToString(out.ContentType)
	if ct == "" {
		ct = defaultContentType
	}
	return out.Body, domain.BlobInfo{Key: key, Size: aws.ToInt64(out.ContentLength), ContentType: ct}, nil
}

// Delete removes the object under key; a missing object is not an error.
func (s *s3Store) Delete(ctx context.Context, key string) (err error) {
	defer wrapErr(&err, "blob: delete %q", key)
	if err := ValidateKey(key); err != nil {
		return err
	}
	_, err = s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil && !isNotFound(err) {
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
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{
		Bucket:  &s.bucket,
		Prefix:  &prefix,
		MaxKeys: aws.Int32(s.pageSize),
	})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, obj := range page.Contents {
			keys = append(keys, aws.ToString(obj.Key))
		}
	}
	// S3 already sorts; S3-compatible servers are not all so careful.
	slices.Sort(keys)
	return keys, nil
}

// Close does nothing: the client holds only idle connections.
func (s *s3Store) Close() error {
	return nil
}

// isNotFound reports whether err says the object does not exist. S3 names
// the error; some compatible servers send a bare 404.
func isNotFound(err error) bool {
	var noKey *types.NoSuchKey
	var resp *smithyhttp.ResponseError
	return errors.As(err, &noKey) || (errors.As(err, &resp) && resp.HTTPStatusCode() == http.StatusNotFound)
}
