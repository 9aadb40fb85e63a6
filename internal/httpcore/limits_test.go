package httpcore

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// A route declares a body limit larger than the default, as the job
// application upload will; the default limit does not cap it, and the
// route's own limit holds.
func TestRouteBodyLimits(t *testing.T) {
	c := &Config{Log: slog.New(slog.DiscardHandler)}
	form := Limits{MaxBody: 64 << 10, ReadTimeout: 10 * time.Second}
	upload := Limits{MaxBody: 8 * DefaultMaxBody, ReadTimeout: 30 * time.Second, UploadTimeout: 10 * time.Minute}
	count := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := io.Copy(io.Discard, r.Body)
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			WriteAPIError(w, http.StatusRequestEntityTooLarge, CodeTooLarge, "too large")
			return
		}
		_, _ = io.WriteString(w, strconv.FormatInt(n, 10))
	})
	mux := http.NewServeMux()
	mux.Handle("POST /api/test/upload", WithLimits(upload, count))
	mux.Handle("POST /api/test/form", WithLimits(form, count))
	mux.Handle("POST /api/test/plain", count)
	h := Middleware(c, mux)

	tests := []struct {
		path string
		size int64
		want int
	}{
		{"/api/test/plain", DefaultMaxBody, http.StatusOK},
		{"/api/test/plain", DefaultMaxBody + 1, http.StatusRequestEntityTooLarge},
		{"/api/test/form", form.MaxBody, http.StatusOK},
		{"/api/test/form", form.MaxBody + 1, http.StatusRequestEntityTooLarge},
		{"/api/test/upload", 2 * DefaultMaxBody, http.StatusOK},
		{"/api/test/upload", upload.MaxBody, http.StatusOK},
		{"/api/test/upload", upload.MaxBody + 1, http.StatusRequestEntityTooLarge},
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
}

// zeros is an endless body.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
