package wire

import "time"

// JobAlertRequest is the body of POST /api/job-alerts: a visitor asks to
// hear about new jobs matching a search by e-mail.
type JobAlertRequest struct {
	Email string `json:"email"`
	// Filter is the search as a URL query string (the /jobs page's, or a
	// job's location and department); the server keeps its canonical form.
	Filter string `json:"filter"`
	// Frequency is "daily" or "weekly".
	Frequency string `json:"frequency"`
	// Website is a honeypot: hidden from people, filled in by bots.
	Website string `json:"website"`
	// ElapsedMs is how long the form was on screen before it was sent.
	ElapsedMs *int64 `json:"elapsedMs"`
}

// JobAlertAccepted is the 202 answer to POST /api/job-alerts, the same
// whether or not the address had an alert already.
type JobAlertAccepted struct {
	Message string `json:"message"`
}

// JobAlertTokenRequest is the body of the alert page's requests: the
// token of its link.
type JobAlertTokenRequest struct {
	Token string `json:"token"`
}

// JobAlertFrequencyRequest changes how often an alert's digest comes.
type JobAlertFrequencyRequest struct {
	Token     string `json:"token"`
	Frequency string `json:"frequency"`
}

// JobAlertView is an alert as its page shows it.
type JobAlertView struct {
	// Email is the address, partly hidden (a***@example.com).
	Email string `json:"email"`
	// Filter is the search in words ("All open positions" for none).
	Filter string `json:"filter"`
	// SearchPath is the /jobs page of the search.
	SearchPath string `json:"searchPath"`
	Frequency  string `json:"frequency"`
	Confirmed  bool   `json:"confirmed"`
	// ExpiresAt is when the alert ends unless renewed.
	ExpiresAt time.Time `json:"expiresAt"`
	// Message says what the request just did ("" for a plain view).
	Message string `json:"message,omitempty"`
}

// JobAlertCount is one line of the console's job alert counts: how many
// confirmed alerts have a search, by frequency (no addresses).
type JobAlertCount struct {
	Filter     string `json:"filter"`
	SearchPath string `json:"searchPath"`
	Daily      int    `json:"daily"`
	Weekly     int    `json:"weekly"`
}

// JobAlertCounts is the answer of GET /api/admin/job-alerts.
type JobAlertCounts struct {
	Total  int             `json:"total"`
	Counts []JobAlertCount `json:"counts"`
}
