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
