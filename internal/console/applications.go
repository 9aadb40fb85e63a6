package console

import (
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/careers"
	"corpsite/internal/csvexport"
	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// The applications inbox of the staff console. Everything that shows an
// applicant's national ID number or documents, exports applications or
// erases one is recorded in the audit log first, naming the application
// by its reference; when recording fails, nothing is shown or changed.

// inboxRoutes are the staff API routes of the applications inbox.
func (s *Server) inboxRoutes() []adminRoute {
	return []adminRoute{
		get("/applications", recruiters, s.adminListApplications),
		// The literal segment wins over {id}; no application ID has a dot.
		get("/applications/export.csv", recruiters, s.adminExportApplications),
		get("/applications/{id}", recruiters, s.adminApplication),
		call(http.MethodPost, "/applications/{id}/reveal-id", recruiters, s.adminRevealID),
		get("/applications/{id}/documents/{doc}", recruiters, s.adminDownloadDocument),
		send(http.MethodPatch, "/applications/{id}/status", recruiters, s.adminSetStatus),
		send(http.MethodPost, "/applications/{id}/notes", recruiters, s.adminAddNote),
		call(http.MethodDelete, "/applications/{id}", recruiters, s.adminEraseApplication),
	}
}

// Bounds of the inbox.
const (
	// inboxPageSize is the rows of one page of the table.
	inboxPageSize = 25
	// exportMaxRows bounds one CSV export; a larger selection is refused
	// with a request to narrow the filters.
	exportMaxRows = 10_000
	// inboxMaxQuery bounds the search text, in characters.
	inboxMaxQuery = 200
	// eraseCleanupTimeout bounds the removal of an erased application's
	// documents, as it bounds that of a failed submission.
	eraseCleanupTimeout = careers.CleanupTimeout
)

// inboxDate is how the filters write a day.
const inboxDate = "2006-01-02"

// inboxQuery is the inbox's filters as read from a query string.
type inboxQuery struct {
	filter domain.ApplicationFilter
	page   int
}

// inboxParams are the query parameters the list and the export accept.
var inboxParams = []string{"job", "status", "source", "from", "to", "q", "sort", "dir", "page", "spam"}

// badQuery is a 400 answer naming what is wrong with a query parameter.
func badQuery(field, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return httpcore.WithStatus(&domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{field: msg}}, http.StatusBadRequest)
}

// parseInboxQuery reads and checks the filters of the list and export.
// Days are the site's days (loc); "to" includes its day.
func parseInboxQuery(v url.Values, loc *time.Location) (inboxQuery, error) {
	q := inboxQuery{page: 1}
	for k, vals := range v {
		if !slices.Contains(inboxParams, k) {
			return q, badQuery(k, "Unknown filter %q: use %s.", k, strings.Join(inboxParams, ", "))
		}
		if len(vals) > 1 {
			return q, badQuery(k, "The filter %q is given more than once.", k)
		}
	}
	f := &q.filter
	if job := v.Get("job"); job != "" {
		if len(job) > 64 || !utf8.ValidString(job) {
			return q, badQuery("job", "The job filter is not a job's ID.")
		}
		f.JobID = job
	}
	if st := domain.ApplicationStatus(v.Get("status")); st != "" {
		if !st.Valid() {
			return q, badQuery("status", "Unknown status %q: choose one of %s.", shorten(string(st)), joinStatuses())
		}
		f.Status = st
	}
	if src := v.Get("source"); src != "" {
		f.Source = domain.NormalizeSource(src)
		if src == domain.NoSource {
			f.Source = domain.NoSource
		} else if f.Source == "" {
			return q, badQuery("source", "The source filter %q is not a source: a source is at most %d letters, digits, '-', '_' or '.', or %q for none.",
				shorten(src), domain.SourceMax, domain.NoSource)
		}
	}
	var err error
	if f.From, err = parseDay(v.Get("from"), "from", "Applied from", loc); err != nil {
		return q, err
	}
	if f.To, err = parseDay(v.Get("to"), "to", "Applied to", loc); err != nil {
		return q, err
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1) // the whole day
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return q, badQuery("to", "Applied to must be on or after Applied from.")
	}
	f.Query = strings.TrimSpace(v.Get("q"))
	if !utf8.ValidString(f.Query) || utf8.RuneCountInString(f.Query) > inboxMaxQuery {
		return q, badQuery("q", "The search can be at most %d characters long.", inboxMaxQuery)
	}
	switch sort := domain.ApplicationSort(v.Get("sort")); {
	case sort == "":
		// The default order is by date applied: a direction alone turns it round.
		f.Sort = domain.SortApplied
	case sort.Valid():
		f.Sort = sort
	default:
		return q, badQuery("sort", "Unknown sort %q: sort by applied, name, status or job.", shorten(string(sort)))
	}
	switch dir := v.Get("dir"); dir {
	case "":
		// Newest first by date; A to Z (or pipeline order) otherwise.
		f.Desc = f.Sort == domain.SortApplied
	case "asc", "desc":
		f.Desc = dir == "desc"
	default:
		return q, badQuery("dir", "Unknown direction %q: use asc or desc.", shorten(dir))
	}
	if q.page, err = staffPage(v.Get("page")); err != nil {
		return q, err
	}
	switch v.Get("spam") {
	case "", "0":
		f.Spam = domain.SpamExclude
	case "1":
		f.Spam = domain.SpamOnly
	default:
		return q, badQuery("spam", "The spam filter must be 1 (only suspected spam) or 0.")
	}
	return q, nil
}

// parseDay reads a YYYY-MM-DD day of a filter ("" = none): its midnight in loc.
func parseDay(s, field, label string, loc *time.Location) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation(inboxDate, s, loc)
	if err != nil {
		return time.Time{}, badQuery(field, "%s must be a date written YYYY-MM-DD.", label)
	}
	return t, nil
}

// shorten cuts a refused value for an error message.
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= 30 && utf8.ValidString(s) {
		return s
	}
	r := []rune(strings.ToValidUTF8(s, "?"))
	return string(r[:min(len(r), 30)]) + "…"
}

func joinStatuses() string { return strings.Join(statusNames(), ", ") }

func statusNames() []string {
	out := make([]string, len(domain.ApplicationStatuses))
	for i, s := range domain.ApplicationStatuses {
		out[i] = string(s)
	}
	return out
}

// jobTitles returns every job's title by ID and the jobs as the filter
// offers them.
func (s *Server) jobTitles(ctx context.Context) (map[string]string, []wire.JobChoice, error) {
	jobs, err := s.store.ListJobs(ctx, domain.JobFilter{})
	if err != nil {
		return nil, nil, err
	}
	titles := make(map[string]string, len(jobs))
	choices := make([]wire.JobChoice, 0, len(jobs))
	for _, j := range jobs {
		titles[j.ID] = j.JobTitle
		choices = append(choices, wire.JobChoice{ID: j.ID, Title: j.JobTitle})
	}
	return titles, choices, nil
}

// GET /api/admin/applications: one page of the applications the filters
// select. Suspected spam is left out unless spam=1 asks for it alone; a
// search that is a reference or an e-mail address also finds its
// applications in any folder (Found).
func (s *Server) adminListApplications(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationList, error) {
	q, err := parseInboxQuery(r.URL.Query(), s.zone)
	if err != nil {
		return wire.ApplicationList{}, err
	}
	ctx := r.Context()
	total, err := s.store.CountApplications(ctx, q.filter)
	if err != nil {
		return wire.ApplicationList{}, err
	}
	f := q.filter
	f.Limit, f.Offset = inboxPageSize, (q.page-1)*inboxPageSize
	apps, err := s.store.ListApplications(ctx, f)
	if err != nil {
		return wire.ApplicationList{}, err
	}
	titles, jobs, err := s.jobTitles(ctx)
	if err != nil {
		return wire.ApplicationList{}, err
	}
	rows := make([]wire.ApplicationRow, len(apps))
	for i, a := range apps {
		rows[i] = applicationRow(a, titles)
	}
	found, err := s.found(ctx, q.filter.Query, titles)
	if err != nil {
		return wire.ApplicationList{}, err
	}
	queue, err := s.store.CountApplications(ctx, domain.ApplicationFilter{Spam: domain.SpamQueue})
	if err != nil {
		return wire.ApplicationList{}, err
	}
	sources, err := s.sourceCounts(ctx, domain.ApplicationFilter{})
	if err != nil {
		return wire.ApplicationList{}, err
	}
	return wire.ApplicationList{Rows: rows, Total: total, Page: q.page, PageSize: inboxPageSize,
		Pages: max(1, (total+inboxPageSize-1)/inboxPageSize), Jobs: jobs, Statuses: statusNames(),
		Sources: sources, Found: found, SpamQueue: queue}, nil
}

// inboxDoc is one document of an application.
type inboxDoc struct {
	id, label, key string
}

// applicationDocs lists the documents a has, in the order of the form.
func applicationDocs(a domain.Application) []inboxDoc {
	var docs []inboxDoc
	if a.ResumeKey != "" {
		docs = append(docs, inboxDoc{"resume", "Resume", a.ResumeKey})
	}
	for i, c := range a.Certifications {
		if c.DocumentKey != "" {
			docs = append(docs, inboxDoc{certDocID(i), fmt.Sprintf("Certification %d: %s", i+1, c.Name), c.DocumentKey})
		}
	}
	if a.NationalIDDocumentKey != "" {
		label := "National ID document"
		if a.NationalIDType != "" {
			label += " (" + a.NationalIDType + ")"
		}
		docs = append(docs, inboxDoc{"national-id", label, a.NationalIDDocumentKey})
	}
	return docs
}

func certDocID(i int) string { return "certification-" + strconv.Itoa(i+1) }

// docTypes are the content types of the extensions the form accepts
// (docfile gives a stored document the extension of what it really is).
var docTypes = map[string]string{
	".pdf":  "application/pdf",
	".doc":  "application/msword",
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".png":  "image/png",
}

// docFileName is the name a document is saved as: the reference, the
// document's ID and its extension, all ASCII ("APP-K3J5X7QA-resume.pdf").
func docFileName(ref string, d inboxDoc) string {
	ext := path.Ext(d.key)
	if _, ok := docTypes[ext]; !ok {
		ext = ""
	}
	return ref + "-" + d.id + ext
}

// docContentType is the content type of a document by its extension.
func docContentType(key string) string {
	if t, ok := docTypes[path.Ext(key)]; ok {
		return t
	}
	return "application/octet-stream"
}

// maskID shows the last four characters of a national ID number, or ""
// when none is stored (so the console offers no reveal).
func maskID(a domain.Application) string {
	if len(a.NationalIDNumberEnc) == 0 {
		return ""
	}
	return "•••• " + a.NationalIDLast4
}

// getApplication loads the application of the request's {id}.
func (s *Server) getApplication(r *http.Request) (domain.Application, error) {
	return s.store.GetApplication(r.Context(), r.PathValue("id"))
}

// GET /api/admin/applications/{id}: every field but the national ID
// number, which shows masked. Opening it is recorded in the audit log
// (careers.RecordOpened: once in a while per member of staff).
func (s *Server) adminApplication(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationDetail, error) {
	a, err := s.getApplication(r)
	if err != nil {
		return wire.ApplicationDetail{}, err
	}
	if _, err := s.careers.RecordOpened(r.Context(), a, reviewer(r, st)); err != nil {
		return wire.ApplicationDetail{}, err
	}
	return s.applicationDetail(r.Context(), a, st)
}

// applicationDetail is a as the console shows it to st, with its notes.
// The equal-opportunity answers are shown to admins only
// (domain.SeesVoluntaryAnswers): reviewers judge without them.
func (s *Server) applicationDetail(ctx context.Context, a domain.Application, st *Staff) (wire.ApplicationDetail, error) {
	notes, err := s.store.ListApplicationNotes(ctx, a.ID)
	if err != nil {
		return wire.ApplicationDetail{}, err
	}
	title := ""
	if j, err := s.store.GetJob(ctx, a.JobID); err == nil {
		title = j.JobTitle
	} else if domain.ErrorCode(err) != domain.ENotFound {
		return wire.ApplicationDetail{}, err
	}
	d := wire.ApplicationDetail{
		ID: a.ID, Reference: a.Reference, JobID: a.JobID, JobTitle: title,
		Status: string(a.Status), StatusChangedAt: a.StatusChangedAt, WithdrawnAt: a.WithdrawnAt, Spam: a.Spam,
		SpamReasons: a.SpamReasons, SpamReview: string(a.SpamReview), ConfirmationHeld: a.ConfirmationHeld,
		AppliedAt: a.AppliedAt, UpdatedAt: a.UpdatedAt,
		FirstName: a.FirstName, MiddleName: a.MiddleName, LastName: a.LastName, FullName: a.FullName,
		Email: a.Email, Phone: strings.TrimSpace(a.PhoneCountryCode + " " + a.PhoneNumber),
		Address: a.Address, LinkedIn: a.LinkedIn, Website: a.Website,
		LocationPreference: a.LocationPreference, AvailabilityDate: a.AvailabilityDate,
		WorkExperiences: make([]wire.WorkExperience, len(a.WorkExperiences)),
		Educations:      make([]wire.Education, len(a.Educations)),
		Skills:          a.Skills,
		Certifications:  make([]wire.ApplicationCertification, len(a.Certifications)),
		CoverLetter:     a.CoverLetter, HeardFrom: a.HeardFrom, Source: a.Source,
		EligibleToWork: a.EligibleToWork, WillingToRelocate: a.WillingToRelocate,
		NationalIDType: a.NationalIDType, NationalIDMasked: maskID(a),
		ConsentVersion: a.ConsentVersion, ConsentAt: a.ConsentAt,
		Documents: []wire.ApplicationDocument{},
		Notes:     make([]wire.ApplicationNote, len(notes)),
		Statuses:  statusNames(),
	}
	if domain.SeesVoluntaryAnswers(st.Role) {
		d.Voluntary = &wire.VoluntaryAnswers{Gender: a.Gender, DisabilityStatus: a.DisabilityStatus}
	}
	for i, x := range a.WorkExperiences {
		d.WorkExperiences[i] = wire.WorkExperience(x)
	}
	for i, e := range a.Educations {
		d.Educations[i] = wire.Education{Level: e.Level, Institution: e.Institution, BoardName: e.BoardName,
			Degree: e.Degree, FieldOfStudy: e.FieldOfStudy, Location: e.Location,
			GraduationDate: e.GraduationDate, ScoreType: e.ScoreType, Score: e.Score}
	}
	for i, c := range a.Certifications {
		d.Certifications[i] = wire.ApplicationCertification{Name: c.Name}
		if c.DocumentKey != "" {
			d.Certifications[i].Document = certDocID(i)
		}
	}
	for _, doc := range applicationDocs(a) {
		d.Documents = append(d.Documents, wire.ApplicationDocument{ID: doc.id, Label: doc.label,
			FileName: docFileName(a.Reference, doc), ContentType: docContentType(doc.key)})
	}
	for i, n := range notes {
		d.Notes[i] = wire.ApplicationNote{ID: n.ID, AuthorName: n.AuthorName, Body: n.Body, CreatedAt: n.CreatedAt}
	}
	return d, nil
}

// POST /api/admin/applications/{id}/reveal-id: the national ID number,
// once the audit log has recorded who asked. It is answered to this
// request only: never logged, never cached.
func (s *Server) adminRevealID(w http.ResponseWriter, r *http.Request, st *Staff) (wire.RevealedID, error) {
	a, err := s.getApplication(r)
	if err != nil {
		return wire.RevealedID{}, err
	}
	if len(a.NationalIDNumberEnc) == 0 {
		return wire.RevealedID{}, domain.Errorf(domain.ENotFound, "This application holds no national ID number.")
	}
	if s.idKeys == nil {
		return wire.RevealedID{}, errors.New("reveal national ID: the server has no ID keys")
	}
	if err := s.audit(r, st, domain.AuditIDRevealed, a.Reference, "type: "+a.NationalIDType); err != nil {
		return wire.RevealedID{}, err
	}
	number, err := s.idKeys.Open(a.NationalIDNumberEnc)
	if err != nil {
		return wire.RevealedID{}, fmt.Errorf("open national ID of application %s: %w", a.ID, err)
	}
	return wire.RevealedID{Type: a.NationalIDType, Number: string(number)}, nil
}

// GET /api/admin/applications/{id}/documents/{doc}: the document as an
// attachment, recorded in the audit log before a byte of it is sent. The
// answer can never render in the console's origin: it is an attachment,
// its type is never sniffed and a sandbox CSP replaces the page policy.
func (s *Server) adminDownloadDocument(w http.ResponseWriter, r *http.Request, st *Staff) (written, error) {
	a, err := s.getApplication(r)
	if err != nil {
		return written{}, err
	}
	doc, err := findDoc(a, r.PathValue("doc"))
	if err != nil {
		return written{}, err
	}
	if s.blobs == nil {
		return written{}, errors.New("download document: the server has no blob store")
	}
	ctx := r.Context()
	// Opening shows nothing yet; a missing file is told without a record.
	rc, info, err := s.blobs.Open(ctx, doc.key)
	if domain.ErrorCode(err) == domain.ENotFound {
		return written{}, domain.Errorf(domain.ENotFound, "The file of this document is missing from storage.")
	}
	if err != nil {
		return written{}, domain.BlobErr("open", doc.key, err)
	}
	defer rc.Close()
	if err := s.audit(r, st, domain.AuditDocDownloaded, a.Reference, doc.id); err != nil {
		return written{}, err
	}
	ct := info.ContentType
	if ct == "" || !strings.Contains(ct, "/") {
		ct = docContentType(doc.key)
	}
	sendAttachment(w, ct, docFileName(a.Reference, doc), info.Size)
	if _, err := io.Copy(w, rc); err != nil && ctx.Err() == nil {
		// The key carries a slug of the applicant's name: only the
		// document's ID is logged.
		httpcore.Logger(r).Warn("document download cut short", "application", a.ID, "document", doc.id)
	}
	return written{}, nil
}

// findDoc is the document of a with the given ID.
func findDoc(a domain.Application, id string) (inboxDoc, error) {
	for _, d := range applicationDocs(a) {
		if d.id == id {
			return d, nil
		}
	}
	return inboxDoc{}, domain.Errorf(domain.ENotFound, "This application has no such document.")
}

// sendAttachment writes the status and headers of a download saved as
// name. The answer can never render in the console's origin: its type is
// never sniffed, a sandbox CSP replaces the page policy and nothing of it
// is kept. size is sent as Content-Length when known (above 0).
func sendAttachment(w http.ResponseWriter, contentType, name string, size int64) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", attachment(name))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox")
	h.Set("Cache-Control", "no-store")
	if size > 0 {
		h.Set("Content-Length", strconv.FormatInt(size, 10))
	}
	w.WriteHeader(http.StatusOK)
}

// attachment is a Content-Disposition of a download saved as name: an
// ASCII filename and the same name as UTF-8 (RFC 8187) for clients that
// prefer it.
func attachment(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + ascii + `"; filename*=UTF-8''` + extValue(name)
}

// extValue percent-encodes s as an RFC 8187 value: every byte but the
// attr-chars (letters, digits and !#$&+-.^_`|~).
func extValue(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// PATCH /api/admin/applications/{id}/status: moves the application in the
// pipeline, with the candidate e-mail when asked (careers.ChangeStatus);
// a change is recorded in the audit log ("new → interview; e-mail sent").
func (s *Server) adminSetStatus(w http.ResponseWriter, r *http.Request, st *Staff, req wire.StatusChange) (wire.ApplicationDetail, error) {
	_, err := s.careers.ChangeStatus(r.Context(), careers.StatusMove{ApplicationID: r.PathValue("id"),
		Status: domain.ApplicationStatus(req.Status), Notify: req.Notify, By: reviewer(r, st)})
	if err != nil {
		return wire.ApplicationDetail{}, forbidden(err)
	}
	a, err := s.getApplication(r)
	if err != nil {
		return wire.ApplicationDetail{}, err
	}
	return s.applicationDetail(r.Context(), a, st)
}

// POST /api/admin/applications/{id}/notes: adds an internal note by the
// signed-in member of staff.
func (s *Server) adminAddNote(w http.ResponseWriter, r *http.Request, st *Staff, req wire.NoteRequest) (created[wire.ApplicationNote], error) {
	n := domain.ApplicationNote{ApplicationID: r.PathValue("id"), Body: req.Body, CreatedAt: s.now()}
	n.Normalize()
	if err := n.Validate(); err != nil {
		return created[wire.ApplicationNote]{}, err
	}
	if st != nil {
		n.AuthorID, n.AuthorName = st.ID, cmp.Or(st.Name, st.Email)
	}
	if err := s.store.AddApplicationNote(r.Context(), &n); err != nil {
		return created[wire.ApplicationNote]{}, err
	}
	return created[wire.ApplicationNote]{wire.ApplicationNote{ID: n.ID, AuthorName: n.AuthorName, Body: n.Body, CreatedAt: n.CreatedAt}}, nil
}

// DELETE /api/admin/applications/{id}: erases the application, its notes
// and every document it references. The erase is recorded first; a
// document that cannot be deleted now is left to the orphan sweeper
// (internal/app), which removes files no application references.
func (s *Server) adminEraseApplication(w http.ResponseWriter, r *http.Request, st *Staff) (wire.ApplicationErased, error) {
	a, err := s.getApplication(r)
	if err != nil {
		return wire.ApplicationErased{}, err
	}
	keys := a.BlobKeys()
	if err := s.audit(r, st, domain.AuditErase, a.Reference, fmt.Sprintf("application, its notes and %d documents", len(keys))); err != nil {
		return wire.ApplicationErased{}, err
	}
	ctx := r.Context()
	if err := s.store.DeleteApplication(ctx, a.ID); err != nil {
		return wire.ApplicationErased{}, err
	}
	// The row is gone: its documents go too, on a context of their own
	// (a client that leaves must not leave the files behind).
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), eraseCleanupTimeout)
	defer cancel()
	left := 0
	for _, k := range keys {
		if s.blobs == nil {
			left = len(keys)
			break
		}
		// A file another application shares stays (the store allows it).
		if used, err := s.store.BlobKeyReferenced(ctx, k); err != nil || used {
			if err != nil {
				left++
			}
			continue
		}
		if err := s.blobs.Delete(ctx, k); err != nil {
			left++
		}
	}
	if left > 0 {
		// Neither keys nor errors (which quote them) are logged: keys
		// carry a slug of the applicant's name.
		httpcore.Logger(r).Error("erase: documents left for the orphan sweeper", "application", a.ID, "documents", left)
	}
	return wire.ApplicationErased{Reference: a.Reference, FilesDeleted: left == 0}, nil
}

// exportColumns are the columns of the CSV export, the time of Applied in
// loc (named in its header) as at. The national ID (number or type),
// gender and disability status are never exported.
func exportColumns(loc *time.Location, at time.Time) []string {
	return []string{"Reference", csvexport.ZoneHeader("Applied", loc, at), "Job", "Status", "First name", "Middle name",
		"Last name", "E-mail", "Phone", "Location preference", "Availability", "LinkedIn", "Website",
		"Skills", "Eligible to work", "Willing to relocate", "Heard from", "Source", "Suspected spam"}
}

// exportPhone is the index of the phone number among exportColumns.
const exportPhone = 8

// exportRow is a's cells, in exportColumns' order, times in loc.
func exportRow(a domain.Application, job string, loc *time.Location) []string {
	yes := func(b bool) string {
		if b {
			return "Yes"
		}
		return "No"
	}
	return []string{a.Reference, csvexport.Time(a.AppliedAt, loc), job, string(a.Status),
		a.FirstName, a.MiddleName, a.LastName, a.Email,
		strings.TrimSpace(a.PhoneCountryCode + " " + a.PhoneNumber), a.LocationPreference,
		a.AvailabilityDate, a.LinkedIn, a.Website, strings.Join(a.Skills, "; "),
		yes(a.EligibleToWork), yes(a.WillingToRelocate), a.HeardFrom, a.Source, yes(a.Spam)}
}

// exportDetail describes an export for the audit log: how many rows and
// which filters, without the search text (it may be a name).
func exportDetail(n int, f domain.ApplicationFilter) string {
	parts := []string{fmt.Sprintf("%d rows", n)}
	if f.JobID != "" {
		parts = append(parts, "job "+f.JobID)
	}
	if f.Status != "" {
		parts = append(parts, "status "+string(f.Status))
	}
	switch f.Source {
	case "":
	case domain.NoSource:
		parts = append(parts, "no source")
	default:
		parts = append(parts, "source "+f.Source)
	}
	if !f.From.IsZero() {
		parts = append(parts, "from "+f.From.Format(inboxDate))
	}
	if !f.To.IsZero() {
		parts = append(parts, "to "+f.To.AddDate(0, 0, -1).Format(inboxDate))
	}
	if f.Query != "" {
		parts = append(parts, "with a search")
	}
	if f.Spam == domain.SpamOnly {
		parts = append(parts, "suspected spam only")
	}
	return strings.Join(parts, "; ")
}

// GET /api/admin/applications/export.csv: the applications the filters
// select (as the list, without paging), oldest first so that rows added
// while it streams come at the end, as a CSV attachment. It is recorded
// in the audit log first; more than exportMaxRows is refused.
func (s *Server) adminExportApplications(w http.ResponseWriter, r *http.Request, st *Staff) (written, error) {
	q, err := parseInboxQuery(r.URL.Query(), s.zone)
	if err != nil {
		return written{}, err
	}
	if q.page != 1 {
		return written{}, badQuery("page", "An export holds every page: leave the page out.")
	}
	f := q.filter
	f.Sort, f.Desc = domain.SortApplied, false
	ctx := r.Context()
	total, err := s.store.CountApplications(ctx, f)
	if err != nil {
		return written{}, err
	}
	if total > exportMaxRows {
		return written{}, httpcore.WithStatus(domain.Errorf(domain.EInvalid,
			"The filters select %d applications; an export holds at most %d. Narrow the filters (job, status or dates) and export again.",
			total, exportMaxRows), http.StatusBadRequest)
	}
	titles, _, err := s.jobTitles(ctx)
	if err != nil {
		return written{}, err
	}
	if err := s.audit(r, st, domain.AuditExport, "applications", exportDetail(total, q.filter)); err != nil {
		return written{}, err
	}
	sendAttachment(w, "text/csv; charset=utf-8", "applications-"+s.now().In(s.zone).Format(inboxDate)+".csv", 0)
	if err := s.writeExport(ctx, w, f, total, titles); err != nil {
		httpcore.Logger(r).Error("export cut short", "err", err)
	}
	return written{}, nil
}

// writeExport streams the CSV rows of the applications f selects, total
// of them at most, page by page. A client that went away ends it quietly;
// a store that fails is the error.
func (s *Server) writeExport(ctx context.Context, w io.Writer, f domain.ApplicationFilter, total int, titles map[string]string) error {
	// A byte-order mark tells spreadsheets the file is UTF-8.
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return nil
	}
	cw := csv.NewWriter(w)
	defer cw.Flush()
	if err := cw.Write(exportColumns(s.zone, s.now())); err != nil {
		return nil
	}
	f.Limit = domain.MaxApplicationPage
	for sent := 0; sent < total && sent < exportMaxRows; {
		f.Offset = sent
		apps, err := s.store.ListApplications(ctx, f)
		if err != nil {
			return fmt.Errorf("after %d rows: %w", sent, err)
		}
		for _, a := range apps {
			if err := cw.Write(csvexport.Cells(exportRow(a, titles[a.JobID], s.zone), exportPhone)); err != nil {
				return nil
			}
		}
		cw.Flush()
		if cw.Error() != nil || len(apps) < f.Limit {
			return nil
		}
		sent += len(apps)
	}
	return nil
}
