package console

import (
	"cmp"
	"net/http"

	"corpsite/internal/contact"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Contact messages answered in the console (contact.Desk): assignment,
// internal notes and replies e-mailed through the outbox, each audited.

// staffNames maps every account's ID to its name (or address).
func (s *Server) staffNames(r *http.Request) (map[string]domain.StaffUser, error) {
	users, err := s.store.ListStaffUsers(r.Context())
	if err != nil {
		return nil, err
	}
	out := make(map[string]domain.StaffUser, len(users))
	for _, u := range users {
		out[u.ID] = u
	}
	return out, nil
}

// assigneeName is the name of the member of staff id ("" when none; "a
// removed account" when the account is gone).
func assigneeName(users map[string]domain.StaffUser, id string) string {
	if id == "" {
		return ""
	}
	u, ok := users[id]
	if !ok {
		return "a removed account"
	}
	return cmp.Or(u.Name, u.Email)
}

// messageDetail is the whole message m with its thread, its assignee and
// whom it may be assigned to.
func (s *Server) messageDetail(r *http.Request, m domain.ContactMessage) (wire.ContactMessageDetail, error) {
	users, err := s.staffNames(r)
	if err != nil {
		return wire.ContactMessageDetail{}, err
	}
	thread, err := s.store.ListContactThread(r.Context(), m.ID)
	if err != nil {
		return wire.ContactMessageDetail{}, err
	}
	d := wire.ContactMessageDetail{
		ID: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Message,
		Status: string(m.Status), Spam: m.Spam, ReceivedAt: m.CreatedAt,
		AssignedTo: m.AssignedTo, AssigneeName: assigneeName(users, m.AssignedTo),
		Handlers: []wire.StaffChoice{}, Thread: make([]wire.ContactThreadEntry, 0, len(thread)),
	}
	d.Mailbox = s.desk.Mailbox()
	for _, u := range users {
		if !u.Disabled && u.Role.MayHandleMessages() {
			d.Handlers = append(d.Handlers, wire.StaffChoice{ID: u.ID, Name: cmp.Or(u.Name, u.Email)})
		}
	}
	for _, e := range thread {
		d.Thread = append(d.Thread, wire.ContactThreadEntry{
			ID: e.ID, Kind: string(e.Kind), AuthorName: e.AuthorName, To: e.To, Subject: e.Subject,
			Body: e.Body, OutboxStatus: string(e.OutboxStatus), CreatedAt: e.CreatedAt,
		})
	}
	return d, nil
}

// reloadMessage answers with the message id as it now stands.
func (s *Server) reloadMessage(r *http.Request, id string) (wire.ContactMessageDetail, error) {
	m, err := s.store.GetContactMessage(r.Context(), id)
	if err != nil {
		return wire.ContactMessageDetail{}, notFoundAs(err, messageGone)
	}
	return s.messageDetail(r, m)
}

// actor is the signed-in member of staff as the desk records them.
func actor(r *http.Request, st *Staff) contact.Actor {
	var a contact.Actor
	if st != nil {
		a = contact.Actor{ID: st.ID, Name: st.Name, Email: st.Email}
	}
	if addr, ok := httpcore.ClientAddr(r.Context()); ok {
		a.ClientIP = addr.String()
	}
	return a
}

// PUT /api/admin/messages/{id}/assignee {staffId}: gives the message to a
// member of staff who handles messages ("" = to no one).
func (s *Server) adminAssignMessage(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.ContactAssign) (wire.ContactMessageDetail, error) {
	id := r.PathValue("id")
	if _, err := s.desk.Assign(r.Context(), actor(r, st), id, req.StaffID); err != nil {
		return wire.ContactMessageDetail{}, err
	}
	return s.reloadMessage(r, id)
}

// POST /api/admin/messages/{id}/notes {body}: an internal note by the
// signed-in member of staff.
func (s *Server) adminAddMessageNote(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.NoteRequest) (created[wire.ContactMessageDetail], error) {
	id := r.PathValue("id")
	if _, err := s.desk.AddNote(r.Context(), actor(r, st), id, req.Body); err != nil {
		return created[wire.ContactMessageDetail]{}, err
	}
	d, err := s.reloadMessage(r, id)
	return created[wire.ContactMessageDetail]{d}, err
}

// POST /api/admin/messages/{id}/replies {subject, body}: e-mails the
// sender through the outbox; the reply stays in the message's thread.
func (s *Server) adminReplyToMessage(_ http.ResponseWriter, r *http.Request, st *Staff, req wire.ContactReply) (created[wire.ContactMessageDetail], error) {
	id := r.PathValue("id")
	if _, err := s.desk.Reply(r.Context(), actor(r, st), id, req.Subject, req.Body); err != nil {
		return created[wire.ContactMessageDetail]{}, err
	}
	d, err := s.reloadMessage(r, id)
	return created[wire.ContactMessageDetail]{d}, err
}
