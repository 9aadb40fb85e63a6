// Package smtptest runs a real SMTP server in-process for tests of mail
// delivery: it records what it receives, and can be stopped (connections
// refused), restarted on the same address, or told to refuse mail with a
// given reply. Only tests import it.
package smtptest

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/mail"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	From      string
	To        []string
	Data      []byte
	MessageID string
}

// Server is an in-process SMTP server on a loopback port.
type Server struct {
	// Addr is host:port, the same across restarts.
	Addr string

	t        testing.TB
	mu       sync.Mutex
	srv      *smtp.Server
	refuse   *smtp.SMTPError
	received []Received
	notify   chan Received
}

// Start starts a server; it stops when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, notify: make(chan Received, 100)}
	l, err := net.Listen("tcp", "127.0.0.1:0")
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

func (s *Server) serve(l net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{s: s}, nil
	}))
	srv.Domain = "smtptest.localhost"
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
	l, err := net.Listen("tcp", s.Addr)
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
	from string
	to   []string
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
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
	rec := Received{From: ss.from, To: ss.to, Data: data, MessageID: msg.Header.Get("Message-ID")}
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
