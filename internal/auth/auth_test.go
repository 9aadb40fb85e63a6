package auth

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/xml"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestHashPasswordFormatAndRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h, err := HashPassword(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=2,p=1$") {
		t.Errorf("hash %q does not carry argon2id with m=64 MiB, t=2, p=1", h)
	}
	p, salt, key, err := parseHash(h)
	if err != nil || p != DefaultParams || len(salt) != saltLen || len(key) != keyLen {
		t.Errorf("parseHash = %+v, %d-byte salt, %d-byte key, %v", p, len(salt), len(key), err)
	}
	// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
	if DefaultParams.Memory < 19*1024 || DefaultParams.Time < 2 || DefaultParams.Threads < 1 {
		t.Errorf("DefaultParams %+v are below OWASP's minimum", DefaultParams)
	}
	h2, _ := HashPassword(ctx, "correct horse battery")
	if h2 == h {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	for _, tc := range []struct {
		pw   string
		want bool
	}{{"correct horse battery", true}, {"correct horse batterY", false}, {"", false}} {
		ok, rehash, err := VerifyPassword(ctx, h, tc.pw)
		if err != nil || ok != tc.want || rehash {
			t.Errorf("VerifyPassword(%q) = %v, %v, %v; want %v, false, nil", tc.pw, ok, rehash, err, tc.want)
		}
	}
}

func TestVerifyReadsParamsFromTheHash(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	weak, err := hashWith(ctx, "an older password", Params{Memory: 8 * 1024, Time: 1, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	ok, rehash, err := VerifyPassword(ctx, weak, "an older password")
	if err != nil || !ok || !rehash {
		t.Errorf("VerifyPassword(weaker hash) = %v, %v, %v; want true, true (rehash), nil", ok, rehash, err)
	}
	strong, _ := hashWith(ctx, "a stronger one", Params{Memory: 96 * 1024, Time: 3, Threads: 2})
	ok, rehash, err = VerifyPassword(ctx, strong, "a stronger one")
	if err != nil || !ok || rehash {
		t.Errorf("VerifyPassword(stronger hash) = %v, %v, %v; want true, false, nil", ok, rehash, err)
	}
}

func TestVerifyRefusesMalformedHashes(t *testing.T) {
	t.Parallel()
	good, _ := HashPassword(context.Background(), "whatever it is, really")
	parts := strings.Split(good, "$")
	for _, h := range []string{
		"", "plain", "$argon2i$v=19$m=65536,t=2,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=16$m=65536,t=2,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=99999999,t=2,p=1$" + parts[4] + "$" + parts[5], // too much memory
		"$argon2id$v=19$m=65536,t=0,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=65536,t=2,p=1$!!$" + parts[5],
		"$argon2id$v=19$m=65536,t=2,p=1$" + parts[4] + "$",
	} {
		if ok, _, err := VerifyPassword(context.Background(), h, "whatever it is, really"); ok || err == nil {
			t.Errorf("VerifyPassword(%q) = %v, %v; want false and an error", h, ok, err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	const email, name = "Priya.Shah@example.com", "Priya Shah"
	tests := []struct {
		pw   string
		want string
	}{
		{"", MsgPasswordShort},
		{"short pass1", MsgPasswordShort},
		{"ééééééééééé", MsgPasswordShort}, // 11 characters, 22 bytes
		{"éléphant bleu", ""},             // 13 characters
		{"日本語のパスワードです", MsgPasswordShort}, // 11 characters
		{strings.Repeat("x", 129), MsgPasswordLong},
		{strings.Repeat("ab", 12), MsgPasswordCommon}, // repeated group
		{"Password1234", MsgPasswordCommon},
		{"PASSWORD2025", MsgPasswordCommon},
		{"P@ssw0rd1234", MsgPasswordCommon},
		{"qwertyuiop123", MsgPasswordCommon},
		{"1q2w3e4r5t6y", MsgPasswordCommon},
		{"aaaaaaaaaaaaaa", MsgPasswordCommon},
		{"123456789012", MsgPasswordCommon},
		{"welcome@2024", MsgPasswordCommon},
		{"Iloveyou1234", MsgPasswordCommon},
		{"priya.shah@example.com", MsgPasswordPersonal},
		{"PRIYA.SHAH@EXAMPLE.COM", MsgPasswordPersonal},
		{"priya.shah12", ""},
		{"Priya Shah 1", ""},
		{"priya  shah  ", MsgPasswordPersonal}, // the name, spaced out
		{"PriyaShahPriya", ""},
		{"purple otter dances", ""},
		{"correct horse battery staple", ""},
		{strings.Repeat("z", 5) + "kx9!mQ2@", ""},
	}
	for _, tc := range tests {
		err := CheckPassword(tc.pw, email, name)
		got := ""
		if err != nil {
			got = err.Error()
			if msg := passwordProblem(tc.pw, email, name); !strings.Contains(got, msg) {
				t.Errorf("error %q does not carry %q", got, msg)
			}
			got = passwordProblem(tc.pw, email, name)
		}
		if got != tc.want {
			t.Errorf("CheckPassword(%q) = %q, want %q", tc.pw, got, tc.want)
		}
	}
	// The name itself, when long enough to pass the length rule.
	if got := passwordProblem("Alexandra Konstantinou", "ak@example.com", "Alexandra Konstantinou"); got != MsgPasswordPersonal {
		t.Errorf("the name as password: %q, want %q", got, MsgPasswordPersonal)
	}
	if got := passwordProblem("alexandrakonstantinou", "ak@example.com", "Alexandra Konstantinou"); got != MsgPasswordPersonal {
		t.Errorf("the name without spaces as password: %q, want %q", got, MsgPasswordPersonal)
	}
	if n := CommonPasswords(); n < 3000 {
		t.Errorf("the common-password list has %d entries, want a few thousand", n)
	}
}

// RFC 6238 appendix B: 8-digit codes with the three hashes.
func TestTOTPRFC6238Vectors(t *testing.T) {
	t.Parallel()
	seed1 := []byte("12345678901234567890")
	seed256 := []byte("12345678901234567890123456789012")
	seed512 := []byte("1234567890123456789012345678901234567890123456789012345678901234")
	vectors := []struct {
		unix                 int64
		sha1, sha256, sha512 string
	}{
		{59, "94287082", "46119246", "90693936"},
		{1111111109, "07081804", "68084774", "25091201"},
		{1111111111, "14050471", "67062674", "99943326"},
		{1234567890, "89005924", "91819424", "93441116"},
		{2000000000, "69279037", "90698825", "38618901"},
		{20000000000, "65353130", "77737706", "47863826"},
	}
	for _, v := range vectors {
		step := TOTPStep(time.Unix(v.unix, 0))
		if got := hotp(sha1.New, seed1, step, 8); got != v.sha1 {
			t.Errorf("SHA1 at %d = %s, want %s", v.unix, got, v.sha1)
		}
		if got := hotp(sha256.New, seed256, step, 8); got != v.sha256 {
			t.Errorf("SHA256 at %d = %s, want %s", v.unix, got, v.sha256)
		}
		if got := hotp(sha512.New, seed512, step, 8); got != v.sha512 {
			t.Errorf("SHA512 at %d = %s, want %s", v.unix, got, v.sha512)
		}
		// The 6-digit code is the last six digits of the 8-digit one.
		if got := TOTPCode(seed1, step); got != v.sha1[2:] {
			t.Errorf("TOTPCode at %d = %s, want %s", v.unix, got, v.sha1[2:])
		}
	}
}

func TestCheckTOTPWindowAndReplay(t *testing.T) {
	t.Parallel()
	secret := []byte("12345678901234567890")
	now := time.Unix(1111111111, 0)
	step := TOTPStep(now)
	code := func(d int64) string { return TOTPCode(secret, step+d) }
	tests := []struct {
		name     string
		code     string
		lastStep int64
		want     int64
		ok       bool
	}{
		{"current", code(0), 0, step, true},
		{"with spaces", code(0)[:3] + " " + code(0)[3:], 0, step, true},
		{"one step early", code(-1), 0, step - 1, true},
		{"one step late", code(1), 0, step + 1, true},
		{"two steps early", code(-2), 0, 0, false},
		{"two steps late", code(2), 0, 0, false},
		{"replayed", code(0), step, 0, false},
		{"earlier than the last used", code(-1), step - 1, 0, false},
		{"later than the last used", code(1), step, step + 1, true},
		{"wrong", "000000", 0, 0, false},
		{"too short", code(0)[:5], 0, 0, false},
		{"letters", "abcdef", 0, 0, false},
	}
	for _, tc := range tests {
		if code(0) == "000000" && tc.name == "wrong" {
			continue
		}
		got, ok := CheckTOTP(secret, tc.code, now, tc.lastStep)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: CheckTOTP = %d, %v; want %d, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestTOTPURIAndSecret(t *testing.T) {
	t.Parallel()
	s := NewTOTPSecret()
	if len(s) != 20 {
		t.Fatalf("secret of %d bytes, want 20", len(s))
	}
	enc := EncodeSecret(s)
	if len(enc) != 32 || strings.Contains(enc, "=") {
		t.Errorf("encoded secret %q: want 32 base32 characters without padding", enc)
	}
	uri := TOTPURI("Acme & Co", "ann@example.com", s)
	want := "otpauth://totp/Acme%20&%20Co:ann@example.com?algorithm=SHA1&digits=6&issuer=Acme+%26+Co&period=30&secret=" + enc
	if uri != want {
		t.Errorf("TOTPURI =\n %s\nwant\n %s", uri, want)
	}
}

func TestRecoveryCodes(t *testing.T) {
	t.Parallel()
	codes, hashes := NewRecoveryCodes()
	if len(codes) != 10 || len(hashes) != 10 {
		t.Fatalf("%d codes, %d hashes; want 10", len(codes), len(hashes))
	}
	seen := map[string]bool{}
	for i, c := range codes {
		if !regexp.MustCompile(`^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$`).MatchString(c) || seen[c] {
			t.Errorf("code %q: want xxxx-xxxx-xxxx-xxxx, unique", c)
		}
		seen[c] = true
		for _, typed := range []string{c, strings.ToUpper(c), strings.ReplaceAll(c, "-", ""), " " + c[:4] + " " + c[5:]} {
			if HashRecoveryCode(typed) != hashes[i] {
				t.Errorf("code typed as %q does not hash as issued", typed)
			}
		}
	}
	if NormalizeRecoveryCode("123456") != "" || NormalizeRecoveryCode("abcd-efgh-ijkm-npq0") != "" || NormalizeRecoveryCode("abcde-fghij") != "" {
		t.Error("a TOTP code or a code with a letter outside the alphabet passed as a recovery code")
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	a, ha := NewToken()
	b, _ := NewToken()
	if a == b || len(a) != 43 || HashToken(a) != ha || len(ha) != 64 || strings.Contains(ha, a) {
		t.Errorf("tokens %q %q hash %q", a, b, ha)
	}
}

func TestQRSVG(t *testing.T) {
	t.Parallel()
	svg, err := QRSVG("otpauth://totp/Acme:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme", `QR code for "Acme" <setup>`)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		ViewBox string `xml:"viewBox,attr"`
		Title   string `xml:"title"`
		Path    struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, svg)
	}
	if doc.XMLName.Local != "svg" || doc.Title != `QR code for "Acme" <setup>` {
		t.Errorf("root %q title %q", doc.XMLName.Local, doc.Title)
	}
	var w, h int
	if _, err := fmt.Sscanf(doc.ViewBox, "0 0 %d %d", &w, &h); err != nil || w != h || (w-8-21)%4 != 0 {
		t.Errorf("viewBox %q: want a square QR symbol (21+4k modules) with a 4-module margin", doc.ViewBox)
	}
	if strings.Count(doc.Path.D, "M") < 50 {
		t.Errorf("path has %d runs; a QR code has many", strings.Count(doc.Path.D, "M"))
	}
	// The three finder patterns: a 7-module dark run at the top left,
	// top right and bottom left corners inside the margin.
	n := w - 8
	for _, run := range []string{"M4 4h7", fmt.Sprintf("M%d 4h7", 4+n-7), fmt.Sprintf("M4 %dh7", 4+n-7)} {
		if !strings.Contains(doc.Path.D, run+"v1") {
			t.Errorf("no finder pattern run %q in the path", run)
		}
	}
}

// BenchmarkSignInHash measures one password check with DefaultParams:
// the time a sign-in spends hashing.
func BenchmarkSignInHash(b *testing.B) {
	h, err := HashPassword(context.Background(), "correct horse battery staple")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if ok, _, _ := VerifyPassword(context.Background(), h, "correct horse battery staple"); !ok {
			b.Fatal("no match")
		}
	}
}

// The hash VerifyNothing checks against is made once, by PrepareDummyHash
// (the server calls it at start-up), with the default parameters.
func TestPrepareDummyHash(t *testing.T) {
	t.Parallel()
	PrepareDummyHash()
	if !DummyHashReady() {
		t.Fatal("DummyHashReady() = false after PrepareDummyHash")
	}
	h := dummy.hash
	if p, _, _, err := parseHash(h); err != nil || p != DefaultParams {
		t.Errorf("dummy hash %q: params %+v, %v; want DefaultParams", h, p, err)
	}
	PrepareDummyHash()
	if err := VerifyNothing(context.Background(), "anything at all"); err != nil || dummy.hash != h {
		t.Errorf("VerifyNothing = %v, hash made again %v; want nil, the same hash", err, dummy.hash != h)
	}
}
