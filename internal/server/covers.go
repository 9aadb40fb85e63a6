package server

// Blog cover images and staff photos are uploaded, scaled and stored by
// the staff console (internal/console/covers.go, profile.go); the site
// serves them to everyone.

import (
	"io"
	"net/http"
	"path"
	"strconv"

	"corpsite/internal/console"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/media"
)

// GET /covers/{name}: a cover image file. Only names a cover is stored
// under are served, from the covers/ folder only, with the type their
// extension says (never what the store reports or the bytes suggest); the
// content never changes under a name, so it is cached for a year.
func (s *Server) serveCover(w http.ResponseWriter, r *http.Request) {
	s.serveImage(w, r, console.CoverKey("/"+console.CoverFolder+"/"+r.PathValue("name")))
}

// GET /photos/{name}: a staff photo file, served as a cover file is.
func (s *Server) servePhoto(w http.ResponseWriter, r *http.Request) {
	s.serveImage(w, r, console.PhotoKey("/"+console.PhotoFolder+"/"+r.PathValue("name")))
}

// serveImage serves the image file under blob key ("" = not one).
func (s *Server) serveImage(w http.ResponseWriter, r *http.Request, key string) {
	if key == "" || s.blobs == nil {
		s.serveNotFound(w, r)
		return
	}
	rc, info, err := s.blobs.Open(r.Context(), key)
	if domain.IsNotFound(err) {
		s.serveNotFound(w, r)
		return
	}
	if err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", media.ContentType(path.Ext(key)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if info.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = io.Copy(w, rc)
}
