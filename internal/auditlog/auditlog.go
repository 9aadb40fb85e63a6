// Package auditlog puts the audit log's entries in words: each row is a
// sentence that names who acted and what the action was about (a job's
// title, a post's title, an application's reference, a member of staff's
// name), with the subject linked to its console screen while it exists.
//
// A subject is named by the label stored with the entry when it was
// written (domain.AuditEntry.SubjectLabel), so a deleted or renamed record
// reads as it was; entries written before labels were kept are named by
// looking the subject up now (Resolve), and by their ID when it is gone.
// The package knows nothing of HTTP.
package auditlog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"corpsite/internal/domain"
)

// Kind is what an entry's subject is.
type Kind string

// Kinds of subject.
const (
	KindNone        Kind = ""
	KindStaff       Kind = "staff"
	KindApplication Kind = "application"
	KindJob         Kind = "job"
	KindPost        Kind = "post"
	KindLocation    Kind = "location"
	KindDepartment  Kind = "department"
	KindComments    Kind = "comments"
	KindMail        Kind = "mail"
	KindMessage     Kind = "message"
	KindTemplate    Kind = "template"
)

// Subject is what an entry is about, as the sentence names it.
type Subject struct {
	Kind Kind
	// ID is the record's ID (an application's reference; a template's
	// stage), "" when the entry has none.
	ID string
	// Name is what to call it: a title, a name, a reference.
	Name string
	// Link is the console path of its screen, "" when it no longer exists
	// (or has no screen).
	Link string
}

// Part is a piece of a sentence; Link, when set, is the console path the
// piece links to.
type Part struct {
	Text string `json:"text"`
	Link string `json:"link,omitempty"`
}

// Text joins parts into plain text.
func Text(parts []Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// ActorApplicant is the actor named by careers for an applicant erasing
// their own application (careers.AuditActorApplicant).
const ActorApplicant = "applicant (status page)"

// SubjectOf parses what e is about: its kind and ID, from the action and
// the subject as the code writes them ("job ID", "post ID", "location
// ID", a reference, an account's ID, comma-joined comment IDs).
func SubjectOf(e domain.AuditEntry) (Kind, string) {
	sub := strings.TrimSpace(e.Subject)
	prefixed := func(prefix string) string {
		if rest, ok := strings.CutPrefix(sub, prefix+" "); ok {
			return rest
		}
		return sub
	}
	switch e.Action {
	case domain.AuditSignIn, domain.AuditSignInFailed, domain.AuditSignOut, domain.AuditSignOutAll,
		domain.AuditPasswordSet, domain.AuditTOTPEnabled, domain.AuditRecoveryUsed,
		domain.AuditStaffAdded, domain.AuditStaffReset, domain.AuditStaffDisabled, domain.AuditStaffEnabled,
		domain.AuditRoleChanged, domain.AuditPasswordChanged, domain.AuditRecoveryRenewed, domain.AuditTOTPReplaced,
		domain.AuditProfileChanged, domain.AuditSessionEnded, domain.AuditSignOutOthers:
		if sub == "" {
			return KindNone, ""
		}
		return KindStaff, sub
	case domain.AuditIDRevealed, domain.AuditDocDownloaded, domain.AuditErase, domain.AuditStatusChanged,
		domain.AuditMarkedSpam, domain.AuditMarkedNotSpam, domain.AuditAppOpened:
		return KindApplication, sub
	case domain.AuditJobPublished, domain.AuditJobClosed, domain.AuditJobDeleted, domain.AuditJobRestored, domain.AuditJobDuplicated:
		return KindJob, prefixed("job")
	case domain.AuditPostPublished, domain.AuditPostUnpublish, domain.AuditPostDeleted, domain.AuditPostRestored,
		domain.AuditPostScheduled, domain.AuditPostUnscheduled:
		return KindPost, prefixed("post")
	case domain.AuditJobListChanged:
		if id, ok := strings.CutPrefix(sub, "department "); ok {
			return KindDepartment, id
		}
		return KindLocation, prefixed("location")
	case domain.AuditCommentsMod:
		return KindComments, sub
	case domain.AuditMailRetried, domain.AuditMailOpened:
		return KindMail, sub
	case domain.AuditContactDeleted, domain.AuditContactAssigned, domain.AuditContactNote, domain.AuditContactReplied,
		domain.AuditContactUpdated:
		return KindMessage, sub
	case domain.AuditTemplateSaved:
		return KindTemplate, sub
	}
	return KindNone, ""
}

// Actor is who acted, in words: a member of staff's name (name, "" when
// unknown, falls back to the e-mail), "The command line" for an entry
// with no actor, "The applicant" for one erasing their application, and
// "Someone using X" for a failed sign-in with an unknown address.
func Actor(e domain.AuditEntry, name string) string {
	switch {
	case strings.TrimSpace(name) != "":
		return strings.TrimSpace(name)
	case e.ActorEmail == ActorApplicant:
		return "The applicant"
	case e.ActorID == "" && e.ActorEmail == domain.ActorScheduler:
		return "The scheduler"
	case e.ActorID == "" && e.ActorEmail == "":
		return "The command line"
	case e.ActorID == "":
		return "Someone using " + e.ActorEmail
	}
	return e.ActorEmail
}

// Plural is "1 comment", "2 comments": n and the noun, made plural with
// an s (or plural, when given) unless n is 1.
func Plural(n int, noun string, plural ...string) string {
	if n == 1 {
		return "1 " + noun
	}
	if len(plural) > 0 {
		return strconv.Itoa(n) + " " + plural[0]
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// firstNumber finds a count in an entry's detail.
var firstNumber = regexp.MustCompile(`\d+`)

// countIn is the first whole number of s, and whether there is one.
func countIn(s string) (int, bool) {
	m := firstNumber.FindString(s)
	if m == "" {
		return 0, false
	}
	n, err := strconv.Atoi(m)
	return n, err == nil
}

// words is a status or role as the console shows it: "not-spam" → "Not spam".
func words(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "-", " "), "_", " "))
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// docName is a document's ID (as the download audits it) in words.
func docName(id string) string {
	switch {
	case id == "resume":
		return "the résumé"
	case id == "national-id":
		return "the national ID document"
	case strings.HasPrefix(id, "cert-"):
		if n, ok := countIn(id); ok {
			return fmt.Sprintf("certification %d", n+1)
		}
	}
	if id == "" {
		return "a document"
	}
	return "the document " + id
}

// failReason is a failed sign-in's detail as the end of a sentence.
func failReason(d string) string {
	switch d {
	case "":
		return ""
	case "unknown account or no password set":
		return ": no account with a password has this address"
	case "account changed during sign-in":
		return ": the account changed while signing in"
	}
	return ": " + d
}

// Describe is e in a sentence: actor (see Actor) and what they did to
// subject. Its parts link the subject to subject.Link.
func Describe(e domain.AuditEntry, actor string, subject Subject) []Part {
	var parts []Part
	say := func(s string) { parts = append(parts, Part{Text: s}) }
	sub := func() {
		name := subject.Name
		if name == "" {
			name = subject.ID
		}
		if name == "" {
			name = "(unknown)"
		}
		parts = append(parts, Part{Text: name, Link: subject.Link})
	}
	app := func(before, after string) { say(actor + " " + before + "application "); sub(); say(after) }
	thing := func(verb, noun, after string) { say(actor + " " + verb + " the " + noun + " "); sub(); say(after) }
	d := strings.TrimSpace(e.Detail)
	self := subject.Kind == KindStaff && e.ActorID != "" && e.ActorID == subject.ID

	switch e.Action {
	case domain.AuditSignIn:
		if d == "after set-up" {
			say(actor + " signed in after setting up their account")
		} else {
			say(actor + " signed in")
		}
	case domain.AuditSignInFailed:
		say(actor + " failed to sign in" + failReason(d))
	case domain.AuditSignOut:
		say(actor + " signed out")
	case domain.AuditSignOutAll:
		say(actor + " signed out on every device")
	case domain.AuditPasswordSet:
		if self || subject.Kind == KindNone {
			say(actor + " set their password")
		} else {
			say(actor + " set the password of ")
			sub()
		}
	case domain.AuditTOTPEnabled:
		if self || subject.Kind == KindNone {
			say(actor + " turned on two-step sign-in")
		} else {
			say(actor + " turned on two-step sign-in for ")
			sub()
		}
	case domain.AuditRecoveryUsed:
		say(actor + " signed in with a recovery code")
		if n, ok := countIn(d); ok {
			say(" (" + Plural(n, "code") + " left)")
		}
	case domain.AuditPasswordChanged:
		say(actor + " changed their password")
		if strings.Contains(d, "other sessions ended") {
			say(" and was signed out on their other devices")
		}
	case domain.AuditRecoveryRenewed:
		say(actor + " made new recovery codes")
		if n, ok := countIn(d); ok {
			say(" (" + Plural(n, "code") + "; the old ones stopped working)")
		}
	case domain.AuditTOTPReplaced:
		say(actor + " moved two-step sign-in to another authenticator")
	case domain.AuditProfileChanged:
		if e.Subject != "" && e.Subject != e.ActorID {
			// An admin, on the staff screen.
			say(actor + " changed the author profile of ")
			sub()
		} else {
			say(actor + " changed their author profile")
		}
		if d != "" {
			say(" (" + d + ")")
		}
	case domain.AuditSessionEnded:
		say(actor + " ended one of their sessions")
		if device, _, ok := strings.Cut(d, ", signed in "); ok && device != "" {
			say(" (" + device + ")")
		}
	case domain.AuditSignOutOthers:
		n, ok := countIn(d)
		if ok {
			say(actor + " ended " + Plural(n, "other session") + " of theirs")
		} else {
			say(actor + " ended their other sessions")
		}
	case domain.AuditSiteImported:
		say(actor + " imported the original site's records")
		if d != "" {
			say(" (" + d + ")")
		}
	case domain.AuditStaffAdded:
		say(actor + " added ")
		sub()
		if role, _, _ := strings.Cut(d, ","); role != "" {
			say(" as " + strings.ToLower(words(role)))
		}
	case domain.AuditStaffReset:
		say(actor + " reset the password and two-step sign-in of ")
		sub()
	case domain.AuditStaffDisabled:
		say(actor + " disabled the account of ")
		sub()
		say(" and signed them out everywhere")
	case domain.AuditStaffEnabled:
		say(actor + " enabled the account of ")
		sub()
	case domain.AuditRoleChanged:
		say(actor + " changed the role of ")
		sub()
		if from, to, ok := strings.Cut(d, " → "); ok {
			say(" from " + strings.ToLower(words(from)) + " to " + strings.ToLower(words(to)))
		}
	case domain.AuditIDRevealed:
		t := strings.TrimSpace(strings.TrimPrefix(d, "type:"))
		if t != "" {
			app("revealed the national ID number ("+t+") of ", "")
		} else {
			app("revealed the national ID number of ", "")
		}
	case domain.AuditDocDownloaded:
		app("downloaded "+docName(d)+" of ", "")
	case domain.AuditAppOpened:
		app("opened ", "")
	case domain.AuditErase:
		after := ""
		if n, ok := countIn(d); ok {
			after = " with its notes and " + Plural(n, "document")
		}
		if e.ActorEmail == ActorApplicant {
			app("erased their ", after+" from the status page")
		} else {
			app("erased ", after)
		}
	case domain.AuditStatusChanged:
		status, mailed, _ := strings.Cut(d, "; ")
		from, to, ok := strings.Cut(status, " → ")
		if !ok {
			app("changed the status of ", "")
			break
		}
		after := " from " + words(from) + " to " + words(to)
		if mailed == "e-mail sent" {
			after += " and e-mailed the candidate"
		}
		app("moved ", after)
	case domain.AuditMarkedSpam:
		if strings.HasPrefix(d, "confirmed") {
			app("confirmed ", " as spam")
		} else {
			app("marked ", " as spam")
		}
	case domain.AuditMarkedNotSpam:
		if strings.Contains(d, "confirmation e-mail was sent") {
			app("released ", " from suspected spam and its confirmation e-mail was sent")
		} else {
			app("released ", " from suspected spam")
		}
	case domain.AuditExport:
		n, _ := countIn(d)
		say(actor + " exported " + Plural(n, "application") + " to CSV")
		if _, filters, ok := strings.Cut(d, "; "); ok {
			say(" (" + filters + ")")
		}
	case domain.AuditAlertsExport:
		n, _ := countIn(d)
		say(actor + " exported " + Plural(n, "job alert address", "job alert addresses") + " to CSV")
	case domain.AuditLogExport:
		n, _ := countIn(d)
		say(actor + " exported " + Plural(n, "audit log entry", "audit log entries") + " to CSV")
		if _, filters, ok := strings.Cut(d, "; "); ok {
			say(" (" + filters + ")")
		}
	case domain.AuditJobRestored:
		thing("restored an earlier version of", "job", versionIn(d))
	case domain.AuditPostRestored:
		thing("restored an earlier version of", "post", versionIn(d))
	case domain.AuditJobDuplicated:
		thing("duplicated", "job", " as a new draft")
	case domain.AuditJobPublished:
		thing("published", "job", "")
	case domain.AuditJobClosed:
		thing("closed", "job", "")
	case domain.AuditJobDeleted:
		thing("deleted", "job", wasStatus(d))
	case domain.AuditPostPublished:
		// The scheduler's entry names who scheduled it and for when.
		if as, ok := strings.CutPrefix(d, "Published by the scheduler, "); ok {
			thing("published", "post", " at its scheduled time ("+strings.TrimSuffix(as, ".")+")")
		} else {
			thing("published", "post", "")
		}
	case domain.AuditPostScheduled:
		thing("scheduled", "post", scheduledFor(d))
	case domain.AuditPostUnscheduled:
		thing("unscheduled", "post", "; it stays a draft")
	case domain.AuditPostUnpublish:
		thing("unpublished", "post", "")
	case domain.AuditPostDeleted:
		thing("deleted", "post", wasStatus(d))
	case domain.AuditJobListChanged:
		noun := "location"
		if subject.Kind == KindDepartment {
			noun = "department"
		}
		switch {
		case strings.HasPrefix(d, "added "):
			thing("added", noun, "")
		case strings.HasPrefix(d, "renamed "):
			extra := ""
			if _, aliases, ok := strings.Cut(d, ", "); ok {
				if n, ok := countIn(aliases); ok {
					extra = " (" + Plural(n, "alias", "aliases") + ")"
				}
			}
			say(actor + " renamed the " + noun + " ")
			sub()
			say(extra)
		case d == "deleted":
			thing("deleted", noun, "")
		default:
			thing("changed", noun, "")
		}
	case domain.AuditCommentsMod:
		verb, count, _ := strings.Cut(d, ": ")
		n, _ := countIn(count)
		done := map[string]string{"approve": "approved", "spam": "marked as spam", "hold": "held for review", "delete": "deleted"}[verb]
		if done == "" {
			done = "moderated"
		}
		if verb == "spam" {
			say(actor + " marked " + Plural(n, "comment") + " as spam")
		} else {
			say(actor + " " + done + " " + Plural(n, "comment"))
		}
		if subject.Name != "" {
			say(": ")
			parts = append(parts, Part{Text: subject.Name, Link: subject.Link})
		}
	case domain.AuditMailRetried:
		say(actor + " sent the e-mail ")
		sub()
		say(" again")
	case domain.AuditMailOpened:
		say(actor + " opened the e-mail ")
		sub()
	case domain.AuditContactDeleted:
		say(actor + " deleted the contact message ")
		sub()
	case domain.AuditContactAssigned:
		if who, ok := strings.CutPrefix(d, "assigned to "); ok {
			say(actor + " gave the contact message ")
			sub()
			say(" to " + who)
		} else {
			say(actor + " took the contact message ")
			sub()
			say(" off everyone's list")
		}
	case domain.AuditContactNote:
		say(actor + " added a note to the contact message ")
		sub()
	case domain.AuditContactReplied:
		say(actor + " replied by e-mail to the contact message ")
		sub()
	case domain.AuditContactUpdated:
		say(actor + " changed the contact message ")
		sub()
		if d != "" {
			say(": " + strings.ReplaceAll(d, "; ", ", "))
		}
	case domain.AuditTemplateSaved:
		say(actor + " edited the candidate e-mail ")
		sub()
	default:
		say(actor + " did “" + string(e.Action) + "”")
		if subject.Name != "" || subject.ID != "" {
			say(" to ")
			sub()
		}
		if d != "" {
			say(" (" + d + ")")
		}
	}
	return parts
}

// wasStatus is the end of a sentence naming the status a deleted record had.
func wasStatus(d string) string {
	if d == "" {
		return ""
	}
	return " (it was " + strings.ToLower(words(d)) + ")"
}

// TemplateName is a candidate e-mail's stage in words.
func TemplateName(stage string) string {
	switch domain.MailStage(stage) {
	case domain.MailReceived:
		return "“Application received”"
	case domain.MailInterview:
		return "“Interview”"
	case domain.MailRejection:
		return "“Rejection”"
	case domain.MailOffer:
		return "“Offer”"
	}
	return "“" + stage + "”"
}

// Quoted is a title in curly quotes.
func Quoted(s string) string { return "“" + s + "”" }

// versionIn is " (version N)" from a restore's detail ("version N"), or "".
func versionIn(d string) string {
	if n, ok := countIn(d); ok {
		return " (version " + strconv.Itoa(n) + ")"
	}
	return ""
}

// scheduledFor is " for <time>" from a scheduling's detail (the time in
// words), or "".
func scheduledFor(d string) string {
	if d == "" {
		return ""
	}
	return " for " + d
}
