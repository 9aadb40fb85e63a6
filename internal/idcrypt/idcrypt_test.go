package idcrypt_test

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"corpsite/internal/idcrypt"
)

// newKey returns a random key in the encoding given.
func newKey(t *testing.T, enc *base64.Encoding) string {
	t.Helper()
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return enc.EncodeToString(b)
}

func mustParse(t *testing.T, spec string) *idcrypt.Keyring {
	t.Helper()
	k, err := idcrypt.ParseKeys(spec)
	if err != nil {
		t.Fatalf("ParseKeys: %v", err)
	}
	return k
}

func TestRoundTrip(t *testing.T) {
	k := mustParse(t, "k1:"+newKey(t, base64.StdEncoding))
	if k.CurrentID() != "k1" {
		t.Errorf("CurrentID = %q, want k1", k.CurrentID())
	}
	for _, plain := range []string{"", "123412341234", "ABCDE1234F", strings.Repeat("x", 10000)} {
		sealed, err := k.Seal([]byte(plain))
		if err != nil {
			t.Fatalf("Seal: %v", err)
		}
		if len(plain) > 3 && bytes.Contains(sealed, []byte(plain)) {
			t.Errorf("sealed value contains the plaintext")
		}
		got, err := k.Open(sealed)
		if err != nil || string(got) != plain {
			t.Errorf("Open(Seal(%.20q)) = %.20q, %v", plain, got, err)
		}
		// Random nonces: the same plaintext never seals the same way.
		again, _ := k.Seal([]byte(plain))
		if bytes.Equal(sealed, again) {
			t.Errorf("two seals of %.20q are equal", plain)
		}
	}
}

func TestTamperEveryByte(t *testing.T) {
	k := mustParse(t, "key-a:"+newKey(t, base64.RawURLEncoding)+",key-b:"+newKey(t, base64.StdEncoding))
	plain := []byte("123412341234")
	sealed, err := k.Seal(plain)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sealed {
		for _, flip := range []byte{0x01, 0x80, 0xff} {
			bad := bytes.Clone(sealed)
			bad[i] ^= flip
			got, err := k.Open(bad)
			if err == nil || got != nil {
				t.Errorf("byte %d ^ %#x: Open = %q, %v; want an error and no plaintext", i, flip, got, err)
			}
			if err != nil && strings.Contains(err.Error(), string(plain)) {
				t.Errorf("error %q contains the plaintext", err)
			}
		}
	}
	for n := range sealed {
		if _, err := k.Open(sealed[:n]); err == nil {
			t.Errorf("Open of the first %d bytes succeeded", n)
		}
	}
	if _, err := k.Open(append(bytes.Clone(sealed), 0)); err == nil {
		t.Errorf("Open with a byte appended succeeded")
	}
}

// Relabelling a value with another key ID of the ring must fail even if
// both keys are known: the ID is authenticated.
func TestKeyIDAuthenticated(t *testing.T) {
	ka, kb := newKey(t, base64.StdEncoding), newKey(t, base64.StdEncoding)
	k := mustParse(t, "aa:"+ka+",bb:"+kb)
	sealed, _ := k.Seal([]byte("secret"))
	bad := bytes.Replace(bytes.Clone(sealed), []byte("aa"), []byte("bb"), 1)
	if _, err := k.Open(bad); err == nil {
		t.Errorf("a value relabelled to another key opened")
	}
}

func TestRotation(t *testing.T) {
	old, cur := newKey(t, base64.StdEncoding), newKey(t, base64.RawURLEncoding)
	before := mustParse(t, "k2025:"+old)
	sealedOld, _ := before.Seal([]byte("old number"))

	after := mustParse(t, "k2026:"+cur+", k2025:"+old)
	if after.CurrentID() != "k2026" {
		t.Errorf("CurrentID = %q, want the first key k2026", after.CurrentID())
	}
	got, err := after.Open(sealedOld)
	if err != nil || string(got) != "old number" {
		t.Errorf("Open of a value sealed with the old key = %q, %v", got, err)
	}
	sealedNew, _ := after.Seal([]byte("new number"))
	if _, err := before.Open(sealedNew); err == nil || !strings.Contains(err.Error(), `"k2026"`) {
		t.Errorf("the old ring opened a value sealed with a key it lacks, or the error does not name it: %v", err)
	}
}

func TestNoKeys(t *testing.T) {
	for _, k := range []*idcrypt.Keyring{nil, {}} {
		if _, err := k.Seal([]byte("x")); err == nil {
			t.Errorf("%v: Seal succeeded", k)
		}
		sealed, _ := mustParse(t, "a:"+newKey(t, base64.StdEncoding)).Seal([]byte("x"))
		if _, err := k.Open(sealed); err == nil {
			t.Errorf("%v: Open succeeded", k)
		}
		_ = k.CurrentID()
	}
}

func TestWrongKey(t *testing.T) {
	a := mustParse(t, "k1:"+newKey(t, base64.StdEncoding))
	b := mustParse(t, "k1:"+newKey(t, base64.StdEncoding)) // same ID, other key
	sealed, _ := a.Seal([]byte("123412341234"))
	if got, err := b.Open(sealed); err == nil || got != nil {
		t.Errorf("Open with the wrong key = %q, %v", got, err)
	}
}

func TestParseKeysErrors(t *testing.T) {
	good := newKey(t, base64.StdEncoding)
	short := base64.StdEncoding.EncodeToString(make([]byte, 16))
	for _, tc := range []struct{ spec, want string }{
		{"", "no keys"},
		{"   ", "no keys"},
		{good, "want id:base64key"},
		{":" + good, "ID"},
		{"K1:" + good, "ID"},
		{"k_1:" + good, "ID"},
		{strings.Repeat("a", 17) + ":" + good, "ID"},
		{"k1:" + short, "16 bytes, want 32"},
		{"k1:not base64!", "not base64"},
		{"k1:" + good + ",k1:" + good, "twice"},
		{"k1:" + good + ",", "key 2"},
	} {
		_, err := idcrypt.ParseKeys(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseKeys(%.30q) = %v, want an error containing %q", tc.spec, err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), good) || strings.Contains(err.Error(), short) {
			t.Errorf("error %q shows key material", err)
		}
	}
	// Both encodings, spaces around entries.
	spec := " a:" + newKey(t, base64.StdEncoding) + " , b:" + newKey(t, base64.RawURLEncoding) + "\n"
	if _, err := idcrypt.ParseKeys(spec); err != nil {
		t.Errorf("ParseKeys of a good spec: %v", err)
	}
	k := mustParse(t, "a:"+good)
	for _, s := range []string{fmt.Sprint(k), fmt.Sprintf("%v %+v %#v %s", k, k, k, k)} {
		if strings.Contains(s, good) || strings.Contains(s, "AEAD") {
			t.Errorf("printing a Keyring shows %q", s)
		}
	}
}

var keyFileRE = regexp.MustCompile(`^k[0-9]{8}-[a-z2-7]{6}:[A-Za-z0-9+/]{43}=\n$`)

// Keys generated on one day by separate instances get separate IDs, within
// the ID rules (ParseKeys reads them back).
func TestKeyFileIDsDiffer(t *testing.T) {
	dir := t.TempDir()
	a, err := idcrypt.LoadOrCreateKeyFile(filepath.Join(dir, "a.key"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := idcrypt.LoadOrCreateKeyFile(filepath.Join(dir, "b.key"))
	if err != nil {
		t.Fatal(err)
	}
	if a.CurrentID() == b.CurrentID() || len(a.CurrentID()) > 16 {
		t.Errorf("generated key IDs %q and %q: want two different IDs of at most 16 characters", a.CurrentID(), b.CurrentID())
	}
}

func TestKeyFileCreatedPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.key")
	k, err := idcrypt.LoadOrCreateKeyFile(path)
	if err != nil {
		t.Fatalf("LoadOrCreateKeyFile: %v", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(path)
	if !keyFileRE.Match(b) {
		t.Errorf("key file holds %q, want one spec line", b)
	}
	if !strings.HasPrefix(string(b), k.CurrentID()+":") {
		t.Errorf("CurrentID %q is not the file's", k.CurrentID())
	}
	sealed, _ := k.Seal([]byte("x"))
	// The next start reads the same key.
	again, err := idcrypt.LoadOrCreateKeyFile(path)
	if err != nil {
		t.Fatalf("LoadOrCreateKeyFile again: %v", err)
	}
	if got, err := again.Open(sealed); err != nil || string(got) != "x" {
		t.Errorf("a value sealed before a restart does not open: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the key file (temporary files removed)", len(entries))
	}
}

func TestKeyFileLooseModeRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.key")
	if err := os.WriteFile(path, []byte("k1:"+newKey(t, base64.StdEncoding)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o640, 0o604, 0o644, 0o660} {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		_, err := idcrypt.LoadOrCreateKeyFile(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("mode %v: err = %v, want a refusal naming the path and chmod 600", mode, err)
		}
	}
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	if _, err := idcrypt.LoadOrCreateKeyFile(path); err != nil {
		t.Errorf("mode 0400 refused: %v", err)
	}
}

func TestKeyFileBadContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.key")
	if err := os.WriteFile(path, []byte("k1:short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := idcrypt.LoadOrCreateKeyFile(path)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("err = %v, want an error naming the file", err)
	}
	// A bad file is never replaced by a new key: data sealed with the
	// real one would be lost.
	if b, _ := os.ReadFile(path); string(b) != "k1:short\n" {
		t.Errorf("the bad key file was rewritten: %q", b)
	}
}

func TestKeyFileConcurrentFirstStart(t *testing.T) {
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "data.key")
		const n = 8
		rings := make([]*idcrypt.Keyring, n)
		errs := make([]error, n)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				<-start
				rings[i], errs[i] = idcrypt.LoadOrCreateKeyFile(path)
			})
		}
		close(start)
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("round %d, start %d: %v", round, i, errs[i])
			}
		}
		sealed, _ := rings[0].Seal([]byte("shared"))
		for i, k := range rings {
			if got, err := k.Open(sealed); err != nil || string(got) != "shared" {
				t.Fatalf("round %d: start %d has another key than start 0: %v", round, i, err)
			}
		}
	}
}
