package domain

import (
	"context"
	"slices"
	"time"
)

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
	ID       string `json:"id"`
	JobTitle string `json:"jobTitle"`
	// Experience is the years of experience as pages show them ("2-4",
	// "5+", "3"): ExperienceText of YearsMin and YearsMax when those are
	// set; a job stored before they existed may hold text they could not
	// be read from (see MapJobFacts).
	Experience string `json:"experience"`
	// Location is the city pages show: the name of the list entry
	// LocationID when set (renaming the entry renames it here too).
	Location string `json:"location"`
	// LocationID is the job's entry of the locations list; "" = not
	// mapped yet (a job stored before the list, whose text matched none).
	LocationID string `json:"locationId,omitempty"`
	// DepartmentID is the job's entry of the departments list, whose name
	// Department holds; "" = none, or not mapped when Department is set.
	DepartmentID string `json:"departmentId,omitempty"`
	// Workplace is one of Workplaces: on-site, hybrid or remote.
	Workplace string `json:"workplace"`
	// YearsMin and YearsMax are the experience asked for, in whole years;
	// YearsMin nil = not mapped yet, YearsMax nil = no maximum ("5+").
	YearsMin *int `json:"yearsMin,omitempty"`
	YearsMax *int `json:"yearsMax,omitempty"`
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
	// Version counts the job's saves (the first is 1); UpdatedBy names
	// the member of staff who made the last one ("" = none named). Both
	// stay in the console.
	Version   int    `json:"-"`
	UpdatedBy string `json:"-"`
}

// EmploymentTypes are the employment types a job may state (schema.org
// JobPosting employmentType values the site's pages have words for).
var EmploymentTypes = []string{"FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"}

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

// PublicJob returns job id if visitors may see it at now: ENotFound
// ("Job not found.") for an unknown or draft job, EGone for a closed or
// expired one. Job pages, the job API and the application all ask it.
func PublicJob(ctx context.Context, jobs interface {
	GetJob(ctx context.Context, id string) (Job, error)
}, id string, now time.Time) (Job, error) {
	notFound := Errorf(ENotFound, "Job not found.")
	if !ValidID(id) {
		return Job{}, notFound
	}
	j, err := jobs.GetJob(ctx, id)
	if IsNotFound(err) || err == nil && j.Status == JobDraft {
		return Job{}, notFound
	}
	if err != nil {
		return Job{}, err
	}
	if !j.Public(now) {
		return Job{}, Errorf(EGone, "This position is no longer open.")
	}
	return j, nil
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
	// ImageAlt describes the image for people who cannot see it (its
	// alt text); "" for a post stored before it was asked for.
	ImageAlt string `json:"imageAlt,omitempty"`
	// ImageVersions are the sizes of a cover uploaded in the console,
	// narrowest first (Image is one of them); empty for an image that
	// has one size only.
	ImageVersions []ImageVersion `json:"imageVersions,omitempty"`
	// Content is sanitised HTML made of <h2> sections.
	Content string `json:"content"`
	// Tags are the post's tags in the editor's order, as typed (see
	// TagSlug); nil for none.
	Tags      []string   `json:"tags,omitempty"`
	Status    PostStatus `json:"status"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	// Version and UpdatedBy are as Job's.
	Version   int    `json:"-"`
	UpdatedBy string `json:"-"`
	// AuthorID is the account of the member of staff who wrote the post
	// ("" = none: the company). Author is their profile as pages show it,
	// loaded with the post (nil when there is no author or the author has
	// no display name).
	AuthorID string      `json:"authorId,omitempty"`
	Author   *PostAuthor `json:"-"`

	// Slug is the post's address under /blog/ ("" = its ID; see
	// PostSlugProblem).
	Slug string `json:"slug,omitempty"`
	// SEOTitle, SEODescription and SocialImage are what search engines
	// and link previews show of the post ("" = its title, description and
	// cover). SocialImage is the URL path of a 1200 × 630 JPEG.
	SEOTitle       string `json:"seoTitle,omitempty"`
	SEODescription string `json:"seoDescription,omitempty"`
	SocialImage    string `json:"socialImage,omitempty"`
}

// ImageVersion is one size of a post's cover image: a JPEG, and the same
// picture in the formats that are smaller for the same quality when it
// was stored in them too. Covers uploaded before those formats were made
// have the JPEG only, and so do versions whose encoding failed.
type ImageVersion struct {
	URL    string `json:"url"` // URL path of the JPEG, e.g. /covers/x-960.jpg
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// AVIF and WebP are the URL paths of the same size in those formats
	// (/covers/x-960.avif), or "" when it was not stored in them.
	AVIF string `json:"avif,omitempty"`
	WebP string `json:"webp,omitempty"`
}

// URLs lists the URL paths of every file of v, the JPEG first.
func (v ImageVersion) URLs() []string {
	urls := []string{v.URL}
	for _, u := range []string{v.AVIF, v.WebP} {
		if u != "" {
			urls = append(urls, u)
		}
	}
	return urls
}

// CommentStatus says whether a comment is shown under its post.
type CommentStatus string

// Comment statuses. Only visible (approved) comments are shown; suspected
// spam from the public form is held for staff to review, and staff may
// mark a comment as spam, which keeps it out of sight for good.
const (
	CommentVisible CommentStatus = "visible"
	CommentHeld    CommentStatus = "held"
	CommentSpam    CommentStatus = "spam"
)

// CommentStatuses lists every comment status.
var CommentStatuses = []CommentStatus{CommentVisible, CommentHeld, CommentSpam}

// Valid reports whether s is one of CommentStatuses.
func (s CommentStatus) Valid() bool { return slices.Contains(CommentStatuses, s) }

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

// ReviewComment is a comment as staff review it: with its post's title
// and slug (its address is BlogPostPath(BlogID, PostSlug)).
type ReviewComment struct {
	Comment
	PostTitle string
	PostSlug  string
}

// ContactStatus is where a contact message stands for staff.
type ContactStatus string

// Contact message statuses: new until a member of staff opens it, read,
// and archived once dealt with. Suspected spam keeps its status but lives
// in the Spam folder until marked as not spam.
const (
	ContactNew      ContactStatus = "new"
	ContactRead     ContactStatus = "read"
	ContactArchived ContactStatus = "archived"
)

// ContactStatuses lists every contact message status.
var ContactStatuses = []ContactStatus{ContactNew, ContactRead, ContactArchived}

// Valid reports whether s is one of ContactStatuses.
func (s ContactStatus) Valid() bool { return slices.Contains(ContactStatuses, s) }

// ContactFolder is a view of the contact messages in the console.
type ContactFolder string

// Contact folders: the inbox holds new and read messages, archived the
// archived ones (spam excluded from both), and spam every quarantined
// message whatever its status.
const (
	FolderInbox    ContactFolder = "inbox"
	FolderArchived ContactFolder = "archived"
	FolderSpam     ContactFolder = "spam"
)

// ContactFolders lists every folder.
var ContactFolders = []ContactFolder{FolderInbox, FolderArchived, FolderSpam}

// Valid reports whether f is one of ContactFolders.
func (f ContactFolder) Valid() bool { return slices.Contains(ContactFolders, f) }

// ContactMessage is a message sent with the contact form (spec: collection contacts).
type ContactMessage struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Spam marks suspected spam, kept aside in the Spam folder.
	Spam      bool          `json:"spam"`
	Status    ContactStatus `json:"status"`
	CreatedAt time.Time     `json:"timestamp"`
	// AssignedTo is the ID of the member of staff handling it, or "".
	AssignedTo string `json:"assignedTo,omitempty"`
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
	// Source is where the applicant came from: the src (or utm_source)
	// of the link they followed, as NormalizeSource keeps it; "" when
	// the visit brought none.
	Source            string `json:"source"`
	EligibleToWork    bool   `json:"eligibleToWork"`
	WillingToRelocate bool   `json:"willingToRelocate"`
	Gender            string `json:"gender"`
	DisabilityStatus  string `json:"disabilityStatus"`
	NationalIDType    string `json:"nationalIdType"`
	// NationalIDNumberEnc is the encrypted national ID number; the plain
	// number never reaches a store or a log.
	NationalIDNumberEnc   []byte    `json:"-"`
	NationalIDLast4       string    `json:"nationalIdLast4"`
	NationalIDDocumentKey string    `json:"nationalIdDocumentKey"`
	ConsentVersion        string    `json:"consentVersion"`
	ConsentAt             time.Time `json:"consentAt"`
	// Spam puts the application in the Suspected spam folder: it was
	// suspected when it arrived (SpamReasons say why), or staff marked it.
	Spam bool `json:"spam"`
	// SpamReasons say why the application was suspected of spam when it
	// arrived ("" when it was not), in staff's words.
	SpamReasons string `json:"spamReasons"`
	// SpamReview is staff's word on the spam suspicion: "" none yet.
	SpamReview SpamReview `json:"spamReview"`
	// ConfirmationHeld says that the applicant's confirmation was not
	// sent because the application arrived as suspected spam; marking it
	// not spam sends it then.
	ConfirmationHeld bool      `json:"confirmationHeld"`
	AppliedAt        time.Time `json:"appliedAt"`
	UpdatedAt        time.Time `json:"updatedAt"`
	// Status is where the application stands in the pipeline, and
	// StatusChangedAt when it got there. Saving (a first application or
	// a later one replacing it) sets them to new and the time of saving.
	Status          ApplicationStatus `json:"status"`
	StatusChangedAt time.Time         `json:"statusChangedAt"`
	// WithdrawnAt is when the applicant withdrew the application from
	// their status page; nil while it stands. Saving clears it.
	WithdrawnAt *time.Time `json:"withdrawnAt,omitempty"`
	// StatusTokenHash is the SHA-256 (hex) of the token of the
	// applicant's status link, written by SaveApplication ("" = no
	// link). Stores never read it back: a link is found by its hash.
	StatusTokenHash string `json:"-"`
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
	ID    string `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
	// PasswordHash is the argon2id hash of the password (PHC string); ""
	// until the person has used their set-up link.
	PasswordHash string `json:"-"`
	Role         Role   `json:"role"`
	// Disabled accounts cannot sign in and have no sessions.
	Disabled bool `json:"disabled"`
	// TOTPSecret is the second factor's secret, sealed with the server's
	// keys (never in clear); nil when the account has no second factor.
	TOTPSecret []byte `json:"-"`
	// TOTPPending is a sealed secret being set up (begun, not yet
	// confirmed with a code); nil when none.
	TOTPPending []byte `json:"-"`
	// TOTPPendingAt is when the pending secret was made (zero when none):
	// it is offered again until it is confirmed or too old.
	TOTPPendingAt time.Time `json:"-"`
	// TOTPLastStep is the time step of the last code accepted: a code of
	// that step or an earlier one is refused (no replay).
	TOTPLastStep int64     `json:"-"`
	CreatedAt    time.Time `json:"createdAt"`
}

// TOTPEnabled reports whether u signs in with a second factor.
func (u StaffUser) TOTPEnabled() bool { return len(u.TOTPSecret) > 0 }

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
	// HTMLBody, when not "", is the same message as HTML, sent with Body
	// as its plain-text alternative. It is built by the site from plain
	// text (escaped), never taken from anyone's input as HTML.
	HTMLBody string `json:"htmlBody,omitempty"`
	// ReplyTo is the address answers go to (a visitor's), or "".
	ReplyTo string `json:"replyTo,omitempty"`
	// Headers are extra headers (List-Unsubscribe), in order.
	Headers  []MailHeader `json:"headers,omitempty"`
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
