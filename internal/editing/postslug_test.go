package editing_test

import (
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

func TestSuggestPostSlug(t *testing.T) {
	for _, tc := range []struct{ title, want string }{
		{"Hello, World!", "hello-world"},
		{"  Cloud   Native -- in 2026 ", "cloud-native-in-2026"},
		{"Crème brûlée à Paris", "creme-brulee-a-paris"},
		{"Straße & Œuvre", "strasse-and-oeuvre"},
		{"What's new in Go 1.24?", "whats-new-in-go-1-24"},
		{"Łódź — Ærø", "lodz-aero"},
		{"ﬁne ①", "fine-1"},
		{"日本語", ""},
		{"Tag", "tag-post"},
		{"", ""},
	} {
		got := editing.SuggestPostSlug(tc.title)
		if got != tc.want {
			t.Errorf("SuggestPostSlug(%q) = %q, want %q", tc.title, got, tc.want)
		}
		if domain.PostSlugProblem(got) != "" {
			t.Errorf("SuggestPostSlug(%q) = %q, which is not a valid slug", tc.title, got)
		}
	}
	long := editing.SuggestPostSlug(strings.Repeat("word ", 40))
	if len(long) > domain.PostSlugMax || domain.PostSlugProblem(long) != "" || strings.HasSuffix(long, "-") || !strings.HasSuffix(long, "word") {
		t.Errorf("long title: %q", long)
	}
	one := editing.SuggestPostSlug(strings.Repeat("x", 100))
	if one != strings.Repeat("x", 80) {
		t.Errorf("one long word: %q", one)
	}
}
