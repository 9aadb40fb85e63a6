package httpcore

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// SlowError is an upload stopped because the client sent less than its
// route's minimum rate (Limits.MinRate) over a window of waiting.
type SlowError struct {
	MinRate int64 // bytes per second
	Window  time.Duration
}

func (e *SlowError) Error() string {
	return fmt.Sprintf("httpcore: upload slower than %d bytes/s over %v", e.MinRate, e.Window)
}

// Message tells the client why its upload stopped, in plain words.
func (e *SlowError) Message() string {
	return fmt.Sprintf("The upload was stopped because it was too slow (under %d KB a second for %d seconds). "+
		"Please check your connection and try again.", max(e.MinRate>>10, 1), int(e.Window.Seconds()))
}

// rateMeter judges an upload's rate over windows of time spent waiting
// for the client (the time a handler spends on the data it got does not
// count against the client). A window closes once the reads have waited
// for it in all; it must have brought at least min bytes.
type rateMeter struct {
	min    int64         // bytes a window must bring
	window time.Duration // waiting time per window
	waited time.Duration // waited in the current window
	got    int64         // bytes in the current window
}

func newRateMeter(perSecond int64, window time.Duration) rateMeter {
	return rateMeter{min: int64(float64(perSecond) * window.Seconds()), window: window}
}

// add records a read that waited d and brought n bytes; it reports false
// when that closed a window with too few bytes.
func (m *rateMeter) add(n int, d time.Duration) bool {
	m.got += int64(n)
	m.waited += d
	if m.waited < m.window {
		return true
	}
	if m.got < m.min {
		return false
	}
	m.waited, m.got = 0, 0
	return true
}

// patience is how long the next read may wait before the upload surely
// fails: to the end of the window if it has too few bytes yet, else to
// the end of the next one (which starts with none).
func (m *rateMeter) patience() time.Duration {
	left := m.window - m.waited
	if m.got >= m.min {
		left += m.window
	}
	return left
}

// uploadBody is a route's body that, once armed (ExtendForUpload), holds
// its client to a minimum rate: before each read the connection's read
// deadline is set to when the rate would surely be missed (or the
// upload's end, if sooner), so a client that stops sending is stopped
// too, not only one that sends a byte now and then.
type uploadBody struct {
	io.ReadCloser
	rc      *http.ResponseController
	now     func() time.Time
	perSec  int64
	armed   bool
	end     time.Time // the upload's own deadline
	meter   rateMeter
	byRate  bool // the deadline set is the rate's, not end
	stopped error
}

func (b *uploadBody) Read(p []byte) (int, error) {
	if !b.armed {
		return b.ReadCloser.Read(p)
	}
	if b.stopped != nil {
		return 0, b.stopped
	}
	start := b.now()
	deadline := start.Add(b.meter.patience())
	b.byRate = deadline.Before(b.end)
	if !b.byRate {
		deadline = b.end
	}
	_ = b.rc.SetReadDeadline(deadline)
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		// The body is all in: the server now reads the connection in
		// the background, and a read that times out there cancels the
		// request. The handler's work after the body (checks, storage,
		// the save) has until the upload's end, as without a rate.
		_ = b.rc.SetReadDeadline(b.end)
		return n, err
	}
	ok := b.meter.add(n, b.now().Sub(start))
	if !ok || (err != nil && b.byRate && IsTimeout(err)) {
		b.stopped = &SlowError{MinRate: b.perSec, Window: b.meter.window}
		return n, b.stopped
	}
	return n, err
}

// arm starts the rate check, for an upload that may last until end.
func (b *uploadBody) arm(end time.Time) {
	b.armed, b.end = true, end
}

// UploadStopped returns the *SlowError of r's upload if its rate check
// stopped it, else nil. A read that hit the rate's deadline also cancels
// the request's context, so what reads the body may report only that:
// the handler asks here why.
func UploadStopped(r *http.Request) *SlowError {
	if b, ok := r.Body.(*uploadBody); ok {
		se, _ := b.stopped.(*SlowError)
		return se
	}
	return nil
}

// IsSlow reports whether err is an upload stopped for its rate, and
// returns it.
func IsSlow(err error) (*SlowError, bool) {
	var se *SlowError
	ok := errors.As(err, &se)
	return se, ok
}
