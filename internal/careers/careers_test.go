package careers_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"corpsite/internal/blob"
	"corpsite/internal/careers"
	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/server/applytest"
	"corpsite/internal/store/sqlite"
	"corpsite/internal/wire"
)

var testNow = time.Date(2026, time.November, 21, 12, 0, 0, 0, time.UTC)

const staffEmail = "recruiting@site.test"

// fixture is the use case over a real SQLite store and a real blob
// directory, with one open job.
type fixture struct {
	store  *sqlite.Store
	blobs  domain.BlobStore
	keys   *idcrypt.Keyring
	svc    *careers.Service
	job    domain.Job
	wakeUp atomic.Int32 // MailQueued calls
}

func newFixture(t *testing.T, maxUploads int) *fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.Open(ctx, "", filepath.Join(dir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	keys, err := idcrypt.ParseKeys("k1:" + strings.Repeat("A", 43) + "=")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{store: st, blobs: blobs, keys: keys}
	f.svc = careers.New(careers.Config{
		Store: st, Blobs: blobs, Keys: keys, TempDir: t.TempDir(),
		Mail: careers.Mail{SiteName: "Example Systems", CareersEmail: "careers@site.test",
			BaseURL: "https://site.test", RetentionDays: 180, StaffEmail: staffEmail},
		MailQueued: func() { f.wakeUp.Add(1) },
		MaxUploads: maxUploads,
		Now:        func() time.Time { return testNow },
		Log:        slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	f.job = f.createJob(t, "Platform Engineer", domain.JobOpen)
	return f
}

func (f *fixture) createJob(t *testing.T, title string, status domain.JobStatus) domain.Job {
	t.Helper()
	j := domain.Job{JobTitle: title, Experience: "2-4", Location: "Bangalore",
		Description: "<p>" + title + ".</p>", Status: status,
		CreatedAt: testNow.Add(-time.Hour), UpdatedAt: testNow.Add(-time.Hour)}
	if err := f.store.CreateJob(context.Background(), &j); err != nil {
		t.Fatal(err)
	}
	return j
}

// request is an application that passes every rule, from email.
func request(email string) wire.ApplicationRequest {
	r := applytest.Request(testNow)
	r.Email = email
	return r
}

// submission is one submission as a handler would make it.
type submission struct {
	job, key, client string
	app              wire.ApplicationRequest
	files            []applytest.File
}

// good is a complete submission of app to f's job from one client.
func (f *fixture) good(app wire.ApplicationRequest) submission {
	return submission{job: f.job.ID, client: "client-a", app: app, files: applytest.Files()}
}

// submit runs s through the use case's steps: Begin, Admit, a document
// per file, Save. A replay's receipt comes from Begin.
func (f *fixture) submit(t *testing.T, s submission) (careers.Receipt, error) {
	t.Helper()
	ctx := context.Background()
	sub, first, err := f.svc.Begin(ctx, careers.Request{JobID: s.job, Key: s.key, Client: s.client})
	if err != nil {
		return careers.Receipt{}, err
	}
	if first != nil {
		return *first, nil
	}
	done, err := sub.Admit(ctx, s.app)
	if err != nil {
		return careers.Receipt{}, err
	}
	defer done()
	for _, file := range s.files {
		if err := sub.AddDocument(ctx, file.Part, file.Name, bytes.NewReader(file.Data)); err != nil {
			return careers.Receipt{}, err
		}
	}
	return sub.Save(ctx)
}

func (f *fixture) applications(t *testing.T) []domain.Application {
	t.Helper()
	apps, err := f.store.ListApplications(context.Background(), domain.ApplicationFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return apps
}

func (f *fixture) allBlobs(t *testing.T) []string {
	t.Helper()
	keys, err := f.blobs.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

func (f *fixture) outbox(t *testing.T) []domain.OutboxMessage {
	t.Helper()
	out, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStoresTheApplicationWithItsDocumentsAndMails(t *testing.T) {
	f := newFixture(t, 4)
	rc, err := f.submit(t, f.good(request(applytest.Email)))
	if err != nil {
		t.Fatal(err)
	}
	if !rc.Created || rc.JobTitle != f.job.JobTitle || !strings.HasPrefix(rc.Reference, "APP-") {
		t.Errorf("receipt = %+v", rc)
	}
	apps := f.applications(t)
	if len(apps) != 1 {
		t.Fatalf("%d applications, want 1", len(apps))
	}
	a := apps[0]
	if a.Reference != rc.Reference || a.JobID != f.job.ID || a.Spam || !a.ConsentAt.Equal(testNow) ||
		len(a.WorkExperiences) != 1 || len(a.Educations) != 1 || len(a.Certifications) != 1 {
		t.Errorf("stored application = %+v", a)
	}
	for key, folder := range map[string]string{a.ResumeKey: "resumes/meera-iyer-",
		a.NationalIDDocumentKey: "national-ids/pan-", a.Certifications[0].DocumentKey: "certifications/cloud-practitioner-"} {
		if !strings.HasPrefix(key, folder) {
			t.Errorf("blob key %q, want it under %q", key, folder)
		}
	}
	if keys := f.allBlobs(t); len(keys) != 3 {
		t.Errorf("blobs = %v, want the 3 documents", keys)
	}
	out := f.outbox(t)
	if len(out) != 2 {
		t.Fatalf("%d mails queued, want the confirmation and the staff notification", len(out))
	}
	for _, m := range out {
		if m.To != applytest.Email && m.To != staffEmail {
			t.Errorf("mail to %s", m.To)
		}
		if !strings.Contains(m.Body, rc.Reference) || strings.Contains(m.Body, applytest.PAN) {
			t.Errorf("mail to %s: reference missing or national ID present:\n%s", m.To, m.Body)
		}
	}
	if n := f.wakeUp.Load(); n != 1 {
		t.Errorf("mail sender woken %d times, want 1", n)
	}
}

func TestNationalIDIsStoredSealedWithOnlyTheLastFourInTheClear(t *testing.T) {
	f := newFixture(t, 4)
	if _, err := f.submit(t, f.good(request(applytest.Email))); err != nil {
		t.Fatal(err)
	}
	a := f.applications(t)[0]
	if a.NationalIDLast4 != "234K" {
		t.Errorf("last four = %q, want 234K", a.NationalIDLast4)
	}
	if len(a.NationalIDNumberEnc) == 0 || bytes.Contains(a.NationalIDNumberEnc, []byte(applytest.PAN)) {
		t.Errorf("national ID stored as %q, want it sealed", a.NationalIDNumberEnc)
	}
	if plain, err := f.keys.Open(a.NationalIDNumberEnc); err != nil || string(plain) != applytest.PAN {
		t.Errorf("sealed number opens to %q, %v", plain, err)
	}
}

func TestSameEmailReplacesTheApplicationAndItsDocuments(t *testing.T) {
	f := newFixture(t, 4)
	first, err := f.submit(t, f.good(request(applytest.Email)))
	if err != nil {
		t.Fatal(err)
	}
	before := f.applications(t)[0]
	again, err := f.submit(t, f.good(request(strings.ToUpper(applytest.Email))))
	if err != nil {
		t.Fatal(err)
	}
	if again.Created || again.Reference != first.Reference {
		t.Errorf("second receipt = %+v, want a replacement of %s", again, first.Reference)
	}
	for _, k := range before.BlobKeys() {
		if _, _, err := f.blobs.Open(context.Background(), k); !domain.IsNotFound(err) {
			t.Errorf("replaced document %s still stored (%v)", k, err)
		}
	}
	if keys := f.allBlobs(t); len(keys) != 3 {
		t.Errorf("blobs = %v, want the new 3", keys)
	}
}

func TestRepeatWithTheSameKeyGetsTheFirstReceipt(t *testing.T) {
	f := newFixture(t, 4)
	s := f.good(request(applytest.Email))
	s.key = "retry-key-0123456789"
	first, err := f.submit(t, s)
	if err != nil {
		t.Fatal(err)
	}
	sub, again, err := f.svc.Begin(context.Background(), careers.Request{JobID: f.job.ID, Key: s.key, Client: "client-b"})
	if err != nil || sub != nil || again == nil {
		t.Fatalf("Begin of a repeat = %v, %v, %v; want the first receipt and no submission", sub, again, err)
	}
	// The same answer, the status link included.
	if *again != first || first.StatusURL == "" {
		t.Errorf("repeat's receipt = %+v, want %+v", *again, first)
	}
	if n := len(f.applications(t)); n != 1 {
		t.Errorf("%d applications, want 1", n)
	}
	if n := len(f.outbox(t)); n != 2 {
		t.Errorf("%d mails, want the first submission's 2", n)
	}
}

// begun is a submission of f's job with key, admitted and with its
// documents, ready to save.
func (f *fixture) begun(t *testing.T, key string) (*careers.Submission, func()) {
	t.Helper()
	ctx := context.Background()
	sub, first, err := f.svc.Begin(ctx, careers.Request{JobID: f.job.ID, Key: key, Client: "client-a"})
	if err != nil || first != nil {
		t.Fatalf("Begin = %v, %v; want a new submission", first, err)
	}
	done, err := sub.Admit(ctx, request(applytest.Email))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range applytest.Files() {
		if err := sub.AddDocument(ctx, file.Part, file.Name, bytes.NewReader(file.Data)); err != nil {
			t.Fatal(err)
		}
	}
	return sub, done
}

// Of two submissions with one key that both got past Begin (a double
// click), the one saved first stands: the other gets its receipt, and
// its own documents go.
func TestRaceForOneKeyKeepsTheFirstSaved(t *testing.T) {
	f := newFixture(t, 4)
	const key = "race-key-0123456789ab"
	late, lateDone := f.begun(t, key)
	early, earlyDone := f.begun(t, key)
	first, err := early.Save(context.Background())
	earlyDone()
	if err != nil {
		t.Fatal(err)
	}
	rc, err := late.Save(context.Background())
	lateDone()
	if err != nil || rc != first || first.StatusURL == "" {
		t.Errorf("the race's loser got %+v, %v; want the winner's receipt %+v", rc, err, first)
	}
	if n := len(f.applications(t)); n != 1 {
		t.Errorf("%d applications, want 1", n)
	}
	if keys := f.allBlobs(t); len(keys) != 3 {
		t.Errorf("blobs = %v, want only the winner's 3", keys)
	}
	if n := len(f.outbox(t)); n != 2 {
		t.Errorf("%d mails, want the winner's 2", n)
	}
}

func TestKeyReusedForAnotherJobIsAConflict(t *testing.T) {
	f := newFixture(t, 4)
	s := f.good(request(applytest.Email))
	s.key = "retry-key-0123456789"
	if _, err := f.submit(t, s); err != nil {
		t.Fatal(err)
	}
	other := f.createJob(t, "Data Engineer", domain.JobOpen)
	_, _, err := f.svc.Begin(context.Background(), careers.Request{JobID: other.ID, Key: s.key})
	if domain.ErrorCode(err) != domain.EConflict ||
		domain.ErrorMessage(err) != "This submission belongs to another position. Please reload the page and try again." {
		t.Errorf("key reused for another job: %v, want the conflict", err)
	}
}

func TestOnlyAnOpenJobTakesApplications(t *testing.T) {
	f := newFixture(t, 4)
	closed := f.createJob(t, "Closed Role", domain.JobClosed)
	draft := f.createJob(t, "Draft Role", domain.JobDraft)
	for _, tt := range []struct {
		job, code, msg string
	}{
		{closed.ID, domain.EGone, "This position is no longer open, so it no longer takes applications."},
		{draft.ID, domain.ENotFound, "Job not found."},
		{"nosuchjob", domain.ENotFound, "Job not found."},
		{"../x", domain.ENotFound, "Job not found."},
	} {
		_, _, err := f.svc.Begin(context.Background(), careers.Request{JobID: tt.job})
		if domain.ErrorCode(err) != tt.code || domain.ErrorMessage(err) != tt.msg {
			t.Errorf("job %q: %v, want %s %q", tt.job, err, tt.code, tt.msg)
		}
	}
}

// Text is judged before a slot is taken or the client's limit counts it.
func TestTextIsJudgedBeforeAdmission(t *testing.T) {
	f := newFixture(t, 1)
	bad := request(applytest.Email)
	bad.FirstName, bad.Email = "", "not an address"
	for range careers.Limit + 1 {
		sub, _, err := f.svc.Begin(context.Background(), careers.Request{JobID: f.job.ID, Client: "client-a"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = sub.Admit(context.Background(), bad)
		if fields := domain.ErrorFields(err); fields["firstName"] == "" || fields["email"] == "" {
			t.Fatalf("invalid text: %v, want firstName and email named", err)
		}
	}
	if n := f.svc.Uploading(); n != 0 {
		t.Errorf("%d slots taken by refused text", n)
	}
	if _, err := f.submit(t, f.good(request(applytest.Email))); err != nil {
		t.Errorf("valid submission after refused ones: %v, want it admitted", err)
	}
}

// admit begins and admits a valid submission from client.
func (f *fixture) admit(t *testing.T, client, email string) (func(), error) {
	t.Helper()
	sub, _, err := f.svc.Begin(context.Background(), careers.Request{JobID: f.job.ID, Client: client})
	if err != nil {
		t.Fatal(err)
	}
	return sub.Admit(context.Background(), request(email))
}

func TestBusyWhenEveryUploadSlotIsTaken(t *testing.T) {
	f := newFixture(t, 1)
	done, err := f.admit(t, "client-a", "first@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if n := f.svc.Uploading(); n != 1 {
		t.Errorf("Uploading = %d, want 1", n)
	}
	_, err = f.admit(t, "client-b", "second@example.com")
	var refused *domain.Refused
	if !errors.As(err, &refused) || refused.Err.Code != domain.EBusy || refused.Retry != careers.BusyRetry ||
		refused.Err.Message != "We are receiving many applications right now. Please wait a minute and submit again." {
		t.Fatalf("admission with no slot free: %v, want Refused busy with Retry %v", err, careers.BusyRetry)
	}
	done()
	if n := f.svc.Uploading(); n != 0 {
		t.Errorf("Uploading = %d after done, want 0", n)
	}
	done, err = f.admit(t, "client-b", "second@example.com")
	if err != nil {
		t.Fatalf("admission once the slot is free: %v", err)
	}
	done()
}

func TestTooManyFromOneClient(t *testing.T) {
	f := newFixture(t, 1)
	for i := range careers.Limit {
		done, err := f.admit(t, "client-a", fmt.Sprintf("a%d@example.com", i))
		if err != nil {
			t.Fatalf("submission %d: %v", i, err)
		}
		done()
	}
	_, err := f.admit(t, "client-a", "late@example.com")
	var refused *domain.Refused
	if !errors.As(err, &refused) || refused.Err.Code != domain.ETooMany || refused.Retry <= 0 || refused.Retry > careers.Window ||
		refused.Err.Message != "You have sent several applications in a short time. Please wait an hour and try again." {
		t.Fatalf("submission past the limit: %v, want Refused rate_limited with a Retry within the window", err)
	}
	if n := f.svc.Uploading(); n != 0 {
		t.Errorf("a refused submission kept its slot (%d taken)", n)
	}
	done, err := f.admit(t, "client-b", "other@example.com")
	if err != nil {
		t.Fatalf("another client: %v", err)
	}
	done()
}

// A refused document refuses the submission in the words the visitor
// is shown, and the documents stored before it go.
func TestBadDocumentLeavesNoBlobBehind(t *testing.T) {
	var bad docfiletest.BadFile
	for _, b := range docfiletest.BadFiles() {
		if b.Part == domain.IDDocumentPart && !b.NameCheck && domain.CheckFileMeta(b.Part, b.Name, int64(len(b.Data))) == "" {
			bad = b
			break
		}
	}
	if bad.Part == "" {
		t.Fatal("no bad ID document in the corpus")
	}
	f := newFixture(t, 4)
	s := f.good(request(applytest.Email))
	s.files = []applytest.File{s.files[0], {Part: bad.Part, Name: bad.Name, Data: bad.Data}, s.files[2]}
	_, err := f.submit(t, s)
	if got := domain.ErrorFields(err)[bad.Part]; domain.ErrorCode(err) != domain.EInvalid || got != bad.Message {
		t.Errorf("%s: %v, want %s refused with %q", bad.Why, err, bad.Part, bad.Message)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents left behind: %v", keys)
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("%d applications stored", n)
	}
}

func TestPartsTheFormNeverSendsRefuseTheSubmission(t *testing.T) {
	good := applytest.Files()
	certName, cert := docfiletest.Good(docfile.Certification)
	// Every document the form can carry, then one more.
	most := request(applytest.Email)
	most.Certifications = nil
	tooMany := good[:2:2]
	for i := range domain.MaxCertifications {
		most.Certifications = append(most.Certifications, wire.CertificationName{Name: fmt.Sprintf("Certificate %d", i)})
		tooMany = append(tooMany, applytest.File{Part: domain.CertificationPartPrefix + strconv.Itoa(i), Name: certName, Data: cert})
	}
	tooMany = append(tooMany, good[0])
	const unknown = "The application has a part the form does not send. Please reload the page and try again."
	for _, tt := range []struct {
		name  string
		app   wire.ApplicationRequest
		files []applytest.File
		msg   string
	}{
		{"unknown part", request(applytest.Email), append(good[:3:3], applytest.File{Part: "photo", Name: certName, Data: cert}), unknown},
		{"index not canonical", request(applytest.Email), []applytest.File{good[0], good[1], {Part: "certification.00", Name: certName, Data: cert}}, unknown},
		{"certification without entry", request(applytest.Email), append(good[:3:3], applytest.File{Part: "certification.1", Name: certName, Data: cert}), unknown},
		{"resume twice", request(applytest.Email), append(good[:3:3], good[0]), "The resume was sent twice. Please reload the page and try again."},
		{"too many parts", most, tooMany, "The application carries more documents than the form allows."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, 4)
			s := f.good(tt.app)
			s.files = tt.files
			_, err := f.submit(t, s)
			if domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != tt.msg {
				t.Errorf("%v, want %q", err, tt.msg)
			}
			if keys := f.allBlobs(t); len(keys) != 0 {
				t.Errorf("documents left behind: %v", keys)
			}
		})
	}
}

func TestMissingDocumentIsNamedAtSave(t *testing.T) {
	f := newFixture(t, 4)
	s := f.good(request(applytest.Email))
	s.files = s.files[1:]
	_, err := f.submit(t, s)
	if domain.ErrorFields(err)["resume"] == "" {
		t.Errorf("no resume: %v, want the resume named", err)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents left behind: %v", keys)
	}
}

// failing reads some bytes of data, then fails with err.
type failing struct {
	data []byte
	err  error
}

func (r *failing) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data[:min(len(r.data), 100)])
	r.data = r.data[n:]
	return n, nil
}

// A read failure the caller marks as its own comes back to it as it
// was; any other is the document's interrupted upload.
func TestReadFailuresGoBackToTheCaller(t *testing.T) {
	cause := errors.New("body too large")
	for _, tt := range []struct {
		name    string
		readErr error
		check   func(t *testing.T, err error)
	}{
		{"marked", &careers.ReadError{Err: cause}, func(t *testing.T, err error) {
			var re *careers.ReadError
			if !errors.As(err, &re) || re.Err != cause {
				t.Errorf("%v, want the caller's ReadError back", err)
			}
		}},
		{"not marked", errors.New("connection reset by peer"), func(t *testing.T, err error) {
			want := "The upload of the resume was interrupted. Please try again."
			if domain.ErrorFields(err)[domain.ResumePart] != want {
				t.Errorf("%v, want the resume refused with %q", err, want)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, 4)
			ctx := context.Background()
			sub, _, err := f.svc.Begin(ctx, careers.Request{JobID: f.job.ID, Client: "client-a"})
			if err != nil {
				t.Fatal(err)
			}
			done, err := sub.Admit(ctx, request(applytest.Email))
			if err != nil {
				t.Fatal(err)
			}
			files := applytest.Files()
			if err := sub.AddDocument(ctx, files[1].Part, files[1].Name, bytes.NewReader(files[1].Data)); err != nil {
				t.Fatal(err)
			}
			tt.check(t, sub.AddDocument(ctx, files[0].Part, files[0].Name, &failing{data: files[0].Data[:300], err: tt.readErr}))
			done()
			if keys := f.allBlobs(t); len(keys) != 0 {
				t.Errorf("documents left behind: %v", keys)
			}
		})
	}
}

// A cancelled request is no judgement of the document: it goes back to
// the caller to tell.
func TestCancelledRequestIsAReadError(t *testing.T) {
	f := newFixture(t, 4)
	ctx, cancel := context.WithCancel(context.Background())
	sub, _, err := f.svc.Begin(ctx, careers.Request{JobID: f.job.ID, Client: "client-a"})
	if err != nil {
		t.Fatal(err)
	}
	done, err := sub.Admit(ctx, request(applytest.Email))
	if err != nil {
		t.Fatal(err)
	}
	files := applytest.Files()
	if err := sub.AddDocument(ctx, files[0].Part, files[0].Name, bytes.NewReader(files[0].Data)); err != nil {
		t.Fatal(err)
	}
	cancel()
	err = sub.AddDocument(ctx, files[1].Part, files[1].Name, bytes.NewReader(files[1].Data))
	var re *careers.ReadError
	if !errors.As(err, &re) || !errors.Is(re.Err, context.Canceled) {
		t.Errorf("%v, want a ReadError of the cancellation", err)
	}
	done()
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents left behind by a cancelled request: %v", keys)
	}
}

func TestSuspectedSpamIsKeptAsideAndMailsNoOne(t *testing.T) {
	f := newFixture(t, 4)
	for i, edit := range []func(*wire.ApplicationRequest){
		func(r *wire.ApplicationRequest) { r.Homepage = "http://spam.example" },
		// A short fill or no time is spam only with another signal (spam.go).
		func(r *wire.ApplicationRequest) { r.ElapsedMs, r.CoverLetter = elapsed(time.Second), threeLinks },
		func(r *wire.ApplicationRequest) { r.ElapsedMs, r.CoverLetter = nil, threeLinks },
	} {
		app := request(fmt.Sprintf("bot%d@example.com", i))
		edit(&app)
		if rc, err := f.submit(t, f.good(app)); err != nil || !rc.Created {
			t.Fatalf("case %d: %+v, %v; want it stored like any other", i, rc, err)
		}
	}
	apps := f.applications(t)
	if len(apps) != 3 {
		t.Fatalf("%d applications, want 3", len(apps))
	}
	for _, a := range apps {
		if !a.Spam {
			t.Errorf("%s not marked as suspected spam", a.Email)
		}
	}
	if out := f.outbox(t); len(out) != 0 {
		t.Errorf("suspected spam queued %d mails", len(out))
	}
	if n := f.wakeUp.Load(); n != 0 {
		t.Errorf("mail sender woken %d times for spam", n)
	}
}

// inDoubt stores applications but reports a failure, as a connection
// lost during COMMIT does.
type inDoubt struct{ *sqlite.Store }

func (s inDoubt) SaveApplication(ctx context.Context, a *domain.Application, opt domain.SaveOptions) (domain.SaveResult, error) {
	if _, err := s.Store.SaveApplication(ctx, a, opt); err != nil {
		return domain.SaveResult{}, err
	}
	return domain.SaveResult{}, errors.New("connection reset during COMMIT")
}

// When it is unknown whether the application was stored, its documents
// stay for the orphan sweeper to judge.
func TestDocumentsStayWhenTheSaveIsInDoubt(t *testing.T) {
	f := newFixture(t, 4)
	f.svc = careers.New(careers.Config{Store: inDoubt{f.store}, Blobs: f.blobs, Keys: f.keys, TempDir: t.TempDir(),
		MaxUploads: 1, Now: func() time.Time { return testNow }})
	if _, err := f.submit(t, f.good(request(applytest.Email))); domain.ErrorCode(err) != domain.EInternal {
		t.Fatalf("save in doubt: %v, want an internal error", err)
	}
	apps := f.applications(t)
	if len(apps) != 1 {
		t.Fatalf("%d applications, want the 1 stored", len(apps))
	}
	for _, k := range apps[0].BlobKeys() {
		if _, _, err := f.blobs.Open(context.Background(), k); err != nil {
			t.Errorf("document %s of the stored application deleted: %v", k, err)
		}
	}
}

func TestNoKeysNoApplication(t *testing.T) {
	f := newFixture(t, 4)
	f.svc = careers.New(careers.Config{Store: f.store, Blobs: f.blobs, TempDir: t.TempDir(),
		MaxUploads: 1, Now: func() time.Time { return testNow }})
	if _, err := f.submit(t, f.good(request(applytest.Email))); domain.ErrorCode(err) != domain.EInternal {
		t.Errorf("without keys: %v, want an internal error", err)
	}
	if n := len(f.applications(t)); n != 0 {
		t.Errorf("%d applications stored without keys", n)
	}
	if keys := f.allBlobs(t); len(keys) != 0 {
		t.Errorf("documents left behind: %v", keys)
	}
}
