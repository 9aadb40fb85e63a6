package domain

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCheckFileMeta(t *testing.T) {
	for _, tt := range []struct {
		part, name string
		size       int64
		want       string
	}{
		{"resume", "cv.pdf", 1, ""},
		{"resume", "CV.Docx", ResumeMaxBytes, ""},
		{"resume", "cv.pdf", ResumeMaxBytes + 1, "Your resume must be at most 10 MB."},
		{"resume", "cv.pdf", 0, "Your resume is an empty file: choose another one."},
		{"resume", "cv.jpg", 1, "Your resume must be a PDF, DOC or DOCX file."},
		{"resume", "dir/cv.pdf", 1, ""},
		{"nationalIdDocument", "id.jpeg", DocumentMaxBytes, ""},
		{"nationalIdDocument", "id.doc", 1, "The ID document must be a PDF, JPG, JPEG or PNG file."},
		{"nationalIdDocument", "id.png", DocumentMaxBytes + 1, "The ID document must be at most 5 MB."},
		{"certification.0", "aws.pdf", 1, ""},
		{"certification.9999", "aws.pdf", 1, ""}, // whether the entry exists is ValidateApplication's question
		{"certification.10000", "aws.pdf", 1, ApplicationRules.UnexpectedFile},
		{"certification.01", "aws.pdf", 1, ApplicationRules.UnexpectedFile},
		{"certification.-1", "aws.pdf", 1, ApplicationRules.UnexpectedFile},
		{"certification.", "aws.pdf", 1, ApplicationRules.UnexpectedFile},
		{"certification.0", "aws.exe", 1, "A certification document must be a PDF, JPG, JPEG or PNG file."},
		{"photo", "me.png", 1, ApplicationRules.UnexpectedFile},
		{"application", "x.pdf", 1, ApplicationRules.UnexpectedFile},
	} {
		if got := CheckFileMeta(tt.part, tt.name, tt.size); got != tt.want {
			t.Errorf("CheckFileMeta(%q, %q, %d) = %q, want %q", tt.part, tt.name, tt.size, got, tt.want)
		}
	}
}

func TestCheckFileNameAndLimit(t *testing.T) {
	for _, tt := range []struct{ part, name, want string }{
		{"resume", "cv.pdf", ""},
		{"resume", "cv.png", "Your resume must be a PDF, DOC or DOCX file."},
		{"resume", strings.Repeat("r", 197) + ".pdf", "Rename the file to at most 200 characters and choose it again."},
		{"certification.2", "c.JPG", ""},
		{"photo", "me.png", ApplicationRules.UnexpectedFile},
	} {
		if got := CheckFileName(tt.part, tt.name); got != tt.want {
			t.Errorf("CheckFileName(%q, %q) = %q, want %q", tt.part, tt.name, got, tt.want)
		}
	}
	for part, want := range map[string]int64{"resume": ResumeMaxBytes, "nationalIdDocument": DocumentMaxBytes,
		"certification.0": DocumentMaxBytes, "photo": 0} {
		if got := FileMaxBytes(part); got != want {
			t.Errorf("FileMaxBytes(%q) = %d, want %d", part, got, want)
		}
	}
}

func TestApplicationError(t *testing.T) {
	if err := ApplicationError(nil); err != nil {
		t.Errorf("ApplicationError(nil) = %v", err)
	}
	if err := ApplicationError(map[string]string{}); err != nil {
		t.Errorf("ApplicationError({}) = %v", err)
	}
	err := ApplicationError(map[string]string{"firstName": "Enter your first name."})
	var e *Error
	if !errors.As(err, &e) || e.Code != EInvalid || e.Message != "Please correct the highlighted fields." ||
		e.Fields["firstName"] != "Enter your first name." {
		t.Errorf("ApplicationError = %#v", err)
	}
}

func TestApplicationToday(t *testing.T) {
	for _, tt := range []struct{ now, want string }{
		{"2026-11-23T11:59:59Z", "2026-11-22"},
		{"2026-11-23T12:00:00Z", "2026-11-23"},
		{"2026-11-24T05:00:00+05:30", "2026-11-23"}, // 23:30 UTC the day before, 11:30 in UTC−12
	} {
		now, err := time.Parse(time.RFC3339, tt.now)
		if err != nil {
			t.Fatal(err)
		}
		if got := ApplicationToday(now); got != tt.want {
			t.Errorf("ApplicationToday(%s) = %s, want %s", tt.now, got, tt.want)
		}
	}
}

// validFields is a valid application, flattened (wire's Fields).
func validFields() map[string]string {
	return map[string]string{
		"firstName": "Asha", "lastName": "Rao", "fullName": "Asha Rao", "email": "asha@example.com",
		"phoneCountry": "IN", "phoneCountryCode": "+91", "phoneNumber": "9876543210", "address": "Uppal", "locationPreference": "Hyderabad",
		"availabilityDate": "2026-12-01", "heardFrom": "Referral", "nationalIdType": IDPAN, "nationalIdNumber": "ABCPE1234F",
		"consent": "true", "consentVersion": ConsentVersion, "eligibleToWork": "false", "willingToRelocate": "false",
		"workExperiences": "0", "educations": "0", "skills": "0", "certifications": "0",
	}
}

func TestValidateApplicationFields(t *testing.T) {
	if got := ValidateApplication(validFields(), nil, "2026-11-23"); got != nil {
		t.Fatalf("valid fields: %v", got)
	}
	f := validFields()
	f["workExperiences"] = "1000000000" // forged: only the first MaxWorkExperiences entries are looked at
	got := ValidateApplication(f, nil, "2026-11-23")
	// Entry 0 is blank and ignored; entries 1–19 each miss three fields.
	if len(got) != 1+3*(MaxWorkExperiences-1) || got["workExperiences"] != "You can add at most 20 work experiences." {
		t.Errorf("forged count: %d problems: %v", len(got), got["workExperiences"])
	}
	if _, ok := got["workExperiences.20.jobTitle"]; ok {
		t.Error("an entry past the limit was checked")
	}
	f = validFields()
	f["skills"] = "two"
	if got := ValidateApplication(f, nil, "2026-11-23"); got != nil {
		t.Errorf("an unreadable count is no entries: %v", got)
	}
	f = validFields()
	f["consent"] = "yes"
	if got := ValidateApplication(f, nil, "2026-11-23"); got["consent"] == "" {
		t.Error("consent \"yes\" accepted")
	}
	files := map[string]FileMeta{"resume": {"cv.pdf", 1}, "nationalIdDocument": {"id.png", 1}, "photo": {"me.png", 1}}
	if got := ValidateApplication(validFields(), files, "2026-11-23"); got["photo"] != ApplicationRules.UnexpectedFile || len(got) != 1 {
		t.Errorf("unknown part: %v", got)
	}
	f = validFields()
	f["availabilityDate"] = "1999-01-01"
	if got := ValidateApplication(f, nil, "not a day"); got != nil {
		t.Errorf("the bounds are checked against an invalid today: %v", got)
	}
}

func TestShiftYears(t *testing.T) {
	for _, tt := range []struct {
		day   string
		years int
		want  string
	}{
		{"2026-11-23", 2, "2028-11-23"},
		{"2028-02-29", 1, "2029-02-29"}, // not a date, but orders between 28 February and 1 March
		{"0005-01-01", -10, "0000-01-01"},
		{"9995-01-01", 10, "9999-01-01"},
	} {
		if got := shiftYears(tt.day, tt.years); got != tt.want {
			t.Errorf("shiftYears(%s, %d) = %s, want %s", tt.day, tt.years, got, tt.want)
		}
	}
}

// TestApplicationRulesAreComplete checks the table itself: every rule has
// the messages its checks can produce, patterns keep to the syntax both
// engines share, and the limits of application_options.go are the ones used.
func TestApplicationRulesAreComplete(t *testing.T) {
	// Constructs RE2 accepts and JavaScript reads differently or not at all.
	notShared := regexp.MustCompile(`\(\?[a-zA-Z]|\\[pPzAQEx]|\[\[:|\\u|\\s|\\d|\\w|\\b`)
	seen := map[string]bool{}
	for _, r := range ApplicationRules.Fields {
		if seen[r.Path] {
			t.Errorf("%s: two rules", r.Path)
		}
		seen[r.Path] = true
		need := []string{}
		switch r.Kind {
		case KindCount:
			need = append(need, MsgTooMany)
		case KindFile:
			need = append(need, MsgEmpty, MsgNameTooLong, MsgType, MsgTooLarge)
		case KindBool:
			need = append(need, MsgInvalid)
		case KindOption:
			need = append(need, MsgInvalid)
		default:
			need = append(need, MsgTooLong, MsgChars)
		}
		if r.Required || r.RequiredWhen != nil {
			need = append(need, MsgRequired)
		}
		if r.Pattern != "" {
			need = append(need, MsgInvalid)
		}
		if r.Within != nil {
			need = append(need, MsgEarly, MsgLate)
		}
		if r.NotBefore != "" {
			need = append(need, MsgOrder)
		}
		if r.Kind == KindDecimal {
			need = append(need, MsgStep)
			for v := range r.Ranges {
				need = append(need, MsgRangePrefix+v)
			}
		}
		if r.Kind == KindFile && r.List != "" {
			need = append(need, MsgUnexpected)
		}
		for _, k := range need {
			if strings.TrimSpace(r.Messages[k]) == "" {
				t.Errorf("%s: no %s message", r.Path, k)
			}
		}
		if strings.Contains(r.Path, "*") != (r.List != "") {
			t.Errorf("%s: a path with * needs its list and only it", r.Path)
		}
		if r.List != "" && ApplicationFieldRule(r.List).Kind != KindCount {
			t.Errorf("%s: list %s has no count rule", r.Path, r.List)
		}
		if r.Pattern != "" && notShared.MatchString(r.Pattern) {
			t.Errorf("%s: pattern %q uses syntax JavaScript reads differently", r.Path, r.Pattern)
		}
		if (r.Kind == KindOption) != (len(r.Options) > 0) {
			t.Errorf("%s: options belong to option rules", r.Path)
		}
	}
	for _, f := range NationalIDFormats {
		for _, p := range f.Patterns {
			if notShared.MatchString(p) {
				t.Errorf("%s: pattern %q uses syntax JavaScript reads differently", f.Type, p)
			}
		}
	}
	for list, max := range map[string]int{"workExperiences": MaxWorkExperiences, "educations": MaxEducations,
		"skills": MaxSkills, "certifications": MaxCertifications} {
		if got := ApplicationFieldRule(list).Max; got != max {
			t.Errorf("%s: limit %d, want %d", list, got, max)
		}
	}
	if r := ApplicationFieldRule("resume"); r.MaxBytes != ResumeMaxBytes || !slices.Equal(r.Extensions, ResumeExtensions) {
		t.Errorf("resume rule %+v", r)
	}
	// The spec's required fields (§5).
	for _, p := range []string{"fullName", "firstName", "lastName", "email", "phoneNumber", "address", "locationPreference",
		"availabilityDate", "resume", "nationalIdType", "nationalIdNumber", "nationalIdDocument", "heardFrom", "consent"} {
		if !ApplicationFieldRule(p).Required {
			t.Errorf("%s is not required", p)
		}
	}
}
