package httpcore

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// slogAccessLine is the line the middleware's slog path writes for e at t.
func slogAccessLine(t time.Time, e *accessEntry) []byte {
	var buf bytes.Buffer
	r := slog.NewRecord(t, slog.LevelInfo, "request", 0)
	r.AddAttrs(e.attrs()...)
	_ = slog.NewJSONHandler(&buf, nil).Handle(context.Background(), r)
	return buf.Bytes()
}

// checkAccessLine fails unless e's raw line at at is the slog line: the
// same bytes, so the same values to any JSON parser.
func checkAccessLine(t *testing.T, at time.Time, e *accessEntry) {
	t.Helper()
	raw := e.appendLine(nil, at)
	want := slogAccessLine(at, e)
	if !bytes.Equal(raw, want) {
		t.Errorf("raw access line differs from slog's:\n got %q\nwant %q", raw, want)
	}
	var got, slogged map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("raw access line is not JSON: %v\n%q", err, raw)
	}
	if err := json.Unmarshal(want, &slogged); err != nil {
		t.Fatalf("slog's access line is not JSON: %v\n%q", err, want)
	}
	if d := cmp.Diff(slogged, got); d != "" {
		t.Errorf("raw access line decodes differently from slog's (-slog +raw):\n%s", d)
	}
	if ts, err := time.Parse(time.RFC3339Nano, got["time"].(string)); err != nil || !ts.Equal(at) {
		t.Errorf("time %q parses as %v, %v; want %v", got["time"], ts, err, at)
	}
}

// allBytes is every byte value, in order.
func allBytes() string {
	var b [256]byte
	for i := range b {
		b[i] = byte(i)
	}
	return string(b[:])
}

func TestAccessLineMatchesSlog(t *testing.T) {
	t.Parallel()
	paths := []string{
		"/",
		"",
		`/"quoted"/back\slash\"`,
		"/ctl\x00\x01\x07\b\f\n\r\t\x1b\x1f\x7f/end",
		"/bad\xff\xfe/utf8\xc3/cut\xe2\x82/surrogate\xed\xa0\x80/over\xc0\xaf",
		"/sep\u2028line\u2029para",
		"/replacement\ufffd/char",
		"/<script>alert('x')</script>&amp;",
		"/日本語/é/🙂",
		allBytes(),
		LogPath("/" + strings.Repeat("é", 200)),
		LogPath("/" + strings.Repeat(`"\`, 300)),
		LogPath("/" + strings.Repeat("\x00\xff\u2028", 100)),
	}
	durations := []float64{0, 0.001, 0.01, 1.5, 12.345, 999.999, 1234567.891, float64(int64(1)<<62/1e6) / 1000}
	zones := []*time.Location{time.UTC, time.Local, time.FixedZone("", 5*3600+30*60), time.FixedZone("", -8*3600)}
	at := time.Date(2026, 11, 25, 5, 48, 40, 123456789, time.UTC)
	for i, p := range paths {
		e := &accessEntry{
			id:         newRequestID(),
			method:     logMethod([]string{"GET", "HEAD", "POST", `M"\` + "\x00\u2028", strings.Repeat("X", 40)}[i%5]),
			path:       p,
			client:     []string{"3f2a1b0c9d8e", p, ""}[i%3],
			status:     []int{200, 404, 500, 0}[i%4],
			bytes:      []int{0, 1, 123456, 1 << 40}[i%4],
			durationMS: durations[i%len(durations)],
		}
		checkAccessLine(t, at.In(zones[i%len(zones)]), e)
	}
	e := &accessEntry{id: "0123456789abcdef", method: "GET", path: "/", client: "3f2a1b0c9d8e", status: 200}
	for _, d := range durations {
		e.durationMS = d
		checkAccessLine(t, at, e)
	}
	// Times whose nanoseconds RFC3339Nano trims, and one as time.Now
	// gives it, with a monotonic reading.
	for _, ts := range []time.Time{at.Truncate(time.Second), at.Truncate(time.Millisecond), at.Add(-123456780), time.Now()} {
		checkAccessLine(t, ts, e)
	}
}

func FuzzAccessLine(f *testing.F) {
	f.Add("GET", `/"a\b"`, "3f2a1b0c9d8e", 200, 1234, int64(1500))
	f.Add("X\x00", "/\xff\u2028<&>", "\t", 404, 0, int64(0))
	f.Fuzz(func(t *testing.T, method, path, client string, status, size int, micros int64) {
		at := time.Date(2026, 11, 25, 5, 48, 40, 123456789, time.UTC)
		checkAccessLine(t, at, &accessEntry{
			id: newRequestID(), method: method, path: path, client: client,
			status: status, bytes: size, durationMS: float64(micros) / 1000,
		})
	})
}

// BenchmarkAccessLine writes one access line to io.Discard through slog's
// JSON handler, as the middleware does without Options.AccessLog, and
// raw, as it does with it.
func BenchmarkAccessLine(b *testing.B) {
	e := &accessEntry{
		id: newRequestID(), method: "GET", path: "/jobs/senior-backend-engineer",
		client: "3f2a1b0c9d8e", status: 200, bytes: 48213, durationMS: 0.187,
	}
	ctx := context.Background()
	b.Run("slog", func(b *testing.B) {
		log := slog.New(slog.NewJSONHandler(io.Discard, nil))
		b.ReportAllocs()
		for b.Loop() {
			// The middleware's slog path as it was before the raw line:
			// the attributes inline, no slice.
			log.LogAttrs(ctx, slog.LevelInfo, "request",
				slog.String("request_id", e.id),
				slog.String("method", e.method),
				slog.String("path", e.path),
				slog.String("client", e.client),
				slog.Int("status", e.status),
				slog.Int("bytes", e.bytes),
				slog.Float64("duration_ms", e.durationMS),
			)
		}
	})
	b.Run("raw", func(b *testing.B) {

		b.ReportAllocs()
		for b.Loop() {
			writeAccessLine(io.Discard, time.Now(), e)
		}
	})
}
