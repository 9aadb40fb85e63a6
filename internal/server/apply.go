package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"

	"corpsite/internal/careers"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Request bounds of a job application; its policies are careers'.
const (
	// applyJSONMax bounds the "application" part: the longest text the
	// rules allow, many times over, but no room for a file in disguise.
	applyJSONMax = 256 << 10
)

// newCareers is the job application use case over s's store, blob
// storage and keys, letting maxUploads submissions stream their documents
// at once.
func (s *Server) newCareers(maxUploads int) *careers.Service {
	return careers.New(careers.Config{
		Store: s.store, Blobs: s.blobs, Keys: s.idKeys, TempDir: s.tempDir,
		Mail: careers.Mail{SiteName: s.content.Site.Name, CareersEmail: s.content.Site.CareersEmail,
			BaseURL: s.baseURL, RetentionDays: s.settings.RetentionDays, StaffEmail: s.staffEmail},
		MailQueued: s.mailQueued, MaxUploads: maxUploads, Now: s.now, Log: s.log,
	})
}

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

// messages of the submit endpoint about the request itself.
const (
	msgApplyMultipart = "Send the application as multipart/form-data, the application details first."
	msgApplyBadJSON   = "The application could not be read. Please reload the page and try again."
)

// POST /api/jobs/{id}/applications: stores a job application with its
// documents (careers has the policies). The request is multipart and read
// as a stream: the JSON part first, validated in full before any file is
// read; then each document, checked and stored in private blob storage
// one at a time; then one transaction stores the row, the idempotency key
// and the mails. Whatever fails on the way, the files stored so far are
// deleted, so a submission lands whole or not at all.
func (s *Server) apiApply(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	// A repeat of a stored submission gets the first answer; its body is
	// not even read.
	sub, first, err := s.careers.Begin(ctx, careers.Request{
		JobID: r.PathValue("id"), Key: key, Client: httpcore.ClientKey(r), Log: httpcore.Logger(r)})
	if err != nil {
		return nil, err
	}
	if first != nil {
		return applicationSaved(*first), nil
	}
	mr, app, err := readApplication(r)
	if err != nil {
		return nil, err
	}
	done, err := sub.Admit(ctx, app)
	if err != nil {
		return nil, err
	}
	defer done()
	// Only now does the client get the time to send its files.
	httpcore.ExtendForUpload(w, r, s.uploadLimits)
	if err := readDocuments(r, mr, sub); err != nil {
		return nil, err
	}
	rc, err := sub.Save(ctx)
	if err != nil {
		return nil, err
	}
	return applicationSaved(rc), nil
}

// refusal is err, a form not admitted, as the client is told it: a form
// turned away for now says when to try again (Retry-After). httpcore.Fail
// does the same for a *domain.Refused returned whole.
func refusal(w http.ResponseWriter, err error) error {
	var refused *domain.Refused
	if errors.As(err, &refused) {
		httpcore.SetRetryAfter(w, refused.Retry)
		return refused.Err
	}
	return err
}

// applicationSaved is the answer to a stored submission: 201 for a new
// application, 200 when it replaced an earlier one.
func applicationSaved(rc careers.Receipt) any {
	saved := wire.ApplicationSaved{Reference: rc.Reference, Updated: !rc.Created, JobTitle: rc.JobTitle, StatusURL: rc.StatusURL}
	if rc.Created {
		return httpcore.Created{Body: saved}
	}
	return saved
}

// readApplication checks that r is multipart and reads its first part,
// the application's details.
func readApplication(r *http.Request) (*multipart.Reader, wire.ApplicationRequest, error) {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "multipart/form-data" {
		return nil, wire.ApplicationRequest{}, domain.Errorf(domain.EInvalid, msgApplyMultipart)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, wire.ApplicationRequest{}, domain.Errorf(domain.EInvalid, msgApplyMultipart)
	}
	app, err := readApplicationPart(mr)
	if err != nil {
		return nil, app, err
	}
	if !domain.ElapsedValid(app.ElapsedMs) {
		return nil, app, domain.Errorf(domain.EInvalid, msgApplyBadJSON)
	}
	return mr, app, nil
}

// readDocuments hands every further part of mr, r's body, to sub as a
// document. A failure to read the body is told as partError tells it; an
// upload stopped for its rate says so, whatever its reader reported.
func readDocuments(r *http.Request, mr *multipart.Reader, sub *careers.Submission) error {
	err := readParts(r.Context(), mr, sub)
	if slow := httpcore.UploadStopped(r); err != nil && slow != nil {
		return domain.Errorf(httpcore.CodeTimeout, "%s", slow.Message())
	}
	return err
}

// readParts is readDocuments' loop over the parts.
func readParts(ctx context.Context, mr *multipart.Reader, sub *careers.Submission) error {
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return partError(err, msgApplyMultipart)
		}
		err = sub.AddDocument(ctx, p.FormName(), p.FileName(), bodyReader{p})
		p.Close()
		var re *careers.ReadError
		if errors.As(err, &re) {
			return partError(re.Err, msgApplyMultipart)
		}
		if err != nil {
			return err
		}
	}
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
		return req, domain.Errorf(httpcore.CodeTooLarge, "The application's text is too long. Please shorten the longest answers.")
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
	slow, isSlow := httpcore.IsSlow(err)
	switch {
	case errors.As(err, &tooBig):
		return domain.Errorf(httpcore.CodeTooLarge, "The application is too large. Each document must stay within its size limit.")
	case isSlow:
		return domain.Errorf(httpcore.CodeTimeout, "%s", slow.Message())
	case httpcore.IsTimeout(err):
		return domain.Errorf(httpcore.CodeTimeout, "The upload took too long. Please check your connection and try again.")
	case errors.Is(err, context.Canceled):
		// The server cancels a request whose body could not be read (a
		// client gone, or too slow for its deadline), and the document
		// checks stop on that first: it is the client's connection, not
		// our fault, and not worth an error in the log.
		return domain.Errorf(httpcore.CodeTimeout, "The upload was interrupted. Please check your connection and try again.")
	default:
		return domain.Errorf(domain.EInvalid, "%s", malformed)
	}
}

// bodyReader marks the failures of reading a document from the request
// (the body limit, a timeout, a client gone; see isReadFailure) as
// careers.ReadError, so the use case tells them from a fault of the
// document and hands them back to be told as partError tells them.
type bodyReader struct{ r io.Reader }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && isReadFailure(err) {
		err = &careers.ReadError{Err: err}
	}
	return n, err
}

// isReadFailure reports whether a read error is a broken upload (the
// body limit, a timeout, a body cut off, a client gone) rather than a
// fault the document's check should name.
func isReadFailure(err error) bool {
	var tooBig *http.MaxBytesError
	_, slow := httpcore.IsSlow(err)
	return errors.As(err, &tooBig) || slow || httpcore.IsTimeout(err) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, context.Canceled)
}
