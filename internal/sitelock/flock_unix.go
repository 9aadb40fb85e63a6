//go:build unix

package sitelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// flock takes f's advisory lock, shared or alone, without waiting:
// errHeld when another open file holds it.
func flock(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errHeld
		default:
			return fmt.Errorf("sitelock: lock %s: %w", f.Name(), err)
		}
	}
}
