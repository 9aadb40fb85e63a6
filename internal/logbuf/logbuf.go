// Package logbuf is the writer under the site's log: lines are gathered in
// memory and written out in batches by one goroutine, so a request never
// waits on a write to stderr (one system call per access line was a tenth
// of a cached page's cost). Memory is bounded: a line that arrives while
// the buffer is full is dropped, and the number dropped is written as a
// line of its own once there is room.
//
// Lines reach the file within Delay, or sooner when the buffer fills up.
// Close writes out what is left; a process that dies without closing
// loses at most the last Delay's lines.
package logbuf

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Defaults for New.
const (
	DefaultMax   = 1 << 20 // bytes held at most
	DefaultDelay = 50 * time.Millisecond
)

// Writer batches whole lines (each Write is taken as one or more whole
// lines, which is how log/slog's handlers write) to an underlying writer.
// It is safe for concurrent use.
type Writer struct {
	out   io.Writer
	max   int
	delay time.Duration
	now   func() time.Time

	mu      sync.Mutex
	buf     []byte // lines not yet written
	dropped int    // lines refused since the last batch
	closed  bool

	wake chan struct{} // the buffer was empty and has lines, or is half full
	stop chan struct{}
	done chan struct{}

	outMu sync.Mutex // one batch written at a time, in order
	spare []byte
}

// New returns a Writer to out holding at most max bytes, writing lines
// within delay of their arrival. Zero values take the defaults.
func New(out io.Writer, max int, delay time.Duration) *Writer {
	if max <= 0 {
		max = DefaultMax
	}
	if delay <= 0 {
		delay = DefaultDelay
	}
	w := &Writer{
		out: out, max: max, delay: delay, now: time.Now,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
	}
	go w.loop()
	return w
}

// Write takes p as whole lines. It never blocks on the underlying writer:
// when p does not fit in what is left of the buffer, it is dropped and
// counted. After Close, p is written at once.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		w.outMu.Lock()
		defer w.outMu.Unlock()
		return w.out.Write(p)
	}
	if len(w.buf)+len(p) > w.max {
		w.dropped++
		w.mu.Unlock()
		return len(p), nil
	}
	wasEmpty := len(w.buf) == 0 && w.dropped == 0
	w.buf = append(w.buf, p...)
	urgent := len(w.buf) >= w.max/2
	w.mu.Unlock()
	if wasEmpty || urgent {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// Flush writes out every line taken so far.
func (w *Writer) Flush() error {
	w.outMu.Lock()
	defer w.outMu.Unlock()
	w.mu.Lock()
	batch, dropped := w.buf, w.dropped
	w.buf, w.dropped = w.spare[:0], 0
	w.mu.Unlock()
	if dropped > 0 {
		batch = fmt.Appendf(batch, `{"time":%q,"level":"WARN","msg":"log lines dropped: the log could not keep up","dropped":%d}`+"\n",
			w.now().Format(time.RFC3339Nano), dropped)
	}
	var err error
	if len(batch) > 0 {
		_, err = w.out.Write(batch)
	}
	// The written batch's array is the next buffer's, unless a burst made
	// it far larger than usual.
	if cap(batch) <= w.max+1024 {
		w.spare = batch[:0]
	} else {
		w.spare = nil
	}
	return err
}

// loop writes a batch Delay after the first line of it arrived, or at once
// when the buffer is half full, until Close.
func (w *Writer) loop() {
	defer close(w.done)
	t := time.NewTimer(w.delay)
	t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-w.wake:
		}
		w.mu.Lock()
		urgent := len(w.buf) >= w.max/2
		w.mu.Unlock()
		if !urgent {
			t.Reset(w.delay)
			select {
			case <-w.stop:
				t.Stop()
				return
			case <-t.C:
			case <-w.wake: // half full meanwhile
				t.Stop()
			}
		}
		_ = w.Flush()
	}
}

// Close writes out what is left and stops the batching; later lines are
// written as they come. It is safe to call more than once.
func (w *Writer) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	close(w.stop)
	<-w.done
	return w.Flush()
}
