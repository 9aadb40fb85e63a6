package domain_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// blobKeyRE is the whole form of a key; a slug is ASCII letters and
// digits in dash-separated runs.
var blobKeyRE = regexp.MustCompile(`^(resumes|certifications|national-ids)/([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9]+)-([a-z2-7]{8})(\.[a-z0-9]{1,10})?$`)

func TestNewBlobKey(t *testing.T) {
	at := time.Date(2026, 11, 23, 1, 2, 3, 456789000, time.FixedZone("IST", 19800))
	for _, tc := range []struct {
		name, ext string
		slug, x   string
	}{
		{"Asha K. Rao", ".pdf", "asha-k-rao", ".pdf"},
		{"  --Résumé (final) v2--  ", ".PDF", "r-sum-final-v2", ".pdf"},
		{"../../etc/passwd", ".png", "etc-passwd", ".png"},
		{`C:\Users\x\cv.docx`, ".docx", "c-users-x-cv-docx", ".docx"},
		{"a/b\\c\x00d\ne", ".pdf", "a-b-c-d-e", ".pdf"},
		{"...", ".pdf", "file", ".pdf"},
		{"", "", "file", ""},
		{"ಕನ್ನಡ ನಾಮ", ".jpg", "file", ".jpg"},
		{"राहुल Sharma", ".jpg", "sharma", ".jpg"},
		{"evil\u202Efdp.exe", ".pdf", "evil-fdp-exe", ".pdf"}, // right-to-left override
		{"\u200Fabc\u200E\u2066def\u2069", ".pdf", "abc-def", ".pdf"},
		{"\u212Aelvin", ".pdf", "kelvin", ".pdf"}, // KELVIN SIGN lower-cases to ASCII k
		{"x", "../pdf", "x", ".pdf"},
		{"x", ".p/d\\f", "x", ".pdf"},
		{"x", ".", "x", ""},
		{"x", ".abcdefghijklmnop", "x", ".abcdefghij"},
		{strings.Repeat("ab ", 30), ".pdf", strings.TrimSuffix(strings.Repeat("ab-", 13), "-") + "-a", ".pdf"},
		{strings.Repeat("a", 39) + " bc", ".pdf", strings.Repeat("a", 39), ".pdf"},
		{strings.Repeat("a", 38) + " bc", ".pdf", strings.Repeat("a", 38) + "-b", ".pdf"},
	} {
		key := domain.NewBlobKey(domain.BlobResumes, tc.name, at, tc.ext)
		m := blobKeyRE.FindStringSubmatch(key)
		if m == nil {
			t.Errorf("NewBlobKey(%q, %q) = %q, not of the key form", tc.name, tc.ext, key)
			continue
		}
		if m[2] != tc.slug || m[5] != tc.x {
			t.Errorf("NewBlobKey(%q, %q) = %q: slug %q ext %q, want %q %q", tc.name, tc.ext, key, m[2], m[5], tc.slug, tc.x)
		}
		if len(m[2]) > 40 {
			t.Errorf("NewBlobKey(%q): slug of %d characters", tc.name, len(m[2]))
		}
		if want := strconv.FormatInt(at.UnixMilli(), 10); m[3] != want {
			t.Errorf("NewBlobKey: millis %q, want %s", m[3], want)
		}
		got, ok := domain.BlobKeyTime(key)
		if !ok || !got.Equal(at.Truncate(time.Millisecond)) || got.Location() != time.UTC {
			t.Errorf("BlobKeyTime(%q) = %v, %v; want %v in UTC", key, got, ok, at.Truncate(time.Millisecond))
		}
	}
}

func TestNewBlobKeyUnique(t *testing.T) {
	at := time.Now()
	seen := map[string]bool{}
	for range 1000 {
		k := domain.NewBlobKey(domain.BlobNationalIDs, "same", at, ".png")
		if seen[k] {
			t.Fatalf("NewBlobKey returned %q twice", k)
		}
		seen[k] = true
	}
	for _, f := range domain.BlobFolders {
		if k := domain.NewBlobKey(f, "x", at, ".pdf"); !strings.HasPrefix(k, f+"/") || !blobKeyRE.MatchString(k) {
			t.Errorf("key %q in folder %q", k, f)
		}
	}
}

func TestBlobKeyTime(t *testing.T) {
	for _, key := range []string{
		"",
		"resumes/a.pdf",
		"certs/a-cka.pdf",
		"resumes/x-1763859723456.pdf",                 // no random part
		"resumes/x-1763859723456-abcdefg.pdf",         // 7 random characters
		"resumes/x-1763859723456-abcdefgh1.pdf",       // 9
		"resumes/x-1763859723456-ABCDEFGH.pdf",        // upper case
		"resumes/x-1763859723456-abcdefg1.pdf",        // '1' is not base 32
		"resumes/x-+1763859723456-abcdefgh.pdf",       // sign
		"resumes/x--1763859723456-abcdefgh.pdf",       // negative
		"resumes/x-17638597234560000000-abcdefgh.pdf", // overflow
		"resumes/-1763859723456-abcdefgh.pdf",         // no slug
		"resumes/X-1763859723456-abcdefgh.pdf",        // not a slug
		"resumes/x-1763859723456-abcdefgh.tar.gz",     // two dots
		"resumes/sub/x-1763859723456-abcdefgh.pdf",    // nested
		"/x-1763859723456-abcdefgh.pdf",               // no folder
		"x-1763859723456-abcdefgh.pdf",                // no folder
		"resumes/x-1763859723456-abcdefgh.",           // empty extension
	} {
		if got, ok := domain.BlobKeyTime(key); ok {
			t.Errorf("BlobKeyTime(%q) = %v, true; want false", key, got)
		}
	}
	for key, ms := range map[string]int64{
		"resumes/x-1763859723456-abcdefgh.pdf":  1763859723456,
		"national-ids/file-0-a2345677":          0,
		"certifications/a-b-c-12-zzzzzzzz.jpeg": 12,
	} {
		got, ok := domain.BlobKeyTime(key)
		if !ok || got.UnixMilli() != ms {
			t.Errorf("BlobKeyTime(%q) = %v, %v; want %d ms", key, got, ok, ms)
		}
	}
}

func TestImageUpload(t *testing.T) {
	at := time.Date(2026, 11, 23, 1, 2, 3, 0, time.UTC)
	stem := domain.NewBlobKey("covers", "Cloud bills", at, "")
	for _, key := range []string{stem + "-96.jpg", stem + "-1200.jpg", stem + "-640.webp"} {
		got, made, ok := domain.ImageUpload(key)
		if !ok || got != stem || !made.Equal(at) {
			t.Errorf("ImageUpload(%q) = %q, %v, %v; want %q made at %v", key, got, made, ok, stem, at)
		}
	}
	for _, key := range []string{
		stem + ".jpg",        // no width
		stem + "-x96.jpg",    // not a width
		stem + "-123456.jpg", // too wide to be one
		stem,                 // no width, no extension
		"covers/legacy-96.jpg",
		"covers/a.b/" + strings.TrimPrefix(stem, "covers/") + "-96.jpg",
		"",
	} {
		if got, _, ok := domain.ImageUpload(key); ok {
			t.Errorf("ImageUpload(%q) = %q, true; want false", key, got)
		}
	}
}
