package domain

import (
	"encoding/json"
	"os"
	"testing"
)

// sourceCases is testdata/source-cases.json: link value → stored source.
type sourceCases struct {
	Cases [][2]string `json:"cases"`
}

func TestNormalizeSource(t *testing.T) {
	b, err := os.ReadFile("testdata/source-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var tc sourceCases
	if err := json.Unmarshal(b, &tc); err != nil {
		t.Fatal(err)
	}
	if len(tc.Cases) < 10 {
		t.Fatalf("%d cases read, want the whole table", len(tc.Cases))
	}
	for _, c := range tc.Cases {
		if got := NormalizeSource(c[0]); got != c[1] {
			t.Errorf("NormalizeSource(%q) = %q, want %q", c[0], got, c[1])
		}
		if got := NormalizeSource(c[1]); got != c[1] {
			t.Errorf("NormalizeSource(%q) = %q: a stored source must stay as it is", c[1], got)
		}
	}
	if NormalizeSource(NoSource) != "" {
		t.Errorf("NoSource %q is a source; it must not be one", NoSource)
	}
}
