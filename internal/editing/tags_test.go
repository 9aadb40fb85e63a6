package editing_test

import (
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

// A post's tags are checked with its other fields, saved or published.
func TestCheckPostTags(t *testing.T) {
	p := domain.BlogPost{Title: "Tagged", Content: "<h2>One</h2><p>Words.</p>", Tags: []string{"Go", "Cloud Native"}}
	for _, publish := range []bool{false, true} {
		if got := fieldOf(t, editing.CheckPost(p, publish), "tags"); got != "" {
			t.Errorf("valid tags (publish %v): %q", publish, got)
		}
	}
	p.Tags = []string{"Go", "go"}
	if got := fieldOf(t, editing.CheckPost(p, false), "tags"); !strings.Contains(got, "are the same tag") {
		t.Errorf("repeated tag: %q", got)
	}
	p.Tags = []string{"C#"}
	if got := fieldOf(t, editing.CheckPost(p, true), "tags"); !strings.Contains(got, "only letters, digits, spaces and hyphens") {
		t.Errorf("bad characters: %q", got)
	}
}
