package storetest

import (
	"time"

	"testing"

	"corpsite/internal/domain"
)

// authorTests are the contract cases of staff profiles and post authors.
var authorTests = []contractTest{
	{"Authors/ProfileRoundTrip", testProfileRoundTrip},
	{"Authors/PostAuthor", testPostAuthor},
	{"Authors/ContentVersion", testAuthorContentVersion},
}

// testProfileRoundTrip: an account without a profile has an empty one;
// name and bio and the photo are saved apart (neither clears the other);
// the list has the profiles with a name only, by name, disabled accounts
// included; an unknown account is ENotFound.
func testProfileRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	ann := newStaff(t, s, "ann@example.com", domain.RoleEditor)
	bob := newStaff(t, s, "bob@example.com", domain.RoleEditor)
	newStaff(t, s, "cy@example.com", domain.RoleEditor)

	p, err := s.GetStaffProfile(ctx, ann.ID)
	must(t, err, "GetStaffProfile")
	if p.StaffID != ann.ID || p.DisplayName != "" || p.Bio != "" || p.Photo != nil || !p.UpdatedAt.IsZero() {
		t.Errorf("profile never saved = %+v, want an empty one of %s", p, ann.ID)
	}
	_, err = s.GetStaffProfile(ctx, "nobody")
	wantCode(t, err, domain.ENotFound, "GetStaffProfile(unknown)")
	wantCode(t, s.SaveStaffProfile(ctx, &domain.StaffProfile{StaffID: "nobody", DisplayName: "X"}), domain.ENotFound, "SaveStaffProfile(unknown)")
	_, err = s.SetStaffPhoto(ctx, "nobody", nil)
	wantCode(t, err, domain.ENotFound, "SetStaffPhoto(unknown)")

	photo := []domain.ImageVersion{
		{URL: "/photos/ann-96.jpg", Width: 96, Height: 96, WebP: "/photos/ann-96.webp"},
		{URL: "/photos/ann-192.jpg", Width: 192, Height: 192, WebP: "/photos/ann-192.webp"},
	}
	old, err := s.SetStaffPhoto(ctx, ann.ID, photo)
	must(t, err, "SetStaffPhoto")
	if old != nil {
		t.Errorf("SetStaffPhoto on no photo returned old %+v, want none", old)
	}
	p = domain.StaffProfile{StaffID: ann.ID, DisplayName: "Ann Åkesson", Bio: "Writes about “boring” code.\nAnd tests."}
	must(t, s.SaveStaffProfile(ctx, &p), "SaveStaffProfile")
	if p.UpdatedAt.IsZero() || p.UpdatedAt.Location() != time.UTC {
		t.Errorf("saved profile's UpdatedAt = %v, want a UTC time", p.UpdatedAt)
	}
	got, err := s.GetStaffProfile(ctx, ann.ID)
	must(t, err, "GetStaffProfile")
	want := domain.StaffProfile{StaffID: ann.ID, DisplayName: "Ann Åkesson", Bio: "Writes about “boring” code.\nAnd tests.", Photo: photo, UpdatedAt: p.UpdatedAt}
	checkDiff(t, "profile after saving name and photo", want, got)

	old, err = s.SetStaffPhoto(ctx, ann.ID, nil)
	must(t, err, "SetStaffPhoto(nil)")
	checkDiff(t, "the photo SetStaffPhoto replaced", photo, old)
	got, err = s.GetStaffProfile(ctx, ann.ID)
	must(t, err, "GetStaffProfile")
	if got.Photo != nil || got.DisplayName != "Ann Åkesson" {
		t.Errorf("after removing the photo: %+v, want the name without a photo", got)
	}

	b := domain.StaffProfile{StaffID: bob.ID, DisplayName: "aaron Bob"}
	must(t, s.SaveStaffProfile(ctx, &b), "SaveStaffProfile(bob)")
	must(t, s.UpdateStaffAccount(ctx, bob.ID, domain.RoleEditor, true), "UpdateStaffAccount(disable)")
	list, err := s.ListStaffProfiles(ctx)
	must(t, err, "ListStaffProfiles")
	if len(list) != 2 || list[0].StaffID != bob.ID || list[1].StaffID != ann.ID {
		t.Fatalf("ListStaffProfiles = %+v, want bob's then ann's (by name; none without a name)", list)
	}
	if !list[0].Disabled || list[1].Disabled {
		t.Errorf("ListStaffProfiles Disabled = %v, %v; want true (bob's account), false", list[0].Disabled, list[1].Disabled)
	}
}

// testPostAuthor: a post keeps its author's account; reads load the
// author's profile (name, bio, photo), also of a disabled account; an
// author without a display name loads none; deleting the account leaves
// the post without an author.
func testPostAuthor(t *testing.T, s domain.Store) {
	ctx := t.Context()
	ann := newStaff(t, s, "ann@example.com", domain.RoleEditor)
	photo := []domain.ImageVersion{{URL: "/photos/ann-96.jpg", Width: 96, Height: 96}}
	_, err := s.SetStaffPhoto(ctx, ann.ID, photo)
	must(t, err, "SetStaffPhoto")

	p := newPost("with-author", t0, domain.PostPublished)
	p.AuthorID = ann.ID
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	other := newPost("no-author", t0.Add(-1), domain.PostPublished)
	must(t, s.CreateBlogPost(ctx, &other), "CreateBlogPost")

	got, err := s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	if got.AuthorID != ann.ID || got.Author != nil {
		t.Errorf("author without a display name: AuthorID %q, Author %+v; want %q and none shown", got.AuthorID, got.Author, ann.ID)
	}

	must(t, s.SaveStaffProfile(ctx, &domain.StaffProfile{StaffID: ann.ID, DisplayName: "Ann", Bio: "Bio."}), "SaveStaffProfile")
	must(t, s.UpdateStaffAccount(ctx, ann.ID, domain.RoleEditor, true), "UpdateStaffAccount(disable)")
	want := &domain.PostAuthor{StaffID: ann.ID, Name: "Ann", Bio: "Bio.", Photo: photo}
	got, err = s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	checkDiff(t, "GetBlogPost's author (account disabled)", want, got.Author)
	list, err := s.ListBlogPosts(ctx, domain.BlogFilter{PublishedOnly: true})
	must(t, err, "ListBlogPosts")
	if len(list) != 2 {
		t.Fatalf("ListBlogPosts = %d posts, want 2", len(list))
	}
	checkDiff(t, "ListBlogPosts' author", want, list[0].Author)
	if list[1].AuthorID != "" || list[1].Author != nil {
		t.Errorf("post without an author listed with %q %+v", list[1].AuthorID, list[1].Author)
	}

	// Taken off and given back by an update.
	p.AuthorID = ""
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(no author)")
	got, err = s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	if got.AuthorID != "" || got.Author != nil {
		t.Errorf("after removing the author: %q %+v", got.AuthorID, got.Author)
	}
	p.AuthorID = ann.ID
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(author)")

	must(t, s.DeleteStaffUser(ctx, ann.ID), "DeleteStaffUser")
	got, err = s.GetBlogPost(ctx, p.ID)
	must(t, err, "GetBlogPost")
	if got.AuthorID != "" || got.Author != nil {
		t.Errorf("after deleting the account: AuthorID %q, Author %+v; want none", got.AuthorID, got.Author)
	}
}

// testAuthorContentVersion: a profile change bumps the content version
// only when the member is the author of a published post.
func testAuthorContentVersion(t *testing.T, s domain.Store) {
	ctx := t.Context()
	ann := newStaff(t, s, "ann@example.com", domain.RoleEditor)
	version := func() int64 {
		v, err := s.ContentVersion(ctx)
		must(t, err, "ContentVersion")
		return v
	}
	draft := newPost("draft", t0, domain.PostDraft)
	draft.AuthorID = ann.ID
	must(t, s.CreateBlogPost(ctx, &draft), "CreateBlogPost")
	v := version()
	must(t, s.SaveStaffProfile(ctx, &domain.StaffProfile{StaffID: ann.ID, DisplayName: "Ann"}), "SaveStaffProfile")
	if got := version(); got != v {
		t.Errorf("profile of the author of a draft only: content version %d → %d, want unchanged", v, got)
	}
	draft.Status = domain.PostPublished
	must(t, s.UpdateBlogPost(ctx, &draft), "UpdateBlogPost(publish)")
	v = version()
	must(t, s.SaveStaffProfile(ctx, &domain.StaffProfile{StaffID: ann.ID, DisplayName: "Ann B"}), "SaveStaffProfile")
	if got := version(); got <= v {
		t.Errorf("profile of a published post's author: content version %d → %d, want more", v, got)
	}
	v = version()
	_, err := s.SetStaffPhoto(ctx, ann.ID, []domain.ImageVersion{{URL: "/photos/a-96.jpg", Width: 96, Height: 96}})
	must(t, err, "SetStaffPhoto")
	if got := version(); got <= v {
		t.Errorf("photo of a published post's author: content version %d → %d, want more", v, got)
	}
}
