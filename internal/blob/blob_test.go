package blob

import (
	"context"
	"strings"
	"testing"

	"corpsite/internal/blob/blobtest"
	"corpsite/internal/domain"
)

func TestValidateKey(t *testing.T) {
	t.Parallel()
	for _, key := range []string{
		"a",
		"resumes/x-1.pdf",
		"national-ids/2024/b.png",
		".hidden",
		"a/.b",
		"..a",
		"a..",
		"a b.pdf",
		"résumés/日本.pdf",
		strings.Repeat("k", MaxKeyLen),
	} {
		if err := ValidateKey(key); err != nil {
			t.Errorf("ValidateKey(%.40q) = %v, want nil", key, err)
		}
	}
	for _, key := range blobtest.InvalidKeys {
		err := ValidateKey(key)
		if domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("ValidateKey(%.40q) = %v, want kind %s", key, err, domain.EInvalid)
		}
	}
}

func TestOpenRejects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		url, defaultDir, want string
	}{
		{"", "", "no default folder"},
		{"ftp://host/x", "", `unsupported storage URL scheme "ftp"`},
		{"/var/blobs", "", `unsupported storage URL scheme ""`},
		{"%zz", "", "not a valid URL"},
		{"file:relative/dir", "", "absolute"},
		{"file://otherhost/var/blobs", "", "host"},
		{"file:///var/blobs?x=1", "", "query"},
		{"s3://", "", "must name a bucket"},
		{"s3://bucket/sub/dir", "", "no path"},
		{"s3://key:secret@bucket", "", "credentials"},
		{"s3://bucket?endpoint=ftp://127.0.0.1:9000", "", "endpoint"},
		{"s3://bucket?endpoint=127.0.0.1:9000", "", "endpoint"},
	} {
		s, err := Open(context.Background(), tc.url, tc.defaultDir)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q, %q) succeeded, want an error", tc.url, tc.defaultDir)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%q, %q) error %q, want it to mention %q", tc.url, tc.defaultDir, err, tc.want)
		}
		if strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q) error %q reveals the credentials", tc.url, err)
		}
	}
}
