package server

import (
	"slices"
	"testing"
)

func TestPreloadsFor(t *testing.T) {
	t.Parallel()
	a := &assets{manifest: map[string]manifestEntry{
		clientEntry:            {File: "assets/entry.js", Imports: []string{"_react.js"}, IsEntry: true},
		"_react.js":            {File: "assets/react.js"},
		"_shared.js":           {File: "assets/shared.js", Imports: []string{clientEntry, "_react.js"}},
		"src/pages/home.tsx":   {File: "assets/home.js", Imports: []string{clientEntry, "_shared.js", "_react.js"}},
		"src/pages/about.tsx":  {File: "assets/about.js", Imports: []string{clientEntry}},
		"src/pages/orphan.tsx": {File: "assets/orphan.js", Imports: []string{"_missing.js"}},
	}}
	tests := []struct {
		page string
		want []string
	}{
		// The entry's own imports first, each file once, never the entry.
		{"home", []string{"/assets/react.js", "/assets/home.js", "/assets/shared.js"}},
		// A page that imports only the entry still gets what the entry imports.
		{"about", []string{"/assets/react.js", "/assets/about.js"}},
		{"orphan", []string{"/assets/react.js", "/assets/orphan.js"}},
		{"unknown", []string{"/assets/react.js"}},
	}
	for _, tt := range tests {
		if got := a.preloadsFor(tt.page); !slices.Equal(got, tt.want) {
			t.Errorf("preloadsFor(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}
