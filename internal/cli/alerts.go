package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/jobalerts"
	"corpsite/internal/jobsearch"
	"corpsite/internal/sitecontent"
)

const alertsUsage = `Usage: site alerts run-digest [--at TIME] [flags]

Runs the job alerts' scheduled work once, as the running site does every
10 minutes: deletes unconfirmed sign-ups older than 48 hours and ended
alerts, queues reminders of alerts ending within two weeks, and queues the
digest of every due alert that has new matching jobs. The mail goes into
the outbox, which the running site (or its next start) sends.

  --at TIME   the clock, RFC 3339 (default now): a later time sends the
              digests due by then, with the jobs published until then
              (the mail is queued to be sent now all the same)
`

// alertsCmd runs the job alerts' subcommands.
func alertsCmd(args []string, stdout, stderr io.Writer) error {
	cfg, now, err := clockCommand("alerts", "run-digest", alertsUsage, args, stderr)
	if err != nil {
		return err
	}
	content, err := sitecontent.Load()
	if err != nil {
		return err
	}
	return storeFor(cfg, func(ctx context.Context, st domain.Store) error {
		svc := jobalerts.New(jobalerts.Config{Store: st, BaseURL: cfg.BaseURL, SiteName: content.Site.Name,
			Words: jobsearch.WordsOf(content.Jobs), Zone: content.Location, Now: now, MailNow: time.Now})
		r, err := svc.RunOnce(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Job alerts: %d checked, %d digests and %d reminders queued, %d deleted.\n",
			r.Checked, r.Digests, r.Reminders, r.Pruned)
		return nil
	})
}
