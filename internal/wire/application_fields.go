package wire

import (
	"strconv"
	"strings"

	"corpsite/internal/domain"
)

// The application's normalisation and its flattened form, the input of
// domain.ValidateApplication. The web app does the same in
// web/src/features/apply/rules.ts (normalizeApplication, flattenApplication);
// internal/domain's shared cases and its tests of these functions hold the
// two sides together. The national ID number is only trimmed here: its
// canonical form is the domain's (domain.NormalizeNationalID), which the
// rules judge and the server stores.

// Normalize brings an application to the form it is validated and stored
// in: every text trimmed (Go's unicode.IsSpace), line breaks of multi-line
// text unified to \n, the LinkedIn and website addresses completed with
// https:// when typed without a scheme (domain.NormalizeWebAddress), the
// phone's region and calling code each derived from the other when one is
// missing or the code does not match a known region (the region wins), and
// the phone number reduced to its ASCII digits without a trunk prefix
// (domain.NormalizePhoneNumber), and the source kept as
// domain.NormalizeSource keeps it ("" when it is not a short token).
// The national ID number is trimmed like the other texts; its canonical
// form is domain.NormalizeNationalID's. E-mail addresses are trimmed but
// keep their case: the part before the @ may be case-sensitive. Normalize
// is idempotent.
func (r *ApplicationRequest) Normalize() {
	for _, s := range []*string{
		&r.FirstName, &r.MiddleName, &r.LastName, &r.FullName, &r.Email, &r.PhoneCountry, &r.PhoneCountryCode,
		&r.LinkedIn, &r.Website, &r.LocationPreference, &r.AvailabilityDate, &r.HeardFrom,
		&r.Gender, &r.DisabilityStatus, &r.NationalIDType, &r.NationalIDNumber, &r.ConsentVersion, &r.Homepage,
	} {
		*s = strings.TrimSpace(*s)
	}
	r.Address = multiline(r.Address)
	r.CoverLetter = multiline(r.CoverLetter)
	r.LinkedIn = domain.NormalizeWebAddress(r.LinkedIn)
	r.Website = domain.NormalizeWebAddress(r.Website)
	r.Source = domain.NormalizeSource(r.Source)
	if r.PhoneCountry == "" {
		r.PhoneCountry = domain.MainPhoneRegion(r.PhoneCountryCode)
	} else if pr, ok := domain.PhoneRegionOf(r.PhoneCountry); ok {
		r.PhoneCountryCode = pr.Code
	}
	r.PhoneNumber = domain.NormalizePhoneNumber(r.PhoneCountry, strings.Map(func(c rune) rune {
		if '0' <= c && c <= '9' {
			return c
		}
		return -1
	}, r.PhoneNumber))
	for i := range r.WorkExperiences {
		w := &r.WorkExperiences[i]
		for _, s := range []*string{&w.JobTitle, &w.CompanyName, &w.StartDate, &w.EndDate} {
			*s = strings.TrimSpace(*s)
		}
		w.Responsibilities = multiline(w.Responsibilities)
	}
	for i := range r.Educations {
		e := &r.Educations[i]
		for _, s := range []*string{&e.Level, &e.Institution, &e.BoardName, &e.Degree, &e.FieldOfStudy,
			&e.Location, &e.GraduationDate, &e.ScoreType, &e.Score} {
			*s = strings.TrimSpace(*s)
		}
	}
	for i := range r.Skills {
		r.Skills[i] = strings.TrimSpace(r.Skills[i])
	}
	for i := range r.Certifications {
		r.Certifications[i].Name = strings.TrimSpace(r.Certifications[i].Name)
	}
}

// multiline unifies CR LF and lone CR to LF and trims the text.
func multiline(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(s)
}

// Fields returns the application flattened to path → value, the input of
// domain.ValidateApplication: "firstName", "workExperiences.0.jobTitle",
// "educations.1.score", "skills.2", "certifications.0.name". A list's
// length is under its own name ("workExperiences" → "2"), booleans are
// "true" or "false", and ElapsedMs is its decimal ("" when absent).
func (r ApplicationRequest) Fields() map[string]string {
	f := map[string]string{
		"firstName":          r.FirstName,
		"middleName":         r.MiddleName,
		"lastName":           r.LastName,
		"fullName":           r.FullName,
		"email":              r.Email,
		"phoneCountry":       r.PhoneCountry,
		"phoneCountryCode":   r.PhoneCountryCode,
		"phoneNumber":        r.PhoneNumber,
		"address":            r.Address,
		"linkedin":           r.LinkedIn,
		"website":            r.Website,
		"locationPreference": r.LocationPreference,
		"availabilityDate":   r.AvailabilityDate,
		"workExperiences":    strconv.Itoa(len(r.WorkExperiences)),
		"educations":         strconv.Itoa(len(r.Educations)),
		"skills":             strconv.Itoa(len(r.Skills)),
		"certifications":     strconv.Itoa(len(r.Certifications)),
		"coverLetter":        r.CoverLetter,
		"heardFrom":          r.HeardFrom,
		"eligibleToWork":     strconv.FormatBool(r.EligibleToWork),
		"willingToRelocate":  strconv.FormatBool(r.WillingToRelocate),
		"gender":             r.Gender,
		"disabilityStatus":   r.DisabilityStatus,
		"nationalIdType":     r.NationalIDType,
		"nationalIdNumber":   r.NationalIDNumber,
		"consent":            strconv.FormatBool(r.Consent),
		"consentVersion":     r.ConsentVersion,
		"homepage":           r.Homepage,
		"elapsedMs":          "",
	}
	if r.ElapsedMs != nil {
		f["elapsedMs"] = strconv.FormatInt(*r.ElapsedMs, 10)
	}
	for i, w := range r.WorkExperiences {
		p := "workExperiences." + strconv.Itoa(i) + "."
		f[p+"jobTitle"] = w.JobTitle
		f[p+"companyName"] = w.CompanyName
		f[p+"startDate"] = w.StartDate
		f[p+"endDate"] = w.EndDate
		f[p+"responsibilities"] = w.Responsibilities
	}
	for i, e := range r.Educations {
		p := "educations." + strconv.Itoa(i) + "."
		f[p+"level"] = e.Level
		f[p+"institution"] = e.Institution
		f[p+"boardName"] = e.BoardName
		f[p+"degree"] = e.Degree
		f[p+"fieldOfStudy"] = e.FieldOfStudy
		f[p+"location"] = e.Location
		f[p+"graduationDate"] = e.GraduationDate
		f[p+"scoreType"] = e.ScoreType
		f[p+"score"] = e.Score
	}
	for i, s := range r.Skills {
		f["skills."+strconv.Itoa(i)] = s
	}
	for i, c := range r.Certifications {
		f["certifications."+strconv.Itoa(i)+".name"] = c.Name
	}
	return f
}
