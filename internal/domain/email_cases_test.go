package domain

import (
	"encoding/json"
	"os"
	"testing"
)

// TestValidEmailSharedCases runs the table the web app's Vitest suite runs
// too (web/src/lib/form-rules.test.ts), so both sides accept the same
// addresses; TestEmailRuleIsValidEmail runs it through the forms' rules.
func TestValidEmailSharedCases(t *testing.T) {
	b, err := os.ReadFile("testdata/email-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Email string `json:"email"`
			Valid bool   `json:"valid"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range table.Cases {
		if got := ValidEmail(c.Email); got != c.Valid {
			t.Errorf("ValidEmail(%q) = %v, want %v", c.Email, got, c.Valid)
		}
	}
}
