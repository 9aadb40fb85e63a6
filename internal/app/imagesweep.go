package app

import (
	"context"
	"fmt"
	"time"

	"corpsite/internal/console"
	"corpsite/internal/domain"
)

// imageAge is how old an image upload no record refers to must be before
// the sweeper deletes its files: an image is uploaded while a post is
// written, and the post may be saved days later.
const imageAge = 7 * 24 * time.Hour

// imageFolders are the blob folders of uploaded images (served publicly).
var imageFolders = []string{console.CoverFolder, console.PhotoFolder}

// SweepUnusedImages deletes the files of image uploads (covers, social
// images, images in posts' text, staff photos) that were made more than
// olderThan ago and that nothing refers to any more (domain's
// ImageInUse: an image taken out of a post's text and out of its kept
// revisions, one uploaded for a post never saved, the text images of a
// deleted post), with their records, and returns how many files it
// deleted. A file whose key is not of an upload's form is left alone.
// Replaced and removed covers and photos go at once (console); this
// takes what that could not.
//
// An upload no record refers to cannot gain a reference once it is old:
// the editor inserts an image right after its upload, and a draft kept
// in a browser that long is saved with its text, which the check reads.
func (a *App) SweepUnusedImages(ctx context.Context, olderThan time.Duration) (removed int, err error) {
	cutoff := time.Now().Add(-olderThan)
	failed := 0
	for _, folder := range imageFolders {
		keys, err := a.blobs.List(ctx, folder+"/")
		if err != nil {
			return removed, fmt.Errorf("app: image sweep %s: %w", folder, err)
		}
		// The files of each upload, by the stem they share.
		uploads := map[string][]string{}
		var order []string
		for _, k := range keys {
			stem, made, ok := domain.ImageUpload(k)
			if !ok || !made.Before(cutoff) {
				continue
			}
			if _, seen := uploads[stem]; !seen {
				order = append(order, stem)
			}
			uploads[stem] = append(uploads[stem], k)
		}
		for _, stem := range order {
			used, err := a.store.ImageInUse(ctx, "/"+stem+"-")
			if err != nil {
				return removed, fmt.Errorf("app: image sweep %s: %w", folder, err)
			}
			if used {
				continue
			}
			gone := true
			for _, k := range uploads[stem] {
				if err := a.blobs.Delete(ctx, k); err != nil && !domain.IsNotFound(err) {
					failed++
					gone = false
					continue
				}
				removed++
			}
			if gone {
				if err := a.store.ForgetPostImages(ctx, "/"+stem+"-"); err != nil {
					return removed, fmt.Errorf("app: image sweep %s: %w", folder, err)
				}
			}
		}
	}
	if removed > 0 {
		a.log.Info("deleted unused image files", "files", removed)
	}
	if failed > 0 {
		return removed, fmt.Errorf("app: %d unused image files not deleted", failed)
	}
	return removed, nil
}
