package domain

import (
	"encoding/json"
	"maps"
	"os"
	"testing"
)

// formCases is testdata/contact-cases.json or comment-cases.json, the
// tables the web app's contact and comment forms run too: the form's
// fields as typed (under "contact" or "comment"), and cases that set some
// of them and expect field → message.
type formCases struct {
	Contact map[string]string `json:"contact"`
	Comment map[string]string `json:"comment"`
	Cases   []struct {
		Name string            `json:"name"`
		Set  map[string]string `json:"set"`
		Want map[string]string `json:"want"`
		Spam *string           `json:"spam"`
	} `json:"cases"`
}

func loadFormCases(t *testing.T, file string) formCases {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var table formCases
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 30 {
		t.Fatalf("%s: only %d cases", file, len(table.Cases))
	}
	names := map[string]bool{}
	for _, tc := range table.Cases {
		if names[tc.Name] {
			t.Errorf("%s: two cases are named %q", file, tc.Name)
		}
		names[tc.Name] = true
	}
	return table
}

// TestContactSharedCases runs the contact table through Normalize and
// Validate, as the server does.
func TestContactSharedCases(t *testing.T) {
	table := loadFormCases(t, "contact-cases.json")
	for _, tc := range table.Cases {
		fields := maps.Clone(table.Contact)
		maps.Copy(fields, tc.Set)
		m := ContactMessage{Name: fields["name"], Email: fields["email"], Subject: fields["subject"], Message: fields["message"]}
		m.Normalize()
		checkFields(t, tc.Name, tc.Want, ErrorFields(m.Validate()))
	}
	checkCoverage(t, &ContactRules, table)
}

// TestCommentSharedCases runs the comment table through Normalize,
// Validate and, where a case states it, CommentSpamReason.
func TestCommentSharedCases(t *testing.T) {
	table := loadFormCases(t, "comment-cases.json")
	for _, tc := range table.Cases {
		fields := maps.Clone(table.Comment)
		maps.Copy(fields, tc.Set)
		c := Comment{Name: fields["name"], Email: fields["email"], Website: fields["website"], Comment: fields["comment"]}
		c.Normalize()
		checkFields(t, tc.Name, tc.Want, ErrorFields(c.Validate()))
		if tc.Spam != nil {
			if reason := CommentSpamReason(c); reason != *tc.Spam {
				t.Errorf("%s: CommentSpamReason = %q, want %q", tc.Name, reason, *tc.Spam)
			}
		}
	}
	checkCoverage(t, &CommentRules, table)
}

func checkFields(t *testing.T, name string, want, got map[string]string) {
	t.Helper()
	if got == nil {
		got = map[string]string{}
	}
	if !maps.Equal(got, want) {
		t.Errorf("%s: fields mismatch\nwant %v\n got %v", name, want, got)
	}
}

// checkCoverage makes a form's shared cases grow with its table: every
// message of every rule is expected by some case.
func checkCoverage(t *testing.T, rules *RuleSet, table formCases) {
	t.Helper()
	expected := map[string]bool{}
	for _, tc := range table.Cases {
		for p, m := range tc.Want {
			expected[p+" "+m] = true
		}
	}
	for _, r := range rules.Fields {
		for key, m := range r.Messages {
			if !expected[r.Path+" "+m] {
				t.Errorf("no shared case expects %s's %s message %q", r.Path, key, m)
			}
		}
	}
}

// TestEmailRuleIsValidEmail: the forms' e-mail rule accepts exactly what
// ValidEmail accepts (testdata/email-cases.json, which the web app runs
// through the same rule).
func TestEmailRuleIsValidEmail(t *testing.T) {
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
	for _, rules := range []*RuleSet{&ContactRules, &CommentRules, &ApplicationRules} {
		rule := rules.Rule("email")
		only := &RuleSet{Fields: []FieldRule{rule}}
		for _, c := range table.Cases {
			_, refused := ValidateForm(only, map[string]string{"email": c.Email}, "")["email"]
			if refused == c.Valid {
				t.Errorf("the e-mail rule refuses %q: %v, want %v", c.Email, refused, !c.Valid)
			}
		}
	}
}
