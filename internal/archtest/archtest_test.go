package archtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the module path; rule patterns are relative to it.
const module = "corpsite"

// A rule constrains the packages matched by pkgs. Patterns are paths
// relative to the module, where "x/..." matches x and everything below it.
// Only production imports count: tests may build a real store (DESIGN.md:
// HTTP tests run against a real SQLite store).
type rule struct {
	// why is the sentence from the design the rule enforces.
	why  string
	pkgs []string
	// stdOnly: the packages depend on nothing but the standard library,
	// directly or indirectly.
	stdOnly bool
	// forbidden: module packages the packages must not depend on, directly
	// or indirectly.
	forbidden []string
	// importers: if not nil, the only module packages that may import the
	// packages directly.
	importers []string
	// forbiddenStd: standard library packages the packages must not depend
	// on, directly or indirectly (net/http for code that knows nothing of HTTP).
	forbiddenStd []string
}

var rules = []rule{
	{
		why:     "the domain depends on nothing but the standard library",
		pkgs:    []string{"internal/domain"},
		stdOnly: true,
	},
	{
		why:     "sealing national ID numbers is the standard library's AES-GCM, nothing else",
		pkgs:    []string{"internal/idcrypt"},
		stdOnly: true,
	},
	{
		why:       "handlers never import a concrete store or blob implementation",
		pkgs:      []string{"internal/server/...", "internal/console/..."},
		forbidden: []string{"internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/..."},
	},
	{
		why:       "the staff console's API asks the site for its pages through an interface (console.Site): it renders nothing itself and never reaches into the server; like every handler it knows no concrete store, blob storage, mail sender or wiring",
		pkgs:      []string{"internal/console/..."},
		forbidden: []string{"internal/render/...", "internal/server/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
	},
	{
		why:       "stores depend on the domain, not on the HTTP side or the wiring",
		pkgs:      []string{"internal/store/..."},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/app/...", "internal/cli/..."},
	},
	{
		why:       "blob storage depends on the domain only",
		pkgs:      []string{"internal/blob/..."},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/app/...", "internal/cli/..."},
	},
	{
		why:       "the renderer is used by the server and wired by app",
		pkgs:      []string{"internal/render"},
		importers: []string{"internal/server", "internal/app"},
	},
	{
		why:       "only wiring picks a concrete store",
		pkgs:      []string{"internal/store/sqlite", "internal/store/postgres"},
		importers: []string{"internal/app", "internal/cli", "cmd/..."},
	},
	{
		why:       "the shared SQL lives behind the two concrete stores",
		pkgs:      []string{"internal/store/sqlstore"},
		importers: []string{"internal/store/sqlite", "internal/store/postgres"},
	},
	{
		why:       "only wiring picks a blob implementation",
		pkgs:      []string{"internal/blob"},
		importers: []string{"internal/app", "internal/cli", "cmd/..."},
	},
	{
		why:       "mail is an adapter like the stores: it depends on the domain, not on the HTTP side, the stores or the wiring",
		pkgs:      []string{"internal/mail/..."},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/..."},
	},
	{
		why:       "only wiring starts the mail sender; handlers queue mail through the store's outbox",
		pkgs:      []string{"internal/mail"},
		importers: []string{"internal/app"},
	},
	{
		why:       "document checks read bytes and speak the domain's errors; they know nothing of HTTP, stores or wiring",
		pkgs:      []string{"internal/docfile/..."},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
	},
	{
		why:       "backups reach the databases themselves and the file store through the domain's interface only; they know nothing of HTTP, the stores' code or the wiring",
		pkgs:      []string{"internal/backup"},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/mail/..."},
		importers: []string{"internal/cli"},
	},
	{
		why:       "the lock on a site's data is taken by the wiring (serving, restoring); backups ask it only which schema a site is in",
		pkgs:      []string{"internal/sitelock"},
		importers: []string{"internal/app", "internal/cli", "internal/backup"},
	},
	{
		why:       "the bad-file corpus is for tests only (and the test application, made of its good files)",
		pkgs:      []string{"internal/docfile/docfiletest"},
		importers: []string{"internal/server/applytest"},
	},
	{
		why:       "the test application and the test databases are for tests only",
		pkgs:      []string{"internal/server/applytest", "internal/store/postgres/pgtest"},
		importers: []string{},
	},
	{
		why:          "what search engines and feed readers are told (structured data, feeds, the sitemap) is built from the domain's values; serving it is the HTTP side's job",
		pkgs:         []string{"internal/seo"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "scaling and encoding pictures knows nothing of uploads, storage or HTTP: docfile checks the file, the console stores the results and the server serves them",
		pkgs:         []string{"internal/media"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/...", "internal/docfile/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "the job search's rules (parsing a query, its canonical form, matching) are plain functions the pages and the API both call; they know nothing of HTTP or storage",
		pkgs:         []string{"internal/jobsearch"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "signing staff in and how long sessions hold is policy over the domain's stores, tested without HTTP; cookies and status codes are the console's",
		pkgs:         []string{"internal/staffsignin"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:       "every request's path through the middleware, limits and error answers is the same for pages, the public API and the console; it knows nothing of what they serve",
		pkgs:      []string{"internal/httpcore"},
		forbidden: []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/...", "internal/sitecontent/..."},
	},
	{
		why:          "the page cache (versions, single flight, re-warming) keeps whatever the server calls a page; it knows nothing of HTTP, HTML or the stores",
		pkgs:         []string{"internal/pagecache"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/...", "internal/wire/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "taking a job application (replays, upload slots, the client's limit, documents, the sealed national ID, spam, mails) is policy over the domain's stores and blob interface, tested without HTTP; parsing the multipart request and status codes are the server's",
		pkgs:         []string{"internal/careers"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http", "mime/multipart"},
	},
	{
		why:          "taking a contact message (replays, the client's limit, spam, the staff notification) is policy over the domain's stores, tested without HTTP; decoding the request and status codes are the server's",
		pkgs:         []string{"internal/contact"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "counting what waits for staff per role is policy over the domain's stores, tested on both engines without HTTP; the console's route answers with it",
		pkgs:         []string{"internal/attention"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "job alerts (sign-up limits, double opt-in, tokens, digests and their windows) are policy over the domain's stores, tested without HTTP with a fake clock; decoding requests and status codes are the server's",
		pkgs:         []string{"internal/jobalerts"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "scheduled publishing of blog posts (the time's bounds, publishing each due post once, its audit) is policy over the domain's stores, tested without HTTP with a fake clock; the console's form and the scheduler's loop are the console's and the app's",
		pkgs:         []string{"internal/postschedule"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "importing the original site's export (mapping, the rules of live writes, stable IDs, dry runs) is policy over the domain's stores and blob interface, tested without HTTP; the command's flags and opening the store and files are the CLI's",
		pkgs:         []string{"internal/siteimport"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:          "cutting the style sheet to what a page's markup uses is a pure function of CSS and HTML text, tested without HTTP; serving the page and its Content-Security-Policy are the server's",
		pkgs:         []string{"internal/criticalcss"},
		forbidden:    []string{"internal/server/...", "internal/console/...", "internal/render/...", "internal/store/...", "internal/blob/...", "internal/app/...", "internal/cli/...", "internal/mail/..."},
		forbiddenStd: []string{"net/http"},
	},
	{
		why:       "the in-process SMTP server is for tests only",
		pkgs:      []string{"internal/mail/smtptest"},
		importers: []string{},
	},
	{
		why:       "waiting for a condition with a deadline is for tests only: the site's own code waits on channels and contexts",
		pkgs:      []string{"internal/testwait"},
		importers: []string{},
	},
}

// pkg is what the rules need to know about one package.
type pkg struct {
	ImportPath string
	Standard   bool
	Imports    []string
	Deps       []string
	Error      *struct{ Err string }
}

// graph maps an import path to its package.
type graph map[string]*pkg

// inModule reports whether path is a package of this module.
func inModule(path string) bool {
	return path == module || strings.HasPrefix(path, module+"/")
}

// match reports whether the module package path matches any of patterns.
func match(path string, patterns []string) bool {
	rel, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return false
	}
	for _, p := range patterns {
		if dir, ok := strings.CutSuffix(p, "/..."); ok {
			if rel == dir || strings.HasPrefix(rel, dir+"/") {
				return true
			}
		} else if rel == p {
			return true
		}
	}
	return false
}

// violations returns one line per broken rule and package, sorted.
func violations(g graph, rules []rule) []string {
	var out []string
	for _, r := range rules {
		for path, p := range g {
			if !match(path, r.pkgs) {
				continue
			}
			for _, dep := range p.Deps {
				d, known := g[dep]
				switch {
				case r.stdOnly && !(known && d.Standard):
					out = append(out, fmt.Sprintf("%s depends on %s, but %s", path, dep, r.why))
				case match(dep, r.forbidden), slices.Contains(r.forbiddenStd, dep):
					out = append(out, fmt.Sprintf("%s depends on %s, but %s", path, dep, r.why))
				}
			}
		}
		if r.importers == nil {
			continue
		}
		for path, p := range g {
			if !inModule(path) || match(path, r.importers) {
				continue
			}
			for _, imp := range p.Imports {
				if match(imp, r.pkgs) {
					out = append(out, fmt.Sprintf("%s imports %s, but %s", path, imp, r.why))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// load lists the module's packages and everything they depend on.
func load(t *testing.T) graph {
	t.Helper()
	// -e: the web package embeds the built bundle, which may not exist yet;
	// its imports are listed all the same.
	cmd := exec.Command("go", "list", "-e", "-deps", "-json=ImportPath,Standard,Imports,Deps,Error", module+"/...")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	g := graph{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		if p.Error != nil && !strings.Contains(p.Error.Err, "pattern ") {
			t.Errorf("go list %s: %s", p.ImportPath, p.Error.Err)
		}
		g[p.ImportPath] = &p
	}
	return g
}

func TestPackageGraph(t *testing.T) {
	t.Parallel()
	g := load(t)
	// A rule whose packages were renamed away would pass forever.
	for _, r := range rules {
		for _, pattern := range r.pkgs {
			found := false
			for path := range g {
				found = found || match(path, []string{pattern})
			}
			if !found {
				t.Errorf("rule %q: no package matches %q", r.why, pattern)
			}
		}
	}
	for _, v := range violations(g, rules) {
		t.Error(v)
	}
}

// TestViolationsFound breaks every rule in a made-up graph, so that a rule
// which could never fire is caught here rather than trusted.
func TestViolationsFound(t *testing.T) {
	t.Parallel()
	m := func(rel string) string { return module + "/" + rel }
	g := graph{
		"fmt":                               {ImportPath: "fmt", Standard: true},
		"example.com/lib":                   {ImportPath: "example.com/lib"},
		m("internal/domain"):                {Deps: []string{"fmt", "example.com/lib"}},
		m("internal/idcrypt"):               {Deps: []string{"fmt", m("internal/domain")}},
		m("internal/server"):                {Imports: []string{m("internal/render"), m("internal/mail"), m("internal/sitelock")}, Deps: []string{m("internal/render"), m("internal/store/sqlite"), m("internal/blob"), m("internal/mail")}},
		m("internal/mail"):                  {Deps: []string{m("internal/store/sqlite")}},
		m("internal/mail/smtptest"):         {},
		m("internal/app"):                   {Imports: []string{m("internal/mail"), m("internal/mail/smtptest")}},
		m("internal/store/sqlite"):          {Imports: []string{m("internal/store/sqlstore")}, Deps: []string{m("internal/store/sqlstore"), m("internal/server")}},
		m("internal/store/sqlstore"):        {},
		m("internal/blob"):                  {Deps: []string{m("internal/store/sqlite")}},
		m("internal/render"):                {},
		m("internal/seed"):                  {Imports: []string{m("internal/render"), m("internal/store/sqlite"), m("internal/store/sqlstore"), m("internal/blob"), m("internal/backup")}},
		m("internal/backup"):                {Deps: []string{m("internal/blob")}},
		m("internal/docfile"):               {Deps: []string{m("internal/server")}},
		m("internal/docfile/docfiletest"):   {},
		m("internal/cli"):                   {Imports: []string{m("internal/docfile/docfiletest"), m("internal/store/postgres/pgtest")}},
		m("internal/server/applytest"):      {Imports: []string{m("internal/docfile/docfiletest")}},
		m("internal/store/postgres/pgtest"): {},
		m("internal/sitelock"):              {},
		m("internal/seo"):                   {Deps: []string{"net/http"}},
		m("internal/media"):                 {Deps: []string{m("internal/docfile")}},
		m("internal/jobsearch"):             {Deps: []string{m("internal/store/sqlite")}},
		m("internal/staffsignin"):           {Deps: []string{"net/http", m("internal/render")}},
		m("internal/httpcore"):              {Deps: []string{m("internal/sitecontent")}},
		m("internal/pagecache"):             {Deps: []string{"net/http"}},
		m("internal/careers"):               {Deps: []string{"net/http", m("internal/blob")}},
		m("internal/contact"):               {Deps: []string{"net/http"}},
		m("internal/jobalerts"):             {Deps: []string{"net/http"}},
		m("internal/siteimport"):            {Deps: []string{"net/http", m("internal/blob")}},
		m("internal/attention"):             {Deps: []string{"net/http"}},
		m("internal/postschedule"):          {Deps: []string{"net/http"}},
		m("internal/criticalcss"):           {Deps: []string{"net/http"}},
		m("internal/console"):               {Deps: []string{m("internal/render")}},
		m("internal/testwait"):              {},
		m("internal/logbuf"):                {Imports: []string{m("internal/testwait")}},
	}
	got := violations(g, rules)
	for i, r := range rules {
		fired := slices.ContainsFunc(got, func(v string) bool { return strings.HasSuffix(v, ", but "+r.why) })
		if !fired {
			t.Errorf("rule %d (%q) found no violation in a graph that breaks it", i, r.why)
		}
	}
	for _, ok := range []string{"internal/render", "internal/store/sqlstore"} {
		for _, v := range got {
			if strings.HasPrefix(v, m("internal/store/sqlite")+" imports "+m(ok)) {
				t.Errorf("allowed import reported: %s", v)
			}
		}
	}
	for _, v := range got {
		if strings.HasPrefix(v, m("internal/app")+" imports "+m("internal/mail")+", ") {
			t.Errorf("allowed import reported: %s", v)
		}
	}
	if t.Failed() {
		t.Logf("violations:\n%s", strings.Join(got, "\n"))
	}
}
