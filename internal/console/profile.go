package console

// A member of staff's public profile, set on their account page (or by an
// admin on the staff screen) and shown as the author of their posts:
// display name, bio and a square photo.
// The photo is checked as a cover is (docfile), cropped square and
// encoded by media in a few sizes, stored under photos/ in blob storage
// and served publicly from /photos/ (as covers from /covers/).

import (
	"context"
	"net/http"
	"strings"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/media"
	"corpsite/internal/wire"
)

// PhotoFolder is the blob folder of staff photos, served publicly (by the
// site, at /photos/).
const PhotoFolder = "photos"

// PhotoKey is the blob key of a staff photo file's URL, or "" for any
// other URL. The site serves a photo only under a name it accepts.
func PhotoKey(url string) string { return imageKey(PhotoFolder, url) }

// ImageKey is the blob key of a cover's or a photo's file URL, or "".
func ImageKey(url string) string {
	if key := CoverKey(url); key != "" {
		return key
	}
	return PhotoKey(url)
}

// profileRoutes are the member's own profile (account page), any
// member's profile for admins (staff screen) and the choices of a post's
// author (post editor).
func (s *Server) profileRoutes() []adminRoute {
	return []adminRoute{
		get("/account/profile", anyStaff, s.accountProfile),
		send(http.MethodPut, "/account/profile", anyStaff, s.accountSaveProfile),
		call(http.MethodPost, "/account/profile/photo", anyStaff, s.accountUploadPhoto).multipart().limited(&coverLimits),
		call(http.MethodDelete, "/account/profile/photo", anyStaff, s.accountRemovePhoto),
		get("/staff/{id}/profile", adminsOnly, s.staffProfile),
		send(http.MethodPut, "/staff/{id}/profile", adminsOnly, s.staffSaveProfile),
		call(http.MethodPost, "/staff/{id}/profile/photo", adminsOnly, s.staffUploadPhoto).multipart().limited(&coverLimits),
		call(http.MethodDelete, "/staff/{id}/profile/photo", adminsOnly, s.staffRemovePhoto),
		get("/authors", editors, s.adminAuthors),
	}
}

// profileView is p as the account page shows it.
func profileView(p domain.StaffProfile) wire.StaffProfile {
	return wire.StaffProfile{DisplayName: p.DisplayName, Bio: p.Bio, Photo: imageVersionsView(p.Photo)}
}

// profileMember is whose profile a change is of, for the audit log.
type profileMember struct{ id, label string }

// self is the signed-in member as the subject of their own profile.
func self(st *Staff) profileMember {
	return profileMember{id: st.ID, label: staffLabel(st.Name, st.Email)}
}

// member is the account of the request's {id} (an admin editing a
// member's profile): ENotFound for no such account.
func (s *Server) member(r *http.Request) (profileMember, error) {
	u, err := s.staffByID(r)
	return profileMember{id: u.ID, label: staffLabel(u.Name, u.Email)}, err
}

// GET /api/admin/account/profile
func (s *Server) accountProfile(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffProfile, error) {
	p, err := s.store.GetStaffProfile(r.Context(), st.ID)
	return profileView(p), err
}

// GET /api/admin/staff/{id}/profile: a member's profile, for an admin.
func (s *Server) staffProfile(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.StaffProfile, error) {
	m, err := s.member(r)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	p, err := s.store.GetStaffProfile(r.Context(), m.id)
	return profileView(p), err
}

// PUT /api/admin/account/profile: the display name and bio; the photo stays.
func (s *Server) accountSaveProfile(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.StaffProfileInput) (wire.StaffProfile, error) {
	return s.saveProfile(r, st, self(st), in)
}

// PUT /api/admin/staff/{id}/profile: an admin sets a member's display
// name and bio (a member who left, a name written wrong).
func (s *Server) staffSaveProfile(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.StaffProfileInput) (wire.StaffProfile, error) {
	m, err := s.member(r)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	return s.saveProfile(r, st, m, in)
}

// saveProfile sets m's display name and bio, by st, and records in the
// audit log what changed (nothing when nothing did).
func (s *Server) saveProfile(r *http.Request, st *Staff, m profileMember, in wire.StaffProfileInput) (wire.StaffProfile, error) {
	was, err := s.store.GetStaffProfile(r.Context(), m.id)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	p, err := editing.SaveProfile(r.Context(), s.store, m.id, in.DisplayName, in.Bio)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	var changed []string
	if p.DisplayName != was.DisplayName {
		changed = append(changed, "display name")
	}
	if p.Bio != was.Bio {
		changed = append(changed, "bio")
	}
	if len(changed) > 0 {
		_ = s.auditAbout(r, st, domain.AuditProfileChanged, m.id, m.label, strings.Join(changed, ", "))
	}
	s.site.Changed(r.Context())
	return profileView(p), nil
}

// POST /api/admin/account/profile/photo: multipart form with the image in
// field "image". Replaces the member's photo; the old one's files are
// deleted.
func (s *Server) accountUploadPhoto(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffProfile, error) {
	return s.uploadPhoto(r, st, self(st))
}

// POST /api/admin/staff/{id}/profile/photo: as the member's own upload,
// by an admin.
func (s *Server) staffUploadPhoto(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffProfile, error) {
	m, err := s.member(r)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	return s.uploadPhoto(r, st, m)
}

// uploadPhoto checks and stores the request's image as m's photo.
func (s *Server) uploadPhoto(r *http.Request, st *Staff, m profileMember) (wire.StaffProfile, error) {
	ctx := r.Context()
	if s.blobs == nil {
		return wire.StaffProfile{}, errNoBlobs
	}
	checked, err := s.readImage(ctx, r, docfile.ProfilePhoto)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	defer checked.Remove()
	versions, err := s.storeImage(ctx, checked, PhotoFolder, "photo", media.EncodePhoto)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	return s.replacePhoto(r, st, m, versions)
}

// DELETE /api/admin/account/profile/photo: no photo any more.
func (s *Server) accountRemovePhoto(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffProfile, error) {
	return s.replacePhoto(r, st, self(st), nil)
}

// DELETE /api/admin/staff/{id}/profile/photo: the member has no photo any
// more, by an admin.
func (s *Server) staffRemovePhoto(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.StaffProfile, error) {
	m, err := s.member(r)
	if err != nil {
		return wire.StaffProfile{}, err
	}
	return s.replacePhoto(r, st, m, nil)
}

// replacePhoto makes versions m's photo and deletes the old one's files
// (or, when storing fails, the new one's).
func (s *Server) replacePhoto(r *http.Request, st *Staff, m profileMember, versions []domain.ImageVersion) (wire.StaffProfile, error) {
	ctx := r.Context()
	old, err := s.store.SetStaffPhoto(ctx, m.id, versions)
	if err != nil {
		s.deleteCoverFiles(r, versions)
		return wire.StaffProfile{}, err
	}
	s.deleteCoverFiles(r, old)
	detail := "photo replaced"
	switch {
	case len(versions) == 0:
		detail = "photo removed"
	case len(old) == 0:
		detail = "photo added"
	}
	if len(versions) > 0 || len(old) > 0 {
		_ = s.auditAbout(r, st, domain.AuditProfileChanged, m.id, m.label, detail)
	}
	s.site.Changed(ctx)
	p, err := s.store.GetStaffProfile(ctx, m.id)
	return profileView(p), err
}

// GET /api/admin/authors: the members who have a display name, by name.
func (s *Server) adminAuthors(_ http.ResponseWriter, r *http.Request, _ *Staff) ([]wire.Author, error) {
	list, err := s.store.ListStaffProfiles(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]wire.Author, 0, len(list))
	for _, p := range list {
		a := wire.Author{ID: p.StaffID, Name: p.DisplayName, Disabled: p.Disabled}
		if len(p.Photo) > 0 {
			a.Photo = p.Photo[0].URL
		}
		out = append(out, a)
	}
	return out, nil
}

// postAuthor checks the author in (absent: the stored one stays; for a
// new post, the member creating it when they may be an author) and sets
// it on p.
func (s *Server) postAuthor(ctx context.Context, st *Staff, p *domain.BlogPost, isNew bool, in wire.AdminPostInput) error {
	if in.AuthorID == nil {
		if !isNew {
			return nil
		}
		id, err := editing.DefaultAuthor(ctx, s.store, st.ID)
		p.AuthorID = id
		return err
	}
	if err := editing.CheckAuthor(ctx, s.store, p.AuthorID, *in.AuthorID); err != nil {
		return err
	}
	p.AuthorID = *in.AuthorID
	return nil
}

// previewAuthor sets on p the author the editor has chosen (checked as a
// save would), with their profile as the page shows it.
func (s *Server) previewAuthor(ctx context.Context, st *Staff, p *domain.BlogPost, isNew bool, in wire.AdminPostInput) error {
	was := p.AuthorID
	err := s.postAuthor(ctx, st, p, isNew, in)
	if err != nil || p.AuthorID == was && p.Author != nil {
		return err
	}
	p.Author = nil
	if p.AuthorID == "" {
		return nil
	}
	prof, err := s.store.GetStaffProfile(ctx, p.AuthorID)
	if err != nil {
		return err
	}
	p.Author = domain.AuthorOf(prof)
	return nil
}
