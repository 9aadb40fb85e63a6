package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// NewToken returns a new random token (32 bytes, base64url) for a set-up
// link or a session, and the hash under which it is stored.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is how a token is stored: hex SHA-256. Tokens are random and
// long, so a plain hash is enough (unlike passwords).
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// RecoveryCodeCount is how many recovery codes an account gets.
const RecoveryCodeCount = 10

// recoveryAlphabet is lower-case base32 without the letters people mix up.
var recoveryEncoding = base32.NewEncoding("abcdefghijkmnpqrstuvwxyz23456789").WithPadding(base32.NoPadding)

// NewRecoveryCodes returns RecoveryCodeCount new codes, written as
// "xxxx-xxxx-xxxx-xxxx" (80 random bits each: far beyond guessing from a
// copy of their hashes), and their hashes.
func NewRecoveryCodes() (codes, hashes []string) {
	for range RecoveryCodeCount {
		b := make([]byte, 10)
		_, _ = rand.Read(b)
		s := recoveryEncoding.EncodeToString(b)[:16]
		code := s[:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:]
		codes = append(codes, code)
		hashes = append(hashes, HashRecoveryCode(code))
	}
	return codes, hashes
}

// NormalizeRecoveryCode returns code as it is hashed: lower case, with no
// spaces or dashes; "" when it cannot be a recovery code.
func NormalizeRecoveryCode(code string) string {
	c := strings.Map(func(r rune) rune {
		switch {
		case r == '-' || r == ' ':
			return -1
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return r
	}, code)
	if len(c) != 16 {
		return ""
	}
	for _, r := range c {
		if !strings.ContainsRune("abcdefghijkmnpqrstuvwxyz23456789", r) {
			return ""
		}
	}
	return c
}

// HashRecoveryCode is how a recovery code is stored.
func HashRecoveryCode(code string) string {
	return HashToken("recovery\x00" + NormalizeRecoveryCode(code))
}
