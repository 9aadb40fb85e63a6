package mail_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	mailer "corpsite/internal/mail"
	"corpsite/internal/mail/smtptest"
)

// selfSigned returns a server config with a certificate for 127.0.0.1 and
// a client config that trusts it.
func selfSigned(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "smtptest"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	return server, &tls.Config{RootCAs: pool}
}

var users = map[string]string{"site": "s3cret"}

func sendOne(t *testing.T, url string, client *tls.Config) error {
	t.Helper()
	tr, err := mailer.NewSMTP(url)
	if err != nil {
		t.Fatal(err)
	}
	if client != nil {
		tr.SetTLSConfig(client)
	}
	m, err := mailer.Compose(outboxMessage("abc123"), from)
	if err != nil {
		t.Fatal(err)
	}
	return tr.Send(t.Context(), m)
}

func TestSMTPStartTLSAndAuth(t *testing.T) {
	serverTLS, clientTLS := selfSigned(t)
	srv := smtptest.StartWith(t, smtptest.Options{TLS: serverTLS, Users: users})
	if err := sendOne(t, "smtp://site:s3cret@"+srv.Addr, clientTLS); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := srv.Messages()
	if len(got) != 1 || !got[0].TLS || got[0].User != "site" {
		t.Errorf("received %+v; want one message over TLS from user site", got)
	}
}

func TestSMTPImplicitTLS(t *testing.T) {
	serverTLS, clientTLS := selfSigned(t)
	srv := smtptest.StartWith(t, smtptest.Options{TLS: serverTLS, ImplicitTLS: true, Users: users})
	if err := sendOne(t, "smtps://site:s3cret@"+srv.Addr, clientTLS); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got := srv.Messages(); len(got) != 1 || !got[0].TLS || got[0].User != "site" {
		t.Errorf("received %+v; want one message over TLS from user site", got)
	}
}

// A certificate the system does not trust ends the session before any
// credentials are sent.
func TestSMTPVerifiesTheCertificate(t *testing.T) {
	serverTLS, _ := selfSigned(t)
	srv := smtptest.StartWith(t, smtptest.Options{TLS: serverTLS, Users: users})
	err := sendOne(t, "smtp://site:s3cret@"+srv.Addr, nil)
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Errorf("Send to an untrusted server = %v, want a STARTTLS error", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("server accepted %d messages", n)
	}
}

func TestSMTPWrongPasswordIsNotRepeated(t *testing.T) {
	serverTLS, clientTLS := selfSigned(t)
	srv := smtptest.StartWith(t, smtptest.Options{TLS: serverTLS, Users: users})
	err := sendOne(t, "smtp://site:not-the-password@"+srv.Addr, clientTLS)
	if err == nil || !strings.Contains(err.Error(), "AUTH") {
		t.Fatalf("Send with a wrong password = %v, want an AUTH error", err)
	}
	if strings.Contains(err.Error(), "not-the-password") {
		t.Errorf("error repeats the password: %v", err)
	}
}
