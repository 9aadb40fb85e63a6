package cli_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"corpsite/internal/app"
	"corpsite/internal/blob"
	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/idcrypt"
	"corpsite/internal/store/postgres/pgtest"
	"corpsite/internal/testwait"
)

// site is where one site keeps its data: a data folder and, for
// PostgreSQL, a database URL.
type site struct {
	dir, dbURL, filesURL string
}

// flags are the command-line flags that point at s.
func (s site) flags() []string {
	f := []string{"--data-dir", s.dir}
	if s.dbURL != "" {
		f = append(f, "--database-url", s.dbURL)
	}
	if s.filesURL != "" {
		f = append(f, "--files-url", s.filesURL)
	}
	return f
}

func (s site) config() *config.Config {
	return &config.Config{DataDir: s.dir, DatabaseURL: s.dbURL, FilesURL: s.filesURL}
}

// blobs opens the file store of s, closed when the test ends.
func (s site) blobs(t *testing.T) domain.BlobStore {
	t.Helper()
	b, err := blob.Open(t.Context(), s.filesURL, filepath.Join(s.dir, "files"))
	if err != nil {
		t.Fatalf("blob.Open: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// fakeS3 starts an in-process S3 server (TestMain put dummy credentials
// in the environment) and returns the --files-url of a new bucket on it
// for each name.
func fakeS3(t *testing.T, buckets ...string) []string {
	t.Helper()
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server())
	t.Cleanup(srv.Close)
	var urls []string
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			t.Fatal(err)
		}
		urls = append(urls, fmt.Sprintf("s3://%s?endpoint=%s&region=us-east-1", b, url.QueryEscape(srv.URL)))
	}
	return urls
}

// mustRun runs the program and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := run(t, args...)
	if code != 0 {
		t.Fatalf("site %s = %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, stdout, stderr)
	}
	return stdout, stderr
}

// testKey is a data key for the tests, as --data-key takes it.
func testKey() string {
	return "k-test:" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32))
}

// fill seeds s with the demo content, a staff account, a contact message,
// an application with a note and three documents, a file no application
// refers to, and a post's cover in its three formats. Documents are random
// bytes, one of them 300 KB.
func fill(t *testing.T, s site) {
	t.Helper()
	mustRun(t, append([]string{"seed"}, s.flags()...)...)
	mustRun(t, append([]string{"staff", "add", "--email", "admin@example.com", "--name", "Asha Admin", "--role", "admin"}, s.flags()...)...)

	ctx := t.Context()
	st, err := app.OpenStore(ctx, s.config())
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	defer st.Close()
	blobs := s.blobs(t)
	keys, err := idcrypt.ParseKeys(testKey())
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := keys.Seal([]byte("ABCDE1234F"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	jobs, err := st.ListJobs(ctx, domain.JobFilter{})
	if err != nil || len(jobs) == 0 {
		t.Fatalf("ListJobs = %d jobs, %v; want the demo jobs", len(jobs), err)
	}
	a := domain.Application{
		JobID: jobs[0].ID, FirstName: "Ravi", LastName: "Kumar", FullName: "Ravi Kumar",
		Email: "ravi@example.com", PhoneCountryCode: "+91", PhoneNumber: "9876543210",
		Skills:                []string{"Go", "SQL"},
		WorkExperiences:       []domain.WorkExperience{{JobTitle: "Engineer", CompanyName: "Acme", StartDate: "2020-01-01"}},
		ResumeKey:             domain.NewBlobKey(domain.BlobResumes, "ravi-kumar", now, ".pdf"),
		NationalIDDocumentKey: domain.NewBlobKey(domain.BlobNationalIDs, "ravi-kumar", now, ".png"),
		Certifications:        []domain.Certification{{Name: "CKA", DocumentKey: domain.NewBlobKey(domain.BlobCertifications, "ravi-kumar", now, ".pdf")}},
		NationalIDType:        "pan", NationalIDNumberEnc: sealed, NationalIDLast4: "234F",
		ConsentVersion: "v1", ConsentAt: now, AppliedAt: now, UpdatedAt: now,
	}
	for i, k := range a.BlobKeys() {
		doc := make([]byte, 1000+i*300_000)
		rand.Read(doc)
		if err := blobs.Put(ctx, k, bytes.NewReader(doc), mime.TypeByExtension(filepath.Ext(k))); err != nil {
			t.Fatalf("Put %s: %v", k, err)
		}
	}
	if err := blobs.Put(ctx, "resumes/orphan.pdf", strings.NewReader("%PDF-1.7 left behind"), "application/octet-stream"); err != nil {
		t.Fatalf("Put: %v", err)
	}
	notify := func(a domain.Application, created bool) []*domain.OutboxMessage {
		return []*domain.OutboxMessage{{To: a.Email, Subject: "We got your application", Body: "Thank you.", NextAttemptAt: now, CreatedAt: now}}
	}
	if _, err := st.SaveApplication(ctx, &a, domain.SaveOptions{IdempotencyKey: "idem-1", Notify: notify}); err != nil {
		t.Fatalf("SaveApplication: %v", err)
	}
	if err := st.AddApplicationNote(ctx, &domain.ApplicationNote{ApplicationID: a.ID, AuthorName: "Asha Admin", Body: "Call on Monday.", CreatedAt: now}); err != nil {
		t.Fatalf("AddApplicationNote: %v", err)
	}
	// A cover as the console stores it: one size, as JPEG, AVIF and WebP.
	posts, err := st.ListBlogPosts(ctx, domain.BlogFilter{Limit: 1})
	if err != nil || len(posts) == 0 {
		t.Fatalf("ListBlogPosts = %d posts, %v; want the demo posts", len(posts), err)
	}
	cover := domain.NewBlobKey("covers", posts[0].Title, now, "") + "-480"
	v := domain.ImageVersion{URL: "/" + cover + ".jpg", Width: 480, Height: 270, AVIF: "/" + cover + ".avif", WebP: "/" + cover + ".webp"}
	for _, u := range v.URLs() {
		img := make([]byte, 2000)
		rand.Read(img)
		key := strings.TrimPrefix(u, "/")
		if err := blobs.Put(ctx, key, bytes.NewReader(img), mime.TypeByExtension(filepath.Ext(key))); err != nil {
			t.Fatalf("Put %s: %v", key, err)
		}
	}
	posts[0].Image, posts[0].ImageVersions = v.URL, []domain.ImageVersion{v}
	if err := st.UpdateBlogPostFrom(ctx, &posts[0], posts[0].Status); err != nil {
		t.Fatalf("UpdateBlogPostFrom: %v", err)
	}
	msg := domain.ContactMessage{Name: "Meera", Email: "meera@example.com", Subject: "Hello", Message: "Do you build mobile apps?", Status: domain.ContactNew, CreatedAt: now}
	// With an idempotency key: its record is data to back up too.
	staffMail := &domain.OutboxMessage{To: "office@example.com", Subject: "New message", Body: "…", NextAttemptAt: now, CreatedAt: now}
	if _, err := st.CreateContactMessage(ctx, &msg, domain.ContactOptions{Notify: staffMail, IdempotencyKey: "backup-test-contact-key"}); err != nil {
		t.Fatalf("CreateContactMessage: %v", err)
	}
}

// dumpSQLite returns every row of every table of the SQLite database in
// dir, sqlite_master itself included, each table's rows sorted.
func dumpSQLite(t *testing.T, dir string) map[string][]string {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dir, "site.db")+"?_query_only=1")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tables := queryStrings(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	out := map[string][]string{"sqlite_master": allRows(t, db, `SELECT type, name, tbl_name, sql FROM sqlite_master`)}
	for _, name := range tables {
		out[name] = allRows(t, db, `SELECT * FROM "`+name+`"`)
	}
	return out
}

// dumpPostgres returns every row of every table of the public schema of
// the database at dbURL, each table's rows sorted, with the columns,
// indexes and sequence values.
func dumpPostgres(t *testing.T, dbURL string) map[string][]string {
	t.Helper()
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tables := queryStrings(t, db, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
	out := map[string][]string{
		"(columns)": allRows(t, db, `SELECT table_name, column_name, data_type, is_nullable, column_default
			FROM information_schema.columns WHERE table_schema = 'public'`),
		"(indexes)":   allRows(t, db, `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`),
		"(sequences)": allRows(t, db, `SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'`),
	}
	for _, name := range tables {
		out[name] = allRows(t, db, `SELECT * FROM public."`+name+`"`)
	}
	return out
}

func queryStrings(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	var out []string
	for _, r := range rawRows(t, db, q) {
		out = append(out, fmt.Sprint(r[0]))
	}
	return out
}

// allRows returns the rows of q, each written with its columns' Go types
// and values, sorted.
func allRows(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	var out []string
	for _, r := range rawRows(t, db, q) {
		var b strings.Builder
		for i, v := range r {
			if i > 0 {
				b.WriteString(" | ")
			}
			if tm, ok := v.(time.Time); ok {
				v = tm.UTC().Format(time.RFC3339Nano)
			}
			fmt.Fprintf(&b, "%T:%q", v, fmt.Sprint(v))
		}
		out = append(out, b.String())
	}
	slices.Sort(out)
	return out
}

func rawRows(t *testing.T, db *sql.DB, q string) [][]any {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = "bytes:" + hex.EncodeToString(b)
			}
		}
		out = append(out, vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// files returns the content type and SHA-256 of every file in the file
// store of s, by key.
func files(t *testing.T, s site) map[string]string {
	t.Helper()
	blobs := s.blobs(t)
	keys, err := blobs.List(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, k := range keys {
		r, info, err := blobs.Open(t.Context(), k)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if _, err := io.Copy(h, r); err != nil {
			t.Fatal(err)
		}
		r.Close()
		out[k] = info.ContentType + " " + hex.EncodeToString(h.Sum(nil))
	}
	return out
}

// snapshot is everything a restore must reproduce.
type snapshot struct {
	rows  map[string][]string
	files map[string]string
}

func take(t *testing.T, s site) snapshot {
	t.Helper()
	rows := map[string][]string{}
	if s.dbURL == "" {
		rows = dumpSQLite(t, s.dir)
	} else {
		rows = dumpPostgres(t, s.dbURL)
	}
	return snapshot{rows: rows, files: files(t, s)}
}

// compare fails the test where got differs from want, table by table and
// file by file.
func compare(t *testing.T, got, want snapshot) {
	t.Helper()
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		seen := map[string]bool{}
		for k := range want.rows {
			seen[k] = true
		}
		for k := range got.rows {
			seen[k] = true
		}
		for k := range seen {
			if !yield(k) {
				return
			}
		}
	}) {
		w, g := want.rows[name], got.rows[name]
		if !slices.Equal(w, g) {
			t.Errorf("table %s: restored %d rows, source %d; they differ:\nsource:   %.600q\nrestored: %.600q", name, len(g), len(w), w, g)
		}
	}
	if len(got.files) != len(want.files) {
		t.Errorf("restored %d files, source has %d", len(got.files), len(want.files))
	}
	for k, sum := range want.files {
		if got.files[k] != sum {
			t.Errorf("file %s: restored content type and SHA-256 %q, source %q", k, got.files[k], sum)
		}
	}
}

// checkPrivate fails the test unless every folder under dir is 0700 and
// every file 0600.
func checkPrivate(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v", p, fi.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// pgDatabase is a database of the test's own (see pgtest.Database). A
// backup and its restore need whole databases of their own: the restore
// puts the tables back into the schema they came from (public).
func pgDatabase(t *testing.T) string { return pgtest.Database(t, "backuptest") }

// TestBackupRestoreRoundTrip backs a filled site up and restores it into
// a fresh one: every row of every table and every file (key and bytes)
// comes back, the restored data is private, the data key comes back only
// with --include-key, and the restored site starts.
func TestBackupRestoreRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		postgres   bool
		s3         bool
		archive    string
		includeKey bool
	}{
		{"sqlite, gzip, with key", false, false, "site.tar.gz", true},
		{"sqlite, S3, tar, without key", false, true, "site.tar", false},
		{"postgres, gzip, with key", true, false, "site.tar.gz", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			src := site{dir: filepath.Join(tmp, "src")}
			dst := site{dir: filepath.Join(tmp, "restored", "data")}
			if tt.postgres {
				src.dbURL, dst.dbURL = pgDatabase(t), pgDatabase(t)
			}
			if tt.s3 {
				urls := fakeS3(t, "source", "restored")
				src.filesURL, dst.filesURL = urls[0], urls[1]
			}
			fill(t, src)
			// The key of the source site: a key file, as the site writes it.
			keyLine := testKey() + "\n"
			if err := os.WriteFile(filepath.Join(src.dir, "data.key"), []byte(keyLine), 0o600); err != nil {
				t.Fatal(err)
			}
			want := take(t, src)
			if len(want.files) != 7 || len(want.rows["applications"]) != 1 || len(want.rows["jobs"]) == 0 {
				t.Fatalf("the source has %d files, %d applications, %d jobs; want 7, 1 and some", len(want.files), len(want.rows["applications"]), len(want.rows["jobs"]))
			}
			for k, f := range want.files {
				if ext := filepath.Ext(k); ext == ".avif" || ext == ".webp" {
					if !strings.HasPrefix(f, "image/"+ext[1:]+" ") {
						t.Errorf("source file %s: %s, want its image type", k, f)
					}
				}
			}

			archive := filepath.Join(tmp, tt.archive)
			args := append([]string{"backup", "--to", archive}, src.flags()...)
			if tt.includeKey {
				args = append(args, "--include-key")
			}
			stdout, stderr := mustRun(t, args...)
			if !strings.Contains(stdout, "7 files") {
				t.Errorf("backup stdout does not count 7 files:\n%s", stdout)
			}
			if !strings.Contains(stderr, "Warning:") || (tt.includeKey && !strings.Contains(stderr, "k-test")) {
				t.Errorf("backup stderr has no warning naming the key:\n%s", stderr)
			}
			fi, err := os.Stat(archive)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != 0o600 {
				t.Errorf("archive mode %v, want 0600", fi.Mode().Perm())
			}
			if gz := strings.HasSuffix(archive, ".gz"); gz != isGzip(t, archive) {
				t.Errorf("archive %s gzip-compressed = %v, want %v", tt.archive, !gz, gz)
			}
			// The archive is a backup of that moment: later changes are not in it.
			if err := src.blobs(t).Put(t.Context(), "resumes/later.pdf", strings.NewReader("later"), ""); err != nil {
				t.Fatal(err)
			}

			stdout, stderr = mustRun(t, append([]string{"restore", "--from", archive}, dst.flags()...)...)
			if !strings.Contains(stdout, "every SHA-256 matches") {
				t.Errorf("restore stdout does not report the verification:\n%s", stdout)
			}
			compare(t, take(t, dst), want)
			checkPrivate(t, dst.dir)
			if fi, err := os.Stat(dst.dir); err == nil && fi.Mode().Perm() != 0o700 {
				t.Errorf("restored data folder mode %v, want 0700", fi.Mode().Perm())
			}

			key, err := os.ReadFile(filepath.Join(dst.dir, "data.key"))
			switch {
			case tt.includeKey && string(key) != keyLine:
				t.Errorf("restored data.key = %q, %v; want the source's", key, err)
			case !tt.includeKey && err == nil:
				t.Errorf("data.key was restored without --include-key")
			case !tt.includeKey && !strings.Contains(stderr, "no keys"):
				t.Errorf("restore without a key in the archive does not warn:\n%s", stderr)
			}

			// The restored site opens and migrates (nothing to do) as a site would.
			st, err := app.OpenStore(t.Context(), dst.config())
			if err != nil {
				t.Fatalf("OpenStore on the restored site: %v", err)
			}
			n, err := st.CountApplications(t.Context(), domain.ApplicationFilter{})
			st.Close()
			if err != nil || n != 1 {
				t.Errorf("restored site counts %d applications, %v; want 1", n, err)
			}
		})
	}
}

func isGzip(t *testing.T, path string) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b
}

// TestRestoreRefusesNonEmptyTarget: a database with data or a file store
// with files is left as it is unless --force, which makes the target the
// archive's copy.
func TestRestoreRefusesNonEmptyTarget(t *testing.T) {
	t.Parallel()
	for _, pg := range []bool{false, true} {
		t.Run(map[bool]string{false: "sqlite", true: "postgres"}[pg], func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			src := site{dir: filepath.Join(tmp, "src")}
			full := site{dir: filepath.Join(tmp, "full")}
			filesOnly := site{dir: filepath.Join(tmp, "files-only")}
			if pg {
				src.dbURL, full.dbURL, filesOnly.dbURL = pgDatabase(t), pgDatabase(t), pgDatabase(t)
			}
			fill(t, src)
			archive := filepath.Join(tmp, "site.tar.gz")
			mustRun(t, append([]string{"backup", "--to", archive}, src.flags()...)...)
			want := take(t, src)

			// A target with other data: a seeded site with one contact message.
			mustRun(t, append([]string{"seed"}, full.flags()...)...)
			mustRun(t, append([]string{"staff", "add", "--email", "other@example.com", "--name", "Other", "--role", "editor"}, full.flags()...)...)
			before := take(t, full)
			code, _, stderr := run(t, append([]string{"restore", "--from", archive}, full.flags()...)...)
			if code == 0 || !strings.Contains(stderr, "already has data") || !strings.Contains(stderr, "--force") {
				t.Errorf("restore into a database with data = %d, stderr:\n%s\nwant a refusal naming --force", code, stderr)
			}
			compare(t, take(t, full), before)

			// A target whose database is empty but whose file store is not.
			if err := os.MkdirAll(filepath.Join(filesOnly.dir, "files", "resumes"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(filesOnly.dir, "files", "resumes", "x.pdf"), []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
			code, _, stderr = run(t, append([]string{"restore", "--from", archive}, filesOnly.flags()...)...)
			if code == 0 || !strings.Contains(stderr, "file store already holds 1 files") {
				t.Errorf("restore into a file store with files = %d, stderr:\n%s\nwant a refusal", code, stderr)
			}
			if !pg {
				if _, err := os.Stat(filepath.Join(filesOnly.dir, "site.db")); err == nil {
					t.Errorf("the refused restore created site.db")
				}
			}

			// --force: the database becomes the archive's; files not in it stay.
			mustRun(t, append([]string{"restore", "--from", archive, "--force"}, full.flags()...)...)
			got := take(t, full)
			compare(t, snapshot{rows: got.rows, files: want.files}, want)
		})
	}
}

// TestRestoreRefusesDamagedArchive: one byte changed anywhere that
// matters (a document, the database, the manifest, a member's header, the
// compressed stream) makes the restore fail before it writes anything.
func TestRestoreRefusesDamagedArchive(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	src := site{dir: filepath.Join(tmp, "src")}
	fill(t, src)
	plain := filepath.Join(tmp, "site.tar")
	mustRun(t, append([]string{"backup", "--to", plain}, src.flags()...)...)
	gz := filepath.Join(tmp, "site.tar.gz")
	mustRun(t, append([]string{"backup", "--to", gz}, src.flags()...)...)

	tarBytes, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	gzBytes, err := os.ReadFile(gz)
	if err != nil {
		t.Fatal(err)
	}
	offset := func(s string, plus int) int {
		t.Helper()
		i := bytes.Index(tarBytes, []byte(s))
		if i < 0 {
			t.Fatalf("%q is not in the archive", s)
		}
		return i + plus
	}
	tests := []struct {
		name string
		data []byte
		at   int
	}{
		{"a document", tarBytes, offset("%PDF-1.7 left behind", 10)},
		{"the database", tarBytes, offset("SQLite format 3\x00", 5000)},
		{"the manifest", tarBytes, offset(`"fileBytes"`, 1)},
		{"the manifest's creation time", tarBytes, offset(`"created": "`, 14)},
		{"a member's size in the manifest", tarBytes, offset(`"size": `, 8)},
		{"a member's header", tarBytes, offset("files/resumes/orphan.pdf", 3)},
		{"the compressed stream", gzBytes, len(gzBytes) / 2},
		{"the end of the compressed stream", gzBytes, len(gzBytes) - 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			damaged := slices.Clone(tt.data)
			damaged[tt.at] ^= 0x01
			archive := filepath.Join(t.TempDir(), "damaged.tar")
			if err := os.WriteFile(archive, damaged, 0o600); err != nil {
				t.Fatal(err)
			}
			dst := site{dir: filepath.Join(t.TempDir(), "data")}
			code, stdout, stderr := run(t, append([]string{"restore", "--from", archive}, dst.flags()...)...)
			if code == 0 {
				t.Fatalf("restore of a damaged archive succeeded:\n%s", stdout)
			}
			t.Logf("refused: %s", strings.TrimSpace(stderr))
			if !strings.Contains(stderr, "damaged") && !strings.Contains(stderr, "SHA-256") {
				t.Errorf("stderr does not say the archive is damaged:\n%s", stderr)
			}
			if _, err := os.Stat(dst.dir); err == nil {
				t.Errorf("the restore of a damaged archive created %s", dst.dir)
			}
		})
	}
}

// TestBackupRestoreUsage: missing or conflicting flags and missing
// programs are refused with messages that say what to do.
func TestBackupRestoreUsage(t *testing.T) {
	tmp := t.TempDir()
	src := site{dir: filepath.Join(tmp, "src")}
	mustRun(t, append([]string{"seed"}, src.flags()...)...)
	existing := filepath.Join(tmp, "exists.tar")
	if err := os.WriteFile(existing, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	noPrograms := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		path   string // PATH, if set
		stderr string
	}{
		{"backup without --to", []string{"backup", "--data-dir", src.dir}, "", "--to FILE is required"},
		{"backup over a file", []string{"backup", "--data-dir", src.dir, "--to", existing}, "", "already exists"},
		{"backup without a database", []string{"backup", "--data-dir", filepath.Join(tmp, "none"), "--to", filepath.Join(tmp, "a.tar")}, "", "no SQLite database"},
		{"--include-key without a key", []string{"backup", "--data-dir", src.dir, "--to", filepath.Join(tmp, "b.tar"), "--include-key"}, "", "no key to include"},
		{"restore without --from", []string{"restore", "--data-dir", src.dir}, "", "--from FILE is required"},
		{"restore of a missing file", []string{"restore", "--data-dir", filepath.Join(tmp, "r"), "--from", filepath.Join(tmp, "missing.tar")}, "", "no such file"},
		{"PostgreSQL backup without pg_dump", []string{"backup", "--database-url", "postgres://u:secret@127.0.0.1:1/x", "--to", filepath.Join(tmp, "c.tar")}, noPrograms, "pg_dump is not on PATH"},
		{"PostgreSQL restore without psql", []string{"restore", "--database-url", "postgres://u:secret@127.0.0.1:1/x", "--from", existing}, noPrograms, "pg_restore and psql are not on PATH"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path != "" {
				t.Setenv("PATH", tt.path)
			}
			code, _, stderr := run(t, tt.args...)
			if code == 0 || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("site %s = %d, stderr:\n%s\nwant a failure saying %q", strings.Join(tt.args, " "), code, stderr, tt.stderr)
			}
			if strings.Contains(stderr, "secret") {
				t.Errorf("stderr shows the database password:\n%s", stderr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(tmp, "a.tar")); err == nil {
		t.Errorf("a failed backup left its archive")
	}
}

// TestBackupWhileWriting: a backup taken while the site writes is one
// moment's copy: the restored database holds exactly the rows the
// backup counted (on PostgreSQL, pg_dump and the count share a snapshot).
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	for _, pg := range []bool{false, true} {
		t.Run(map[bool]string{false: "sqlite", true: "postgres"}[pg], func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			src := site{dir: filepath.Join(tmp, "src")}
			dst := site{dir: filepath.Join(tmp, "dst")}
			if pg {
				src.dbURL, dst.dbURL = pgDatabase(t), pgDatabase(t)
			}
			mustRun(t, append([]string{"seed"}, src.flags()...)...)
			st, err := app.OpenStore(t.Context(), src.config())
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			ctx, stop := context.WithCancel(t.Context())
			var written atomic.Int64
			done := make(chan struct{})
			go func() {
				defer close(done)
				for ctx.Err() == nil {
					now := time.Now().UTC()
					msg := domain.ContactMessage{Name: "Meera", Email: "meera@example.com", Subject: "Hi", Message: fmt.Sprint("message ", written.Load()), Status: domain.ContactNew, CreatedAt: now}
					if _, err := st.CreateContactMessage(ctx, &msg, domain.ContactOptions{Notify: &domain.OutboxMessage{To: "office@example.com", Subject: "New", Body: "…", NextAttemptAt: now, CreatedAt: now}}); err == nil {
						written.Add(1)
					}
					time.Sleep(2 * time.Millisecond) // a busy site, not a flood
				}
			}()
			// waitFor waits until more than n messages are written.
			waitFor := func(n int64) {
				t.Helper()
				testwait.Eventually(t, 10*time.Second, fmt.Sprintf("more than %d messages written", n), func() bool { return written.Load() > n })
			}
			waitFor(0)
			archive := filepath.Join(tmp, "site.tar.gz")
			stdout, _ := mustRun(t, append([]string{"backup", "--to", archive}, src.flags()...)...)
			waitFor(written.Load())
			stop()
			<-done
			n := int(written.Load())

			var tables, rows int
			if _, err := fmt.Sscanf(stdout[strings.Index(stdout, "("):], "(%d tables, %d rows)", &tables, &rows); err != nil {
				t.Fatalf("backup stdout %q: %v", stdout, err)
			}
			mustRun(t, append([]string{"restore", "--from", archive}, dst.flags()...)...)
			got := take(t, dst)
			restored, messages := 0, len(got.rows["contact_messages"])
			for name, r := range got.rows {
				if !strings.HasPrefix(name, "(") && name != "sqlite_master" {
					restored += len(r)
				}
			}
			if restored != rows {
				t.Errorf("restored %d rows, the backup counted %d", restored, rows)
			}
			t.Logf("%d messages written, %d in the backup", n, messages)
			if messages == 0 || messages >= n || len(got.rows["outbox"]) != messages {
				t.Errorf("restored %d contact messages and %d mails of %d written; want some, not all, one mail each", messages, len(got.rows["outbox"]), n)
			}
		})
	}
}
