package domain

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
)

// BlobKeyError is a blob storage failure told without its key: keys carry
// a slug of an applicant's name (or of a certification's), and blob
// errors quote them, so an error that may reach a log names only the
// key's folder and the kind of failure. The cause stays reachable with
// errors.Is and errors.As (a cancelled context, an ENotFound), but its
// text is not part of the message.
type BlobKeyError struct {
	Op     string // what was done: "store", "delete"
	Folder string // the key's first segment: "resumes"
	Err    error
}

// BlobErr returns err, if not nil, as a BlobKeyError for op on key.
func BlobErr(op, key string, err error) error {
	if err == nil {
		return nil
	}
	folder, _, found := strings.Cut(key, "/")
	if !found || !isBlobFolder(folder) {
		folder = "?" // not a folder the site names: could be anything
	}
	return &BlobKeyError{Op: op, Folder: folder, Err: err}
}

func (e *BlobKeyError) Error() string {
	return fmt.Sprintf("%s document in %s/: %s", e.Op, e.Folder, blobErrKind(e.Err))
}

func (e *BlobKeyError) Unwrap() error { return e.Err }

func isBlobFolder(f string) bool {
	for _, b := range BlobFolders {
		if f == b {
			return true
		}
	}
	return false
}

// blobErrKind names the kind of err in words that cannot quote a key:
// fixed texts of the standard library, an error code, or a Go type.
func blobErrKind(err error) string {
	var (
		errno syscall.Errno
		coded interface{ ErrorCode() string } // S3 (smithy) API errors
		timeo interface{ Timeout() bool }
	)
	switch {
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "deadline exceeded"
	case ErrorCode(err) != EInternal:
		return ErrorCode(err)
	case errors.As(err, &errno):
		return errno.Error()
	case errors.Is(err, fs.ErrNotExist):
		return "not found"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.As(err, &coded):
		return "code " + sanitizeCode(coded.ErrorCode())
	case errors.As(err, &timeo) && timeo.Timeout():
		return "timeout"
	}
	// The innermost error's type: *errors.errorString says little, but
	// nothing of the key.
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return fmt.Sprintf("%T", err)
		}
		err = next
	}
}

// sanitizeCode keeps an error code's letters, digits and a few marks, in
// case a service's code were ever more than a word.
func sanitizeCode(c string) string {
	c = strings.Map(func(r rune) rune {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_') {
			return r
		}
		return -1
	}, c)
	return c[:min(len(c), 40)]
}
