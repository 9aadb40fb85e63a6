package jobalerts_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/jobalerts"
	"corpsite/internal/jobsearch"
	"corpsite/internal/sitecontent"
	"corpsite/internal/store/sqlite"
	"corpsite/internal/wire"
)

var start = time.Date(2026, time.November, 26, 9, 0, 0, 0, time.UTC)

// fixture is the use case over a real, migrated SQLite store and a fake clock.
type fixture struct {
	store *sqlite.Store
	path  string
	st    jobalerts.Store // what the service is given (a wrapper in some tests)
	svc   *jobalerts.Service
	now   time.Time
	seen  map[string]bool // outbox messages already returned by newMails
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	path := filepath.Join(t.TempDir(), "site.db")
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	f := &fixture{store: st, st: st, now: start, path: path}
	f.build()
	return f
}

// siteWords are the site's own words for a job search.
var siteWords = func() jobsearch.Words {
	c, err := sitecontent.Load()
	if err != nil {
		panic(err)
	}
	return jobsearch.WordsOf(c.Jobs)
}()

func (f *fixture) build() {
	f.svc = jobalerts.New(jobalerts.Config{Store: f.st, BaseURL: "https://site.test", SiteName: "Nimbus Grove",
		Words: siteWords, Now: func() time.Time { return f.now }})
}

func ms(d time.Duration) *int64 { n := d.Milliseconds(); return &n }

func request(email, filter, freq string) wire.JobAlertRequest {
	return wire.JobAlertRequest{Email: email, Filter: filter, Frequency: freq, ElapsedMs: ms(20 * time.Second)}
}

// newMails returns the outbox messages queued since the last call, oldest first.
func (f *fixture) newMails(t *testing.T) []domain.OutboxMessage {
	t.Helper()
	all, err := f.store.ListOutbox(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.seen == nil {
		f.seen = map[string]bool{}
	}
	var out []domain.OutboxMessage
	for i := len(all) - 1; i >= 0; i-- {
		if !f.seen[all[i].ID] {
			f.seen[all[i].ID] = true
			out = append(out, all[i])
		}
	}
	return out
}

var tokenRE = regexp.MustCompile(`/alerts\?token=([A-Za-z0-9_-]{43})`)

func token(t *testing.T, m domain.OutboxMessage) string {
	t.Helper()
	got := tokenRE.FindStringSubmatch(m.Body)
	if got == nil {
		t.Fatalf("no alert link in %q", m.Body)
	}
	return got[1]
}

func (f *fixture) subscribe(t *testing.T, email, filter, freq string) string {
	t.Helper()
	msg, err := f.svc.Subscribe(context.Background(), request(email, filter, freq), "client-"+email)
	if err != nil || msg != jobalerts.MsgAccepted {
		t.Fatalf("Subscribe = %q, %v", msg, err)
	}
	mails := f.newMails(t)
	if len(mails) != 1 || mails[0].Subject != "Confirm your job alert" {
		t.Fatalf("mails after a sign-up = %+v, want the confirmation alone", mails)
	}
	return token(t, mails[0])
}

// publish stores an open job that became public at f.now.
func (f *fixture) publish(t *testing.T, title, location, department string) domain.Job {
	t.Helper()
	j := domain.Job{JobTitle: title, Experience: "2-4", Location: location, Department: department,
		Description: "<p>Work on " + title + ".</p>", Status: domain.JobOpen, CreatedAt: f.now}
	if err := f.store.CreateJob(context.Background(), &j); err != nil {
		t.Fatal(err)
	}
	return j
}

func (f *fixture) run(t *testing.T) jobalerts.Run {
	t.Helper()
	r, err := f.svc.RunOnce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func header(m domain.OutboxMessage, name string) string {
	for _, h := range m.Headers {
		if h.Name == name {
			return h.Value
		}
	}
	return ""
}

func TestMatches(t *testing.T) {
	two, four := 2, 4
	j := wire.Job{JobTitle: "Go developer", Location: "Pune", LocationAliases: []string{"Poona"}, Department: "Engineering",
		Experience: "2-4", YearsMin: &two, YearsMax: &four, Workplace: "hybrid", Description: "<p>Build <b>cloud</b> services.</p>"}
	for filter, want := range map[string]bool{
		"":                                     true,
		"location=Pune":                        true,
		"location=Chennai":                     false,
		"location=Pune&department=Engineering": true,
		"q=cloud":                              true,
		"q=cloud%20rust":                       false,
		jobalerts.CanonicalFilter("?q=  GO  "): true,
		"department=Sales&location=Pune":       false,
		"location=poona":                       true, // an alias, any case
		"years=4&workplace=hybrid":             true,
		"years=5":                              false,
		"workplace=remote":                     false,
	} {
		if got := jobalerts.Matches(j, filter); got != want {
			t.Errorf("Matches(%q) = %v, want %v", filter, got, want)
		}
	}
	if got := jobalerts.CanonicalFilter("department=Engineering&location=Pune&src=x"); got != "location=Pune&department=Engineering" {
		t.Errorf("CanonicalFilter = %q", got)
	}
	svc := jobalerts.New(jobalerts.Config{Words: siteWords})
	if got := svc.Describe("workplace=remote&location=Pune&q=go&years=3"); got != "Keywords: go · Years of experience: 3 · Location: Pune · Workplace: Remote" {
		t.Errorf("Describe = %q", got)
	}
	if got := svc.Describe(""); got != "All open positions" {
		t.Errorf("Describe(no filter) = %q", got)
	}
}

func TestSubscribeValidates(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		req   wire.JobAlertRequest
		field string
		msg   string
	}{
		{request("", "", "daily"), "email", "Enter your e-mail address."},
		{request("not-an-address", "", "daily"), "email", "Enter an e-mail address like name@example.com."},
		{request("a@example.com", "", "hourly"), "frequency", "Choose how often to get the e-mail: daily or weekly."},
		{request("a@example.com", strings.Repeat("q=a&", 600), "daily"), "filter", "The search could not be read. Please reload the page and try again."},
	}
	for _, c := range cases {
		_, err := f.svc.Subscribe(context.Background(), c.req, "c")
		var de *domain.Error
		if !errors.As(err, &de) || de.Fields[c.field] != c.msg {
			t.Errorf("Subscribe(%+v) = %v, want %q on %s", c.req, err, c.msg, c.field)
		}
	}
	if m := f.newMails(t); len(m) != 0 {
		t.Errorf("refused sign-ups queued %d mails", len(m))
	}
}

// Double opt-in: nothing but the confirmation before the link is
// followed; the answer is the same for a new, pending or confirmed
// address; bots and floods get the same answer and send nothing.
func TestDoubleOptInAndNoEnumeration(t *testing.T) {
	f := newFixture(t)
	tok := f.subscribe(t, "asha@example.in", "location=Pune", "daily")
	f.publish(t, "Go developer", "Pune", "Engineering")
	f.now = f.now.Add(25 * time.Hour)
	if r := f.run(t); r.Digests != 0 || len(f.newMails(t)) != 0 {
		t.Fatalf("an unconfirmed alert got mail: %+v", r)
	}
	// Asking again while pending sends a new link; the old one still works.
	tok2 := f.subscribe(t, "ASHA@example.in", "location=Pune", "weekly")
	if tok2 == tok {
		t.Fatal("the same token was mailed twice")
	}
	v, err := f.svc.Confirm(context.Background(), tok)
	if err != nil || !v.Confirmed || v.Email != "a***@example.in" || v.Filter != "Location: Pune" {
		t.Fatalf("Confirm = %+v, %v", v, err)
	}
	// Confirmed: the same answer, no mail.
	msg, err := f.svc.Subscribe(context.Background(), request("asha@example.in", "location=Pune", "daily"), "x")
	if err != nil || msg != jobalerts.MsgAccepted || len(f.newMails(t)) != 0 {
		t.Fatalf("a confirmed address: %q, %v", msg, err)
	}
	// Honeypot and a form sent too fast: same answer, nothing.
	bot := request("bot@example.com", "", "daily")
	bot.Website = "http://spam.example"
	fast := request("fast@example.com", "", "daily")
	fast.ElapsedMs = ms(time.Second)
	for _, req := range []wire.JobAlertRequest{bot, fast} {
		if msg, err := f.svc.Subscribe(context.Background(), req, "y"); err != nil || msg != jobalerts.MsgAccepted {
			t.Fatalf("Subscribe = %q, %v", msg, err)
		}
	}
	if m := f.newMails(t); len(m) != 0 {
		t.Fatalf("bots got %d mails", len(m))
	}
}

func TestLimits(t *testing.T) {
	f := newFixture(t)
	// At most ConfirmationsPerDay confirmation mails a day to one address.
	for i := range jobalerts.ConfirmationsPerDay + 2 {
		_, err := f.svc.Subscribe(context.Background(), request("ravi@example.in", "q=role"+string(rune('a'+i)), "daily"), "c"+string(rune('a'+i)))
		if err != nil {
			t.Fatal(err)
		}
	}
	first := f.newMails(t)
	if len(first) != jobalerts.ConfirmationsPerDay {
		t.Fatalf("%d confirmation mails in a day, want %d", len(first), jobalerts.ConfirmationsPerDay)
	}
	for _, m := range first {
		if _, err := f.svc.Confirm(context.Background(), token(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	// At most MaxPerAddress alerts per address, over several days.
	for day := 1; day <= 6; day++ {
		f.now = start.Add(time.Duration(day) * 24 * time.Hour)
		for i := range jobalerts.ConfirmationsPerDay {
			// Confirm each so none is pruned.
			_, err := f.svc.Subscribe(context.Background(), request("ravi@example.in", "q=d"+string(rune('a'+day))+string(rune('a'+i)), "daily"), "c")
			if err != nil && !errors.As(err, new(*domain.Refused)) {
				t.Fatal(err)
			}
		}
		for _, m := range f.newMails(t) {
			if _, err := f.svc.Confirm(context.Background(), token(t, m)); err != nil {
				t.Fatal(err)
			}
		}
	}
	counts, err := f.store.CountJobAlerts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range counts {
		total += c.Daily + c.Weekly
	}
	if total != jobalerts.MaxPerAddress {
		t.Fatalf("the address holds %d confirmed alerts, want %d", total, jobalerts.MaxPerAddress)
	}
	// The client's limit.
	var refused *domain.Refused
	for i := range jobalerts.ClientLimit + 1 {
		_, err = f.svc.Subscribe(context.Background(), request("x"+string(rune('a'+i))+"@example.com", "", "daily"), "flood")
	}
	if !errors.As(err, &refused) || refused.Retry <= 0 {
		t.Fatalf("request past the client's limit = %v, want refused", err)
	}
}

// Digests come daily or weekly with the jobs published in their window
// that match, never with nothing new, each window once.
func TestDigestWindows(t *testing.T) {
	f := newFixture(t)
	daily := f.subscribe(t, "asha@example.in", "location=Pune", "daily")
	weekly := f.subscribe(t, "meera@example.in", "department=Engineering", "weekly")
	f.publish(t, "Published before confirming", "Pune", "Engineering")
	f.now = f.now.Add(time.Minute)
	for _, tok := range []string{daily, weekly} {
		if _, err := f.svc.Confirm(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
	}
	confirmed := f.now
	f.now = f.now.Add(time.Hour)
	f.publish(t, "Go developer", "Pune", "Engineering")
	f.publish(t, "Sales lead", "Chennai", "Sales")

	f.now = confirmed.Add(23 * time.Hour)
	if r := f.run(t); r.Checked != 0 || r.Digests != 0 {
		t.Fatalf("before a day: %+v", r)
	}
	f.now = confirmed.Add(24 * time.Hour)
	if r := f.run(t); r.Checked != 1 || r.Digests != 1 {
		t.Fatalf("after a day: %+v, want the daily alert's digest", r)
	}
	mails := f.newMails(t)
	if len(mails) != 1 || mails[0].To != "asha@example.in" {
		t.Fatalf("mails = %+v", mails)
	}
	d := mails[0]
	if !strings.Contains(d.Body, "Go developer") || strings.Contains(d.Body, "Sales lead") || strings.Contains(d.Body, "before confirming") {
		t.Errorf("digest lists the wrong jobs:\n%s", d.Body)
	}
	if !strings.Contains(d.HTMLBody, `<a href="https://site.test/job/`) {
		t.Errorf("HTML part without job links:\n%s", d.HTMLBody)
	}
	if h := header(d, "List-Unsubscribe"); !regexp.MustCompile(`^<https://site\.test/alerts/unsubscribe\?token=[A-Za-z0-9_-]{43}>$`).MatchString(h) {
		t.Errorf("List-Unsubscribe = %q", h)
	}
	if h := header(d, "List-Unsubscribe-Post"); h != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", h)
	}
	// The same moment again: nothing due.
	if r := f.run(t); r.Digests != 0 || len(f.newMails(t)) != 0 {
		t.Fatalf("a second run mailed again: %+v", r)
	}
	// A day with nothing new: the alert is looked at, no mail.
	f.now = confirmed.Add(48 * time.Hour)
	if r := f.run(t); r.Checked != 1 || r.Digests != 0 || len(f.newMails(t)) != 0 {
		t.Fatalf("nothing new: %+v", r)
	}
	// The weekly one: the Go developer job after seven days, once.
	f.now = confirmed.Add(7 * 24 * time.Hour)
	r := f.run(t)
	mails = f.newMails(t)
	if r.Digests != 1 || len(mails) != 1 || mails[0].To != "meera@example.in" || !strings.Contains(mails[0].Body, "Go developer") {
		t.Fatalf("weekly: %+v %+v", r, mails)
	}
	// Daily → weekly: nothing the next day.
	_ = token(t, mails[0])
	if _, err := f.svc.SetFrequency(context.Background(), daily, "weekly"); err != nil {
		t.Fatal(err)
	}
	f.now = f.now.Add(time.Hour)
	f.publish(t, "Rust developer", "Pune", "Engineering")
	f.now = f.now.Add(24 * time.Hour)
	if r := f.run(t); r.Digests != 0 {
		t.Fatalf("a weekly alert mailed after a day: %+v", r)
	}
}

// crashing wraps the store and fails RecordJobAlertDigests before (a
// run that died before writing) or after (one that died before hearing
// of its commit) the real call.
type crashing struct {
	jobalerts.Store
	before, after bool
}

var errCrash = errors.New("crash")

func (c *crashing) RecordJobAlertDigests(ctx context.Context, steps []domain.AlertDigest) (int, error) {
	if c.before {
		return 0, errCrash
	}
	n, err := c.Store.RecordJobAlertDigests(ctx, steps)
	if c.after {
		return n, errCrash
	}
	return n, err
}

func TestDigestSentOnceAcrossCrashes(t *testing.T) {
	f := newFixture(t)
	tok := f.subscribe(t, "asha@example.in", "", "daily")
	if _, err := f.svc.Confirm(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	f.now = f.now.Add(time.Hour)
	f.publish(t, "Go developer", "Pune", "Engineering")
	f.now = start.Add(25 * time.Hour)
	c := &crashing{Store: f.store, before: true}
	f.st = c
	f.build()
	if _, err := f.svc.RunOnce(context.Background()); !errors.Is(err, errCrash) {
		t.Fatalf("RunOnce = %v", err)
	}
	if m := f.newMails(t); len(m) != 0 {
		t.Fatalf("a run that died before writing queued %d mails", len(m))
	}
	c.before, c.after = false, true
	if _, err := f.svc.RunOnce(context.Background()); !errors.Is(err, errCrash) {
		t.Fatalf("RunOnce = %v", err)
	}
	c.after = false
	f.run(t)
	if m := f.newMails(t); len(m) != 1 {
		t.Fatalf("%d digests after a crash and a rerun, want 1", len(m))
	}
	// Two runs that read the same window: the second records nothing.
	step := domain.AlertDigest{AlertID: "nope", WindowFrom: start, WindowEnd: f.now, NextDigestAt: f.now}
	if n, err := f.store.RecordJobAlertDigests(context.Background(), []domain.AlertDigest{step}); err != nil || n != 0 {
		t.Fatalf("a stale step recorded: %d, %v", n, err)
	}
}

func TestTokensAndUnsubscribe(t *testing.T) {
	f := newFixture(t)
	a := f.subscribe(t, "asha@example.in", "", "daily")
	b := f.subscribe(t, "ravi@example.in", "", "daily")
	db, err := sql.Open("sqlite", f.path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM job_alert_tokens WHERE token_hash = ?`, jobalerts.HashToken(a)).Scan(&n); err != nil || n != 1 {
		t.Fatalf("hash of the token stored %d times, %v", n, err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM job_alert_tokens WHERE token_hash = ? OR alert_id = ?`, a, a).Scan(&n); err != nil || n != 0 {
		t.Fatalf("the token itself is stored (%d), %v", n, err)
	}
	for _, bad := range []string{"", "short", strings.Repeat("A", 43), a[:42] + "!"} {
		if err := f.svc.Unsubscribe(context.Background(), bad); !domain.IsNotFound(err) {
			t.Errorf("Unsubscribe(%q) = %v, want not found", bad, err)
		}
	}
	if err := f.svc.Unsubscribe(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.View(context.Background(), a); !domain.IsNotFound(err) {
		t.Fatalf("View after unsubscribing = %v", err)
	}
	if _, err := f.svc.View(context.Background(), b); err != nil {
		t.Fatalf("another alert's token stopped working: %v", err)
	}
	if err := f.svc.Unsubscribe(context.Background(), a); !domain.IsNotFound(err) {
		t.Fatalf("second unsubscribe = %v", err)
	}
}

func TestUnconfirmedDeletedAfter48Hours(t *testing.T) {
	f := newFixture(t)
	old := f.subscribe(t, "asha@example.in", "", "daily")
	f.now = start.Add(47 * time.Hour)
	recent := f.subscribe(t, "ravi@example.in", "", "daily")
	if r := f.run(t); r.Pruned != 0 {
		t.Fatalf("pruned %d before 48 hours", r.Pruned)
	}
	f.now = start.Add(48*time.Hour + time.Second)
	if _, err := f.svc.Confirm(context.Background(), old); !domain.IsNotFound(err) {
		t.Fatalf("Confirm after 48 hours = %v", err)
	}
	if r := f.run(t); r.Pruned != 1 {
		t.Fatalf("pruned %d, want the old sign-up", r.Pruned)
	}
	if _, err := f.svc.Confirm(context.Background(), recent); err != nil {
		t.Fatalf("the recent sign-up: %v", err)
	}
}

func TestExpiryReminderAndRenewal(t *testing.T) {
	f := newFixture(t)
	a := f.subscribe(t, "asha@example.in", "", "weekly")
	b := f.subscribe(t, "ravi@example.in", "", "weekly")
	for _, tok := range []string{a, b} {
		if _, err := f.svc.Confirm(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
	}
	ends := jobalerts.Lifetime(start)
	f.now = ends.Add(-15 * 24 * time.Hour)
	f.run(t)
	f.newMails(t)
	f.now = ends.Add(-13 * 24 * time.Hour)
	if r := f.run(t); r.Reminders != 2 {
		t.Fatalf("reminders = %d, want 2", r.Reminders)
	}
	var renewTok string
	for _, m := range f.newMails(t) {
		if !strings.HasPrefix(m.Subject, "Your job alert ends on") || !strings.Contains(m.Body, "&renew=1") {
			t.Fatalf("reminder = %q\n%s", m.Subject, m.Body)
		}
		if m.To == "asha@example.in" {
			renewTok = token(t, m)
		}
	}
	if r := f.run(t); r.Reminders != 0 {
		t.Fatalf("reminded again: %+v", r)
	}
	v, err := f.svc.Renew(context.Background(), renewTok)
	if err != nil || !v.ExpiresAt.Equal(jobalerts.Lifetime(f.now)) {
		t.Fatalf("Renew = %+v, %v", v, err)
	}
	f.now = ends
	if r := f.run(t); r.Pruned != 1 {
		t.Fatalf("pruned %d at the end, want the one not renewed", r.Pruned)
	}
	if _, err := f.svc.View(context.Background(), b); !domain.IsNotFound(err) {
		t.Fatalf("the ended alert: %v", err)
	}
	if _, err := f.svc.View(context.Background(), a); err != nil {
		t.Fatalf("the renewed alert: %v", err)
	}
}

// A run at another time than the outbox's (site alerts run-digest --at)
// queues its mail to be sent by the outbox's clock: at once.
func TestRunAtAnotherTimeQueuesMailNow(t *testing.T) {
	f := newFixture(t)
	tok := f.subscribe(t, "asha@example.in", "location=Pune", "daily")
	if _, err := f.svc.Confirm(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	f.now = f.now.Add(time.Hour)
	f.publish(t, "Go developer", "Pune", "Engineering")

	sent := start.Add(2 * time.Hour)
	svc := jobalerts.New(jobalerts.Config{Store: f.st, BaseURL: "https://site.test", SiteName: "Nimbus Grove",
		Words: siteWords, Now: func() time.Time { return start.Add(25 * time.Hour) }, MailNow: func() time.Time { return sent }})
	r, err := svc.RunOnce(context.Background())
	if err != nil || r.Digests != 1 {
		t.Fatalf("run a day later: %+v, %v", r, err)
	}
	mails := f.newMails(t)
	if len(mails) != 1 {
		t.Fatalf("mails: %+v", mails)
	}
	if m := mails[0]; !m.CreatedAt.Equal(sent) || !m.NextAttemptAt.Equal(sent) {
		t.Errorf("digest queued at %v, due %v; want both %v", m.CreatedAt, m.NextAttemptAt, sent)
	}
}
