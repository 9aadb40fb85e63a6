package logbuf

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"corpsite/internal/testwait"
)

// lockedBuffer is an underlying writer that records each write; gate, when
// set, holds every write until it is closed.
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
	gate   chan struct{}
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	if l.gate != nil {
		<-l.gate
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestLinesArriveInOrderWithinTheDelay(t *testing.T) {
	out := &lockedBuffer{}
	w := New(out, 0, 20*time.Millisecond)
	defer w.Close()
	for i := range 100 {
		fmt.Fprintf(w, "line %d\n", i)
	}
	testwait.Eventually(t, 5*time.Second, "the 100 lines to be written", func() bool {
		return strings.Count(out.String(), "\n") >= 100
	})
	var want strings.Builder
	for i := range 100 {
		fmt.Fprintf(&want, "line %d\n", i)
	}
	if got := out.String(); got != want.String() {
		t.Fatalf("got %q", got)
	}
	out.mu.Lock()
	writes := out.writes
	out.mu.Unlock()
	if writes >= 100 {
		t.Fatalf("%d writes for 100 lines: not batched", writes)
	}
}

func TestCloseWritesWhatIsLeftAndLaterLinesDirectly(t *testing.T) {
	out := &lockedBuffer{}
	w := New(out, 0, time.Hour) // only Close can write the batch
	fmt.Fprint(w, "a\nb\n")
	if out.String() != "" {
		t.Fatal("written before the delay")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "a\nb\n" {
		t.Fatalf("after Close: %q", got)
	}
	fmt.Fprint(w, "c\n")
	if got := out.String(); got != "a\nb\nc\n" {
		t.Fatalf("a line after Close: %q", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
}

func TestFullBufferDropsAndCountsLines(t *testing.T) {
	gate := make(chan struct{})
	out := &lockedBuffer{gate: gate}
	w := New(out, 100, time.Millisecond)
	line := strings.Repeat("x", 19) + "\n" // 20 bytes
	// The first batch is taken and stuck in the gated write; then the
	// buffer fills (5 lines of 20 bytes) and the rest is dropped.
	fmt.Fprint(w, line)
	testwait.Eventually(t, 5*time.Second, "the first line to be taken from the buffer", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		return len(w.buf) == 0
	})
	for range 12 {
		fmt.Fprint(w, line)
	}
	w.mu.Lock()
	held, dropped := len(w.buf), w.dropped
	w.mu.Unlock()
	if held > 100 {
		t.Fatalf("holds %d bytes, max 100", held)
	}
	if dropped != 7 {
		t.Fatalf("dropped %d lines, want 7", dropped)
	}
	close(gate)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, line); n != 6 {
		t.Fatalf("%d lines written, want 6: %q", n, got)
	}
	if !strings.Contains(got, `"msg":"log lines dropped: the log could not keep up","dropped":7}`) {
		t.Fatalf("no line counting the dropped ones: %q", got)
	}
}

func TestConcurrentWritersLoseNothingWithinBounds(t *testing.T) {
	out := &lockedBuffer{}
	w := New(out, 0, time.Millisecond)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				fmt.Fprintf(w, "g%d-%d\n", g, i)
			}
		}()
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for g := range 8 {
		last := -1
		for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
			var lg, i int
			if _, err := fmt.Sscanf(l, "g%d-%d", &lg, &i); err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			if lg != g {
				continue
			}
			if i != last+1 {
				t.Fatalf("goroutine %d: line %d after %d", g, i, last)
			}
			last = i
		}
		if last != 499 {
			t.Fatalf("goroutine %d: last line %d", g, last)
		}
	}
}
