package domain

import (
	"slices"
	"strings"
)

// Lengths of the application's text fields, in characters.
const (
	NameMax         = 50   // first, middle, last name
	FullNameMax     = 150  // the name as the applicant writes it in full
	AddressMax      = 500  // postal address
	URLMax          = 300  // LinkedIn profile, website
	ShortTextMax    = 100  // job title, company, degree, field of study
	LongNameMax     = 150  // institution, board, certification name
	SkillMax        = 50   // one skill
	LongTextMax     = 2000 // the responsibilities of a job
	CoverLetterMax  = 5000
	PhoneMax        = 15  // digits of a phone number (PhonePattern)
	NationalIDMax   = 30  // before the type's format is checked
	ScoreTextMax    = 10  // characters of a score as typed
	FileNameMax     = 200 // characters of an uploaded file's name
	AvailabilityMax = 2   // years ahead an applicant may be available from
)

// URLPattern accepts an http or https address with a host of dot-separated
// labels and a top-level domain of letters, an optional port, and an
// optional path, query or fragment of printable ASCII (browsers copy
// addresses percent-encoded). The scheme must be lower case: JavaScript
// has no inline case-insensitive group that Node 20 reads.
const URLPattern = "^https?://[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z]{2,}(?::[0-9]{1,5})?(?:[/?#][!-~]*)?$"

// PhonePattern: the phone number is kept as digits only (the form and
// wire.ApplicationRequest.Normalize drop everything else), at most 15 of
// them (E.164 allows 15 with the country code); the lengths possible in
// the applicant's region are checked after it (KindPhone).
const PhonePattern = "^[0-9]{1,15}$"

// DatePattern is the shape of a date; the calendar check comes after it.
const DatePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

// ScorePattern is a decimal number as typed, sign allowed so that a
// negative score gets the range message rather than a puzzling one.
const ScorePattern = "^-?[0-9]{1,6}(?:\\.[0-9]+)?$"

// Words reused by many rules.
const (
	msgOneLine     = "Use a single line without special characters."
	msgTextChars   = "Remove the special characters (such as control codes) from this text."
	msgDateInvalid = "Enter a real date as YYYY-MM-DD."
)

// ApplicationRules is the table of the job application form's rules (see
// FieldRule for how a table is read): ValidateApplication interprets it on
// the server, web/src/features/apply/rules.ts through the shared
// interpreter in the browser (generated into web/src/gen/apply-rules.ts as
// APPLICATION_RULES), and testdata/application-cases.json runs through
// both. Beyond the fields it carries the national ID formats and the
// Verhoeff tables.
var ApplicationRules = buildApplicationRules()

func buildApplicationRules() RuleSet {
	var nonBoard []string
	for _, l := range EducationLevels {
		if !slices.Contains(BoardLevels, l) {
			nonBoard = append(nonBoard, l)
		}
	}
	scoreRanges := map[string]NumberRange{}
	scoreMessages := map[string]string{
		MsgTooLong: "Enter the score with at most " + itoa(ScoreTextMax) + " characters.",
		MsgChars:   msgOneLine,
		MsgInvalid: "Enter the score as a number, e.g. 72.5 or 8.4.",
		MsgStep:    "Use at most two decimal places in the score.",
	}
	for _, st := range ScoreTypes {
		scoreRanges[st.Value] = NumberRange{Min: 0, Max: ScoreMax[st.Value]}
		scoreMessages[MsgRangePrefix+st.Value] = "Score must be between 0 and " + itoa(ScoreMax[st.Value]) + " for " + st.Label + "."
	}
	d, p, inv := VerhoeffTables()

	fields := []FieldRule{
		ruleLine("firstName", true, NameMax, "Enter your first name.", "First name"),
		ruleLine("middleName", false, NameMax, "", "Middle name"),
		ruleLine("lastName", true, NameMax, "Enter your last name.", "Last name"),
		ruleLine("fullName", true, FullNameMax, "Enter your full name.", "Full name"),
		{
			Path: "email", Kind: KindEmail, Required: true, Max: EmailMax, LocalMax: EmailLocalMax,
			Pattern: EmailPattern,
			Messages: map[string]string{
				MsgRequired: "Enter your e-mail address.",
				MsgTooLong:  "E-mail address must be at most " + itoa(EmailMax) + " characters.",
				MsgChars:    msgOneLine,
				MsgInvalid:  "Enter a valid e-mail address, e.g. name@example.com.",
			},
		},
		ruleOption("phoneCountry", true, phoneRegionCodes(), "Choose the country of your phone number.", "Choose one of the listed countries."),
		ruleOption("phoneCountryCode", true, CountryCodes, "Choose a country code.", "Choose one of the listed country codes."),
		{
			Path: "phoneNumber", Kind: KindPhone, Required: true, Max: PhoneMax, Pattern: PhonePattern, RegionBy: "phoneCountry",
			Messages: map[string]string{
				MsgRequired: "Enter your phone number.",
				MsgTooLong:  "Phone number must be at most " + itoa(PhoneMax) + " digits.",
				MsgChars:    msgOneLine,
				MsgInvalid:  "Enter your phone number's digits, without the country code.",
				MsgLength:   "A phone number in {country} has {lengths} digits.",
			},
		},
		ruleText("address", true, AddressMax, "Enter your address.", "Address"),
		ruleURL("linkedin", "LinkedIn profile", "linkedin.com/in/your-name"),
		ruleURL("website", "Website", "www.example.com"),
		ruleOption("locationPreference", true, LocationPreferences, "Choose the office you would like to work at.", "Choose one of the listed offices."),
		ruleDate("availabilityDate", true, YearSpan{0, AvailabilityMax}, "Enter the date you can start.",
			"The date you can start cannot be in the past.",
			"Choose a start date within "+itoa(AvailabilityMax)+" years from today."),

		ruleCount("workExperiences", MaxWorkExperiences, "work experiences", true),
		inList(ruleLine("workExperiences.*.jobTitle", true, ShortTextMax, "Enter the job title.", "Job title")),
		inList(ruleLine("workExperiences.*.companyName", true, ShortTextMax, "Enter the company name.", "Company name")),
		inList(ruleDate("workExperiences.*.startDate", true, YearSpan{-60, 0}, "Enter the date you started.",
			"Enter a start date within the last 60 years.", "The start date cannot be in the future.")),
		inList(withNotBefore(ruleDate("workExperiences.*.endDate", false, YearSpan{-60, 2}, "",
			"Enter an end date within the last 60 years.", "The end date can be at most 2 years from today."),
			"startDate", "The end date cannot be before the start date.")),
		inList(ruleText("workExperiences.*.responsibilities", false, LongTextMax, "", "Responsibilities")),

		ruleCountIgnoring("educations", MaxEducations, "educations", "scoreType"),
		inList(ruleOption("educations.*.level", true, EducationLevels, "Choose the level of education.", "Choose one of the listed levels.")),
		inList(ruleLine("educations.*.institution", true, LongNameMax, "Enter the school, college or university.", "Institution")),
		inList(requiredWhen(ruleLine("educations.*.boardName", false, LongNameMax, "Enter the board name.", "Board name"),
			Condition{Field: "level", In: BoardLevels})),
		inList(requiredWhen(ruleLine("educations.*.degree", false, ShortTextMax, "Enter the degree.", "Degree"),
			Condition{Field: "level", In: nonBoard})),
		inList(requiredWhen(ruleLine("educations.*.fieldOfStudy", false, ShortTextMax, "Enter the field of study.", "Field of study"),
			Condition{Field: "level", In: nonBoard})),
		inList(ruleOption("educations.*.location", false, IndianStates, "", "Choose one of the listed states and union territories.")),
		inList(ruleDate("educations.*.graduationDate", false, YearSpan{-80, 10}, "",
			"Enter a graduation date within the last 80 years.", "Enter a graduation date within 10 years from today.")),
		inList(requiredWhen(ruleOption("educations.*.scoreType", false, optionValues(ScoreTypes), "Choose the score type.", "Choose Percentage or CGPA."),
			Condition{Field: "score", Filled: true})),
		inList(FieldRule{
			Path: "educations.*.score", Kind: KindDecimal, Max: ScoreTextMax, Pattern: ScorePattern,
			Decimals: 2, RangeBy: "scoreType", Ranges: scoreRanges, Messages: scoreMessages,
		}),

		ruleCount("skills", MaxSkills, "skills", false),
		inList(ruleLine("skills.*", true, SkillMax, "Enter a skill or remove this one.", "A skill")),

		ruleCount("certifications", MaxCertifications, "certifications", false),
		inList(ruleLine("certifications.*.name", true, LongNameMax, "Enter the certification's name or remove this one.", "Certification name")),

		ruleText("coverLetter", false, CoverLetterMax, "", "Cover letter"),
		ruleOption("heardFrom", true, HeardFromOptions, "Tell us how you heard about us.", "Choose one of the listed answers."),
		{Path: "eligibleToWork", Kind: KindBool, Messages: map[string]string{MsgInvalid: "Answer yes or no."}},
		{Path: "willingToRelocate", Kind: KindBool, Messages: map[string]string{MsgInvalid: "Answer yes or no."}},
		ruleOption("gender", false, optionValues(GenderOptions), "", "Choose one of the listed answers."),
		ruleOption("disabilityStatus", false, optionValues(DisabilityOptions), "", "Choose one of the listed answers."),
		ruleOption("nationalIdType", true, NationalIDTypes, "Choose the type of ID.", "Choose one of the listed types of ID."),
		{
			Path: "nationalIdNumber", Kind: KindNationalID, Required: true, Max: NationalIDMax, FormatBy: "nationalIdType",
			Messages: map[string]string{
				MsgRequired: "Enter your ID number.",
				MsgTooLong:  "ID number must be at most " + itoa(NationalIDMax) + " characters.",
				MsgChars:    msgOneLine,
			},
		},
		{Path: "consent", Kind: KindBool, Required: true, Messages: map[string]string{
			MsgRequired: "Please agree to the data notice to apply.",
			MsgInvalid:  "Please agree to the data notice to apply.",
		}},
		ruleOption("consentVersion", true, []string{ConsentVersion},
			"Please read the data notice and agree to it to apply.",
			"The data notice has changed: please reload the page, read it and agree again."),

		ruleFile(ResumePart, "", true, ResumeExtensions, ResumeMaxBytes, "Attach your resume.", "Your resume"),
		ruleFile(IDDocumentPart, "", true, IDDocumentExtensions, DocumentMaxBytes, "Attach a copy of your ID.", "The ID document"),
		ruleFile(CertificationPartPrefix+"*", "certifications", true, CertificationExtensions, DocumentMaxBytes,
			"Attach the certificate, or remove this certification.", "A certification document"),
	}
	return RuleSet{
		Fields:         fields,
		UnexpectedFile: "This file was not expected.",
		NationalIDs:    NationalIDFormats,
		Verhoeff:       &VerhoeffTableSet{D: d, P: p, Inv: inv},
		Phones:         phoneRegionTable,
	}
}

// ApplicationFieldRule returns the rule of a path as the table writes it
// ("educations.*.score"), or a zero rule when there is none.
func ApplicationFieldRule(path string) FieldRule {
	return ApplicationRules.Rule(path)
}

func ruleLine(path string, required bool, max int, missing, noun string) FieldRule {
	return textRule(path, KindLine, required, max, missing, noun, msgOneLine)
}

func ruleText(path string, required bool, max int, missing, noun string) FieldRule {
	return textRule(path, KindText, required, max, missing, noun, msgTextChars)
}

func textRule(path, kind string, required bool, max int, missing, noun, chars string) FieldRule {
	m := map[string]string{
		MsgTooLong: noun + " must be at most " + itoa(max) + " characters.",
		MsgChars:   chars,
	}
	if missing != "" {
		m[MsgRequired] = missing
	}
	return FieldRule{Path: path, Kind: kind, Required: required, Max: max, Messages: m}
}

// ruleURL: the address is judged as normalised (NormalizeWebAddress adds
// https:// when it was left out), so its length counts the scheme too.
func ruleURL(path, noun, example string) FieldRule {
	return FieldRule{Path: path, Kind: KindURL, Max: URLMax, Pattern: URLPattern, Messages: map[string]string{
		MsgTooLong: noun + " must be at most " + itoa(URLMax) + " characters.",
		MsgChars:   msgOneLine,
		MsgInvalid: "Enter a web address such as " + example + ", or leave it empty.",
	}}
}

// phoneRegionCodes are the ISO codes of PhoneRegions, in its order.
func phoneRegionCodes() []string {
	codes := make([]string, len(phoneRegionTable))
	for i, r := range phoneRegionTable {
		codes[i] = r.Region
	}
	return codes
}

func ruleOption(path string, required bool, options []string, missing, invalid string) FieldRule {
	m := map[string]string{MsgInvalid: invalid}
	if missing != "" {
		m[MsgRequired] = missing
	}
	return FieldRule{Path: path, Kind: KindOption, Required: required, Options: options, Messages: m}
}

func ruleDate(path string, required bool, within YearSpan, missing, early, late string) FieldRule {
	m := map[string]string{
		MsgTooLong: msgDateInvalid,
		MsgChars:   msgDateInvalid,
		MsgInvalid: msgDateInvalid,
		MsgEarly:   early,
		MsgLate:    late,
	}
	if missing != "" {
		m[MsgRequired] = missing
	}
	return FieldRule{Path: path, Kind: KindDate, Required: required, Max: len("2006-01-02"), Pattern: DatePattern, Within: &within, Messages: m}
}

func withNotBefore(r FieldRule, sibling, msg string) FieldRule {
	r.NotBefore = sibling
	r.Messages[MsgOrder] = msg
	return r
}

func requiredWhen(r FieldRule, c Condition) FieldRule {
	r.RequiredWhen = &c
	return r
}

func ruleCount(list string, max int, noun string, ignoreBlankFirst bool) FieldRule {
	return FieldRule{Path: list, Kind: KindCount, Max: max, IgnoreBlankFirst: ignoreBlankFirst, Messages: map[string]string{
		MsgTooMany: "You can add at most " + itoa(max) + " " + noun + ".",
	}}
}

// ruleCountIgnoring is ruleCount with IgnoreBlankFirst, where the fields named
// are left out when judging whether the first entry is blank: selects the
// form fills in by default.
func ruleCountIgnoring(list string, max int, noun string, ignores ...string) FieldRule {
	r := ruleCount(list, max, noun, true)
	r.BlankIgnores = ignores
	return r
}

// inList sets the List of a rule whose path is inside a list.
func inList(r FieldRule) FieldRule {
	r.List, _, _ = strings.Cut(r.Path, ".")
	return r
}

func ruleFile(part, list string, required bool, exts []string, maxBytes int64, missing, noun string) FieldRule {
	m := map[string]string{
		MsgEmpty:       noun + " is an empty file: choose another one.",
		MsgNameTooLong: "Rename the file to at most " + itoa(FileNameMax) + " characters and choose it again.",
		MsgType:        noun + " must be a " + extensionList(exts) + " file.",
		MsgTooLarge:    noun + " must be at most " + itoa(int(maxBytes>>20)) + " MB.",
	}
	if list != "" {
		m[MsgUnexpected] = "This document belongs to no certification: remove it or add the certification."
	}
	if missing != "" {
		m[MsgRequired] = missing
	}
	return FieldRule{Path: part, Kind: KindFile, List: list, Required: required, Max: FileNameMax,
		Extensions: exts, MaxBytes: maxBytes, Messages: m}
}

// extensionList writes ".pdf", ".doc", ".docx" as "PDF, DOC or DOCX".
func extensionList(exts []string) string {
	var b strings.Builder
	for i, e := range exts {
		switch {
		case i == 0:
		case i == len(exts)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strings.ToUpper(strings.TrimPrefix(e, ".")))
	}
	return b.String()
}

func optionValues(opts []Option) []string {
	v := make([]string, len(opts))
	for i, o := range opts {
		v[i] = o.Value
	}
	return v
}
