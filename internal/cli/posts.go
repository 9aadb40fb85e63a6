package cli

import (
	"context"
	"fmt"
	"io"

	"corpsite/internal/domain"
	"corpsite/internal/postschedule"
	"corpsite/internal/sitecontent"
)

const postsUsage = `Usage: site posts publish-due [--at TIME] [flags]

Publishes the scheduled blog posts that are due, as the running site does
every minute: each is published once, dated at its scheduled time, and
recorded in the audit log as published by the scheduler. The running
site's pages, sitemap and feeds show them within seconds.

  --at TIME   the clock, RFC 3339 (default now): a later time publishes
              the posts due by then
`

// postsCmd runs the blog posts' subcommands.
func postsCmd(args []string, stdout, stderr io.Writer) error {
	cfg, now, err := clockCommand("posts", "publish-due", postsUsage, args, stderr)
	if err != nil {
		return err
	}
	content, err := sitecontent.Load()
	if err != nil {
		return err
	}
	return storeFor(cfg, func(ctx context.Context, st domain.Store) error {
		svc := postschedule.New(postschedule.Config{Store: st, Zone: content.Location, Now: now})
		done, err := svc.PublishDue(ctx)
		for _, sc := range done {
			fmt.Fprintf(stdout, "Published post %s (scheduled for %s by %s).\n", sc.PostID, postschedule.Text(sc.PublishAt, content.Location), sc.ByName)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Scheduled posts: %d published.\n", len(done))
		return nil
	})
}
