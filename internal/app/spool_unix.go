//go:build unix

package app

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes f's advisory lock alone, without waiting: errLockHeld
// when another open file holds it. Closing f lets it go.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLockHeld
		default:
			return fmt.Errorf("app: lock %s: %w", f.Name(), err)
		}
	}
}
