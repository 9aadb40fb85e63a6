package siteimport_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/siteimport"
)

// TestImportVolume measures imports: the sample export, and an export of
// SITEIMPORT_VOLUME generated applications (each with a resume, an ID
// document and a sealed Aadhaar number) to 20 jobs, three runs each on
// every store, and logs the median with the machine's load. It runs
// only when SITEIMPORT_VOLUME is set:
//
//	SITEIMPORT_VOLUME=10000 go test ./internal/siteimport -run TestImportVolume -v -timeout 60m
func TestImportVolume(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SITEIMPORT_VOLUME"))
	if n <= 0 {
		t.Skip("SITEIMPORT_VOLUME is not set")
	}
	files := t.TempDir()
	export := generate(t, n, files)
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) { volume(t, kind, n, files, export) })
	}
}

func volume(t *testing.T, kind string, n int, files string, export []byte) {
	{
		var sample, first, second []time.Duration
		for range 3 {
			// A fresh store per run: the first run creates everything.
			{
				e := newEnv(t, kind)
				start := time.Now()
				e.importSample(t, false)
				sample = append(sample, time.Since(start))
			}
			{
				e := newEnv(t, kind)
				imp := siteimport.New(siteimport.Config{Store: e.st, Blobs: e.blobs, Keys: e.keys,
					Files: os.DirFS(files), Now: func() time.Time { return testNow }})
				start := time.Now()
				rep, err := imp.Run(t.Context(), bytes.NewReader(export))
				if err != nil {
					t.Fatal(err)
				}
				first = append(first, time.Since(start))
				if c, _, s := rep.Totals(); c != n+20 || s != 0 {
					t.Fatalf("created %d, skipped %d; want %d, 0", c, s, n+20)
				}
				start = time.Now()
				rep, err = imp.Run(t.Context(), bytes.NewReader(export))
				if err != nil {
					t.Fatal(err)
				}
				second = append(second, time.Since(start))
				if c, u, _ := rep.Totals(); c != 0 || u != n+20 {
					t.Fatalf("second run: created %d, unchanged %d", c, u)
				}
			}
		}
		load, _ := os.ReadFile("/proc/loadavg")
		t.Logf("sample export: median %v of %v", median(sample), sample)
		t.Logf("%d applications: first run median %v of %v (%.0f applications/s); second run (nothing to do) median %v of %v; load average %s",
			n, median(first), first, float64(n)/median(first).Seconds(), median(second), second, bytes.TrimSpace(load))
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// generate writes the files of n applications to dir and returns the
// export that references them.
func generate(t *testing.T, n int, dir string) []byte {
	t.Helper()
	for name, data := range map[string][]byte{
		"resumes/cv.pdf":      docfiletest.GoodPDF(),
		"national-ids/id.jpg": testJPEG(t, 320, 200, color.RGBA{40, 90, 160, 255}),
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jobs := map[string]any{}
	for j := range 20 {
		jobs[fmt.Sprintf("Job%02d", j)] = map[string]any{
			"jobTitle": fmt.Sprintf("Engineer %d", j), "experience": "2-4 years", "location": "Hyderabad",
			"description": "<p>Work.</p><script>x()</script>",
		}
	}
	apps := map[string]any{}
	base := testNow.Add(-100 * 24 * time.Hour)
	for i := range n {
		body := fmt.Sprintf("%011d", 20000000000+i)
		check, _ := domain.VerhoeffCheckDigit(body)
		appliedAt := any(base.Add(time.Duration(i) * time.Minute).Format(time.RFC3339Nano))
		if i%2 == 0 {
			at := base.Add(time.Duration(i) * time.Minute)
			appliedAt = map[string]int64{"_seconds": at.Unix(), "_nanoseconds": int64(at.Nanosecond())}
		}
		apps[fmt.Sprintf("App%06dX", i)] = map[string]any{
			"firstName": "Applicant", "lastName": strconv.Itoa(i), "fullName": "Applicant " + strconv.Itoa(i),
			"email": fmt.Sprintf("applicant%d@example.com", i), "phoneCountryCode": "+91", "phoneNumber": "9876543210",
			"address": "Hyderabad", "locationPreference": "Hyderabad", "availabilityDate": "2026-12-01",
			"workExperiences": []any{map[string]any{"jobTitle": "Developer", "companyName": "Acme", "startDate": "2020-01-01", "endDate": "2024-01-01", "responsibilities": "Code."}},
			"educations":      []any{map[string]any{"level": "Bachelor's", "institution": "JNTU", "degree": "B.Tech", "fieldOfStudy": "CS", "location": "Telangana", "graduationDate": "2019-05-01", "scoreType": "cgpa", "score": "8"}},
			"skills":          []string{"Go", "SQL"}, "certifications": []any{},
			"resumeUrl":   "https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/resumes%2Fcv.pdf?alt=media",
			"coverLetter": "Hello.", "heardFrom": "LinkedIn", "eligibleToWork": true, "willingToRelocate": false,
			"gender": "Female", "disabilityStatus": "No", "nationalIdType": domain.IDAadhaar,
			"nationalIdNumber": body + string(check), "nationalIdDocumentUrl": "national-ids/id.jpg",
			"jobId": fmt.Sprintf("Job%02d", i%20), "appliedAt": appliedAt,
		}
	}
	b, err := json.Marshal(map[string]any{"jobDescription": jobs, "jobApplications": apps})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
