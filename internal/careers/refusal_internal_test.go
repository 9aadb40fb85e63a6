package careers

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// A document that could not be checked for want of room (docfile's decode
// budget) is refused for now, whole, with its time to retry: not read as a
// broken request (422) nor blamed on the file.
func TestRefusalKeepsBusyRefusals(t *testing.T) {
	t.Parallel()
	busy := &domain.Refused{Err: domain.Errorf(domain.EBusy, "Too many images are being checked right now."), Retry: 30 * time.Second}
	sub := &Submission{}
	got := sub.refusal(domain.ResumePart, "scan.png", &countingReader{n: 1024}, fmt.Errorf("check: %w", busy))
	var refused *domain.Refused
	if !errors.As(got, &refused) || refused != busy {
		t.Fatalf("refusal = %#v, want the busy refusal itself", got)
	}
	var re *ReadError
	if errors.As(got, &re) {
		t.Errorf("a busy refusal was passed on as a read error: %v", got)
	}
	// A verdict on the file is still the file's.
	got = sub.refusal(domain.ResumePart, "cv.pdf", &countingReader{n: 1024}, domain.Errorf(domain.EInvalid, "This PDF is damaged."))
	var de *domain.Error
	if !errors.As(got, &de) || de.Fields[domain.ResumePart] != "This PDF is damaged." {
		t.Errorf("refusal of a bad file = %#v", got)
	}
}
