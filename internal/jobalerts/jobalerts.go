// Package jobalerts is the job alerts' use case: a visitor asks by e-mail
// to hear about new jobs matching a search, confirms by the link of one
// mail (double opt-in), and gets a daily or weekly digest of the jobs
// published since the last one, through the outbox, until the alert is
// ended by a link of any of its mails or runs out after a year. There is
// no account: every link carries a token scoped to one alert, of which
// only the SHA-256 is stored. It knows nothing of HTTP.
package jobalerts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"regexp"
	"strings"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/jobsearch"
	"corpsite/internal/wire"
)

// The alerts' policy.
const (
	// MinFill is the least time a person takes to fill the form; a faster
	// request is answered like any other and sends nothing.
	MinFill = 3 * time.Second
	// ClientLimit requests per ClientWindow are taken from one client.
	ClientLimit  = 5
	ClientWindow = 10 * time.Minute
	// MaxPerAddress is how many alerts (confirmed or not) one address holds.
	MaxPerAddress = 10
	// ConfirmationsPerDay is how many confirmation mails one address gets
	// in a day.
	ConfirmationsPerDay = 3
	// ConfirmWithin is how long a confirmation link works; unconfirmed
	// alerts are deleted after it.
	ConfirmWithin = 48 * time.Hour
	// ReminderBefore is how long before its end an alert's reminder is sent.
	ReminderBefore = 14 * 24 * time.Hour
	// FilterMax is the longest filter query string read.
	FilterMax = 2048
	// batch is how many alerts one digest step loads and records at once.
	batch = 500
)

// Lifetime is when an alert confirmed or renewed at t ends: 12 months on.
func Lifetime(t time.Time) time.Time { return t.AddDate(1, 0, 0) }

// Visitor-facing messages.
const (
	msgEmailMissing = "Enter your e-mail address."
	msgEmailInvalid = "Enter an e-mail address like name@example.com."
	msgEmailLong    = "The e-mail address must be at most 254 characters."
	msgFrequency    = "Choose how often to get the e-mail: daily or weekly."
	msgFilter       = "The search could not be read. Please reload the page and try again."
	msgUnreadable   = "The form could not be read. Please reload the page and try again."
	msgTooMany      = "You have asked for several job alerts in a short time. Please wait 10 minutes and try again."
	msgLinkGone     = "This link no longer works: the alert has ended or the link has expired. You can ask for a new alert on the jobs page."
	// MsgAccepted is the one answer to a sign-up, whatever became of it.
	MsgAccepted = "Check your inbox: if the address can get this alert, we have sent it a link to confirm it. Nothing more is sent until you follow that link."
)

// Store is what the use case keeps alerts and counts clients in.
type Store interface {
	domain.JobAlertStore
	domain.RateLimiter
	// ListJobLocations gives the cities' aliases, which a search's
	// location may name.
	ListJobLocations(ctx context.Context) ([]domain.JobLocation, error)
}

// Config is what the service is built from.
type Config struct {
	Store Store
	// BaseURL is the site's public origin, for the mails' links.
	BaseURL string
	// SiteName signs the mails.
	SiteName string
	// Words name a search in words (jobsearch.WordsOf the site's content).
	Words jobsearch.Words
	// Zone writes the mails' dates; nil = UTC.
	Zone *time.Location
	// MailQueued, when set, is called after mail was queued.
	MailQueued func()
	Now        func() time.Time
	// MailNow is the outbox's clock: when queued mail is stamped and
	// due. nil = Now. `site alerts run-digest --at` runs the alerts at
	// another time than this one, and its mail is still sent at once.
	MailNow func() time.Time
}

// Service runs job alerts.
type Service struct{ c Config }

// New is the service c describes.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.MailNow == nil {
		c.MailNow = c.Now
	}
	if c.Zone == nil {
		c.Zone = time.UTC
	}
	return &Service{c: c}
}

// Matches reports whether job j matches an alert's filter (a canonical
// query string). The job search decides it: this is the one place the
// alerts call it.
func Matches(j wire.Job, filter string) bool {
	return jobsearch.Matches(j, jobsearch.Parse(filter))
}

// CanonicalFilter is the canonical form of a search's query string.
func CanonicalFilter(raw string) string {
	return jobsearch.Parse(strings.TrimPrefix(raw, "?")).Encode()
}

// Describe is a filter in words: "Keywords: go · Location: Pune", or
// "All open positions" (the site's words for a job search).
func (s *Service) Describe(filter string) string { return jobsearch.Parse(filter).Describe(s.c.Words) }

// SearchPath is the /jobs page of a filter.
func SearchPath(filter string) string { return jobsearch.Parse(filter).WithQuery("/jobs") }

// tokenPattern is the form of a token: 32 bytes, base64url without padding.
var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// newToken returns a new token and its hash.
func newToken() (token, hash string) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, HashToken(token)
}

// HashToken is how a token is stored: SHA-256, hex.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Subscribe takes a sign-up from client (its rate-limit key) and returns
// the message to show, the same whatever became of it: a new alert with
// its confirmation mail, a new confirmation for an unconfirmed one, or
// nothing (confirmed already, too many alerts or confirmations for the
// address, honeypot, too fast). Errors: EInvalid with a message per
// field, *domain.Refused when the client asked too often.
func (s *Service) Subscribe(ctx context.Context, req wire.JobAlertRequest, client string) (string, error) {
	if !domain.ElapsedValid(req.ElapsedMs) {
		return "", domain.Errorf(domain.EInvalid, msgUnreadable)
	}
	email := strings.TrimSpace(req.Email)
	problems := map[string]string{}
	switch {
	case email == "":
		problems["email"] = msgEmailMissing
	case len(email) > domain.EmailMax:
		problems["email"] = msgEmailLong
	case !domain.ValidEmail(email):
		problems["email"] = msgEmailInvalid
	}
	freq := domain.AlertFrequency(req.Frequency)
	if !freq.Valid() {
		problems["frequency"] = msgFrequency
	}
	if len(req.Filter) > FilterMax {
		problems["filter"] = msgFilter
	}
	if len(problems) > 0 {
		return "", &domain.Error{Code: domain.EInvalid, Message: "Check the highlighted fields.", Fields: problems}
	}
	now := s.c.Now()
	ok, retry, err := s.c.Store.Allow(ctx, "jobalert:"+client, ClientLimit, ClientWindow, now)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgTooMany), Retry: retry}
	}
	if req.Website != "" || req.ElapsedMs == nil || *req.ElapsedMs < MinFill.Milliseconds() {
		return MsgAccepted, nil
	}
	filter := CanonicalFilter(req.Filter)
	existing, err := s.c.Store.JobAlertFor(ctx, email, filter)
	found := err == nil
	switch {
	case found && existing.Confirmed():
		return MsgAccepted, nil
	case err != nil && !domain.IsNotFound(err):
		return "", err
	}
	// Counted per address (hashed) before anything is sent to it.
	if ok, _, err := s.c.Store.Allow(ctx, "jobalert-to:"+HashToken(strings.ToLower(email)), ConfirmationsPerDay, 24*time.Hour, now); err != nil || !ok {
		return MsgAccepted, err
	}
	token, hash := newToken()
	if found { // an unconfirmed alert: a new link
		m := s.confirmationMail(existing, token)
		if err := s.c.Store.AddJobAlertToken(ctx, existing.ID, hash, m, now); err != nil {
			return "", err
		}
		s.queued()
		return MsgAccepted, nil
	}
	a := domain.JobAlert{
		ID: domain.NewID(), Email: email, Filter: filter, Frequency: freq, CreatedAt: now,
		ExpiresAt: now.Add(ConfirmWithin), WindowEnd: now, NextDigestAt: now.Add(freq.Period()),
	}
	created, err := s.c.Store.CreateJobAlert(ctx, &a, hash, s.confirmationMail(a, token), MaxPerAddress)
	if err != nil {
		return "", err
	}
	if created {
		s.queued()
	}
	return MsgAccepted, nil
}

func (s *Service) queued() {
	if s.c.MailQueued != nil {
		s.c.MailQueued()
	}
}

// byToken is the live alert of a token: ENotFound for a malformed or
// unknown token, an ended alert, or an unconfirmed one past its time.
func (s *Service) byToken(ctx context.Context, token string) (domain.JobAlert, error) {
	gone := domain.Errorf(domain.ENotFound, msgLinkGone)
	if !tokenPattern.MatchString(token) {
		return domain.JobAlert{}, gone
	}
	a, err := s.c.Store.JobAlertByToken(ctx, HashToken(token))
	if domain.IsNotFound(err) {
		return domain.JobAlert{}, gone
	}
	if err != nil {
		return domain.JobAlert{}, err
	}
	if !s.c.Now().Before(a.ExpiresAt) {
		return domain.JobAlert{}, gone
	}
	return a, nil
}

// view is alert a as its page shows it.
func (s *Service) view(a domain.JobAlert, msg string) wire.JobAlertView {
	return wire.JobAlertView{
		Email: maskEmail(a.Email), Filter: s.Describe(a.Filter), SearchPath: SearchPath(a.Filter),
		Frequency: string(a.Frequency), Confirmed: a.Confirmed(), ExpiresAt: a.ExpiresAt, Message: msg,
	}
}

// maskEmail hides most of an address's local part: a***@example.com.
func maskEmail(email string) string {
	local, host, ok := strings.Cut(email, "@")
	if !ok || local == "" {
		return "***"
	}
	return string([]rune(local)[:1]) + "***@" + host
}

// View is the alert of a token.
func (s *Service) View(ctx context.Context, token string) (wire.JobAlertView, error) {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return wire.JobAlertView{}, err
	}
	return s.view(a, ""), nil
}

// Confirm confirms the alert of a token (again: nothing changes). Its
// first digest covers the jobs published from now on.
func (s *Service) Confirm(ctx context.Context, token string) (wire.JobAlertView, error) {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return wire.JobAlertView{}, err
	}
	if a.Confirmed() {
		return s.view(a, "This alert was confirmed already."), nil
	}
	now := s.c.Now()
	if err := s.c.Store.ConfirmJobAlert(ctx, a.ID, now, Lifetime(now), now.Add(a.Frequency.Period())); err != nil {
		return wire.JobAlertView{}, err
	}
	a, err = s.c.Store.JobAlertByToken(ctx, HashToken(token))
	if err != nil {
		return wire.JobAlertView{}, err
	}
	return s.view(a, "Your job alert is confirmed."), nil
}

// confirmed is the confirmed alert of a token: an unconfirmed one is
// changed only by confirming it.
func (s *Service) confirmed(ctx context.Context, token string) (domain.JobAlert, error) {
	a, err := s.byToken(ctx, token)
	if err == nil && !a.Confirmed() {
		err = domain.Errorf(domain.EConflict, "Confirm the alert first.")
	}
	return a, err
}

// SetFrequency changes how often the alert of a token is sent; the next
// digest is due one new period after the last one.
func (s *Service) SetFrequency(ctx context.Context, token, frequency string) (wire.JobAlertView, error) {
	f := domain.AlertFrequency(frequency)
	if !f.Valid() {
		return wire.JobAlertView{}, &domain.Error{Code: domain.EInvalid, Message: msgFrequency,
			Fields: map[string]string{"frequency": msgFrequency}}
	}
	a, err := s.confirmed(ctx, token)
	if err != nil {
		return wire.JobAlertView{}, err
	}
	a.Frequency = f
	a.NextDigestAt = a.WindowEnd.Add(f.Period())
	if err := s.c.Store.UpdateJobAlert(ctx, a); err != nil {
		return wire.JobAlertView{}, err
	}
	return s.view(a, "You will get this alert "+string(f)+"."), nil
}

// Renew makes the alert of a token run 12 months from now.
func (s *Service) Renew(ctx context.Context, token string) (wire.JobAlertView, error) {
	a, err := s.confirmed(ctx, token)
	if err != nil {
		return wire.JobAlertView{}, err
	}
	a.ExpiresAt = Lifetime(s.c.Now())
	a.RemindedAt = nil
	if err := s.c.Store.UpdateJobAlert(ctx, a); err != nil {
		return wire.JobAlertView{}, err
	}
	return s.view(a, "Renewed: this alert now runs until "+a.ExpiresAt.In(s.c.Zone).Format("2 January 2006")+"."), nil
}

// Unsubscribe ends the alert of a token at once, tokens and all.
func (s *Service) Unsubscribe(ctx context.Context, token string) error {
	a, err := s.byToken(ctx, token)
	if err != nil {
		return err
	}
	if err := s.c.Store.DeleteJobAlert(ctx, a.ID); err != nil && !domain.IsNotFound(err) {
		return err
	}
	return nil
}

// Counts are the console's counts of confirmed alerts by search.
func (s *Service) Counts(ctx context.Context) (wire.JobAlertCounts, error) {
	cs, err := s.c.Store.CountJobAlerts(ctx)
	if err != nil {
		return wire.JobAlertCounts{}, err
	}
	out := wire.JobAlertCounts{Counts: []wire.JobAlertCount{}}
	for _, c := range cs {
		out.Total += c.Daily + c.Weekly
		out.Counts = append(out.Counts, wire.JobAlertCount{Filter: s.Describe(c.Filter), SearchPath: SearchPath(c.Filter), Daily: c.Daily, Weekly: c.Weekly})
	}
	return out, nil
}
