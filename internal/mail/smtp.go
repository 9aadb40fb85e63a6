package mail

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/url"
	"time"
)

// SMTP session limits.
const (
	// dialTimeout bounds connecting to the server.
	dialTimeout = 10 * time.Second
	// SessionTimeout bounds one whole SMTP session, from connecting to
	// QUIT. The Sender's lease must outlast a batch of sessions.
	SessionTimeout = 30 * time.Second
)

// Default ports of the two URL schemes.
const (
	submissionPort = "587" // smtp://: STARTTLS
	smtpsPort      = "465" // smtps://: TLS from the first byte
)

// SMTP is the Transport that submits mail to an SMTP server. Create it
// with NewSMTP.
type SMTP struct {
	host        string
	addr        string // host:port
	implicitTLS bool
	// plainOK: the server is on this machine (loopback), where STARTTLS
	// may be missing; anywhere else a session without TLS is refused.
	plainOK  bool
	username string
	password string
	// tlsConfig is nil for the system's roots and the URL's host name;
	// tests set it to trust their own certificate.
	tlsConfig *tls.Config
}

// NewSMTP returns an SMTP transport for rawURL: smtp://[user:pass@]host[:port]
// (STARTTLS, port 587 by default) or smtps://[user:pass@]host[:port]
// (implicit TLS, port 465). STARTTLS is required unless the host is a
// loopback address; credentials are only ever sent over TLS (or to a
// loopback server). Errors never repeat the URL, which holds a password.
func NewSMTP(rawURL string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("mail: the SMTP URL does not parse")
	}
	t := &SMTP{host: u.Hostname()}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		port = cmp.Or(port, submissionPort)
	case "smtps":
		t.implicitTLS = true
		port = cmp.Or(port, smtpsPort)
	default:
		return nil, fmt.Errorf("mail: SMTP URL scheme %q: want smtp or smtps", u.Scheme)
	}
	if t.host == "" {
		return nil, errors.New("mail: the SMTP URL has no host")
	}
	if u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("mail: the SMTP URL must be scheme://[user:password@]host[:port] only")
	}
	t.addr = net.JoinHostPort(t.host, port)
	t.plainOK = isLoopback(t.host)
	if u.User != nil {
		t.username = u.User.Username()
		t.password, _ = u.User.Password()
	}
	return t, nil
}

// isLoopback reports whether host names this machine.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// String names the server for logs: scheme, host and port, no user or
// password.
func (t *SMTP) String() string {
	if t.implicitTLS {
		return "smtps://" + t.addr
	}
	return "smtp://" + t.addr
}

func (t *SMTP) tls() *tls.Config {
	if t.tlsConfig != nil {
		c := t.tlsConfig.Clone()
		if c.ServerName == "" {
			c.ServerName = t.host
		}
		return c
	}
	return &tls.Config{ServerName: t.host, MinVersion: tls.VersionTLS12}
}

// Send submits m in one SMTP session bounded by SessionTimeout and by ctx.
func (t *SMTP) Send(ctx context.Context, m *Message) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("mail: %s: %w", t, err)
		}
	}()
	d := net.Dialer{Timeout: dialTimeout}
	conn, err := d.DialContext(ctx, "tcp", t.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(SessionTimeout)); err != nil {
		return err
	}
	// Cancelling ctx ends the session at its next read or write.
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	if t.implicitTLS {
		conn = tls.Client(conn, t.tls())
	}
	c, err := smtp.NewClient(conn, t.host)
	if err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	defer c.Close()
	if !t.implicitTLS {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(t.tls()); err != nil {
				return fmt.Errorf("STARTTLS: %w", err)
			}
		} else if !t.plainOK {
			return errors.New("the server offers no STARTTLS; refusing to send mail in the clear")
		}
	}
	if t.username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return errors.New("the server offers no AUTH, but the URL has credentials")
		}
		// PlainAuth itself refuses to send the password without TLS,
		// except to a loopback server.
		if err := c.Auth(smtp.PlainAuth("", t.username, t.password, t.host)); err != nil {
			return fmt.Errorf("AUTH: %w", err)
		}
	}
	if err := c.Mail(m.From); err != nil {
		return fmt.Errorf("MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(m.Data); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	// The server accepts the message (or not) in its answer to the end
	// of DATA; what follows cannot undo the delivery.
	if err := w.Close(); err != nil {
		return fmt.Errorf("end of DATA: %w", err)
	}
	_ = c.Quit()
	return nil
}
