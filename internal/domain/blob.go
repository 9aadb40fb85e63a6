package domain

import (
	"context"
	"io"
)

// BlobInfo describes a stored blob.
type BlobInfo struct {
	Key         string
	Size        int64
	ContentType string
}

// BlobStore keeps private files (applicants' documents). Nothing in it is
// reachable by URL; the server streams a blob only to signed-in staff.
// Keys are slash-separated relative paths such as "resumes/x-1.pdf";
// a key that is empty, absolute, or contains "." or ".." segments is
// rejected with EInvalid. Implementations must pass the contract suite in
// package blobtest.
type BlobStore interface {
	// Put stores r under key, replacing any blob there.
	Put(ctx context.Context, key string, r io.Reader, contentType string) error
	// Open returns the blob's content; the caller closes it. ENotFound if absent.
	Open(ctx context.Context, key string) (io.ReadCloser, BlobInfo, error)
	// Delete removes the blob; deleting a missing blob is not an error.
	Delete(ctx context.Context, key string) error
	// List returns the keys under prefix ("" = all), in lexical order.
	List(ctx context.Context, prefix string) ([]string, error)
	Close() error
}
