package cli

import (
	"flag"
	"fmt"
	"io"
	"time"

	"corpsite/internal/config"
)

// clockCommand parses "site <group> <sub> [--at TIME] [site flags]", a
// command with one subcommand that runs a periodic step once: the site's
// configuration and the step's clock (now, or the --at time). Anything
// but sub prints usage; help asks for it.
func clockCommand(group, sub, usage string, args []string, stderr io.Writer) (*config.Config, func() time.Time, error) {
	if len(args) == 0 || args[0] != sub {
		fmt.Fprint(stderr, usage)
		if len(args) > 0 && (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
			return nil, nil, flag.ErrHelp
		}
		return nil, nil, fmt.Errorf("%s: expected the subcommand %s", group, sub)
	}
	var at string
	cfg, err := parseWith(group+" "+sub, args[1:], stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&at, "at", "", "the clock, RFC 3339 (default now)")
	})
	if err != nil {
		return nil, nil, err
	}
	if at == "" {
		return cfg, time.Now, nil
	}
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: --at %q is not an RFC 3339 time: %w", group, at, err)
	}
	return cfg, func() time.Time { return t }, nil
}
