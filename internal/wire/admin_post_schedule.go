package wire

import "time"

// AdminPostSchedule is when a scheduled draft post publishes itself.
type AdminPostSchedule struct {
	PublishAt time.Time `json:"publishAt"`
	// Local is PublishAt in the site's zone as the form's field holds it
	// ("2026-12-03T09:00").
	Local string `json:"local"`
	// Text says it in words: "Scheduled for 3 December 2026, 09:00 IST".
	Text   string `json:"text"`
	ByName string `json:"byName"` // who scheduled it
}

// AdminPostScheduleInput is POST /api/admin/posts/{id}/schedule: the
// time, in the site's zone, as a datetime-local field sends it
// ("2026-12-03T09:00").
type AdminPostScheduleInput struct {
	PublishAt string `json:"publishAt"`
}
