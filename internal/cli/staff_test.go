package cli_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/domain"
	"corpsite/internal/store/sqlite"
)

var linkPattern = regexp.MustCompile(`https://staff\.example/admin/setup#([A-Za-z0-9_-]{43})\n`)

func TestStaffCommands(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	flags := []string{"--data-dir", dir, "--base-url", "https://staff.example"}
	staff := func(args ...string) (int, string, string) {
		t.Helper()
		return run(t, append(append([]string{"staff"}, args...), flags...)...)
	}

	code, out, errOut := staff("add", "--email", "Ann@Example.com", "--name", "Ann  Lee", "--role", "admin")
	if code != 0 {
		t.Fatalf("staff add = %d, stderr:\n%s", code, errOut)
	}
	m := linkPattern.FindStringSubmatch(out)
	if !strings.HasPrefix(out, "Added Ann Lee <Ann@Example.com> as admin.\n") || m == nil || !strings.Contains(out, "expires ") {
		t.Fatalf("staff add printed:\n%s", out)
	}
	firstToken := m[1]

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "--email", "ann@example.com", "--name", "A", "--role", "editor"}, "already exists"},
		{[]string{"add", "--email", "bob@example.com", "--name", "Bob", "--role", "owner"}, "--role: Choose a role: admin, recruiter or editor."},
		{[]string{"add", "--email", "not-an-address", "--name", "Bob", "--role", "editor"}, "--email: Enter a valid e-mail address"},
		{[]string{"add", "--email", "bob@example.com", "--role", "editor"}, "--name is required"},
		{[]string{"reset", "--email", "nobody@example.com"}, "no account with this e-mail address"},
		{[]string{"disable", "--email", "nobody@example.com"}, "no account with this e-mail address"},
		{[]string{"disable", "--email", "ann@example.com"}, "only active admin"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	} {
		code, _, errOut := staff(tc.args...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("staff %q = %d, stderr %q; want 1 and %q", tc.args, code, errOut, tc.want)
		}
	}

	if code, _, errOut := staff("add", "--email", "ed@example.com", "--name", "Ed", "--role", "editor"); code != 0 {
		t.Fatalf("staff add editor = %d: %s", code, errOut)
	}
	code, out, errOut = staff("reset", "--email", "ANN@example.com")
	m = linkPattern.FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] == firstToken {
		t.Fatalf("staff reset = %d:\n%s%s", code, out, errOut)
	}
	newToken := m[1]
	if code, out, errOut := staff("disable", "--email", "ed@example.com"); code != 0 || !strings.Contains(out, "disabled") {
		t.Errorf("staff disable = %d: %s%s", code, out, errOut)
	}

	code, out, _ = staff("list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 || !regexp.MustCompile(`^E-MAIL\s+NAME\s+ROLE\s+STATUS\s+2FA$`).MatchString(lines[0]) ||
		!regexp.MustCompile(`^Ann@Example.com\s+Ann Lee\s+admin\s+set-up pending\s+off$`).MatchString(lines[1]) ||
		!regexp.MustCompile(`^ed@example.com\s+Ed\s+editor\s+disabled\s+off$`).MatchString(lines[2]) {
		t.Errorf("staff list = %d:\n%s", code, out)
	}
	if code, out, _ := staff("enable", "--email", "ed@example.com"); code != 0 || !strings.Contains(out, "enabled") {
		t.Errorf("staff enable = %d: %s", code, out)
	}

	// What the commands stored: the new link works, the first does not,
	// and the store holds hashes only; the audit log names each action.
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.LookupSetupToken(ctx, auth.HashToken(newToken), timeNow()); err != nil {
		t.Errorf("the reset link does not work: %v", err)
	}
	if _, err := st.LookupSetupToken(ctx, auth.HashToken(firstToken), timeNow()); !domain.IsNotFound(err) {
		t.Errorf("the first link still works after a reset (%v)", err)
	}
	if _, err := st.LookupSetupToken(ctx, newToken, timeNow()); !domain.IsNotFound(err) {
		t.Errorf("a token is stored in clear")
	}
	log, _, err := st.ListAudit(ctx, domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range log {
		actions = append(actions, string(e.Action))
	}
	if got := strings.Join(actions, " "); got != "staff-enabled staff-disabled staff-reset staff-added staff-added" {
		t.Errorf("audit log %q", got)
	}
}

func TestStaffUsage(t *testing.T) {
	t.Parallel()
	code, _, errOut := run(t, "staff")
	if code != 1 || !strings.Contains(errOut, "site staff add --email E --name N --role admin|recruiter|editor") {
		t.Errorf("staff without a command = %d:\n%s", code, errOut)
	}
	code, out, _ := run(t, "staff", "help")
	if code != 0 || !strings.Contains(out, "  list ") {
		t.Errorf("staff help = %d:\n%s", code, out)
	}
}

func timeNow() time.Time { return time.Now() }
