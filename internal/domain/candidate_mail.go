package domain

import (
	"context"
	"slices"
	"time"
)

// MailStage names one of the e-mails staff send applicants from the
// pipeline; each has one template.
type MailStage string

// The candidate e-mails, in the order the console lists them.
const (
	MailReceived  MailStage = "received"
	MailInterview MailStage = "interview"
	MailRejection MailStage = "rejection"
	MailOffer     MailStage = "offer"
)

// MailStages lists every candidate e-mail.
var MailStages = []MailStage{MailReceived, MailInterview, MailRejection, MailOffer}

// Valid reports whether s is one of MailStages.
func (s MailStage) Valid() bool { return slices.Contains(MailStages, s) }

// MailStageFor is the e-mail that tells an applicant their application
// moved to status, if there is one (interview, rejected and offer).
func MailStageFor(status ApplicationStatus) (MailStage, bool) {
	switch status {
	case StatusInterview:
		return MailInterview, true
	case StatusRejected:
		return MailRejection, true
	case StatusOffer:
		return MailOffer, true
	}
	return "", false
}

// Bounds of a candidate e-mail template, in characters.
const (
	MaxTemplateSubject = 200
	MaxTemplateBody    = 10_000
)

// CandidateTemplate is the text of one candidate e-mail as staff wrote
// it: plain text with placeholders such as {first_name}.
type CandidateTemplate struct {
	Stage     MailStage `json:"stage"`
	Subject   string    `json:"subject"`
	Body      string    `json:"body"`
	UpdatedAt time.Time `json:"updatedAt"`
	// UpdatedBy is the e-mail address of the member of staff who saved
	// it last ("" for the default text).
	UpdatedBy string `json:"updatedBy"`
}

// TemplateStore keeps the candidate e-mail templates staff saved; a
// stage without one uses its default text.
type TemplateStore interface {
	// ListCandidateTemplates returns the saved templates, in no order.
	ListCandidateTemplates(ctx context.Context) ([]CandidateTemplate, error)
	// SaveCandidateTemplate stores t, replacing the stage's earlier one,
	// and appends audit in the same transaction. A zero UpdatedAt is
	// the current time; t is updated with what was stored.
	SaveCandidateTemplate(ctx context.Context, t *CandidateTemplate, audit AuditEntry) error
}

// StatusChange is a move of an application in the pipeline, made by
// ChangeApplicationStatus in one transaction.
type StatusChange struct {
	Status ApplicationStatus
	At     time.Time
	// Allow, if not nil, is asked first, with the application as it is
	// in the transaction: an error refuses the change, which changes
	// nothing, and is returned.
	Allow func(before Application) error
	// Notify, if not nil, is called when the status changes, with the
	// application as it was: it returns the mail to queue (nil: none)
	// and the hash of the status link token the mail carries, which
	// replaces the application's ("" leaves it alone).
	Notify func(before Application) (mail *OutboxMessage, tokenHash string, err error)
	// Audit is the audit log's entry of the change, given the
	// application as it was and whether a mail was queued.
	Audit func(before Application, mailed bool) AuditEntry
}
