// Package careers is the job application submission use case and its
// policies: a repeat of a stored submission answered with its first
// result, the job that must take applications, the text judged before
// any file is read, the upload slots and the per-client limit, each
// document checked and put in private blob storage (and removed again
// when the submission fails), the national ID number sealed, suspected
// spam kept aside, the mails, and the save. It knows nothing of HTTP:
// the HTTP side (internal/server) imports it, parses the request, hands
// the parts over and turns the results and errors into answers.
package careers

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Abuse controls and bounds of a submission.
const (
	// MinFill is the least time a person takes to type the long
	// application form; faster submissions score a weak signal of spam
	// (autofill is that fast too; see spam.go).
	MinFill = 20 * time.Second
	// Limit applications per Window are accepted from one client. Only
	// submissions whose text is valid count, so a visitor correcting
	// mistakes is not locked out; replays of an idempotency key are
	// answered before they count.
	Limit  = 10
	Window = time.Hour
	// MaxDocuments is the number of documents one application can carry:
	// a resume, an ID document and one per certification.
	MaxDocuments = 2 + domain.MaxCertifications
	// CleanupTimeout bounds the removal of a failed submission's files,
	// which runs even when the client has gone.
	CleanupTimeout = 30 * time.Second
	// BusyRetry is how long a submission refused for want of an upload
	// slot is asked to wait.
	BusyRetry = time.Minute
)

// Messages of a submission that are not about one field.
const (
	msgTooMany   = "You have sent several applications in a short time. Please wait an hour and try again."
	msgKeyReused = "This submission belongs to another position. Please reload the page and try again."
	msgBusy      = "We are receiving many applications right now. Please wait a minute and submit again."
	msgClosed    = "This position is no longer open, so it no longer takes applications."
)

// Store is what a submission reads and writes.
type Store interface {
	domain.JobStore
	domain.ApplicationStore
	domain.RateLimiter
	domain.AuditStore // an applicant's erasure is recorded
	// ListOutboxAbout finds the e-mails about an application (Timeline).
	ListOutboxAbout(ctx context.Context, to, about string, limit int) ([]domain.OutboxMessage, error)
	domain.TemplateStore
}

// Sealer seals national ID numbers and the status link a replayed
// submission answers with (the data keys, idcrypt.Keyring).
type Sealer interface {
	Seal(plain []byte) ([]byte, error)
	Open(sealed []byte) ([]byte, error)
}

// Config is what the service is built from.
type Config struct {
	Store Store
	// Blobs is the private storage of the documents.
	Blobs domain.BlobStore
	// Keys seal national ID numbers; without them no application can be
	// stored.
	Keys Sealer
	// TempDir holds documents while they are checked ("" = the system's).
	TempDir string
	Mail    Mail
	// MailQueued, if set, is called after a submission queued mail, to
	// wake the mail sender at once.
	MailQueued func()
	// MaxUploads is how many submissions may stream their documents at
	// once; more are refused (EBusy), not queued. At least 1. One client
	// gets at most UploadsPerClient of them, and ReservedUploads are kept
	// for clients with none in flight.
	MaxUploads int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives what goes wrong after the answer is decided (a
	// document that could not be deleted); nil means slog.Default().
	Log *slog.Logger
}

// Service takes job applications.
type Service struct {
	store      Store
	blobs      domain.BlobStore
	keys       Sealer
	tempDir    string
	mail       Mail
	mailQueued func()
	now        func() time.Time
	log        *slog.Logger
	// slots are taken by the submissions streaming their documents.
	slots *slots
}

// New returns the service c describes.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{
		store: c.Store, blobs: c.Blobs, keys: c.Keys, tempDir: c.TempDir,
		mail: c.Mail, mailQueued: c.MailQueued, now: c.Now, log: c.Log,
		slots: newSlots(c.MaxUploads, UploadsPerClient, ReservedUploads),
	}
}

// Uploading is how many submissions hold an upload slot now.
func (s *Service) Uploading() int {
	n, _ := s.slots.counts()
	return n
}

// UploadingClients is how many clients hold an upload slot now.
func (s *Service) UploadingClients() int {
	_, n := s.slots.counts()
	return n
}

// Request says which job a submission is for and who sends it.
type Request struct {
	JobID string
	// Key is the form's idempotency key; "" when it sent none.
	Key string
	// Client is the sender as a rate-limit key (hashed, no address).
	Client string
	// Log is the logger of the request (it names the request, never the
	// applicant); nil means the service's.
	Log *slog.Logger
}

// Receipt is what the sender of a stored submission is told.
type Receipt struct {
	Reference string
	JobTitle  string
	// Created reports a new application; false: it replaced an earlier
	// one to the same job from the same e-mail address.
	Created bool
	// StatusURL is the applicant's private status page link, also in the
	// confirmation mail; "" for suspected spam. A repeated receipt gives
	// the first one's link while it still opens the application.
	StatusURL string
}

// Begin starts the submission req announces. A repeat of a submission
// that was stored (its answer lost on the way) gets the first receipt and
// no Submission, even if the job has closed since: its documents need not
// be read. Otherwise the job must take applications (ENotFound, EGone).
func (s *Service) Begin(ctx context.Context, req Request) (*Submission, *Receipt, error) {
	if req.Key != "" {
		if first, err := s.store.LookupSubmission(ctx, req.Key); err == nil {
			rc, err := s.replay(ctx, req.JobID, first)
			if err != nil {
				return nil, nil, err
			}
			return nil, &rc, nil
		} else if !domain.IsNotFound(err) {
			return nil, nil, storageRefusal(err)
		}
	}
	job, err := s.openJob(ctx, req.JobID)
	if err != nil {
		return nil, nil, storageRefusal(err)
	}
	if req.Log == nil {
		req.Log = s.log
	}
	return &Submission{svc: s, req: req, job: job}, nil, nil
}

// replay repeats the receipt of an earlier submission with the same
// idempotency key, which must have been for the same job.
func (s *Service) replay(ctx context.Context, jobID string, first domain.Submission) (Receipt, error) {
	if first.JobID != jobID {
		return Receipt{}, domain.Errorf(domain.EConflict, msgKeyReused)
	}
	rc := Receipt{Reference: first.Reference, Created: first.Created}
	// The job as it is now, whatever its status: only its title is needed.
	if j, err := s.store.GetJob(ctx, jobID); err == nil {
		rc.JobTitle = j.JobTitle
	} else if !domain.IsNotFound(err) {
		return Receipt{}, err
	}
	link, err := s.replayedLink(ctx, first)
	if err != nil {
		return Receipt{}, err
	}
	rc.StatusURL = link
	return rc, nil
}

// replayedLink is the status link of first's answer, opened from its
// sealed token, while it still opens the application: "" when the answer
// gave none (suspected spam), or the link has since been replaced (a new
// link asked for, a candidate e-mail), or the application is gone or in
// Suspected spam, or the data key that sealed it is no longer given.
func (s *Service) replayedLink(ctx context.Context, first domain.Submission) (string, error) {
	if len(first.StatusLinkSealed) == 0 {
		return "", nil
	}
	token, err := s.keys.Open(first.StatusLinkSealed)
	if err != nil {
		s.log.Warn("a replayed submission's status link could not be opened; answered without it", "err", err)
		return "", nil
	}
	a, err := s.byToken(ctx, string(token))
	if domain.IsNotFound(err) || err == nil && a.ID != first.ApplicationID {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return s.mail.statusURL(string(token)), nil
}

// openJob returns job id if it takes applications: the one a visitor
// may see (domain.PublicJob); a closed job is told so in the form's words.
func (s *Service) openJob(ctx context.Context, id string) (domain.Job, error) {
	j, err := domain.PublicJob(ctx, s.store, id, s.now())
	if domain.ErrorCode(err) == domain.EGone {
		return domain.Job{}, domain.Errorf(domain.EGone, msgClosed)
	}
	return j, err
}

// Submission is one application on its way in: Begin it, Admit its
// text, hand it each document (AddDocument), then Save it.
type Submission struct {
	svc   *Service
	req   Request
	job   domain.Job
	app   wire.ApplicationRequest
	today string
	// fields are app's fields by name, for the rules.
	fields map[string]string
	// now is when the documents started to arrive: the consent's time
	// and the date in the documents' blob keys.
	now  time.Time
	docs documents
}

// Admit judges the application's text and, when it passes, lets its
// documents in: an upload slot first (a submission refused for want of
// one does not count against the client), then the client's limit.
// Errors: EInvalid with a message per field for the text, *domain.Refused
// (no slot, the client's limit or its uploads in flight, a busy
// database). The
// caller must call done when the submission ends, whatever the outcome:
// it deletes the documents stored unless the application was saved, and
// frees the slot.
func (sub *Submission) Admit(ctx context.Context, app wire.ApplicationRequest) (done func(), err error) {
	app.Normalize()
	sub.app, sub.fields = app, app.Fields()
	sub.today = domain.ApplicationToday(sub.svc.now())
	if problems := domain.ValidateApplication(sub.fields, nil, sub.today); len(problems) > 0 {
		return nil, domain.ApplicationError(problems)
	}
	release, err := sub.svc.admit(ctx, sub.req.Client, sub.req.Key)
	if err != nil {
		return nil, err
	}
	sub.now = sub.svc.now()
	sub.docs = newDocuments(len(app.Certifications))
	return func() {
		sub.cleanupOnFailure(ctx)
		release()
	}, nil
}

// admit takes an upload slot for client's submission with idempotency key
// and counts one submission against client's limit. release frees the slot. A busy database is refused in the
// applicant's words (see storageRefusal).
func (s *Service) admit(ctx context.Context, client, key string) (release func(), err error) {
	release, err = s.slots.take(client, key)
	if err != nil {
		return nil, err
	}
	ok, retry, err := s.store.Allow(ctx, "apply:"+client, Limit, Window, s.now())
	if err != nil {
		release()
		return nil, storageRefusal(err)
	}
	if !ok {
		release()
		return nil, &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgTooMany), Retry: retry}
	}
	return release, nil
}

// Save judges the documents received against the rules and stores the
// application with its mails, in one transaction. The application takes
// the place of an earlier one to the same job from the same e-mail
// address (keeping its reference), whose documents are then deleted.
func (sub *Submission) Save(ctx context.Context) (Receipt, error) {
	if problems := domain.ValidateApplicationFiles(sub.fields, sub.docs.metas); len(problems) > 0 {
		return Receipt{}, domain.ApplicationError(problems)
	}
	a, err := sub.application()
	if err != nil {
		return Receipt{}, err
	}
	// The confirmation's text, read before the transaction that writes
	// the mail.
	tpl, err := sub.svc.template(ctx, domain.MailReceived)
	if err != nil {
		return Receipt{}, storageRefusal(err)
	}
	// A new status link; a replaced application's old one stops working.
	token, hash := newStatusToken()
	a.StatusTokenHash = hash
	link := sub.svc.mail.statusURL(token)
	// The mails are written inside the store's transaction, once the
	// reference (kept from an earlier application to the job by the same
	// e-mail address, or new) is known.
	mails := 0
	notify := func(a domain.Application, created bool) []*domain.OutboxMessage {
		m := sub.svc.mail.about(sub.job, a, created, link, tpl)
		mails = len(m)
		return m
	}
	opt := domain.SaveOptions{IdempotencyKey: sub.req.Key, Notify: notify}
	if sub.req.Key != "" && !a.Spam {
		// A replay of this submission answers with the same link; the
		// store keeps the token sealed, beside the token's hash.
		if opt.StatusLinkSealed, err = sub.svc.keys.Seal([]byte(token)); err != nil {
			return Receipt{}, err
		}
	}
	res, err := sub.svc.store.SaveApplication(ctx, &a, opt)
	if err != nil {
		if domain.ErrorCode(err) == domain.EInternal {
			// A database failure may have come after the commit (a
			// connection lost during COMMIT): the row may exist and
			// reference these files. The orphan sweeper deletes them
			// within the hour if it does not.
			sub.docs.leaveToSweeper = true
		}
		// A busy database rolled the transaction back: nothing was saved.
		return Receipt{}, storageRefusal(err)
	}
	if res.Replayed {
		// The same key won a race with this submission: the other one's
		// result stands, and this one's files go.
		return sub.winnersReceipt(ctx)
	}
	sub.docs.committed = true
	// The replaced application's documents; or, when suspected spam left
	// a real application in place, the spam's own (see SaveApplication).
	sub.svc.deleteBlobs(ctx, res.Previous)
	sub.req.Log.Info("application stored", "id", a.ID, "job", sub.job.ID, "spam", a.Spam,
		"updated", !res.Created, "documents", len(sub.docs.keys))
	if mails > 0 && sub.svc.mailQueued != nil {
		sub.svc.mailQueued()
	}
	rc := Receipt{Reference: a.Reference, JobTitle: sub.job.JobTitle, Created: res.Created}
	if !a.Spam {
		rc.StatusURL = link
	}
	return rc, nil
}

// winnersReceipt is the receipt of the submission that was saved first
// with this one's idempotency key.
func (sub *Submission) winnersReceipt(ctx context.Context) (Receipt, error) {
	first, err := sub.svc.store.LookupSubmission(ctx, sub.req.Key)
	if err != nil {
		return Receipt{}, err
	}
	return sub.svc.replay(ctx, sub.req.JobID, first)
}

// deleteBlobs removes keys, logging (not returning) failures: the orphan
// sweeper removes whatever is left.
func (s *Service) deleteBlobs(ctx context.Context, keys []string) {
	if len(keys) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), CleanupTimeout)
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
