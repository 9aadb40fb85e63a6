package console

import (
	"context"
	"net/http"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// The Suspected spam folder of the applications inbox: staff's "Not spam"
// and "Spam" verdicts (the policy is careers.ReviewSpam's) and the exact
// look-up that finds an application in any folder.

// spamRoutes are the staff API routes of the verdicts.
func (s *Server) spamRoutes() []adminRoute {
	return []adminRoute{
		call(http.MethodPost, "/applications/{id}/not-spam", recruiters, s.adminMarkNotSpam),
		call(http.MethodPost, "/applications/{id}/spam", recruiters, s.adminMarkSpam),
	}
}

// POST /api/admin/applications/{id}/not-spam: takes the application out
// of Suspected spam; one that arrived as suspected spam gets its
// confirmation e-mail now.
func (s *Server) adminMarkNotSpam(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationDetail, error) {
	return s.reviewSpam(r, st, false)
}

// POST /api/admin/applications/{id}/spam: puts the application in
// Suspected spam as spam (or confirms a suspicion); it mails no one.
func (s *Server) adminMarkSpam(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationDetail, error) {
	return s.reviewSpam(r, st, true)
}

// reviewSpam records st's verdict on the request's application and
// answers the application as it is now.
func (s *Server) reviewSpam(r *http.Request, st *Staff, spam bool) (wire.ApplicationDetail, error) {
	v := careers.Verdict{ApplicationID: r.PathValue("id"), Spam: spam, By: reviewer(r, st)}
	res, err := s.careers.ReviewSpam(r.Context(), v)
	if domain.ErrorCode(err) == domain.EUnauthorized {
		// Signed in, but not in a role that may: refused, not unknown.
		return wire.ApplicationDetail{}, httpcore.WithStatus(err, http.StatusForbidden)
	}
	if err != nil {
		return wire.ApplicationDetail{}, err
	}
	return s.applicationDetail(r.Context(), res.Application, st)
}

// folderOf names the folder a is in, as the console shows it.
func folderOf(a domain.Application) string {
	if a.Spam {
		return wire.FolderSpam
	}
	return wire.FolderApplications
}

// found returns the applications whose reference or e-mail address is
// exactly the search q, in any folder, whatever the other filters.
func (s *Server) found(ctx context.Context, q string, titles map[string]string) ([]wire.ApplicationRow, error) {
	out := []wire.ApplicationRow{}
	ref, email := domain.ExactLookup(q)
	if ref == "" && email == "" {
		return out, nil
	}
	apps, err := s.store.ListApplications(ctx, domain.ApplicationFilter{Reference: ref, Email: email, Limit: wire.MaxFound})
	if err != nil {
		return nil, err
	}
	for _, a := range apps {
		out = append(out, applicationRow(a, titles))
	}
	return out, nil
}

// applicationRow is a as a row of the inbox's table.
func applicationRow(a domain.Application, titles map[string]string) wire.ApplicationRow {
	return wire.ApplicationRow{ID: a.ID, Reference: a.Reference, FullName: a.FullName,
		Email: a.Email, JobID: a.JobID, JobTitle: titles[a.JobID], Status: string(a.Status),
		Spam: a.Spam, AppliedAt: a.AppliedAt, Folder: folderOf(a), WithdrawnAt: a.WithdrawnAt,
		Source: a.Source}
}
