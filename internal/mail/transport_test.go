package mail_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	mailer "corpsite/internal/mail"
)

func TestFilesWritesAParseableMessage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	files := mailer.NewFiles(dir)
	m, err := mailer.Compose(outboxMessage("abc123"), "hello@nimbusgrove.example")
	if err != nil {
		t.Fatal(err)
	}
	if err := files.Send(t.Context(), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	path := filepath.Join(dir, "20261122T103000Z-abc123.eml")
	if files.Path(m) != path {
		t.Errorf("Path = %q, want %q", files.Path(m), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the .eml file: %v", err)
	}
	msg, _ := parse(t, data)
	for k, v := range map[string]string{
		"To":         "<staff@nimbusgrove.example>",
		"Reply-To":   "<meera@example.com>",
		"Message-ID": "<abc123.outbox@nimbusgrove.example>",
	} {
		if g := msg.Header.Get(k); g != v {
			t.Errorf("%s = %q, want %q", k, g, v)
		}
	}
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s mode = %v, want %v", filepath.Base(p), got, want)
		}
	}

	// Sent again (a crash before it was recorded), it replaces its file.
	if err := files.Send(t.Context(), m); err != nil {
		t.Fatalf("Send again: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files after sending one message twice, want 1", len(entries))
	}
}

// A folder left open to others by an older version is made private.
func TestFilesMakesTheFolderPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	m, err := mailer.Compose(outboxMessage("abc123"), "hello@nimbusgrove.example")
	if err != nil {
		t.Fatal(err)
	}
	if err := mailer.NewFiles(dir).Send(t.Context(), m); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("folder mode = %v, %v; want 0700", fi.Mode().Perm(), err)
	}
}

func TestNewSMTP(t *testing.T) {
	tests := []struct {
		url, want string
		ok        bool
	}{
		{"smtp://user:secret@mail.example.com", "smtp://mail.example.com:587", true},
		{"smtp://mail.example.com:2525", "smtp://mail.example.com:2525", true},
		{"smtps://user:secret@mail.example.com", "smtps://mail.example.com:465", true},
		{"http://mail.example.com", "", false},
		{"ftp://user:secret@mail.example.com", "", false},
		{"smtp://user:secret@[::1", "", false},
		{"smtp://", "", false},
		{"smtp://mail.example.com/path", "", false},
		{"smtp://mail.example.com?x=1", "", false},
	}
	for _, tt := range tests {
		s, err := mailer.NewSMTP(tt.url)
		if (err == nil) != tt.ok {
			t.Errorf("NewSMTP(%q) error = %v, want ok=%v", tt.url, err, tt.ok)
			continue
		}
		if err != nil {
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("NewSMTP error repeats the password: %v", err)
			}
			continue
		}
		if s.String() != tt.want {
			t.Errorf("NewSMTP(%q).String() = %q, want %q (no credentials)", tt.url, s.String(), tt.want)
		}
	}
}
