package editing_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
)

// profiles is a store of staff profiles by account ID.
type profiles map[string]domain.StaffProfile

func (p profiles) GetStaffProfile(_ context.Context, id string) (domain.StaffProfile, error) {
	if id == "broken" {
		return domain.StaffProfile{}, errors.New("database down")
	}
	got, ok := p[id]
	if !ok {
		return domain.StaffProfile{}, domain.NotFound("staff account")
	}
	return got, nil
}

var staffProfiles = profiles{
	"ann":      {StaffID: "ann", DisplayName: "Ann Writer"},
	"nameless": {StaffID: "nameless"},
	"gone":     {StaffID: "gone", DisplayName: "Gone Writer", Disabled: true},
	"broken":   {},
}

// Who may be chosen as a post's author: a member with a display name
// whose account is enabled; or no one; and the stored author is kept as
// they are, also once disabled.
func TestCheckAuthor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, was, chosen, want string
	}{
		{"no author", "ann", "", ""},
		{"a member with a display name", "", "ann", ""},
		{"the stored author, account since disabled", "gone", "gone", ""},
		{"the stored author, name since removed", "nameless", "nameless", ""},
		{"a disabled member newly chosen", "ann", "gone", editing.MsgAuthorDisabled},
		{"a member without a display name", "", "nameless", editing.MsgAuthorNoName},
		{"an unknown account", "", "nobody", editing.MsgAuthorUnknown},
		{"not an ID", "", "../x", editing.MsgAuthorUnknown},
	} {
		err := editing.CheckAuthor(t.Context(), staffProfiles, c.was, c.chosen)
		if got := fieldOf(t, err, "authorId"); got != c.want {
			t.Errorf("%s: authorId message %q, want %q", c.name, got, c.want)
		}
	}
	if err := editing.CheckAuthor(t.Context(), staffProfiles, "", "broken"); err == nil || domain.ErrorCode(err) == domain.EInvalid {
		t.Errorf("a store failure: %v, want it passed on, not a refusal", err)
	}
}

// A new post's author is the member writing it when they may be one.
func TestDefaultAuthor(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]string{"ann": "ann", "nameless": "", "gone": "", "nobody": ""} {
		got, err := editing.DefaultAuthor(t.Context(), staffProfiles, id)
		if err != nil || got != want {
			t.Errorf("DefaultAuthor(%s) = %q, %v; want %q", id, got, err, want)
		}
	}
	if _, err := editing.DefaultAuthor(t.Context(), staffProfiles, "broken"); err == nil {
		t.Error("DefaultAuthor passed over a store failure")
	}
}

// A profile's fields: normalised, then checked against their limits.
func TestCheckProfile(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("é", n) }
	for _, c := range []struct {
		name, displayName, bio string
		wantName, wantBio      string
	}{
		{"name and bio", "  Ann   Writer ", "Line one.\r\nLine two.  ", "", ""},
		{"neither: no profile", "", "", "", ""},
		{"a name alone", "Ann", "", "", ""},
		{"the longest name and bio", long(80), long(400), "", ""},
		{"a name too long", long(81), "", editing.MsgProfileNameLong, ""},
		{"a bio too long", "Ann", long(401), "", editing.MsgProfileBioLong},
		{"a name with a control character", "Ann\x07", "", editing.MsgProfileNameLine, ""},
		{"a name with a direction override", "Ann\u202eB", "", editing.MsgProfileNameLine, ""},
		{"a bio with a tab", "Ann", "a\tb", "", editing.MsgProfileBioChars},
		{"a bio without a name", "", "I write.", editing.MsgProfileNameBio, ""},
	} {
		p := domain.StaffProfile{DisplayName: c.displayName, Bio: c.bio}
		editing.NormalizeProfile(&p)
		err := editing.CheckProfile(p)
		if got := fieldOf(t, err, "displayName"); got != c.wantName {
			t.Errorf("%s: displayName message %q, want %q", c.name, got, c.wantName)
		}
		if got := fieldOf(t, err, "bio"); got != c.wantBio {
			t.Errorf("%s: bio message %q, want %q", c.name, got, c.wantBio)
		}
	}
	p := domain.StaffProfile{DisplayName: "  Ann   Writer ", Bio: " Line one.\r\nLine two.\r\n"}
	editing.NormalizeProfile(&p)
	if p.DisplayName != "Ann Writer" || p.Bio != "Line one.\nLine two." {
		t.Errorf("normalised to %q, %q", p.DisplayName, p.Bio)
	}
}
