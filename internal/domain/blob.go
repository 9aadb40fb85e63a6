package domain

import (
	"context"
	"crypto/rand"
	"io"
	"strconv"
	"strings"
	"time"
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

// Folders of private blob storage, one per kind of applicant document.
// The orphan sweeper looks only under these.
const (
	BlobResumes        = "resumes"
	BlobCertifications = "certifications"
	BlobNationalIDs    = "national-ids"
)

// BlobFolders lists the folders of applicant documents.
var BlobFolders = []string{BlobResumes, BlobCertifications, BlobNationalIDs}

// Bounds of the parts of a blob key.
const (
	maxSlugLen    = 40
	maxExtLen     = 10 // characters after the dot
	blobRandomLen = 8  // base-32 characters: 40 random bits
)

// NewBlobKey returns a fresh key for a document stored at t:
// "{folder}/{slug}-{unixMillis}-{random}{ext}", e.g.
// "resumes/asha-rao-1763856000000-k3j5x7qa.pdf". The slug makes keys
// readable to an operator; the time lets the orphan sweeper tell a file
// still being uploaded from an abandoned one without a database lookup;
// the 8 random base-32 characters make keys unguessable and unique.
//
// folder should be one of the Blob* constants. name (the applicant's or
// the file's name, untrusted) becomes its slug: lower-cased, ASCII letters
// and digits kept, every run of anything else (spaces, dots, slashes,
// other scripts, control and bidi characters) one '-', trimmed, at most 40
// characters, "file" when nothing is left. ext is the extension with its
// dot (".pdf"); it is lower-cased and reduced to ASCII letters and digits
// (at most 10), and dropped when nothing is left.
func NewBlobKey(folder, name string, t time.Time, ext string) string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return folder + "/" + blobSlug(name) + "-" + strconv.FormatInt(t.UnixMilli(), 10) + "-" +
		idEncoding.EncodeToString(b[:]) + blobExt(ext)
}

// blobSlug returns name as NewBlobKey puts it in a key.
func blobSlug(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			dash = true
			continue
		}
		sep := dash && sb.Len() > 0
		if n := sb.Len() + 1; n > maxSlugLen || sep && n+1 > maxSlugLen {
			break // full: a slug never ends in '-'
		}
		if sep {
			sb.WriteByte('-')
		}
		dash = false
		sb.WriteRune(r)
	}
	if sb.Len() == 0 {
		return "file"
	}
	return sb.String()
}

// blobExt returns ext as NewBlobKey puts it in a key.
func blobExt(ext string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(ext) {
		if (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') && sb.Len() < maxExtLen {
			sb.WriteRune(r)
		}
	}
	if sb.Len() == 0 {
		return ""
	}
	return "." + sb.String()
}

// BlobKeyTime returns the time a key made by NewBlobKey was made at,
// to the millisecond, and false for a key not of that form.
func BlobKeyTime(key string) (time.Time, bool) {
	folder, name, ok := strings.Cut(key, "/")
	if !ok || folder == "" || strings.Contains(name, "/") {
		return time.Time{}, false
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		if blobExt(name[i:]) != name[i:] {
			return time.Time{}, false
		}
		name = name[:i]
	}
	rest, random, ok1 := cutLast(name, '-')
	slug, millis, ok2 := cutLast(rest, '-')
	if !ok1 || !ok2 || slug == "" || len(random) != blobRandomLen || blobSlug(slug) != slug {
		return time.Time{}, false
	}
	if _, err := idEncoding.DecodeString(random); err != nil {
		return time.Time{}, false
	}
	// Digits only (ParseInt would take a sign), and few enough for int64.
	if millis == "" || len(millis) > 18 || strings.Trim(millis, "0123456789") != "" {
		return time.Time{}, false
	}
	ms, err := strconv.ParseInt(millis, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.UnixMilli(ms).UTC(), true
}

// cutLast splits s around its last sep.
func cutLast(s string, sep byte) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// ImageUpload returns the key stem all the files of one image upload
// share, and when it was made, for the key of one of its files: the
// uploads of covers, social images, images in posts' text and staff
// photos store each size and format as the stem (made by NewBlobKey
// without an extension), "-", the width in pixels and an extension
// ("covers/cloud-bills-1700000000000-abcdefgh-640.webp"). False for a
// key not of that form.
func ImageUpload(key string) (stem string, made time.Time, ok bool) {
	name := key
	if i := strings.LastIndexByte(name, '.'); i > strings.LastIndexByte(name, '/') {
		name = name[:i]
	}
	stem, width, ok := cutLast(name, '-')
	if !ok || width == "" || len(width) > 5 || strings.Trim(width, "0123456789") != "" {
		return "", time.Time{}, false
	}
	made, ok = BlobKeyTime(stem)
	if !ok {
		return "", time.Time{}, false
	}
	return stem, made, true
}
