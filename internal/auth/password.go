// Package auth holds the staff console's credentials: argon2id password
// hashes, the password rules, TOTP second-factor codes (RFC 6238), their
// set-up QR code, and the random tokens of set-up links, sessions and
// recovery codes. It knows nothing of HTTP or storage; the server and the
// command line import it.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
}

// DefaultParams are used for new hashes: 64 MiB, 2 passes, 1 lane, above
// OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
var DefaultParams = Params{Memory: 64 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
	// maxMemory bounds what a stored hash may ask for (a corrupt or
	// hostile row must not make one check take gigabytes).
	maxMemory = 1024 * 1024
)

// hashSlots bounds how many hashes are computed at once: each takes
// DefaultParams.Memory, so a flood of sign-ins waits rather than taking
// the machine's memory.
var hashSlots = make(chan struct{}, 4)

// maxHashWaiters bounds the checks queued for a slot: past it a sign-in
// is refused at once (ErrBusy) instead of piling up behind a flood.
const maxHashWaiters = 64

// hashWaiters counts the checks waiting for a slot.
var hashWaiters atomic.Int32

// ErrBusy is returned when too many password checks are waiting.
var ErrBusy = errors.New("auth: too many password checks at once")

// acquire takes a hashing slot or gives up when ctx ends or too many
// checks are waiting already.
func acquire(ctx context.Context) error {
	select {
	case hashSlots <- struct{}{}:
		return nil
	default:
	}
	if hashWaiters.Add(1) > maxHashWaiters {
		hashWaiters.Add(-1)
		return ErrBusy
	}
	defer hashWaiters.Add(-1)
	select {
	case hashSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func release() { <-hashSlots }

// HashPassword returns the argon2id hash of password in the PHC string
// format: $argon2id$v=19$m=65536,t=2,p=1$salt$hash (unpadded base64).
func HashPassword(ctx context.Context, password string) (string, error) {
	return hashWith(ctx, password, DefaultParams)
}

func hashWith(ctx context.Context, password string, p Params) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	if err := acquire(ctx); err != nil {
		return "", err
	}
	defer release()
	return encodeHash(password, salt, p), nil
}

// encodeHash hashes password with salt and p, without waiting for a slot.
func encodeHash(password string, salt []byte, p Params) string {
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// errBadHash reports a stored hash that is not an argon2id PHC string.
var errBadHash = errors.New("auth: not an argon2id hash")

// parseHash splits a PHC string into its parameters, salt and key.
func parseHash(encoded string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Memory == 0 || p.Memory > maxMemory || p.Time == 0 || p.Time > 100 || p.Threads == 0 {
		return p, nil, nil, errBadHash
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, errBadHash
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, errBadHash
	}
	return p, salt, key, nil
}

// VerifyPassword reports whether password matches encoded, with the
// parameters stored in it, and whether the hash should be replaced
// because its parameters are below DefaultParams. A malformed hash is
// an error (and no match).
func VerifyPassword(ctx context.Context, encoded, password string) (ok, rehash bool, err error) {
	p, salt, key, err := parseHash(encoded)
	if err != nil {
		return false, false, err
	}
	if err := acquire(ctx); err != nil {
		return false, false, err
	}
	defer release()
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	rehash = p.Memory < DefaultParams.Memory || p.Time < DefaultParams.Time
	return ok, rehash, nil
}

// dummy is the hash verified against when there is no account, so that
// an unknown e-mail address takes as long as a wrong password. Making it
// takes as long as a password check: the server makes it at start-up
// (PrepareDummyHash), before it serves, so that the first sign-in to an
// unknown address is not the slow one; commands that never sign anyone
// in do not pay for it.
var dummy struct {
	once  sync.Once
	hash  string
	ready atomic.Bool
}

// PrepareDummyHash makes the hash that VerifyNothing checks against, once
// per process; later calls return at once. Call it at start-up.
func PrepareDummyHash() {
	dummy.once.Do(func() {
		// Not through a hashing slot: made once, it must not fail when
		// a flood of sign-ins holds them all.
		salt := make([]byte, saltLen)
		_, _ = rand.Read(salt) // crypto/rand.Read never fails
		dummy.hash = encodeHash("no account has this password", salt, DefaultParams)
		dummy.ready.Store(true)
	})
}

// DummyHashReady reports whether PrepareDummyHash has run.
func DummyHashReady() bool { return dummy.ready.Load() }

// VerifyNothing spends the time of one VerifyPassword and fails: for
// sign-ins to accounts that do not exist or have no password yet.
func VerifyNothing(ctx context.Context, password string) error {
	PrepareDummyHash() // at once when the server made it at start-up
	_, _, err := VerifyPassword(ctx, dummy.hash, password)
	return err
}
