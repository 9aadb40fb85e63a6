package mail

import "crypto/tls"

// SetTLSConfig makes t verify servers with c (a test's own certificate
// authority) instead of the system's roots.
func (t *SMTP) SetTLSConfig(c *tls.Config) { t.tlsConfig = c }
