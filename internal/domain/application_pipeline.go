package domain

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ApplicationStatus is where an application stands in the hiring
// pipeline. Every application starts as new; staff move it on.
type ApplicationStatus string

// Application statuses, in the order of the pipeline.
const (
	StatusNew       ApplicationStatus = "new"
	StatusReviewing ApplicationStatus = "reviewing"
	StatusInterview ApplicationStatus = "interview"
	StatusOffer     ApplicationStatus = "offer"
	StatusHired     ApplicationStatus = "hired"
	StatusRejected  ApplicationStatus = "rejected"
)

// ApplicationStatuses lists every status in pipeline order; sorting by
// status follows it. The migrations' CHECK constraint names the same set.
var ApplicationStatuses = []ApplicationStatus{StatusNew, StatusReviewing, StatusInterview,
	StatusOffer, StatusHired, StatusRejected}

// Valid reports whether s is one of ApplicationStatuses.
func (s ApplicationStatus) Valid() bool { return slices.Contains(ApplicationStatuses, s) }

// ApplicationSort is the order of a list of applications.
type ApplicationSort string

// Orders of a list of applications. Ties are broken newest first.
const (
	SortApplied ApplicationSort = "applied" // by when the applicant first applied
	SortName    ApplicationSort = "name"    // by full name, ignoring case
	SortStatus  ApplicationSort = "status"  // by pipeline order
	SortJob     ApplicationSort = "job"     // by the job's title, ignoring case
)

// ApplicationSorts lists the orders ListApplications accepts.
var ApplicationSorts = []ApplicationSort{SortApplied, SortName, SortStatus, SortJob}

// Valid reports whether o is one of ApplicationSorts.
func (o ApplicationSort) Valid() bool { return slices.Contains(ApplicationSorts, o) }

// SpamFilter says which applications a list holds with regard to the
// spam flag.
type SpamFilter string

// Spam filters. The zero value lists every application, which is what
// the store's own callers (retention, tests) need; the console asks for
// SpamExclude unless staff choose to review suspected spam.
const (
	SpamAny     SpamFilter = ""
	SpamExclude SpamFilter = "exclude"
	SpamOnly    SpamFilter = "only"
	// SpamQueue is suspected spam no one has reviewed yet.
	SpamQueue SpamFilter = "queue"
)

// SpamReview is staff's word on an application's place in the
// Suspected spam folder.
type SpamReview string

// Spam reviews. An application suspected on arrival and not yet reviewed
// waits in the Suspected spam queue (the dashboard counts it).
const (
	SpamUnreviewed SpamReview = ""
	SpamConfirmed  SpamReview = "spam"     // staff marked it spam
	SpamCleared    SpamReview = "not-spam" // staff marked it not spam
)

// SpamDecision is staff's verdict on an application (ReviewApplicationSpam).
type SpamDecision struct {
	// Spam is the verdict: true keeps (or puts) the application in the
	// Suspected spam folder, false takes it out.
	Spam bool
	// At is when the verdict was given.
	At time.Time
	// Audit is the audit log's entry of the verdict, given the
	// application as it was; it is appended in the same transaction.
	Audit func(before Application) AuditEntry
	// Release, when the verdict is not spam and the application's
	// confirmation was held, returns the mails to queue in the same
	// transaction (the confirmation is then no longer held).
	Release func(a Application) []*OutboxMessage
	// StatusTokenHash, when Release is called, becomes the hash of the
	// application's status link token, in the same transaction: the
	// released confirmation carries the link ("" leaves it alone).
	StatusTokenHash string
}

// ReferencePrefix starts every application's reference ("APP-" and 8
// capitals or digits 2-7).
const ReferencePrefix = "APP-"

// ExactLookup reads a search as an exact look-up: the reference it names
// (in capitals, with "APP-", whether or not the search had the prefix,
// in any case), or the e-mail address it is. Both are "" when it is
// neither.
func ExactLookup(q string) (reference, email string) {
	q = strings.TrimSpace(q)
	if strings.Contains(q, "@") && !strings.ContainsFunc(q, unicode.IsSpace) && len(q) <= 254 {
		return "", q
	}
	code := strings.ToUpper(q)
	code = strings.TrimPrefix(code, ReferencePrefix)
	if len(code) != 8 || strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		return "", ""
	}
	return ReferencePrefix + code, ""
}

// MaxApplicationPage bounds the rows of one page of the console's list.
const MaxApplicationPage = 100

// Notes on an application.
const (
	// MaxNoteChars bounds a note's length, in characters.
	MaxNoteChars = 5000
	// MaxNotesPerApplication bounds the notes one application can hold,
	// so that its page stays a bounded read.
	MaxNotesPerApplication = 500
)

// ApplicationNote is an internal note of staff on an application. It is
// deleted with the application. The author's name is kept as it was
// when the note was written, so a note outlives a removed account.
type ApplicationNote struct {
	ID            string    `json:"id"`
	ApplicationID string    `json:"applicationId"`
	AuthorID      string    `json:"authorId"`
	AuthorName    string    `json:"authorName"`
	Body          string    `json:"body"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Normalize trims the note's body.
func (n *ApplicationNote) Normalize() { n.Body = strings.TrimSpace(n.Body) }

// Validate checks a normalized note.
func (n *ApplicationNote) Validate() error {
	msg := ""
	switch c := utf8.RuneCountInString(n.Body); {
	case !utf8.ValidString(n.Body):
		msg = "The note could not be read. Please type it again."
	case c == 0:
		msg = "Write the note before adding it."
	case c > MaxNoteChars:
		msg = "A note can be at most 5000 characters long."
	}
	if msg != "" {
		return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{"body": msg}}
	}
	return nil
}
