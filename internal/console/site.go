package console

import (
	"context"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Site is what the console asks of the public site: its pages are
// rendered and cached there, and the console only says when they changed
// and shows them as they would be. internal/server implements it.
type Site interface {
	// Changed is called once a change that public pages show is stored
	// (a job or post published, edited, closed or deleted, comments
	// moderated). It returns when this instance's pages show it, or after
	// a bound: the member's next page must not show the old content.
	Changed(ctx context.Context)
	// PreviewJob is job j's public page as a complete document, for a
	// sandboxed frame in the console (it runs no script).
	PreviewJob(ctx context.Context, j domain.Job) (string, error)
	// PreviewPost is post p's public page, with comments under it, as
	// PreviewJob's.
	PreviewPost(ctx context.Context, p domain.BlogPost, comments []wire.Comment) (string, error)
	// Comments are the comments visitors see under post id.
	Comments(ctx context.Context, postID string) ([]wire.Comment, error)
	// CheckJob says, rule by rule, whether the structured data (JobPosting)
	// of job j's public page has what search engines need.
	CheckJob(j domain.Job) []wire.CheckItem
}
