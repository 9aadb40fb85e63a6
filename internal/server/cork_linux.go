package server

import (
	"net"
	"syscall"
)

// setCork sets or clears TCP_CORK on c; false if it could not.
func setCork(c *net.TCPConn, on bool) bool {
	rc, err := c.SyscallConn()
	if err != nil {
		return false
	}
	v := 0
	if on {
		v = 1
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, v)
	}); err != nil || serr != nil {
		return false
	}
	return true
}
