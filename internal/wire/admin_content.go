package wire

import "time"

// The staff console's jobs and blog posts (/api/admin/jobs, /api/admin/posts).

// AdminJobSummary is one row of GET /api/admin/jobs.
type AdminJobSummary struct {
	ID       string `json:"id"`
	JobTitle string `json:"jobTitle"`
	Location string `json:"location"`
	Status   string `json:"status"` // draft, open or closed
	// ClosingDate is the last day to apply (YYYY-MM-DD), or "".
	ClosingDate string `json:"closingDate"`
	// Expired says the closing date has passed: an open job that visitors
	// no longer see.
	Expired   bool      `json:"expired"`
	UpdatedAt time.Time `json:"updatedAt"`
	// Applications counts the job's applications outside the spam
	// folder; NewApplications those of them still at stage new.
	Applications    int `json:"applications"`
	NewApplications int `json:"newApplications"`
}

// AdminJobList is GET /api/admin/jobs?page=N: a page of the jobs of
// every status, newest first.
type AdminJobList struct {
	Jobs  []AdminJobSummary `json:"jobs"`
	Page  int               `json:"page"`
	Pages int               `json:"pages"`
	Total int               `json:"total"`
}

// AdminJobInput is the body of POST /api/admin/jobs, PUT
// /api/admin/jobs/{id} and POST /api/admin/jobs/preview: every field a
// member of staff edits. Description is HTML (sanitised by the server).
type AdminJobInput struct {
	JobTitle       string `json:"jobTitle"`
	Experience     string `json:"experience"` // years: "3", "2-4" or "5+"
	Location       string `json:"location"`
	Department     string `json:"department"`
	EmploymentType string `json:"employmentType"` // FULL_TIME, PART_TIME, CONTRACTOR, INTERN or ""
	SalaryMin      int64  `json:"salaryMin"`      // rupees a year; 0 = not stated
	SalaryMax      int64  `json:"salaryMax"`
	ClosingDate    string `json:"closingDate"` // YYYY-MM-DD or ""
	Description    string `json:"description"`
}

// CheckItem is one line of a structured-data check: what a search
// engine's guidelines ask for and whether the page's JSON-LD has it.
type CheckItem struct {
	Field    string `json:"field"` // the JSON-LD property, e.g. "validThrough"
	Label    string `json:"label"` // in words, e.g. "Closing date"
	OK       bool   `json:"ok"`
	Required bool   `json:"required"` // required (else recommended)
	// Hint says how to supply a missing item ("" when OK).
	Hint string `json:"hint"`
}

// AdminJob is a job as the console edits it (GET /api/admin/jobs/{id} and
// the answer to every write), with the structured-data check of the page
// it makes.
type AdminJob struct {
	ID             string    `json:"id"`
	JobTitle       string    `json:"jobTitle"`
	Experience     string    `json:"experience"`
	Location       string    `json:"location"`
	Department     string    `json:"department"`
	EmploymentType string    `json:"employmentType"`
	SalaryMin      int64     `json:"salaryMin"`
	SalaryMax      int64     `json:"salaryMax"`
	ClosingDate    string    `json:"closingDate"` // YYYY-MM-DD or ""
	Description    string    `json:"description"` // as sanitised
	Status         string    `json:"status"`
	Expired        bool      `json:"expired"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
	// URL is the path of the public page (shown while the job is open).
	URL   string      `json:"url"`
	Check []CheckItem `json:"check"`
}

// PagePreview is the answer to POST /api/admin/jobs/preview and
// /api/admin/posts/preview: the public page as visitors would see it, a
// complete HTML document for a sandboxed iframe, and (for a job) its
// structured-data check.
type PagePreview struct {
	HTML  string      `json:"html"`
	Check []CheckItem `json:"check"`
}

// AdminPostSummary is one row of GET /api/admin/posts.
type AdminPostSummary struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	Status    string    `json:"status"` // draft or published
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// AdminPostList is GET /api/admin/posts?page=N: a page of posts of every
// status, newest first.
type AdminPostList struct {
	Posts []AdminPostSummary `json:"posts"`
	Page  int                `json:"page"`
	Pages int                `json:"pages"`
	Total int                `json:"total"`
}

// AdminPostInput is the body of POST /api/admin/posts, PUT
// /api/admin/posts/{id} and POST /api/admin/posts/preview. Content is HTML
// made of sections, each starting with an <h2> (sanitised by the server).
// The cover image is uploaded on its own (POST .../cover).
type AdminPostInput struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Content     string `json:"content"`
}

// ImageVersion is one size of a cover image: URL is the JPEG's path,
// AVIF and WebP those of the same size in these formats when it was
// stored in them.
type ImageVersion struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	AVIF   string `json:"avif,omitempty"`
	WebP   string `json:"webp,omitempty"`
}

// AdminPost is a blog post as the console edits it.
type AdminPost struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Content     string `json:"content"` // as sanitised
	Status      string `json:"status"`
	// Image is the cover's URL path ("" = none); ImageVersions its sizes.
	Image         string         `json:"image"`
	ImageVersions []ImageVersion `json:"imageVersions"`
	CreatedAt     time.Time      `json:"createdAt"`
	UpdatedAt     time.Time      `json:"updatedAt"`
	URL           string         `json:"url"` // the public page's path
}

// Deleted is the answer of DELETE /api/admin/jobs/{id} and
// DELETE /api/admin/posts/{id}.
type Deleted struct {
	Deleted bool `json:"deleted"`
}
