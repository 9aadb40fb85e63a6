package wire

import "time"

// ApplicationTimeline is an application's history as the console shows it
// (GET /api/admin/applications/{id}/timeline), oldest first.
type ApplicationTimeline struct {
	Events []TimelineEvent `json:"events"`
}

// TimelineEvent is one thing that happened to an application. Kind is
// one of received, replaced, opened, stage, spam, not-spam, id-revealed,
// document, email, note, withdrawn.
type TimelineEvent struct {
	At   time.Time `json:"at"`
	Kind string    `json:"kind"`
	// Actor is the member of staff who did it ("" for the applicant or
	// the site).
	Actor string `json:"actor"`
	// Text is what happened in a few words: "new → reviewing", an
	// e-mail's subject, a note's first line, a document's ID.
	Text string `json:"text"`
	// Status is an e-mail's: queued, sending, sent or failed ("" for
	// other events).
	Status string `json:"status"`
}
