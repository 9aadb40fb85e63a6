package console

// Pictures for the text of blog posts: uploaded from the editor's Image
// dialog (also for a post not saved yet), checked, scaled and stored as a
// cover is (covers.go), recorded with their sizes (domain.PostImage) for
// the post's page to build srcset and <source> from, and served from
// /covers/ with the covers. The text refers to one by the path of its
// widest JPEG, the only image src the sanitiser keeps in a post.

import (
	"context"
	"fmt"
	"net/http"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/media"
	"corpsite/internal/sanitize"
	"corpsite/internal/wire"
)

// postImageName is what the files of a picture for a post's text are
// named after (then a time and a random part, as a cover's).
const postImageName = "post image"

// POST /api/admin/post-images: multipart form with the image in field
// "image". Answers the stored picture: the src for the text's <img>, its
// size and every version.
func (s *Server) adminUploadPostImage(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.PostImage, error) {
	ctx := r.Context()
	if s.blobs == nil {
		return wire.PostImage{}, errNoBlobs
	}
	checked, err := s.readImage(ctx, r, docfile.PostImage)
	if err != nil {
		return wire.PostImage{}, err
	}
	defer checked.Remove()
	versions, err := s.storeImage(ctx, checked, CoverFolder, postImageName, media.EncodeCover)
	if err != nil {
		return wire.PostImage{}, err
	}
	widest := versions[len(versions)-1]
	img := domain.PostImage{Src: widest.URL, Versions: versions, At: s.now()}
	if st != nil {
		img.ByID = st.ID
	}
	if !sanitize.ImageSrc.MatchString(img.Src) {
		// The sanitiser would remove it from the text: the names written
		// and the names kept have come apart.
		s.deleteCoverKeys(context.WithoutCancel(ctx), versions)
		return wire.PostImage{}, fmt.Errorf("console: a post image stored as %q, which the sanitiser does not keep", img.Src)
	}
	if err := s.store.AddPostImage(ctx, img); err != nil {
		s.deleteCoverKeys(context.WithoutCancel(ctx), versions)
		return wire.PostImage{}, err
	}
	return wire.PostImage{Src: img.Src, Width: widest.Width, Height: widest.Height, Versions: imageVersionsView(versions)}, nil
}
