// Package applytest is a complete job application as the apply form sends
// it (POST /api/jobs/{id}/applications): details that pass every rule,
// good documents and the multipart body. The HTTP tests and the
// several-instances test send it. Only tests import it.
package applytest

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/textproto"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// PAN is the applicant's national ID number: valid in form, never to be
// seen in a log or a mail.
const PAN = "ABCPE1234K"

// Email is the applicant's address in Request.
const Email = "meera.iyer@example.com"

// Request is an application that passes every rule on the day today: its
// availability date is a month later.
func Request(today time.Time) wire.ApplicationRequest {
	elapsed := int64(5 * 60 * 1000)
	return wire.ApplicationRequest{
		FirstName: "Meera", LastName: "Iyer", FullName: "Meera Iyer",
		Email: Email, PhoneCountryCode: "+91", PhoneNumber: "9876543210",
		Address: "12 Lake Road, Uppal, Hyderabad", LinkedIn: "https://www.linkedin.com/in/meera-iyer",
		LocationPreference: "Hyderabad", AvailabilityDate: today.AddDate(0, 1, 0).Format(time.DateOnly),
		WorkExperiences: []wire.WorkExperience{{JobTitle: "Developer", CompanyName: "Acme Systems",
			StartDate: "2021-06-01", EndDate: "2025-03-31", Responsibilities: "Built billing services."}},
		Educations: []wire.Education{{Level: "Bachelor's", Institution: "Osmania University",
			Degree: "B.Tech", FieldOfStudy: "Computer Science", Location: "Telangana",
			GraduationDate: "2021-05-31", ScoreType: "cgpa", Score: "8.45"}},
		Skills:         []string{"Go", "PostgreSQL"},
		Certifications: []wire.CertificationName{{Name: "Cloud Practitioner"}},
		CoverLetter:    "I would like to build your platform.",
		HeardFrom:      "Job Board", EligibleToWork: true,
		NationalIDType: "PAN", NationalIDNumber: PAN,
		Consent: true, ConsentVersion: domain.ConsentVersion,
		ElapsedMs: &elapsed,
	}
}

// File is one document part of a submission.
type File struct {
	Part, Name string
	Data       []byte
}

// Files are the documents Request needs: a resume, an ID document and one
// certification, each good.
func Files() []File {
	resumeName, resume := docfiletest.Good(docfile.Resume)
	idName, id := docfiletest.Good(docfile.IDDocument)
	certName, cert := docfiletest.Good(docfile.Certification)
	return []File{
		{domain.ResumePart, resumeName, resume},
		{domain.IDDocumentPart, idName, id},
		{domain.CertificationPartPrefix + "0", certName, cert},
	}
}

// Body encodes a submission as the form does: the "application" JSON part
// first, then the files. req is encoded as JSON, or sent as it is when it
// is a string (for malformed details).
func Body(req any, files []File) (body []byte, contentType string, err error) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="`+domain.ApplicationPart+`"`)
	h.Set("Content-Type", "application/json")
	pw, err := mw.CreatePart(h)
	if err != nil {
		return nil, "", err
	}
	if s, ok := req.(string); ok {
		_, err = pw.Write([]byte(s))
	} else {
		err = json.NewEncoder(pw).Encode(req)
	}
	if err != nil {
		return nil, "", err
	}
	for _, f := range files {
		fw, err := mw.CreateFormFile(f.Part, f.Name)
		if err != nil {
			return nil, "", err
		}
		if _, err := fw.Write(f.Data); err != nil {
			return nil, "", err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), mw.FormDataContentType(), nil
}
