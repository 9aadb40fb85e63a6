package siteimport

import (
	"crypto/sha256"
	"encoding/base32"
	"strings"

	"corpsite/internal/domain"
)

// LocalID is the ID a document of the original site gets here, the same
// on every run, so that importing twice finds what the first run stored.
// Our IDs are lower case (domain.ValidID); the hosted database's are
// mixed case ("aB3x…"), so an upper-case letter is written as '_' and the
// letter in lower case, and an '_' of the original as "__": different
// IDs stay different, and "aB3x" reads as "a_b3x". An ID with other
// characters, or too long once written so, becomes "x-" and 26 characters
// of its SHA-256.
func LocalID(original string) string {
	var b strings.Builder
	for _, r := range original {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteByte('_')
			b.WriteRune(r - 'A' + 'a')
		case r == '_':
			b.WriteString("__")
		default:
			return hashedID(original)
		}
	}
	if id := b.String(); domain.ValidID(id) {
		return id
	}
	return hashedID(original)
}

var hashEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func hashedID(original string) string {
	sum := sha256.Sum256([]byte(original))
	return "x-" + hashEncoding.EncodeToString(sum[:])[:26]
}
