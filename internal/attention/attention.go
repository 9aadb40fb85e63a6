// Package attention counts what waits for staff, per role: the console's
// dashboard shows a member of staff only the counts of the parts of the
// console their role may open (the others stay 0, so no role learns
// about another's records). It knows nothing of HTTP.
package attention

import (
	"context"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Store is what the counts are read from.
type Store interface {
	CountApplications(ctx context.Context, f domain.ApplicationFilter) (int, error)
	CountContactMessages(ctx context.Context, f domain.ContactFilter) (int, error)
	CountComments(ctx context.Context, s domain.CommentStatus) (int, error)
	CountOutbox(ctx context.Context) (map[domain.OutboxStatus]int, error)
}

// For counts what needs attention for role: new applications and the
// suspected spam waiting for a verdict (admins, recruiters), unread and
// unassigned messages of the inbox (whoever handles messages: admins,
// editors), comments held for review (admins, editors) and failed mail
// (admins).
func For(ctx context.Context, s Store, role domain.Role) (wire.DashboardCounts, error) {
	var c wire.DashboardCounts
	type count struct {
		n  *int
		fn func() (int, error)
	}
	var counts []count
	if role.Allowed(domain.RoleRecruiter) {
		counts = append(counts,
			count{&c.NewApplications, func() (int, error) {
				return s.CountApplications(ctx, domain.ApplicationFilter{Status: domain.StatusNew, Spam: domain.SpamExclude})
			}},
			count{&c.SuspectedSpam, func() (int, error) {
				return s.CountApplications(ctx, domain.ApplicationFilter{Spam: domain.SpamQueue})
			}})
	}
	if role.MayHandleMessages() {
		counts = append(counts,
			count{&c.UnreadMessages, func() (int, error) {
				return s.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Status: domain.ContactNew})
			}},
			count{&c.UnassignedMessages, func() (int, error) {
				return s.CountContactMessages(ctx, domain.ContactFilter{Folder: domain.FolderInbox, Unassigned: true})
			}})
	}
	if role.Allowed(domain.RoleEditor) {
		counts = append(counts, count{&c.HeldComments, func() (int, error) { return s.CountComments(ctx, domain.CommentHeld) }})
	}
	if role == domain.RoleAdmin {
		counts = append(counts, count{&c.FailedMail, func() (int, error) {
			byStatus, err := s.CountOutbox(ctx)
			return byStatus[domain.OutboxFailed], err
		}})
	}
	for _, q := range counts {
		n, err := q.fn()
		if err != nil {
			return wire.DashboardCounts{}, err
		}
		*q.n = n
	}
	return c, nil
}
