// Package editing holds the rules of editing jobs and blog posts in the
// staff console that know nothing of HTTP: what a post must be to be
// saved or published, when a save conflicts with someone else's, and what
// a duplicated job is.
package editing

import (
	"context"
	"fmt"
	"time"

	"corpsite/internal/domain"
)

// Conflict is a save refused because it was based on an older version of
// the item than the stored one: someone else saved it meanwhile.
type Conflict struct {
	What    string // "job", "post"
	Base    int    // the version the save was based on
	Current int    // the stored version
	By      string // who saved the stored version ("" = not named)
	At      time.Time
	// Job or Post is the item as stored, for the editor to compare.
	Job  *domain.Job
	Post *domain.BlogPost
	// Zone is the time zone the message gives At in (nil = UTC).
	Zone *time.Location
}

func (c *Conflict) Error() string { return c.Message() }

// Unwrap makes a Conflict an EConflict domain error, with its message.
func (c *Conflict) Unwrap() error {
	return &domain.Error{Code: domain.EConflict, Message: c.Message()}
}

// Message tells the editor who saved the item, and when, after the version
// they started from.
func (c *Conflict) Message() string {
	who := c.By
	if who == "" {
		who = "Someone else"
	}
	zone := c.Zone
	if zone == nil {
		zone = time.UTC
	}
	return fmt.Sprintf("%s changed this %s on %s, after the version you started from (version %d; it is now version %d). Compare the two versions, then keep yours or take theirs.",
		who, c.What, c.At.In(zone).Format("2 Jan 2006 at 15:04 MST"), c.Base, c.Current)
}

// MsgBaseVersion is the message of a save that does not say which version
// it was based on.
const MsgBaseVersion = "The save did not say which version it was based on. Reload the page and make your change again."

// CheckBase checks a save of what based on version base against the
// stored version current, saved by by at at: nil when base is current, a
// *Conflict when base is older, and an EInvalid error (field baseVersion)
// when base is no version of the item.
func CheckBase(what string, base, current int, by string, at time.Time) error {
	switch {
	case base == current:
		return nil
	case base < 1 || base > current:
		return &domain.Error{Code: domain.EInvalid, Message: MsgBaseVersion, Fields: map[string]string{"baseVersion": MsgBaseVersion}}
	default:
		return &Conflict{What: what, Base: base, Current: current, By: by, At: at}
	}
}

// CheckJobBase is CheckBase of a save of job j (as stored) based on base;
// a Conflict carries j.
func CheckJobBase(j domain.Job, base int) error {
	err := CheckBase("job", base, j.Version, j.UpdatedBy, j.UpdatedAt)
	if c, ok := err.(*Conflict); ok {
		c.Job = &j
	}
	return err
}

// CheckPostBase is CheckBase of a save of post p (as stored) based on
// base; a Conflict carries p.
func CheckPostBase(p domain.BlogPost, base int) error {
	err := CheckBase("post", base, p.Version, p.UpdatedBy, p.UpdatedAt)
	if c, ok := err.(*Conflict); ok {
		c.Post = &p
	}
	return err
}

// SaveJob stores j, edited by by from its version base, with its status as
// it is stored. Someone else's save after base is a *Conflict (found when
// j was read, or by the store between that read and this write, whether
// it refused the version or the status it was based on).
func SaveJob(ctx context.Context, s domain.JobStore, j *domain.Job, base int, by string) error {
	j.Version, j.UpdatedBy = base, by
	err := s.UpdateJobFrom(ctx, j, j.Status)
	if domain.ErrorCode(err) == domain.EConflict {
		if cur, e := s.GetJob(ctx, j.ID); e == nil {
			if c := CheckJobBase(cur, base); c != nil {
				return c
			}
		}
	}
	return err
}

// SavePost is SaveJob of a post.
func SavePost(ctx context.Context, s domain.BlogStore, p *domain.BlogPost, base int, by string) error {
	p.Version, p.UpdatedBy = base, by
	err := s.UpdateBlogPostFrom(ctx, p, p.Status)
	if domain.ErrorCode(err) == domain.EConflict {
		if cur, e := s.GetBlogPost(ctx, p.ID); e == nil {
			if c := CheckPostBase(cur, base); c != nil {
				return c
			}
		}
	}
	return err
}

// RestorePost saves the words of version of post id again (title,
// description, content, and the search title and description written for
// them), as by's save based on base: a new version, checked as any save
// (CheckPost): complete when it is published or scheduled is set (a
// scheduled draft must stay fit to publish). What is not the version's
// words stays as it is now: the status, the slug (a restore never moves
// the post's address), the author, the tags, the cover and the social
// image (files a later version may have replaced). It returns the post as
// stored.
func RestorePost(ctx context.Context, s domain.BlogStore, id string, version, base int, by string, scheduled bool) (domain.BlogPost, error) {
	rev, err := s.PostRevision(ctx, id, version)
	if err != nil {
		return domain.BlogPost{}, err
	}
	p, err := s.GetBlogPost(ctx, id)
	if err != nil {
		return domain.BlogPost{}, err
	}
	if err := CheckPostBase(p, base); err != nil {
		return domain.BlogPost{}, err
	}
	p.Title, p.Description, p.Content = rev.Post.Title, rev.Post.Description, rev.Post.Content
	p.SEOTitle, p.SEODescription = rev.Post.SEOTitle, rev.Post.SEODescription
	if err := CheckPost(p, scheduled || p.Status == domain.PostPublished); err != nil {
		return domain.BlogPost{}, err
	}
	err = SavePost(ctx, s, &p, base, by)
	return p, err
}

// RestoreJob saves the fields of version of job id again, as by's save
// based on base: a new version whose status stays (RestoredJob), refused
// when check (the save's own rules, given the job before and after) does.
func RestoreJob(ctx context.Context, s domain.JobStore, id string, version, base int, by string, check func(was, j domain.Job) error) (domain.Job, error) {
	rev, err := s.JobRevision(ctx, id, version)
	if err != nil {
		return domain.Job{}, err
	}
	was, err := s.GetJob(ctx, id)
	if err != nil {
		return domain.Job{}, err
	}
	if err := CheckJobBase(was, base); err != nil {
		return domain.Job{}, err
	}
	j := RestoredJob(was, *rev.Job)
	if err := check(was, j); err != nil {
		return domain.Job{}, err
	}
	err = SaveJob(ctx, s, &j, base, by)
	return j, err
}

// DuplicateJob stores a draft copy of job id (CopyOfJob) made by by, and
// returns it.
func DuplicateJob(ctx context.Context, s domain.JobStore, id, by string, now time.Time) (domain.Job, error) {
	j, err := s.GetJob(ctx, id)
	if err != nil {
		return domain.Job{}, err
	}
	c := CopyOfJob(j, now)
	c.UpdatedBy = by
	err = s.CreateJob(ctx, &c)
	return c, err
}

// StaffName is how a save names the member of staff who made it: their
// name, or their e-mail address when they have none.
func StaffName(name, email string) string {
	if name != "" {
		return name
	}
	return email
}
