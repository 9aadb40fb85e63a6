package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"corpsite/internal/auth"
	"corpsite/internal/config"
	"corpsite/internal/domain"
)

const staffUsage = `Usage: site staff <command> [flags]

Commands:
  add       add an account and print its one-time set-up link:
            site staff add --email E --name N --role admin|recruiter|editor
  reset     print a new set-up link; the account's password, second factor
            and sessions end: site staff reset --email E
  list      list the accounts
  disable   stop an account from signing in and end its sessions: site staff disable --email E
  enable    let a disabled account sign in again: site staff enable --email E

Every command also takes the database flags of 'site migrate' (--data-dir,
--database-url) and --base-url, which the set-up link starts with.
`

// staffFlags are the flags of the staff commands besides the config's.
type staffFlags struct {
	email, name, role string
}

// staffCmd runs "site staff <command>".
func staffCmd(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, staffUsage)
		return errors.New("staff: say which command (add, reset, list, disable, enable)")
	}
	sub, rest := args[0], args[1:]
	var need []string
	switch sub {
	case "add":
		need = []string{"email", "name", "role"}
	case "reset", "disable", "enable":
		need = []string{"email"}
	case "list":
	case "help", "--help", "-help", "-h":
		fmt.Fprint(stdout, staffUsage)
		return nil
	default:
		fmt.Fprint(stderr, staffUsage)
		return fmt.Errorf("staff: unknown command %q", sub)
	}
	var sf staffFlags
	cfg, err := parseWith("staff "+sub, rest, stderr, func(fs *flag.FlagSet) {
		if len(need) == 0 {
			return
		}
		fs.StringVar(&sf.email, "email", "", "the account's e-mail address")
		if sub == "add" {
			fs.StringVar(&sf.name, "name", "", "the person's name")
			fs.StringVar(&sf.role, "role", "", "admin (everything), recruiter (jobs, applications) or editor (blog, comments, contact messages)")
		}
	})
	if err != nil {
		return err
	}
	given := map[string]string{"email": sf.email, "name": sf.name, "role": sf.role}
	for _, f := range need {
		if strings.TrimSpace(given[f]) == "" {
			return fmt.Errorf("staff %s: --%s is required", sub, f)
		}
	}
	return storeFor(cfg, func(ctx context.Context, st domain.Store) error {
		switch sub {
		case "add":
			return staffAdd(ctx, st, cfg, sf, stdout)
		case "reset":
			return staffReset(ctx, st, cfg, sf.email, stdout)
		case "list":
			return staffList(ctx, st, stdout)
		default:
			return staffSetDisabled(ctx, st, sf.email, sub == "disable", stdout)
		}
	})
}

// cliAudit records an action of the command line (no actor account).
// The account is labelled with its name (or e-mail), as the console does.
func cliAudit(ctx context.Context, st domain.Store, action domain.AuditAction, u domain.StaffUser, detail string) error {
	label := u.Name
	if label == "" {
		label = u.Email
	}
	return st.AppendAudit(ctx, &domain.AuditEntry{Action: action, Subject: u.ID, SubjectLabel: label, Detail: detail, At: time.Now()})
}

func staffAdd(ctx context.Context, st domain.Store, cfg *config.Config, sf staffFlags, stdout io.Writer) error {
	u, err := auth.NewAccount(sf.email, sf.name, sf.role)
	if err != nil {
		return fieldError(err)
	}
	if err := st.CreateStaffUser(ctx, &u); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return errors.New("an account with this e-mail address already exists (use 'site staff reset' for a new link)")
		}
		return err
	}
	link, expires, err := auth.IssueSetup(ctx, st, u.ID, cfg.BaseURL, time.Now())
	if err != nil {
		return err
	}
	if err := cliAudit(ctx, st, domain.AuditStaffAdded, u, string(u.Role)+", from the command line"); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Added %s <%s> as %s.\n", u.Name, u.Email, u.Role)
	printLink(stdout, link, expires)
	return nil
}

func staffReset(ctx context.Context, st domain.Store, cfg *config.Config, email string, stdout io.Writer) error {
	u, err := accountByEmail(ctx, st, email)
	if err != nil {
		return err
	}
	if u.Disabled {
		return errors.New("this account is disabled; enable it first with 'site staff enable'")
	}
	link, expires, err := auth.IssueSetup(ctx, st, u.ID, cfg.BaseURL, time.Now())
	if err != nil {
		return err
	}
	if err := cliAudit(ctx, st, domain.AuditStaffReset, u, "from the command line"); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s <%s> is signed out everywhere; their password and two-step sign-in are removed.\n", u.Name, u.Email)
	printLink(stdout, link, expires)
	return nil
}

func printLink(w io.Writer, link string, expires time.Time) {
	fmt.Fprintf(w, "One-time set-up link (expires %s, in 24 hours):\n\n  %s\n\n", expires.UTC().Format("2006-01-02 15:04 UTC"), link)
	fmt.Fprintln(w, "Give it to the person only, over a channel you trust. They choose their password there;")
	fmt.Fprintln(w, "admins then set up two-step sign-in with an authenticator app.")
}

func staffList(ctx context.Context, st domain.Store, stdout io.Writer) error {
	users, err := st.ListStaffUsers(ctx)
	if err != nil {
		return err
	}
	if len(users) == 0 {
		fmt.Fprintln(stdout, "No staff accounts yet. Add the first admin with: site staff add --email E --name N --role admin")
		return nil
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "E-MAIL\tNAME\tROLE\tSTATUS\t2FA")
	for _, u := range users {
		status := "active"
		switch {
		case u.Disabled:
			status = "disabled"
		case u.PasswordHash == "":
			status = "set-up pending"
		}
		tfa := "off"
		if u.TOTPEnabled() {
			tfa = "on"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Email, u.Name, u.Role, status, tfa)
	}
	return tw.Flush()
}

func staffSetDisabled(ctx context.Context, st domain.Store, email string, disable bool, stdout io.Writer) error {
	u, err := accountByEmail(ctx, st, email)
	if err != nil {
		return err
	}
	if u.Disabled == disable {
		fmt.Fprintf(stdout, "%s is already %s.\n", u.Email, map[bool]string{true: "disabled", false: "enabled"}[disable])
		return nil
	}
	if disable && u.Role == domain.RoleAdmin {
		users, err := st.ListStaffUsers(ctx)
		if err != nil {
			return err
		}
		others := 0
		for _, o := range users {
			if o.ID != u.ID && o.Role == domain.RoleAdmin && !o.Disabled {
				others++
			}
		}
		if others == 0 {
			return errors.New("this is the only active admin; add another admin before disabling it")
		}
	}
	if err := st.UpdateStaffAccount(ctx, u.ID, u.Role, disable); err != nil {
		return err
	}
	action, word := domain.AuditStaffEnabled, "enabled"
	if disable {
		action, word = domain.AuditStaffDisabled, "disabled and signed out everywhere"
	}
	if err := cliAudit(ctx, st, action, u, "from the command line"); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is %s.\n", u.Email, word)
	return nil
}

// accountByEmail finds an account or says there is none.
func accountByEmail(ctx context.Context, st domain.Store, email string) (domain.StaffUser, error) {
	u, err := st.GetStaffUserByEmail(ctx, email)
	if domain.IsNotFound(err) {
		return u, errors.New("no account with this e-mail address (see 'site staff list')")
	}
	return u, err
}

// fieldError turns a validation error into one line per field, in a
// fixed order.
func fieldError(err error) error {
	fields := domain.ErrorFields(err)
	var msgs []string
	for _, f := range []string{"email", "name", "role"} {
		if m, ok := fields[f]; ok {
			msgs = append(msgs, "--"+f+": "+m)
		}
	}
	if len(msgs) == 0 {
		return err
	}
	return errors.New(strings.Join(msgs, "; "))
}
