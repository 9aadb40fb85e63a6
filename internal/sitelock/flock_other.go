//go:build !unix

package sitelock

import "os"

// flock does nothing where flock(2) does not exist: the site runs on
// Unix-like systems; elsewhere a restore cannot tell a running site.
func flock(*os.File, bool) error { return nil }
