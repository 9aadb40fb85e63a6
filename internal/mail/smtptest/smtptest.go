// Package smtptest runs a real SMTP server in-process for tests of mail
// delivery: it records what it receives, and can be stopped (connections
// refused), restarted on the same address, or told to refuse mail with a
// given reply. Only tests import it.
package smtptest

import (
	"bytes"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/mail"
	"sync"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	From      string
	To        []string
	Data      []byte
	MessageID string
	// TLS reports whether the session was encrypted when the message came.
	TLS bool
	// User is who signed in with AUTH PLAIN, or "".
	User string
}

// Options configure a server beyond the plain default.
type Options struct {
	// TLS, when set, is offered with STARTTLS, or spoken from the first
	// byte when ImplicitTLS is set.
	TLS         *tls.Config
	ImplicitTLS bool
	// Users, when set, are the user names and passwords AUTH PLAIN takes;
	// AUTH is offered only over TLS.
	Users map[string]string
}

// Server is an in-process SMTP server on a loopback port.
type Server struct {
	// Addr is host:port, the same across restarts.
	Addr string

	t        testing.TB
	opts     Options
	mu       sync.Mutex
	srv      *smtp.Server
	refuse   *smtp.SMTPError
	received []Received
	notify   chan Received
}

// Start starts a plain server; it stops when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t, Options{})
}

// StartWith starts a server with opts; it stops when the test ends.
func StartWith(t testing.TB, opts Options) *Server {
	t.Helper()
	s := &Server{t: t, opts: opts, notify: make(chan Received, 100)}
	l, err := s.listen("127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	s.Addr = l.Addr().String()
	s.serve(l)
	t.Cleanup(s.Stop)
	return s
}

// URL is the smtp:// URL of the server.
func (s *Server) URL() string { return "smtp://" + s.Addr }

func (s *Server) listen(addr string) (net.Listener, error) {
	if s.opts.ImplicitTLS {
		return tls.Listen("tcp", addr, s.opts.TLS)
	}
	return net.Listen("tcp", addr)
}

func (s *Server) serve(l net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "smtptest.localhost"
	if !s.opts.ImplicitTLS {
		srv.TLSConfig = s.opts.TLS
	}
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	go func() { _ = srv.Serve(l) }()
}

// Stop closes the server: new connections are refused until Restart.
func (s *Server) Stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
}

// Restart listens again on the same address after Stop.
func (s *Server) Restart() {
	s.t.Helper()
	l, err := s.listen(s.Addr)
	if err != nil {
		s.t.Fatalf("smtptest: listen again on %s: %v", s.Addr, err)
	}
	s.serve(l)
}

// Refuse makes the server answer RCPT with code (a 4xx or 5xx reply);
// 0 accepts mail again.
func (s *Server) Refuse(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if code == 0 {
		s.refuse = nil
		return
	}
	s.refuse = &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0}, Message: "refused by the test"}
}

// Messages returns what the server accepted so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Next returns a channel that yields each accepted message.
func (s *Server) Next() <-chan Received { return s.notify }

// CountByMessageID counts accepted messages per Message-ID header.
func (s *Server) CountByMessageID() map[string]int {
	n := map[string]int{}
	for _, r := range s.Messages() {
		n[r.MessageID]++
	}
	return n
}

type session struct {
	s    *Server
	conn *smtp.Conn
	user string
	from string
	to   []string
}

// AuthMechanisms offers PLAIN when the server has users.
func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.Users == nil {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain || ss.s.opts.Users == nil {
		return nil, smtp.ErrAuthUnsupported
	}
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if want, ok := ss.s.opts.Users[user]; !ok || want != pass {
			return errors.New("smtptest: wrong user name or password")
		}
		ss.user = user
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.Users != nil && ss.user == "" {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	refuse := ss.s.refuse
	ss.s.mu.Unlock()
	if refuse != nil {
		return refuse
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return errors.New("smtptest: message does not parse")
	}
	_, isTLS := ss.conn.TLSConnectionState()
	rec := Received{From: ss.from, To: ss.to, Data: data, MessageID: msg.Header.Get("Message-ID"), TLS: isTLS, User: ss.user}
	ss.s.mu.Lock()
	ss.s.received = append(ss.s.received, rec)
	ss.s.mu.Unlock()
	select {
	case ss.s.notify <- rec:
	default:
	}
	return nil
}

func (ss *session) Reset() { ss.from, ss.to = "", nil }

func (ss *session) Logout() error { return nil }
