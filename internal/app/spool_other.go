//go:build !unix

package app

import "os"

// lockFile cannot lock here: every run's folder looks in use, and only
// age removes what is left in the uploads folder.
func lockFile(*os.File) error { return errLockHeld }
