package wire

// DashboardCounts is GET /api/admin/dashboard: what needs attention, for
// the parts of the console the member of staff may open (the others are
// 0 and left out of the screen).
type DashboardCounts struct {
	NewApplications int `json:"newApplications"`
	// SuspectedSpam is the applications waiting in the Suspected spam
	// queue for a verdict.
	SuspectedSpam  int `json:"suspectedSpam"`
	UnreadMessages int `json:"unreadMessages"`
	// UnassignedMessages are the inbox's messages no one handles yet.
	UnassignedMessages int `json:"unassignedMessages"`
	HeldComments       int `json:"heldComments"`
	FailedMail         int `json:"failedMail"`
}
