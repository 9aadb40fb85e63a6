package domain

import "time"

// Refused is a form turned away for now, before anything is stored: the
// client has sent too many (ETooMany) or the server has no room for it
// (EBusy). Err is the refusal in the visitor's words, Retry how long to
// wait before sending again (an HTTP answer's Retry-After).
type Refused struct {
	Err   *Error
	Retry time.Duration
}

func (e *Refused) Error() string { return e.Err.Error() }
func (e *Refused) Unwrap() error { return e.Err }

// MaxFormElapsed is the longest time a form may honestly have been on
// screen (a tab left open for weeks): a form that says it took longer, or
// less than nothing, was not sent by the site's page.
const MaxFormElapsed = 366 * 24 * time.Hour

// ElapsedValid reports whether a form's elapsedMs (nil when it sent none)
// could be true. Compared in milliseconds: converted to a Duration, a huge
// value would overflow.
func ElapsedValid(ms *int64) bool {
	return ms == nil || (*ms >= 0 && *ms <= MaxFormElapsed.Milliseconds())
}
