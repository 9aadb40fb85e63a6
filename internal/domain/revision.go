package domain

import (
	"errors"
	"time"
)

// RevisionsKept is how many revisions of a job or a post are kept: the
// last ones, newest versions.
const RevisionsKept = 50

// Revision is one kept version of a job or a blog post: the item as that
// save stored it (Job for a job's, Post for a post's).
type Revision struct {
	Version int
	SavedAt time.Time
	SavedBy string // "" = none named
	Job     *Job
	Post    *BlogPost
}

// ErrStaleVersion is the cause of a store's refusal of an update based on
// a version that is no longer the stored one.
var ErrStaleVersion = errors.New("stale version")

// StaleVersion is the conflict of an update of what ("job", "blog post")
// based on an older version than the stored one.
func StaleVersion(what string) *Error {
	return &Error{Code: EConflict, Message: "Someone else saved this " + what + " meanwhile. Reload the page to see their version.", Err: ErrStaleVersion}
}
