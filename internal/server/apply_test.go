package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"corpsite/internal/blob"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/server"
	"corpsite/internal/server/applytest"
	"corpsite/internal/wire"
)

// applyFixture is a server with private local blob storage, a data key,
// a staff address and a log the test can read.
type applyFixture struct {
	*fixture
	blobs domain.BlobStore
	keys  *idcrypt.Keyring
	logs  *syncBuffer
	job   domain.Job
	tmp   string // the server's TempDir
}

// newApplyFixture builds the server; edits may change its options further.
func newApplyFixture(t *testing.T, edits ...func(*server.Options)) *applyFixture {
	t.Helper()
	return newApplyFixtureWith(t, nil, edits...)
}

// newApplyFixtureWith is newApplyFixture with the blob store wrapped by
// wrap (when not nil), e.g. to make it fail, and edits to its options.
func newApplyFixtureWith(t *testing.T, wrap func(domain.BlobStore) domain.BlobStore, edits ...func(*server.Options)) *applyFixture {
	t.Helper()
	dir := t.TempDir()
	blobs, err := blob.Open(context.Background(), "", filepath.Join(dir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	if wrap != nil {
		blobs = wrap(blobs)
	}
	keys, err := idcrypt.ParseKeys("k1:" + strings.Repeat("A", 43) + "=")
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	f := newFixture(t, func(o *server.Options) {
		o.Blobs = blobs
		o.IDKeys = keys
		o.StaffEmail = staffEmail
		o.TempDir = filepath.Join(dir, "tmp")
		o.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		for _, edit := range edits {
			edit(o)
		}
	})
	if err := os.Mkdir(filepath.Join(dir, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	job := f.createJob(t, "Platform Engineer", domain.JobOpen, nil)
	return &applyFixture{fixture: f, blobs: blobs, keys: keys, logs: logs, job: job, tmp: filepath.Join(dir, "tmp")}
}

// The PAN of the test applicant: valid in form, never to be seen in a log
// or a mail.
const testPAN = applytest.PAN

// validRequest is a complete application that passes every rule.
func validRequest() wire.ApplicationRequest { return applytest.Request(testNow) }

// filePart is one document part of a submission.
type filePart = applytest.File

// validFiles are the documents validRequest needs.
func validFiles() []filePart { return applytest.Files() }

// multipartBody encodes a submission: the JSON part first, then files.
func multipartBody(t testing.TB, req any, files []filePart) (body []byte, contentType string) {
	t.Helper()
	body, contentType, err := applytest.Body(req, files)
	if err != nil {
		t.Fatal(err)
	}
	return body, contentType
}

// submit posts a submission from addr with an idempotency key ("" = none).
func (f *applyFixture) submit(t testing.TB, jobID, addr, key string, body io.Reader, contentType string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/jobs/"+jobID+"/applications", body)
	req.RemoteAddr = addr
	req.Header.Set("Content-Type", contentType)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

// apply submits a request with files and returns the answer.
func (f *applyFixture) apply(t testing.TB, req any, files []filePart, key string) response {
	t.Helper()
	body, ct := multipartBody(t, req, files)
	return f.submit(t, f.job.ID, "203.0.113.9:4000", key, bytes.NewReader(body), ct)
}

// allBlobs lists every stored document.
func (f *applyFixture) allBlobs(t testing.TB) []string {
	t.Helper()
	keys, err := f.blobs.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

func (f *applyFixture) applications(t testing.TB) []domain.Application {
	t.Helper()
	apps, err := f.store.ListApplications(context.Background(), domain.ApplicationFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return apps
}

func decodeSaved(t testing.TB, res response) wire.ApplicationSaved {
	t.Helper()
	var v wire.ApplicationSaved
	if err := json.Unmarshal([]byte(res.Body), &v); err != nil {
		t.Fatalf("answer %d does not decode: %v\n%s", res.Status, err, res.Body)
	}
	return v
}

func decodeAPIError(t testing.TB, res response) wire.APIError {
	t.Helper()
	var v wire.ErrorBody
	if err := json.Unmarshal([]byte(res.Body), &v); err != nil {
		t.Fatalf("error answer %d does not decode: %v\n%s", res.Status, err, res.Body)
	}
	return v.Error
}

var referencePattern = regexp.MustCompile(`^APP-[A-Z2-7]{8}$`)

func TestApplyStoresEverything(t *testing.T) {
	f := newApplyFixture(t)
	res := f.apply(t, validRequest(), validFiles(), "key-0123456789abcdef")
	if res.Status != http.StatusCreated {
		t.Fatalf("answer = %d %s, want 201", res.Status, res.Body)
	}
	saved := decodeSaved(t, res)
	if !referencePattern.MatchString(saved.Reference) || saved.Updated || saved.JobTitle != f.job.JobTitle {
		t.Errorf("answer = %+v", saved)
	}

	apps := f.applications(t)
	if len(apps) != 1 {
		t.Fatalf("%d applications stored, want 1", len(apps))
	}
	a := apps[0]
	if a.Reference != saved.Reference || a.JobID != f.job.ID || a.FullName != "Meera Iyer" ||
		a.Email != "meera.iyer@example.com" || a.Spam || a.ConsentVersion != domain.ConsentVersion ||
		!a.ConsentAt.Equal(testNow) || len(a.Skills) != 2 || len(a.WorkExperiences) != 1 || len(a.Educations) != 1 {
		t.Errorf("stored application = %+v", a)
	}
	if a.NationalIDType != "PAN" || a.NationalIDLast4 != "234K" {
		t.Errorf("national ID stored as %q / last four %q", a.NationalIDType, a.NationalIDLast4)
	}
	if bytes.Contains(a.NationalIDNumberEnc, []byte(testPAN)) {
		t.Error("the national ID number is stored in the clear")
	}
	if plain, err := f.keys.Open(a.NationalIDNumberEnc); err != nil || string(plain) != testPAN {
		t.Errorf("sealed national ID opens to %q, %v", plain, err)
	}

	// Each document is private, in its folder, under its real extension.
	for key, folder := range map[string]string{a.ResumeKey: "resumes/meera-iyer-",
		a.NationalIDDocumentKey: "national-ids/pan-", a.Certifications[0].DocumentKey: "certifications/cloud-practitioner-"} {
		if !strings.HasPrefix(key, folder) {
			t.Errorf("blob key %q, want it under %q", key, folder)
		}
		rc, info, err := f.blobs.Open(context.Background(), key)
		if err != nil {
			t.Errorf("document %q not stored: %v", key, err)
			continue
		}
		rc.Close()
		if info.Size == 0 {
			t.Errorf("document %q is empty", key)
		}
	}
	if got := len(f.allBlobs(t)); got != 3 {
		t.Errorf("%d blobs stored, want 3", got)
	}
	res = f.get(t, "/api/jobs/"+f.job.ID+"/applications")
	if res.Status == http.StatusOK {
		t.Error("applications can be read back through the public API")
	}

	// The applicant's confirmation and the staff notification are queued.
	out, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 {
		t.Fatalf("outbox holds %d messages, want 2", len(out))
	}
	byTo := map[string]domain.OutboxMessage{}
	for _, m := range out {
		byTo[m.To] = m
		if strings.Contains(m.Body, testPAN) || strings.Contains(m.Subject, testPAN) {
			t.Errorf("mail to %s carries the national ID number", m.To)
		}
	}
	conf, ok := byTo["meera.iyer@example.com"]
	if !ok {
		t.Fatalf("no confirmation to the applicant; outbox: %+v", out)
	}
	for _, want := range []string{saved.Reference, f.job.JobTitle, baseURL + "/privacy", "What happens next"} {
		if !strings.Contains(conf.Body, want) {
			t.Errorf("confirmation lacks %q:\n%s", want, conf.Body)
		}
		// The HTML part, made from the received template, says the same.
		if !strings.Contains(conf.HTMLBody, want) {
			t.Errorf("confirmation's HTML part lacks %q:\n%s", want, conf.HTMLBody)
		}
	}
	if !strings.Contains(conf.HTMLBody, `<a href="`+saved.StatusURL+`">`) {
		t.Errorf("confirmation's HTML part lacks the status link %s:\n%s", saved.StatusURL, conf.HTMLBody)
	}
	staff, ok := byTo[staffEmail]
	if !ok || staff.ReplyTo != "meera.iyer@example.com" || !strings.Contains(staff.Body, saved.Reference) {
		t.Errorf("staff notification = %+v", staff)
	}
	if logs := f.logs.String(); strings.Contains(logs, testPAN) || strings.Contains(logs, "Meera") {
		t.Errorf("the log carries personal data:\n%s", logs)
	}
}

func TestApplySameEmailUpdatesTheEarlierApplication(t *testing.T) {
	f := newApplyFixture(t)
	first := decodeSaved(t, f.apply(t, validRequest(), validFiles(), "first-key-0123456789"))
	before := f.applications(t)[0]

	again := validRequest()
	again.Email = "Meera.Iyer@Example.com" // the same address, typed differently
	again.PhoneNumber = "9123456780"
	res := f.apply(t, again, validFiles(), "second-key-0123456789")
	if res.Status != http.StatusOK {
		t.Fatalf("second application = %d %s, want 200", res.Status, res.Body)
	}
	second := decodeSaved(t, res)
	if !second.Updated || second.Reference != first.Reference {
		t.Errorf("second answer = %+v, want updated with reference %s", second, first.Reference)
	}
	apps := f.applications(t)
	if len(apps) != 1 || apps[0].PhoneNumber != "9123456780" || apps[0].ID != before.ID {
		t.Fatalf("applications after the update = %+v", apps)
	}
	// The replaced documents are gone; the new ones are kept.
	keys := f.allBlobs(t)
	if len(keys) != 3 {
		t.Errorf("blobs after the update = %v, want the 3 new ones", keys)
	}
	for _, k := range before.BlobKeys() {
		if _, _, err := f.blobs.Open(context.Background(), k); !domain.IsNotFound(err) {
			t.Errorf("replaced document %s still stored (%v)", k, err)
		}
	}
	out, _ := f.store.ListOutbox(context.Background(), "", 0)
	updates := 0
	for _, m := range out {
		if strings.Contains(m.Body, "replaced") {
			updates++
		}
	}
	if updates != 2 {
		t.Errorf("%d mails speak of the replacement, want 2 (applicant and staff)", updates)
	}
}

// A repeated submission (its answer lost on the way) gets the first answer
// and stores nothing more.
func TestApplyRepeatWithTheSameKeyStoresOnce(t *testing.T) {
	f := newApplyFixture(t)
	const key = "retry-key-0123456789"
	first := f.apply(t, validRequest(), validFiles(), key)
	if first.Status != http.StatusCreated {
		t.Fatalf("first = %d %s", first.Status, first.Body)
	}
	for i := range 2 {
		res := f.apply(t, validRequest(), validFiles(), key)
		if res.Status != http.StatusCreated || res.Body != first.Body || withoutStatusURL(first.Body) == first.Body {
			t.Errorf("repeat %d = %d %s, want the first answer with its status link %s", i, res.Status, res.Body, first.Body)
		}
	}
	if n := len(f.applications(t)); n != 1 {
		t.Errorf("%d applications, want 1", n)
	}
	if n := len(f.allBlobs(t)); n != 3 {
		t.Errorf("%d blobs, want 3", n)
	}
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 2 {
		t.Errorf("%d mails queued, want 2", len(out))
	}

	// The answer stands after the job closed (a retry at the last minute).
	closed := f.job
	closed.Status = domain.JobClosed
	if err := f.store.UpdateJob(context.Background(), &closed); err != nil {
		t.Fatal(err)
	}
	if res := f.apply(t, validRequest(), validFiles(), key); res.Status != http.StatusCreated || res.Body != first.Body {
		t.Errorf("repeat after the job closed = %d %s, want the first answer", res.Status, res.Body)
	}
	if res := f.apply(t, validRequest(), validFiles(), "another-key-0123456789"); res.Status != http.StatusGone {
		t.Errorf("new application to the closed job = %d %s, want 410", res.Status, res.Body)
	}

	// The key is bound to its job.
	other := f.createJob(t, "Data Engineer", domain.JobOpen, nil)
	body, ct := multipartBody(t, validRequest(), validFiles())
	res := f.submit(t, other.ID, "203.0.113.9:4000", key, bytes.NewReader(body), ct)
	if res.Status != http.StatusConflict {
		t.Errorf("key reused for another job = %d %s, want 409", res.Status, res.Body)
	}
}

// Concurrent repeats of one submission (a double click, a retry racing
// the first request) store one application and leave no stray files.
func TestApplyConcurrentRepeatsStoreOnce(t *testing.T) {
	f := newApplyFixture(t)
	const key = "race-key-0123456789ab"
	body, ct := multipartBody(t, validRequest(), validFiles())
	var wg sync.WaitGroup
	answers := make([]response, 4)
	for i := range answers {
		wg.Go(func() { answers[i] = f.submit(t, f.job.ID, "203.0.113.9:4000", key, bytes.NewReader(body), ct) })
	}
	wg.Wait()
	for i, a := range answers {
		if a.Status != http.StatusCreated || a.Body != answers[0].Body || withoutStatusURL(a.Body) == a.Body {
			t.Errorf("answer %d = %d %s, want every answer to be the first, with its status link: %s", i, a.Status, a.Body, answers[0].Body)
		}
	}
	if n := len(f.applications(t)); n != 1 {
		t.Errorf("%d applications, want 1", n)
	}
	if n := len(f.allBlobs(t)); n != 3 {
		t.Errorf("%d blobs, want 3: the losers' files must be removed", n)
	}
}

// countingReader counts what the server read of a body.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// Text is validated before any document is read: a mistake costs the
// visitor no upload and the server no disk.
func TestApplyTextIsValidatedBeforeFiles(t *testing.T) {
	f := newApplyFixture(t)
	req := validRequest()
	req.FirstName = ""
	req.Email = "not an address"
	big := bytes.Repeat([]byte("%PDF-1.4\n"), (4<<20)/9)
	files := []filePart{{Part: domain.ResumePart, Name: "cv.pdf", Data: big}}
	body, ct := multipartBody(t, req, files)
	cr := &countingReader{r: bytes.NewReader(body)}
	res := f.submit(t, f.job.ID, "203.0.113.9:4000", "", cr, ct)
	if res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("answer = %d %s, want 422", res.Status, res.Body)
	}
	e := decodeAPIError(t, res)
	if e.Code != domain.EInvalid || e.Fields["firstName"] == "" || e.Fields["email"] == "" {
		t.Errorf("error = %+v, want firstName and email named", e)
	}
	if _, ok := e.Fields["resume"]; ok {
		t.Errorf("a file was judged before the text was valid: %+v", e.Fields)
	}
	if cr.n > len(body)/2 {
		t.Errorf("server read %d of %d bytes before refusing the text", cr.n, len(body))
	}
	if n := len(f.allBlobs(t)); n != 0 {
		t.Errorf("%d blobs stored for a refused application", n)
	}
}

func TestApplyRefusals(t *testing.T) {
	f := newApplyFixture(t)
	closed := f.createJob(t, "Closed Role", domain.JobClosed, nil)
	good := validFiles()
	tests := []struct {
		name   string
		job    string
		req    any
		files  []filePart
		status int
		field  string // the field the error names, if any
	}{
		{"closed job", closed.ID, validRequest(), good, http.StatusGone, ""},
		{"missing job", "nosuchjob", validRequest(), good, http.StatusNotFound, ""},
		{"no resume", "", validRequest(), good[1:], http.StatusUnprocessableEntity, "resume"},
		{"no ID document", "", validRequest(), []filePart{good[0], good[2]}, http.StatusUnprocessableEntity, "nationalIdDocument"},
		{"no certification document", "", validRequest(), good[:2], http.StatusUnprocessableEntity, "certification.0"},
		{"certification without entry", "", validRequest(), append(good[:3:3], filePart{Part: "certification.1", Name: "c.pdf", Data: good[0].Data}), http.StatusUnprocessableEntity, ""},
		{"index not canonical", "", validRequest(), []filePart{good[0], good[1], {Part: "certification.00", Name: "c.pdf", Data: good[0].Data}}, http.StatusUnprocessableEntity, ""},
		{"resume twice", "", validRequest(), append(good[:3:3], good[0]), http.StatusUnprocessableEntity, ""},
		{"unknown part", "", validRequest(), append(good[:3:3], filePart{Part: "photo", Name: "me.png", Data: good[1].Data}), http.StatusUnprocessableEntity, ""},
		{"unknown JSON field", "", `{"firstName":"A","isAdmin":true}`, good, http.StatusUnprocessableEntity, ""},
		{"JSON with trailing data", "", `{"firstName":"A"} {}`, good, http.StatusUnprocessableEntity, ""},
		{"no consent", "", func() any { r := validRequest(); r.Consent = false; return r }(), good, http.StatusUnprocessableEntity, "consent"},
		{"bad national ID", "", func() any { r := validRequest(); r.NationalIDNumber = "ABCDE12345"; return r }(), good, http.StatusUnprocessableEntity, "nationalIdNumber"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := cmpOr(tt.job, f.job.ID)
			body, ct := multipartBody(t, tt.req, tt.files)
			res := f.submit(t, job, "198.51.100.1:4000", "", bytes.NewReader(body), ct)
			if res.Status != tt.status {
				t.Fatalf("answer = %d %s, want %d", res.Status, res.Body, tt.status)
			}
			e := decodeAPIError(t, res)
			if e.Message == "" {
				t.Error("refusal without a message")
			}
			if tt.field != "" && e.Fields[tt.field] == "" {
				t.Errorf("error %+v does not name %s", e, tt.field)
			}
			if keys := f.allBlobs(t); len(keys) != 0 {
				t.Errorf("refused application left documents: %v", keys)
			}
			if n := len(f.applications(t)); n != 0 {
				t.Errorf("refused application stored (%d)", n)
			}
		})
	}

	t.Run("not multipart", func(t *testing.T) {
		res := f.submit(t, f.job.ID, "198.51.100.1:4000", "", strings.NewReader(`{}`), "application/json")
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("JSON body = %d %s, want 422", res.Status, res.Body)
		}
	})
	t.Run("files before the application", func(t *testing.T) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		fw, _ := mw.CreateFormFile("resume", "cv.pdf")
		fw.Write(good[0].Data)
		mw.Close()
		res := f.submit(t, f.job.ID, "198.51.100.1:4000", "", &b, mw.FormDataContentType())
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("file first = %d %s, want 422", res.Status, res.Body)
		}
	})
	t.Run("bad idempotency key", func(t *testing.T) {
		body, ct := multipartBody(t, validRequest(), good)
		res := f.submit(t, f.job.ID, "198.51.100.1:4000", "short", bytes.NewReader(body), ct)
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("key %q = %d, want 422", "short", res.Status)
		}
	})
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("refusals left documents: %v", keys)
	}
}

// assertNoTempFiles fails when an upload left a file in the temp dir.
func assertNoTempFiles(t *testing.T, f *applyFixture) {
	t.Helper()
	entries, err := os.ReadDir(f.tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("temp file left behind: %s", e.Name())
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Every file of the bad-file corpus is refused with a clear 4xx that names
// its field, and nothing is stored.
func TestApplyRefusesTheBadFileCorpus(t *testing.T) {
	f := newApplyFixture(t)
	good := validFiles()
	// Files refused for their name alone are left to the docfile tests:
	// a multipart header cannot carry some of those names as they are
	// (a newline), and the server reads only the last path element of
	// a name, as browsers send it.
	var corpus []docfiletest.BadFile
	for _, bad := range docfiletest.BadFiles() {
		if !bad.NameCheck {
			corpus = append(corpus, bad)
		}
	}
	if len(corpus) < 30 {
		t.Fatalf("the corpus has %d bad files, want at least 30", len(corpus))
	}
	for i, bad := range corpus {
		t.Run(bad.Why, func(t *testing.T) {
			req := validRequest()
			req.Email = fmt.Sprintf("bad%d@example.com", i) // one case cannot update another
			files := []filePart{}
			for _, g := range good {
				if g.Part != bad.Part {
					files = append(files, g)
				}
			}
			files = append(files, filePart{Part: bad.Part, Name: bad.Name, Data: bad.Data})
			body, ct := multipartBody(t, req, files)
			// Each case from its own address: the corpus is larger than the rate limit.
			addr := fmt.Sprintf("198.18.%d.%d:4000", i/250, i%250+1)
			res := f.submit(t, f.job.ID, addr, "", bytes.NewReader(body), ct)
			if res.Status < 400 || res.Status >= 500 {
				t.Fatalf("answer = %d %s, want a 4xx", res.Status, res.Body)
			}
			e := decodeAPIError(t, res)
			// The name, emptiness and size are judged in the rules'
			// words (the form's), the content in docfile's.
			want := bad.Message
			if msg := domain.CheckFileMeta(bad.Part, bad.Name, int64(len(bad.Data))); msg != "" {
				want = msg
			}
			if res.Status == http.StatusUnprocessableEntity && e.Fields[bad.Part] != want {
				t.Errorf("refusal %+v, want %s: %q", e, bad.Part, want)
			}
			if keys := f.allBlobs(t); len(keys) != 0 {
				t.Errorf("documents left behind: %v", keys)
			}
		})
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("%d applications stored from bad files", n)
	}
	assertNoTempFiles(t, f)
}

// failingReader hands over a body until n bytes, then fails as a client
// that went away does.
type failingReader struct {
	r io.Reader
	n int
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("connection reset by peer")
	}
	p = p[:min(len(p), f.n)]
	n, err := f.r.Read(p)
	f.n -= n
	return n, err
}

// A client that goes away in the middle of its upload leaves nothing.
func TestApplyInterruptedUploadLeavesNothing(t *testing.T) {
	f := newApplyFixture(t)
	files := validFiles()
	body, ct := multipartBody(t, validRequest(), files)
	// Cut inside the last document, after the first two were stored.
	cut := len(body) - len(files[2].Data)/2
	res := f.submit(t, f.job.ID, "203.0.113.9:4000", "", &failingReader{r: bytes.NewReader(body), n: cut}, ct)
	if res.Status < 400 {
		t.Fatalf("interrupted upload = %d %s", res.Status, res.Body)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("interrupted upload left documents: %v", keys)
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("interrupted upload stored %d applications", n)
	}
	assertNoTempFiles(t, f)
}

func TestApplySpamIsKeptAsideAndMailsNoOne(t *testing.T) {
	f := newApplyFixture(t)
	for i, edit := range []func(*wire.ApplicationRequest){
		func(r *wire.ApplicationRequest) { r.Homepage = "http://spam.example" },
		// A short fill or no time is spam only with another signal.
		func(r *wire.ApplicationRequest) {
			ms := int64(2000)
			r.ElapsedMs, r.CoverLetter = &ms, "http://a.example www.b.example https://c.example"
		},
		func(r *wire.ApplicationRequest) {
			r.ElapsedMs, r.CoverLetter = nil, "http://a.example www.b.example https://c.example"
		},
	} {
		req := validRequest()
		req.Email = fmt.Sprintf("bot%d@example.com", i)
		edit(&req)
		if res := f.apply(t, req, validFiles(), ""); res.Status != http.StatusCreated {
			t.Fatalf("case %d: answer = %d %s, want 201 like any other", i, res.Status, res.Body)
		}
	}
	for _, a := range f.applications(t) {
		if !a.Spam {
			t.Errorf("%s not marked as suspected spam", a.Email)
		}
	}
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != 0 {
		t.Errorf("suspected spam queued %d mails", len(out))
	}
}

func TestApplyRateLimit(t *testing.T) {
	f := newApplyFixture(t)
	var last response
	for i := range 11 {
		req := validRequest()
		req.Email = fmt.Sprintf("applicant%d@example.com", i)
		last = f.apply(t, req, validFiles(), "")
		if i < 10 && last.Status != http.StatusCreated {
			t.Fatalf("application %d = %d %s", i, last.Status, last.Body)
		}
	}
	if last.Status != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
		t.Errorf("11th application = %d (Retry-After %q), want 429 with Retry-After", last.Status, last.Header.Get("Retry-After"))
	}
	if n := len(f.applications(t)); n != 10 {
		t.Errorf("%d applications stored, want 10", n)
	}
	if n := len(f.allBlobs(t)); n != 30 {
		t.Errorf("%d blobs, want 30: the refused one stores nothing", n)
	}
}

// Suspected spam with the address of a real applicant must not wipe the
// real application: it and its documents stay, the spam's documents go,
// and no mail is queued for the spam.
func TestApplySpamDoesNotReplaceARealApplication(t *testing.T) {
	f := newApplyFixture(t)
	if res := f.apply(t, validRequest(), validFiles(), "real-key-0123456789"); res.Status != http.StatusCreated {
		t.Fatalf("real application = %d %s", res.Status, res.Body)
	}
	real := f.applications(t)[0]
	mails, _ := f.store.ListOutbox(context.Background(), "", 0)

	spam := validRequest()
	spam.Homepage = "http://spam.example"
	spam.PhoneNumber = "9000000000"
	if res := f.apply(t, spam, validFiles(), "spam-key-0123456789"); res.Status >= 300 {
		t.Fatalf("spam submission = %d %s, want an answer like any other", res.Status, res.Body)
	}
	apps := f.applications(t)
	if len(apps) != 1 || apps[0].ID != real.ID || apps[0].Spam || apps[0].PhoneNumber != real.PhoneNumber {
		t.Fatalf("applications after the spam = %+v, want the real one unchanged", apps)
	}
	keys := f.allBlobs(t)
	if len(keys) != len(real.BlobKeys()) {
		t.Errorf("blobs after the spam = %v, want only the real application's %v", keys, real.BlobKeys())
	}
	for _, k := range real.BlobKeys() {
		if _, _, err := f.blobs.Open(context.Background(), k); err != nil {
			t.Errorf("real document %s gone: %v", k, err)
		}
	}
	if out, _ := f.store.ListOutbox(context.Background(), "", 0); len(out) != len(mails) {
		t.Errorf("outbox holds %d mails after the spam, want the real application's %d", len(out), len(mails))
	}
}

// leakyPuts is a blob store whose writes fail with an error that quotes
// the key, as real stores' errors do.
type leakyPuts struct{ domain.BlobStore }

func (leakyPuts) Put(_ context.Context, key string, _ io.Reader, _ string) error {
	return fmt.Errorf("blob: put %q: %w", key, os.ErrPermission)
}

// A failed write to blob storage is logged without its key, which
// carries a slug of the applicant's name: the folder and the kind of
// failure only.
func TestApplyBlobFailureLogsNoKey(t *testing.T) {
	f := newApplyFixtureWith(t, func(b domain.BlobStore) domain.BlobStore { return leakyPuts{b} })
	res := f.apply(t, validRequest(), validFiles(), "")
	if res.Status != http.StatusInternalServerError {
		t.Fatalf("answer = %d %s, want 500", res.Status, res.Body)
	}
	logs := f.logs.String()
	if strings.Contains(logs, "meera-iyer") || strings.Contains(strings.ToLower(logs), "meera") {
		t.Errorf("the log names the applicant:\n%s", logs)
	}
	if !strings.Contains(logs, "resumes/") || !strings.Contains(logs, "permission denied") {
		t.Errorf("the log does not say which folder and what failed:\n%s", logs)
	}
}

// ambiguousStore stores applications but reports a database failure, as
// a connection lost during COMMIT does.
type ambiguousStore struct{ domain.Store }

func (s ambiguousStore) SaveApplication(ctx context.Context, a *domain.Application, opt domain.SaveOptions) (domain.SaveResult, error) {
	if _, err := s.Store.SaveApplication(ctx, a, opt); err != nil {
		return domain.SaveResult{}, err
	}
	return domain.SaveResult{}, errors.New("connection reset during COMMIT")
}

// When the database fails in a way that leaves unknown whether the
// application was stored, its documents are not deleted: the row may
// reference them (here it does). The orphan sweeper judges them later.
func TestApplyKeepsFilesWhenTheSaveIsInDoubt(t *testing.T) {
	f := newApplyFixture(t, func(o *server.Options) { o.Store = ambiguousStore{o.Store} })
	res := f.apply(t, validRequest(), validFiles(), "doubt-key-0123456789")
	if res.Status != http.StatusInternalServerError {
		t.Fatalf("answer = %d %s, want 500", res.Status, res.Body)
	}
	apps := f.applications(t)
	if len(apps) != 1 {
		t.Fatalf("%d applications stored, want the 1 the failing commit stored", len(apps))
	}
	for _, k := range apps[0].BlobKeys() {
		if _, _, err := f.blobs.Open(context.Background(), k); err != nil {
			t.Errorf("document %s of the stored application was deleted: %v", k, err)
		}
	}
}

// statusURLField is the status link in a submit answer, given only by
// the answer that stored the application: a repeat answers the rest of
// the first answer (only the link's hash is kept).
var statusURLField = regexp.MustCompile(`,"statusUrl":"[^"]*"`)

func withoutStatusURL(body string) string { return statusURLField.ReplaceAllString(body, "") }
