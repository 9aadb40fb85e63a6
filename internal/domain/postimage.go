package domain

import (
	"context"
	"time"
)

// PostImage is a picture uploaded for the text of a blog post: its sizes
// and formats, stored like a cover's. The text refers to it by Src, the
// URL path of its widest JPEG; the post's page builds the srcset and the
// <source> elements from Versions. It belongs to no post: it is uploaded
// while the post is written, before a new post is saved.
type PostImage struct {
	Src      string         `json:"src"`
	Versions []ImageVersion `json:"versions"` // narrowest first; Src is the last one's URL
	// ByID is the member of staff who uploaded it.
	ByID string    `json:"byId"`
	At   time.Time `json:"at"`
}

// PostImagesMax bounds the images PostImages looks up at once, and so the
// images one post's text may show with their sizes.
const PostImagesMax = 200

// PostImageStore keeps the images uploaded for posts' text.
type PostImageStore interface {
	// AddPostImage records an uploaded image; EConflict when its Src is
	// taken.
	AddPostImage(ctx context.Context, img PostImage) error
	// PostImages returns those of the given sources (at most
	// PostImagesMax) that are uploaded images, by Src.
	PostImages(ctx context.Context, srcs []string) (map[string]PostImage, error)
	// ImageInUse reports whether a record refers to an image file whose
	// URL contains upload, the key stem all the files of one upload share
	// (every size and format): a post's cover, social image or text, the
	// text of a post's kept revision (a restore brings it back), or a
	// member's photo.
	ImageInUse(ctx context.Context, upload string) (bool, error)
	// ForgetPostImages removes the records of the text images whose Src
	// contains upload (their files are gone).
	ForgetPostImages(ctx context.Context, upload string) error
}
