package wire

import "time"

// The staff console's candidate e-mails (/api/admin/candidate-emails) and
// bulk status changes of applications.

// CandidateEmail is one candidate e-mail's template.
type CandidateEmail struct {
	Stage   string `json:"stage"` // received, interview, rejection or offer
	Subject string `json:"subject"`
	Body    string `json:"body"`
	// Default is true while the template is the site's default text.
	Default   bool      `json:"default"`
	UpdatedAt time.Time `json:"updatedAt"` // zero for a default
	UpdatedBy string    `json:"updatedBy"`
}

// CandidateEmailList is GET /api/admin/candidate-emails: every template
// and the placeholders they may use.
type CandidateEmailList struct {
	Templates    []CandidateEmail `json:"templates"`
	Placeholders []string         `json:"placeholders"`
}

// CandidateEmailRequest is the body of PUT
// /api/admin/candidate-emails/{stage} and of its preview.
type CandidateEmailRequest struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// CandidateEmailPreview is POST /api/admin/candidate-emails/{stage}/preview:
// the e-mail as a sample applicant would get it.
type CandidateEmailPreview struct {
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
}

// BulkStatusRequest is the body of POST /api/admin/applications/bulk:
// up to 100 applications moved to status, with the candidate e-mail when
// notify is set.
type BulkStatusRequest struct {
	IDs    []string `json:"ids"`
	Status string   `json:"status"`
	Notify bool     `json:"notify"`
}

// BulkStatusResult is what the bulk change did to one application.
type BulkStatusResult struct {
	ID        string `json:"id"`
	Reference string `json:"reference,omitempty"`
	OK        bool   `json:"ok"`
	Changed   bool   `json:"changed"` // false: it had the status already
	Mailed    bool   `json:"mailed"`
	Error     string `json:"error,omitempty"`
}

// BulkStatusAnswer is POST /api/admin/applications/bulk's answer, one
// result per ID in the order given.
type BulkStatusAnswer struct {
	Results []BulkStatusResult `json:"results"`
	Moved   int                `json:"moved"`
	Mailed  int                `json:"mailed"`
	Failed  int                `json:"failed"`
}
