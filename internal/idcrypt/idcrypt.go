// Package idcrypt seals applicants' national ID numbers with AES-256-GCM
// before they reach a store, and opens them for staff. A Keyring holds
// the current key, which seals, and older keys, which still open what
// they sealed, so that keys can be rotated without re-encrypting rows.
//
// It depends on the standard library only (archtest checks this). Nothing
// here logs, and no error carries a key or a plaintext.
package idcrypt

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// Sizes of the sealed format and its parts.
const (
	version   = 1  // the first byte of everything Seal returns
	keySize   = 32 // AES-256
	nonceSize = 12 // GCM's standard nonce
	tagSize   = 16 // GCM's tag
	maxIDLen  = 16
	// maxKeys bounds a spec: rotation keeps a handful of old keys at most.
	maxKeys = 64
)

// Keyring is a current key and older keys, each named by an ID. It is
// safe for concurrent use. Make one with ParseKeys or LoadOrCreateKeyFile;
// a nil or zero Keyring seals and opens nothing.
type Keyring struct {
	current string
	aeads   map[string]cipher.AEAD
}

// ParseKeys reads a spec "id1:key1[,id0:key0...]": the first key is the
// current one (it seals); the others only open. An ID is 1 to 16 of
// [a-z0-9-]; a key is 32 bytes in standard or raw URL-safe base64.
// Spaces around entries are ignored. Errors name the entry and the ID,
// never key material.
func ParseKeys(spec string) (*Keyring, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, errors.New("idcrypt: no keys: want id:base64key[,id:base64key...]")
	}
	entries := strings.Split(spec, ",")
	if len(entries) > maxKeys {
		return nil, fmt.Errorf("idcrypt: %d keys, at most %d", len(entries), maxKeys)
	}
	k := &Keyring{aeads: make(map[string]cipher.AEAD, len(entries))}
	for i, e := range entries {
		id, enc, ok := strings.Cut(strings.TrimSpace(e), ":")
		if !ok {
			return nil, fmt.Errorf("idcrypt: key %d: want id:base64key", i+1)
		}
		if !validID(id) {
			return nil, fmt.Errorf("idcrypt: key %d: ID %q: want 1 to %d of a-z, 0-9 and '-'", i+1, id, maxIDLen)
		}
		if _, dup := k.aeads[id]; dup {
			return nil, fmt.Errorf("idcrypt: key %d: ID %q given twice", i+1, id)
		}
		key, err := decodeKey(enc)
		if err != nil {
			return nil, fmt.Errorf("idcrypt: key %d (ID %q): %w", i+1, id, err)
		}
		aead, err := newAEAD(key)
		if err != nil {
			return nil, fmt.Errorf("idcrypt: key %d (ID %q): %w", i+1, id, err)
		}
		k.aeads[id] = aead
		if i == 0 {
			k.current = id
		}
	}
	return k, nil
}

// validID reports whether id may name a key.
func validID(id string) bool {
	if id == "" || len(id) > maxIDLen {
		return false
	}
	return strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) < 0
}

// decodeKey decodes a 32-byte key from standard (padded) or raw URL-safe
// base64, the forms `openssl rand -base64 32` and Go's tools print.
func decodeKey(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			if len(b) != keySize {
				return nil, fmt.Errorf("key is %d bytes, want %d (generate one with: openssl rand -base64 32)", len(b), keySize)
			}
			return b, nil
		}
	}
	return nil, errors.New("key is not base64 (standard or raw URL-safe)")
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// CurrentID is the ID of the key that seals ("" for a nil Keyring).
func (k *Keyring) CurrentID() string {
	if k == nil {
		return ""
	}
	return k.current
}

// String never shows keys: a Keyring printed by mistake shows its IDs'
// count and the current one only.
func (k *Keyring) String() string {
	if k == nil {
		return "idcrypt.Keyring(nil)"
	}
	return fmt.Sprintf("idcrypt.Keyring{current: %q, keys: %d}", k.current, len(k.aeads))
}

// GoString is String, for %#v.
func (k *Keyring) GoString() string { return k.String() }

// Seal encrypts plain with the current key. The result is
//
//	version (1 byte) | ID length (1 byte) | key ID | nonce (12 bytes) | GCM ciphertext and tag
//
// and the header before the nonce is authenticated as additional data, so
// that a sealed value cannot be relabelled to another key.
func (k *Keyring) Seal(plain []byte) ([]byte, error) {
	if k == nil || k.aeads[k.current] == nil {
		return nil, errors.New("idcrypt: no keys")
	}
	aead := k.aeads[k.current]
	head := header(k.current)
	out := make([]byte, len(head)+nonceSize, len(head)+nonceSize+len(plain)+tagSize)
	copy(out, head)
	nonce := out[len(head):]
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("idcrypt: nonce: %w", err)
	}
	return aead.Seal(out, nonce, plain, head), nil
}

// header is the authenticated prefix of a value sealed with key id.
func header(id string) []byte {
	return append([]byte{version, byte(len(id))}, id...)
}

// Open decrypts what Seal returned with any key of the ring. A value
// sealed with a key the ring lacks, of another format or altered in any
// byte is an error, and no plaintext is returned.
func (k *Keyring) Open(sealed []byte) ([]byte, error) {
	if k == nil || len(k.aeads) == 0 {
		return nil, errors.New("idcrypt: no keys")
	}
	if len(sealed) < 2 {
		return nil, errors.New("idcrypt: sealed value too short")
	}
	if sealed[0] != version {
		return nil, fmt.Errorf("idcrypt: sealed value of unknown version %d", sealed[0])
	}
	n := int(sealed[1])
	if n == 0 || n > maxIDLen || len(sealed) < 2+n+nonceSize+tagSize {
		return nil, errors.New("idcrypt: sealed value malformed")
	}
	id := string(sealed[2 : 2+n])
	aead, ok := k.aeads[id]
	if !ok {
		if !validID(id) {
			return nil, errors.New("idcrypt: sealed value malformed")
		}
		return nil, fmt.Errorf("idcrypt: sealed with unknown key %q (add it to the keys as an older key)", id)
	}
	head := sealed[:2+n]
	nonce := sealed[2+n : 2+n+nonceSize]
	plain, err := aead.Open(nil, nonce, sealed[2+n+nonceSize:], head)
	if err != nil {
		return nil, fmt.Errorf("idcrypt: sealed value fails authentication (altered, or key %q is not the one that sealed it)", id)
	}
	return plain, nil
}
