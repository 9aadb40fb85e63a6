package console

// Scheduling a draft blog post to publish itself (postschedule): set,
// change or remove the time; the app's scheduler publishes it.

import (
	"context"
	"maps"
	"net/http"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/postschedule"
	"corpsite/internal/wire"
)

// postScheduleRoutes are the staff API routes of post schedules.
func (s *Server) postScheduleRoutes() []adminRoute {
	return []adminRoute{
		send(http.MethodPost, "/posts/{id}/schedule", editors, s.adminSchedulePost).limited(&editorLimits),
		call(http.MethodDelete, "/posts/{id}/schedule", editors, s.adminUnschedulePost),
	}
}

// POST /api/admin/posts/{id}/schedule: the draft, as saved, publishes
// itself at the time given in the site's zone (at least a minute and at
// most a year ahead); it must be complete as Publish asks. Scheduling a
// scheduled post again changes its time.
func (s *Server) adminSchedulePost(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminPostScheduleInput) (wire.AdminPost, error) {
	ctx := r.Context()
	p, err := s.staffPost(ctx, r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if p.Status != domain.PostDraft {
		return wire.AdminPost{}, domain.Errorf(domain.EConflict, "The post is published already: only a draft can be scheduled.")
	}
	fields := map[string]string{}
	at, err := postschedule.ParseLocal(in.PublishAt, s.zone)
	if err == nil {
		err = postschedule.Check(s.now(), at)
	}
	if err != nil {
		maps.Copy(fields, err.(*domain.Error).Fields)
	}
	if err := editing.CheckPost(p, true); err != nil {
		maps.Copy(fields, err.(*domain.Error).Fields)
	}
	if len(fields) > 0 {
		msg := "Please correct the publishing time."
		if len(fields) > 1 || fields[postschedule.Field] == "" {
			msg = "The post cannot be scheduled until the highlighted fields are complete."
		}
		return wire.AdminPost{}, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: fields}
	}
	sc := domain.PostSchedule{PostID: p.ID, PublishAt: at, ByID: st.ID, ByName: st.Name, ByEmail: st.Email, At: s.now()}
	if err := s.store.SchedulePost(ctx, sc); err != nil {
		return wire.AdminPost{}, err
	}
	_ = s.audit(r, st, domain.AuditPostScheduled, "post "+p.ID, postschedule.Text(at, s.zone))
	return s.completePost(ctx, adminPostView(p))
}

// DELETE /api/admin/posts/{id}/schedule: the post stays a draft.
func (s *Server) adminUnschedulePost(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminPost, error) {
	ctx := r.Context()
	p, err := s.staffPost(ctx, r.PathValue("id"))
	if err != nil {
		return wire.AdminPost{}, err
	}
	if err := s.store.UnschedulePost(ctx, p.ID); domain.IsNotFound(err) {
		return wire.AdminPost{}, domain.Errorf(domain.EConflict, "The post is not scheduled (it may have been published meanwhile). Reload the page to see it.")
	} else if err != nil {
		return wire.AdminPost{}, err
	}
	_ = s.audit(r, st, domain.AuditPostUnscheduled, "post "+p.ID, "")
	return s.completePost(ctx, adminPostView(p))
}

// scheduleView is sc as the console shows it.
func (s *Server) scheduleView(sc domain.PostSchedule) *wire.AdminPostSchedule {
	return &wire.AdminPostSchedule{
		PublishAt: sc.PublishAt, Local: sc.PublishAt.In(s.zone).Format(postschedule.LocalLayout),
		Text: "Scheduled for " + postschedule.Text(sc.PublishAt, s.zone), ByName: sc.ByName,
	}
}

// completePost is v with what is kept beside the post: its earlier slugs
// (published under them, they now lead to it) and its schedule, if it
// has one.
func (s *Server) completePost(ctx context.Context, v wire.AdminPost) (wire.AdminPost, error) {
	earlier, err := s.store.EarlierPostSlugs(ctx, v.ID)
	if err != nil {
		return wire.AdminPost{}, err
	}
	if len(earlier) > 0 {
		v.EarlierSlugs = earlier
	}
	if v.Status != string(domain.PostDraft) {
		return v, nil
	}
	got, err := s.store.PostSchedules(ctx, []string{v.ID})
	if err != nil {
		return wire.AdminPost{}, err
	}
	if sc, ok := got[v.ID]; ok {
		v.Schedule = s.scheduleView(sc)
	}
	return v, nil
}

// listSchedules adds their schedules to a page of posts.
func (s *Server) listSchedules(ctx context.Context, posts []wire.AdminPostSummary) error {
	ids := make([]string, 0, len(posts))
	for _, p := range posts {
		if p.Status == string(domain.PostDraft) {
			ids = append(ids, p.ID)
		}
	}
	got, err := s.store.PostSchedules(ctx, ids)
	if err != nil {
		return err
	}
	for i, p := range posts {
		if sc, ok := got[p.ID]; ok {
			posts[i].Schedule = s.scheduleView(sc)
		}
	}
	return nil
}

// postComplete says whether an edit of p must leave it complete: it is
// published, or scheduled to publish itself.
func (s *Server) postComplete(ctx context.Context, p domain.BlogPost) (bool, error) {
	if p.Status == domain.PostPublished {
		return true, nil
	}
	got, err := s.store.PostSchedules(ctx, []string{p.ID})
	return len(got) > 0, err
}
