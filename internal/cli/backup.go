package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/backup"
	"corpsite/internal/blob"
	"corpsite/internal/config"
	"corpsite/internal/idcrypt"
	"corpsite/internal/sitelock"
)

// keyFileName is the key file in the data folder (as internal/app names it).
const keyFileName = "data.key"

// database returns the database of cfg for a backup or a restore.
func database(cfg *config.Config) backup.Database {
	if cfg.DatabaseURL == "" {
		return backup.SQLite(app.SQLitePath(cfg))
	}
	return backup.Postgres(cfg.DatabaseURL)
}

// signalContext is cancelled by SIGINT or SIGTERM.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
}

// backupCmd runs "site backup --to FILE".
func backupCmd(args []string, stdout, stderr io.Writer) error {
	var to string
	var includeKey bool
	cfg, err := parseWith("backup", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&to, "to", "", "the archive to write (a new file; gzip-compressed when it ends in .gz or .tgz, e.g. site-backup.tar.gz)")
		fs.BoolVar(&includeKey, "include-key", false, "put the keys sealing national ID numbers (--data-key, else {data-dir}/data.key) in the archive; "+
			"without it they are left out and must be kept apart")
	})
	if err != nil {
		return err
	}
	if to == "" {
		return errors.New("backup: --to FILE is required")
	}
	if _, err := os.Lstat(to); err == nil {
		return fmt.Errorf("backup: %s already exists: choose a new file name", to)
	}
	db := database(cfg)
	if err := db.Preflight(false); err != nil {
		return err
	}
	key, keyID, err := dataKey(cfg)
	if err != nil {
		return err
	}
	if includeKey && key == nil {
		return fmt.Errorf("backup: --include-key: there is no key to include (no --data-key and no %s)", filepath.Join(cfg.DataDir, keyFileName))
	}
	ctx, stop := signalContext()
	defer stop()
	blobs, err := blob.Open(ctx, cfg.FilesURL, filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return err
	}
	defer blobs.Close()

	start := time.Now()
	opts := backup.CreateOptions{
		DB: db, Blobs: blobs, KeyID: keyID, TempDir: filepath.Dir(to),
		Compress:    strings.HasSuffix(to, ".gz") || strings.HasSuffix(to, ".tgz"),
		SiteVersion: Version, Now: start,
	}
	if includeKey {
		opts.Key = key
	}
	m, size, err := writeArchive(ctx, to, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up the %s (%d tables, %d rows) and %d files (%s) to %s: %s in %s.\n",
		db.Describe(), len(m.Tables), m.Rows(), m.Files, bytesText(m.FileBytes), to, bytesText(size), time.Since(start).Round(time.Millisecond))
	if m.FilesGone > 0 {
		fmt.Fprintf(stdout, "%d files were deleted while the backup ran (applications purged meanwhile) and are not in it.\n", m.FilesGone)
	}
	switch {
	case key == nil:
		fmt.Fprintf(stderr, "Warning: no keys sealing national ID numbers were found (no --data-key, no %s): "+
			"if the site has them elsewhere, keep them apart and safe; without them the numbers in this backup cannot be read.\n",
			filepath.Join(cfg.DataDir, keyFileName))
	case includeKey:
		fmt.Fprintf(stderr, "Warning: %s holds the keys sealing national ID numbers (key %s): whoever has the file can read them. Keep it as safe as the keys.\n", to, keyID)
	default:
		fmt.Fprintf(stderr, "Warning: the keys sealing national ID numbers are not in %s (add --include-key to put them in): "+
			"keep %s apart and safe; without it the numbers in this backup cannot be read.\n", to, keyWhere(cfg, keyID))
	}
	return nil
}

// keyWhere names where the keys of cfg are, for messages.
func keyWhere(cfg *config.Config, keyID string) string {
	where := filepath.Join(cfg.DataDir, keyFileName)
	if cfg.DataKey != "" {
		where = "the keys of --data-key (SITE_DATA_KEY)"
	}
	if keyID == "" {
		return where
	}
	return where + " (current key " + keyID + ")"
}

// dataKey returns the keys sealing national ID numbers as a key file
// holds them, and the current key's ID: those of --data-key, else those
// of the data folder's key file; nil when there are neither.
func dataKey(cfg *config.Config) ([]byte, string, error) {
	if cfg.DataKey != "" {
		k, err := idcrypt.ParseKeys(cfg.DataKey)
		if err != nil {
			return nil, "", fmt.Errorf("backup: --data-key: %w", err)
		}
		return []byte(strings.TrimSpace(cfg.DataKey) + "\n"), k.CurrentID(), nil
	}
	path := filepath.Join(cfg.DataDir, keyFileName)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("backup: %w", err)
	}
	k, err := idcrypt.ParseKeys(string(b))
	if err != nil {
		return nil, "", fmt.Errorf("backup: key file %s: %w", path, err)
	}
	return b, k.CurrentID(), nil
}

// writeArchive writes the archive under a temporary name (mode 0600) in
// the folder of to and links it to to once complete, so that a
// half-written backup never carries the name, and an existing file is
// never replaced.
func writeArchive(ctx context.Context, to string, o backup.CreateOptions) (*backup.Manifest, int64, error) {
	dir := filepath.Dir(to)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(to)+".tmp-*")
	if err != nil {
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if err := tmp.Chmod(0o600); err != nil {
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	m, err := backup.Create(ctx, tmp, o)
	if err != nil {
		return nil, 0, err
	}
	if err := tmp.Sync(); err != nil {
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	fi, err := tmp.Stat()
	if err != nil {
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	if err := os.Link(tmp.Name(), to); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, 0, fmt.Errorf("backup: %s appeared while the backup ran: choose a new file name", to)
		}
		return nil, 0, fmt.Errorf("backup: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return m, fi.Size(), nil
}

// restoreCmd runs "site restore --from FILE".
func restoreCmd(args []string, stdout, stderr io.Writer) error {
	var from string
	var force bool
	cfg, err := parseWith("restore", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&from, "from", "", "the archive that 'site backup' wrote")
		fs.BoolVar(&force, "force", false, "write over a database that already has data and a file store that already has files "+
			"(files not in the archive stay; a site serving the data makes the restore refuse, with or without it)")
	})
	if err != nil {
		return err
	}
	if from == "" {
		return errors.New("restore: --from FILE is required")
	}
	db := database(cfg)
	if err := db.Preflight(true); err != nil {
		return err
	}
	// Nothing is opened or written before the whole archive is checked.
	m, err := backup.Verify(from, blob.ValidateKey)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Verified %s: made %s by site %s; %s database (%d tables, %d rows), %d files (%s), every SHA-256 matches.\n",
		from, m.Created.Format(time.RFC3339), m.SiteVersion, m.Engine, len(m.Tables), m.Rows(), m.Files, bytesText(m.FileBytes))

	if err := privateDir(cfg.DataDir); err != nil {
		return err
	}
	ctx, stop := signalContext()
	defer stop()
	// Held until the restore ends: no site may serve the data meanwhile,
	// nor may one be serving it now.
	lock, err := sitelock.Restore(ctx, cfg.DataDir, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("restore: %w; nothing was written", err)
	}
	defer lock.Release()
	blobs, err := blob.Open(ctx, cfg.FilesURL, filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return err
	}
	defer blobs.Close()
	keyFile := filepath.Join(cfg.DataDir, keyFileName)
	err = backup.Restore(ctx, from, m, backup.RestoreOptions{DB: db, Blobs: blobs, KeyFile: keyFile, Force: force})
	if errors.Is(err, backup.ErrNotEmpty) {
		return fmt.Errorf("%w; nothing was written. Restore into an empty database and file store, or add --force to write over them", err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored the %s and %d files.\n", db.Describe(), m.Files)
	switch {
	case m.DataKey.Included && cfg.DatabaseURL != "":
		fmt.Fprintf(stdout, "The keys sealing national ID numbers are in %s: give every instance its line as SITE_DATA_KEY.\n", keyFile)
	case m.DataKey.Included:
		fmt.Fprintf(stdout, "The keys sealing national ID numbers are in %s.\n", keyFile)
	default:
		key := "the original site's keys"
		if m.DataKey.ID != "" {
			key += " (key " + m.DataKey.ID + ")"
		}
		fmt.Fprintf(stderr, "Warning: the archive holds no keys for national ID numbers: the site reads them only with %s, "+
			"as %s or SITE_DATA_KEY. Put them in place before the site starts, or it makes a new key that cannot read them.\n", key, keyFile)
	}
	return nil
}

// privateDir creates dir for the owner alone (0700), and makes it so if
// it already exists, as the site does at every start.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("restore: create data folder: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("restore: make data folder private: %w", err)
	}
	return nil
}

// bytesText writes n bytes for people.
func bytesText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
