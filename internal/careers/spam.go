package careers

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Suspected spam is a score, not one rule: each signal below adds its
// weight, and a submission that reaches SpamThreshold is kept aside in
// the Suspected spam folder, without mail, until staff review it. Only
// the hidden field (which people never see) decides alone: how fast the
// form was sent is a weak signal, since autofill and password managers
// fill the long form in seconds, and needs others to reach the
// threshold. The rate limit refuses a client's excess whatever its score.

// SpamThreshold is the score from which a submission is suspected spam.
const SpamThreshold = 6

// Weights of the signals of spam.
const (
	weightHoneypot   = SpamThreshold // decisive alone
	weightInstant    = 4             // sent within instantFill of opening the form
	weightQuick      = 2             // sent within MinFill
	weightNoTime     = 3             // the form did not say how long it was open
	weightLinks      = 3             // more than maxTextLinks links in the free text
	weightNameLink   = 4             // a link in a name
	weightShouting   = 2             // a long cover letter in capitals only
	instantFill      = 3 * time.Second
	maxTextLinks     = 2
	shoutingMinChars = 40
)

// linkPattern finds what reads as a link in free text.
var linkPattern = regexp.MustCompile(`(?i)\b(?:https?://|www\.)`)

// spamSignal is one signal: its weight, and what staff read when it is
// found ("" when it is not).
type spamSignal struct {
	weight int
	test   func(req *wire.ApplicationRequest) string
}

// spamSignals are the signals a submission is scored on.
var spamSignals = []spamSignal{
	{weightHoneypot, func(r *wire.ApplicationRequest) string {
		if r.Homepage != "" {
			return "the hidden field was filled in (people never see it)"
		}
		return ""
	}},
	{weightNoTime, func(r *wire.ApplicationRequest) string {
		if r.ElapsedMs == nil || *r.ElapsedMs < 0 {
			return "the form did not say how long it was open"
		}
		return ""
	}},
	{weightInstant, func(r *wire.ApplicationRequest) string {
		if r.ElapsedMs != nil && *r.ElapsedMs >= 0 && *r.ElapsedMs < instantFill.Milliseconds() {
			return fmt.Sprintf("sent %s after the form opened", seconds(*r.ElapsedMs))
		}
		return ""
	}},
	{weightQuick, func(r *wire.ApplicationRequest) string {
		if r.ElapsedMs != nil && *r.ElapsedMs >= instantFill.Milliseconds() && *r.ElapsedMs < MinFill.Milliseconds() {
			return fmt.Sprintf("sent %s after the form opened (autofill can do that)", seconds(*r.ElapsedMs))
		}
		return ""
	}},
	{weightLinks, func(r *wire.ApplicationRequest) string {
		if n := len(linkPattern.FindAllStringIndex(freeText(r), -1)); n > maxTextLinks {
			return fmt.Sprintf("%d links in the cover letter, skills, address or experience", n)
		}
		return ""
	}},
	{weightNameLink, func(r *wire.ApplicationRequest) string {
		if linkPattern.MatchString(r.FirstName + " " + r.MiddleName + " " + r.LastName + " " + r.FullName) {
			return "a link in the name"
		}
		return ""
	}},
	{weightShouting, func(r *wire.ApplicationRequest) string {
		if shouting(r.CoverLetter) {
			return "the cover letter is written in capitals only"
		}
		return ""
	}},
}

// seconds writes a time in milliseconds as whole seconds ("4 s").
func seconds(ms int64) string { return fmt.Sprintf("%d s", ms/1000) }

// freeText is the application's text that people write in their own
// words, where links and capitals are signals (not LinkedIn or website,
// which are links by design).
func freeText(r *wire.ApplicationRequest) string {
	parts := []string{r.CoverLetter, r.Address, strings.Join(r.Skills, " ")}
	for _, w := range r.WorkExperiences {
		parts = append(parts, w.Responsibilities)
	}
	return strings.Join(parts, "\n")
}

// shouting reports a text of at least shoutingMinChars letters, all of
// them capitals.
func shouting(s string) bool {
	letters, upper := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= shoutingMinChars && upper == letters
}

// SpamScore scores req on every signal: the sum of the weights of those
// found, and what each says, in the table's order.
func SpamScore(req *wire.ApplicationRequest) (score int, reasons []string) {
	for _, s := range spamSignals {
		if why := s.test(req); why != "" {
			score += s.weight
			reasons = append(reasons, why)
		}
	}
	return score, reasons
}

// SuspectSpam tells whether req is suspected spam and, if so, why (the
// signals found, for staff).
func SuspectSpam(req *wire.ApplicationRequest) (spam bool, why string) {
	score, reasons := SpamScore(req)
	if score < SpamThreshold {
		return false, ""
	}
	return true, strings.Join(reasons, "; ")
}

// Reviewer is the member of staff who gives a verdict on suspected spam.
type Reviewer struct {
	ID, Email string
	Role      domain.Role
	// ClientIP is where the verdict came from, for the audit log.
	ClientIP string
}

// MayReviewSpam says who may mark applications spam or not spam:
// recruiters and admins, who see applications.
func MayReviewSpam(r domain.Role) bool { return r.Allowed(domain.RoleRecruiter) }

// msgMayNotReview refuses a verdict from anyone else.
const msgMayNotReview = "Only recruiters and admins can mark applications as spam or not spam."

// Verdict is staff's word on one application: spam or not spam.
type Verdict struct {
	ApplicationID string
	Spam          bool
	By            Reviewer
}

// Reviewed is what a verdict did.
type Reviewed struct {
	// Application is the application as it is now.
	Application domain.Application
	// Changed is false when the verdict held already: nothing was
	// changed or recorded.
	Changed bool
	// Confirmed says that the applicant's held confirmation was queued.
	Confirmed bool
}

// ReviewSpam records v. Not spam takes the application out of the
// Suspected spam folder and, if its confirmation e-mail was held (it
// arrived as suspected spam), queues that confirmation, the one every
// applicant gets, in the same transaction; spam puts or keeps it in the
// folder, reviewed, and mails no one. Each change is recorded in the
// audit log with it. Errors: EUnauthorized for a role that may not
// review, ENotFound.
func (s *Service) ReviewSpam(ctx context.Context, v Verdict) (Reviewed, error) {
	if !MayReviewSpam(v.By.Role) {
		return Reviewed{}, domain.Errorf(domain.EUnauthorized, msgMayNotReview)
	}
	a, err := s.store.GetApplication(ctx, v.ApplicationID)
	if err != nil {
		return Reviewed{}, err
	}
	job, err := s.store.GetJob(ctx, a.JobID)
	if domain.IsNotFound(err) {
		// The job was deleted since: the confirmation names none.
		job, err = domain.Job{JobTitle: "a position no longer listed", Location: "closed"}, nil
	}
	if err != nil {
		return Reviewed{}, err
	}
	tpl, err := s.template(ctx, domain.MailReceived)
	if err != nil {
		return Reviewed{}, err
	}
	now := s.now()
	confirmed := false
	// A released confirmation carries a new status link (suspected spam
	// was given none).
	token, hash := newStatusToken()
	d := domain.SpamDecision{Spam: v.Spam, At: now, StatusTokenHash: hash,
		Release: func(a domain.Application) []*domain.OutboxMessage {
			confirmed = true
			m := s.mail.applicantConfirmation(job, a, true, s.mail.statusURL(token), tpl)
			m.CreatedAt = now
			return []*domain.OutboxMessage{m}
		},
		Audit: func(before domain.Application) domain.AuditEntry {
			return domain.AuditEntry{Action: verdictAction(v.Spam), Subject: before.Reference,
				Detail: verdictDetail(before, v.Spam), At: now,
				ActorID: v.By.ID, ActorEmail: v.By.Email, ClientIP: v.By.ClientIP}
		},
	}
	before, after, err := s.store.ReviewApplicationSpam(ctx, a.ID, d)
	if err != nil {
		return Reviewed{}, err
	}
	if confirmed && s.mailQueued != nil {
		s.mailQueued()
	}
	changed := before.Spam != after.Spam || before.SpamReview != after.SpamReview
	return Reviewed{Application: after, Changed: changed, Confirmed: confirmed}, nil
}

// verdictAction is the audit log's action of a verdict.
func verdictAction(spam bool) domain.AuditAction {
	if spam {
		return domain.AuditMarkedSpam
	}
	return domain.AuditMarkedNotSpam
}

// verdictDetail describes a verdict on a for the audit log.
func verdictDetail(a domain.Application, spam bool) string {
	switch {
	case spam && a.Spam && a.SpamReasons != "":
		return "confirmed as spam; it was suspected: " + a.SpamReasons
	case spam && a.Spam:
		return "confirmed as spam"
	case spam:
		return "moved to Suspected spam"
	case a.ConfirmationHeld:
		return "released from Suspected spam; the confirmation e-mail was sent"
	default:
		return "released from Suspected spam"
	}
}
