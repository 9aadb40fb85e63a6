package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"mime"
	"net"
	"net/http"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Contact form abuse controls.
const (
	// contactMinFill is the least time a person takes to fill the form;
	// faster submissions are kept but marked as spam.
	contactMinFill = 3 * time.Second
	// contactLimit messages per contactWindow are accepted from one client.
	contactLimit  = 5
	contactWindow = 10 * time.Minute
	// contactMaxBody bounds the request body.
	contactMaxBody = 64 << 10
)

// created is a handler result written with 201 Created.
type created struct{ body any }

// POST /api/contact: stores a contact message. Suspected spam is stored
// flagged, and answered like any other message.
func (s *Server) apiContact(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.ContactRequest
	if err := decodeJSON(w, r, contactMaxBody, &req); err != nil {
		return nil, err
	}
	m := domain.ContactMessage{Name: req.Name, Email: req.Email, Subject: req.Subject, Message: req.Message}
	m.Normalize()
	if err := m.Validate(); err != nil {
		return nil, err
	}
	ok, err := s.store.Allow(r.Context(), "contact:"+clientKey(r), contactLimit, contactWindow, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.Errorf(domain.ETooMany, "You have sent several messages in a short time. Please wait 10 minutes and try again.")
	}
	m.Spam = req.Website != "" || req.ElapsedMs == nil || time.Duration(*req.ElapsedMs)*time.Millisecond < contactMinFill
	m.CreatedAt = s.now()
	if err := s.store.CreateContactMessage(r.Context(), &m); err != nil {
		return nil, err
	}
	s.logger(r).Info("contact message stored", "id", m.ID, "spam", m.Spam)
	return created{wire.ContactCreated{ID: m.ID}}, nil
}

// decodeJSON reads a JSON body of at most max bytes into v.
func decodeJSON(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		return domain.Errorf(domain.EInvalid, "Send the form as JSON (Content-Type: application/json).")
	}
	r.Body = http.MaxBytesReader(w, r.Body, max)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return domain.Errorf(domain.EInvalid, "The form is too large. Please shorten your message.")
		}
		return domain.Errorf(domain.EInvalid, "The form could not be read. Please reload the page and try again.")
	}
	return nil
}

// clientKey identifies the client for rate limits without keeping its
// address: a hash of the IPv4 address or of the IPv6 /64 network.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip != nil && ip.To4() == nil {
		ip = ip.Mask(net.CIDRMask(64, 128))
	}
	sum := sha256.Sum256([]byte("rate-limit\x00" + ip.String()))
	return hex.EncodeToString(sum[:12])
}
