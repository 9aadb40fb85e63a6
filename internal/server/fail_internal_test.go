package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request whose client has gone is not logged as a failure; the same
// error while the client is still there is.
func TestFailClientGoneIsNotAnError(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	s := &Server{log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	err := fmt.Errorf("sqlite: RecordVitals: %w", context.Canceled)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.fail(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/vitals", nil).WithContext(ctx), err)
	if logs.Len() != 0 {
		t.Errorf("client gone: logged %q, want nothing at info level", logs.String())
	}

	rec := httptest.NewRecorder()
	s.fail(rec, httptest.NewRequest("POST", "/api/vitals", nil), err)
	if !strings.Contains(logs.String(), "level=ERROR") || rec.Code != 500 {
		t.Errorf("client still there: %d, logged %q; want 500 and an error line", rec.Code, logs.String())
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatal("test error does not wrap context.Canceled")
	}
}
