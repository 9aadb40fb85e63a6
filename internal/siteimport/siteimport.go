// Package siteimport brings the records of the original site (a React
// app writing to a hosted document database; spec section 3) into the
// store: jobs, blog posts, comments, contact messages and job
// applications with their documents. Every record goes through the rules
// of a live write: HTML sanitised (by the store, as on every write),
// comments and contact messages normalised and validated as the forms
// are, national ID numbers checked for their type's format and sealed,
// files checked as uploads are (docfile) and stored as uploads are. The
// original document IDs give stable IDs here (LocalID), so a second run
// finds what the first stored and changes nothing. It knows nothing of
// HTTP or command-line flags: the site binary's import command reads the
// flags and calls Run.
package siteimport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png" // a checked cover may be a PNG
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
	"corpsite/internal/media"
	"corpsite/internal/sanitize"
)

// MaxExportBytes bounds the export file read into memory.
const MaxExportBytes = 512 << 20

// CoverFolder is the blob folder of blog cover images (the one the site
// serves publicly, at /covers/; see the console's covers).
const CoverFolder = "covers"

// Store is what an import reads and writes.
type Store interface {
	domain.JobStore
	domain.JobListStore
	domain.BlogStore
	domain.CommentStore
	domain.ContactStore
	domain.ApplicationStore
}

// Sealer seals national ID numbers (the data keys, idcrypt.Keyring).
type Sealer interface {
	Seal(plain []byte) ([]byte, error)
}

// Config is what an import is built from.
type Config struct {
	Store Store
	// Blobs is the site's file storage: applicants' documents (private)
	// and blog covers (public, under covers/).
	Blobs domain.BlobStore
	// Keys seal national ID numbers; a dry run needs none.
	Keys Sealer
	// Files is the folder of the export's stored files, by storage path.
	Files fs.FS
	// TempDir holds files while they are checked ("" = the system's).
	TempDir string
	// RetentionDays and IDDocumentRetentionDays are the site's (see
	// config): an application the site would delete at once is not
	// imported, nor an ID document it would delete. 0 = the default.
	RetentionDays, IDDocumentRetentionDays int
	// DryRun reads and checks everything and writes nothing.
	DryRun bool
	Log    *slog.Logger
	Now    func() time.Time
}

// Importer runs imports; make one with New.
type Importer struct {
	Config
	files   fs.FS
	tempDir string
}

// New returns an importer of c.
func New(c Config) *Importer {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.RetentionDays <= 0 {
		c.RetentionDays = domain.DefaultRetentionDays
	}
	if c.IDDocumentRetentionDays <= 0 || c.IDDocumentRetentionDays > c.RetentionDays {
		c.IDDocumentRetentionDays = c.RetentionDays
	}
	return &Importer{Config: c, files: c.Files, tempDir: c.TempDir}
}

// Problem is a record skipped, or imported without a part, and why.
type Problem struct {
	ID     string // the original document ID
	Reason string
}

// Collection is what an import did with one collection.
type Collection struct {
	Name      string // the original collection's name
	Created   int
	Unchanged int
	// Skipped records were not imported; Notes are about records that
	// were imported without a part (a file that failed its check, an ID
	// number of the wrong format) or held for review.
	Skipped []Problem
	Notes   []Problem

	mu sync.Mutex // applications are imported by several workers
}

func (c *Collection) skip(id, format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.Skipped = append(c.Skipped, Problem{id, fmt.Sprintf(format, args...)})
}

func (c *Collection) note(id, format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.Notes = append(c.Notes, Problem{id, fmt.Sprintf(format, args...)})
}

// count adds a created or an unchanged record.
func (c *Collection) count(created bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if created {
		c.Created++
	} else {
		c.Unchanged++
	}
}

// sort orders the problems by document ID (keeping each record's in the
// order they were found), whatever order the workers met them in.
func (c *Collection) sort() {
	for _, ps := range [][]Problem{c.Skipped, c.Notes} {
		slices.SortStableFunc(ps, func(a, b Problem) int { return strings.Compare(a.ID, b.ID) })
	}
}

// Report is what an import did (or, in a dry run, would do), collection
// by collection in the order they are imported.
type Report struct {
	DryRun      bool
	Collections []*Collection
}

// Totals returns the records created and unchanged over every collection.
func (r *Report) Totals() (created, unchanged, skipped int) {
	for _, c := range r.Collections {
		created += c.Created
		unchanged += c.Unchanged
		skipped += len(c.Skipped)
	}
	return
}

// Summary is the report in one line of counts, without IDs or reasons
// (for the audit log): "jobDescription 2 created, 0 unchanged, 1 skipped; …".
func (r *Report) Summary() string {
	parts := make([]string, len(r.Collections))
	for i, c := range r.Collections {
		parts[i] = fmt.Sprintf("%s %d created, %d unchanged, %d skipped", c.Name, c.Created, c.Unchanged, len(c.Skipped))
	}
	return strings.Join(parts, "; ")
}

// WriteText writes the report for a person.
func (r *Report) WriteText(w io.Writer) {
	verb := "created"
	if r.DryRun {
		verb = "to create"
		fmt.Fprintln(w, "Dry run: nothing was written.")
	}
	for _, c := range r.Collections {
		fmt.Fprintf(w, "%-16s %d %s, %d unchanged, %d skipped\n", c.Name+":", c.Created, verb, c.Unchanged, len(c.Skipped))
		for _, p := range c.Skipped {
			fmt.Fprintf(w, "  skipped %s: %s\n", p.ID, p.Reason)
		}
		for _, p := range c.Notes {
			fmt.Fprintf(w, "  note    %s: %s\n", p.ID, p.Reason)
		}
	}
	created, unchanged, skipped := r.Totals()
	fmt.Fprintf(w, "Total: %d %s, %d unchanged, %d skipped.\n", created, verb, unchanged, skipped)
}

// run is the state of one import.
type run struct {
	*Importer
	now time.Time
	// jobs and posts are the local IDs of the jobs and posts that are on
	// the site or (in a dry run) would be.
	jobs, posts map[string]bool
}

// Run imports the export read from r. A record that cannot be imported
// is skipped with its reason in the report; a failure of the store or
// the file storage stops the import with an error (what was stored
// stays, and running it again carries on from there).
func (im *Importer) Run(ctx context.Context, r io.Reader) (*Report, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxExportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read the export: %w", err)
	}
	if len(data) > MaxExportBytes {
		return nil, fmt.Errorf("the export is larger than %d MiB", MaxExportBytes>>20)
	}
	var ex Export
	if err := json.Unmarshal(data, &ex); err != nil {
		return nil, fmt.Errorf("the export is not a JSON object of collections: %w", err)
	}
	if !im.DryRun && im.Keys == nil && len(ex.Applications) > 0 {
		return nil, fmt.Errorf("no data keys to seal national ID numbers with")
	}
	rn := &run{Importer: im, now: im.Now().UTC(), jobs: map[string]bool{}, posts: map[string]bool{}}
	rep := &Report{DryRun: im.DryRun}
	steps := []struct {
		name string
		docs map[string]json.RawMessage
		fn   func(context.Context, *Collection, map[string]json.RawMessage) error
	}{
		{"jobDescription", ex.Jobs, rn.jobsStep},
		{"blogs", ex.Blogs, rn.blogsStep},
		{"comments", ex.Comments, rn.commentsStep},
		{"contacts", ex.Contacts, rn.contactsStep},
		{"jobApplications", ex.Applications, rn.applicationsStep},
	}
	for _, s := range steps {
		c := &Collection{Name: s.name}
		rep.Collections = append(rep.Collections, c)
		err := s.fn(ctx, c, s.docs)
		c.sort()
		if err != nil {
			return rep, fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return rep, nil
}

// decode reads one document into v; a document of the wrong shape is
// skipped with why.
func decode(c *Collection, id string, raw json.RawMessage, v any) bool {
	if err := json.Unmarshal(raw, v); err != nil {
		c.skip(id, "not a document of this collection: %v", err)
		return false
	}
	return true
}

// differs names the fields a stored record and the export disagree on.
type differs []string

func (d *differs) check(field string, equal bool) {
	if !equal {
		*d = append(*d, field)
	}
}

// tally counts document id, which the site already has: unchanged when
// no field differs, else skipped, naming the fields (the site's copy is
// kept).
func (d differs) tally(c *Collection, id string) {
	if d == nil {
		c.count(false)
		return
	}
	c.skip(id, "already on the site with other %s; the site's copy is kept", strings.Join(d, ", "))
}

func sameTime(stored, given time.Time) bool {
	return given.IsZero() || stored.Equal(given.UTC().Truncate(time.Microsecond))
}

// sentence ends s with a full stop if it has none.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// reason is a refusal by the rules as one line naming the fields.
func reason(err error) string {
	var de *domain.Error
	if e, ok := err.(*domain.Error); ok {
		de = e
	}
	if de == nil || len(de.Fields) == 0 {
		return err.Error()
	}
	var parts []string
	for _, f := range slices.Sorted(maps.Keys(de.Fields)) {
		parts = append(parts, f+": "+de.Fields[f])
	}
	return strings.Join(parts, "; ")
}

func (rn *run) jobsStep(ctx context.Context, c *Collection, docs map[string]json.RawMessage) error {
	locs, err := rn.Store.ListJobLocations(ctx)
	if err != nil {
		return err
	}
	deps, err := rn.Store.ListJobDepartments(ctx)
	if err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		var d JobDoc
		if !decode(c, id, docs[id], &d) {
			continue
		}
		j := domain.Job{
			ID: LocalID(id), JobTitle: strings.TrimSpace(d.JobTitle),
			Experience: experience(string(d.Experience)), Location: strings.TrimSpace(d.Location),
			Description: sanitize.HTML(d.Description), Workplace: domain.WorkplaceOnsite,
			// Every job of the original site was on its careers page.
			Status: domain.JobOpen, CreatedAt: d.CreatedAt.Time,
		}
		if j.JobTitle == "" {
			c.skip(id, "jobTitle is empty")
			continue
		}
		domain.MapJobFacts(&j, locs, deps)
		old, err := rn.Store.GetJob(ctx, j.ID)
		switch {
		case err == nil:
			var diff differs
			diff.check("jobTitle", old.JobTitle == j.JobTitle)
			diff.check("experience", old.Experience == j.Experience)
			diff.check("location", old.Location == j.Location)
			diff.check("description", old.Description == j.Description)
			diff.tally(c, id)
			rn.jobs[j.ID] = true
			continue
		case !domain.IsNotFound(err):
			return err
		}
		if !rn.DryRun {
			if err := rn.Store.CreateJob(ctx, &j); err != nil {
				return fmt.Errorf("job %s: %w", id, err)
			}
		}
		rn.jobs[j.ID] = true
		c.Created++
	}
	return nil
}

// experience is the job's experience text, without the unit the original
// site's jobs often wrote ("3-5 years"), when what is left is a range the
// site reads (domain.ParseExperience); other text stays as it is, for
// staff to map in the console.
func experience(s string) string {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	for _, unit := range []string{"years", "year", "yrs", "yr"} {
		if v, ok := strings.CutSuffix(lower, unit); ok {
			if _, _, ok := domain.ParseExperience(v); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return s
}

func (rn *run) blogsStep(ctx context.Context, c *Collection, docs map[string]json.RawMessage) error {
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		var d BlogDoc
		if !decode(c, id, docs[id], &d) {
			continue
		}
		p := domain.BlogPost{
			ID: LocalID(id), Title: strings.TrimSpace(d.Title), Description: strings.TrimSpace(d.Description),
			Content: sanitize.PostHTML(d.Content), Status: domain.PostPublished, CreatedAt: d.CreatedAt.Time,
		}
		if p.Title == "" {
			c.skip(id, "title is empty")
			continue
		}
		old, err := rn.Store.GetBlogPost(ctx, p.ID)
		switch {
		case err == nil:
			var diff differs
			diff.check("title", old.Title == p.Title)
			diff.check("description", old.Description == p.Description)
			diff.check("content", old.Content == p.Content)
			diff.check("createdAt", sameTime(old.CreatedAt, p.CreatedAt))
			diff.tally(c, id)
			rn.posts[p.ID] = true
			continue
		case !domain.IsNotFound(err):
			return err
		}
		if strings.TrimSpace(d.Image) != "" {
			versions, why, err := rn.cover(ctx, d.Image, p.Title)
			if err != nil {
				return fmt.Errorf("post %s: %w", id, err)
			}
			if why != "" {
				c.note(id, "image %s Imported without a cover.", sentence(why))
			} else if len(versions) > 0 {
				p.ImageVersions, p.Image = versions, versions[len(versions)-1].URL
			}
		}
		if !rn.DryRun {
			if err := rn.Store.CreateBlogPost(ctx, &p); err != nil {
				rn.deleteCover(ctx, p.ImageVersions)
				return fmt.Errorf("post %s: %w", id, err)
			}
		}
		rn.posts[p.ID] = true
		c.Created++
	}
	return nil
}

// cover checks the image a post references as a cover upload is checked
// and, unless this is a dry run, stores it as the console does: scaled to
// media.CoverWidths, each as JPEG and the modern formats.
func (rn *run) cover(ctx context.Context, ref, title string) ([]domain.ImageVersion, string, error) {
	checked, why, err := rn.checkFile(ctx, docfile.CoverImage, "", ref)
	if err != nil || why != "" {
		return nil, why, err
	}
	defer checked.Remove()
	if rn.DryRun {
		return nil, "", nil
	}
	f, err := checked.Open()
	if err != nil {
		return nil, "", err
	}
	src, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		return nil, "", fmt.Errorf("decode the checked cover: %w", err)
	}
	set := media.EncodeCover(src, rn.Log)
	base := domain.NewBlobKey(CoverFolder, title, rn.now, "")
	var versions []domain.ImageVersion
	for _, v := range set.Versions {
		iv := domain.ImageVersion{Width: v.Width, Height: v.Height}
		name := base + "-" + strconv.Itoa(v.Width)
		for j, data := range v.Files {
			fm := set.Formats[j]
			key := name + fm.Ext
			if err := rn.Blobs.Put(ctx, key, bytes.NewReader(data), fm.ContentType); err != nil {
				rn.deleteCover(ctx, append(versions, iv))
				return nil, "", domain.BlobErr("store", key, err)
			}
			switch fm.Ext {
			case ".jpg":
				iv.URL = "/" + key
			case ".webp":
				iv.WebP = "/" + key
			case ".avif":
				iv.AVIF = "/" + key
			}
		}
		versions = append(versions, iv)
	}
	return versions, "", nil
}

func (rn *run) deleteCover(ctx context.Context, versions []domain.ImageVersion) {
	for _, v := range versions {
		for _, u := range v.URLs() {
			if u == "" {
				continue
			}
			key := strings.TrimPrefix(u, "/")
			if err := rn.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
				rn.Log.Error("deleting an imported cover", "key", key, "err", err)
			}
		}
	}
}

func (rn *run) commentsStep(ctx context.Context, c *Collection, docs map[string]json.RawMessage) error {
	// The comments of each post on the site, by ID, read once per post.
	stored := map[string]map[string]domain.Comment{}
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		var d CommentDoc
		if !decode(c, id, docs[id], &d) {
			continue
		}
		cm := domain.Comment{
			ID: LocalID(id), BlogID: LocalID(strings.TrimSpace(d.BlogID)), Name: d.Name, Email: d.Email,
			Website: d.Website, Comment: d.Comment, Status: domain.CommentVisible, CreatedAt: d.CreatedAt.Time,
		}
		if strings.TrimSpace(d.BlogID) == "" {
			c.skip(id, "blogId is empty")
			continue
		}
		ok, err := rn.havePost(ctx, cm.BlogID)
		if err != nil {
			return err
		}
		if !ok {
			c.skip(id, "its post %q is neither in the export nor on the site", d.BlogID)
			continue
		}
		cm.Normalize()
		if err := cm.Validate(); err != nil {
			c.skip(id, "%s", reason(err))
			continue
		}
		if stored[cm.BlogID] == nil {
			list, err := rn.Store.ListComments(ctx, cm.BlogID, false)
			if err != nil {
				return err
			}
			stored[cm.BlogID] = map[string]domain.Comment{}
			for _, s := range list {
				stored[cm.BlogID][s.ID] = s
			}
		}
		if old, ok := stored[cm.BlogID][cm.ID]; ok {
			var diff differs
			diff.check("name", old.Name == cm.Name)
			diff.check("email", old.Email == cm.Email)
			diff.check("website", old.Website == cm.Website)
			diff.check("comment", old.Comment == cm.Comment)
			diff.check("createdAt", sameTime(old.CreatedAt, cm.CreatedAt))
			diff.tally(c, id)
			continue
		}
		// As the public form does: a comment that looks like spam waits
		// for staff instead of showing.
		if why := domain.CommentSpamReason(cm); why != "" {
			cm.Status = domain.CommentHeld
			c.note(id, "held for review in the console: %s", why)
		}
		if !rn.DryRun {
			if err := rn.Store.CreateComment(ctx, &cm); err != nil {
				return fmt.Errorf("comment %s: %w", id, err)
			}
		}
		c.Created++
	}
	return nil
}

func (rn *run) havePost(ctx context.Context, id string) (bool, error) {
	if rn.posts[id] {
		return true, nil
	}
	_, err := rn.Store.GetBlogPost(ctx, id)
	if domain.IsNotFound(err) {
		return false, nil
	}
	rn.posts[id] = err == nil
	return err == nil, err
}

func (rn *run) haveJob(ctx context.Context, id string) (bool, error) {
	if rn.jobs[id] {
		return true, nil
	}
	_, err := rn.Store.GetJob(ctx, id)
	if domain.IsNotFound(err) {
		return false, nil
	}
	rn.jobs[id] = err == nil
	return err == nil, err
}

func (rn *run) contactsStep(ctx context.Context, c *Collection, docs map[string]json.RawMessage) error {
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		var d ContactDoc
		if !decode(c, id, docs[id], &d) {
			continue
		}
		// Staff read these in the old database's console: they arrive
		// read, in the inbox, and send no notification.
		m := domain.ContactMessage{
			ID: LocalID(id), Name: d.Name, Email: d.Email, Subject: d.Subject, Message: d.Message,
			Status: domain.ContactRead, CreatedAt: d.Timestamp.Time,
		}
		m.Normalize()
		if err := m.Validate(); err != nil {
			c.skip(id, "%s", reason(err))
			continue
		}
		old, err := rn.Store.GetContactMessage(ctx, m.ID)
		switch {
		case err == nil:
			var diff differs
			diff.check("name", old.Name == m.Name)
			diff.check("email", old.Email == m.Email)
			diff.check("subject", old.Subject == m.Subject)
			diff.check("message", old.Message == m.Message)
			diff.check("timestamp", sameTime(old.CreatedAt, m.CreatedAt))
			diff.tally(c, id)
			continue
		case !domain.IsNotFound(err):
			return err
		}
		if !rn.DryRun {
			if _, err := rn.Store.CreateContactMessage(ctx, &m, domain.ContactOptions{}); err != nil {
				return fmt.Errorf("contact %s: %w", id, err)
			}
		}
		c.Created++
	}
	return nil
}
