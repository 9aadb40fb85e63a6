//go:build !linux

package server

import "net"

// setCork does nothing where TCP_CORK does not exist.
func setCork(*net.TCPConn, bool) bool { return false }
