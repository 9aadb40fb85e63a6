package console

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// moderationRoutes are the staff API routes of contact messages, comment moderation and the mail outbox.
func (s *Server) moderationRoutes() []adminRoute {
	return []adminRoute{
		get("/messages", editors, s.adminListMessages),
		get("/messages/{id}", editors, s.adminGetMessage),
		send(http.MethodPatch, "/messages/{id}", editors, s.adminPatchMessage),
		call(http.MethodDelete, "/messages/{id}", editors, s.adminDeleteMessage),
		send(http.MethodPut, "/messages/{id}/assignee", editors, s.adminAssignMessage),
		send(http.MethodPost, "/messages/{id}/notes", editors, s.adminAddMessageNote),
		send(http.MethodPost, "/messages/{id}/replies", editors, s.adminReplyToMessage),
		get("/comments", editors, s.adminListComments),
		send(http.MethodPost, "/comments/bulk", editors, s.adminBulkComments),
		get("/mail", adminsOnly, s.adminListMail),
		get("/mail/{id}", adminsOnly, s.adminOpenMail),
		call(http.MethodPost, "/mail/{id}/retry", adminsOnly, s.adminRetryMail),
	}
}

// Moderation list bounds.
const (
	// moderationPageSize is the rows on one page of messages, comments or
	// mail.
	moderationPageSize = 50
	// firstLineMax is the most characters of a message's first line shown
	// in a folder's list.
	firstLineMax = 120
	// auditSubjectMax bounds the IDs a bulk action's audit row lists.
	auditSubjectMax = 400
)

// badRequest refuses a malformed query parameter or request field: the
// request is wrong (400), whatever the form holds.
func badRequest(field, msg string) error {
	return httpcore.WithStatus(domain.FieldError(field, msg), http.StatusBadRequest)
}

// notFoundAs replaces the message of a not-found error with words for staff.
func notFoundAs(err error, msg string) error {
	if domain.IsNotFound(err) {
		return domain.Errorf(domain.ENotFound, "%s", msg)
	}
	return err
}

// ---- contact messages ----

const messageGone = "This message no longer exists. It may have been deleted."

// firstLine is the first non-blank line of a message, shortened.
func firstLine(text string) string {
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if utf8.RuneCountInString(line) > firstLineMax {
			r := []rune(line)
			return strings.TrimSpace(string(r[:firstLineMax-1])) + "…"
		}
		return line
	}
	return ""
}

// folderCounts counts the messages of every folder, and the unread ones.
func (s *Server) folderCounts(r *http.Request) (wire.ContactFolderCounts, error) {
	var c wire.ContactFolderCounts
	for _, q := range []struct {
		f domain.ContactFilter
		n *int
	}{
		{domain.ContactFilter{Folder: domain.FolderInbox}, &c.Inbox},
		{domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew}, &c.Unread},
		{domain.ContactFilter{Folder: domain.FolderArchived}, &c.Archived},
		{domain.ContactFilter{Folder: domain.FolderSpam}, &c.Spam},
	} {
		n, err := s.store.CountContactMessages(r.Context(), q.f)
		if err != nil {
			return c, err
		}
		*q.n = n
	}
	return c, nil
}

// GET /api/admin/messages?folder=inbox|archived|spam&q=&assigned=me|none&page=N:
// a page of the folder, searched (sender's name, e-mail, subject, text)
// and filtered by assignment.
func (s *Server) adminListMessages(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.ContactMessageList, error) {
	query := r.URL.Query()
	folder := domain.ContactFolder(query.Get("folder"))
	if folder == "" {
		folder = domain.FolderInbox
	}
	if !folder.Valid() {
		return wire.ContactMessageList{}, badRequest("folder", "The folder must be inbox, archived or spam.")
	}
	q := strings.TrimSpace(query.Get("q"))
	if !utf8.ValidString(q) || utf8.RuneCountInString(q) > domain.MaxContactQuery {
		return wire.ContactMessageList{}, badRequest("q", fmt.Sprintf("The search can be at most %d characters long.", domain.MaxContactQuery))
	}
	f := domain.ContactFilter{Folder: folder, Query: q}
	assigned := query.Get("assigned")
	switch assigned {
	case "":
	case "me":
		f.AssignedTo = st.ID
	case "none":
		f.Unassigned = true
	default:
		return wire.ContactMessageList{}, badRequest("assigned", "The assignment filter must be me or none (or nothing for all).")
	}
	page, err := staffPage(query.Get("page"))
	if err != nil {
		return wire.ContactMessageList{}, err
	}
	counts, err := s.folderCounts(r)
	if err != nil {
		return wire.ContactMessageList{}, err
	}
	total, err := s.store.CountContactMessages(r.Context(), f)
	if err != nil {
		return wire.ContactMessageList{}, err
	}
	f.Limit, f.Offset = moderationPageSize, (page-1)*moderationPageSize
	msgs, err := s.store.ListContactMessages(r.Context(), f)
	if err != nil {
		return wire.ContactMessageList{}, err
	}
	names, err := s.staffNames(r)
	if err != nil {
		return wire.ContactMessageList{}, err
	}
	out := wire.ContactMessageList{
		Folder: string(folder), Query: q, Assigned: assigned, Messages: make([]wire.ContactMessageRow, 0, len(msgs)),
		Total: total, Page: page, PageSize: moderationPageSize, Counts: counts,
	}
	for _, m := range msgs {
		out.Messages = append(out.Messages, wire.ContactMessageRow{
			ID: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, FirstLine: firstLine(m.Message),
			Status: string(m.Status), Spam: m.Spam, ReceivedAt: m.CreatedAt,
			AssignedTo: m.AssignedTo, AssigneeName: assigneeName(names, m.AssignedTo),
		})
	}
	return out, nil
}

// GET /api/admin/messages/{id}: the whole message; opening a new one
// marks it read.
func (s *Server) adminGetMessage(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.ContactMessageDetail, error) {
	id := r.PathValue("id")
	m, err := s.store.GetContactMessage(r.Context(), id)
	if err != nil {
		return wire.ContactMessageDetail{}, notFoundAs(err, messageGone)
	}
	if m.Status == domain.ContactNew {
		if err := s.store.SetContactStatus(r.Context(), id, domain.ContactRead); err != nil {
			return wire.ContactMessageDetail{}, notFoundAs(err, messageGone)
		}
		m.Status = domain.ContactRead
	}
	return s.messageDetail(r, m)
}

// PATCH /api/admin/messages/{id} {status?, spam?: false}: recorded in the
// audit log.
func (s *Server) adminPatchMessage(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.ContactMessagePatch) (wire.ContactMessageDetail, error) {
	var status domain.ContactStatus
	switch {
	case req.Status == nil && req.Spam == nil:
		return wire.ContactMessageDetail{}, httpcore.WithStatus(domain.Errorf(domain.EInvalid, "Say what to change: the status, or spam false."), http.StatusBadRequest)
	case req.Spam != nil && *req.Spam:
		return wire.ContactMessageDetail{}, badRequest("spam", "A message can only be taken out of spam here (spam: false).")
	case req.Status != nil:
		status = domain.ContactStatus(*req.Status)
		if !status.Valid() {
			return wire.ContactMessageDetail{}, badRequest("status", "The status must be new, read or archived.")
		}
	}
	id := r.PathValue("id")
	if req.Spam != nil {
		if err := s.store.MarkContactNotSpam(r.Context(), id); err != nil {
			return wire.ContactMessageDetail{}, notFoundAs(err, messageGone)
		}
	}
	if status != "" {
		if err := s.store.SetContactStatus(r.Context(), id, status); err != nil {
			return wire.ContactMessageDetail{}, notFoundAs(err, messageGone)
		}
	}
	var done []string
	if req.Spam != nil {
		done = append(done, "taken out of spam")
	}
	if status != "" {
		done = append(done, "marked "+string(status))
	}
	if err := s.audit(r, st, domain.AuditContactUpdated, id, strings.Join(done, "; ")); err != nil {
		return wire.ContactMessageDetail{}, err
	}
	return s.reloadMessage(r, id)
}

// DELETE /api/admin/messages/{id}: removes the message for good and
// records it in the audit log (by ID only).
func (s *Server) adminDeleteMessage(_ http.ResponseWriter, r *http.Request, st *Staff) (struct{}, error) {
	id := r.PathValue("id")
	m, err := s.store.GetContactMessage(r.Context(), id)
	if err != nil {
		return struct{}{}, notFoundAs(err, messageGone)
	}
	if err := s.store.DeleteContactMessage(r.Context(), id); err != nil {
		return struct{}{}, notFoundAs(err, messageGone)
	}
	if err := s.auditAbout(r, st, domain.AuditContactDeleted, id, m.Subject, ""); err != nil {
		return struct{}{}, err
	}
	return struct{}{}, nil
}

// ---- comments ----

// commentCounts counts the comments of each status.
func (s *Server) commentCounts(r *http.Request) (wire.CommentCounts, error) {
	var c wire.CommentCounts
	for st, n := range map[domain.CommentStatus]*int{
		domain.CommentHeld: &c.Held, domain.CommentVisible: &c.Visible, domain.CommentSpam: &c.Spam,
	} {
		v, err := s.store.CountComments(r.Context(), st)
		if err != nil {
			return c, err
		}
		*n = v
	}
	return c, nil
}

// GET /api/admin/comments?status=held|visible|spam&page=N
func (s *Server) adminListComments(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.ReviewCommentList, error) {
	status := domain.CommentStatus(r.URL.Query().Get("status"))
	if status == "" {
		status = domain.CommentHeld
	}
	if !status.Valid() {
		return wire.ReviewCommentList{}, badRequest("status", "The status must be held, visible or spam.")
	}
	page, err := staffPage(r.URL.Query().Get("page"))
	if err != nil {
		return wire.ReviewCommentList{}, err
	}
	counts, err := s.commentCounts(r)
	if err != nil {
		return wire.ReviewCommentList{}, err
	}
	cs, err := s.store.ListCommentsForReview(r.Context(), domain.CommentFilter{
		Status: status, Limit: moderationPageSize, Offset: (page - 1) * moderationPageSize,
	})
	if err != nil {
		return wire.ReviewCommentList{}, err
	}
	total := map[domain.CommentStatus]int{
		domain.CommentHeld: counts.Held, domain.CommentVisible: counts.Visible, domain.CommentSpam: counts.Spam,
	}[status]
	out := wire.ReviewCommentList{
		Status: string(status), Comments: make([]wire.ReviewComment, 0, len(cs)),
		Total: total, Page: page, PageSize: moderationPageSize, Counts: counts,
	}
	for _, c := range cs {
		out.Comments = append(out.Comments, wire.ReviewComment{
			ID: c.ID, PostID: c.BlogID, PostTitle: c.PostTitle, PostPath: domain.BlogPostPath(c.BlogID, c.PostSlug), Name: c.Name, Email: c.Email,
			Website: c.Website, Comment: c.Comment.Comment, Status: string(c.Status), CreatedAt: c.CreatedAt,
		})
	}
	return out, nil
}

// bulkActions are the actions on comments: the status each gives (none
// for delete) and the words of the result.
var bulkActions = map[string]struct {
	status domain.CommentStatus
	done   string
}{
	"approve": {domain.CommentVisible, "approved"},
	"spam":    {domain.CommentSpam, "marked as spam"},
	"hold":    {domain.CommentHeld, "held for review"},
	"delete":  {"", "deleted"},
}

// auditIDs joins ids for an audit row's subject, cut short (with how many
// were left out) past auditSubjectMax characters.
func auditIDs(ids []string) string {
	var b strings.Builder
	for i, id := range ids {
		if b.Len()+len(id)+1 > auditSubjectMax {
			fmt.Fprintf(&b, " …+%d more", len(ids)-i)
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
	}
	return b.String()
}

// POST /api/admin/comments/bulk {ids, action}: approves, marks as spam,
// holds or deletes up to 100 comments at once. Public pages show the
// change at once (the content version moves).
func (s *Server) adminBulkComments(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.CommentBulkRequest) (wire.CommentBulkResult, error) {
	action, ok := bulkActions[req.Action]
	if !ok {
		return wire.CommentBulkResult{}, badRequest("action", "The action must be approve, spam, hold or delete.")
	}
	if len(req.IDs) == 0 || len(req.IDs) > domain.MaxBulk {
		return wire.CommentBulkResult{}, badRequest("ids", fmt.Sprintf("Select from 1 to %d comments.", domain.MaxBulk))
	}
	ids := make([]string, 0, len(req.IDs))
	seen := map[string]bool{}
	for _, id := range req.IDs {
		if !domain.ValidID(id) {
			return wire.CommentBulkResult{}, badRequest("ids", "One of the selected comments has an invalid ID.")
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	label, err := s.commentsLabel(r.Context(), ids)
	if err != nil {
		return wire.CommentBulkResult{}, err
	}
	var n int
	if req.Action == "delete" {
		n, err = s.store.DeleteComments(r.Context(), ids)
	} else {
		n, err = s.store.SetCommentsStatus(r.Context(), ids, action.status)
	}
	if err != nil {
		return wire.CommentBulkResult{}, notFoundAs(err, "None of the selected comments exist any more. Reload the list.")
	}
	// This instance's pages show the change on the next request.
	s.site.Changed(r.Context())
	if err := s.auditAbout(r, st, domain.AuditCommentsMod, auditIDs(ids), label, fmt.Sprintf("%s: %d comments", req.Action, n)); err != nil {
		return wire.CommentBulkResult{}, err
	}
	noun := "comments"
	if n == 1 {
		noun = "comment"
	}
	return wire.CommentBulkResult{Action: req.Action, Count: n, Message: fmt.Sprintf("%d %s %s.", n, noun, action.done)}, nil
}

// ---- mail ----

func outboxRow(m domain.OutboxMessage) wire.OutboxRow {
	return wire.OutboxRow{
		ID: m.ID, To: m.To, Subject: m.Subject, Status: string(m.Status), Attempts: m.Attempts,
		LastError: m.LastError, NextAttemptAt: m.NextAttemptAt, CreatedAt: m.CreatedAt, SentAt: m.SentAt,
	}
}

// GET /api/admin/mail?status=&page=N: the outbox, newest first, without
// the bodies.
func (s *Server) adminListMail(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.OutboxList, error) {
	status := domain.OutboxStatus(r.URL.Query().Get("status"))
	switch status {
	case "", domain.OutboxQueued, domain.OutboxSending, domain.OutboxSent, domain.OutboxFailed:
	default:
		return wire.OutboxList{}, badRequest("status", "The status must be queued, sending, sent or failed (or none for all).")
	}
	page, err := staffPage(r.URL.Query().Get("page"))
	if err != nil {
		return wire.OutboxList{}, err
	}
	byStatus, err := s.store.CountOutbox(r.Context())
	if err != nil {
		return wire.OutboxList{}, err
	}
	counts := wire.OutboxCounts{
		Queued: byStatus[domain.OutboxQueued], Sending: byStatus[domain.OutboxSending],
		Sent: byStatus[domain.OutboxSent], Failed: byStatus[domain.OutboxFailed],
	}
	total := byStatus[status]
	if status == "" {
		total = counts.Queued + counts.Sending + counts.Sent + counts.Failed
	}
	msgs, err := s.store.ListOutboxPage(r.Context(), status, moderationPageSize, (page-1)*moderationPageSize)
	if err != nil {
		return wire.OutboxList{}, err
	}
	out := wire.OutboxList{
		Status: string(status), Messages: make([]wire.OutboxRow, 0, len(msgs)),
		Total: total, Page: page, PageSize: moderationPageSize, Counts: counts,
	}
	for _, m := range msgs {
		out.Messages = append(out.Messages, outboxRow(m))
	}
	return out, nil
}

// POST /api/admin/mail/{id}/retry: a queued or failed e-mail is tried
// again now; the sender is woken.
func (s *Server) adminRetryMail(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.OutboxRow, error) {
	id := r.PathValue("id")
	m, err := s.store.RetryOutboxNow(r.Context(), id, s.now())
	if err != nil {
		return wire.OutboxRow{}, notFoundAs(err, "This e-mail is no longer in the outbox.")
	}
	if err := s.auditAbout(r, st, domain.AuditMailRetried, id, m.Subject, ""); err != nil {
		return wire.OutboxRow{}, err
	}
	if s.mailQueued != nil {
		s.mailQueued()
	}
	return outboxRow(m), nil
}

// commentsLabel names comments for the audit log: "Asha on “Post”" for
// one, the authors (the first few) and the post(s) for several.
func (s *Server) commentsLabel(ctx context.Context, ids []string) (string, error) {
	cs, err := s.store.ListCommentsForReview(ctx, domain.CommentFilter{IDs: ids, Limit: len(ids)})
	if err != nil || len(cs) == 0 {
		return "", err
	}
	var names, posts []string
	for _, c := range cs {
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
		if !slices.Contains(posts, c.PostTitle) {
			posts = append(posts, c.PostTitle)
		}
	}
	label := listed(names, 3, "other", "others") + " on " + listed(quoteAll(posts), 2, "other post", "other posts")
	if utf8.RuneCountInString(label) > auditSubjectMax {
		label = string([]rune(label)[:auditSubjectMax-1]) + "…"
	}
	return label, nil
}

// listed joins up to max words with commas and "and", naming how many
// more there are ("Asha, Ravi and 3 others").
func listed(words []string, max int, one, many string) string {
	if n := len(words) - max; n > 0 {
		more := many
		if n == 1 {
			more = one
		}
		return strings.Join(words[:max], ", ") + fmt.Sprintf(" and %d %s", n, more)
	}
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "“" + s + "”"
	}
	return out
}
