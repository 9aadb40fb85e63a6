package editing_test

import (
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

// The slug and search fields are checked with every save, each with its
// own message; within the limits, a post saves.
func TestCheckPostSEOFields(t *testing.T) {
	t.Parallel()
	ok := post("<p>Words.</p>")
	ok.Slug, ok.SEOTitle, ok.SEODescription = "a-post", strings.Repeat("t", 70), strings.Repeat("é", 160)
	if err := editing.CheckPost(ok, true); err != nil {
		t.Fatalf("valid fields refused: %v", err)
	}
	for _, tc := range []struct {
		name, field, want string
		edit              func(*domain.BlogPost)
	}{
		{"slug with capitals", "slug", domain.MsgSlugChars, func(p *domain.BlogPost) { p.Slug = "A-Post" }},
		{"slug with a space", "slug", domain.MsgSlugChars, func(p *domain.BlogPost) { p.Slug = "a post" }},
		{"slug with double hyphen", "slug", domain.MsgSlugHyphens, func(p *domain.BlogPost) { p.Slug = "a--post" }},
		{"reserved slug", "slug", domain.MsgSlugReserved, func(p *domain.BlogPost) { p.Slug = "tag" }},
		{"long slug", "slug", domain.MsgSlugLong, func(p *domain.BlogPost) { p.Slug = strings.Repeat("a", 81) }},
		{"long SEO title", "seoTitle", editing.MsgPostSEOTitleLong, func(p *domain.BlogPost) { p.SEOTitle = strings.Repeat("t", 71) }},
		{"SEO title on two lines", "seoTitle", editing.MsgPostSEOTitleLine, func(p *domain.BlogPost) { p.SEOTitle = "a\nb" }},
		{"long description", "seoDescription", editing.MsgPostSEODescriptionLong, func(p *domain.BlogPost) { p.SEODescription = strings.Repeat("d", 161) }},
		{"description with a tab", "seoDescription", editing.MsgPostSEODescriptionLine, func(p *domain.BlogPost) { p.SEODescription = "a\tb" }},
	} {
		p := ok
		tc.edit(&p)
		for _, publish := range []bool{false, true} {
			if got := fieldOf(t, editing.CheckPost(p, publish), tc.field); got != tc.want {
				t.Errorf("%s (publish %v): %s = %q, want %q", tc.name, publish, tc.field, got, tc.want)
			}
		}
	}
}
