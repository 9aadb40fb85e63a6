package domain

// The choices and limits of the job application form (spec §3, §5, §9).
// The web app's copy is generated from these (web/src/gen/wire.ts).

// CountryCodes are the phone calling codes of PhoneRegions, the default
// region's (+91) first. The form offers the regions (PhoneRegions); the
// code is derived from the region chosen.
var CountryCodes = phoneCallingCodes()

// LocationPreferences are the offices an applicant may choose. The form
// defaults to the job's location when it is one of them, else the first.
var LocationPreferences = []string{"Hyderabad", "Bangalore"}

// EducationLevels are the levels of an education entry.
var EducationLevels = []string{"10th", "12th", "Bachelor's", "Master's", "PhD"}

// BoardLevels are the education levels that ask for a Board Name instead
// of a Degree and Field of Study.
var BoardLevels = []string{"10th", "12th"}

// IndianStates are the 28 states and 8 union territories of India, the
// locations of an education entry.
var IndianStates = []string{
	"Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chhattisgarh", "Goa", "Gujarat",
	"Haryana", "Himachal Pradesh", "Jharkhand", "Karnataka", "Kerala", "Madhya Pradesh",
	"Maharashtra", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Odisha", "Punjab",
	"Rajasthan", "Sikkim", "Tamil Nadu", "Telangana", "Tripura", "Uttar Pradesh", "Uttarakhand",
	"West Bengal",
	"Andaman and Nicobar Islands", "Chandigarh", "Dadra and Nagar Haveli and Daman and Diu",
	"Delhi", "Jammu and Kashmir", "Ladakh", "Lakshadweep", "Puducherry",
}

// Score types of an education entry and their maximum scores.
const (
	ScorePercentage = "percentage"
	ScoreCGPA       = "cgpa"
)

// ScoreTypes are the score types offered, with their labels.
var ScoreTypes = []Option{{ScorePercentage, "Percentage"}, {ScoreCGPA, "CGPA"}}

// ScoreMax is the highest score of each score type.
var ScoreMax = map[string]int{ScorePercentage: 100, ScoreCGPA: 10}

// National ID types.
const (
	IDAadhaar = "Aadhar" // the spec's spelling, kept as the stored value
	IDPAN     = "PAN"
	IDLicence = "Driving License"
)

// NationalIDTypes are the ID types offered.
var NationalIDTypes = []string{IDAadhaar, IDPAN, IDLicence}

// HeardFromOptions answer "How did you hear about us?".
var HeardFromOptions = []string{"Social Media", "Job Board", "Company Website", "Referral", "Other"}

// Option is a choice with a stored value and a label.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// GenderOptions: the empty value is "Prefer not to say".
var GenderOptions = []Option{{"", "Prefer not to say"}, {"Male", "Male"}, {"Female", "Female"},
	{"Non-binary", "Non-binary"}, {"Other", "Other"}}

// DisabilityOptions: the empty value is "Prefer not to say".
var DisabilityOptions = []Option{{"", "Prefer not to say"}, {"No disability", "No disability"},
	{"Disability", "Disability"}}

// File limits of the application form, in bytes (1 MB = 1024 × 1024).
const (
	ResumeMaxBytes   = 10 << 20
	DocumentMaxBytes = 5 << 20 // a certification or ID document
)

// Entry limits of the application form.
const (
	MaxWorkExperiences = 20
	MaxEducations      = 10
	MaxSkills          = 50
	MaxCertifications  = 10
)

// Accepted file extensions (lower case, with the dot).
var (
	ResumeExtensions     = []string{".pdf", ".doc", ".docx"}
	IDDocumentExtensions = []string{".pdf", ".jpg", ".jpeg", ".png"}
	// CertificationExtensions: a certificate is a PDF or a photo of one.
	CertificationExtensions = []string{".pdf", ".jpg", ".jpeg", ".png"}
)

// Multipart part names of an application's documents. A certification's
// document is CertificationPartPrefix + its index ("certification.0").
const (
	ApplicationPart         = "application" // the JSON part; it comes first
	ResumePart              = "resume"
	IDDocumentPart          = "nationalIdDocument"
	CertificationPartPrefix = "certification."
)

// ConsentVersion is the version of the data notice the application form
// shows; an application records the version its applicant agreed to.
// Change it whenever the notice's words change.
const ConsentVersion = "2026-11-01"

// IsBoardLevel reports whether an education level asks for a Board Name
// (10th, 12th) rather than a Degree and Field of Study.
func IsBoardLevel(level string) bool {
	for _, l := range BoardLevels {
		if l == level {
			return true
		}
	}
	return false
}
