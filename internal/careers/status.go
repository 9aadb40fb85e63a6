package careers

import (
	"archive/zip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// The applicant's status page: a private link, issued when an
// application is saved and sent in the confirmation mail (and in the
// submit answer), that shows where the application stands and lets the
// applicant withdraw it, download what they sent, or erase it. The link's
// token is 32 random bytes; only its SHA-256 is stored, so a copy of the
// database opens no application. The token travels in the URL's
// fragment, which browsers send to no server and no Referer carries.

// StatusPagePath is the status page's path; the token follows as
// "#t={token}".
const StatusPagePath = "/application-status"

// Bounds of the lost-link request ("Lost your link?").
const (
	// LinkClientLimit requests per LinkClientWindow are answered from one
	// client; more are refused (429).
	LinkClientLimit  = 5
	LinkClientWindow = time.Hour
	// LinkAddressLimit links per LinkAddressWindow are mailed to one
	// address; further requests are answered alike and mail nothing, so
	// nobody can fill an applicant's inbox.
	LinkAddressLimit  = 3
	LinkAddressWindow = 24 * time.Hour
)

// EraseConfirmation is what an erase request must carry in Confirm.
const EraseConfirmation = "erase"

// Messages of the status page.
const (
	msgLinkDead = "This link no longer works: a newer link replaced it, or the application was erased. " +
		"Ask for a new link with your e-mail address and reference."
	msgEraseUnconfirmed = "Confirm that you want to erase your application."
	msgCannotWithdraw   = "This application is closed, so there is nothing to withdraw."
	msgLinkTooMany      = "You have asked for several links in a short time. Please wait an hour and try again."
	msgLinkSent         = "If an application with this reference was sent from this e-mail address, we have e-mailed a new link to it, " +
		"and the link we sent before no longer works."
	msgLinkEmail     = "Enter the e-mail address you applied with, like name@example.com."
	msgLinkReference = "Enter your reference as it appears in our e-mail, like APP-7KQ2M4XD."
)

// statusToken is the form of a token: 32 bytes, base64url without padding.
var statusToken = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// referencePattern is the form of a reference (see sqlstore).
var referencePattern = regexp.MustCompile(`^APP-[A-Z2-7]{8}$`)

// newStatusToken returns a new token and its hash.
func newStatusToken() (token, hash string) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, statusTokenHash(token)
}

// statusTokenHash is how a token is stored: SHA-256, hex.
func statusTokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// statusURL is the link to the status page with token.
func (m Mail) statusURL(token string) string {
	return m.BaseURL + StatusPagePath + "#t=" + token
}

// The stages an applicant sees (wire.ApplicantStatus.Stage).
const (
	StageReceived  = "received"
	StageReviewing = "reviewing"
	StageInterview = "interview"
	StageOffer     = "offer"
	StageClosed    = "closed"
	StageWithdrawn = "withdrawn"
)

// stage is a status in the applicant's words.
type stage struct {
	key         string
	label, next string
}

// stages names each pipeline status for the applicant, with what comes next.
var stages = map[domain.ApplicationStatus]stage{
	domain.StatusNew: {StageReceived, "Received",
		"We have your application. Our recruiting team reads every application, usually within two weeks."},
	domain.StatusReviewing: {StageReviewing, "Under review",
		"Our recruiting team is reading your application. If your profile fits the position, we will contact you to arrange a first conversation."},
	domain.StatusInterview: {StageInterview, "Interview",
		"We would like to meet you. We will contact you by e-mail or phone to agree on a time, if we have not already."},
	domain.StatusOffer: {StageOffer, "Offer",
		"We have made you an offer or are preparing one. We will send you the details and answer your questions."},
	domain.StatusHired: {StageOffer, "Offer",
		"You accepted our offer. We will be in touch about your first day."},
	domain.StatusRejected: {StageClosed, "Closed",
		"We will not take your application further for this position. Thank you for your interest: you are welcome to apply for other positions."},
}

var withdrawn = stage{StageWithdrawn, "Withdrawn",
	"You withdrew this application; we will not consider it further. You can still download your data or erase the application."}

// stageOf is a's stage as the applicant sees it.
func stageOf(a domain.Application) stage {
	if a.WithdrawnAt != nil {
		return withdrawn
	}
	if st, ok := stages[a.Status]; ok {
		return st
	}
	return stages[domain.StatusNew]
}

// canWithdraw reports whether a can still be withdrawn.
func canWithdraw(a domain.Application) bool {
	return a.WithdrawnAt == nil && a.Status != domain.StatusRejected
}

// byToken returns the application token opens: ENotFound, told as a dead
// link, when it opens none. Suspected spam has no status page.
func (s *Service) byToken(ctx context.Context, token string) (domain.Application, error) {
	if !statusToken.MatchString(token) {
		return domain.Application{}, domain.Errorf(domain.ENotFound, msgLinkDead)
	}
	a, err := s.store.GetApplicationByStatusToken(ctx, statusTokenHash(token))
	if domain.IsNotFound(err) || err == nil && a.Spam {
		return domain.Application{}, domain.Errorf(domain.ENotFound, msgLinkDead)
	}
	return a, err
}

// Status is what the status page shows for token's application.
func (s *Service) Status(ctx context.Context, token string) (wire.ApplicantStatus, error) {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return wire.ApplicantStatus{}, err
	}
	return s.statusOf(ctx, a)
}

// statusOf is a as the status page shows it.
func (s *Service) statusOf(ctx context.Context, a domain.Application) (wire.ApplicantStatus, error) {
	title := ""
	if j, err := s.store.GetJob(ctx, a.JobID); err == nil {
		title = j.JobTitle
	} else if !domain.IsNotFound(err) {
		return wire.ApplicantStatus{}, err
	}
	st := stageOf(a)
	return wire.ApplicantStatus{Reference: a.Reference, JobTitle: title, AppliedAt: a.AppliedAt.UTC(),
		Stage: st.key, StageLabel: st.label, NextSteps: st.next, CanWithdraw: canWithdraw(a)}, nil
}

// Withdraw withdraws token's application (again: no change) and returns
// its status. A closed application cannot be withdrawn (EConflict).
func (s *Service) Withdraw(ctx context.Context, token string) (wire.ApplicantStatus, error) {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return wire.ApplicantStatus{}, err
	}
	if a.WithdrawnAt == nil {
		if !canWithdraw(a) {
			return wire.ApplicantStatus{}, domain.Errorf(domain.EConflict, msgCannotWithdraw)
		}
		var notify *domain.OutboxMessage
		if s.mail.StaffEmail != "" {
			notify = s.mail.withdrawnNotification(a, s.now())
		}
		if a, err = s.store.WithdrawApplication(ctx, a.ID, s.now(), notify); err != nil {
			return wire.ApplicantStatus{}, err
		}
		if notify != nil && s.mailQueued != nil {
			s.mailQueued()
		}
	}
	return s.statusOf(ctx, a)
}

// Erasure is an applicant's erase request.
type Erasure struct {
	Token   string
	Confirm string
	// ClientIP is the sender's address, for the audit log ("" = unknown).
	ClientIP string
}

// Erase erases token's application at once: the audit log records it
// first (by reference, the applicant as actor), then the application
// and its notes go, then its documents. A document that cannot be
// deleted now is left to the orphan sweeper and logged (by count).
func (s *Service) Erase(ctx context.Context, e Erasure) (wire.StatusErased, error) {
	if e.Confirm != EraseConfirmation {
		return wire.StatusErased{}, domain.FieldError("confirm", msgEraseUnconfirmed)
	}
	a, err := s.byToken(ctx, e.Token)
	if err != nil {
		return wire.StatusErased{}, err
	}
	keys := a.BlobKeys()
	entry := domain.AuditEntry{At: s.now(), ActorEmail: AuditActorApplicant, Action: domain.AuditErase,
		Subject: a.Reference, ClientIP: e.ClientIP,
		Detail: fmt.Sprintf("erased by the applicant from the status page: application, its notes and %d documents", len(keys))}
	if err := s.store.AppendAudit(ctx, &entry); err != nil {
		return wire.StatusErased{}, err
	}
	if err := s.store.DeleteApplication(ctx, a.ID); err != nil {
		return wire.StatusErased{}, err
	}
	s.deleteUnreferenced(ctx, keys)
	return wire.StatusErased{Reference: a.Reference}, nil
}

// AuditActorApplicant names the applicant as the actor of an audit entry
// (its e-mail address would outlive the erased application there).
const AuditActorApplicant = "applicant (status page)"

// deleteUnreferenced deletes those of keys no application references any
// more, on a context of its own (a client that leaves must not leave the
// files behind).
func (s *Service) deleteUnreferenced(ctx context.Context, keys []string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), CleanupTimeout)
	defer cancel()
	var gone []string
	left := 0
	for _, k := range keys {
		used, err := s.store.BlobKeyReferenced(ctx, k)
		switch {
		case err != nil:
			left++
		case !used:
			gone = append(gone, k)
		}
	}
	if left > 0 {
		s.log.Error("erase: documents left for the orphan sweeper", "documents", left)
	}
	s.deleteBlobs(ctx, gone)
}

// LinkRequest is a "Lost your link?" request.
type LinkRequest struct {
	wire.StatusLinkRequest
	// Client is the sender as a rate-limit key (hashed, no address).
	Client string
}

// RequestLink mails a new status link to the applicant whose e-mail
// address and reference match, replacing the old link. The answer is the
// same whether or not one matched (the message it returns); only a client
// over its limit is refused (*domain.Refused), and malformed fields
// (EInvalid). The hidden homepage field filled, an address past its
// daily links, suspected spam: answered alike, nothing sent.
func (s *Service) RequestLink(ctx context.Context, req LinkRequest) (string, error) {
	email := strings.TrimSpace(req.Email)
	ref := strings.ToUpper(strings.TrimSpace(req.Reference))
	problems := map[string]string{}
	if !domain.ValidEmail(email) {
		problems["email"] = msgLinkEmail
	}
	if !referencePattern.MatchString(ref) {
		problems["reference"] = msgLinkReference
	}
	if len(problems) > 0 {
		return "", &domain.Error{Code: domain.EInvalid, Message: "Check the highlighted fields.", Fields: problems}
	}
	now := s.now()
	ok, retry, err := s.store.Allow(ctx, "statuslink:"+req.Client, LinkClientLimit, LinkClientWindow, now)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgLinkTooMany), Retry: retry}
	}
	if req.Homepage != "" {
		return msgLinkSent, nil
	}
	// Counted per address whether or not it matches, so the count tells
	// nothing either.
	addr := statusTokenHash(strings.ToLower(email))
	if ok, _, err := s.store.Allow(ctx, "statuslink-to:"+addr, LinkAddressLimit, LinkAddressWindow, now); err != nil || !ok {
		return msgLinkSent, err
	}
	a, err := s.store.GetApplicationByReference(ctx, ref)
	if domain.IsNotFound(err) || err == nil && (a.Spam || !strings.EqualFold(strings.TrimSpace(a.Email), email)) {
		return msgLinkSent, nil
	}
	if err != nil {
		return "", err
	}
	token, hash := newStatusToken()
	title := ""
	if j, err := s.store.GetJob(ctx, a.JobID); err == nil {
		title = j.JobTitle
	}
	if err := s.store.SetStatusToken(ctx, a.ID, hash, s.mail.newLink(a, title, token, now)); err != nil {
		return "", err
	}
	if s.mailQueued != nil {
		s.mailQueued()
	}
	return msgLinkSent, nil
}

// IssueStatusLink gives application id a new status link (the old one
// stops working) and returns it, for a mail about the application sent
// later (e.g. its confirmation once released from the spam queue). The
// mail, if not nil, is queued with the new token in one transaction:
// build gets the link and returns the mail.
func (s *Service) IssueStatusLink(ctx context.Context, id string, build func(link string) *domain.OutboxMessage) error {
	token, hash := newStatusToken()
	var m *domain.OutboxMessage
	if build != nil {
		m = build(s.mail.statusURL(token))
	}
	return s.store.SetStatusToken(ctx, id, hash, m)
}

// DataExport is an application's data as its applicant downloads it.
type DataExport struct {
	svc *Service
	app domain.Application
	job string
}

// ExportData is token's application, ready to be written as a zip
// (WriteZip): what the applicant sent, their documents included.
func (s *Service) ExportData(ctx context.Context, token string) (*DataExport, error) {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return nil, err
	}
	st, err := s.statusOf(ctx, a)
	if err != nil {
		return nil, err
	}
	return &DataExport{svc: s, app: a, job: st.JobTitle}, nil
}

// FileName is the zip's name as the browser saves it.
func (d *DataExport) FileName() string { return "application-" + d.app.Reference + ".zip" }

// exportedApplication is application.json in the zip: every field the
// applicant sent, and where the application stands. The national ID
// number is stored sealed and is given by its last four characters only.
type exportedApplication struct {
	Reference          string                  `json:"reference"`
	Job                string                  `json:"job"`
	AppliedAt          time.Time               `json:"appliedAt"`
	LastSentAt         time.Time               `json:"lastSentAt"`
	Stage              string                  `json:"stage"`
	WithdrawnAt        *time.Time              `json:"withdrawnAt,omitempty"`
	FirstName          string                  `json:"firstName"`
	MiddleName         string                  `json:"middleName"`
	LastName           string                  `json:"lastName"`
	FullName           string                  `json:"fullName"`
	Email              string                  `json:"email"`
	PhoneCountryCode   string                  `json:"phoneCountryCode"`
	PhoneNumber        string                  `json:"phoneNumber"`
	Address            string                  `json:"address"`
	LinkedIn           string                  `json:"linkedin"`
	Website            string                  `json:"website"`
	LocationPreference string                  `json:"locationPreference"`
	AvailabilityDate   string                  `json:"availabilityDate"`
	WorkExperiences    []domain.WorkExperience `json:"workExperiences"`
	Educations         []domain.Education      `json:"educations"`
	Skills             []string                `json:"skills"`
	Certifications     []exportedCertification `json:"certifications"`
	Resume             string                  `json:"resume"`
	CoverLetter        string                  `json:"coverLetter"`
	HeardFrom          string                  `json:"heardFrom"`
	EligibleToWork     bool                    `json:"eligibleToWork"`
	WillingToRelocate  bool                    `json:"willingToRelocate"`
	Gender             string                  `json:"gender"`
	DisabilityStatus   string                  `json:"disabilityStatus"`
	NationalIDType     string                  `json:"nationalIdType"`
	NationalIDLast4    string                  `json:"nationalIdNumberLastFour"`
	NationalIDDocument string                  `json:"nationalIdDocument"`
	ConsentVersion     string                  `json:"consentVersion"`
	ConsentAt          time.Time               `json:"consentAt"`
	// Missing lists documents no longer kept (the national ID document is
	// deleted earlier than the rest, see the privacy notice).
	Missing []string `json:"documentsNoLongerKept,omitempty"`
}

type exportedCertification struct {
	Name     string `json:"name"`
	Document string `json:"document"`
}

// zipName is where blob key goes in the zip ("" for no document).
func zipName(key string) string {
	if key == "" {
		return ""
	}
	return "documents/" + key[strings.LastIndex(key, "/")+1:]
}

// WriteZip writes the zip to w: application.json and each document kept
// under documents/. A document missing from storage is named in
// application.json; any other failure is returned (the zip is then cut
// short, which the browser reports as a failed download).
func (d *DataExport) WriteZip(ctx context.Context, w io.Writer) error {
	a := d.app
	e := exportedApplication{Reference: a.Reference, Job: d.job, AppliedAt: a.AppliedAt.UTC(), LastSentAt: a.UpdatedAt.UTC(),
		Stage: stageOf(a).label, WithdrawnAt: a.WithdrawnAt,
		FirstName: a.FirstName, MiddleName: a.MiddleName, LastName: a.LastName, FullName: a.FullName,
		Email: a.Email, PhoneCountryCode: a.PhoneCountryCode, PhoneNumber: a.PhoneNumber, Address: a.Address,
		LinkedIn: a.LinkedIn, Website: a.Website, LocationPreference: a.LocationPreference,
		AvailabilityDate: a.AvailabilityDate, WorkExperiences: a.WorkExperiences, Educations: a.Educations,
		Skills: a.Skills, Resume: zipName(a.ResumeKey), CoverLetter: a.CoverLetter, HeardFrom: a.HeardFrom,
		EligibleToWork: a.EligibleToWork, WillingToRelocate: a.WillingToRelocate, Gender: a.Gender,
		DisabilityStatus: a.DisabilityStatus, NationalIDType: a.NationalIDType, NationalIDLast4: a.NationalIDLast4,
		NationalIDDocument: zipName(a.NationalIDDocumentKey), ConsentVersion: a.ConsentVersion, ConsentAt: a.ConsentAt.UTC(),
		Certifications: []exportedCertification{}}
	for _, c := range a.Certifications {
		e.Certifications = append(e.Certifications, exportedCertification{Name: c.Name, Document: zipName(c.DocumentKey)})
	}
	// Documents are opened first, so that application.json can name
	// those no longer kept; each is copied in turn.
	type doc struct {
		name string
		key  string
	}
	var docs []doc
	for _, k := range a.BlobKeys() {
		rc, _, err := d.svc.blobs.Open(ctx, k)
		if domain.IsNotFound(err) {
			e.Missing = append(e.Missing, zipName(k))
			continue
		}
		if err != nil {
			return err
		}
		rc.Close()
		docs = append(docs, doc{zipName(k), k})
	}
	zw := zip.NewWriter(w)
	jw, err := zw.Create("application.json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(jw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(e); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, dc := range docs {
		if seen[dc.name] {
			continue // one file shared by two fields
		}
		seen[dc.name] = true
		if err := d.copyDoc(ctx, zw, dc.name, dc.key); err != nil {
			return err
		}
	}
	return zw.Close()
}

// copyDoc copies blob key into zw as name (stored: documents are
// compressed already, or small).
func (d *DataExport) copyDoc(ctx context.Context, zw *zip.Writer, name, key string) error {
	rc, _, err := d.svc.blobs.Open(ctx, key)
	if err != nil {
		return err
	}
	defer rc.Close()
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: d.app.UpdatedAt})
	if err != nil {
		return err
	}
	_, err = io.Copy(fw, rc)
	return err
}
