package domain_test

import (
	"strings"
	"testing"

	"corpsite/internal/domain"
)

func TestTagSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Go":               "go",
		"Cloud Native":     "cloud-native",
		"cloud  -- native": "cloud-native",
		"-Edge-":           "edge",
		"Über Café":        "über-café",
		"K8s 2026":         "k8s-2026",
		"C++":              "c",
		"  ":               "",
	} {
		if got := domain.TagSlug(in); got != want {
			t.Errorf("TagSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeTags(t *testing.T) {
	got := domain.NormalizeTags([]string{"  Cloud   Native ", "", "   ", "Go"})
	if strings.Join(got, "|") != "Cloud Native|Go" {
		t.Errorf("NormalizeTags = %q", got)
	}
}

func TestTagsProblem(t *testing.T) {
	ok := [][]string{
		nil,
		{"Go", "Cloud Native", "front-end", "Ünïcode", "AI"},
		{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"},
		{strings.Repeat("x", 30)},
	}
	for _, tags := range ok {
		if msg := domain.TagsProblem(tags); msg != "" {
			t.Errorf("TagsProblem(%q) = %q, want none", tags, msg)
		}
	}
	bad := map[string][]string{
		"at most 8 tags":                 {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"},
		"“x” must be 2 to 30":            {"x"},
		"must be 2 to 30":                {strings.Repeat("x", 31)},
		"only letters, digits":           {"C++"},
		"only letters, digits, spaces ":  {"a_b"},
		"needs at least one letter":      {"--"},
		"“Go” and “go” are the same tag": {"Go", "go"},
		"are the same tag":               {"cloud native", "Cloud-Native"},
	}
	for want, tags := range bad {
		if msg := domain.TagsProblem(tags); !strings.Contains(msg, want) {
			t.Errorf("TagsProblem(%q) = %q, want it to contain %q", tags, msg, want)
		}
	}
}

func TestValidTagSlug(t *testing.T) {
	for s, want := range map[string]bool{
		"go": true, "cloud-native": true, "über": true,
		"Go": false, "cloud--native": false, "-go": false, "go-": false, "g": false, "": false,
		"a%20b": false, "a b": false, strings.Repeat("x", 31): false,
	} {
		if got := domain.ValidTagSlug(s); got != want {
			t.Errorf("ValidTagSlug(%q) = %v, want %v", s, got, want)
		}
	}
}
