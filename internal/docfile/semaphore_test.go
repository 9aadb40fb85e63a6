package docfile

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"testing"
	"time"
)

// TestDecodeWaitHonoursContext: with every decode slot taken, an image
// upload waits, gives up when its context ends and leaves nothing behind;
// once a slot frees up, it goes through.
func TestDecodeWaitHonoursContext(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	for range cap(decodeSlots) {
		decodeSlots <- struct{}{}
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := Check(ctx, IDDocument, "id.png", bytes.NewReader(b.Bytes()), dir)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("with all slots taken: got %v, want context.DeadlineExceeded", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left behind", len(ents))
	}

	done := make(chan error, 1)
	go func() {
		c, err := Check(context.Background(), IDDocument, "id.png", bytes.NewReader(b.Bytes()), dir)
		if err == nil {
			c.Remove()
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("decoded without a free slot: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	<-decodeSlots
	if err := <-done; err != nil {
		t.Errorf("after a slot freed up: %v", err)
	}
	for range cap(decodeSlots) - 1 {
		<-decodeSlots
	}
}
