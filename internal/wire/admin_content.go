package wire

import "time"

// The staff console's jobs and blog posts (/api/admin/jobs, /api/admin/posts).

// AdminJobSummary is one row of GET /api/admin/jobs.
type AdminJobSummary struct {
	ID       string `json:"id"`
	JobTitle string `json:"jobTitle"`
	Location string `json:"location"`
	Status   string `json:"status"` // draft, open or closed
	// Unmapped names the facts that are text from before the lists and
	// need an admin to map them: "location", "department", "experience".
	Unmapped []string `json:"unmapped"`
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
	JobTitle string `json:"jobTitle"`
	// LocationID and DepartmentID are entries of the lists (GET
	// /api/admin/job-lists); "" keeps a location or department from
	// before the lists, as the job shows it, or leaves the department
	// out.
	LocationID   string `json:"locationId"`
	DepartmentID string `json:"departmentId"`
	Workplace    string `json:"workplace"` // onsite, hybrid or remote; "" = onsite
	// YearsMin and YearsMax are the years of experience asked for, whole
	// numbers from 0 to 50; null YearsMax = no maximum ("5+"). A null
	// YearsMin keeps experience text from before the range.
	YearsMin       *int   `json:"yearsMin"`
	YearsMax       *int   `json:"yearsMax"`
	EmploymentType string `json:"employmentType"` // FULL_TIME, PART_TIME, CONTRACTOR, INTERN or ""
	SalaryMin      int64  `json:"salaryMin"`      // rupees a year; 0 = not stated
	SalaryMax      int64  `json:"salaryMax"`
	ClosingDate    string `json:"closingDate"` // YYYY-MM-DD or ""
	Description    string `json:"description"`
	// BaseVersion is the version of the job the edit started from (its
	// Version when loaded); a save based on an older one is refused with a
	// conflict. Not used by create and preview.
	BaseVersion int `json:"baseVersion"`
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
	Experience     string    `json:"experience"` // as pages show it: "2-4", "5+", "3"
	Location       string    `json:"location"`
	Department     string    `json:"department"`
	LocationID     string    `json:"locationId"`   // "" = not mapped (Location is text from before the list)
	DepartmentID   string    `json:"departmentId"` // "" = none, or not mapped when Department is set
	Workplace      string    `json:"workplace"`
	YearsMin       *int      `json:"yearsMin"` // null = not mapped (Experience is text from before the range)
	YearsMax       *int      `json:"yearsMax"` // null = no maximum
	Unmapped       []string  `json:"unmapped"` // see AdminJobSummary
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
	// Version counts the job's saves; UpdatedBy names who made the last
	// one ("" = not named).
	Version   int    `json:"version"`
	UpdatedBy string `json:"updatedBy"`
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
	// Schedule is when a draft publishes itself; nil = not scheduled.
	Schedule *AdminPostSchedule `json:"schedule"`
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
	// Tags are the post's tags, as typed (see domain.TagsProblem);
	// absent, the stored ones stay.
	Tags *[]string `json:"tags,omitempty"`
	// ImageAlt describes the cover image for people who cannot see it;
	// needed to publish a post that has a cover.
	ImageAlt string `json:"imageAlt"`
	// AuthorID is the account of the post's author ("" = none; see GET
	// /api/admin/authors); absent, the stored author stays, and a new
	// post's is the member creating it when they may be an author.
	AuthorID *string `json:"authorId,omitempty"`
	// BaseVersion is as AdminJobInput's.
	BaseVersion int `json:"baseVersion"`
	// Slug, SEOTitle and SEODescription are the post's address and search
	// fields (see domain.PostSlugProblem); absent, the stored ones stay.
	Slug           *string `json:"slug,omitempty"`
	SEOTitle       *string `json:"seoTitle,omitempty"`
	SEODescription *string `json:"seoDescription,omitempty"`
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

// PostImage is a picture uploaded for the text of a post: the text's
// <img> refers to Src, the widest JPEG, of Width × Height pixels; the
// post's page offers every one of Versions.
type PostImage struct {
	Src      string         `json:"src"`
	Width    int            `json:"width"`
	Height   int            `json:"height"`
	Versions []ImageVersion `json:"versions"`
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
	ImageAlt      string         `json:"imageAlt"`
	ImageVersions []ImageVersion `json:"imageVersions"`
	CreatedAt     time.Time      `json:"createdAt"`
	UpdatedAt     time.Time      `json:"updatedAt"`
	URL           string         `json:"url"`            // the public page's path
	Tags          []string       `json:"tags,omitempty"` // none: absent
	Version       int            `json:"version"`
	UpdatedBy     string         `json:"updatedBy"`
	// Schedule is when a draft publishes itself; nil = not scheduled.
	Schedule *AdminPostSchedule `json:"schedule"`
	// AuthorID is the account of the post's author ("" = none).
	AuthorID string `json:"authorId"`
	// Slug ("" = none: the address is the ID), SEOTitle, SEODescription
	// and SocialImage (the URL path of the 1200 × 630 picture, "" = none)
	// are the post's address and search fields.
	Slug           string `json:"slug"`
	SEOTitle       string `json:"seoTitle"`
	SEODescription string `json:"seoDescription"`
	SocialImage    string `json:"socialImage"`
	// EarlierSlugs are the slugs the post was published under before,
	// newest first: their addresses lead to it (301).
	EarlierSlugs []string `json:"earlierSlugs"`
}

// EditConflict is what a save refused as a conflict tells the editor:
// who saved the item after the version the save was based on, when, and
// the item as they saved it (Job or Post), to compare with the edit.
type EditConflict struct {
	ChangedBy   string     `json:"changedBy"` // "" = not named
	ChangedAt   time.Time  `json:"changedAt"`
	BaseVersion int        `json:"baseVersion"`
	Version     int        `json:"version"` // the stored version
	Job         *AdminJob  `json:"job,omitempty"`
	Post        *AdminPost `json:"post,omitempty"`
}

// AdminRevision is one kept revision of a job or a post.
type AdminRevision struct {
	Version int       `json:"version"`
	SavedAt time.Time `json:"savedAt"`
	SavedBy string    `json:"savedBy"` // "" = not named
	Status  string    `json:"status"`  // the item's status in that version
}

// AdminRevisionList is GET /api/admin/jobs/{id}/revisions and
// /api/admin/posts/{id}/revisions: the kept revisions, newest first (the
// first is the current version).
type AdminRevisionList struct {
	Revisions []AdminRevision `json:"revisions"`
}

// RestoreInput is the body of POST .../revisions/{version}/restore: the
// version of the item the restore is based on, as a save's.
type RestoreInput struct {
	BaseVersion int `json:"baseVersion"`
}

// Deleted is the answer of DELETE /api/admin/jobs/{id} and
// DELETE /api/admin/posts/{id}.
type Deleted struct {
	Deleted bool `json:"deleted"`
}

// JobLocation is an entry of the locations list: a city's canonical name
// and its aliases.
type JobLocation struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Aliases []string `json:"aliases"`
	Jobs    int      `json:"jobs"` // how many jobs use it
}

// JobLocationInput is the body of POST /api/admin/job-locations and PUT
// /api/admin/job-locations/{id}.
type JobLocationInput struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases"`
}

// JobDepartment is an entry of the departments list.
type JobDepartment struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Jobs int    `json:"jobs"` // how many jobs use it
}

// JobDepartmentInput is the body of POST /api/admin/job-departments and
// PUT /api/admin/job-departments/{id}.
type JobDepartmentInput struct {
	Name string `json:"name"`
}

// UnmappedJob is a job whose facts are text from before the lists, that
// an admin maps by editing it.
type UnmappedJob struct {
	ID         string   `json:"id"`
	JobTitle   string   `json:"jobTitle"`
	Status     string   `json:"status"`
	Location   string   `json:"location"`
	Department string   `json:"department"`
	Experience string   `json:"experience"`
	Facts      []string `json:"facts"` // which need mapping: location, department, experience
}

// JobLists is GET /api/admin/job-lists: the lists a job's facts are
// picked from, the workplace types, and the jobs whose facts need mapping.
type JobLists struct {
	Locations   []JobLocation   `json:"locations"`
	Departments []JobDepartment `json:"departments"`
	Workplaces  []string        `json:"workplaces"`
	YearsMax    int             `json:"yearsMax"`
	Unmapped    []UnmappedJob   `json:"unmapped"`
}
