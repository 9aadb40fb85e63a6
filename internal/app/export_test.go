package app

import "corpsite/internal/domain"

// SetBlobs replaces the site's file storage (a test's failing store).
func SetBlobs(a *App, b domain.BlobStore) { a.blobs = b }
