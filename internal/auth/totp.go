package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"hash"
	"net/url"
	"strings"
	"time"
)

// TOTP parameters (RFC 6238 with the defaults every authenticator app
// supports): HMAC-SHA1, 6 digits, 30-second steps.
const (
	totpDigits = 6
	totpPeriod = 30
	// totpSkew is how many steps before or after now a code may be from
	// (a clock a little off, a code typed as it changed).
	totpSkew = 1
	// TOTPSecretLen is the secret's length in bytes (160 bits, as RFC 4226 recommends).
	TOTPSecretLen = 20
)

// secretEncoding is base32 without padding, as authenticator apps read it.
var secretEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewTOTPSecret returns a new random secret.
func NewTOTPSecret() []byte {
	b := make([]byte, TOTPSecretLen)
	_, _ = rand.Read(b)
	return b
}

// EncodeSecret writes a secret as people type it into an app: base32.
func EncodeSecret(secret []byte) string { return secretEncoding.EncodeToString(secret) }

// TOTPStep is the time step of t.
func TOTPStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// TOTPCode is the code of secret at time step step (RFC 4226 HOTP over the
// step counter, truncated to 6 digits).
func TOTPCode(secret []byte, step int64) string {
	return hotp(sha1.New, secret, step, totpDigits)
}

// hotp computes an HOTP value (RFC 4226) with the given hash and number
// of digits; RFC 6238's test vectors cover SHA-1, SHA-256 and SHA-512.
func hotp(h func() hash.Hash, secret []byte, counter int64, digits int) string {
	mac := hmac.New(h, secret)
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	v := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, v%mod)
}

// CheckTOTP finds the step, within one step of now, whose code is code,
// and is later than lastStep (a code is never accepted twice). It returns
// that step, or ok false.
func CheckTOTP(secret []byte, code string, now time.Time, lastStep int64) (step int64, ok bool) {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	if len(code) != totpDigits {
		return 0, false
	}
	cur := TOTPStep(now)
	for d := int64(-totpSkew); d <= totpSkew; d++ {
		s := cur + d
		if s <= lastStep {
			continue
		}
		if hmac.Equal([]byte(TOTPCode(secret, s)), []byte(code)) {
			return s, true
		}
	}
	return 0, false
}

// TOTPURI is the otpauth:// URI an authenticator app reads from the QR
// code: label "issuer:account", with the issuer repeated as a parameter.
func TOTPURI(issuer, account string, secret []byte) string {
	label := url.PathEscape(issuer) + ":" + url.PathEscape(account)
	q := url.Values{}
	q.Set("secret", EncodeSecret(secret))
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(totpDigits))
	q.Set("period", fmt.Sprint(totpPeriod))
	return "otpauth://totp/" + label + "?" + q.Encode()
}
