package server

import (
	"net/http"

	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// POST /api/contact: stores a contact message and, in the same
// transaction, queues the staff notification mail. Suspected spam is
// stored flagged, without a notification, and answered like any other
// message. With an Idempotency-Key (the form makes one per message), a
// repeat of a message that was stored (its answer lost on the way, say a
// 502 from a proxy) gets the first answer and stores nothing: the key is
// remembered, as a hash, as long as the applications' keys.
func (s *Server) apiContact(w http.ResponseWriter, r *http.Request) (any, error) {
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	first, replay, err := s.contact.Replay(r.Context(), key)
	if err != nil || replay {
		return httpcore.Created{Body: wire.ContactCreated{ID: first.ID}}, err
	}
	var req wire.ContactRequest
	if err := httpcore.DecodeJSON(r, &req); err != nil {
		return nil, err
	}
	sent, err := s.contact.Send(r.Context(), req, key, httpcore.ClientKey(r))
	if err != nil {
		return nil, refusal(w, err)
	}
	if !sent.Replayed {
		httpcore.Logger(r).Info("contact message stored", "id", sent.ID, "spam", sent.Spam, "notified", sent.Notified)
	}
	return httpcore.Created{Body: wire.ContactCreated{ID: sent.ID}}, nil
}
