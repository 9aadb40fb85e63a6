package wire

import "time"

// A job's board in the staff console (/api/admin/jobs/{id}/board): its
// applications in a column per stage of the pipeline. Suspected spam is
// not on it.

// BoardCard is one application on a job's board.
type BoardCard struct {
	ID        string    `json:"id"`
	Reference string    `json:"reference"`
	FullName  string    `json:"fullName"`
	AppliedAt time.Time `json:"appliedAt"`
	// WithdrawnAt is when the applicant withdrew it; null while it
	// stands. A withdrawn card is shown marked and is not moved.
	WithdrawnAt *time.Time `json:"withdrawnAt"`
}

// BoardColumn is one stage of a job's board.
type BoardColumn struct {
	Status string `json:"status"` // new, reviewing, interview, offer, hired or rejected
	// Count is every application at this stage; Cards the newest
	// BoardColumnCap of them, and More how many more there are.
	Count int         `json:"count"`
	Cards []BoardCard `json:"cards"`
	More  int         `json:"more"`
}

// JobBoard is GET /api/admin/jobs/{id}/board: a column per status, in
// pipeline order (every status, empty or not).
type JobBoard struct {
	JobID    string        `json:"jobId"`
	JobTitle string        `json:"jobTitle"`
	Columns  []BoardColumn `json:"columns"`
	// Cap is the most cards a column holds (BoardColumnCap).
	Cap int `json:"cap"`
	// Sources count the job's applications (suspected spam left out) by
	// the source of the link they came by, the most first; Source ""
	// counts those without one.
	Sources []SourceCount `json:"sources"`
}

// BoardColumnCap bounds the cards of one column of a board.
const BoardColumnCap = 200
