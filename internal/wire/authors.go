package wire

// StaffProfile is the signed-in member's public profile, shown as the
// author of their posts (GET and PUT /api/admin/account/profile, POST and
// DELETE /api/admin/account/profile/photo).
type StaffProfile struct {
	DisplayName string `json:"displayName"` // "" = none: not an author
	Bio         string `json:"bio"`         // plain text
	// Photo is the square photo's sizes, smallest first; none = no photo.
	Photo []ImageVersion `json:"photo"`
}

// StaffProfileInput is the body of PUT /api/admin/account/profile.
type StaffProfileInput struct {
	DisplayName string `json:"displayName"`
	Bio         string `json:"bio"`
}

// Author is a member of staff with a display name, one of the choices of
// a post's author (GET /api/admin/authors, by name). A disabled member
// is listed to name the author of their posts; only a post they wrote
// already may keep them.
type Author struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Photo    string `json:"photo"` // the smallest photo's URL path, "" = none
	Disabled bool   `json:"disabled"`
}

// PostAuthor is the author of a post as its page shows them.
type PostAuthor struct {
	Name string `json:"name"`
	Bio  string `json:"bio"` // plain text, "" = none
	// Photo is the photo's smallest JPEG ("" = no photo), PhotoSize its
	// side in pixels; PhotoSrcset and PhotoSources are as a cover's in
	// BlogSummary.
	Photo        string        `json:"photo,omitempty"`
	PhotoSize    int           `json:"photoSize,omitempty"`
	PhotoSrcset  string        `json:"photoSrcset,omitempty"`
	PhotoSources []ImageSource `json:"photoSources,omitempty"`
}
