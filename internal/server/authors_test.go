package server_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/blob"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// profileFixture is a site with blob storage (for photos) and the staff
// account u, returned with u signed in as st.
func profileFixture(t *testing.T, u domain.StaffUser) (f *fixture, _ domain.StaffUser, st server.Staff) {
	t.Helper()
	blobs, err := blob.Open(context.Background(), "", filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	f = newFixture(t, func(o *server.Options) { o.Blobs = blobs; o.TempDir = t.TempDir() })
	if err := f.store.CreateStaffUser(context.Background(), &u); err != nil {
		t.Fatal(err)
	}
	return f, u, server.Staff{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role}
}

// A member sets a profile with a photo; a post they start is theirs; its
// page shows the photo (sized, with a srcset), name and bio, and its
// BlogPosting names them as a Person. Their account disabled, the post
// still shows them. A post without an author stays the company's.
func TestPostAuthorOnPageAndStructuredData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, u, asha := profileFixture(t, domain.StaffUser{ID: "staff-asha", Email: "asha@site.test", Name: "Asha R", Role: domain.RoleEditor})

	res := f.admin(t, asha, "PUT", "/api/admin/account/profile", wire.StaffProfileInput{DisplayName: "Asha Rao", Bio: "Writes about cloud bills.\r\nRuns in the mornings."})
	if res.Status != http.StatusOK {
		t.Fatalf("saving the profile: %d %s", res.Status, res.Body)
	}
	res = f.admin(t, asha, "PUT", "/api/admin/account/profile", wire.StaffProfileInput{DisplayName: strings.Repeat("x", 81), Bio: "Changed."})
	if res.Status != http.StatusUnprocessableEntity || errorFields(t, res)["displayName"] == "" {
		t.Errorf("a name too long: %d %s, want a refusal at displayName", res.Status, res.Body)
	}

	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	w, _ := mw.CreateFormFile("image", "me.jpg")
	_, _ = w.Write(docfiletest.JPEGOf(500, 300))
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/api/admin/account/profile/photo", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res = f.serveAdmin(t, asha, req)
	if res.Status != http.StatusOK {
		t.Fatalf("uploading the photo: %d %s", res.Status, res.Body)
	}
	prof := decodeInto[wire.StaffProfile](t, res)
	if prof.DisplayName != "Asha Rao" || prof.Bio != "Writes about cloud bills.\nRuns in the mornings." || len(prof.Photo) != 2 {
		t.Fatalf("profile %+v: want the saved name and bio and a photo in 96 and 192 px (the upload is 300 px high)", prof)
	}
	for _, v := range prof.Photo {
		if v.Width != v.Height || !strings.HasPrefix(v.URL, "/photos/") || v.WebP == "" {
			t.Errorf("photo version %+v: want a square JPEG and WebP under /photos/", v)
		}
	}
	if got := f.get(t, prof.Photo[0].URL); got.Status != http.StatusOK || got.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("GET %s: %d %s", prof.Photo[0].URL, got.Status, got.Header.Get("Content-Type"))
	}
	if got := f.get(t, "/photos/..%2Fcovers%2Fx-96.jpg"); got.Status != http.StatusNotFound {
		t.Errorf("a name outside photos/: %d, want 404", got.Status)
	}
	// The changes are audited, each naming what changed; the refused one and a save that changes nothing are not.
	if res := f.admin(t, asha, "PUT", "/api/admin/account/profile", wire.StaffProfileInput{DisplayName: "Asha Rao", Bio: "Writes about cloud bills.\nRuns in the mornings."}); res.Status != http.StatusOK {
		t.Fatalf("saving the same profile: %d %s", res.Status, res.Body)
	}
	entries, _, err := f.store.ListAudit(ctx, domain.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var audited []string
	for _, e := range entries {
		if e.Action == domain.AuditProfileChanged {
			if e.ActorID != u.ID || e.Subject != u.ID {
				t.Errorf("profile entry %+v: want Asha's, about her account", e)
			}
			audited = append(audited, e.Detail)
		}
	}
	slices.Sort(audited)
	if want := []string{"display name, bio", "photo added"}; !slices.Equal(audited, want) {
		t.Errorf("profile changes audited: %q, want %q", audited, want)
	}

	// A new post is the author's own; an unknown author is refused.
	res = f.admin(t, asha, "POST", "/api/admin/posts", wire.AdminPostInput{Title: "Cloud bills", Description: "Where it goes.", Content: "<h2>A</h2><p>b</p>"})
	p := decodeInto[wire.AdminPost](t, res)
	if p.AuthorID != u.ID {
		t.Fatalf("new post's author %q, want the member writing it", p.AuthorID)
	}
	nobody := "nobody"
	res = f.admin(t, asha, "PUT", "/api/admin/posts/"+p.ID, wire.AdminPostInput{Title: "Cloud bills", Content: "<h2>A</h2><p>b</p>", AuthorID: &nobody, BaseVersion: p.Version})
	if res.Status != http.StatusUnprocessableEntity || errorFields(t, res)["authorId"] == "" {
		t.Errorf("an unknown author: %d %s, want a refusal at authorId", res.Status, res.Body)
	}
	if res := f.admin(t, asha, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	authors := decodeInto[[]wire.Author](t, f.admin(t, asha, "GET", "/api/admin/authors", nil))
	if len(authors) != 1 || authors[0].ID != u.ID || authors[0].Name != "Asha Rao" || authors[0].Photo != prof.Photo[0].URL {
		t.Errorf("authors %+v: want Asha with her smallest photo", authors)
	}

	check := func(when string) {
		t.Helper()
		res := f.get(t, "/blog/"+p.ID)
		root := rootHTML(t, res.Body)
		for _, want := range []string{"By Asha Rao", "About the author", "Writes about cloud bills.\nRuns in the mornings.",
			`alt="Asha Rao"`, `width="96"`, `height="96"`, `srcset="` + prof.Photo[0].URL + ` 96w, ` + prof.Photo[1].URL + ` 192w"`} {
			if !strings.Contains(root, want) {
				t.Errorf("%s: the post's page lacks %q", when, want)
			}
		}
		ld := jsonLD(t, res.Body, "BlogPosting")
		if len(ld) != 1 {
			t.Fatalf("%s: %d BlogPosting blocks", when, len(ld))
		}
		want := map[string]any{"@type": "Person", "name": "Asha Rao", "description": "Writes about cloud bills.\nRuns in the mornings.", "image": baseURL + prof.Photo[1].URL}
		got := map[string]any{"@type": dig(ld[0], "author", "@type"), "name": dig(ld[0], "author", "name"),
			"description": dig(ld[0], "author", "description"), "image": dig(ld[0], "author", "image")}
		if d := diff(want, got); d != "" {
			t.Errorf("%s: BlogPosting author (-want +got):\n%s", when, d)
		}
		list := decodeAs[wire.BlogList](t, f.get(t, "/api/blogs").Body)
		if list.Posts[0].ID != p.ID || list.Posts[0].AuthorName != "Asha Rao" || list.Posts[1].AuthorName != "" {
			t.Errorf("%s: the list's author names: %q, %q", when, list.Posts[0].AuthorName, list.Posts[1].AuthorName)
		}
	}
	check("author enabled")
	if err := f.store.UpdateStaffAccount(ctx, u.ID, domain.RoleEditor, true); err != nil {
		t.Fatal(err)
	}
	check("author's account disabled")
}

// An admin sets another member's display name, bio and photo from the
// staff screen (a member who left, a name written wrong); the member sees
// it on their account page and the audit log says who changed whose
// profile. Only admins may, and only for an account that exists.
func TestAdminEditsAMembersProfile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, u, ravi := profileFixture(t, domain.StaffUser{ID: "staff-ravi", Email: "ravi@site.test", Name: "Ravi K", Role: domain.RoleEditor})
	boss := server.Staff{ID: "staff-boss", Email: "anita@site.test", Name: "Anita Admin", Role: domain.RoleAdmin}
	path := "/api/admin/staff/" + u.ID + "/profile"

	res := f.admin(t, boss, "PUT", path, wire.StaffProfileInput{DisplayName: "Ravi Kumar", Bio: "Writes about testing."})
	if res.Status != http.StatusOK {
		t.Fatalf("an admin saving a member's profile: %d %s", res.Status, res.Body)
	}
	if res := f.admin(t, boss, "PUT", path, wire.StaffProfileInput{DisplayName: strings.Repeat("x", 81)}); res.Status != http.StatusUnprocessableEntity || errorFields(t, res)["displayName"] == "" {
		t.Errorf("a name too long: %d %s, want a refusal at displayName", res.Status, res.Body)
	}
	upload := func(st server.Staff, target string) response {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		w, _ := mw.CreateFormFile("image", "ravi.png")
		_, _ = w.Write(docfiletest.PNGOf(400, 400))
		_ = mw.Close()
		req := httptest.NewRequest("POST", target, &b)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		return f.serveAdmin(t, st, req)
	}
	if res := upload(boss, path+"/photo"); res.Status != http.StatusOK || len(decodeInto[wire.StaffProfile](t, res).Photo) == 0 {
		t.Fatalf("an admin uploading a member's photo: %d %s", res.Status, res.Body)
	}
	mine := decodeInto[wire.StaffProfile](t, f.admin(t, ravi, "GET", "/api/admin/account/profile", nil))
	if mine.DisplayName != "Ravi Kumar" || mine.Bio != "Writes about testing." || len(mine.Photo) == 0 {
		t.Errorf("the member's own profile %+v: want what the admin set", mine)
	}
	if got := decodeInto[wire.StaffProfile](t, f.admin(t, boss, "GET", path, nil)); got.DisplayName != "Ravi Kumar" {
		t.Errorf("GET %s = %+v", path, got)
	}
	if res := f.admin(t, boss, "DELETE", path+"/photo", nil); res.Status != http.StatusOK || len(decodeInto[wire.StaffProfile](t, res).Photo) != 0 {
		t.Errorf("an admin removing a member's photo: %d %s", res.Status, res.Body)
	}

	// Not for an account that does not exist. (Who may call the routes at
	// all, admins only, is checked with every route in admin_auth_matrix_test.go.)
	for _, method := range []string{"GET", "PUT"} {
		if res := f.admin(t, boss, method, "/api/admin/staff/nobody/profile", wire.StaffProfileInput{DisplayName: "Ghost"}); res.Status != http.StatusNotFound {
			t.Errorf("%s the profile of no account: %d, want 404", method, res.Status)
		}
	}
	if res := upload(boss, "/api/admin/staff/nobody/profile/photo"); res.Status != http.StatusNotFound {
		t.Errorf("uploading a photo for no account: %d, want 404", res.Status)
	}

	entries, _, err := f.store.ListAudit(ctx, domain.AuditFilter{Action: domain.AuditProfileChanged})
	if err != nil {
		t.Fatal(err)
	}
	var audited []string
	for _, e := range entries {
		if e.ActorID != boss.ID || e.Subject != u.ID || e.SubjectLabel != "Ravi K" {
			t.Errorf("profile entry %+v: want the admin's, about Ravi's account", e)
		}
		audited = append(audited, e.Detail)
	}
	slices.Sort(audited)
	if want := []string{"display name, bio", "photo added", "photo removed"}; !slices.Equal(audited, want) {
		t.Errorf("profile changes audited: %q, want %q", audited, want)
	}
}
