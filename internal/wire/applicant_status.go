package wire

import "time"

// The applicant's status page (/application-status#t={token}) posts the
// token of its private link in every body, never in a URL: URLs reach
// logs and Referer headers, bodies do not.

// StatusTokenRequest is the body of POST /api/application-status (the
// page's view), …/withdraw and …/download.
type StatusTokenRequest struct {
	Token string `json:"token"`
}

// StatusEraseRequest is the body of POST /api/application-status/erase.
// Confirm must be "erase": the applicant confirmed in the page's dialog.
type StatusEraseRequest struct {
	Token   string `json:"token"`
	Confirm string `json:"confirm"`
}

// ApplicantStatus is what the status page shows: the answer of POST
// /api/application-status and …/withdraw.
type ApplicantStatus struct {
	Reference string    `json:"reference"`
	JobTitle  string    `json:"jobTitle"`
	AppliedAt time.Time `json:"appliedAt"`
	// Stage is one of received, reviewing, interview, offer, closed
	// and withdrawn.
	Stage string `json:"stage"`
	// StageLabel is the stage as the page names it ("Under review").
	StageLabel string `json:"stageLabel"`
	// NextSteps says, in a sentence or two, what happens next.
	NextSteps string `json:"nextSteps"`
	// CanWithdraw is false once the application is withdrawn or closed.
	CanWithdraw bool `json:"canWithdraw"`
}

// StatusErased is the answer of POST /api/application-status/erase.
type StatusErased struct {
	Reference string `json:"reference"`
}

// StatusLinkRequest is the body of POST /api/application-status/link:
// the "Lost your link?" form. Homepage is the hidden field people leave
// empty.
type StatusLinkRequest struct {
	Email     string `json:"email"`
	Reference string `json:"reference"`
	Homepage  string `json:"homepage"`
}

// StatusLinkAccepted is the answer of POST /api/application-status/link
// (202), the same whether or not an application matched.
type StatusLinkAccepted struct {
	Message string `json:"message"`
}
