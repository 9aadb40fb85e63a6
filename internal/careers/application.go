package careers

import (
	"errors"
	"fmt"

	"corpsite/internal/domain"
)

// errNoKeys is the failure to store an application without data keys.
var errNoKeys = errors.New("careers: no keys to seal national ID numbers")

// application builds the record to store from the admitted text and the
// stored documents. The national ID number is sealed here; only its last
// four characters are kept in the clear.
func (sub *Submission) application() (domain.Application, error) {
	req, d := &sub.app, &sub.docs
	number := domain.NormalizeNationalID(req.NationalIDType, req.NationalIDNumber)
	sealed, err := sub.svc.seal(number)
	if err != nil {
		return domain.Application{}, fmt.Errorf("seal national ID: %w", err)
	}
	a := domain.Application{
		JobID:      sub.job.ID,
		FirstName:  req.FirstName,
		MiddleName: req.MiddleName, LastName: req.LastName, FullName: req.FullName,
		Email: req.Email, PhoneCountryCode: req.PhoneCountryCode, PhoneNumber: req.PhoneNumber,
		Address: req.Address, LinkedIn: req.LinkedIn, Website: req.Website,
		LocationPreference: req.LocationPreference, AvailabilityDate: req.AvailabilityDate,
		Skills: req.Skills, ResumeKey: d.resume, CoverLetter: req.CoverLetter,
		HeardFrom: req.HeardFrom, Source: req.Source, EligibleToWork: req.EligibleToWork,
		WillingToRelocate: req.WillingToRelocate, Gender: req.Gender,
		DisabilityStatus: req.DisabilityStatus, NationalIDType: req.NationalIDType,
		NationalIDNumberEnc: sealed, NationalIDLast4: domain.NationalIDLastFour(req.NationalIDType, number), NationalIDDocumentKey: d.idDoc,
		ConsentVersion: req.ConsentVersion, ConsentAt: sub.now,
		AppliedAt: sub.now, UpdatedAt: sub.now,
	}
	// Suspected spam is kept with why, and its confirmation held until
	// staff mark it not spam (spam.go).
	a.Spam, a.SpamReasons = SuspectSpam(req)
	a.ConfirmationHeld = a.Spam
	// The form always shows one work experience and one education; left
	// blank, they are no entry at all (the rules skip them too).
	for i, w := range req.WorkExperiences {
		if !domain.IsBlankEntry(sub.fields, "workExperiences", i) {
			a.WorkExperiences = append(a.WorkExperiences, domain.WorkExperience(w))
		}
	}
	for i, e := range req.Educations {
		if domain.IsBlankEntry(sub.fields, "educations", i) {
			continue
		}
		ed := domain.Education{Level: e.Level, Institution: e.Institution, Location: e.Location,
			GraduationDate: e.GraduationDate, ScoreType: e.ScoreType, Score: e.Score}
		if domain.IsBoardLevel(e.Level) {
			ed.BoardName = e.BoardName
		} else {
			ed.Degree, ed.FieldOfStudy = e.Degree, e.FieldOfStudy
		}
		a.Educations = append(a.Educations, ed)
	}
	for i, c := range req.Certifications {
		a.Certifications = append(a.Certifications, domain.Certification{Name: c.Name, DocumentKey: d.certs[i]})
	}
	return a, nil
}

// seal seals a national ID number with the data keys.
func (s *Service) seal(number string) ([]byte, error) {
	if s.keys == nil {
		return nil, errNoKeys
	}
	return s.keys.Seal([]byte(number))
}
