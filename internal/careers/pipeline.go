package careers

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// StatusMove is staff moving one application in the pipeline.
type StatusMove struct {
	ApplicationID string
	Status        domain.ApplicationStatus
	// Notify asks for the stage's candidate e-mail (interview,
	// rejection, offer) to be sent with the change.
	Notify bool
	By     Reviewer
}

// Moved is what a move did.
type Moved struct {
	// Before is the application as it was.
	Before domain.Application
	// Changed is false when the application had the status already.
	Changed bool
	// Mailed reports the candidate e-mail queued with the change.
	Mailed bool
}

const msgMayNotMove = "Only recruiters and admins can change the status of applications."

// msgWithdrawnStays refuses to move an application its applicant withdrew.
const msgWithdrawnStays = "This application was withdrawn by the applicant, so its status can no longer be changed."

// MayMove says whether staff may change a's status: not once the
// applicant has withdrawn it (the withdrawal is the applicant's last
// word; the application stays where it was until it is erased or its
// retention period ends). The error is EConflict.
func MayMove(a domain.Application) error {
	if a.WithdrawnAt != nil {
		return domain.Errorf(domain.EConflict, msgWithdrawnStays)
	}
	return nil
}

// ChangeStatus moves an application to a new status. With Notify, and
// when the new status has a candidate e-mail, the e-mail is queued in
// the same transaction as the change, carrying a fresh status link when
// its text uses one (the earlier link stops working); suspected spam is
// never mailed. A withdrawn application is not moved (MayMove), checked
// again inside the change's transaction. The change is recorded in the
// audit log with it ("new → interview; e-mail sent"). Errors:
// EUnauthorized, EInvalid, ENotFound, EConflict (withdrawn; Moved.Before
// is then the application).
func (s *Service) ChangeStatus(ctx context.Context, m StatusMove) (Moved, error) {
	if !MayEditTemplates(m.By.Role) {
		return Moved{}, domain.Errorf(domain.EUnauthorized, msgMayNotMove)
	}
	if !m.Status.Valid() {
		return Moved{}, statusError()
	}
	a, err := s.store.GetApplication(ctx, m.ApplicationID)
	if err != nil {
		return Moved{}, err
	}
	if err := MayMove(a); err != nil {
		return Moved{Before: a}, err
	}
	c := domain.StatusChange{Status: m.Status, At: s.now(), Allow: MayMove}
	if stage, ok := domain.MailStageFor(m.Status); ok && m.Notify {
		if c.Notify, err = s.notifier(ctx, a, stage, c.At); err != nil {
			return Moved{}, err
		}
	}
	c.Audit = func(before domain.Application, mailed bool) domain.AuditEntry {
		detail := string(before.Status) + " → " + string(m.Status)
		if mailed {
			detail += "; e-mail sent"
		}
		return domain.AuditEntry{Action: domain.AuditStatusChanged, Subject: before.Reference, Detail: detail,
			At: c.At, ActorID: m.By.ID, ActorEmail: m.By.Email, ClientIP: m.By.ClientIP}
	}
	before, mailed, err := s.store.ChangeApplicationStatus(ctx, a.ID, c)
	if domain.ErrorCode(err) == domain.EConflict {
		// Withdrawn since it was read.
		return Moved{Before: a}, err
	}
	if err != nil {
		return Moved{}, err
	}
	if mailed && s.mailQueued != nil {
		s.mailQueued()
	}
	return Moved{Before: before, Changed: before.Status != m.Status, Mailed: mailed}, nil
}

// notifier returns the StatusChange.Notify that builds stage's e-mail
// to a's applicant.
func (s *Service) notifier(ctx context.Context, a domain.Application, stage domain.MailStage, at time.Time) (func(domain.Application) (*domain.OutboxMessage, string, error), error) {
	t, err := s.template(ctx, stage)
	if err != nil {
		return nil, err
	}
	title := "a position no longer listed"
	if job, err := s.store.GetJob(ctx, a.JobID); err == nil {
		title = job.JobTitle
	} else if !domain.IsNotFound(err) {
		return nil, err
	}
	return func(before domain.Application) (*domain.OutboxMessage, string, error) {
		if before.Spam || before.WithdrawnAt != nil {
			return nil, "", nil
		}
		v := MailValues{FirstName: before.FirstName, JobTitle: title, Reference: before.Reference}
		hash := ""
		if usesStatusLink(t) {
			var token string
			token, hash = newStatusToken()
			v.StatusLink = s.mail.statusURL(token)
		}
		r := Render(t, v)
		return &domain.OutboxMessage{To: before.Email, Subject: r.Subject, Body: r.Text, HTMLBody: r.HTML,
			ReplyTo: s.mail.CareersEmail, CreatedAt: at}, hash, nil
	}, nil
}

func statusError() error {
	names := make([]string, len(domain.ApplicationStatuses))
	for i, st := range domain.ApplicationStatuses {
		names[i] = string(st)
	}
	msg := fmt.Sprintf("Choose a status: %s.", strings.Join(names, ", "))
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"status": msg}}
}

// BulkMove is staff moving several applications at once.
type BulkMove struct {
	IDs    []string
	Status domain.ApplicationStatus
	Notify bool
	By     Reviewer
}

// BulkResult is what a bulk move did to one application.
type BulkResult struct {
	ID    string
	Moved Moved
	Error error // nil when it was moved (or had the status already)
}

// BulkChangeStatus moves up to domain.MaxBulk applications, each as
// ChangeStatus would (its own transaction and audit entry), and answers
// per application, in the order given. A missing or withdrawn
// application is skipped with an error of its own (its Moved.Before is
// the withdrawn application) and stops nothing. Errors of the whole request:
// EUnauthorized, EInvalid (no IDs, too many, repeated, unknown status).
func (s *Service) BulkChangeStatus(ctx context.Context, b BulkMove) ([]BulkResult, error) {
	if !MayEditTemplates(b.By.Role) {
		return nil, domain.Errorf(domain.EUnauthorized, msgMayNotMove)
	}
	if !b.Status.Valid() {
		return nil, statusError()
	}
	switch {
	case len(b.IDs) == 0:
		return nil, domain.FieldError("ids", "Choose at least one application.")
	case len(b.IDs) > domain.MaxBulk:
		return nil, domain.FieldError("ids", fmt.Sprintf("Choose at most %d applications at once (you chose %d).", domain.MaxBulk, len(b.IDs)))
	}
	for i, id := range b.IDs {
		if slices.Contains(b.IDs[:i], id) {
			return nil, domain.FieldError("ids", "An application is named twice: name each one once.")
		}
	}
	out := make([]BulkResult, 0, len(b.IDs))
	for _, id := range b.IDs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m, err := s.ChangeStatus(ctx, StatusMove{ApplicationID: id, Status: b.Status, Notify: b.Notify, By: b.By})
		if code := domain.ErrorCode(err); err != nil && code != domain.ENotFound && code != domain.EInvalid && code != domain.EConflict {
			return out, err
		}
		out = append(out, BulkResult{ID: id, Moved: m, Error: err})
	}
	return out, nil
}
