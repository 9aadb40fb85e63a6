package siteimport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Export is the original site's database as export tools write it: one
// object per collection, each keyed by document ID (spec, section 3).
// Collections the spec does not name are ignored.
// Each document is decoded on its own, so that one malformed document is
// skipped with its reason and the rest still go in.
type Export struct {
	Jobs         map[string]json.RawMessage `json:"jobDescription"`
	Blogs        map[string]json.RawMessage `json:"blogs"`
	Comments     map[string]json.RawMessage `json:"comments"`
	Contacts     map[string]json.RawMessage `json:"contacts"`
	Applications map[string]json.RawMessage `json:"jobApplications"`
}

// JobDoc is a document of jobDescription.
type JobDoc struct {
	JobTitle    string    `json:"jobTitle"`
	Experience  Text      `json:"experience"`
	Location    string    `json:"location"`
	Description string    `json:"description"`
	CreatedAt   Timestamp `json:"createdAt"`
}

// BlogDoc is a document of blogs.
type BlogDoc struct {
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Image       string    `json:"image"`
	Content     string    `json:"content"`
	CreatedAt   Timestamp `json:"createdAt"`
}

// CommentDoc is a document of comments.
type CommentDoc struct {
	BlogID    string    `json:"blogId"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Website   string    `json:"website"`
	Comment   string    `json:"comment"`
	CreatedAt Timestamp `json:"createdAt"`
}

// ContactDoc is a document of contacts.
type ContactDoc struct {
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message"`
	Timestamp Timestamp `json:"timestamp"`
}

// ApplicationDoc is a document of jobApplications: the form's fields with
// its files replaced by their storage URLs.
type ApplicationDoc struct {
	FirstName             string         `json:"firstName"`
	MiddleName            string         `json:"middleName"`
	LastName              string         `json:"lastName"`
	FullName              string         `json:"fullName"`
	Email                 string         `json:"email"`
	PhoneCountryCode      string         `json:"phoneCountryCode"`
	PhoneNumber           Text           `json:"phoneNumber"`
	Address               string         `json:"address"`
	LinkedIn              string         `json:"linkedin"`
	Website               string         `json:"website"`
	LocationPreference    string         `json:"locationPreference"`
	AvailabilityDate      DateText       `json:"availabilityDate"`
	WorkExperiences       []WorkDoc      `json:"workExperiences"`
	Educations            []EducationDoc `json:"educations"`
	Skills                []string       `json:"skills"`
	Certifications        []CertDoc      `json:"certifications"`
	ResumeURL             string         `json:"resumeUrl"`
	CoverLetter           string         `json:"coverLetter"`
	HeardFrom             string         `json:"heardFrom"`
	EligibleToWork        Bool           `json:"eligibleToWork"`
	WillingToRelocate     Bool           `json:"willingToRelocate"`
	Gender                string         `json:"gender"`
	DisabilityStatus      string         `json:"disabilityStatus"`
	NationalIDType        string         `json:"nationalIdType"`
	NationalIDNumber      Text           `json:"nationalIdNumber"`
	NationalIDDocumentURL string         `json:"nationalIdDocumentUrl"`
	JobID                 string         `json:"jobId"`
	AppliedAt             Timestamp      `json:"appliedAt"`
}

// WorkDoc is one entry of workExperiences.
type WorkDoc struct {
	JobTitle         string   `json:"jobTitle"`
	CompanyName      string   `json:"companyName"`
	StartDate        DateText `json:"startDate"`
	EndDate          DateText `json:"endDate"`
	Responsibilities string   `json:"responsibilities"`
}

// EducationDoc is one entry of educations.
type EducationDoc struct {
	Level          string   `json:"level"`
	Institution    string   `json:"institution"`
	BoardName      string   `json:"boardName"`
	Degree         string   `json:"degree"`
	FieldOfStudy   string   `json:"fieldOfStudy"`
	Location       string   `json:"location"`
	GraduationDate DateText `json:"graduationDate"`
	ScoreType      string   `json:"scoreType"`
	Score          Text     `json:"score"`
}

// CertDoc is one entry of certifications.
type CertDoc struct {
	Name        string `json:"name"`
	DocumentURL string `json:"documentUrl"`
}

// Timestamp is a point in time as an export writes one: an object
// {"_seconds": N, "_nanoseconds": N} (or without the underscores), an
// ISO 8601 string, or a date. Null or absent is the zero time.
type Timestamp struct{ time.Time }

// UnmarshalJSON reads either shape.
func (t *Timestamp) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		t.Time = time.Time{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		v, err := ParseTime(s)
		if err != nil {
			return err
		}
		t.Time = v
		return nil
	}
	var o struct {
		Seconds  *int64 `json:"_seconds"`
		Nanos    int64  `json:"_nanoseconds"`
		Seconds2 *int64 `json:"seconds"`
		Nanos2   int64  `json:"nanoseconds"`
		Nanos3   int64  `json:"nanos"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("a timestamp is an object with _seconds and _nanoseconds or an ISO string, not %s", short(b))
	}
	sec, ns := o.Seconds, o.Nanos
	if sec == nil {
		sec, ns = o.Seconds2, o.Nanos2+o.Nanos3
	}
	if sec == nil {
		return fmt.Errorf("a timestamp object has no _seconds: %s", short(b))
	}
	if ns < 0 || ns >= 1e9 {
		return fmt.Errorf("a timestamp's nanoseconds are out of range: %s", short(b))
	}
	t.Time = time.Unix(*sec, ns).UTC()
	return nil
}

// ParseTime reads an ISO 8601 time (with or without fractions and
// zone; no zone is UTC) or a date (UTC midnight).
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05", time.DateOnly} {
		if v, err := time.Parse(layout, s); err == nil {
			return v.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not an ISO 8601 time", s)
}

// DateText is a calendar date (YYYY-MM-DD) given as a date string, a
// full ISO time or a timestamp object; it is kept as YYYY-MM-DD (the
// UTC day). Text that is no date is kept as it is.
type DateText string

// UnmarshalJSON reads any of the shapes.
func (d *DateText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*d = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
		if len(s) > 10 {
			if v, err := ParseTime(s); err == nil {
				s = v.Format(time.DateOnly)
			}
		}
		*d = DateText(s)
		return nil
	}
	var ts Timestamp
	if err := ts.UnmarshalJSON(b); err != nil {
		return err
	}
	*d = DateText(ts.Format(time.DateOnly))
	return nil
}

// Text is a string field that an export may hold as a number (phone
// numbers, scores, years of experience, Aadhaar numbers).
type Text string

// UnmarshalJSON takes a string or a number.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*t = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("expected text or a number, not %s", short(b))
		}
		*t = Text(n.String())
	}
	return nil
}

// Bool is a yes/no field: true/false, or the strings "true"/"yes"/"false"/"no"
// a form may have stored.
type Bool bool

// UnmarshalJSON takes a boolean or its spelling as text.
func (v *Bool) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*v = false
		return nil
	}
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	} else {
		s = string(b)
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "1":
		*v = true
	case "false", "no", "0", "":
		*v = false
	default:
		if _, err := strconv.ParseBool(s); err != nil {
			return fmt.Errorf("expected true or false, not %s", short(b))
		}
	}
	return nil
}

func short(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}
