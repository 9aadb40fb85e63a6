package wire

import (
	"maps"
	"testing"
)

func TestFieldsOfAnEmptyRequest(t *testing.T) {
	f := ApplicationRequest{}.Fields()
	for k, want := range map[string]string{
		"workExperiences": "0", "educations": "0", "skills": "0", "certifications": "0",
		"consent": "false", "eligibleToWork": "false", "elapsedMs": "", "firstName": "",
	} {
		if got, ok := f[k]; !ok || got != want {
			t.Errorf("%s = %q (present %v), want %q", k, got, ok, want)
		}
	}
	if len(f) != 29 {
		t.Errorf("%d fields, want the 29 top-level ones", len(f))
	}
}

func TestFieldsOfEntries(t *testing.T) {
	ms := int64(4200)
	r := ApplicationRequest{
		WorkExperiences: []WorkExperience{{JobTitle: "a"}, {EndDate: "2024-01-31"}},
		Educations:      []Education{{Score: "8.5"}},
		Skills:          []string{"Go", "SQL"},
		Certifications:  []CertificationName{{Name: "CKA"}},
		Consent:         true,
		ElapsedMs:       &ms,
	}
	f := r.Fields()
	for k, want := range map[string]string{
		"workExperiences": "2", "workExperiences.0.jobTitle": "a", "workExperiences.1.endDate": "2024-01-31",
		"workExperiences.1.responsibilities": "", "educations.0.score": "8.5", "educations.0.boardName": "",
		"skills": "2", "skills.1": "SQL", "certifications.0.name": "CKA", "consent": "true", "elapsedMs": "4200",
	} {
		if got, ok := f[k]; !ok || got != want {
			t.Errorf("%s = %q (present %v), want %q", k, got, ok, want)
		}
	}
	if _, ok := f["skills.2"]; ok {
		t.Error("skills.2 present")
	}
}

func TestNormalize(t *testing.T) {
	r := ApplicationRequest{
		FirstName: " Asha\u00a0", Email: " Asha@Example.com ", PhoneNumber: "+91 98765-43210",
		Address: "\r\n12 Lake Road\r\nUppal\r", NationalIDType: " PAN ", NationalIDNumber: " abcpe 1234 f ",
		Skills:          []string{" Go "},
		WorkExperiences: []WorkExperience{{JobTitle: " Dev ", Responsibilities: "a\r\nb "}},
		Educations:      []Education{{Score: " 8.5 "}},
		Certifications:  []CertificationName{{Name: " CKA\t"}},
	}
	r.Normalize()
	for k, want := range map[string]string{
		"firstName": "Asha", "email": "Asha@Example.com", "phoneNumber": "919876543210", "address": "12 Lake Road\nUppal",
		"nationalIdType": "PAN", "nationalIdNumber": "abcpe 1234 f", "skills.0": "Go", "workExperiences.0.jobTitle": "Dev",
		"workExperiences.0.responsibilities": "a\nb", "educations.0.score": "8.5", "certifications.0.name": "CKA",
	} {
		if got := r.Fields()[k]; got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	once := r.Fields()
	r.Normalize()
	if !maps.Equal(once, r.Fields()) {
		t.Error("Normalize is not idempotent")
	}
}

// TestNormalizeStoresCompleteAddressesAndNationalNumbers: what Normalize
// makes of the LinkedIn and website addresses and the phone is what is
// validated and stored.
func TestNormalizeStoresCompleteAddressesAndNationalNumbers(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		in                    ApplicationRequest
		linkedin, website     string
		country, code, number string
	}{
		{"no scheme", ApplicationRequest{LinkedIn: " linkedin.com/in/asha-rao ", Website: "www.example.in", PhoneCountry: "IN", PhoneNumber: "98765 43210"},
			"https://linkedin.com/in/asha-rao", "https://www.example.in", "IN", "+91", "9876543210"},
		{"http kept, scheme lower-cased", ApplicationRequest{LinkedIn: "http://linkedin.com/in/x", Website: "HTTPS://Example.in", PhoneCountryCode: "+44", PhoneNumber: "07911 123456"},
			"http://linkedin.com/in/x", "https://Example.in", "GB", "+44", "7911123456"},
		{"other schemes left for the rules", ApplicationRequest{LinkedIn: "javascript:alert(1)", Website: "mailto:a@b.in", PhoneCountry: "CA", PhoneCountryCode: "+91", PhoneNumber: "1-416-555-0100"},
			"javascript:alert(1)", "mailto:a@b.in", "CA", "+1", "4165550100"},
		{"empty stays empty, unknown region keeps its code", ApplicationRequest{PhoneCountry: "XX", PhoneCountryCode: "+91", PhoneNumber: "0123"},
			"", "", "XX", "+91", "0123"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.in
			r.Normalize()
			got := [5]string{r.LinkedIn, r.Website, r.PhoneCountry, r.PhoneCountryCode, r.PhoneNumber}
			want := [5]string{tc.linkedin, tc.website, tc.country, tc.code, tc.number}
			if got != want {
				t.Errorf("normalised to %q, want %q", got, want)
			}
		})
	}
}
