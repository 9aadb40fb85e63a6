package server

import (
	"context"

	"corpsite/internal/domain"
	"corpsite/internal/postschedule"
)

// PublishDuePosts publishes every scheduled post due by now (see
// postschedule.Service.PublishDue; the app's scheduler runs it every
// postschedule.Interval and at start) and, when any was, refreshes the
// pages, sitemap and feeds as publishing from the console does.
func (s *Server) PublishDuePosts(ctx context.Context) ([]domain.PostSchedule, error) {
	return postschedule.New(postschedule.Config{Store: s.store, Zone: s.zone(), Now: s.now,
		Changed: s.contentChanged}).PublishDue(ctx)
}
