package console

import (
	"testing"

	"corpsite/internal/httpcore"
)

func TestStaffPage(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]int{"": 1, "1": 1, "27": 27, "10000": 10000} {
		if got, err := staffPage(raw); err != nil || got != want {
			t.Errorf("staffPage(%q) = %d, %v; want %d", raw, got, err, want)
		}
	}
	for _, raw := range []string{"0", "-1", "+2", "02", "10001", "1e3", "x", " 1", "99999999999999999999"} {
		if _, err := staffPage(raw); err == nil || httpcore.StatusFor(err) != 400 {
			t.Errorf("staffPage(%q) accepted or not a 400: %v", raw, err)
		}
	}
}
