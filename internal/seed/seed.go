// Package seed fills an empty store with demo content for the fictional
// company Nimbus Grove Technologies: open positions in Hyderabad and
// Bangalore, eight published blog posts (with a few comments) and one
// draft. All text and the illustrations in images/ were written for this
// product.
//
// The blog posts' Image fields point at MediaPrefix + file name; the
// server serves ImageFS (the files of Images without the "images/"
// directory) under MediaPrefix.
package seed

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/jobfacts"
	"corpsite/internal/sanitize"
)

// Images holds the demo illustrations as images/<name>.svg.
//
//go:embed images/*.svg
var Images embed.FS

// MediaPrefix is the URL path under which the server serves ImageFS.
const MediaPrefix = "/media/demo/"

// ImageFS returns the demo illustrations with names relative to the
// images directory ("cloud-migration.svg"), ready to serve under
// MediaPrefix.
func ImageFS() fs.FS {
	sub, err := fs.Sub(Images, "images")
	if err != nil {
		panic(err) // "images" is a valid path; fs.Sub cannot fail on it
	}
	return sub
}

// Load adds the demo jobs and blog posts if the store holds no job and
// no blog post at all, and reports whether it did. A store with any job
// or post, of any status, is left alone, so Load is safe to call on every
// start. now dates the content: jobs and posts are created in the weeks
// before it and closing dates fall 30 to 60 days after it.
//
// If a write fails, Load deletes what it created before returning the
// error, so that a later call starts again from an empty store.
func Load(ctx context.Context, st domain.Store, now time.Time) (loaded bool, err error) {
	jobs, err := st.ListJobs(ctx, domain.JobFilter{})
	if err != nil {
		return false, fmt.Errorf("seed: list jobs: %w", err)
	}
	posts, err := st.CountBlogPosts(ctx, domain.BlogFilter{})
	if err != nil {
		return false, fmt.Errorf("seed: count blog posts: %w", err)
	}
	if len(jobs) > 0 || posts > 0 {
		return false, nil
	}

	var jobIDs, postIDs []string
	defer func() {
		if err == nil {
			return
		}
		// Best effort: a fresh context, since ctx may be the reason we failed.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		for _, id := range jobIDs {
			_ = st.DeleteJob(cctx, id)
		}
		for _, id := range postIDs {
			_ = st.DeleteBlogPost(cctx, id)
		}
	}()

	for _, j := range Jobs(now) {
		if err := st.CreateJob(ctx, &j); err != nil {
			return false, fmt.Errorf("seed: create job %q: %w", j.JobTitle, err)
		}
		jobIDs = append(jobIDs, j.ID)
	}
	// The demo jobs name their city, department and years as text; the
	// default lists (see the migrations) have entries for each.
	if _, err := jobfacts.MapStored(ctx, st); err != nil {
		return false, fmt.Errorf("seed: %w", err)
	}
	byTitle := map[string]domain.BlogPost{}
	for _, p := range Posts(now) {
		if err := st.CreateBlogPost(ctx, &p); err != nil {
			return false, fmt.Errorf("seed: create blog post %q: %w", p.Title, err)
		}
		postIDs = append(postIDs, p.ID)
		byTitle[p.Title] = p
	}
	// Deleting a post deletes its comments, so the clean-up above covers them.
	for _, d := range demoComments {
		p, ok := byTitle[d.post]
		if !ok {
			return false, fmt.Errorf("seed: comment on unknown post %q", d.post)
		}
		c := domain.Comment{
			BlogID: p.ID, Name: d.name, Email: d.email, Website: d.website, Comment: d.comment,
			Status: domain.CommentVisible, CreatedAt: p.CreatedAt.Add(time.Duration(d.hoursAfter) * time.Hour),
		}
		if err := st.CreateComment(ctx, &c); err != nil {
			return false, fmt.Errorf("seed: create comment on %q: %w", d.post, err)
		}
	}
	return true, nil
}

// Jobs returns the demo jobs as Load stores them, without IDs, dated
// relative to now. Descriptions are already sanitised.
func Jobs(now time.Time) []domain.Job {
	today := midnightUTC(now)
	out := make([]domain.Job, 0, len(demoJobs))
	for _, d := range demoJobs {
		created := today.AddDate(0, 0, -d.daysAgo).Add(d.hour * time.Hour)
		j := domain.Job{
			JobTitle:       d.title,
			Experience:     d.experience,
			Location:       d.location,
			Description:    sanitize.HTML(d.description),
			Department:     d.department,
			EmploymentType: d.employmentType,
			Workplace:      d.workplace,
			SalaryMin:      d.salaryMin,
			SalaryMax:      d.salaryMax,
			Status:         domain.JobOpen,
			CreatedAt:      created,
			UpdatedAt:      created,
		}
		if d.closesInDays > 0 {
			c := today.AddDate(0, 0, d.closesInDays)
			j.ClosingDate = &c
		}
		out = append(out, j)
	}
	return out
}

// Posts returns the demo blog posts as Load stores them, without IDs,
// dated relative to now. Content is already sanitised.
func Posts(now time.Time) []domain.BlogPost {
	today := midnightUTC(now)
	out := make([]domain.BlogPost, 0, len(demoPosts))
	for _, d := range demoPosts {
		created := today.AddDate(0, 0, -d.daysAgo).Add(d.hour * time.Hour)
		p := domain.BlogPost{
			Title:       d.title,
			Description: d.description,
			Content:     sanitize.PostHTML(d.content),
			Status:      d.status,
			CreatedAt:   created,
			UpdatedAt:   created,
		}
		if d.image != "" {
			p.Image = MediaPrefix + d.image
		}
		out = append(out, p)
	}
	return out
}

// midnightUTC returns the start of t's day in UTC.
func midnightUTC(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
