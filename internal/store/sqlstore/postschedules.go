package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"corpsite/internal/domain"
)

// Scheduled publishing of blog posts (domain.PostScheduleStore).

const scheduleColumns = `post_id, publish_at, by_id, by_name, by_email, scheduled_at`

func scanSchedule(sc scanner) (domain.PostSchedule, error) {
	var p domain.PostSchedule
	err := sc.Scan(&p.PostID, timeCol{&p.PublishAt}, &p.ByID, &p.ByName, &p.ByEmail, timeCol{&p.At})
	return p, err
}

// SchedulePost sets or replaces the schedule of a draft post.
func (s *Store) SchedulePost(ctx context.Context, sc domain.PostSchedule) (err error) {
	defer s.wrap(&err, "SchedulePost(%q)", sc.PostID)
	at := stampOr(sc.At, now())
	// A draft is on no public page: the content version stays.
	return s.tx(ctx, false, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, s.q(`SELECT status FROM blog_posts WHERE id = ?`+s.d.ForUpdate), sc.PostID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("blog post")
		}
		if err != nil {
			return err
		}
		if status != string(domain.PostDraft) {
			return domain.Errorf(domain.EConflict, "Only a draft can be scheduled: this post is %s.", status)
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO blog_post_schedules (`+scheduleColumns+`)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (post_id) DO UPDATE SET publish_at = excluded.publish_at, by_id = excluded.by_id,
				by_name = excluded.by_name, by_email = excluded.by_email, scheduled_at = excluded.scheduled_at`),
			sc.PostID, s.t(sc.PublishAt), sc.ByID, sc.ByName, sc.ByEmail, s.t(at))
		return err
	})
}

// UnschedulePost removes a post's schedule.
func (s *Store) UnschedulePost(ctx context.Context, postID string) (err error) {
	defer s.wrap(&err, "UnschedulePost(%q)", postID)
	res, err := s.w.ExecContext(ctx, s.q(`DELETE FROM blog_post_schedules WHERE post_id = ?`), postID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.NotFound("post schedule")
	}
	return nil
}

// PostSchedules returns the schedules of those of postIDs that have one.
func (s *Store) PostSchedules(ctx context.Context, postIDs []string) (_ map[string]domain.PostSchedule, err error) {
	defer s.wrap(&err, "PostSchedules")
	out := map[string]domain.PostSchedule{}
	if len(postIDs) == 0 {
		return out, nil
	}
	if len(postIDs) > domain.PostSchedulesMax {
		return nil, fmt.Errorf("%d posts, at most %d", len(postIDs), domain.PostSchedulesMax)
	}
	args := make([]any, len(postIDs))
	for i, id := range postIDs {
		args[i] = id
	}
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+scheduleColumns+` FROM blog_post_schedules
		WHERE post_id IN (`+placeholders(len(args))+`)`), args...)
	if err != nil {
		return nil, err
	}
	list, err := collect(rows, scanSchedule)
	for _, sc := range list {
		out[sc.PostID] = sc
	}
	return out, err
}

// DuePostSchedules lists the schedules due by now, earliest first.
func (s *Store) DuePostSchedules(ctx context.Context, now time.Time, limit int) (_ []domain.PostSchedule, err error) {
	defer s.wrap(&err, "DuePostSchedules")
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+scheduleColumns+` FROM blog_post_schedules
		WHERE publish_at <= ? ORDER BY publish_at, post_id LIMIT ?`), s.t(now), max(1, limit))
	if err != nil {
		return nil, err
	}
	return collect(rows, scanSchedule)
}

// PublishScheduledPost publishes a due scheduled draft, once: the
// schedule's row is deleted only by the first of racing calls (the
// others find it gone and change nothing).
func (s *Store) PublishScheduledPost(ctx context.Context, postID string, at time.Time) (_ domain.PostSchedule, done bool, err error) {
	defer s.wrap(&err, "PublishScheduledPost(%q)", postID)
	var sc domain.PostSchedule
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var err error
		sc, err = scanSchedule(tx.QueryRowContext(ctx, s.q(`DELETE FROM blog_post_schedules
			WHERE post_id = ? AND publish_at <= ? RETURNING `+scheduleColumns), postID, s.t(at)))
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		// A save like an editor's: a new version, kept among the revisions,
		// so that an editor's later save based on the draft is a conflict
		// that names the schedule.
		p, err := scanPost(tx.QueryRowContext(ctx, s.q(`UPDATE blog_posts SET status = ?, created_at = ?, updated_at = ?,
			version = version + 1, updated_by = ?
			WHERE id = ? AND status = ? RETURNING `+postColumns),
			string(domain.PostPublished), s.t(sc.PublishAt), s.t(now()), domain.ScheduledBy(sc.ByName), postID, string(domain.PostDraft)))
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err == nil {
			p.Tags, err = postTagsIn(ctx, s, tx, postID)
		}
		if err == nil {
			err = s.keepRevision(ctx, tx, revisionPost, p.ID, p.Version, p.UpdatedAt, p.UpdatedBy, p)
		}
		done = err == nil
		return done, err
	})
	if err != nil || !done {
		return domain.PostSchedule{}, false, err
	}
	return sc, true, nil
}

// postTagsIn reads post id's tags in tx, in their order (nil for none).
func postTagsIn(ctx context.Context, s *Store, tx *sql.Tx, id string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, s.q(`SELECT name FROM blog_post_tags WHERE post_id = ? ORDER BY position`), id)
	if err != nil {
		return nil, err
	}
	tags, err := collect(rows, func(sc scanner) (string, error) {
		var name string
		return name, sc.Scan(&name)
	})
	if len(tags) == 0 {
		tags = nil
	}
	return tags, err
}

// dropSchedule removes post id's schedule, if any, in tx.
func dropSchedule(ctx context.Context, s *Store, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, s.q(`DELETE FROM blog_post_schedules WHERE post_id = ?`), id)
	return err
}
