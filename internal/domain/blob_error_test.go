package domain

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// BlobErr tells the folder and the kind of failure, never the key, and
// keeps the cause reachable.
func TestBlobErrNamesNoKey(t *testing.T) {
	key := "resumes/asha-secretname-1763856000000-k3j5x7qa.pdf"
	tests := []struct {
		key   string
		cause error
		want  string
	}{
		{key, fmt.Errorf("open %q: %w", key, context.Canceled), "store document in resumes/: canceled"},
		{key, &Error{Code: ENotFound, Message: "No such file " + key}, "store document in resumes/: not_found"},
		{key, fmt.Errorf("blob: %s is broken", key), "store document in resumes/: *errors.errorString"},
		{"asha-secretname/x.pdf", errors.New("asha-secretname"), "store document in ?/: *errors.errorString"},
	}
	for _, tt := range tests {
		err := BlobErr("store", tt.key, tt.cause)
		if got := err.Error(); got != tt.want || strings.Contains(got, "secretname") {
			t.Errorf("BlobErr(%v) = %q, want %q", tt.cause, got, tt.want)
		}
		if !errors.Is(err, tt.cause) {
			t.Errorf("BlobErr(%v) does not wrap its cause", tt.cause)
		}
	}
	if BlobErr("store", key, nil) != nil {
		t.Error("BlobErr of nil is not nil")
	}
}
