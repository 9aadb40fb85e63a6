package storetest

import (
	"testing"

	"corpsite/internal/domain"
)

// contentTests are the contract cases of editing posts in the console.
var contentTests = []contractTest{
	{"Blog/ImageVersions", testBlogImageVersions},
}

// testBlogImageVersions: a cover's sizes are stored with the post, kept in
// order, replaced by an update and removed with an empty list.
func testBlogImageVersions(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-cover", t0, domain.PostDraft)
	p.Image = "/covers/a-960.jpg"
	p.ImageVersions = []domain.ImageVersion{
		{URL: "/covers/a-480.jpg", Width: 480, Height: 270},
		{URL: "/covers/a-960.jpg", Width: 960, Height: 540},
	}
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	got, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost after create", p, got)

	p.ImageVersions = []domain.ImageVersion{{URL: "/covers/b-480.jpg", Width: 480, Height: 320}}
	p.Image = "/covers/b-480.jpg"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	list, err := s.ListBlogPosts(ctx, domain.BlogFilter{})
	must(t, err, "ListBlogPosts")
	if len(list) != 1 {
		t.Fatalf("ListBlogPosts = %d posts, want 1", len(list))
	}
	checkDiff(t, "ListBlogPosts after update", p, list[0])

	p.ImageVersions, p.Image = nil, ""
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	got, err = s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost after removing the cover", p, got)
}
