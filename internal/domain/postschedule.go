package domain

import (
	"context"
	"time"
)

// PostSchedule is the time at which a draft blog post publishes itself,
// and who set it.
type PostSchedule struct {
	PostID    string    `json:"postId"`
	PublishAt time.Time `json:"publishAt"`
	// ByID, ByName and ByEmail are the member of staff who scheduled it
	// (named in the audit entry of its publication).
	ByID    string    `json:"byId"`
	ByName  string    `json:"byName"`
	ByEmail string    `json:"byEmail"`
	At      time.Time `json:"at"` // when it was scheduled
}

// PostSchedulesMax bounds the posts PostSchedules looks up at once.
const PostSchedulesMax = 100

// PostScheduleStore keeps the schedules of draft posts. Publishing a post
// (UpdateBlogPost to published) removes its schedule; deleting it too.
type PostScheduleStore interface {
	// SchedulePost sets, or replaces, the schedule of post sc.PostID:
	// ENotFound for an unknown post, EConflict unless it is a draft.
	SchedulePost(ctx context.Context, sc PostSchedule) error
	// UnschedulePost removes the post's schedule: ENotFound when it has
	// none.
	UnschedulePost(ctx context.Context, postID string) error
	// PostSchedules returns the schedules of those of the given posts
	// (at most PostSchedulesMax) that have one, by post ID.
	PostSchedules(ctx context.Context, postIDs []string) (map[string]PostSchedule, error)
	// DuePostSchedules lists the schedules due by now, earliest first, at
	// most limit.
	DuePostSchedules(ctx context.Context, now time.Time, limit int) ([]PostSchedule, error)
	// PublishScheduledPost publishes the post as scheduled, if its
	// schedule is still due by now and it is still a draft: the schedule
	// goes, the post becomes published with its creation time (the date
	// the site shows as published) set to the scheduled time, and the
	// content version is bumped, all at once. It reports false, and
	// changes nothing, when the schedule is gone or no longer due (another
	// instance published it first, or an editor rescheduled or
	// unscheduled it meanwhile). The publishing is a save of the post: a
	// new version, saved by ScheduledBy(the schedule's ByName), kept among
	// its revisions.
	PublishScheduledPost(ctx context.Context, postID string, now time.Time) (PostSchedule, bool, error)
}

// ActorScheduler is the actor of the audit entry of a post published at
// its scheduled time (the editor who scheduled it is named in the
// entry's detail).
const ActorScheduler = "scheduler"

// ScheduledBy is who saved the version of a post that its schedule
// published, as revisions and save conflicts name it: the schedule, and
// the member of staff who set it.
func ScheduledBy(name string) string { return "Schedule set by " + name }
