package editing

// Authors of blog posts: a member of staff's public profile (display
// name, bio, photo) and who may be chosen as a post's author.

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Limits of a profile's fields, in characters.
const (
	ProfileNameMax = 80
	ProfileBioMax  = 400
)

// Messages of the profile form and the post editor's author field.
const (
	MsgProfileNameLong  = "Display name must be at most 80 characters."
	MsgProfileNameLine  = "Write the display name on a single line, without special characters."
	MsgProfileNameBio   = "Enter a display name: the bio is shown under it on your posts."
	MsgProfileBioLong   = "Bio must be at most 400 characters."
	MsgProfileBioChars  = "The bio may have line breaks but no other special characters."
	MsgProfileInvalid   = "Please correct the highlighted fields."
	MsgAuthorUnknown    = "Choose the author from the list: no member of staff has that account."
	MsgAuthorNoName     = "This member of staff has no display name yet. They set one on their account page before they can be an author."
	MsgAuthorDisabled   = "This member of staff's account is disabled: choose another author."
	MsgAuthorFieldError = "Please correct the author."
)

// NormalizeProfile trims the display name and the bio and turns the bio's
// line breaks into "\n" (a browser sends "\r\n").
func NormalizeProfile(p *domain.StaffProfile) {
	p.DisplayName = strings.Join(strings.Fields(p.DisplayName), " ")
	bio := strings.ReplaceAll(p.Bio, "\r\n", "\n")
	bio = strings.ReplaceAll(bio, "\r", "\n")
	p.Bio = strings.TrimSpace(bio)
}

// CheckProfile checks a normalised profile's display name and bio: the
// name is optional (without one the member cannot be an author) but a bio
// needs one. The error is EInvalid with the refused fields
// (displayName, bio).
func CheckProfile(p domain.StaffProfile) error {
	f := map[string]string{}
	switch {
	case utf8.RuneCountInString(p.DisplayName) > ProfileNameMax:
		f["displayName"] = MsgProfileNameLong
	case strings.ContainsFunc(p.DisplayName, special):
		f["displayName"] = MsgProfileNameLine
	case p.DisplayName == "" && p.Bio != "":
		f["displayName"] = MsgProfileNameBio
	}
	switch {
	case utf8.RuneCountInString(p.Bio) > ProfileBioMax:
		f["bio"] = MsgProfileBioLong
	case strings.ContainsFunc(p.Bio, func(r rune) bool { return r != '\n' && special(r) }):
		f["bio"] = MsgProfileBioChars
	}
	if len(f) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.EInvalid, Message: MsgProfileInvalid, Fields: f}
}

// special reports whether r has no place in a line of plain text: a
// control or format character, or a line or paragraph separator.
func special(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// Profiles is what the author rules read of the store.
type Profiles interface {
	GetStaffProfile(ctx context.Context, staffID string) (domain.StaffProfile, error)
}

// CanBeAuthor reports whether a member with profile p may be chosen as a
// post's author: an enabled account with a display name.
func CanBeAuthor(p domain.StaffProfile) bool {
	return p.DisplayName != "" && !p.Disabled
}

// CheckAuthor checks that chosen ("" = no author) may be the author of a
// post whose stored author is was ("" for a new post): a member who can
// be an author, or the stored author kept as they are (a member whose
// account was disabled since stays the author of their posts). The error
// is EInvalid on field authorId.
func CheckAuthor(ctx context.Context, st Profiles, was, chosen string) error {
	if chosen == "" || chosen == was {
		return nil
	}
	refuse := func(msg string) error {
		return &domain.Error{Code: domain.EInvalid, Message: MsgAuthorFieldError, Fields: map[string]string{"authorId": msg}}
	}
	if !domain.ValidID(chosen) {
		return refuse(MsgAuthorUnknown)
	}
	p, err := st.GetStaffProfile(ctx, chosen)
	switch {
	case domain.IsNotFound(err):
		return refuse(MsgAuthorUnknown)
	case err != nil:
		return err
	case p.Disabled:
		return refuse(MsgAuthorDisabled)
	case p.DisplayName == "":
		return refuse(MsgAuthorNoName)
	}
	return nil
}

// DefaultAuthor is the author of a new post that member staffID starts:
// the member when they may be an author, else none ("").
func DefaultAuthor(ctx context.Context, st Profiles, staffID string) (string, error) {
	p, err := st.GetStaffProfile(ctx, staffID)
	if domain.IsNotFound(err) {
		return "", nil
	}
	if err != nil || !CanBeAuthor(p) {
		return "", err
	}
	return staffID, nil
}

// ProfileStore is what saving a profile needs of the store.
type ProfileStore interface {
	SaveStaffProfile(ctx context.Context, p *domain.StaffProfile) error
}

// SaveProfile normalises and checks the display name and bio of member
// staffID's profile and stores them (the photo stays); it returns the
// profile as stored.
func SaveProfile(ctx context.Context, st ProfileStore, staffID, displayName, bio string) (domain.StaffProfile, error) {
	p := domain.StaffProfile{StaffID: staffID, DisplayName: displayName, Bio: bio}
	NormalizeProfile(&p)
	if err := CheckProfile(p); err != nil {
		return domain.StaffProfile{}, err
	}
	if err := st.SaveStaffProfile(ctx, &p); err != nil {
		return domain.StaffProfile{}, err
	}
	return p, nil
}
