package mail

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"corpsite/internal/domain"
)

// Transport delivers composed messages. A transport must be safe for
// use by one sender at a time; it need not be safe for concurrent use.
type Transport interface {
	// Send delivers m or says why not. An error may be temporary or
	// permanent; the Sender retries either until it gives up.
	Send(ctx context.Context, m *Message) error
	// String names the destination for logs, without credentials.
	String() string
}

// File and folder modes of the .eml drop: the messages hold what
// visitors wrote, so only the site's own user may read them.
const (
	filePerm = 0o600
	dirPerm  = 0o700
)

// Files is the Transport used when no SMTP server is configured: each
// message becomes a file <dir>/<queued time>-<id>.eml that a local user
// can open in a mail program. Sending a message again replaces its file.
type Files struct {
	dir string
}

// NewFiles returns a Files transport writing into dir, which is created
// on first use.
func NewFiles(dir string) *Files { return &Files{dir: dir} }

// String names the folder.
func (f *Files) String() string { return "files in " + f.dir }

// Path returns where m is (or will be) written.
func (f *Files) Path(m *Message) string {
	return filepath.Join(f.dir, m.Created.UTC().Format("20060102T150405Z")+"-"+m.ID+".eml")
}

// Send writes m to its file: into a temporary file first and renamed, so
// a reader never sees half a message.
func (f *Files) Send(_ context.Context, m *Message) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("mail: write .eml: %w", err)
		}
	}()
	if !domain.ValidID(m.ID) {
		return fmt.Errorf("message ID %q cannot name a file", m.ID)
	}
	if err := os.MkdirAll(f.dir, dirPerm); err != nil {
		return err
	}
	if err := os.Chmod(f.dir, dirPerm); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(f.dir, ".writing-*.eml") // created 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	if _, err := tmp.Write(m.Data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(filePerm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), f.Path(m))
}
