package domain

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
)

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a random, URL-safe, lower-case identifier of 16 characters
// (80 random bits). IDs are never sequential.
func NewID() string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return idEncoding.EncodeToString(b[:])
}

// ValidID reports whether s looks like an ID: 1 to 64 characters of
// lower-case letters, digits, '-' or '_'. Handlers use it to refuse
// nonsense before touching a store.
func ValidID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) < 0
}
