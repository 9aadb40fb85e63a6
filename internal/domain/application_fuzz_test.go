package domain_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// TestWireNormalizeFollowsTheTable holds wire's Normalize to the kinds of
// the table (the web app's normalizeApplication derives the same from the
// table). The national ID number is only trimmed there: its canonical form
// is NormalizeNationalID's, which the interpreter applies before judging it.
func TestWireNormalizeFollowsTheTable(t *testing.T) {
	checkNormalizedByKind(t, fuzzRequest("  x\r\n y \u0085", " 98 76-5a ", " mh14 2011 0062821 ", domain.IDLicence, 3))
	for _, typ := range domain.NationalIDTypes {
		r := wire.ApplicationRequest{NationalIDType: typ, NationalIDNumber: " abcpe 1234 f "}
		r.Normalize()
		if r.NationalIDNumber != "abcpe 1234 f" {
			t.Errorf("%s: wire normalised the number to %q; only trimming is wire's", typ, r.NationalIDNumber)
		}
	}
}

// checkNormalizedByKind normalises r and compares every value with what
// its rule's kind demands (the web app's normalizeValue).
func checkNormalizedByKind(t *testing.T, r wire.ApplicationRequest) {
	t.Helper()
	before := r.Fields()
	r.Normalize()
	after := r.Fields()
	for p, v := range before {
		rule := domain.ApplicationFieldRule(pattern(p))
		var want string
		switch rule.Kind {
		case domain.KindCount, domain.KindBool:
			want = v
		case domain.KindText:
			want = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(v, "\r\n", "\n"), "\r", "\n"))
		case domain.KindPhone:
			want = domain.NormalizePhoneNumber(after[rule.RegionBy], strings.Map(func(c rune) rune {
				if c >= '0' && c <= '9' {
					return c
				}
				return -1
			}, v))
		case domain.KindURL:
			want = domain.NormalizeWebAddress(strings.TrimSpace(v))
		default:
			switch {
			case p == "elapsedMs":
				want = v
			case p == "phoneCountry" && strings.TrimSpace(v) == "":
				want = domain.MainPhoneRegion(strings.TrimSpace(before["phoneCountryCode"]))
			case p == "phoneCountryCode" && after["phoneCountry"] != "":
				if pr, ok := domain.PhoneRegionOf(after["phoneCountry"]); ok {
					want = pr.Code
				} else {
					want = strings.TrimSpace(v)
				}
			default:
				want = strings.TrimSpace(v)
			}
		}
		if after[p] != want {
			t.Errorf("%s: %q normalised to %q, want %q", p, v, after[p], want)
		}
	}
}

// fuzzRequest is a request with the fuzzer's strings in fields of every kind.
func fuzzRequest(text, phone, id, idType string, entries uint8) wire.ApplicationRequest {
	n := int(entries % 4)
	r := wire.ApplicationRequest{
		FirstName: text, LastName: "Rao", FullName: text + " Rao", Email: text + "@example.com",
		PhoneCountryCode: "+91", PhoneNumber: phone, Address: text, LinkedIn: text, Website: "https://" + text,
		LocationPreference: "Hyderabad", AvailabilityDate: text, CoverLetter: text, HeardFrom: text,
		NationalIDType: idType, NationalIDNumber: id, Consent: true, ConsentVersion: domain.ConsentVersion,
	}
	for i := range n {
		r.WorkExperiences = append(r.WorkExperiences, wire.WorkExperience{JobTitle: text, CompanyName: "Acme",
			StartDate: "2020-01-0" + strconv.Itoa(i+1), EndDate: text, Responsibilities: text})
		r.Educations = append(r.Educations, wire.Education{Level: domain.EducationLevels[i], Institution: text,
			BoardName: text, ScoreType: domain.ScoreCGPA, Score: text})
		r.Skills = append(r.Skills, text)
		r.Certifications = append(r.Certifications, wire.CertificationName{Name: text})
	}
	return r
}

// FuzzValidateApplication: validation never panics, names only paths the
// request has (or its file parts), always with words; Normalize is
// idempotent, so a request found valid stays valid when normalised again;
// and a valid request has the shape the rules promise.
func FuzzValidateApplication(f *testing.F) {
	f.Add("Asha", "98765 43210", "2345 6789 0124", domain.IDAadhaar, uint8(1), "cv.pdf", int64(1000))
	f.Add("asha.example.in", "098765 43210", "2345 6789 0124", domain.IDAadhaar, uint8(0), "cv.pdf", int64(1000))
	f.Add("", "", "", "", uint8(0), "", int64(0))
	f.Add("2026-12-01", "+44 20 7946 0958", "abcpe1234f", domain.IDPAN, uint8(3), "CV.DOCX", int64(domain.ResumeMaxBytes))
	f.Add("\u202eoaR", "1", "MH14 20110062821", domain.IDLicence, uint8(2), "x.pdf.exe", int64(-1))
	f.Add("8.45", "123456789012345", "  ", "Passport", uint8(255), "a/b.pdf", int64(domain.ResumeMaxBytes+1))
	f.Add("\xff\x00\r\n", "٣٤٥", "२३४५", domain.IDAadhaar, uint8(1), "\u200b.pdf", int64(1))
	f.Fuzz(func(t *testing.T, text, phone, id, idType string, entries uint8, fileName string, size int64) {
		r := fuzzRequest(text, phone, id, idType, entries)
		r.Normalize()
		once := r.Fields()
		r.Normalize()
		fields := r.Fields()
		for p, v := range once {
			if fields[p] != v {
				t.Fatalf("Normalize is not idempotent at %s: %q then %q", p, v, fields[p])
			}
		}
		files := map[string]domain.FileMeta{
			domain.ResumePart:     {Name: fileName, Size: size},
			domain.IDDocumentPart: {Name: "id.png", Size: 10},
			"certification.0":     {Name: fileName, Size: size},
		}
		problems := domain.ValidateApplication(fields, files, "2026-11-23")
		for p, msg := range problems {
			// A file part belongs to the request when it is one of the
			// documents or a certification's (whose document is required).
			cert, isCert := strings.CutPrefix(p, domain.CertificationPartPrefix)
			_, hasCert := fields["certifications."+cert+".name"]
			if _, ok := fields[p]; !ok && !(isCert && hasCert) && !slices.Contains([]string{domain.ResumePart, domain.IDDocumentPart, "certification.0"}, p) {
				t.Fatalf("problem at %q, which the request does not have", p)
			}
			if strings.TrimSpace(msg) == "" {
				t.Fatalf("no words for the problem at %s", p)
			}
		}
		if want := domain.CheckFileMeta(domain.ResumePart, fileName, size); problems[domain.ResumePart] != want {
			t.Fatalf("resume: ValidateApplication %q, CheckFileMeta %q", problems[domain.ResumePart], want)
		}
		textOnly := domain.ValidateApplication(fields, nil, "2026-11-23")
		for p, msg := range textOnly {
			if problems[p] != msg {
				t.Fatalf("%s: %q with files, %q without", p, problems[p], msg)
			}
		}
		if len(textOnly) > 0 {
			return
		}
		// Valid: what was accepted has the promised shape.
		if !domain.ValidEmail(fields["email"]) || !utf8.ValidString(fields["firstName"]) ||
			strings.ContainsAny(fields["firstName"], "\r\n\u202e") {
			t.Fatalf("accepted a bad name or address: %q, %q", fields["firstName"], fields["email"])
		}
		region, _ := domain.PhoneRegionOf(fields["phoneCountry"])
		if n := len(fields["phoneNumber"]); !slices.Contains(region.Lengths, n) || strings.Trim(fields["phoneNumber"], "0123456789") != "" ||
			region.Code != fields["phoneCountryCode"] {
			t.Fatalf("accepted phone number %q %q in %q", fields["phoneCountryCode"], fields["phoneNumber"], fields["phoneCountry"])
		}
		if domain.NationalIDProblem(fields["nationalIdType"], fields["nationalIdNumber"]) != "" {
			t.Fatalf("accepted %s %q", fields["nationalIdType"], fields["nationalIdNumber"])
		}
		if d := fields["availabilityDate"]; d < "2026-11-23" || d > "2028-11-23" {
			t.Fatalf("accepted availability %q", d)
		}
		checkNormalizedByKind(t, r)
	})
}
