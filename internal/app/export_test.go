package app

import (
	"context"

	"corpsite/internal/domain"
)

// SetBlobs replaces the site's file storage (a test's failing store).
func SetBlobs(a *App, b domain.BlobStore) { a.blobs = b }

// Housekeep runs the janitor's work once.
func Housekeep(a *App, ctx context.Context) { a.housekeep(ctx) }

// SpoolDir is the folder of this run's documents being checked.
func SpoolDir(a *App) string { return a.spool.dir }
