package server

import "net/http"

// GET /api/jobs: open positions, newest first.
func (s *Server) apiJobs(r *http.Request) (any, error) {
	return s.publicJobs(r.Context())
}

// GET /api/jobs/{id}: one open position.
func (s *Server) apiJob(r *http.Request) (any, error) {
	j, err := s.publicJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return s.publicJobView(r.Context(), j)
}
