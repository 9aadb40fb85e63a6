// Package app wires the site together from a config: store, file storage,
// renderer, mail sender and HTTP server. internal/cli (the commands of
// cmd/site) and cmd/bench use it; it is the only package that imports
// concrete stores, blob storage and mail.
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"corpsite/internal/auth"
	"corpsite/internal/blob"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/idcrypt"
	"corpsite/internal/jobfacts"
	"corpsite/internal/logbuf"
	"corpsite/internal/mail"
	"corpsite/internal/render"
	"corpsite/internal/seed"
	"corpsite/internal/server"
	"corpsite/internal/sitecontent"
	"corpsite/internal/sitelock"
	"corpsite/internal/store/postgres"
	"corpsite/internal/store/sqlite"
	"corpsite/web"
)

// NewLogger returns the JSON logger for level and the writer under it. It
// writes to stderr in batches, off the requests' path (see logbuf); give
// the writer to New for the access log, and close it last: closing it
// writes out what is left.
func NewLogger(level string) (*slog.Logger, *logbuf.Writer) {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	w := logbuf.New(os.Stderr, 0, 0)
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l})), w
}

// migrator is implemented by both stores.
type migrator interface {
	domain.Store
	Migrate(ctx context.Context) error
}

// SQLitePath is the SQLite database's file in cfg's data folder.
func SQLitePath(cfg *config.Config) string { return filepath.Join(cfg.DataDir, "site.db") }

// OpenStore opens the configured database and applies its migrations.
func OpenStore(ctx context.Context, cfg *config.Config) (domain.Store, error) {
	var st migrator
	var err error
	if cfg.DatabaseURL == "" {
		if err := privateDir(cfg.DataDir); err != nil {
			return nil, err
		}
		st, err = sqlite.Open(ctx, SQLitePath(cfg))
	} else {
		st, err = postgres.Open(ctx, cfg.DatabaseURL)
	}
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, fmt.Errorf("app: migrate: %w", err)
	}
	// Jobs stored before their facts were structured get them (a no-op
	// once every job that can be mapped is).
	if _, err := jobfacts.MapStored(ctx, st); err != nil {
		st.Close()
		return nil, fmt.Errorf("app: %w", err)
	}
	return st, nil
}

// privateDir creates dir for the owner alone (0700), and makes it so if it
// already exists: it holds the database with every visitor's messages.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("app: create data folder: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("app: make data folder private: %w", err)
	}
	return nil
}

// App is a running site: its dependencies and its HTTP server.
type App struct {
	cfg      *config.Config
	log      *slog.Logger
	store    domain.Store
	blobs    domain.BlobStore
	renderer *render.Renderer
	sender   *mail.Sender
	server   *server.Server
	http     *http.Server
	listener net.Listener
	lane     *server.FastLane
	idKeys   *idcrypt.Keyring
	uploads  string    // the folder of documents being checked
	spool    *runSpool // this run's folder in it
	// lock is held, shared with the site's other instances, while the app
	// is open: `site restore` refuses to write under it.
	lock *sitelock.Lock

	// metricsHTTP serves /metrics on its own listener; nil without
	// --metrics-addr.
	metricsHTTP     *http.Server
	metricsListener net.Listener
}

// New opens everything the site needs. Close releases it. accessLog, if
// not nil, is the writer under log's JSON handler (as NewLogger makes
// them): the access log's lines are written to it directly, without slog
// (server.Options.AccessLog).
func New(ctx context.Context, cfg *config.Config, log *slog.Logger, accessLog io.Writer) (_ *App, err error) {
	a := &App{cfg: cfg, log: log}
	defer func() {
		if err != nil {
			a.Close()
		}
	}()
	content, err := sitecontent.Load()
	if err != nil {
		return nil, err
	}
	if cfg.DatabaseURL == "" {
		if err := privateDir(cfg.DataDir); err != nil { // where the lock file goes
			return nil, err
		}
	}
	if a.lock, err = sitelock.Serve(ctx, cfg.DataDir, cfg.DatabaseURL); err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	if a.store, err = OpenStore(ctx, cfg); err != nil {
		return nil, err
	}
	if a.blobs, err = blob.Open(ctx, cfg.FilesURL, filepath.Join(cfg.DataDir, "files")); err != nil {
		return nil, err
	}
	if a.idKeys, err = LoadIDKeys(cfg, log); err != nil {
		return nil, err
	}
	if a.sender, err = newSender(cfg, a.store, log); err != nil {
		return nil, err
	}
	bundle, err := fs.ReadFile(web.Dist, "dist/server/server.js")
	if err != nil {
		return nil, fmt.Errorf("app: server bundle missing (build the web app first): %w", err)
	}
	workers := cfg.RenderWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if a.renderer, err = render.New(string(bundle), render.Options{Size: workers}); err != nil {
		return nil, err
	}
	client, err := fs.Sub(web.Dist, "dist/client")
	if err != nil {
		return nil, err
	}
	admin, err := fs.Sub(web.Dist, "dist/admin")
	if err != nil {
		return nil, err
	}
	media, err := fs.Sub(seed.Images, "images")
	if err != nil {
		return nil, err
	}
	media = prefixFS{prefix: "demo/", fsys: media}
	uploads := filepath.Join(cfg.DataDir, "uploads")
	if err := privateDir(uploads); err != nil {
		return nil, err
	}
	a.uploads = uploads
	removeStaleUploads(uploads, staleUploadAge, log)
	if a.spool, err = openRunSpool(uploads); err != nil {
		return nil, err
	}
	var reg *prometheus.Registry
	if cfg.MetricsAddr != "" {
		if reg, err = newRegistry(a.store); err != nil {
			return nil, fmt.Errorf("app: metrics: %w", err)
		}
		a.metricsHTTP = metricsServer(reg, log)
	}
	opts := server.Options{
		Store: a.store, Blobs: a.blobs, Renderer: a.renderer, Content: content,
		Client: client, Admin: admin, Media: media, BaseURL: cfg.BaseURL, Logger: log,
		AccessLog:      accessLog,
		TrustedProxies: cfg.TrustedProxies,
		StaffEmail:     cfg.StaffEmail, MailQueued: a.sender.Nudge,
		RetentionDays:    cfg.RetentionDays,
		TempDir:          a.spool.dir,
		IDKeys:           a.idKeys,
		StaffIdleTimeout: cfg.StaffIdleTimeout,
	}
	if reg != nil {
		opts.Metrics = reg // a nil *Registry would not be a nil Registerer
	}
	a.server, err = server.New(opts)
	if err != nil {
		return nil, err
	}
	a.server.WarnInsecureCookie()
	// The read timeout is short for every request; routes that take a body
	// set their own read deadline (long only for uploads).
	a.http = &http.Server{
		Handler:           a.server,
		ConnContext:       server.ConnContext,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       httpcore.ReadTimeout,
		WriteTimeout:      httpcore.WriteTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	return a, nil
}

// keyFileName is the key file in the data folder used when no
// --data-key is given.
const keyFileName = "data.key"

// LoadIDKeys returns the keys that seal national ID numbers: those of
// --data-key, or else those of the key file in the data folder, created
// with a new key on first start. With PostgreSQL, which several instances
// may share, --data-key is required. Only the key's ID is ever logged.
func LoadIDKeys(cfg *config.Config, log *slog.Logger) (*idcrypt.Keyring, error) {
	if cfg.DataKey != "" {
		k, err := idcrypt.ParseKeys(cfg.DataKey)
		if err != nil {
			return nil, fmt.Errorf("app: --data-key: %w", err)
		}
		log.Info("national ID numbers sealed with the key given", "key_id", k.CurrentID())
		return k, nil
	}
	path := filepath.Join(cfg.DataDir, keyFileName)
	if cfg.DatabaseURL != "" {
		// A database others may share: each instance would otherwise make
		// its own key and could not open what the others sealed. SQLite
		// (make run, tests) is one instance's, so its key file will do.
		how := "for example the line of this instance's key file " + path
		if _, err := os.Stat(path); err != nil {
			how = `for example the output of: echo "k1:$(openssl rand -base64 32)"`
		}
		return nil, fmt.Errorf("app: a PostgreSQL database (--database-url) needs --data-key: "+
			"several instances must share SITE_DATA_KEY to read each other's national ID numbers; "+
			"set SITE_DATA_KEY on every instance to the same keys, %s", how)
	}
	if err := privateDir(cfg.DataDir); err != nil {
		return nil, err
	}
	k, err := idcrypt.LoadOrCreateKeyFile(path)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	log.Info("national ID numbers sealed with the key file", "path", path, "key_id", k.CurrentID())
	return k, nil
}

// newSender returns the mail sender: over SMTP when a server is
// configured, otherwise into .eml files in the data folder.
func newSender(cfg *config.Config, st domain.OutboxStore, log *slog.Logger) (*mail.Sender, error) {
	var tr mail.Transport
	if cfg.SMTPURL == "" {
		tr = mail.NewFiles(filepath.Join(cfg.DataDir, "mail"))
	} else {
		smtp, err := mail.NewSMTP(cfg.SMTPURL)
		if err != nil {
			return nil, fmt.Errorf("app: %w", err)
		}
		tr = smtp
	}
	s, err := mail.NewSender(mail.SenderOptions{Store: st, Transport: tr, From: cfg.MailFrom, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	return s, nil
}

// Listen opens the configured address, and the metrics address if one is
// configured; the actual addresses are then Addr() and MetricsAddr().
func (a *App) Listen() error {
	l, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return fmt.Errorf("app: listen: %w", err)
	}
	if a.metricsHTTP != nil {
		ml, err := net.Listen("tcp", a.cfg.MetricsAddr)
		if err != nil {
			l.Close()
			return fmt.Errorf("app: listen for metrics (--metrics-addr): %w", err)
		}
		a.metricsListener = ml
	}
	// The fast lane answers cached pages itself and hands net/http the
	// connections of every other request (server/fastlane.go).
	a.lane = a.server.FastLane(l, a.http)
	a.listener = a.lane
	return nil
}

// Addr is the address being listened on, after Listen.
func (a *App) Addr() string { return a.listener.Addr().String() }

// MetricsAddr is the address /metrics is served on after Listen, or ""
// without --metrics-addr.
func (a *App) MetricsAddr() string {
	if a.metricsListener == nil {
		return ""
	}
	return a.metricsListener.Addr().String()
}

// URL is the base URL to open in a browser, after Listen.
func (a *App) URL() string {
	if strings.HasPrefix(a.cfg.BaseURL, "http://"+a.cfg.Addr) {
		return "http://" + a.Addr() + "/"
	}
	return a.cfg.BaseURL + "/"
}

// Serve serves until ctx ends, then shuts down gracefully: in-flight
// requests get cfg.ShutdownTimeout to finish, the mail sender finishes
// the message it is sending (what it has not started stays in the outbox
// for the next start), and the compression of assets in the background
// stops after the file it is on (waited for until cfg.ShutdownTimeout
// after shutting down began). Metrics, if configured, are served
// until the site has shut down.
func (a *App) Serve(ctx context.Context) error {
	// Deferred first, so logged last: once what Serve started has ended.
	defer a.log.Info("shut down")
	if a.metricsHTTP != nil {
		metricsDone := make(chan struct{})
		go func() {
			defer close(metricsDone)
			if err := a.metricsHTTP.Serve(a.metricsListener); !errors.Is(err, http.ErrServerClosed) {
				// The site keeps serving: metrics are not worth an outage.
				a.log.Error("metrics listener stopped", "err", err)
			}
		}()
		defer func() {
			mctx, cancel := context.WithTimeout(context.Background(), metricsShutdownPeriod)
			defer cancel()
			if err := a.metricsHTTP.Shutdown(mctx); err != nil {
				_ = a.metricsHTTP.Close()
			}
			<-metricsDone
		}()
	}
	// shutdownBy is when shutting down must be over: cfg.ShutdownTimeout
	// after it began.
	var shutdownBy time.Time
	// The warm-up (and the rewarmer it starts) and the janitor end with
	// ctx; Serve waits for them, within the shutdown's time, so that none
	// of them is left using the store or the engines that Close releases.
	bctx, stopBackground := context.WithCancel(ctx)
	var background sync.WaitGroup
	warmed := make(chan struct{})
	background.Go(func() { a.server.Warm(bctx); close(warmed); <-bctx.Done(); a.server.StopRewarm() })
	background.Go(func() { a.janitor(bctx) })
	background.Go(func() { a.alertScheduler(bctx) })
	background.Go(func() { a.postScheduler(bctx) })
	defer func() {
		stopBackground()
		done := make(chan struct{})
		go func() { background.Wait(); close(done) }()
		if !waitUntil(done, shutdownBy) {
			a.log.Warn("warm-up or housekeeping still running at the shutdown deadline: not waited for")
		}
	}()
	// Brotli at its best takes seconds: assets are served gzipped until
	// it is done. Shutting down stops it after the file it is on and
	// waits for that, so that it does not run on after Serve, within the
	// shutdown's time: brotli cannot be stopped inside a file, and on a
	// loaded machine one file may take seconds.
	cctx, stopCompressing := context.WithCancel(ctx)
	compressed := make(chan struct{})
	go func() { defer close(compressed); a.server.CompressAssets(cctx) }()
	go giveBackStartupMemory(ctx, warmed, compressed)
	defer func() {
		stopCompressing()
		if shutdownBy.IsZero() {
			shutdownBy = time.Now().Add(a.cfg.ShutdownTimeout)
		}
		if !waitUntil(compressed, shutdownBy) {
			a.log.Warn("asset compression still on a file at the shutdown deadline: not waited for")
		}
	}()
	// The sender stops after the HTTP server, so that notifications
	// queued by the last requests are nudged to a running sender.
	sctx, stopSender := context.WithCancel(context.WithoutCancel(ctx))
	senderDone := make(chan struct{})
	go func() { a.sender.Run(sctx); close(senderDone) }()
	defer func() { stopSender(); <-senderDone }()

	errc := make(chan error, 1)
	go func() { errc <- a.http.Serve(a.listener) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down")
	shutdownBy = time.Now().Add(a.cfg.ShutdownTimeout)
	hctx, cancel := context.WithDeadline(context.Background(), shutdownBy)
	defer cancel()
	if err := a.http.Shutdown(hctx); err != nil {
		return fmt.Errorf("app: shutdown: %w", err)
	}
	// Shutdown closed the lane: its connections end after the answer
	// they are writing, if any.
	if err := a.lane.Wait(hctx); err != nil {
		return fmt.Errorf("app: shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// waitUntil waits until done is closed, or until by; false if by came
// first.
func waitUntil(done <-chan struct{}, by time.Time) bool {
	deadline := time.NewTimer(time.Until(by))
	defer deadline.Stop()
	select {
	case <-done:
		return true
	case <-deadline.C:
		return false
	}
}

// Close releases the store, file storage and renderer (and the metrics
// listener, if Serve never ran), then the lock on the site's data.
func (a *App) Close() {
	if a.metricsListener != nil {
		_ = a.metricsListener.Close() // already closed after Serve
	}
	if a.renderer != nil {
		a.renderer.Close()
	}
	if a.blobs != nil {
		_ = a.blobs.Close()
	}
	if a.store != nil {
		_ = a.store.Close()
	}
	a.spool.close()
	a.lock.Release()
}

// prefixFS shows fsys under a folder name, so demo images live at
// /media/demo/ beside future media folders.
type prefixFS struct {
	prefix string
	fsys   fs.FS
}

func (p prefixFS) Open(name string) (fs.File, error) {
	rest, ok := strings.CutPrefix(name, p.prefix)
	if !ok || rest == "" {
		return nil, fs.ErrNotExist
	}
	return p.fsys.Open(rest)
}

// PurgeApplications deletes the applications applied more than the
// retention period before now, then their files, and returns how many
// files it deleted. The rows go first, so an expired application is never
// shown again even if deleting one of its files fails; such a file stays
// in storage, unreferenced, and the error says how many.
func (a *App) PurgeApplications(ctx context.Context, now time.Time) (int, error) {
	cutoff := now.AddDate(0, 0, -a.cfg.RetentionDays)
	keys, err := a.store.DeleteApplicationsBefore(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	var errs []error
	deleted := 0
	for _, k := range keys {
		if err := a.blobs.Delete(ctx, k); err != nil {
			// Without the key, which may carry an applicant's name:
			// the error ends up in the janitor's warning.
			errs = append(errs, domain.BlobErr("delete", k, err))
			continue
		}
		deleted++
	}
	if len(keys) > 0 {
		a.log.Info("purged old applications", "files", deleted, "retention_days", a.cfg.RetentionDays)
	}
	if len(errs) > 0 {
		return deleted, fmt.Errorf("app: %d of %d expired files not deleted: %w", len(errs), len(keys), errors.Join(errs...))
	}
	return deleted, nil
}

// PurgeIDDocuments deletes the national-ID documents of applications last
// saved more than --id-document-retention-days before now (the rest of
// each application stays until --retention-days) and returns how many
// files it deleted. As in PurgeApplications the rows change first; a file
// whose deletion fails stays unreferenced and the orphan sweeper takes it.
func (a *App) PurgeIDDocuments(ctx context.Context, now time.Time) (int, error) {
	days := a.cfg.IDDocumentRetentionDays
	if days <= 0 {
		days = a.cfg.RetentionDays
	}
	keys, err := a.store.ClearNationalIDDocumentsBefore(ctx, now.AddDate(0, 0, -days))
	if err != nil {
		return 0, err
	}
	deleted, failed := 0, 0
	for _, k := range keys {
		if err := a.blobs.Delete(ctx, k); err != nil {
			failed++ // the error names the key, which may carry a name: count only
			continue
		}
		deleted++
	}
	if len(keys) > 0 {
		a.log.Info("purged old national-ID documents", "files", deleted, "retention_days", days)
	}
	if failed > 0 {
		return deleted, fmt.Errorf("app: %d of %d expired national-ID documents not deleted", failed, len(keys))
	}
	return deleted, nil
}

// Server returns the HTTP handler of the site (for benchmarks and tests).
func (a *App) Server() *server.Server { return a.server }

// Renderer returns the pool of engines rendering pages.
func (a *App) Renderer() *render.Renderer { return a.renderer }

// Blobs returns the site's private file storage (for tests).
func (a *App) Blobs() domain.BlobStore { return a.blobs }

// Store returns the site's store (for benchmarks and tests).
func (a *App) Store() domain.Store { return a.store }

// Sender returns the site's mail sender (for tests).
func (a *App) Sender() *mail.Sender { return a.sender }

// Housekeeping periods.
const (
	// orphanAge is how old an unreferenced file must be before the sweeper
	// deletes it: far longer than any upload and its transaction take, so
	// that a submission in progress never loses its files.
	orphanAge = time.Hour
	// submissionKeyAge is how long idempotency keys are remembered: a
	// visitor retrying later than this gets a new submission (which
	// replaces the first, same job and e-mail).
	submissionKeyAge = 7 * 24 * time.Hour
	// staleUploadAge is how old a document check's file outside a run's
	// folder must be before it is taken for one left behind: longer than
	// an upload may last (10 minutes, and a minute to answer). A run's
	// own folder goes as soon as its lock is free (spool.go).
	staleUploadAge = 15 * time.Minute
)

// janitor runs housekeeping now (in the background of serving) and every
// hour until ctx ends: it forgets rate-limit windows older than a day,
// idempotency keys older than a week, ended staff sessions, expired
// set-up links, speed measurements older than domain.VitalsKeepDays and
// audit entries older than domain.AuditKeepDays (failed sign-ins
// domain.AuditFailedKeepDays), deletes the applications (with their
// files) older than the retention period and national-ID documents
// older than theirs, deletes files no application references that are
// older than an hour (left by failed or abandoned submissions) and image
// uploads nothing refers to that are older than a week, and empties the
// uploads folder of documents left there (see spool.go).
func (a *App) janitor(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		a.housekeep(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// AlertInterval is how often the job alerts' scheduler runs: digests
// are due at their own times, and each run sends those due by then.
const AlertInterval = 10 * time.Minute

// alertScheduler runs the job alerts' work (deleting what is past its
// time, reminders, due digests; see jobalerts.Service.RunOnce) now and
// every AlertInterval until ctx ends. Several instances may run it at
// once: each alert's window is recorded with its mail, once.
func (a *App) alertScheduler(ctx context.Context) {
	tick := time.NewTicker(AlertInterval)
	defer tick.Stop()
	for {
		r, err := a.server.JobAlerts().RunOnce(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			a.log.Warn("job alerts run failed", "err", err)
		case r.Digests+r.Reminders+r.Pruned > 0:
			a.log.Info("job alerts run", "digests", r.Digests, "reminders", r.Reminders, "deleted", r.Pruned, "checked", r.Checked)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// housekeep does the janitor's work once.
func (a *App) housekeep(ctx context.Context) {
	now := time.Now()
	if err := a.store.PruneRateLimits(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning rate limits failed", "err", err)
	}
	if err := a.store.PruneSubmissions(ctx, now.Add(-submissionKeyAge)); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning idempotency keys failed", "err", err)
	}
	if err := a.store.PruneSessions(ctx, now.Add(-cmp.Or(a.cfg.StaffIdleTimeout, auth.SessionIdle)), now); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning ended staff sessions failed", "err", err)
	}
	if err := a.store.PruneSetupTokens(ctx, now); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning expired set-up links failed", "err", err)
	}
	if err := a.store.PruneAudit(ctx, now.AddDate(0, 0, -domain.AuditKeepDays)); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning the audit log failed", "err", err)
	}
	if err := a.store.PruneAudit(ctx, now.AddDate(0, 0, -domain.AuditFailedKeepDays), domain.AuditSignInFailed); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning failed sign-ins from the audit log failed", "err", err)
	}
	if err := a.store.PruneVitals(ctx, now.AddDate(0, 0, -(domain.VitalsKeepDays+1))); err != nil && ctx.Err() == nil {
		a.log.Warn("pruning old speed measurements failed", "err", err)
	}
	if _, err := a.PurgeApplications(ctx, now); err != nil && ctx.Err() == nil {
		a.log.Warn("purging old applications failed", "err", err)
	}
	if _, err := a.PurgeIDDocuments(ctx, now); err != nil && ctx.Err() == nil {
		a.log.Warn("purging old national-ID documents failed", "err", err)
	}
	if _, err := a.SweepOrphanBlobs(ctx, orphanAge); err != nil && ctx.Err() == nil {
		a.log.Warn("sweeping orphan files failed", "err", err)
	}
	if _, err := a.SweepUnusedImages(ctx, imageAge); err != nil && ctx.Err() == nil {
		a.log.Warn("sweeping unused images failed", "err", err)
	}
	// Not only at start-up: a long-running instance whose temporary
	// files were not removed (a failed removal, a panic mid-check)
	// would otherwise keep applicants' documents on its disk.
	if a.uploads != "" {
		removeStaleUploads(a.uploads, staleUploadAge, a.log)
	}
	if a.spool != nil {
		removeStaleUploads(a.spool.dir, staleUploadAge, a.log)
	}
}

// SweepOrphanBlobs deletes the applicant files (under the folders of
// domain.BlobFolders) that no application references and whose key says
// they were stored more than olderThan ago, and returns how many it
// deleted. Files of a submission still in progress are young, so they
// are never taken; a file whose key carries no time (not made by
// domain.NewBlobKey) is left alone. Keys are never logged: their slugs
// come from applicants' names.
//
// An unreferenced old file cannot gain a reference: submissions store
// new keys only, so checking and then deleting is safe.
func (a *App) SweepOrphanBlobs(ctx context.Context, olderThan time.Duration) (removed int, err error) {
	cutoff := time.Now().Add(-olderThan)
	untimed, failed := 0, 0
	for _, folder := range domain.BlobFolders {
		keys, err := a.blobs.List(ctx, folder+"/")
		if err != nil {
			return removed, fmt.Errorf("app: sweep %s: %w", folder, err)
		}
		for _, k := range keys {
			t, ok := domain.BlobKeyTime(k)
			if !ok {
				untimed++
				continue
			}
			if !t.Before(cutoff) {
				continue
			}
			used, err := a.store.BlobKeyReferenced(ctx, k)
			if err != nil {
				return removed, fmt.Errorf("app: sweep %s: %w", folder, err)
			}
			if used {
				continue
			}
			if err := a.blobs.Delete(ctx, k); err != nil {
				failed++
				continue
			}
			removed++
		}
	}
	if untimed > 0 {
		a.log.Debug("files without a time in their name left alone by the orphan sweeper", "files", untimed)
	}
	if removed > 0 {
		a.log.Info("deleted orphan files", "files", removed)
	}
	if failed > 0 {
		// Blob errors name the key, and keys carry applicants' names:
		// the count only.
		return removed, fmt.Errorf("app: %d orphan files not deleted", failed)
	}
	return removed, nil
}

// giveBackStartupMemory returns the memory the start-up work used to the
// system once the warm-up and the compression of assets are both done:
// brotli and zstd at their best levels take well over a hundred MiB for
// seconds, which the runtime would otherwise keep as idle heap for
// minutes, so that the site at rest would look (and be, to the system)
// that much bigger than what it holds.
func giveBackStartupMemory(ctx context.Context, done ...<-chan struct{}) {
	for _, c := range done {
		select {
		case <-c:
		case <-ctx.Done():
			return
		}
	}
	debug.FreeOSMemory()
}
