package app

import (
	"context"
	"time"

	"corpsite/internal/postschedule"
)

// postScheduler publishes the scheduled blog posts that are due now (a
// post due while no instance ran is published by the first to start) and
// every postschedule.Interval until ctx ends. Several instances may run
// it at once: the store publishes each post once.
func (a *App) postScheduler(ctx context.Context) {
	tick := time.NewTicker(postschedule.Interval)
	defer tick.Stop()
	for {
		done, err := a.server.PublishDuePosts(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			a.log.Warn("publishing scheduled posts failed", "err", err)
		case len(done) > 0:
			a.log.Info("scheduled posts published", "posts", len(done))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
