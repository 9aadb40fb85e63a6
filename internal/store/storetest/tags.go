package storetest

import (
	"slices"
	"testing"

	"corpsite/internal/domain"
)

// tagTests are the contract cases of blog post tags.
var tagTests = []contractTest{
	{"BlogTags/RoundTrip", testBlogTagsRoundTrip},
	{"BlogTags/FilterAndList", testBlogTagsFilter},
}

// testBlogTagsRoundTrip: tags are stored with the post in their order,
// as typed (spaces normalised), repeats of a slug dropped; an update
// replaces them, none clears them, and deleting the post removes them.
func testBlogTagsRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-tags", t0, domain.PostDraft)
	p.Tags = []string{"Cloud  Native", "Go", "cloud-native", " "}
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	want := []string{"Cloud Native", "Go"}
	if !slices.Equal(p.Tags, want) {
		t.Errorf("CreateBlogPost left Tags %q, want %q", p.Tags, want)
	}
	got, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost after create", p, got)

	p.Tags = []string{"Security", "GO"}
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	list, err := s.ListBlogPosts(ctx, domain.BlogFilter{})
	must(t, err, "ListBlogPosts")
	if len(list) != 1 {
		t.Fatalf("ListBlogPosts = %d posts, want 1", len(list))
	}
	checkDiff(t, "ListBlogPosts after update", p, list[0])

	p.Tags = nil
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	got, err = s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	if got.Tags != nil {
		t.Errorf("Tags after clearing = %q, want none", got.Tags)
	}

	p.Tags = []string{"Go"}
	p.Status = domain.PostPublished
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	must(t, s.DeleteBlogPost(ctx, p.ID), "DeleteBlogPost")
	tags, err := s.ListBlogTags(ctx, 0)
	must(t, err, "ListBlogTags")
	if len(tags) != 0 {
		t.Errorf("ListBlogTags after deleting the post = %+v, want none", tags)
	}
}

// testBlogTagsFilter: BlogFilter.Tag selects the posts with a slug, with
// the other conditions, newest first; ListBlogTags lists the tags of
// published posts only, named as the newest published post spells them;
// changing a published post's tags bumps the content version, a draft's
// does not.
func testBlogTagsFilter(t *testing.T, s domain.Store) {
	ctx := t.Context()
	posts := []struct {
		id     string
		status domain.PostStatus
		tags   []string
	}{
		{"tag-a", domain.PostPublished, []string{"go", "Cloud Native"}},
		{"tag-b", domain.PostPublished, []string{"Go"}},
		{"tag-c", domain.PostDraft, []string{"GO", "Drafts Only"}},
		{"tag-d", domain.PostPublished, nil},
	}
	for i, x := range posts {
		p := newPost(x.id, at(day(i)), x.status)
		p.Tags = x.tags
		must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost "+x.id)
	}
	got, err := s.ListBlogPosts(ctx, domain.BlogFilter{Tag: "go"})
	must(t, err, "ListBlogPosts tag go")
	checkDiff(t, "posts tagged go", []string{"tag-c", "tag-b", "tag-a"}, ids(got, postID))
	got, err = s.ListBlogPosts(ctx, domain.BlogFilter{Tag: "go", PublishedOnly: true, Limit: 1, Offset: 1})
	must(t, err, "ListBlogPosts published tag go page 2")
	checkDiff(t, "published posts tagged go, second", []string{"tag-a"}, ids(got, postID))
	n, err := s.CountBlogPosts(ctx, domain.BlogFilter{Tag: "go", PublishedOnly: true})
	must(t, err, "CountBlogPosts")
	if n != 2 {
		t.Errorf("CountBlogPosts published tag go = %d, want 2", n)
	}
	n, err = s.CountBlogPosts(ctx, domain.BlogFilter{Tag: "drafts-only", PublishedOnly: true})
	must(t, err, "CountBlogPosts")
	if n != 0 {
		t.Errorf("CountBlogPosts published tag drafts-only = %d, want 0", n)
	}

	tags, err := s.ListBlogTags(ctx, 0)
	must(t, err, "ListBlogTags")
	checkDiff(t, "ListBlogTags", []domain.BlogTag{
		{Slug: "cloud-native", Name: "Cloud Native", Posts: 1},
		{Slug: "go", Name: "Go", Posts: 2},
	}, tags)
	tags, err = s.ListBlogTags(ctx, 1)
	must(t, err, "ListBlogTags limit 1")
	if len(tags) != 1 {
		t.Errorf("ListBlogTags(1) = %d tags, want 1", len(tags))
	}

	step := versionSteps(t, s)
	draft, err := s.GetBlogPost(ctx, "tag-c")
	must(t, err, "GetBlogPost")
	draft.Tags = []string{"Other"}
	step("retag a draft", false, func() error { return s.UpdateBlogPost(ctx, &draft) })
	pub, err := s.GetBlogPost(ctx, "tag-b")
	must(t, err, "GetBlogPost")
	pub.Tags = []string{"Go", "Other"}
	step("retag a published post", true, func() error { return s.UpdateBlogPost(ctx, &pub) })
}
