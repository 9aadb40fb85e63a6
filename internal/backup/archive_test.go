package backup

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// validKey stands in for blob.ValidateKey.
func validKey(k string) error {
	if k == "" || strings.HasPrefix(k, "/") || strings.Contains(k, "..") {
		return errors.New("bad key")
	}
	return nil
}

type member struct {
	name, body string
	typ        byte // tar.TypeReg if 0
}

// archive writes members and then the manifest m (its Members filled in
// from the members unless listed is set) as a tar file, and returns its
// path. A nil m writes no manifest.
func archive(t *testing.T, members []member, m *Manifest, listed []Member) string {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	var mems []Member
	for _, mem := range members {
		typ := mem.typ
		if typ == 0 {
			typ = tar.TypeReg
		}
		hdr := &tar.Header{Typeflag: typ, Name: mem.name, Size: int64(len(mem.body)), Mode: 0o600}
		if typ == tar.TypeSymlink {
			hdr.Size, hdr.Linkname = 0, "/etc/passwd"
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if typ == tar.TypeReg {
			tw.Write([]byte(mem.body))
		}
		sum := sha256.Sum256([]byte(mem.body))
		mems = append(mems, Member{Name: mem.name, Size: int64(len(mem.body)), SHA256: hex.EncodeToString(sum[:])})
	}
	if m != nil {
		m.Members = mems
		if listed != nil {
			m.Members = listed
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: manifestName, Size: int64(len(b)), Mode: 0o600,
			PAXRecords: map[string]string{manifestSumRecord: hex.EncodeToString(sum[:])}})
		tw.Write(b)
	}
	tw.Close()
	path := filepath.Join(t.TempDir(), "a.tar")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func manifest(files int, bytes int64) *Manifest {
	return &Manifest{Format: Format, Version: Version, Created: time.Now().UTC(), Engine: EngineSQLite,
		Tables: map[string]int64{}, Files: files, FileBytes: bytes}
}

var db = member{name: "database.sqlite", body: "SQLite format 3\x00…"}

// TestVerify: an archive passes only as the site writes it; anything
// else is ErrCorrupt (or, for a newer format, says to upgrade).
func TestVerify(t *testing.T) {
	doc := member{name: "files/resumes/a.pdf", body: "%PDF-1.7"}
	tests := []struct {
		name    string
		path    func(t *testing.T) string
		wantErr string // "" = valid
	}{
		{"valid", func(t *testing.T) string { return archive(t, []member{db, doc}, manifest(1, 8), nil) }, ""},
		{"no manifest", func(t *testing.T) string { return archive(t, []member{db, doc}, nil, nil) }, "no manifest"},
		{"cut short", func(t *testing.T) string {
			p := archive(t, []member{db, doc}, manifest(1, 8), nil)
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:len(b)/2], 0o600)
			return p
		}, "damaged"},
		{"a member after the manifest", func(t *testing.T) string {
			p := archive(t, []member{db}, manifest(0, 0), nil)
			b, _ := os.ReadFile(p)
			var buf bytes.Buffer
			buf.Write(b[:len(b)-1024]) // without the end-of-archive blocks
			tw := tar.NewWriter(&buf)
			tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "files/x", Size: 1, Mode: 0o600})
			tw.Write([]byte("x"))
			tw.Close()
			os.WriteFile(p, buf.Bytes(), 0o600)
			return p
		}, "follows the manifest"},
		{"a member twice", func(t *testing.T) string { return archive(t, []member{db, doc, doc}, manifest(2, 16), nil) }, "twice"},
		{"a symbolic link", func(t *testing.T) string {
			return archive(t, []member{db, {name: "files/link", typ: tar.TypeSymlink}}, manifest(1, 0), nil)
		}, "not a regular file"},
		{"a key leaving the store", func(t *testing.T) string {
			return archive(t, []member{db, {name: "files/../../etc/cron.d/x", body: "x"}}, manifest(1, 1), nil)
		}, "not a valid file name"},
		{"an unknown member", func(t *testing.T) string {
			return archive(t, []member{db, {name: "notes.txt", body: "x"}}, manifest(0, 0), nil)
		}, "unexpected member"},
		{"no database", func(t *testing.T) string { return archive(t, []member{doc}, manifest(1, 8), nil) }, "copies of the database"},
		{"a member the manifest does not list", func(t *testing.T) string {
			return archive(t, []member{db, doc}, manifest(0, 0), []Member{{Name: db.name, Size: int64(len(db.body)), SHA256: sha(db.body)}})
		}, "lists 1 members"},
		{"a wrong SHA-256", func(t *testing.T) string {
			return archive(t, []member{db, doc}, manifest(1, 8), []Member{
				{Name: db.name, Size: int64(len(db.body)), SHA256: sha(db.body)},
				{Name: doc.name, Size: 8, SHA256: sha("%PDF-1.6")},
			})
		}, "does not match its SHA-256"},
		{"counts that do not add up", func(t *testing.T) string { return archive(t, []member{db, doc}, manifest(2, 8), nil) }, "counts 2 files"},
		{"a newer format", func(t *testing.T) string {
			m := manifest(1, 8)
			m.Version = Version + 1
			return archive(t, []member{db, doc}, m, nil)
		}, "newer version of the site"},
		{"not a backup", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "x.tar")
			os.WriteFile(p, bytes.Repeat([]byte("not a tar "), 200), 0o600)
			return p
		}, "damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Verify(tt.path(t), validKey)
			if tt.wantErr == "" {
				if err != nil || m == nil || m.Files != 1 {
					t.Fatalf("Verify = %+v, %v; want the manifest", m, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Verify error = %v, want one saying %q", err, tt.wantErr)
			}
			if !strings.Contains(tt.wantErr, "newer") && !errors.Is(err, ErrCorrupt) {
				t.Errorf("Verify error %v is not ErrCorrupt", err)
			}
		})
	}
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestLibpqURL: the PostgreSQL programs get the site's URL without its
// password (which goes into their environment) and with pgx's server
// settings, such as search_path, turned into libpq's options.
func TestLibpqURL(t *testing.T) {
	got, env, err := libpqURL("postgres://site:s3cr%20t@db.example.com:5433/site?sslmode=require&search_path=tenant%20a&application_name=x")
	if err != nil {
		t.Fatal(err)
	}
	want := "postgres://site@db.example.com:5433/site?application_name=x&options=-c%20search_path%3Dtenant%5C%20a&sslmode=require"
	if got != want {
		t.Errorf("libpqURL = %s\nwant        %s", got, want)
	}
	if len(env) != 1 || env[0] != "PGPASSWORD=s3cr t" {
		t.Errorf("env = %q, want the password", env)
	}
	// A password as a parameter goes to the environment, never the command
	// line; the driver's and its pool's own parameters go nowhere.
	got, env, err = libpqURL("postgres://site@db/site?password=hunter2&pool_max_conns=4&default_query_exec_mode=exec&statement_cache_capacity=0&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	if want := "postgres://site@db/site?sslmode=disable"; got != want || len(env) != 1 || env[0] != "PGPASSWORD=hunter2" {
		t.Errorf("libpqURL(password parameter) = %s, %q; want %s with the password in the environment", got, env, want)
	}
	if _, _, err := libpqURL("host=db user=site password=secret"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("libpqURL(key=value) error = %v, want one without the password", err)
	}
}

// pg_dump reads --schema as a pattern: the name goes in double quotes so
// that capitals, dots and wildcards mean themselves.
func TestQuoteIdent(t *testing.T) {
	for in, want := range map[string]string{"public": `"public"`, "RevX": `"RevX"`, "a.b*": `"a.b*"`, `say "hi"`: `"say ""hi"""`} {
		if got := quoteIdent(in); got != want {
			t.Errorf("quoteIdent(%q) = %s, want %s", in, got, want)
		}
	}
}
