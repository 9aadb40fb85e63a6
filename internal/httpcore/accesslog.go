package httpcore

import (
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// accessEntry is what the access log line of a request says, its strings
// already cut for the log (logMethod, logPath, clientTag).
type accessEntry struct {
	id, method, path, client string
	status, bytes            int
	durationMS               float64
}

// attrs are the line's attributes for slog, in the line's order.
func (e *accessEntry) attrs() []slog.Attr {
	return []slog.Attr{
		slog.String("request_id", e.id),
		slog.String("method", e.method),
		slog.String("path", e.path),
		slog.String("client", e.client),
		slog.Int("status", e.status),
		slog.Int("bytes", e.bytes),
		slog.Float64("duration_ms", e.durationMS),
	}
}

// accessBufs holds the buffers access lines are made in. A line is short
// and bounded (the path and method are cut before they are escaped), so
// every buffer goes back.
var accessBufs = sync.Pool{New: func() any { return new([]byte) }}

// writeAccessLine writes the access log line of a request to w
// in one Write, made in a pooled buffer: slog's Record and handler cost a
// few percent of a cached page, and this line is on every request's path.
func writeAccessLine(w io.Writer, t time.Time, e *accessEntry) {
	bp := accessBufs.Get().(*[]byte)
	*bp = e.appendLine((*bp)[:0], t)
	// As with slog, a failed write is not the request's concern.
	_, _ = w.Write(*bp)
	accessBufs.Put(bp)
}

// appendLine appends the line, stamped t, byte for byte as
// slog.NewJSONHandler (without options) writes
// LogAttrs(ctx, slog.LevelInfo, "request", ...) with the attributes of the
// middleware's slog path, in the same order.
func (e *accessEntry) appendLine(b []byte, t time.Time) []byte {
	// slog writes a JSON record's time as RFC 3339 with nanoseconds, in
	// the time's own zone, not cut to milliseconds as in its text lines.
	b = append(b, `{"time":"`...)
	b = t.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"request","request_id":`...)
	b = appendJSONString(b, e.id)
	b = append(b, `,"method":`...)
	b = appendJSONString(b, e.method)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, e.path)
	b = append(b, `,"client":`...)
	b = appendJSONString(b, e.client)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(e.status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(e.bytes), 10)
	b = append(b, `,"duration_ms":`...)
	// slog writes floats as encoding/json does: like 'f' except below
	// 1e-6 or from 1e21 up, where it takes an exponent. Whole
	// microseconds in milliseconds are 0 or at least 0.001, and far
	// below 1e21.
	b = strconv.AppendFloat(b, e.durationMS, 'f', -1, 64)
	return append(b, "}\n"...)
}

// appendJSONString appends s quoted as encoding/json without HTML escaping
// (so slog's JSONHandler) writes it: '"', '\\' and control characters
// escaped (\n, \r and \t by name), each byte of invalid UTF-8 as \ufffd,
// and U+2028 and U+2029 escaped, as JavaScript takes them for line ends.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
