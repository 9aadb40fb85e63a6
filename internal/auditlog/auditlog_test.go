package auditlog

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/domain"
)

// describeCases cover every action the code writes to the audit log, as
// the writers write them (subject and detail).
var describeCases = []struct {
	name    string
	e       domain.AuditEntry
	actor   string
	subject Subject
	want    string
}{
	{"sign-in", domain.AuditEntry{Action: domain.AuditSignIn, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1", Name: "Priya"}, "Priya signed in"},
	{"sign-in after set-up", domain.AuditEntry{Action: domain.AuditSignIn, ActorID: "u1", Subject: "u1", Detail: "after set-up"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya signed in after setting up their account"},
	{"sign-in failed", domain.AuditEntry{Action: domain.AuditSignInFailed, ActorID: "u1", Subject: "u1", Detail: "wrong password"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya failed to sign in: wrong password"},
	{"sign-in failed unknown", domain.AuditEntry{Action: domain.AuditSignInFailed, Detail: "unknown account or no password set"}, "Someone using x@example.com", Subject{}, "Someone using x@example.com failed to sign in: no account with a password has this address"},
	{"sign-out", domain.AuditEntry{Action: domain.AuditSignOut, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya signed out"},
	{"sign-out everywhere", domain.AuditEntry{Action: domain.AuditSignOutAll, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya signed out on every device"},
	{"password changed", domain.AuditEntry{Action: domain.AuditPasswordChanged, ActorID: "u1", Subject: "u1", Detail: "other sessions ended"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya changed their password and was signed out on their other devices"},
	{"recovery codes renewed", domain.AuditEntry{Action: domain.AuditRecoveryRenewed, ActorID: "u1", Subject: "u1", Detail: "10 new codes; the old ones stopped working"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya made new recovery codes (10 codes; the old ones stopped working)"},
	{"profile changed", domain.AuditEntry{Action: domain.AuditProfileChanged, ActorID: "u1", Subject: "u1", Detail: "display name, bio"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya changed their author profile (display name, bio)"},
	{"profile changed by an admin", domain.AuditEntry{Action: domain.AuditProfileChanged, ActorID: "a1", Subject: "u1", Detail: "photo removed"}, "Asha", Subject{Kind: KindStaff, ID: "u1", Name: "Priya"}, "Asha changed the author profile of Priya (photo removed)"},
	{"authenticator replaced", domain.AuditEntry{Action: domain.AuditTOTPReplaced, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya moved two-step sign-in to another authenticator"},
	{"session ended", domain.AuditEntry{Action: domain.AuditSessionEnded, ActorID: "u1", Subject: "u1", Detail: "Firefox on Android, signed in 2026-11-20T10:00:00Z"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya ended one of their sessions (Firefox on Android)"},
	{"other sessions ended", domain.AuditEntry{Action: domain.AuditSignOutOthers, ActorID: "u1", Subject: "u1", Detail: "1 ended"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya ended 1 other session of theirs"},
	{"message assigned", domain.AuditEntry{Action: domain.AuditContactAssigned, ActorID: "u1", Subject: "m1", Detail: "assigned to ed@site.test"}, "Priya", Subject{Kind: KindMessage, ID: "m1", Name: "Quote for a clinic"}, "Priya gave the contact message Quote for a clinic to ed@site.test"},
	{"message unassigned", domain.AuditEntry{Action: domain.AuditContactAssigned, ActorID: "u1", Subject: "m1", Detail: "unassigned"}, "Priya", Subject{Kind: KindMessage, ID: "m1", Name: "Quote"}, "Priya took the contact message Quote off everyone's list"},
	{"message note", domain.AuditEntry{Action: domain.AuditContactNote, ActorID: "u1", Subject: "m1", Detail: "note added"}, "Priya", Subject{Kind: KindMessage, ID: "m1", Name: "Quote"}, "Priya added a note to the contact message Quote"},
	{"message replied", domain.AuditEntry{Action: domain.AuditContactReplied, ActorID: "u1", Subject: "m1", Detail: "reply queued as e-mail o1"}, "Priya", Subject{Kind: KindMessage, ID: "m1", Name: "Quote"}, "Priya replied by e-mail to the contact message Quote"},
	{"message updated", domain.AuditEntry{Action: domain.AuditContactUpdated, ActorID: "u1", Subject: "m1", Detail: "taken out of spam; marked read"}, "Priya", Subject{Kind: KindMessage, ID: "m1", Name: "Quote"}, "Priya changed the contact message Quote: taken out of spam, marked read"},
	{"job restored", domain.AuditEntry{Action: domain.AuditJobRestored, ActorID: "u1", Subject: "job j1", Detail: "version 3"}, "Priya", Subject{Kind: KindJob, ID: "j1", Name: "Cloud Engineer"}, "Priya restored an earlier version of the job Cloud Engineer (version 3)"},
	{"post restored", domain.AuditEntry{Action: domain.AuditPostRestored, ActorID: "u1", Subject: "post p1", Detail: "version 12"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "Moving to the cloud"}, "Priya restored an earlier version of the post Moving to the cloud (version 12)"},
	{"job duplicated", domain.AuditEntry{Action: domain.AuditJobDuplicated, ActorID: "u1", Subject: "job j1", Detail: "copy: job j2"}, "Priya", Subject{Kind: KindJob, ID: "j1", Name: "Cloud Engineer"}, "Priya duplicated the job Cloud Engineer as a new draft"},
	{"post scheduled", domain.AuditEntry{Action: domain.AuditPostScheduled, ActorID: "u1", Subject: "post p1", Detail: "3 December 2026, 09:00 IST"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "Moving to the cloud"}, "Priya scheduled the post Moving to the cloud for 3 December 2026, 09:00 IST"},
	{"post unscheduled", domain.AuditEntry{Action: domain.AuditPostUnscheduled, ActorID: "u1", Subject: "post p1"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "Moving to the cloud"}, "Priya unscheduled the post Moving to the cloud; it stays a draft"},
	{"post published by the scheduler", domain.AuditEntry{Action: domain.AuditPostPublished, ActorEmail: domain.ActorScheduler, Subject: "post p1", Detail: "Published by the scheduler, as Priya (p@site.test) scheduled it for 3 December 2026, 09:00 IST."}, "The scheduler", Subject{Kind: KindPost, ID: "p1", Name: "Moving to the cloud"}, "The scheduler published the post Moving to the cloud at its scheduled time (as Priya (p@site.test) scheduled it for 3 December 2026, 09:00 IST)"},
	{"site imported", domain.AuditEntry{Action: domain.AuditSiteImported, Subject: "import", Detail: "10 created, 0 unchanged, 6 skipped"}, "The command line", Subject{}, "The command line imported the original site's records (10 created, 0 unchanged, 6 skipped)"},
	{"password set", domain.AuditEntry{Action: domain.AuditPasswordSet, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya set their password"},
	{"totp", domain.AuditEntry{Action: domain.AuditTOTPEnabled, ActorID: "u1", Subject: "u1"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya turned on two-step sign-in"},
	{"recovery 1 left", domain.AuditEntry{Action: domain.AuditRecoveryUsed, ActorID: "u1", Subject: "u1", Detail: "1 left"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya signed in with a recovery code (1 code left)"},
	{"recovery 0 left", domain.AuditEntry{Action: domain.AuditRecoveryUsed, ActorID: "u1", Subject: "u1", Detail: "0 left"}, "Priya", Subject{Kind: KindStaff, ID: "u1"}, "Priya signed in with a recovery code (0 codes left)"},
	{"staff added", domain.AuditEntry{Action: domain.AuditStaffAdded, ActorID: "u1", Subject: "u2", Detail: "recruiter"}, "Priya", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar", Link: "/admin/staff"}, "Priya added Ravi Kumar as recruiter"},
	{"staff added by the command line", domain.AuditEntry{Action: domain.AuditStaffAdded, Subject: "u2", Detail: "admin, from the command line"}, "The command line", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar"}, "The command line added Ravi Kumar as admin"},
	{"staff reset", domain.AuditEntry{Action: domain.AuditStaffReset, ActorID: "u1", Subject: "u2"}, "Priya", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar"}, "Priya reset the password and two-step sign-in of Ravi Kumar"},
	{"staff disabled", domain.AuditEntry{Action: domain.AuditStaffDisabled, ActorID: "u1", Subject: "u2"}, "Priya", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar"}, "Priya disabled the account of Ravi Kumar and signed them out everywhere"},
	{"staff enabled", domain.AuditEntry{Action: domain.AuditStaffEnabled, ActorID: "u1", Subject: "u2"}, "Priya", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar"}, "Priya enabled the account of Ravi Kumar"},
	{"role changed", domain.AuditEntry{Action: domain.AuditRoleChanged, ActorID: "u1", Subject: "u2", Detail: "editor → recruiter"}, "Priya", Subject{Kind: KindStaff, ID: "u2", Name: "Ravi Kumar"}, "Priya changed the role of Ravi Kumar from editor to recruiter"},
	{"id revealed", domain.AuditEntry{Action: domain.AuditIDRevealed, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "type: "}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya revealed the national ID number of application APP-AB12CD34"},
	{"id revealed with type", domain.AuditEntry{Action: domain.AuditIDRevealed, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "type: PAN"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya revealed the national ID number (PAN) of application APP-AB12CD34"},
	{"document", domain.AuditEntry{Action: domain.AuditDocDownloaded, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "resume"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya downloaded the résumé of application APP-AB12CD34"},
	{"application opened", domain.AuditEntry{Action: domain.AuditAppOpened, ActorID: "u1", Subject: "APP-AB12CD34"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya opened application APP-AB12CD34"},
	{"applications exported", domain.AuditEntry{Action: domain.AuditExport, ActorID: "u1", Subject: "applications", Detail: "1 rows; status new"}, "Priya", Subject{}, "Priya exported 1 application to CSV (status new)"},
	{"applications exported, many", domain.AuditEntry{Action: domain.AuditExport, ActorID: "u1", Subject: "applications", Detail: "12 rows"}, "Priya", Subject{}, "Priya exported 12 applications to CSV"},
	{"erased", domain.AuditEntry{Action: domain.AuditErase, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "application, its notes and 1 documents"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya erased application APP-AB12CD34 with its notes and 1 document"},
	{"erased by the applicant", domain.AuditEntry{Action: domain.AuditErase, ActorEmail: ActorApplicant, Subject: "APP-AB12CD34", Detail: "erased by the applicant from the status page: application, its notes and 2 documents"}, "The applicant", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "The applicant erased their application APP-AB12CD34 with its notes and 2 documents from the status page"},
	{"status changed", domain.AuditEntry{Action: domain.AuditStatusChanged, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "new → interview; e-mail sent"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya moved application APP-AB12CD34 from New to Interview and e-mailed the candidate"},
	{"status changed quietly", domain.AuditEntry{Action: domain.AuditStatusChanged, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "screening → rejected"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya moved application APP-AB12CD34 from Screening to Rejected"},
	{"marked spam", domain.AuditEntry{Action: domain.AuditMarkedSpam, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "moved to Suspected spam"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya marked application APP-AB12CD34 as spam"},
	{"confirmed spam", domain.AuditEntry{Action: domain.AuditMarkedSpam, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "confirmed as spam"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya confirmed application APP-AB12CD34 as spam"},
	{"not spam", domain.AuditEntry{Action: domain.AuditMarkedNotSpam, ActorID: "u1", Subject: "APP-AB12CD34", Detail: "released from Suspected spam"}, "Priya", Subject{Kind: KindApplication, ID: "APP-AB12CD34"}, "Priya released application APP-AB12CD34 from suspected spam"},
	{"job published", domain.AuditEntry{Action: domain.AuditJobPublished, ActorID: "u1", Subject: "job j1"}, "Priya", Subject{Kind: KindJob, ID: "j1", Name: "“Go Engineer”", Link: "/admin/jobs/j1"}, "Priya published the job “Go Engineer”"},
	{"job closed", domain.AuditEntry{Action: domain.AuditJobClosed, ActorID: "u1", Subject: "job j1"}, "Priya", Subject{Kind: KindJob, ID: "j1", Name: "“Go Engineer”"}, "Priya closed the job “Go Engineer”"},
	{"job deleted", domain.AuditEntry{Action: domain.AuditJobDeleted, ActorID: "u1", Subject: "job j1", Detail: "draft"}, "Priya", Subject{Kind: KindJob, ID: "j1", Name: "“Go Engineer”"}, "Priya deleted the job “Go Engineer” (it was draft)"},
	{"location added", domain.AuditEntry{Action: domain.AuditJobListChanged, ActorID: "u1", Subject: "location l1", Detail: "added Pune"}, "Priya", Subject{Kind: KindLocation, ID: "l1", Name: "“Pune”"}, "Priya added the location “Pune”"},
	{"location renamed", domain.AuditEntry{Action: domain.AuditJobListChanged, ActorID: "u1", Subject: "location l1", Detail: "renamed Pune, 1 aliases"}, "Priya", Subject{Kind: KindLocation, ID: "l1", Name: "“Pune”"}, "Priya renamed the location “Pune” (1 alias)"},
	{"department deleted", domain.AuditEntry{Action: domain.AuditJobListChanged, ActorID: "u1", Subject: "department d1", Detail: "deleted"}, "Priya", Subject{Kind: KindDepartment, ID: "d1", Name: "“Sales”"}, "Priya deleted the department “Sales”"},
	{"post published", domain.AuditEntry{Action: domain.AuditPostPublished, ActorID: "u1", Subject: "post p1"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "“Hello”"}, "Priya published the post “Hello”"},
	{"post unpublished", domain.AuditEntry{Action: domain.AuditPostUnpublish, ActorID: "u1", Subject: "post p1"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "“Hello”"}, "Priya unpublished the post “Hello”"},
	{"post deleted", domain.AuditEntry{Action: domain.AuditPostDeleted, ActorID: "u1", Subject: "post p1", Detail: "published"}, "Priya", Subject{Kind: KindPost, ID: "p1", Name: "“Hello”"}, "Priya deleted the post “Hello” (it was published)"},
	{"comments approved, 1", domain.AuditEntry{Action: domain.AuditCommentsMod, ActorID: "u1", Subject: "c1", Detail: "approve: 1 comments"}, "Priya", Subject{Kind: KindComments, ID: "c1", Name: "Asha on “Hello”"}, "Priya approved 1 comment: Asha on “Hello”"},
	{"comments spam, 3", domain.AuditEntry{Action: domain.AuditCommentsMod, ActorID: "u1", Subject: "c1,c2,c3", Detail: "spam: 3 comments"}, "Priya", Subject{Kind: KindComments, ID: "c1,c2,c3"}, "Priya marked 3 comments as spam"},
	{"comments held", domain.AuditEntry{Action: domain.AuditCommentsMod, ActorID: "u1", Subject: "c1,c2", Detail: "hold: 2 comments"}, "Priya", Subject{Kind: KindComments}, "Priya held for review 2 comments"},
	{"comments deleted", domain.AuditEntry{Action: domain.AuditCommentsMod, ActorID: "u1", Subject: "c1", Detail: "delete: 1 comments"}, "Priya", Subject{Kind: KindComments}, "Priya deleted 1 comment"},
	{"mail retried", domain.AuditEntry{Action: domain.AuditMailRetried, ActorID: "u1", Subject: "m1"}, "Priya", Subject{Kind: KindMail, ID: "m1", Name: "“Your application”"}, "Priya sent the e-mail “Your application” again"},
	{"mail opened", domain.AuditEntry{Action: domain.AuditMailOpened, ActorID: "u1", Subject: "m1"}, "Priya", Subject{Kind: KindMail, ID: "m1", Name: "“Your application”"}, "Priya opened the e-mail “Your application”"},
	{"contact deleted", domain.AuditEntry{Action: domain.AuditContactDeleted, ActorID: "u1", Subject: "c9"}, "Priya", Subject{Kind: KindMessage, ID: "c9"}, "Priya deleted the contact message c9"},
	{"template", domain.AuditEntry{Action: domain.AuditTemplateSaved, ActorID: "u1", Subject: "interview"}, "Priya", Subject{Kind: KindTemplate, ID: "interview", Name: "“Interview”"}, "Priya edited the candidate e-mail “Interview”"},
	{"alerts exported", domain.AuditEntry{Action: domain.AuditAlertsExport, ActorID: "u1", Subject: "job alerts", Detail: "1 addresses"}, "Priya", Subject{}, "Priya exported 1 job alert address to CSV"},
	{"audit exported", domain.AuditEntry{Action: domain.AuditLogExport, ActorID: "u1", Subject: "audit log", Detail: "40 entries; action sign-in"}, "Priya", Subject{}, "Priya exported 40 audit log entries to CSV (action sign-in)"},
}

func TestDescribe(t *testing.T) {
	for _, c := range describeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := Text(Describe(c.e, c.actor, c.subject)); got != c.want {
				t.Errorf("Describe = %q\n want %q", got, c.want)
			}
		})
	}
}

// TestEveryActionDescribed fails when an action is declared in package
// domain without a sentence of its own here.
func TestEveryActionDescribed(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "../domain/staff.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	covered := map[domain.AuditAction]bool{}
	for _, c := range describeCases {
		covered[c.e.Action] = true
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		vs, ok := node.(*ast.ValueSpec)
		if !ok || vs.Type == nil || len(vs.Values) != 1 {
			return true
		}
		if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "AuditAction" {
			return true
		}
		lit, ok := vs.Values[0].(*ast.BasicLit)
		if !ok {
			return true
		}
		n++
		a := domain.AuditAction(strings.Trim(lit.Value, `"`))
		if !covered[a] {
			t.Errorf("action %s (%s) has no case in describeCases", vs.Names[0].Name, a)
		}
		if got := Text(Describe(domain.AuditEntry{Action: a}, "X", Subject{})); strings.Contains(got, "did “") {
			t.Errorf("action %s falls back to the generic sentence %q", a, got)
		}
		return true
	})
	if n < 30 {
		t.Fatalf("found %d actions in domain/staff.go; the parse is wrong", n)
	}
}

func TestActor(t *testing.T) {
	for _, c := range []struct {
		e    domain.AuditEntry
		name string
		want string
	}{
		{domain.AuditEntry{ActorID: "u1", ActorEmail: "p@example.com"}, "Priya Shah", "Priya Shah"},
		{domain.AuditEntry{ActorID: "u1", ActorEmail: "p@example.com"}, "", "p@example.com"},
		{domain.AuditEntry{}, "", "The command line"},
		{domain.AuditEntry{ActorEmail: ActorApplicant}, "", "The applicant"},
		{domain.AuditEntry{ActorEmail: domain.ActorScheduler}, "", "The scheduler"},
		{domain.AuditEntry{ActorEmail: "who@example.com"}, "", "Someone using who@example.com"},
	} {
		if got := Actor(c.e, c.name); got != c.want {
			t.Errorf("Actor(%+v, %q) = %q, want %q", c.e, c.name, got, c.want)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Plural(0, "comment"), "0 comments"},
		{Plural(1, "comment"), "1 comment"},
		{Plural(2, "comment"), "2 comments"},
		{Plural(2, "entry", "entries"), "2 entries"},
		{Plural(1, "entry", "entries"), "1 entry"},
	} {
		if c.got != c.want {
			t.Errorf("Plural = %q, want %q", c.got, c.want)
		}
	}
}

// fakeLookup holds what exists now.
type fakeLookup struct {
	staff map[string]domain.StaffUser
	jobs  map[string]domain.Job
	apps  map[string]domain.Application
	calls int
}

func (f *fakeLookup) GetStaffUser(_ context.Context, id string) (domain.StaffUser, error) {
	f.calls++
	if u, ok := f.staff[id]; ok {
		return u, nil
	}
	return domain.StaffUser{}, domain.NotFound("staff user")
}

func (f *fakeLookup) GetJob(_ context.Context, id string) (domain.Job, error) {
	f.calls++
	if j, ok := f.jobs[id]; ok {
		return j, nil
	}
	return domain.Job{}, domain.NotFound("job")
}

func (f *fakeLookup) GetBlogPost(context.Context, string) (domain.BlogPost, error) {
	return domain.BlogPost{}, domain.NotFound("blog post")
}

func (f *fakeLookup) GetApplicationByReference(_ context.Context, ref string) (domain.Application, error) {
	if a, ok := f.apps[ref]; ok {
		return a, nil
	}
	return domain.Application{}, domain.NotFound("application")
}

func (f *fakeLookup) GetOutbox(context.Context, string) (domain.OutboxMessage, error) {
	return domain.OutboxMessage{}, errors.New("store down")
}

func (f *fakeLookup) GetContactMessage(context.Context, string) (domain.ContactMessage, error) {
	return domain.ContactMessage{}, domain.NotFound("contact message")
}

func (f *fakeLookup) ListJobLocations(context.Context) ([]domain.JobLocation, error) {
	return []domain.JobLocation{{ID: "l1", Name: "Pune"}}, nil
}

func (f *fakeLookup) ListJobDepartments(context.Context) ([]domain.JobDepartment, error) {
	return nil, nil
}

func TestResolve(t *testing.T) {
	l := &fakeLookup{
		staff: map[string]domain.StaffUser{"u1": {ID: "u1", Name: "Priya", Email: "p@example.com"}, "u2": {ID: "u2", Email: "ravi@example.com"}},
		jobs:  map[string]domain.Job{"j1": {ID: "j1", JobTitle: "Go Engineer (renamed)"}},
		apps:  map[string]domain.Application{"APP-AB12CD34": {ID: "a1", Reference: "APP-AB12CD34"}},
	}
	entries := []domain.AuditEntry{
		// Labelled at write: the label wins, the link follows the record.
		{ActorID: "u1", Action: domain.AuditJobPublished, Subject: "job j1", SubjectLabel: "Go Engineer"},
		// Deleted, labelled: named as it was, unlinked.
		{ActorID: "u1", Action: domain.AuditJobDeleted, Subject: "job j2", SubjectLabel: "Old Job", Detail: "closed"},
		// Old row, no label, record exists: named by a lookup.
		{ActorID: "u1", Action: domain.AuditJobClosed, Subject: "job j1"},
		// Old row, no label, record gone: its ID.
		{ActorID: "u1", Action: domain.AuditJobClosed, Subject: "job gone1"},
		{ActorID: "u1", Action: domain.AuditIDRevealed, Subject: "APP-AB12CD34", Detail: "type: "},
		{ActorID: "u1", Action: domain.AuditRoleChanged, Subject: "u2", Detail: "editor → admin"},
		{ActorID: "u1", Action: domain.AuditJobListChanged, Subject: "location l1", Detail: "renamed Pune, 0 aliases"},
		{ActorID: "u1", Action: domain.AuditJobListChanged, Subject: "location l2", Detail: "deleted"},
		{ActorID: "u1", Action: domain.AuditTemplateSaved, Subject: "offer"},
		{ActorID: "u1", Action: domain.AuditCommentsMod, Subject: "c1", SubjectLabel: "Asha on “Hello”", Detail: "approve: 1 comments"},
	}
	rows, err := Resolve(context.Background(), l, entries)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ text, link string }{
		{"Priya published the job “Go Engineer”", "/admin/jobs/j1"},
		{"Priya deleted the job “Old Job” (it was closed)", ""},
		{"Priya closed the job “Go Engineer (renamed)”", "/admin/jobs/j1"},
		{"Priya closed the job gone1", ""},
		{"Priya revealed the national ID number of application APP-AB12CD34", "/admin/applications/a1"},
		{"Priya changed the role of ravi@example.com from editor to admin", "/admin/staff"},
		{"Priya renamed the location “Pune” (0 aliases)", "/admin/job-lists"},
		{"Priya deleted the location l2", ""},
		{"Priya edited the candidate e-mail “Offer”", "/admin/candidate-emails"},
		{"Priya approved 1 comment: Asha on “Hello”", "/admin/comments"},
	}
	for i, r := range rows {
		var links []string
		for _, p := range r.Sentence {
			if p.Link != "" {
				links = append(links, p.Link)
			}
		}
		wantLinks := []string(nil)
		if want[i].link != "" {
			wantLinks = []string{want[i].link}
		}
		if got := Text(r.Sentence); got != want[i].text || !slices.Equal(links, wantLinks) {
			t.Errorf("row %d = %q linked %v\n want %q linked %v", i, got, links, want[i].text, wantLinks)
		}
	}
	// Each record is looked up once: u1 (actor of every row), u2, j1, j2, gone1.
	if l.calls != 5 {
		t.Errorf("lookups = %d, want 5 (one per record)", l.calls)
	}
	// A store that fails is an error, not an unnamed subject.
	if _, err := Resolve(context.Background(), l, []domain.AuditEntry{{Action: domain.AuditMailOpened, Subject: "m1"}}); err == nil {
		t.Error("Resolve with a failing lookup: no error")
	}
}
