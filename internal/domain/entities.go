package domain

import "time"

// JobStatus says whether a job is offered to visitors.
type JobStatus string

// Job statuses. Only open jobs whose closing date has not passed are public.
const (
	JobDraft  JobStatus = "draft"
	JobOpen   JobStatus = "open"
	JobClosed JobStatus = "closed"
)

// Job is an open position (spec: collection jobDescription).
type Job struct {
	ID         string `json:"id"`
	JobTitle   string `json:"jobTitle"`
	Experience string `json:"experience"` // years, e.g. "2-4" or "5+"
	Location   string `json:"location"`
	// Description is sanitised HTML.
	Description    string     `json:"description"`
	Department     string     `json:"department,omitempty"`
	EmploymentType string     `json:"employmentType,omitempty"` // FULL_TIME, PART_TIME, CONTRACTOR, INTERN
	SalaryMin      int64      `json:"salaryMin,omitempty"`      // rupees a year; 0 = not stated
	SalaryMax      int64      `json:"salaryMax,omitempty"`
	ClosingDate    *time.Time `json:"closingDate,omitempty"` // last day to apply, UTC midnight
	Status         JobStatus  `json:"status"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
}

// ClosesAt returns the moment applications close for a job with the given
// closing date (the last day to apply): the UTC midnight after that day.
// It is zero when there is no closing date. Caches expire pages at it.
func ClosesAt(closingDate *time.Time) time.Time {
	if closingDate == nil {
		return time.Time{}
	}
	d := closingDate.UTC()
	return time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, time.UTC)
}

// Expired reports whether the job's closing date lies before the day of now.
func (j Job) Expired(now time.Time) bool {
	t := ClosesAt(j.ClosingDate)
	return !t.IsZero() && !now.Before(t)
}

// Public reports whether visitors may see and apply for the job.
func (j Job) Public(now time.Time) bool {
	return j.Status == JobOpen && !j.Expired(now)
}

// PostStatus says whether a blog post is visible to visitors.
type PostStatus string

// Blog post statuses.
const (
	PostDraft     PostStatus = "draft"
	PostPublished PostStatus = "published"
)

// BlogPost is an article (spec: collection blogs).
type BlogPost struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"` // URL path of a public image, or ""
	// Content is sanitised HTML made of <h2> sections.
	Content   string     `json:"content"`
	Status    PostStatus `json:"status"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
}

// CommentStatus says whether a comment is shown under its post.
type CommentStatus string

// Comment statuses. Suspected spam is kept for staff to review.
const (
	CommentVisible CommentStatus = "visible"
	CommentSpam    CommentStatus = "spam"
	CommentHidden  CommentStatus = "hidden"
)

// Comment is a visitor's comment on a blog post (spec: collection comments).
type Comment struct {
	ID        string        `json:"id"`
	BlogID    string        `json:"blogId"`
	Name      string        `json:"name"`
	Email     string        `json:"-"` // never shown publicly
	Website   string        `json:"website,omitempty"`
	Comment   string        `json:"comment"`
	Status    CommentStatus `json:"-"`
	CreatedAt time.Time     `json:"createdAt"`
}

// ContactMessage is a message sent with the contact form (spec: collection contacts).
type ContactMessage struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message"`
	Spam      bool      `json:"spam"`
	Handled   bool      `json:"handled"`
	CreatedAt time.Time `json:"timestamp"`
}

// WorkExperience is one earlier job of an applicant.
type WorkExperience struct {
	JobTitle         string `json:"jobTitle"`
	CompanyName      string `json:"companyName"`
	StartDate        string `json:"startDate"` // YYYY-MM-DD
	EndDate          string `json:"endDate"`   // YYYY-MM-DD or "" for current
	Responsibilities string `json:"responsibilities"`
}

// Education is one qualification of an applicant.
type Education struct {
	Level          string `json:"level"` // 10th, 12th, Bachelor's, Master's, PhD
	Institution    string `json:"institution"`
	BoardName      string `json:"boardName,omitempty"` // 10th and 12th only
	Degree         string `json:"degree,omitempty"`    // other levels
	FieldOfStudy   string `json:"fieldOfStudy,omitempty"`
	Location       string `json:"location"` // Indian state or union territory
	GraduationDate string `json:"graduationDate"`
	ScoreType      string `json:"scoreType"` // percentage or cgpa
	Score          string `json:"score"`     // decimal, step 0.01
}

// Certification is a certificate an applicant lists, with its document.
type Certification struct {
	Name        string `json:"name"`
	DocumentKey string `json:"documentKey,omitempty"` // blob key, private
}

// Application is a job application (spec: collection jobApplications).
// Uploaded files are stored in private blob storage and referenced by key.
type Application struct {
	ID                 string           `json:"id"`
	Reference          string           `json:"reference"` // shown to the applicant
	JobID              string           `json:"jobId"`
	FirstName          string           `json:"firstName"`
	MiddleName         string           `json:"middleName"`
	LastName           string           `json:"lastName"`
	FullName           string           `json:"fullName"`
	Email              string           `json:"email"`
	PhoneCountryCode   string           `json:"phoneCountryCode"`
	PhoneNumber        string           `json:"phoneNumber"`
	Address            string           `json:"address"`
	LinkedIn           string           `json:"linkedin"`
	Website            string           `json:"website"`
	LocationPreference string           `json:"locationPreference"`
	AvailabilityDate   string           `json:"availabilityDate"` // YYYY-MM-DD
	WorkExperiences    []WorkExperience `json:"workExperiences"`
	Educations         []Education      `json:"educations"`
	Skills             []string         `json:"skills"`
	Certifications     []Certification  `json:"certifications"`
	ResumeKey          string           `json:"resumeKey"`
	CoverLetter        string           `json:"coverLetter"`
	HeardFrom          string           `json:"heardFrom"`
	EligibleToWork     bool             `json:"eligibleToWork"`
	WillingToRelocate  bool             `json:"willingToRelocate"`
	Gender             string           `json:"gender"`
	DisabilityStatus   string           `json:"disabilityStatus"`
	NationalIDType     string           `json:"nationalIdType"`
	// NationalIDNumberEnc is the encrypted national ID number; the plain
	// number never reaches a store or a log.
	NationalIDNumberEnc   []byte    `json:"-"`
	NationalIDLast4       string    `json:"nationalIdLast4"`
	NationalIDDocumentKey string    `json:"nationalIdDocumentKey"`
	ConsentVersion        string    `json:"consentVersion"`
	ConsentAt             time.Time `json:"consentAt"`
	Spam                  bool      `json:"spam"`
	AppliedAt             time.Time `json:"appliedAt"`
	UpdatedAt             time.Time `json:"updatedAt"`
}

// DefaultRetentionDays is how long applications and their documents are
// kept before they are purged, unless the operator configures another
// period (decisions.md). The privacy page states the configured figure.
const DefaultRetentionDays = 365

// MaxRetentionDays bounds the configured retention period (ten years).
const MaxRetentionDays = 3650

// BlobKeys returns every blob key the application references.
func (a Application) BlobKeys() []string {
	var keys []string
	for _, k := range []string{a.ResumeKey, a.NationalIDDocumentKey} {
		if k != "" {
			keys = append(keys, k)
		}
	}
	for _, c := range a.Certifications {
		if c.DocumentKey != "" {
			keys = append(keys, c.DocumentKey)
		}
	}
	return keys
}

// StaffUser is a member of staff who signs in to the console.
type StaffUser struct {
	ID           string    `json:"id"`
	Email        string    `json:"email"`
	Name         string    `json:"name"`
	PasswordHash string    `json:"-"`
	Role         string    `json:"role"` // admin or editor
	CreatedAt    time.Time `json:"createdAt"`
}

// OutboxStatus is where an outgoing e-mail stands.
type OutboxStatus string

// Outbox statuses. A message is queued until a sender claims it; it is
// sending while the claim's lease lasts, and queued again (for a later
// attempt) or sent or failed afterwards. A sending message whose lease
// has run out (its sender died) is due again.
const (
	OutboxQueued  OutboxStatus = "queued"
	OutboxSending OutboxStatus = "sending"
	OutboxSent    OutboxStatus = "sent"
	OutboxFailed  OutboxStatus = "failed"
)

// OutboxMessage is an e-mail waiting in the database to be sent (staff
// notifications), so that a mail outage delays a message but never loses
// it. The sender's address is configuration, not part of the message.
type OutboxMessage struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	// Body is plain text.
	Body string `json:"body"`
	// ReplyTo is the address answers go to (a visitor's), or "".
	ReplyTo  string       `json:"replyTo,omitempty"`
	Status   OutboxStatus `json:"status"`
	Attempts int          `json:"attempts"` // claims so far, including the one in progress
	// NextAttemptAt is when a queued message is due, or when the lease of
	// a sending one runs out.
	NextAttemptAt time.Time `json:"nextAttemptAt"`
	// LastError is the last delivery failure as the mail server put it
	// (no message content), or "".
	LastError string     `json:"lastError,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	SentAt    *time.Time `json:"sentAt,omitempty"`
}
