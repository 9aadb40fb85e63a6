package server_test

import (
	"fmt"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

// TestPrivacyPageStatesConfiguredRetention: the privacy page says how long
// applications are kept as the operator configured it, in the server's
// HTML and in the boot data the browser hydrates from; unset, the default.
func TestPrivacyPageStatesConfiguredRetention(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ configured, want int }{
		{90, 90},
		{0, domain.DefaultRetentionDays},
	} {
		f := newFixture(t, func(o *server.Options) { o.RetentionDays = tc.configured })
		res := f.get(t, "/privacy")
		if res.Status != 200 {
			t.Fatalf("GET /privacy: status %d", res.Status)
		}
		if want := fmt.Sprintf("%d days by default", tc.want); !strings.Contains(res.Body, want) {
			t.Errorf("configured %d: the page does not say %q", tc.configured, want)
		}
		if want := fmt.Sprintf(`"settings":{"retentionDays":%d,"siteUrl":"%s"}`, tc.want, baseURL); !strings.Contains(res.Body, want) {
			t.Errorf("configured %d: boot data lacks %s", tc.configured, want)
		}
	}
}
