package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Job application abuse controls and request bounds.
const (
	// applyMinFill is the least time a person takes to fill the long
	// application form; faster submissions are kept but marked as spam.
	applyMinFill = 20 * time.Second
	// applyLimit applications per applyWindow are accepted from one
	// client. Only submissions whose text is valid count, so a visitor
	// correcting mistakes is not locked out; replays of an idempotency
	// key are answered before they count.
	applyLimit  = 10
	applyWindow = time.Hour
	// applyJSONMax bounds the "application" part: the longest text the
	// rules allow, many times over, but no room for a file in disguise.
	applyJSONMax = 256 << 10
	// applyMaxFileParts is the number of documents one application can
	// carry: a resume, an ID document and one per certification.
	applyMaxFileParts = 2 + domain.MaxCertifications
	// applyCleanupTimeout bounds the removal of a failed submission's
	// files, which runs even when the client has gone.
	applyCleanupTimeout = 30 * time.Second
	// applyBusyRetry is the Retry-After of a submission refused because
	// maxUploads are streaming already.
	applyBusyRetry = time.Minute
)

// idempotencyKeyPattern is what the forms (application, contact) send as
// Idempotency-Key: a random token, long enough not to be guessed.
var idempotencyKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// msgBadIdempotencyKey refuses an Idempotency-Key that is not one.
const msgBadIdempotencyKey = "The form sent an invalid Idempotency-Key. Please reload the page and try again."

// idempotencyKey returns r's Idempotency-Key ("" when it has none), or an
// error if it is not what the forms send.
func idempotencyKey(r *http.Request) (string, error) {
	key := r.Header.Get("Idempotency-Key")
	if key != "" && !idempotencyKeyPattern.MatchString(key) {
		return "", domain.Errorf(domain.EInvalid, msgBadIdempotencyKey)
	}
	return key, nil
}

// messages of the submit endpoint that are not about one field.
const (
	msgApplyMultipart = "Send the application as multipart/form-data, the application details first."
	msgApplyBadJSON   = "The application could not be read. Please reload the page and try again."
	msgApplyTooMany   = "You have sent several applications in a short time. Please wait an hour and try again."
	msgApplyKeyReused = "This submission belongs to another position. Please reload the page and try again."
	msgApplyBusy      = "We are receiving many applications right now. Please wait a minute and submit again."
)

// POST /api/jobs/{id}/applications: stores a job application with its
// documents. The request is multipart and read as a stream: the JSON part
// first, validated in full before any file is read; then each document,
// checked (name, size, content) and stored in private blob storage one
// at a time; then one transaction stores the row, the idempotency key and
// the mails. Whatever fails on the way, the files stored so far are
// deleted, so a submission lands whole or not at all.
func (s *Server) apiApply(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	jobID := r.PathValue("id")
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	if key != "" {
		// A repeat of a submission that was stored (its answer lost on
		// the way) gets the first answer, even if the job has closed
		// since; its body is not even read.
		if sub, err := s.store.LookupSubmission(ctx, key); err == nil {
			return s.submissionAnswer(ctx, jobID, sub)
		} else if !domain.IsNotFound(err) {
			return nil, err
		}
	}
	job, err := s.publicJob(ctx, jobID)
	if domain.ErrorCode(err) == domain.EGone {
		return nil, domain.Errorf(domain.EGone, "This position is no longer open, so it no longer takes applications.")
	}
	if err != nil {
		return nil, err
	}

	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "multipart/form-data" {
		return nil, domain.Errorf(domain.EInvalid, msgApplyMultipart)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, msgApplyMultipart)
	}
	req, err := readApplicationPart(mr)
	if err != nil {
		return nil, err
	}
	if e := req.ElapsedMs; e != nil && (*e < 0 || *e > contactMaxElapsed.Milliseconds()) {
		return nil, domain.Errorf(domain.EInvalid, msgApplyBadJSON)
	}
	req.Normalize()
	fields := req.Fields()
	today := domain.ApplicationToday(s.now())
	if problems := domain.ValidateApplication(fields, nil, today); len(problems) > 0 {
		return nil, domain.ApplicationError(problems)
	}

	// A slot before the rate limit: a submission refused for want of one
	// does not count against the client.
	select {
	case s.uploadSlots <- struct{}{}:
		defer func() { <-s.uploadSlots }()
	default:
		setRetryAfter(w, applyBusyRetry)
		return nil, domain.Errorf(codeBusy, msgApplyBusy)
	}
	ok, retry, err := s.store.Allow(ctx, "apply:"+clientKey(r), applyLimit, applyWindow, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		setRetryAfter(w, retry)
		return nil, domain.Errorf(domain.ETooMany, msgApplyTooMany)
	}
	// Only now does the client get the time to send its files.
	extendForUpload(w, s.uploadLimits)

	up := &upload{s: s, req: &req, now: s.now()}
	defer up.cleanupOnFailure(ctx)
	if err := up.readFiles(ctx, mr); err != nil {
		return nil, err
	}
	if problems := domain.ValidateApplicationFiles(fields, up.metas); len(problems) > 0 {
		return nil, domain.ApplicationError(problems)
	}

	a, err := s.newApplication(job, &req, fields, up)
	if err != nil {
		return nil, err
	}
	// The mails are written inside the store's transaction, once the
	// reference (kept from an earlier application to the job by the same
	// e-mail address, or new) is known. Suspected spam mails no one.
	mails := 0
	notify := func(a domain.Application, created bool) []*domain.OutboxMessage {
		if a.Spam {
			return nil
		}
		m := []*domain.OutboxMessage{s.applicantConfirmation(job, a, created)}
		if s.staffEmail != "" {
			m = append(m, s.applicationNotification(job, a, created))
		}
		mails = len(m)
		return m
	}
	res, err := s.store.SaveApplication(ctx, &a, domain.SaveOptions{IdempotencyKey: key, Notify: notify})
	if err != nil {
		if domain.ErrorCode(err) == domain.EInternal {
			// A database failure may have come after the commit (a
			// connection lost during COMMIT): the row may exist and
			// reference these files. The orphan sweeper deletes them
			// within the hour if it does not.
			up.leaveToSweeper = true
		}
		return nil, err
	}
	if res.Replayed {
		// The same key won a race with this request: the other one's
		// result stands, and this request's files go.
		sub, err := s.store.LookupSubmission(ctx, key)
		if err != nil {
			return nil, err
		}
		return s.submissionAnswer(ctx, jobID, sub)
	}
	up.committed = true
	// The replaced application's documents; or, when suspected spam left
	// a real application in place, the spam's own (see SaveApplication).
	s.deleteBlobs(ctx, res.Previous)
	s.logger(r).Info("application stored", "id", a.ID, "job", job.ID, "spam", a.Spam,
		"updated", !res.Created, "documents", len(up.keys))
	if mails > 0 && s.mailQueued != nil {
		s.mailQueued()
	}
	saved := wire.ApplicationSaved{Reference: a.Reference, Updated: !res.Created, JobTitle: job.JobTitle}
	if res.Created {
		return created{saved}, nil
	}
	return saved, nil
}

// submissionAnswer repeats the answer to an earlier submission with the
// same idempotency key, which must have been for the same job.
func (s *Server) submissionAnswer(ctx context.Context, jobID string, sub domain.Submission) (any, error) {
	if sub.JobID != jobID {
		return nil, domain.Errorf(domain.EConflict, msgApplyKeyReused)
	}
	saved := wire.ApplicationSaved{Reference: sub.Reference, Updated: !sub.Created}
	// The job as it is now, whatever its status: only its title is needed.
	if j, err := s.store.GetJob(ctx, jobID); err == nil {
		saved.JobTitle = j.JobTitle
	} else if !domain.IsNotFound(err) {
		return nil, err
	}
	if sub.Created {
		return created{saved}, nil
	}
	return saved, nil
}

// readApplicationPart reads the first part, which must be the JSON
// application, strictly: no unknown fields, nothing after the object.
func readApplicationPart(mr *multipart.Reader) (wire.ApplicationRequest, error) {
	var req wire.ApplicationRequest
	p, err := mr.NextPart()
	if err != nil {
		return req, partError(err, msgApplyMultipart)
	}
	defer p.Close()
	if p.FormName() != domain.ApplicationPart || p.FileName() != "" {
		return req, domain.Errorf(domain.EInvalid, msgApplyMultipart)
	}
	body, err := io.ReadAll(io.LimitReader(p, applyJSONMax+1))
	if err != nil {
		return req, partError(err, msgApplyBadJSON)
	}
	if len(body) > applyJSONMax {
		return req, domain.Errorf(codeTooLarge, "The application's text is too long. Please shorten the longest answers.")
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, domain.Errorf(domain.EInvalid, msgApplyBadJSON)
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, domain.Errorf(domain.EInvalid, msgApplyBadJSON)
	}
	return req, nil
}

// partError turns a failure to read the multipart stream into what the
// client is told: too large, too slow, or malformed.
func partError(err error, malformed string) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return domain.Errorf(codeTooLarge, "The application is too large. Each document must stay within its size limit.")
	case isTimeout(err):
		return domain.Errorf(codeTimeout, "The upload took too long. Please check your connection and try again.")
	case errors.Is(err, context.Canceled):
		// The server cancels a request whose body could not be read (a
		// client gone, or too slow for its deadline), and the document
		// checks stop on that first: it is the client's connection, not
		// our fault, and not worth an error in the log.
		return domain.Errorf(codeTimeout, "The upload was interrupted. Please check your connection and try again.")
	default:
		return domain.Errorf(domain.EInvalid, "%s", malformed)
	}
}

// upload is the documents of one submission as they are stored.
type upload struct {
	s   *Server
	req *wire.ApplicationRequest
	now time.Time
	// keys are the blobs stored so far; they are deleted unless the
	// application that references them is committed.
	keys      []string
	committed bool
	// leaveToSweeper is set when it is unknown whether the application
	// was stored: its files stay for the orphan sweeper to judge.
	leaveToSweeper bool
	// metas describe the received documents for the rules table (keyed
	// by part name); resume, idDoc and certs are their blob keys.
	metas  map[string]domain.FileMeta
	resume string
	idDoc  string
	certs  []string
}

// readFiles stores every document part of mr. A part that is not an
// expected document, or comes twice, refuses the whole submission.
func (u *upload) readFiles(ctx context.Context, mr *multipart.Reader) error {
	u.metas = map[string]domain.FileMeta{}
	u.certs = make([]string, len(u.req.Certifications))
	for n := 0; ; n++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return partError(err, msgApplyMultipart)
		}
		name := p.FormName()
		if n == applyMaxFileParts {
			p.Close()
			return domain.Errorf(domain.EInvalid, "The application carries more documents than the form allows.")
		}
		if err := u.store(ctx, name, p); err != nil {
			p.Close()
			return err
		}
		p.Close()
	}
}

// store checks one document part and puts it in blob storage.
func (u *upload) store(ctx context.Context, part string, p *multipart.Part) error {
	d, err := u.document(part)
	if err != nil {
		return err
	}
	if _, seen := u.metas[part]; seen {
		return domain.Errorf(domain.EInvalid, "The %s was sent twice. Please reload the page and try again.", d.label)
	}
	if p.FileName() == "" {
		return fieldError(part, "Attach the "+d.label+" as a file.")
	}
	// The name first, in the words the form uses; then docfile reads the
	// content and judges it by what it is.
	if msg := domain.CheckFileName(part, p.FileName()); msg != "" {
		return fieldError(part, msg)
	}
	cr := &countingReader{r: p}
	checked, err := docfile.Check(ctx, d.kind, p.FileName(), cr, u.s.tempDir)
	if err != nil {
		var de *domain.Error
		if errors.As(err, &de) && de.Code == domain.EInvalid && !isReadFailure(err) {
			// An empty or too large file gets the rules' words, which
			// the form shows for it too; its content, docfile's.
			if msg := domain.CheckFileMeta(part, p.FileName(), cr.n); msg != "" {
				return fieldError(part, msg)
			}
			return fieldError(part, de.Message)
		}
		return partError(err, msgApplyMultipart)
	}
	defer checked.Remove()
	key := domain.NewBlobKey(d.folder, d.name, u.now, checked.Ext)
	rc, err := checked.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	u.keys = append(u.keys, key) // before Put: a half-written blob is deleted too
	if err := u.s.blobs.Put(ctx, key, rc, checked.ContentType); err != nil {
		// Blob errors quote the key, which carries a slug of the
		// applicant's name, and a failed request's error is logged.
		return domain.BlobErr("store", key, err)
	}
	u.metas[part] = domain.FileMeta{Name: p.FileName(), Size: checked.Size}
	*d.slot = key
	return nil
}

// document is what the server knows of an expected document part.
type document struct {
	kind   docfile.Kind
	folder string  // blob folder
	label  string  // the document in messages
	name   string  // readable part of the blob key (the spec's layout)
	slot   *string // where its blob key goes
}

// document tells what a part is, or refuses a part the form never sends.
// Blob keys carry the applicant's name for a resume, the ID type for an
// ID document and the certification's name for a certificate.
func (u *upload) document(part string) (document, error) {
	switch part {
	case domain.ResumePart:
		return document{docfile.Resume, domain.BlobResumes, "resume", u.req.FullName, &u.resume}, nil
	case domain.IDDocumentPart:
		return document{docfile.IDDocument, domain.BlobNationalIDs, "national ID document", u.req.NationalIDType, &u.idDoc}, nil
	}
	if n, ok := strings.CutPrefix(part, domain.CertificationPartPrefix); ok {
		// Only the canonical spelling of an index: "certification.01" is no part of the form.
		if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < len(u.certs) && strconv.Itoa(i) == n {
			return document{docfile.Certification, domain.BlobCertifications, "certification document",
				u.req.Certifications[i].Name, &u.certs[i]}, nil
		}
	}
	return document{}, domain.Errorf(domain.EInvalid, "The application has a part the form does not send. Please reload the page and try again.")
}

// cleanupOnFailure deletes the stored documents unless the application
// was committed. It runs on a context of its own: a client that went away
// mid-upload must not leave its files behind.
func (u *upload) cleanupOnFailure(ctx context.Context) {
	if u.committed || u.leaveToSweeper || len(u.keys) == 0 {
		return
	}
	u.s.deleteBlobs(ctx, u.keys)
}

// deleteBlobs removes keys, logging (not returning) failures: the orphan
// sweeper removes whatever is left.
func (s *Server) deleteBlobs(ctx context.Context, keys []string) {
	if len(keys) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), applyCleanupTimeout)
	defer cancel()
	for _, k := range keys {
		if err := s.blobs.Delete(ctx, k); err != nil {
			// Neither the key nor the error (which quotes it) is logged:
			// keys carry a slug of the applicant's name.
			folder, _, _ := strings.Cut(k, "/")
			s.log.Error("delete document failed; the orphan sweeper will retry", "folder", folder)
		}
	}
}

// fieldError is a refusal of one field of the form.
func fieldError(field, msg string) error {
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// newApplication builds the record to store from a valid request and its
// stored documents. The national ID number is sealed here; only its last
// four characters are kept in the clear.
func (s *Server) newApplication(job domain.Job, req *wire.ApplicationRequest, fields map[string]string, up *upload) (domain.Application, error) {
	number := domain.NormalizeNationalID(req.NationalIDType, req.NationalIDNumber)
	sealed, err := s.idKeys.Seal([]byte(number))
	if err != nil {
		return domain.Application{}, fmt.Errorf("seal national ID: %w", err)
	}
	a := domain.Application{
		JobID:      job.ID,
		FirstName:  req.FirstName,
		MiddleName: req.MiddleName, LastName: req.LastName, FullName: req.FullName,
		Email: req.Email, PhoneCountryCode: req.PhoneCountryCode, PhoneNumber: req.PhoneNumber,
		Address: req.Address, LinkedIn: req.LinkedIn, Website: req.Website,
		LocationPreference: req.LocationPreference, AvailabilityDate: req.AvailabilityDate,
		Skills: req.Skills, ResumeKey: up.resume, CoverLetter: req.CoverLetter,
		HeardFrom: req.HeardFrom, EligibleToWork: req.EligibleToWork,
		WillingToRelocate: req.WillingToRelocate, Gender: req.Gender,
		DisabilityStatus: req.DisabilityStatus, NationalIDType: req.NationalIDType,
		NationalIDNumberEnc: sealed, NationalIDLast4: domain.NationalIDLastFour(req.NationalIDType, number), NationalIDDocumentKey: up.idDoc,
		ConsentVersion: req.ConsentVersion, ConsentAt: up.now,
		Spam: req.Homepage != "" || req.ElapsedMs == nil || *req.ElapsedMs < applyMinFill.Milliseconds(),
	}
	// The form always shows one work experience and one education; left
	// blank, they are no entry at all (the rules skip them too).
	for i, w := range req.WorkExperiences {
		if !domain.IsBlankEntry(fields, "workExperiences", i) {
			a.WorkExperiences = append(a.WorkExperiences, domain.WorkExperience(w))
		}
	}
	for i, e := range req.Educations {
		if domain.IsBlankEntry(fields, "educations", i) {
			continue
		}
		d := domain.Education{Level: e.Level, Institution: e.Institution, Location: e.Location,
			GraduationDate: e.GraduationDate, ScoreType: e.ScoreType, Score: e.Score}
		if domain.IsBoardLevel(e.Level) {
			d.BoardName = e.BoardName
		} else {
			d.Degree, d.FieldOfStudy = e.Degree, e.FieldOfStudy
		}
		a.Educations = append(a.Educations, d)
	}
	for i, c := range req.Certifications {
		a.Certifications = append(a.Certifications, domain.Certification{Name: c.Name, DocumentKey: up.certs[i]})
	}
	return a, nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// isReadFailure reports whether a refusal is really a broken upload
// (the body limit, a timeout, a client gone), which docfile reports as
// an interrupted upload wrapping the read error.
func isReadFailure(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig) || isTimeout(err) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, context.Canceled)
}
