package storetest

import (
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// postImageTests are the contract cases of the images uploaded for posts'
// text.
var postImageTests = []contractTest{
	{"PostImage/AddAndLookUp", testPostImageRoundTrip},
	{"PostImage/Bounded", testPostImagesBounded},
	{"PostImage/InUse", testImageInUse},
}

func testPostImageRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	img := domain.PostImage{
		Src: "/covers/harbour-960.jpg",
		Versions: []domain.ImageVersion{
			{URL: "/covers/harbour-480.jpg", Width: 480, Height: 320, WebP: "/covers/harbour-480.webp"},
			{URL: "/covers/harbour-960.jpg", Width: 960, Height: 640, WebP: "/covers/harbour-960.webp"},
		},
		ByID: "staff-1", At: t0,
	}
	must(t, s.AddPostImage(ctx, img), "AddPostImage")
	wantCode(t, s.AddPostImage(ctx, img), domain.EConflict, "AddPostImage of a taken src")
	got, err := s.PostImages(ctx, []string{img.Src, "/covers/other-480.jpg"})
	must(t, err, "PostImages")
	g, ok := got[img.Src]
	if len(got) != 1 || !ok || g.ByID != "staff-1" || !g.At.Equal(t0.Truncate(time.Microsecond)) || len(g.Versions) != 2 ||
		g.Versions[1] != img.Versions[1] || g.Versions[0] != img.Versions[0] {
		t.Fatalf("PostImages = %+v", got)
	}
	none, err := s.PostImages(ctx, nil)
	must(t, err, "PostImages(nil)")
	if len(none) != 0 {
		t.Fatalf("PostImages(nil) = %+v", none)
	}
}

func testPostImagesBounded(t *testing.T, s domain.Store) {
	srcs := make([]string, domain.PostImagesMax+1)
	for i := range srcs {
		srcs[i] = fmt.Sprintf("/covers/x-%d.jpg", i)
	}
	if _, err := s.PostImages(t.Context(), srcs); err == nil {
		t.Fatal("PostImages of more than PostImagesMax sources: no error")
	}
	if _, err := s.PostImages(t.Context(), srcs[:domain.PostImagesMax]); err != nil {
		t.Fatalf("PostImages of PostImagesMax sources: %v", err)
	}
}

// testImageInUse: an upload is in use while a post's cover, social image
// or text, a kept revision's text or a member's photo refers to one of its
// files; the text images' records of an upload can be forgotten.
func testImageInUse(t *testing.T, s domain.Store) {
	ctx := t.Context()
	inUse := func(upload string, want bool, when string) {
		t.Helper()
		got, err := s.ImageInUse(ctx, upload)
		must(t, err, "ImageInUse")
		if got != want {
			t.Errorf("%s: ImageInUse(%q) = %v, want %v", when, upload, got, want)
		}
	}
	cover, social, text, photo := "/covers/cover-1-aaaaaaaa-", "/covers/social-1-bbbbbbbb-", "/covers/text-1-cccccccc-", "/photos/ann-1-dddddddd-"
	p := domain.BlogPost{
		Title: "Uses images", Description: "d", Status: domain.PostDraft, CreatedAt: t0,
		Content:       `<h2>A</h2><p><img src="` + text + `960.jpg" alt="A chart"></p>`,
		ImageVersions: []domain.ImageVersion{{URL: cover + "480.jpg", Width: 480, Height: 320, WebP: cover + "480.webp"}},
		SocialImage:   social + "1200.jpg",
	}
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	ann := domain.StaffUser{Email: "ann-images@example.com", Name: "Ann", Role: domain.RoleEditor}
	must(t, s.CreateStaffUser(ctx, &ann), "CreateStaffUser")
	_, err := s.SetStaffPhoto(ctx, ann.ID, []domain.ImageVersion{{URL: photo + "96.jpg", Width: 96, Height: 96}})
	must(t, err, "SetStaffPhoto")
	for _, u := range []string{cover, social, text, photo} {
		inUse(u, true, "referred to")
	}
	inUse("/covers/never-1-eeeeeeee-", false, "never referred to")
	// A LIKE wildcard in the stem matches only itself.
	inUse("/covers/te_t-1-cccccccc-", false, "a stem with _")
	inUse("/covers/%-", false, "a stem with %")

	// Out of the text, the image is still in a kept revision's.
	p.Content = "<h2>A</h2><p>No picture now.</p>"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	inUse(text, true, "in an earlier revision's text")
	// A deleted post's images and a removed photo are no longer in use.
	must(t, s.DeleteBlogPost(ctx, p.ID), "DeleteBlogPost")
	_, err = s.SetStaffPhoto(ctx, ann.ID, nil)
	must(t, err, "SetStaffPhoto(nil)")
	for _, u := range []string{cover, social, text, photo} {
		inUse(u, false, "after the post was deleted and the photo removed")
	}

	img := domain.PostImage{Src: text + "960.jpg", Versions: []domain.ImageVersion{{URL: text + "960.jpg", Width: 960, Height: 640}}, ByID: ann.ID, At: t0}
	must(t, s.AddPostImage(ctx, img), "AddPostImage")
	other := domain.PostImage{Src: "/covers/other-1-ffffffff-960.jpg", Versions: img.Versions, ByID: ann.ID, At: t0}
	must(t, s.AddPostImage(ctx, other), "AddPostImage")
	must(t, s.ForgetPostImages(ctx, text), "ForgetPostImages")
	got, err := s.PostImages(ctx, []string{img.Src, other.Src})
	must(t, err, "PostImages")
	if _, ok := got[img.Src]; ok || len(got) != 1 {
		t.Errorf("after ForgetPostImages(%q): %v, want only %s", text, got, other.Src)
	}
	if _, err := s.ImageInUse(ctx, ""); err == nil {
		t.Error("ImageInUse(\"\"): no error")
	}
}
