package idcrypt

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// keyFilePerm is the only mode a key file may have beyond owner bits: it
// is as secret as the data it opens.
const keyFilePerm = 0o600

// maxKeyFile bounds what is read from a key file (64 keys fit easily).
const maxKeyFile = 16 << 10

// LoadOrCreateKeyFile returns the keys in the file at path, which holds
// one spec line as ParseKeys reads it. On first start, when the file does
// not exist, it is created with mode 0600 holding one new random key whose
// ID is "k", the UTC date and a random suffix (e.g. "k20261123-q4x7ab").
// The folder must exist.
//
// A file that group or others may read is refused: it would give away
// every national ID number in the database.
//
// Instances starting at once on one folder end with the same key: the new
// file is written whole under a temporary name and then linked to path,
// which fails if another instance linked its file first; the loser reads
// the winner's.
func LoadOrCreateKeyFile(path string) (*Keyring, error) {
	k, err := loadKeyFile(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return k, err
	}
	if err := createKeyFile(path, time.Now()); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	return loadKeyFile(path)
}

// loadKeyFile reads the keys at path; fs.ErrNotExist when there is no file.
func loadKeyFile(path string) (*Keyring, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, fmt.Errorf("idcrypt: key file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("idcrypt: key file: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("idcrypt: key file %s is not a regular file", path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("idcrypt: key file %s may be read by other users (mode %v); make it private with: chmod 600 %s", path, perm, path)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err != nil {
		return nil, fmt.Errorf("idcrypt: key file %s: %w", path, err)
	}
	if len(b) > maxKeyFile {
		return nil, fmt.Errorf("idcrypt: key file %s is larger than %d bytes", path, maxKeyFile)
	}
	k, err := ParseKeys(string(b))
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	return k, nil
}

// newKeyID returns the ID of a key generated at now: "k", the UTC date
// and 6 random characters, e.g. "k20261123-q4x7ab" (16 characters, the
// most an ID may have). Two instances that each made a key on the same
// day must not give their keys one ID: a value sealed by one would then
// be opened with the other's key and fail as if damaged, instead of
// being reported as sealed with a key this instance lacks.
func newKeyID(now time.Time) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	for i := range b {
		b[i] = alphabet[b[i]%32]
	}
	return "k" + now.UTC().Format("20060102") + "-" + string(b[:])
}

// createKeyFile writes a new key to path unless a file is there
// (fs.ErrExist then).
func createKeyFile(path string, now time.Time) (err error) {
	var key [keySize]byte
	if _, err := rand.Read(key[:]); err != nil {
		return fmt.Errorf("idcrypt: new key: %w", err)
	}
	line := newKeyID(now) + ":" + base64.StdEncoding.EncodeToString(key[:]) + "\n"

	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the link, path keeps the file
	defer tmp.Close()
	// CreateTemp makes 0600 files already; say so whatever the platform.
	if err := tmp.Chmod(keyFilePerm); err != nil {
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	if _, err := tmp.WriteString(line); err != nil {
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	// The key must survive a crash: data sealed with it is lost without it.
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err
		}
		return fmt.Errorf("idcrypt: create key file: %w", err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync() // best effort: make the new name durable
		d.Close()
	}
	return nil
}
