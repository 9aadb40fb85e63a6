package domain

import (
	"context"
	"time"
)

// StaffProfile is a member of staff's public profile: what a blog post
// they wrote shows about its author. A member with no display name cannot
// be chosen as an author.
type StaffProfile struct {
	StaffID     string `json:"staffId"`
	DisplayName string `json:"displayName"`
	// Bio is plain text ("" = none).
	Bio string `json:"bio"`
	// Photo is the square photo's sizes, smallest first; nil = no photo.
	Photo     []ImageVersion `json:"photo,omitempty"`
	UpdatedAt time.Time      `json:"updatedAt"`
	// Disabled is whether the member's account is disabled (read only:
	// the account's, not the profile's).
	Disabled bool `json:"-"`
}

// PostAuthor is the author of a post as its pages show them: loaded with
// the post from the author's profile, never stored with the post.
type PostAuthor struct {
	StaffID string
	Name    string
	Bio     string
	Photo   []ImageVersion
}

// AuthorOf is the author of a post whose author is profile p, or nil when
// p has no display name (the post then shows no author).
func AuthorOf(p StaffProfile) *PostAuthor {
	if p.DisplayName == "" {
		return nil
	}
	return &PostAuthor{StaffID: p.StaffID, Name: p.DisplayName, Bio: p.Bio, Photo: p.Photo}
}

// StaffProfileStore keeps the public profiles of staff. A write bumps the
// content version when the member is the author of a published post.
type StaffProfileStore interface {
	// GetStaffProfile returns the profile of account staffID: an empty
	// one (DisplayName "") when the member has not made one; ENotFound
	// for an unknown account.
	GetStaffProfile(ctx context.Context, staffID string) (StaffProfile, error)
	// ListStaffProfiles returns the profiles that have a display name,
	// disabled accounts' included, by display name.
	ListStaffProfiles(ctx context.Context) ([]StaffProfile, error)
	// SaveStaffProfile stores p's display name and bio (the photo stays);
	// ENotFound for an unknown account. p is updated with what was stored.
	SaveStaffProfile(ctx context.Context, p *StaffProfile) error
	// SetStaffPhoto replaces the photo of account staffID (nil = none)
	// and returns the one it replaced; ENotFound for an unknown account.
	SetStaffPhoto(ctx context.Context, staffID string, photo []ImageVersion) (old []ImageVersion, err error)
}
