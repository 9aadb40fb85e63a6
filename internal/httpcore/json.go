package httpcore

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"

	"corpsite/internal/domain"
)

// SetRetryAfter tells a rate-limited client how many seconds to wait,
// rounded up so that it does not come back a moment too early.
func SetRetryAfter(w http.ResponseWriter, d time.Duration) {
	secs := int64((d + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.FormatInt(max(secs, 1), 10))
}

// DecodeJSON reads a JSON body into v, strictly: the body must be one JSON
// object with no data after it, naming only fields v has, with values of
// v's types. The route's limits (WithLimits) bound its size and the time
// it may take to arrive.
func DecodeJSON(r *http.Request, v any) error {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		return domain.Errorf(domain.EInvalid, "Send the form as JSON (Content-Type: application/json).")
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		// Only white space may follow the object.
		if _, terr := dec.Token(); terr != io.EOF {
			err = ErrTrailingData
			if terr != nil {
				err = terr
			}
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return domain.Errorf(CodeTooLarge, "The form is too large. Please shorten your message.")
	case IsTimeout(err):
		return domain.Errorf(CodeTimeout, "The form took too long to arrive. Please try again.")
	default:
		return domain.Errorf(domain.EInvalid, "The form could not be read. Please reload the page and try again.")
	}
}

// ErrTrailingData reports a JSON body with more after its object.
var ErrTrailingData = errors.New("httpcore: data after the JSON object")
