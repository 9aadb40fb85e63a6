package domain

import (
	"strings"
	"testing"
)

func TestPostSlugProblem(t *testing.T) {
	for _, tc := range []struct {
		slug, want string
	}{
		{"", ""},
		{"a", ""},
		{"cloud-native-2026", ""},
		{strings.Repeat("a", 80), ""},
		{strings.Repeat("a", 81), MsgSlugLong},
		{"Cloud", MsgSlugChars},
		{"cloud_native", MsgSlugChars},
		{"café", MsgSlugChars},
		{"a b", MsgSlugChars},
		{"a/b", MsgSlugChars},
		{"-a", MsgSlugHyphens},
		{"a-", MsgSlugHyphens},
		{"a--b", MsgSlugHyphens},
		{"-", MsgSlugHyphens},
		{"tag", MsgSlugReserved},
		{"feed", MsgSlugReserved},
		{"page", MsgSlugReserved},
		{"tagged", ""},
	} {
		if got := PostSlugProblem(tc.slug); got != tc.want {
			t.Errorf("PostSlugProblem(%q) = %q, want %q", tc.slug, got, tc.want)
		}
	}
}

func TestBlogPostPath(t *testing.T) {
	if got := (BlogPost{ID: "abc"}).Path(); got != "/blog/abc" {
		t.Errorf("without slug: %q", got)
	}
	if got := (BlogPost{ID: "abc", Slug: "hello"}).Path(); got != "/blog/hello" {
		t.Errorf("with slug: %q", got)
	}
}
