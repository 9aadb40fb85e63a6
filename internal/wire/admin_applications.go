package wire

import "time"

// The staff console's applications inbox (/api/admin/applications...).
// No type here ever carries a national ID number except RevealedID, the
// answer of the one route that records who asked for it.

// ApplicationRow is one application in the inbox's table.
type ApplicationRow struct {
	ID        string    `json:"id"`
	Reference string    `json:"reference"`
	FullName  string    `json:"fullName"`
	Email     string    `json:"email"`
	JobID     string    `json:"jobId"`
	JobTitle  string    `json:"jobTitle"` // "" when the job was deleted
	Status    string    `json:"status"`
	Spam      bool      `json:"spam"`
	AppliedAt time.Time `json:"appliedAt"`
	// Folder is where the application is: FolderApplications or
	// FolderSpam.
	Folder string `json:"folder"`
	// WithdrawnAt is when the applicant withdrew it from their status
	// page; null while it stands.
	WithdrawnAt *time.Time `json:"withdrawnAt"`
	// Source is the src (or utm_source) of the link the applicant came
	// by; "" when none.
	Source string `json:"source"`
}

// SourceCount is how many applications came from one source; Source ""
// counts those sent without one.
type SourceCount struct {
	Source string `json:"source"`
	Count  int    `json:"count"`
}

// Folders of the applications inbox, as ApplicationRow.Folder names them.
const (
	FolderApplications = "applications" // the default list
	FolderSpam         = "spam"         // Suspected spam
)

// JobChoice is a job offered by the inbox's job filter.
type JobChoice struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// ApplicationList is GET /api/admin/applications: one page of the
// applications the filters select, and what the filters offer.
type ApplicationList struct {
	Rows []ApplicationRow `json:"rows"`
	// Total is the number of applications the filters select.
	Total    int `json:"total"`
	Page     int `json:"page"` // 1-based
	PageSize int `json:"pageSize"`
	Pages    int `json:"pages"` // at least 1
	// Jobs are every job, for the job filter; Statuses the pipeline's
	// statuses in order.
	Jobs     []JobChoice `json:"jobs"`
	Statuses []string    `json:"statuses"`
	// Sources are the sources of every application, the most first, for
	// the source filter (whose value "-" selects those without one).
	Sources []SourceCount `json:"sources"`
	// Found are the applications whose reference or e-mail address is
	// exactly the search (ignoring case; a reference with or without
	// "APP-"), in any folder and whatever the other filters, so that a
	// search for one is never answered "no match" while it exists. At
	// most MaxFound.
	Found []ApplicationRow `json:"found"`
	// SpamQueue is how many suspected spam applications wait for review.
	SpamQueue int `json:"spamQueue"`
}

// MaxFound bounds ApplicationList.Found (one address may have applied
// to many jobs).
const MaxFound = 20

// ApplicationCertification is a certification an applicant listed;
// Document is the ID of its document ("" when none was attached).
type ApplicationCertification struct {
	Name     string `json:"name"`
	Document string `json:"document"`
}

// ApplicationDocument is a document of an application, downloaded from
// GET /api/admin/applications/{id}/documents/{id}.
type ApplicationDocument struct {
	// ID is resume, national-id or certification-N (1-based).
	ID          string `json:"id"`
	Label       string `json:"label"`
	FileName    string `json:"fileName"` // what the download is saved as
	ContentType string `json:"contentType"`
}

// ApplicationNote is an internal note of staff on an application.
type ApplicationNote struct {
	ID         string    `json:"id"`
	AuthorName string    `json:"authorName"`
	Body       string    `json:"body"`
	CreatedAt  time.Time `json:"createdAt"`
}

// VoluntaryAnswers are an applicant's optional equal-opportunity answers;
// "" = prefer not to say.
type VoluntaryAnswers struct {
	Gender           string `json:"gender"`
	DisabilityStatus string `json:"disabilityStatus"`
}

// ApplicationDetail is GET /api/admin/applications/{id}: every field of an
// application. The national ID shows only its type and last four
// characters (NationalIDMasked, e.g. "•••• 1234").
type ApplicationDetail struct {
	ID              string    `json:"id"`
	Reference       string    `json:"reference"`
	JobID           string    `json:"jobId"`
	JobTitle        string    `json:"jobTitle"`
	Status          string    `json:"status"`
	StatusChangedAt time.Time `json:"statusChangedAt"`
	// WithdrawnAt is when the applicant withdrew the application from
	// their status page; null while it stands.
	WithdrawnAt *time.Time `json:"withdrawnAt"`
	Spam        bool       `json:"spam"`
	// SpamReasons say why it was suspected on arrival ("" if it was not);
	// SpamReview is staff's verdict: "", "spam" or "not-spam".
	SpamReasons string `json:"spamReasons"`
	SpamReview  string `json:"spamReview"`
	// ConfirmationHeld: the applicant has not been sent the confirmation
	// yet; marking the application not spam sends it.
	ConfirmationHeld   bool                       `json:"confirmationHeld"`
	AppliedAt          time.Time                  `json:"appliedAt"`
	UpdatedAt          time.Time                  `json:"updatedAt"`
	FirstName          string                     `json:"firstName"`
	MiddleName         string                     `json:"middleName"`
	LastName           string                     `json:"lastName"`
	FullName           string                     `json:"fullName"`
	Email              string                     `json:"email"`
	Phone              string                     `json:"phone"` // country code and number
	Address            string                     `json:"address"`
	LinkedIn           string                     `json:"linkedin"`
	Website            string                     `json:"website"`
	LocationPreference string                     `json:"locationPreference"`
	AvailabilityDate   string                     `json:"availabilityDate"`
	WorkExperiences    []WorkExperience           `json:"workExperiences"`
	Educations         []Education                `json:"educations"`
	Skills             []string                   `json:"skills"`
	Certifications     []ApplicationCertification `json:"certifications"`
	CoverLetter        string                     `json:"coverLetter"`
	HeardFrom          string                     `json:"heardFrom"`
	// Source is the src (or utm_source) of the link the applicant came
	// by; "" when none (and for applications from before sources were
	// kept).
	Source            string `json:"source"`
	EligibleToWork    bool   `json:"eligibleToWork"`
	WillingToRelocate bool   `json:"willingToRelocate"`
	// Voluntary holds the equal-opportunity answers, for admins only:
	// null for the other roles, who review without them.
	Voluntary        *VoluntaryAnswers     `json:"voluntary"`
	NationalIDType   string                `json:"nationalIdType"`
	NationalIDMasked string                `json:"nationalIdMasked"` // "" when no number is stored
	ConsentVersion   string                `json:"consentVersion"`
	ConsentAt        time.Time             `json:"consentAt"`
	Documents        []ApplicationDocument `json:"documents"`
	Notes            []ApplicationNote     `json:"notes"`
	Statuses         []string              `json:"statuses"`
}

// RevealedID is the answer of POST /api/admin/applications/{id}/reveal-id:
// the national ID number, shown once the audit log has recorded who asked.
type RevealedID struct {
	Type   string `json:"type"`
	Number string `json:"number"`
}

// StatusChange is the body of PATCH /api/admin/applications/{id}/status.
// Notify sends the new stage's candidate e-mail (interview, rejected and
// offer have one) with the change.
type StatusChange struct {
	Status string `json:"status"`
	Notify bool   `json:"notify"`
}

// NoteRequest is the body of POST /api/admin/applications/{id}/notes
// (1 to 5000 characters once trimmed).
type NoteRequest struct {
	Body string `json:"body"`
}

// ApplicationErased is the answer of DELETE /api/admin/applications/{id}.
type ApplicationErased struct {
	Reference string `json:"reference"`
	// FilesDeleted is false when some of its documents could not be
	// deleted now; the orphan sweeper removes them later.
	FilesDeleted bool `json:"filesDeleted"`
}
