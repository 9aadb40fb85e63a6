package console

import (
	"net/http"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Candidate e-mails from the pipeline: the templates recruiters and
// admins edit, their preview, and bulk status changes of applications.
// The policy is careers'.

// templateRoutes are the staff API routes of the candidate e-mails.
func (s *Server) templateRoutes() []adminRoute {
	return []adminRoute{
		get("/candidate-emails", recruiters, s.adminTemplates),
		send(http.MethodPut, "/candidate-emails/{stage}", recruiters, s.adminSaveTemplate),
		send(http.MethodPost, "/candidate-emails/{stage}/preview", recruiters, s.adminPreviewTemplate),
		send(http.MethodPost, "/applications/bulk", recruiters, s.adminBulkStatus),
	}
}

// reviewer is st as careers knows staff.
func reviewer(r *http.Request, st *Staff) careers.Reviewer {
	v := careers.Reviewer{ID: st.ID, Email: st.Email, Role: st.Role}
	if a, ok := httpcore.ClientAddr(r.Context()); ok {
		v.ClientIP = a.String()
	}
	return v
}

// forbidden makes careers' EUnauthorized (signed in, but not in a role
// that may) a 403.
func forbidden(err error) error {
	if domain.ErrorCode(err) == domain.EUnauthorized {
		return httpcore.WithStatus(err, http.StatusForbidden)
	}
	return err
}

func candidateEmail(v careers.TemplateView) wire.CandidateEmail {
	return wire.CandidateEmail{Stage: string(v.Stage), Subject: v.Subject, Body: v.Body, Default: v.Default,
		UpdatedAt: v.UpdatedAt, UpdatedBy: v.UpdatedBy}
}

// GET /api/admin/candidate-emails: the four templates.
func (s *Server) adminTemplates(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.CandidateEmailList, error) {
	all, err := s.careers.Templates(r.Context())
	if err != nil {
		return wire.CandidateEmailList{}, err
	}
	out := wire.CandidateEmailList{Placeholders: careers.Placeholders()}
	for _, v := range all {
		out.Templates = append(out.Templates, candidateEmail(v))
	}
	return out, nil
}

// PUT /api/admin/candidate-emails/{stage}: saves a template (audited).
func (s *Server) adminSaveTemplate(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.CandidateEmailRequest) (wire.CandidateEmail, error) {
	t, err := s.careers.SaveTemplate(r.Context(), careers.TemplateSave{Stage: domain.MailStage(r.PathValue("stage")),
		Subject: req.Subject, Body: req.Body, By: reviewer(r, st)})
	if err != nil {
		return wire.CandidateEmail{}, forbidden(err)
	}
	return candidateEmail(careers.TemplateView{CandidateTemplate: t}), nil
}

// POST /api/admin/candidate-emails/{stage}/preview: the template as typed,
// rendered for a sample application; nothing is saved.
func (s *Server) adminPreviewTemplate(_ http.ResponseWriter, r *http.Request, _ *Staff, req wire.CandidateEmailRequest) (wire.CandidateEmailPreview, error) {
	p, err := s.careers.PreviewTemplate(domain.CandidateTemplate{Stage: domain.MailStage(r.PathValue("stage")),
		Subject: req.Subject, Body: req.Body})
	if err != nil {
		return wire.CandidateEmailPreview{}, err
	}
	return wire.CandidateEmailPreview{Subject: p.Subject, Text: p.Text, HTML: p.HTML}, nil
}

// POST /api/admin/applications/bulk: moves up to 100 applications to a
// status, each audited, with or without the candidate e-mail.
func (s *Server) adminBulkStatus(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.BulkStatusRequest) (wire.BulkStatusAnswer, error) {
	res, err := s.careers.BulkChangeStatus(r.Context(), careers.BulkMove{IDs: req.IDs,
		Status: domain.ApplicationStatus(req.Status), Notify: req.Notify, By: reviewer(r, st)})
	if err != nil {
		return wire.BulkStatusAnswer{}, forbidden(err)
	}
	out := wire.BulkStatusAnswer{Results: make([]wire.BulkStatusResult, 0, len(res))}
	for _, x := range res {
		row := wire.BulkStatusResult{ID: x.ID, Reference: x.Moved.Before.Reference, OK: x.Error == nil,
			Changed: x.Moved.Changed, Mailed: x.Moved.Mailed}
		switch {
		case x.Error != nil:
			row.Error, out.Failed = domain.ErrorMessage(x.Error), out.Failed+1
		case x.Moved.Changed:
			out.Moved++
		}
		if x.Moved.Mailed {
			out.Mailed++
		}
		out.Results = append(out.Results, row)
	}
	return out, nil
}
