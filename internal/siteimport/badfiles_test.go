package siteimport_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/siteimport"
)

// TestBadFiles: a file that is missing, outside the bucket, of the wrong
// type or refused by its name is left out with a note naming it, and the
// record is imported without it; good files beside it still go in.
func TestBadFiles(t *testing.T) {
	eachStore(t, func(t *testing.T, e *env) {
		files := fstest.MapFS{
			"resumes/ok.pdf":           {Data: docfiletest.GoodPDF()},
			"certifications/fake.pdf":  {Data: []byte("MZ\x90\x00 an executable, not a PDF")},
			"certifications/setup.exe": {Data: docfiletest.GoodPDF()},
		}
		export := `{
		  "jobDescription": {"j1": {"jobTitle": "Tester", "experience": "1", "location": "Hyderabad", "description": "<p>x</p>"}},
		  "blogs": {"b1": {"title": "Post", "description": "d", "content": "<h2>A</h2>", "image": "https://images.example.com/cover.jpg", "createdAt": "2026-10-01T00:00:00Z"}},
		  "jobApplications": {"a1": {
		    "fullName": "Test Person", "email": "test@example.com", "jobId": "j1", "appliedAt": "2026-10-01T10:00:00Z",
		    "resumeUrl": "resumes/ok.pdf",
		    "nationalIdType": "Driving License", "nationalIdNumber": "TS09 2019 0012345",
		    "nationalIdDocumentUrl": "national-ids/missing.jpg",
		    "certifications": [
		      {"name": "Fake", "documentUrl": "certifications/fake.pdf"},
		      {"name": "Exe", "documentUrl": "certifications/setup.exe"},
		      {"name": "Escape", "documentUrl": "gs://bucket/../../etc/passwd"},
		      {"name": "Paper only", "documentUrl": ""}
		    ]}}
		}`
		imp := siteimport.New(siteimport.Config{Store: e.st, Blobs: e.blobs, Keys: e.keys, Files: files,
			Now: func() time.Time { return testNow }})
		rep, err := imp.Run(t.Context(), strings.NewReader(export))
		if err != nil {
			t.Fatal(err)
		}
		if got := counts(rep); got != "jobDescription 1/0/0\nblogs 1/0/0\ncomments 0/0/0\ncontacts 0/0/0\njobApplications 1/0/0\n" {
			t.Fatalf("report:\n%s", got)
		}
		if got := problem(collection(t, rep, "blogs").Notes, "b1"); !strings.Contains(got, `"https://images.example.com/cover.jpg" names no file of the export's storage. Imported without a cover.`) {
			t.Errorf("external cover noted %q", got)
		}
		notes := problem(collection(t, rep, "jobApplications").Notes, "a1")
		for _, want := range []string{
			"national ID document national-ids/missing.jpg: not in the files folder. Imported without it.",
			"certification document 1 certifications/fake.pdf: ",
			"certification document 2 certifications/setup.exe: ",
			"certification document 3 \"gs://bucket/../../etc/passwd\" names no file",
		} {
			if !strings.Contains(notes, want) {
				t.Errorf("notes lack %q:\n%s", want, notes)
			}
		}
		a, err := e.st.GetApplication(t.Context(), "a1")
		if err != nil {
			t.Fatal(err)
		}
		if a.ResumeKey == "" || !blobExists(t, e, a.ResumeKey) || a.NationalIDDocumentKey != "" || len(a.Certifications) != 4 {
			t.Fatalf("application = %+v", a)
		}
		for i, c := range a.Certifications {
			if c.DocumentKey != "" {
				t.Errorf("certification %d kept a refused document: %q", i+1, c.DocumentKey)
			}
		}
		if a.NationalIDLast4 != "2345" || a.NationalIDType != "Driving License" {
			t.Errorf("licence number: type %q, last four %q", a.NationalIDType, a.NationalIDLast4)
		}
		if keys := allBlobs(t, e); len(keys) != 1 {
			t.Errorf("files stored: %v, want the resume alone", keys)
		}
	})
}
