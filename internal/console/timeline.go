package console

import (
	"net/http"

	"corpsite/internal/careers"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// An application's timeline: what happened to it, in order (the events
// are careers.Timeline's).

// timelineRoutes are the staff API routes of an application's timeline.
func (s *Server) timelineRoutes() []adminRoute {
	return []adminRoute{
		get("/applications/{id}/timeline", recruiters, s.adminTimeline),
	}
}

// GET /api/admin/applications/{id}/timeline: the application's latest
// events (careers.TimelineMax), oldest first.
func (s *Server) adminTimeline(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationTimeline, error) {
	a, err := s.getApplication(r)
	if err != nil {
		return wire.ApplicationTimeline{}, err
	}
	events, err := s.careers.Timeline(r.Context(), a)
	if err != nil {
		return wire.ApplicationTimeline{}, err
	}
	out := wire.ApplicationTimeline{Events: make([]wire.TimelineEvent, len(events))}
	for i, e := range events {
		out.Events[i] = wire.TimelineEvent{At: e.At, Kind: e.Kind, Actor: e.Actor, Text: e.Text, Status: e.Status}
	}
	return out, nil
}

// reviewer is st as the careers use cases name a member of staff.
func reviewer(r *http.Request, st *Staff) careers.Reviewer {
	by := careers.Reviewer{ID: st.ID, Email: st.Email, Role: st.Role}
	if a, ok := httpcore.ClientAddr(r.Context()); ok {
		by.ClientIP = a.String()
	}
	return by
}
