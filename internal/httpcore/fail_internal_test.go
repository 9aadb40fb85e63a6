package httpcore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request whose client has gone is not logged as a failure; the same
// error while the client is still there is.
func TestFailClientGoneIsNotAnError(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	c := &Config{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	in := func(r *http.Request) *http.Request {
		return r.WithContext(context.WithValue(r.Context(), ctxKey{}, &request{id: "test", cfg: c}))
	}
	err := fmt.Errorf("sqlite: RecordVitals: %w", context.Canceled)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	Fail(httptest.NewRecorder(), in(httptest.NewRequest("POST", "/api/vitals", nil).WithContext(ctx)), err)
	if logs.Len() != 0 {
		t.Errorf("client gone: logged %q, want nothing at info level", logs.String())
	}

	rec := httptest.NewRecorder()
	Fail(rec, in(httptest.NewRequest("POST", "/api/vitals", nil)), err)
	if !strings.Contains(logs.String(), "level=ERROR") || rec.Code != 500 {
		t.Errorf("client still there: %d, logged %q; want 500 and an error line", rec.Code, logs.String())
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatal("test error does not wrap context.Canceled")
	}
}
