package domain

import (
	"encoding/json"
	"maps"
	"os"
	"testing"
)

// commentCases is testdata/comment-cases.json, the table the web app's
// comment form runs too.
type commentCases struct {
	Comment map[string]string `json:"comment"`
	Cases   []struct {
		Name string            `json:"name"`
		Set  map[string]string `json:"set"`
		Want map[string]string `json:"want"`
		Spam *string           `json:"spam"`
	} `json:"cases"`
}

// TestCommentSharedCases runs the shared table through Normalize, Validate
// and, where a case states it, CommentSpamReason.
func TestCommentSharedCases(t *testing.T) {
	b, err := os.ReadFile("testdata/comment-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table commentCases
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 10 {
		t.Fatalf("only %d cases", len(table.Cases))
	}
	for _, tc := range table.Cases {
		fields := maps.Clone(table.Comment)
		maps.Copy(fields, tc.Set)
		c := Comment{Name: fields["name"], Email: fields["email"], Website: fields["website"], Comment: fields["comment"]}
		c.Normalize()
		got := ErrorFields(c.Validate())
		if got == nil {
			got = map[string]string{}
		}
		if !maps.Equal(got, tc.Want) {
			t.Errorf("%s: fields mismatch\nwant %v\n got %v", tc.Name, tc.Want, got)
		}
		if tc.Spam != nil {
			if reason := CommentSpamReason(c); reason != *tc.Spam {
				t.Errorf("%s: CommentSpamReason = %q, want %q", tc.Name, reason, *tc.Spam)
			}
		}
	}
}

// TestCommentMessagesSingleLine keeps the generated single-line message in
// step with the one fieldErrors.singleLine writes.
func TestCommentMessagesSingleLine(t *testing.T) {
	c := Comment{Name: "A\nB", Email: "a@example.com", Comment: "x"}
	if got := ErrorFields(c.Validate())["name"]; got != CommentMessages.SingleLine {
		t.Errorf("a name with a line break is told %q, want CommentMessages.SingleLine %q", got, CommentMessages.SingleLine)
	}
}
