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
	"syscall"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/blob"
	"corpsite/internal/domain"
	"corpsite/internal/siteimport"
)

// importCmd brings the original site's export into the site (see
// package siteimport).
func importCmd(args []string, stdout, stderr io.Writer) error {
	var from, files string
	var dryRun bool
	cfg, err := parseWith("import", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&from, "from", "", "the original site's export: a JSON file with one object per collection, keyed by document ID")
		fs.StringVar(&files, "files", "", "the folder of the files the documents reference, by storage path (resumes/…, blogs/…)")
		fs.BoolVar(&dryRun, "dry-run", false, "print what would be created, left unchanged or skipped, and write nothing")
	})
	if err != nil {
		return err
	}
	if from == "" || files == "" {
		return errors.New("import: --from FILE.json and --files DIR are required")
	}
	if st, err := os.Stat(files); err != nil || !st.IsDir() {
		return fmt.Errorf("import: --files %q is not a folder", files)
	}
	f, err := os.Open(from)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()

	if dryRun && cfg.DatabaseURL == "" {
		if _, err := os.Stat(app.SQLitePath(cfg)); errors.Is(err, fs.ErrNotExist) {
			// Nothing to compare with yet, and a dry run creates nothing: it
			// compares with an empty database of its own, thrown away after.
			tmp, err := os.MkdirTemp("", "site-import-dry-run-")
			if err != nil {
				return fmt.Errorf("import: %w", err)
			}
			defer os.RemoveAll(tmp)
			fmt.Fprintf(stdout, "No database in %s yet: what follows is what an import into an empty one would do.\n", cfg.DataDir)
			dry := *cfg
			dry.DataDir, dry.FilesURL = tmp, ""
			cfg = &dry
		}
	}
	log, logOut := app.NewLogger(cfg.LogLevel)
	defer logOut.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	blobs, err := blob.Open(ctx, cfg.FilesURL, filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return err
	}
	c := siteimport.Config{
		Store: st, Blobs: blobs, Files: os.DirFS(files), DryRun: dryRun, Log: log,
		RetentionDays: cfg.RetentionDays, IDDocumentRetentionDays: cfg.IDDocumentRetentionDays,
	}
	if !dryRun {
		// A dry run seals nothing, so it creates no key file either.
		keys, err := app.LoadIDKeys(cfg, log)
		if err != nil {
			return err
		}
		c.Keys = keys
	}
	rep, err := siteimport.New(c).Run(ctx, f)
	if rep != nil {
		rep.WriteText(stdout)
		if created, _, _ := rep.Totals(); created > 0 && !dryRun {
			// Counts only: the records hold personal data.
			if aerr := st.AppendAudit(context.WithoutCancel(ctx), &domain.AuditEntry{Action: domain.AuditSiteImported, Subject: "import", SubjectLabel: "the original site's export", Detail: rep.Summary(), At: time.Now()}); aerr != nil && err == nil {
				err = aerr
			}
		}
	}
	if err != nil {
		return fmt.Errorf("import: %w (what was stored stays; running the import again carries on)", err)
	}
	return nil
}
