package app_test

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"corpsite/internal/app"
	"corpsite/internal/config"
	"corpsite/internal/domain"
)

// TestSweepOrphanBlobs runs the sweeper over a real local folder and
// SQLite store: only old files no application references go.
func TestSweepOrphanBlobs(t *testing.T) {
	t.Parallel()
	a, err := app.New(t.Context(), testConfig(t, nil), quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	ctx := t.Context()
	now := time.Now()
	old, young := now.Add(-2*time.Hour), now.Add(-10*time.Minute)
	put := func(key string) string {
		t.Helper()
		if err := a.Blobs().Put(ctx, key, strings.NewReader("%PDF-1.7 test"), "application/pdf"); err != nil {
			t.Fatalf("Put: %v", err)
		}
		return key
	}
	// An application stored two hours ago references these.
	app1 := domain.Application{
		JobID: "job-1", FirstName: "Asha", Email: "asha@example.com", ConsentAt: old,
		ResumeKey:             put(domain.NewBlobKey(domain.BlobResumes, "Asha Rao", old, ".pdf")),
		NationalIDDocumentKey: put(domain.NewBlobKey(domain.BlobNationalIDs, "Asha Rao", old, ".png")),
		Certifications:        []domain.Certification{{Name: "CKA", DocumentKey: put(domain.NewBlobKey(domain.BlobCertifications, "cka", old, ".pdf"))}},
	}
	if _, err := a.Store().SaveApplication(ctx, &app1, domain.SaveOptions{}); err != nil {
		t.Fatalf("SaveApplication: %v", err)
	}
	kept := app1.BlobKeys()
	kept = append(kept,
		put(domain.NewBlobKey(domain.BlobResumes, "in progress", young, ".pdf")),     // a submission still uploading
		put(domain.NewBlobKey(domain.BlobNationalIDs, "in progress", young, ".jpg")), // likewise
		put("resumes/legacy.pdf"),                                                        // no time in its name
		put("certifications/sub/x-1-abcdefgh.pdf"),                                       // not of the key form
		put(domain.NewBlobKey("other", "not an applicant file", old, ".pdf")),            // another folder
		put(domain.NewBlobKey(domain.BlobResumes, "future", now.Add(time.Hour), ".pdf")), // a clock ahead
	)
	gone := []string{
		put(domain.NewBlobKey(domain.BlobResumes, "abandoned", old, ".pdf")),
		put(domain.NewBlobKey(domain.BlobCertifications, "abandoned", old, ".pdf")),
		put(domain.NewBlobKey(domain.BlobNationalIDs, "abandoned", now.Add(-61*time.Minute), ".png")),
	}

	removed, err := a.SweepOrphanBlobs(ctx, time.Hour)
	if err != nil {
		t.Fatalf("SweepOrphanBlobs: %v", err)
	}
	checkSwept(t, a, removed, kept, gone)
	// A second sweep finds nothing more.
	if removed, err := a.SweepOrphanBlobs(ctx, time.Hour); err != nil || removed != 0 {
		t.Errorf("second sweep = %d, %v; want 0, nil", removed, err)
	}
}

// TestSweepUnusedImages runs the image sweeper over a real local folder
// and SQLite store: an old upload nothing refers to goes with every size
// and format and its record; uploads in use (a cover, a picture in a
// kept revision's text, a photo), young ones and files of another form
// stay.
func TestSweepUnusedImages(t *testing.T) {
	t.Parallel()
	a, err := app.New(t.Context(), testConfig(t, nil), quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	ctx := t.Context()
	now := time.Now()
	old, young := now.Add(-8*24*time.Hour), now.Add(-time.Hour)
	// upload stores an image's files as the console does: a stem, then each width and format.
	upload := func(folder, name string, at time.Time) (url string, keys []string) {
		t.Helper()
		stem := domain.NewBlobKey(folder, name, at, "")
		for _, suffix := range []string{"-480.jpg", "-480.webp", "-960.jpg", "-960.webp"} {
			if err := a.Blobs().Put(ctx, stem+suffix, strings.NewReader("image"), "image/jpeg"); err != nil {
				t.Fatalf("Put: %v", err)
			}
			keys = append(keys, stem+suffix)
		}
		return "/" + stem + "-960.jpg", keys
	}
	coverURL, cover := upload("covers", "cover", old)
	textURL, text := upload("covers", "chart", old)
	photoURL, photo := upload("photos", "ann", old)
	dropURL, dropped := upload("covers", "never used", old)
	_, fresh := upload("covers", "just uploaded", young)
	if err := a.Blobs().Put(ctx, "covers/legacy-960.jpg", strings.NewReader("image"), "image/jpeg"); err != nil {
		t.Fatal(err)
	}

	p := domain.BlogPost{Title: "Charts", Description: "d", Status: domain.PostPublished, CreatedAt: old,
		Content:       `<h2>A</h2><p><img src="` + textURL + `" alt="A chart"></p>`,
		ImageVersions: []domain.ImageVersion{{URL: coverURL, Width: 960, Height: 640}}}
	if err := a.Store().CreateBlogPost(ctx, &p); err != nil {
		t.Fatal(err)
	}
	// The chart is taken out of the text; the first revision still has it.
	p.Content = "<h2>A</h2><p>No chart.</p>"
	if err := a.Store().UpdateBlogPost(ctx, &p); err != nil {
		t.Fatal(err)
	}
	ann := domain.StaffUser{Email: "ann@example.com", Name: "Ann", Role: domain.RoleEditor}
	if err := a.Store().CreateStaffUser(ctx, &ann); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Store().SetStaffPhoto(ctx, ann.ID, []domain.ImageVersion{{URL: photoURL, Width: 960, Height: 960}}); err != nil {
		t.Fatal(err)
	}
	if err := a.Store().AddPostImage(ctx, domain.PostImage{Src: dropURL, Versions: []domain.ImageVersion{{URL: dropURL, Width: 960, Height: 640}}, ByID: ann.ID, At: old}); err != nil {
		t.Fatal(err)
	}

	removed, err := a.SweepUnusedImages(ctx, 7*24*time.Hour)
	if err != nil {
		t.Fatalf("SweepUnusedImages: %v", err)
	}
	checkSwept(t, a, removed, slices.Concat(cover, text, photo, fresh, []string{"covers/legacy-960.jpg"}), dropped)
	if got, err := a.Store().PostImages(ctx, []string{dropURL}); err != nil || len(got) != 0 {
		t.Errorf("the unused image's record: %v, %v; want it gone", got, err)
	}
	if removed, err := a.SweepUnusedImages(ctx, 7*24*time.Hour); err != nil || removed != 0 {
		t.Errorf("second sweep = %d, %v; want 0, nil", removed, err)
	}
}

// checkSwept fails unless a sweep that removed removed files deleted
// exactly the files of gone and kept those of kept.
func checkSwept(t *testing.T, a *app.App, removed int, kept, gone []string) {
	t.Helper()
	if removed != len(gone) {
		t.Errorf("removed %d files, want %d", removed, len(gone))
	}
	for _, k := range kept {
		r, _, err := a.Blobs().Open(t.Context(), k)
		if err != nil {
			t.Errorf("%s was deleted: %v", k, err)
			continue
		}
		r.Close()
	}
	for _, k := range gone {
		if _, _, err := a.Blobs().Open(t.Context(), k); !domain.IsNotFound(err) {
			t.Errorf("%s is still there (err %v)", k, err)
		}
	}
}

// TestIDKeys: without --data-key the key file is made on first start,
// private, and read again on the next; with --data-key no file is made.
// The key never reaches the log.
func TestIDKeys(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := testConfig(t, nil)
	k1, err := app.LoadIDKeys(cfg, log)
	if err != nil {
		t.Fatalf("LoadIDKeys: %v", err)
	}
	path := filepath.Join(cfg.DataDir, "data.key")
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, %v; want mode 0600", fi, err)
	}
	line, _ := os.ReadFile(path)
	_, key, _ := strings.Cut(strings.TrimSpace(string(line)), ":")
	sealed, err := k1.Seal([]byte("123412341234"))
	if err != nil {
		t.Fatal(err)
	}
	k2, err := app.LoadIDKeys(cfg, log)
	if err != nil {
		t.Fatalf("LoadIDKeys again: %v", err)
	}
	if got, err := k2.Open(sealed); err != nil || string(got) != "123412341234" {
		t.Errorf("after a restart the sealed number does not open: %v", err)
	}

	given := "k2026:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
	cfg2 := testConfig(t, func(c *config.Config) { c.DataKey = given })
	k3, err := app.LoadIDKeys(cfg2, log)
	if err != nil {
		t.Fatalf("LoadIDKeys with --data-key: %v", err)
	}
	if k3.CurrentID() != "k2026" {
		t.Errorf("CurrentID = %q, want k2026", k3.CurrentID())
	}
	if _, err := os.Stat(filepath.Join(cfg2.DataDir, "data.key")); err == nil {
		t.Errorf("a key file was made although --data-key was given")
	}
	for _, secret := range []string{key, given[len("k2026:"):]} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log shows a key:\n%s", logs.String())
		}
	}
	if !strings.Contains(logs.String(), k1.CurrentID()) {
		t.Errorf("the log does not name the key ID %q:\n%s", k1.CurrentID(), logs.String())
	}

	// PostgreSQL, which several instances may share, needs --data-key:
	// each instance making a key of its own could not read the others'
	// numbers. The refusal says how to get one: the key file's line when
	// there is one.
	pg := func(c *config.Config) { c.DatabaseURL = "postgres://site@db.invalid/site" }
	for _, tc := range []struct {
		cfg  *config.Config
		want string
	}{
		{testConfig(t, pg), "openssl rand -base64 32"},
		{testConfig(t, func(c *config.Config) { pg(c); c.DataDir = cfg.DataDir }), path},
	} {
		_, err := app.LoadIDKeys(tc.cfg, log)
		if err == nil || !strings.Contains(err.Error(), "SITE_DATA_KEY") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadIDKeys with a database URL and no --data-key: %v, want a refusal naming SITE_DATA_KEY and %q", err, tc.want)
		}
		if _, err := os.Stat(filepath.Join(tc.cfg.DataDir, "data.key")); tc.cfg.DataDir != cfg.DataDir && err == nil {
			t.Errorf("a key file was made for a shared database")
		}
	}
	pgKeyed := testConfig(t, func(c *config.Config) { pg(c); c.DataKey = given })
	if _, err := app.LoadIDKeys(pgKeyed, log); err != nil {
		t.Errorf("LoadIDKeys with a database URL and --data-key: %v", err)
	}

	// A key file others may read stops the start.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := app.New(t.Context(), cfg, quietLogger(), nil); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("app.New with a readable key file: %v, want a refusal", err)
	}
}

// TestPurgeIDDocuments: with --id-document-retention-days shorter than
// --retention-days, old national-ID documents go and their applications
// stay.
func TestPurgeIDDocuments(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, func(c *config.Config) { c.RetentionDays, c.IDDocumentRetentionDays = 365, 30 })
	a, err := app.New(t.Context(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	ctx := t.Context()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	save := func(email string, age time.Duration) domain.Application {
		t.Helper()
		at := now.Add(-age)
		app := domain.Application{
			JobID: "job-1", FirstName: "Asha", Email: email, ConsentAt: at, AppliedAt: at, UpdatedAt: at,
			ResumeKey:             domain.NewBlobKey(domain.BlobResumes, "cv", at, ".pdf"),
			NationalIDDocumentKey: domain.NewBlobKey(domain.BlobNationalIDs, "id", at, ".png"),
		}
		for _, k := range app.BlobKeys() {
			if err := a.Blobs().Put(ctx, k, strings.NewReader("x"), "application/octet-stream"); err != nil {
				t.Fatalf("Put: %v", err)
			}
		}
		if _, err := a.Store().SaveApplication(ctx, &app, domain.SaveOptions{}); err != nil {
			t.Fatalf("SaveApplication: %v", err)
		}
		return app
	}
	old := save("old@example.com", 31*24*time.Hour)
	young := save("young@example.com", 29*24*time.Hour)

	deleted, err := a.PurgeIDDocuments(ctx, now)
	if err != nil || deleted != 1 {
		t.Fatalf("PurgeIDDocuments = %d, %v; want 1 file", deleted, err)
	}
	exists := func(k string) bool {
		r, _, err := a.Blobs().Open(ctx, k)
		if err == nil {
			r.Close()
		}
		return err == nil
	}
	got, err := a.Store().GetApplication(ctx, old.ID)
	if err != nil || got.NationalIDDocumentKey != "" || got.ResumeKey != old.ResumeKey {
		t.Errorf("old application after the purge: %+v, %v; want it without its ID document only", got, err)
	}
	if exists(old.NationalIDDocumentKey) || !exists(old.ResumeKey) {
		t.Errorf("old application's files: ID document kept %v, resume kept %v; want false, true",
			exists(old.NationalIDDocumentKey), exists(old.ResumeKey))
	}
	for _, k := range young.BlobKeys() {
		if !exists(k) {
			t.Errorf("young application's file %s is gone", k)
		}
	}
}

// TestHousekeepingRemovesStaleUploads: the hourly housekeeping, not only
// the start, removes files left in the uploads folder for over an hour,
// and leaves younger ones (documents being checked) alone.
func TestHousekeepingRemovesStaleUploads(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, nil)
	a, err := app.New(t.Context(), cfg, quietLogger(), nil)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	defer a.Close()
	uploads := filepath.Join(cfg.DataDir, "uploads")
	stale, young := filepath.Join(uploads, "docfile-stale.pdf"), filepath.Join(uploads, "docfile-young.pdf")
	for _, p := range []string{stale, young} {
		if err := os.WriteFile(p, []byte("%PDF-1.7"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	app.Housekeep(a, t.Context())
	if _, err := os.Stat(stale); err == nil {
		t.Error("a two-hour-old upload is still there")
	}
	if _, err := os.Stat(young); err != nil {
		t.Errorf("a fresh upload is gone: %v", err)
	}
}
