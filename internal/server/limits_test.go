package server

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// A route declares a body limit larger than the default, as the job
// application upload will; the default limit does not cap it, and the
// route's own limit holds.
func TestRouteBodyLimits(t *testing.T) {
	t.Parallel()
	s := &Server{log: slog.New(slog.DiscardHandler)}
	count := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := io.Copy(io.Discard, r.Body)
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.writeAPIError(w, r, http.StatusRequestEntityTooLarge, codeTooLarge, "too large")
			return
		}
		_, _ = io.WriteString(w, strconv.FormatInt(n, 10))
	})
	mux := http.NewServeMux()
	mux.Handle("POST /api/test/upload", s.withLimits(uploadLimits, count))
	mux.Handle("POST /api/test/form", s.withLimits(formLimits, count))
	mux.Handle("POST /api/test/plain", count)
	h := s.middleware(mux)

	tests := []struct {
		path string
		size int64
		want int
	}{
		{"/api/test/plain", defaultMaxBody, http.StatusOK},
		{"/api/test/plain", defaultMaxBody + 1, http.StatusRequestEntityTooLarge},
		{"/api/test/form", formLimits.maxBody, http.StatusOK},
		{"/api/test/form", formLimits.maxBody + 1, http.StatusRequestEntityTooLarge},
		{"/api/test/upload", 2 * defaultMaxBody, http.StatusOK},
		{"/api/test/upload", maxApplication, http.StatusOK},
		{"/api/test/upload", uploadLimits.maxBody, http.StatusOK},
		{"/api/test/upload", uploadLimits.maxBody + 1, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		body := io.LimitReader(zeros{}, tt.size)
		req := httptest.NewRequest(http.MethodPost, tt.path, body)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("%s with %d bytes: status %d, want %d; body %.100s", tt.path, tt.size, rec.Code, tt.want, rec.Body)
			continue
		}
		if tt.want == http.StatusOK && rec.Body.String() != strconv.FormatInt(tt.size, 10) {
			t.Errorf("%s with %d bytes: handler read %s bytes", tt.path, tt.size, rec.Body)
		}
	}
	if uploadLimits.maxBody < maxApplication {
		t.Errorf("upload limit %d bytes, want at least the largest application's %d", uploadLimits.maxBody, maxApplication)
	}
	if uploadLimits.uploadTimeout <= ReadTimeout || formLimits.readTimeout > ReadTimeout {
		t.Errorf("read deadlines: upload %v, form %v, default %v; want upload > default >= form",
			uploadLimits.uploadTimeout, formLimits.readTimeout, ReadTimeout)
	}
	if uploadLimits.readTimeout >= uploadLimits.uploadTimeout || uploadLimits.readTimeout > time.Minute {
		t.Errorf("upload route's first deadline %v, want well under its upload deadline %v",
			uploadLimits.readTimeout, uploadLimits.uploadTimeout)
	}
}

// maxApplication is the size of the largest application the rules allow:
// every document at its limit, the longest JSON part, and the framing of
// its parts (a generous 1 KiB each).
const maxApplication = domain.ResumeMaxBytes + (1+domain.MaxCertifications)*domain.DocumentMaxBytes +
	applyJSONMax + (2+domain.MaxCertifications+1)*1024

// zeros is an endless body.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
