package backup

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// CreateOptions says what a backup copies.
type CreateOptions struct {
	DB    Database
	Blobs domain.BlobStore
	// Key, when not nil, is the content of the key file sealing national
	// ID numbers, put in the archive; KeyID is the ID of the current key
	// ("" when unknown), recorded either way.
	Key   []byte
	KeyID string
	// TempDir is where the database copy is made before it is archived
	// ("" = the system's); a private folder is made in it and removed.
	TempDir     string
	Compress    bool
	SiteVersion string
	Now         time.Time
}

// Create writes a backup archive to w: first a consistent copy of the
// database, then every file of the file store as it is when its turn
// comes, then the key file if given, then the manifest. Files are
// streamed one at a time.
func Create(ctx context.Context, w io.Writer, o CreateOptions) (*Manifest, error) {
	dir, err := os.MkdirTemp(o.TempDir, ".site-backup-*")
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(dir)
	dbPath, tables, schema, err := o.DB.snapshot(ctx, dir)
	if err != nil {
		return nil, err
	}
	m := &Manifest{
		Format: Format, Version: Version, Created: o.Now.UTC().Truncate(time.Second),
		SiteVersion: o.SiteVersion, Engine: o.DB.Engine(), Schema: schema, Tables: tables,
		DataKey: KeyInfo{Included: o.Key != nil, ID: o.KeyID},
	}
	a := newArchiveWriter(w, o.Compress, m.Created)
	if err := a.addFile(databaseMember(m.Engine), dbPath); err != nil {
		return nil, err
	}
	os.Remove(dbPath) // no need to keep two copies on disk

	keys, err := o.Blobs.List(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("backup: list files: %w", err)
	}
	for _, key := range keys {
		n, err := addBlob(ctx, a, o.Blobs, key)
		if domain.IsNotFound(err) {
			m.FilesGone++ // deleted since the listing
			continue
		}
		if err != nil {
			return nil, err
		}
		m.Files++
		m.FileBytes += n
	}
	if o.Key != nil {
		if err := a.add(keyName, int64(len(o.Key)), bytes.NewReader(o.Key), ""); err != nil {
			return nil, err
		}
	}
	if err := a.finish(m); err != nil {
		return nil, err
	}
	return m, nil
}

// addBlob copies one file of the store into the archive.
func addBlob(ctx context.Context, a *archiveWriter, blobs domain.BlobStore, key string) (int64, error) {
	r, info, err := blobs.Open(ctx, key)
	if err != nil {
		if domain.IsNotFound(err) {
			return 0, err
		}
		return 0, fmt.Errorf("backup: read file: %w", err)
	}
	defer r.Close()
	if err := a.add(filesPrefix+key, info.Size, r, info.ContentType); err != nil {
		return 0, err
	}
	return info.Size, nil
}

// ErrNotEmpty is wrapped by the error of a restore refused because the
// target already holds data.
var ErrNotEmpty = errors.New("backup: the target is not empty")

// RestoreOptions says where a restore writes.
type RestoreOptions struct {
	DB    Database
	Blobs domain.BlobStore
	// KeyFile is where the archive's key file goes, if it has one.
	KeyFile string
	// Force writes over a target that already holds data.
	Force bool
}

// Restore writes the archive at path, which Verify returned m for, into
// the target. Unless Force is set it refuses, writing nothing, a target
// whose database has rows or whose file store has files. A key file
// already at KeyFile that differs from the archive's is refused even
// with Force. Members are checked against m again as they are written
// (the file could have changed since Verify read it): files first, then
// the key file, then the database, which is installed whole or not at
// all.
//
// A restore that fails after it began writing (the archive changed, the
// database cannot be installed, the context cancelled) takes back what
// it wrote: the files it created and the key file are deleted, and the
// database was never installed. Files it wrote over (with Force) keep
// the archive's content: their earlier content is not kept anywhere.
func Restore(ctx context.Context, path string, m *Manifest, o RestoreOptions) (err error) {
	if m.Engine != o.DB.Engine() {
		return fmt.Errorf("backup: the archive holds a %s database, the target is a %s database: "+
			"restore it into the engine it came from (without --database-url for SQLite, with it for PostgreSQL)",
			engineName(m.Engine), engineName(o.DB.Engine()))
	}
	full, err := o.DB.tablesWithRows(ctx, m)
	if err != nil {
		return err
	}
	if len(full) > 0 && !o.Force {
		return fmt.Errorf("%w: the %s already has data (tables %s)", ErrNotEmpty, o.DB.Describe(), strings.Join(full, ", "))
	}
	existing, err := o.Blobs.List(ctx, "")
	if err != nil {
		return fmt.Errorf("backup: list the target's files: %w", err)
	}
	if len(existing) > 0 && !o.Force {
		return fmt.Errorf("%w: the file store already holds %d files", ErrNotEmpty, len(existing))
	}
	writeKey, err := keyToWrite(o.KeyFile, m)
	if err != nil {
		return err
	}

	had := make(map[string]bool, len(existing))
	for _, k := range existing {
		had[k] = true
	}
	written := &restoreUndo{blobs: o.Blobs}
	defer func() {
		if err != nil {
			err = written.undo(ctx, err)
		}
	}()

	byName := make(map[string]Member, len(m.Members))
	for _, mem := range m.Members {
		byName[mem.Name] = mem
	}
	a, err := openArchive(path)
	if err != nil {
		return err
	}
	defer a.Close()
	staged := ""
	defer func() {
		if staged != "" {
			o.DB.unstage(staged)
		}
	}()
	var key []byte
	i := 0
	for {
		hdr, err := a.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if hdr.Name == manifestName {
			if i != len(m.Members) {
				return corrupt("the archive changed since it was verified")
			}
			got, err := readManifest(a.read(), hdr)
			if err != nil {
				return err
			}
			if got.sum != m.sum {
				return corrupt("the archive changed since it was verified")
			}
			continue
		}
		if i >= len(m.Members) || m.Members[i].Name != hdr.Name {
			return corrupt("the archive changed since it was verified")
		}
		mem := byName[hdr.Name]
		i++
		cr := newCheckedReader(a.read(), mem)
		switch {
		case hdr.Name == databaseMember(m.Engine):
			if staged, err = stageDatabase(ctx, o.DB, cr); err != nil {
				return err
			}
		case hdr.Name == keyName:
			if key, err = io.ReadAll(cr); err != nil {
				return err
			}
		default:
			k := strings.TrimPrefix(hdr.Name, filesPrefix)
			if !had[k] {
				// Noted before it is written: a Put that fails half-way
				// may leave something behind.
				written.files = append(written.files, k)
			}
			if err := o.Blobs.Put(ctx, k, cr, mem.ContentType); err != nil {
				return fmt.Errorf("backup: write file: %w", err)
			}
			if !cr.done {
				return corrupt("member %q was not read to its end", shorten(hdr.Name))
			}
		}
	}
	if err := a.end(); err != nil {
		return err
	}
	if staged == "" || i != len(m.Members) {
		return corrupt("the archive changed since it was verified")
	}
	if writeKey && key != nil {
		if err := writeKeyFile(o.KeyFile, key); err != nil {
			return err
		}
		written.keyFile = o.KeyFile
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := o.DB.install(ctx, staged, m); err != nil {
		return err
	}
	staged = ""
	return nil
}

// restoreCleanupTimeout bounds taking back what a failed restore wrote,
// which runs even when the restore was cancelled.
const restoreCleanupTimeout = 5 * time.Minute

// restoreUndo is what a restore has written so far, to take back if it
// fails: files it created in the file store and the key file.
type restoreUndo struct {
	blobs   domain.BlobStore
	files   []string
	keyFile string
}

// undo deletes what was written and returns cause with what became of
// it.
func (u *restoreUndo) undo(ctx context.Context, cause error) error {
	if len(u.files) == 0 && u.keyFile == "" {
		return cause
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), restoreCleanupTimeout)
	defer cancel()
	var problems []string
	failed := 0
	for _, k := range u.files {
		if err := u.blobs.Delete(ctx, k); err != nil && !domain.IsNotFound(err) {
			failed++ // not the key in the message: keys carry applicants' names
		}
	}
	if failed > 0 {
		problems = append(problems, fmt.Sprintf("%d files could not be deleted from the file store", failed))
	}
	var what []string
	if len(u.files) > 0 {
		what = append(what, fmt.Sprintf("the %d files", len(u.files)))
	}
	if u.keyFile != "" {
		what = append(what, "the key file")
		if err := os.Remove(u.keyFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("the key file could not be removed: %v", err))
		}
	}
	written := strings.Join(what, " and ") + " it had written"
	if len(problems) > 0 {
		return fmt.Errorf("%w; the database was left as it was, but of %s, %s", cause, written, strings.Join(problems, ", and "))
	}
	return fmt.Errorf("%w; the database was left as it was, and %s were removed", cause, written)
}

func engineName(e string) string {
	switch e {
	case EngineSQLite:
		return "SQLite"
	case EnginePostgres:
		return "PostgreSQL"
	}
	return e
}

// stageDatabase writes the database member to the engine's staging file
// and checks it.
func stageDatabase(ctx context.Context, db Database, cr *checkedReader) (string, error) {
	f, err := db.stage()
	if err != nil {
		return "", err
	}
	path := f.Name()
	_, err = io.Copy(f, cr)
	if err == nil && !cr.done {
		err = corrupt("the database member was not read to its end")
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("backup: %w", cerr)
	}
	if err == nil {
		err = db.validate(ctx, path)
	}
	if err != nil {
		db.unstage(path)
		return "", err
	}
	return path, nil
}

// keyToWrite reports whether the archive's key file must be written to
// path: not when the archive has none or path already holds the same
// keys. Other keys at path are an error: they may be the only way to
// read numbers sealed with them.
func keyToWrite(path string, m *Manifest) (bool, error) {
	if !m.DataKey.Included || path == "" {
		return false, nil
	}
	have, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("backup: %w", err)
	}
	var want string
	for _, mem := range m.Members {
		if mem.Name == keyName {
			want = mem.SHA256
		}
	}
	for _, same := range [][]byte{have, append(bytes.TrimSpace(have), '\n')} {
		if sum := sha256.Sum256(same); hex.EncodeToString(sum[:]) == want {
			return false, nil
		}
	}
	return false, fmt.Errorf("backup: %s already exists and holds other keys than the archive's: "+
		"move it away first (national ID numbers sealed with it cannot be read without it), even with --force", path)
}

// writeKeyFile writes key to path (mode 0600), failing if a file
// appeared there meanwhile.
func writeKeyFile(path string, key []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, memberMode)
	if err != nil {
		return fmt.Errorf("backup: write the key file: %w", err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("backup: write the key file: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("backup: write the key file: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("backup: write the key file: %w", err)
	}
	syncDir(filepath.Dir(path))
	return nil
}
