// Package cli implements the commands of the site binary: serve, migrate,
// seed, staff, backup, restore, alerts, import and version. Only cmd/site imports it.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"syscall"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/seed"
)

// Version is set at build time with -ldflags "-X corpsite/internal/cli.Version=…".
var Version = "dev"

const usage = `Usage: site <command> [flags]

Commands:
  serve     serve the website (migrates the database first)
  migrate   apply database migrations and exit
  seed      load demo content if the database is empty, then exit
  staff     staff accounts of the console: add, reset, list, disable, enable
            (the first admin: site staff add --email E --name N --role admin)
  backup    copy the database and the file store into one archive:
            site backup --to site-backup.tar.gz [--include-key]
  restore   restore an archive into an empty database and file store:
            site restore --from site-backup.tar.gz [--force]
  alerts    job alerts: site alerts run-digest [--at TIME] sends the due
            digests now (the running site does every 10 minutes)
  posts     blog posts: site posts publish-due [--at TIME] publishes the
            scheduled posts due (the running site does every minute)
  import    bring in the original site's records and files:
            site import --from export.json --files DIR [--dry-run]
  version   print the version

Run 'site <command> --help' for the flags of a command. Every flag can also
be set with the environment variable named in its help.
`

// Main runs the command in args and returns the process exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	var err error
	switch cmd {
	case "serve":
		err = serve(rest, stdout, stderr)
	case "migrate":
		err = migrate(rest, stdout, stderr)
	case "seed":
		err = seedCmd(rest, stdout, stderr)
	case "staff":
		err = staffCmd(rest, stdout, stderr)
	case "backup":
		err = backupCmd(rest, stdout, stderr)
	case "restore":
		err = restoreCmd(rest, stdout, stderr)
	case "alerts":
		err = alertsCmd(rest, stdout, stderr)
	case "posts":
		err = postsCmd(rest, stdout, stderr)
	case "import":
		err = importCmd(rest, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "site", Version)
	case "help", "--help", "-help", "-h":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "site: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "site:", err)
		return 1
	}
	return 0
}

func parse(name string, args []string, stderr io.Writer) (*config.Config, error) {
	return parseWith(name, args, stderr, nil)
}

// parseWith is parse for a command with flags of its own, which extra
// registers.
func parseWith(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet)) (*config.Config, error) {
	var cfg config.Config
	fs := flag.NewFlagSet("site "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg.Register(fs)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	return &cfg, nil
}

func serve(args []string, stdout, stderr io.Writer) error {
	cfg, err := parse("serve", args, stderr)
	if err != nil {
		return err
	}
	log, logOut := app.NewLogger(cfg.LogLevel)
	defer logOut.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	a, err := app.New(ctx, cfg, log, logOut)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Listen(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Serving the site at %s (Ctrl-C stops it)\n", a.URL())
	if m := a.MetricsAddr(); m != "" {
		log.Info("listening", "addr", a.Addr(), "metrics_addr", m, "version", Version)
	} else {
		log.Info("listening", "addr", a.Addr(), "version", Version)
	}
	return a.Serve(ctx)
}

// withStore parses the flags of command name, opens the migrated store
// and runs fn with it.
func withStore(name string, args []string, stderr io.Writer, fn func(ctx context.Context, st domain.Store) error) error {
	cfg, err := parse(name, args, stderr)
	if err != nil {
		return err
	}
	return storeFor(cfg, fn)
}

// storeFor opens the migrated store of cfg and runs fn with it.
func storeFor(cfg *config.Config, fn func(ctx context.Context, st domain.Store) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(ctx, st)
}

func migrate(args []string, stdout, stderr io.Writer) error {
	return withStore("migrate", args, stderr, func(context.Context, domain.Store) error {
		fmt.Fprintln(stdout, "Database is up to date.")
		return nil
	})
}

func seedCmd(args []string, stdout, stderr io.Writer) error {
	return withStore("seed", args, stderr, func(ctx context.Context, st domain.Store) error {
		loaded, err := seed.Load(ctx, st, time.Now().UTC())
		if err != nil {
			return err
		}
		if loaded {
			fmt.Fprintln(stdout, "Loaded demo content.")
		} else {
			fmt.Fprintln(stdout, "The database already has content; nothing loaded.")
		}
		return nil
	})
}
