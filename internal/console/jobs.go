package console

// Editing jobs in the staff console: list, create, edit, preview, publish,
// close and delete. Descriptions are sanitised by the store on every
// write; every publish, close and delete is audited. Writes that change a
// public page move the content version on (the store does) and make this
// instance look at it at once, so the next page shows the change.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/httpcore"
	"corpsite/internal/sanitize"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// Limits of a job's fields, in characters.
const (
	jobTitleMax       = 150
	jobDescriptionMax = 100_000
	// jobSalaryMax bounds a yearly salary in rupees (₹100 crore).
	jobSalaryMax = 1_000_000_000
	// adminJobPageSize is how many jobs one page of the console's list holds.
	adminJobPageSize = 50
)

// editorLimits are for the JSON bodies of jobs and posts, whose rich text
// may be far longer than a contact form.
var editorLimits = httpcore.Limits{MaxBody: 1 << 20, ReadTimeout: 30 * time.Second}

var errJobNotFound = domain.Errorf(domain.ENotFound, "Job not found.")

// jobAdminRoutes are the staff API routes of editing jobs and blog posts.
func (s *Server) jobAdminRoutes() []adminRoute {
	jobs := []adminRoute{
		get("/jobs", recruiters, s.adminJobs),
		send(http.MethodPost, "/jobs", recruiters, s.adminCreateJob).limited(&editorLimits),
		// The literal segment wins over {id}; no generated ID is "preview".
		send(http.MethodPost, "/jobs/preview", recruiters, s.adminPreviewJob).limited(&editorLimits),
		get("/jobs/{id}", recruiters, s.adminJob),
		send(http.MethodPut, "/jobs/{id}", recruiters, s.adminUpdateJob).limited(&editorLimits),
		call(http.MethodPost, "/jobs/{id}/publish", recruiters, s.adminPublishJob),
		call(http.MethodPost, "/jobs/{id}/close", recruiters, s.adminCloseJob),
		call(http.MethodDelete, "/jobs/{id}", recruiters, s.adminDeleteJob),
		call(http.MethodPost, "/jobs/{id}/duplicate", recruiters, s.adminDuplicateJob),
		get("/jobs/{id}/revisions", recruiters, s.adminJobRevisions),
		get("/jobs/{id}/revisions/{version}", recruiters, s.adminJobRevision),
		send(http.MethodPost, "/jobs/{id}/revisions/{version}/restore", recruiters, s.adminRestoreJob),
	}
	return slices.Concat(jobs, s.jobListRoutes(), s.postAdminRoutes())
}

// GET /api/admin/jobs?page=N: a page of every job, newest first, with
// its counts of applications (one query for every job).
func (s *Server) adminJobs(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminJobList, error) {
	page, err := staffPage(r.URL.Query().Get("page"))
	if err != nil {
		return wire.AdminJobList{}, err
	}
	jobs, err := s.store.ListJobs(r.Context(), domain.JobFilter{})
	if err != nil {
		return wire.AdminJobList{}, err
	}
	total := len(jobs)
	pages := max(1, (total+adminJobPageSize-1)/adminJobPageSize)
	if page > pages {
		return wire.AdminJobList{}, errPageNotFound
	}
	jobs = jobs[(page-1)*adminJobPageSize : min(total, page*adminJobPageSize)]
	apps, fresh, err := s.jobCounts(r.Context())
	if err != nil {
		return wire.AdminJobList{}, err
	}
	now := s.now()
	out := wire.AdminJobList{Jobs: make([]wire.AdminJobSummary, 0, len(jobs)), Page: page, Pages: pages, Total: total}
	for _, j := range jobs {
		out.Jobs = append(out.Jobs, wire.AdminJobSummary{
			ID: j.ID, JobTitle: j.JobTitle, Location: j.Location, Status: string(j.Status), Unmapped: orNone(j.UnmappedFacts()),
			ClosingDate: dateText(j.ClosingDate), Expired: j.Expired(now), UpdatedAt: j.UpdatedAt,
			Applications: apps[j.ID], NewApplications: fresh[j.ID],
		})
	}
	return out, nil
}

// GET /api/admin/jobs/{id}
func (s *Server) adminJob(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminJob, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminJob{}, err
	}
	return s.adminJobView(j), nil
}

// POST /api/admin/jobs: a new job, a draft. Only the title is needed
// for a draft; what is given must be valid.
func (s *Server) adminCreateJob(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminJobInput) (created[wire.AdminJob], error) {
	j := domain.Job{Status: domain.JobDraft, UpdatedBy: staffName(st)}
	lists, err := s.jobListsOf(r.Context())
	if err != nil {
		return created[wire.AdminJob]{}, err
	}
	bad := applyJobInput(&j, in, lists)
	if err := validateJob(j, s.now(), false, nil, bad); err != nil {
		return created[wire.AdminJob]{}, err
	}
	if err := s.store.CreateJob(r.Context(), &j); err != nil {
		return created[wire.AdminJob]{}, err
	}
	return created[wire.AdminJob]{s.adminJobView(j)}, nil
}

// PUT /api/admin/jobs/{id}: replaces the job's fields; its status stays.
// An open job is on the site, so it must stay complete. A save based on
// an older version than the stored one is a conflict (409) with the
// stored version.
func (s *Server) adminUpdateJob(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.AdminJobInput) (wire.AdminJob, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminJob{}, err
	}
	if err := editing.CheckJobBase(j, in.BaseVersion); err != nil {
		return wire.AdminJob{}, s.jobConflict(err)
	}
	was := j
	lists, err := s.jobListsOf(r.Context())
	if err != nil {
		return wire.AdminJob{}, err
	}
	bad := applyJobInput(&j, in, lists)
	if err := validateJob(j, s.now(), j.Status == domain.JobOpen, was.ClosingDate, bad); err != nil {
		return wire.AdminJob{}, err
	}
	if err := s.saveJob(r.Context(), &j, in.BaseVersion, st); err != nil {
		return wire.AdminJob{}, err
	}
	return s.adminJobView(j), nil
}

// POST /api/admin/jobs/{id}/publish: opens the job to visitors, when
// every field a job page needs is there.
func (s *Server) adminPublishJob(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminJob, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminJob{}, err
	}
	if err := validateJob(j, s.now(), true, nil, nil); err != nil {
		if e, ok := err.(*domain.Error); ok {
			e.Message = "The job cannot be published until the highlighted fields are complete."
		}
		return wire.AdminJob{}, err
	}
	from := j.Status
	j.Status, j.UpdatedBy = domain.JobOpen, staffName(st)
	if err := s.store.UpdateJobFrom(r.Context(), &j, from); err != nil {
		return wire.AdminJob{}, err
	}
	s.site.Changed(r.Context())
	// The job is public already: a failed audit row is logged, not undone.
	_ = s.auditAbout(r, st, domain.AuditJobPublished, "job "+j.ID, j.JobTitle, "")
	return s.adminJobView(j), nil
}

// POST /api/admin/jobs/{id}/close: takes the job off the site; its page
// says "Position closed" and no one may apply.
func (s *Server) adminCloseJob(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.AdminJob, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminJob{}, err
	}
	if j.Status != domain.JobOpen {
		return wire.AdminJob{}, domain.Errorf(domain.EConflict, "Only an open job can be closed; this one is %s.", j.Status)
	}
	j.Status, j.UpdatedBy = domain.JobClosed, staffName(st)
	if err := s.store.UpdateJobFrom(r.Context(), &j, domain.JobOpen); err != nil {
		return wire.AdminJob{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobClosed, "job "+j.ID, j.JobTitle, "")
	return s.adminJobView(j), nil
}

// DELETE /api/admin/jobs/{id}: removes a draft or a closed job (its
// applications are kept). An open job must be closed first, so a job
// never vanishes from the site without the closed page in between.
func (s *Server) adminDeleteJob(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.Deleted, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.Deleted{}, err
	}
	if j.Status == domain.JobOpen {
		return wire.Deleted{}, domain.Errorf(domain.EConflict, "Close the job before deleting it.")
	}
	if err := s.store.DeleteJob(r.Context(), j.ID); err != nil {
		return wire.Deleted{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobDeleted, "job "+j.ID, j.JobTitle, string(j.Status))
	return wire.Deleted{Deleted: true}, nil
}

// POST /api/admin/jobs/preview?id=ID: the job page as visitors would see
// it with the editor's unsaved fields (id, when given, is the saved job's,
// for its posting date), and its structured-data check.
func (s *Server) adminPreviewJob(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminJobInput) (wire.PagePreview, error) {
	j := domain.Job{ID: "preview", Status: domain.JobOpen, CreatedAt: s.now()}
	if id := r.URL.Query().Get("id"); id != "" {
		saved, err := s.staffJob(r.Context(), id)
		if err != nil {
			return wire.PagePreview{}, err
		}
		// A location, department or experience from before the lists
		// shows as it is until one is picked.
		j.ID, j.CreatedAt = saved.ID, saved.CreatedAt
		j.Location, j.Department, j.Experience = saved.Location, saved.Department, saved.Experience
	}
	lists, err := s.jobListsOf(r.Context())
	if err != nil {
		return wire.PagePreview{}, err
	}
	if bad := applyJobInput(&j, in, lists); len(bad) > 0 {
		return wire.PagePreview{}, &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: bad}
	}
	// As the store would keep it.
	j.Description = sanitize.HTML(j.Description)
	html, err := s.site.PreviewJob(r.Context(), j)
	if err != nil {
		return wire.PagePreview{}, err
	}
	return wire.PagePreview{HTML: html, Check: s.site.CheckJob(j)}, nil
}

// staffJob loads job id for the console: ENotFound for an unknown one.
func (s *Server) staffJob(ctx context.Context, id string) (domain.Job, error) {
	if !domain.ValidID(id) {
		return domain.Job{}, errJobNotFound
	}
	j, err := s.store.GetJob(ctx, id)
	if domain.IsNotFound(err) {
		return domain.Job{}, errJobNotFound
	}
	return j, err
}

// adminJobView is j as the console edits it.
func (s *Server) adminJobView(j domain.Job) wire.AdminJob {
	return wire.AdminJob{
		ID: j.ID, JobTitle: j.JobTitle, Experience: j.Experience, Location: j.Location,
		Department: j.Department, LocationID: j.LocationID, DepartmentID: j.DepartmentID,
		Workplace: j.Workplace, YearsMin: j.YearsMin, YearsMax: j.YearsMax, Unmapped: orNone(j.UnmappedFacts()),
		EmploymentType: j.EmploymentType,
		SalaryMin:      j.SalaryMin, SalaryMax: j.SalaryMax, ClosingDate: dateText(j.ClosingDate),
		Description: j.Description, Status: string(j.Status), Expired: j.Expired(s.now()),
		CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt, URL: "/job/" + j.ID,
		Check: s.site.CheckJob(j), Version: j.Version, UpdatedBy: j.UpdatedBy,
	}
}

// saveJob is editing.SaveJob by st, with a conflict's stored job for the
// editor; a job on the site changes its pages.
func (s *Server) saveJob(ctx context.Context, j *domain.Job, base int, st *Staff) error {
	err := editing.SaveJob(ctx, s.store, j, base, staffName(st))
	if err == nil && j.Status != domain.JobDraft {
		s.site.Changed(ctx)
	}
	return s.jobConflict(err)
}

// jobConflict is err, when a save's *editing.Conflict, with the stored
// job for the editor to compare (the time in the site's zone).
func (s *Server) jobConflict(err error) error {
	var c *editing.Conflict
	if !errors.As(err, &c) || c.Job == nil {
		return err
	}
	c.Zone = s.zone
	v := s.adminJobView(*c.Job)
	return &editConflict{c, wire.EditConflict{ChangedBy: c.By, ChangedAt: c.At, BaseVersion: c.Base, Version: c.Current, Job: &v}}
}

// POST /api/admin/jobs/{id}/duplicate: a draft copy of the job titled
// "Copy of <title>" (see editing.CopyOfJob); audited.
func (s *Server) adminDuplicateJob(_ http.ResponseWriter, r *http.Request, st *Staff) (created[wire.AdminJob], error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return created[wire.AdminJob]{}, err
	}
	c, err := editing.DuplicateJob(r.Context(), s.store, j.ID, staffName(st), s.now())
	if err != nil {
		return created[wire.AdminJob]{}, err
	}
	_ = s.auditAbout(r, st, domain.AuditJobDuplicated, "job "+j.ID, j.JobTitle, "copy: job "+c.ID)
	return created[wire.AdminJob]{s.adminJobView(c)}, nil
}

// GET /api/admin/jobs/{id}/revisions
func (s *Server) adminJobRevisions(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminRevisionList, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminRevisionList{}, err
	}
	revs, err := s.store.JobRevisions(r.Context(), j.ID)
	if err != nil {
		return wire.AdminRevisionList{}, err
	}
	out := wire.AdminRevisionList{Revisions: make([]wire.AdminRevision, 0, len(revs))}
	for _, v := range revs {
		out.Revisions = append(out.Revisions, wire.AdminRevision{Version: v.Version, SavedAt: v.SavedAt, SavedBy: v.SavedBy, Status: string(v.Job.Status)})
	}
	return out, nil
}

// GET /api/admin/jobs/{id}/revisions/{version}: the job as that version
// stored it.
func (s *Server) adminJobRevision(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.AdminJob, error) {
	rev, err := s.jobRevision(r)
	if err != nil {
		return wire.AdminJob{}, err
	}
	return s.adminJobView(*rev.Job), nil
}

// POST /api/admin/jobs/{id}/revisions/{version}/restore: saves the
// revision's fields again as a new version (the status stays), based on
// in.BaseVersion as a save is, and as complete as a save must be; audited.
func (s *Server) adminRestoreJob(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.RestoreInput) (wire.AdminJob, error) {
	rev, err := s.jobRevision(r)
	if err != nil {
		return wire.AdminJob{}, err
	}
	check := func(was, j domain.Job) error {
		return validateJob(j, s.now(), j.Status == domain.JobOpen, was.ClosingDate, nil)
	}
	j, err := editing.RestoreJob(r.Context(), s.store, r.PathValue("id"), rev.Version, in.BaseVersion, staffName(st), check)
	if err != nil {
		return wire.AdminJob{}, s.jobConflict(err)
	}
	if j.Status != domain.JobDraft {
		s.site.Changed(r.Context())
	}
	_ = s.auditAbout(r, st, domain.AuditJobRestored, "job "+j.ID, j.JobTitle, fmt.Sprintf("version %d", rev.Version))
	return s.adminJobView(j), nil
}

// jobRevision loads the revision named in r's path: ENotFound for an
// unknown job or version.
func (s *Server) jobRevision(r *http.Request) (domain.Revision, error) {
	id := r.PathValue("id")
	version, err := strconv.Atoi(r.PathValue("version"))
	if !domain.ValidID(id) || err != nil || version < 1 {
		return domain.Revision{}, errRevisionNotFound
	}
	rev, err := s.store.JobRevision(r.Context(), id, version)
	if domain.IsNotFound(err) {
		return domain.Revision{}, errRevisionNotFound
	}
	return rev, err
}

// dateText is a closing date as YYYY-MM-DD, or "".
func dateText(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.UTC().Format(time.DateOnly)
}

// Field messages of the job form, keyed by the wire field names.
const (
	msgJobTitleRequired    = "Enter the job title."
	msgJobTitleLong        = "Job title must be at most 150 characters."
	msgYearsMinRequired    = "Enter the minimum years of experience (0 for none)."
	msgYearsMinInvalid     = "Enter the minimum years as a whole number from 0 to 50."
	msgYearsMaxInvalid     = "Enter the maximum years as a whole number from 0 to 50, or leave it empty for no maximum."
	msgYearsMaxWithoutMin  = "Enter the minimum years too, or clear the maximum."
	msgYearsOrder          = "The maximum years must not be less than the minimum years."
	msgLocationRequired    = "Choose the location."
	msgLocationUnknown     = "Choose a location from the list."
	msgDepartmentUnknown   = "Choose a department from the list."
	msgWorkplace           = "Choose on-site, hybrid or remote."
	msgEmploymentType      = "Choose full-time, part-time, contract or internship."
	msgSalaryNegative      = "Enter a salary of 0 or more (rupees a year), or leave it empty."
	msgSalaryTooHigh       = "Enter a yearly salary in rupees of at most 100 crore."
	msgSalaryOrder         = "Maximum salary must not be less than the minimum salary."
	msgClosingDateInvalid  = "Enter the closing date as a date (YYYY-MM-DD)."
	msgClosingDatePast     = "The closing date has passed. Choose today or a later date."
	msgDescriptionRequired = "Enter the job description."
	msgDescriptionLong     = "The description is too long (at most 100,000 characters)."
	msgSingleLine          = "Use a single line without special characters."
)

// applyJobInput copies in onto j, trimmed, taking the location and
// department from lists and deriving the experience text from the years.
// It returns the input's field errors: a closing date that is not a date,
// an entry not in the lists, years out of range.
func applyJobInput(j *domain.Job, in wire.AdminJobInput, lists jobLists) map[string]string {
	bad := map[string]string{}
	j.JobTitle = strings.TrimSpace(in.JobTitle)
	j.EmploymentType = strings.TrimSpace(in.EmploymentType)
	j.SalaryMin, j.SalaryMax = in.SalaryMin, in.SalaryMax
	j.Description = in.Description
	j.ClosingDate = nil
	if d := strings.TrimSpace(in.ClosingDate); d != "" {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			bad["closingDate"] = msgClosingDateInvalid
		} else {
			j.ClosingDate = &t
		}
	}
	// An empty choice keeps text from before the lists (Location,
	// Department as they are); a new job has none.
	if id := strings.TrimSpace(in.LocationID); id != "" {
		if i := slices.IndexFunc(lists.locs, func(l domain.JobLocation) bool { return l.ID == id }); i >= 0 {
			j.LocationID, j.Location = id, lists.locs[i].Name
		} else {
			bad["locationId"] = msgLocationUnknown
		}
	} else if j.LocationID != "" {
		j.LocationID, j.Location = "", ""
	}
	if id := strings.TrimSpace(in.DepartmentID); id != "" {
		if i := slices.IndexFunc(lists.deps, func(d domain.JobDepartment) bool { return d.ID == id }); i >= 0 {
			j.DepartmentID, j.Department = id, lists.deps[i].Name
		} else {
			bad["departmentId"] = msgDepartmentUnknown
		}
	} else if j.DepartmentID != "" {
		j.DepartmentID, j.Department = "", ""
	}
	j.Workplace = strings.TrimSpace(in.Workplace)
	if j.Workplace == "" {
		j.Workplace = domain.WorkplaceOnsite
	} else if !slices.Contains(domain.Workplaces, j.Workplace) {
		bad["workplace"] = msgWorkplace
	}
	validYears := func(n *int) bool { return n == nil || (0 <= *n && *n <= domain.YearsLimit) }
	switch {
	case !validYears(in.YearsMin):
		bad["yearsMin"] = msgYearsMinInvalid
	case !validYears(in.YearsMax):
		bad["yearsMax"] = msgYearsMaxInvalid
	case in.YearsMin == nil && in.YearsMax != nil:
		bad["yearsMin"] = msgYearsMaxWithoutMin
	case in.YearsMin != nil && in.YearsMax != nil && *in.YearsMax < *in.YearsMin:
		bad["yearsMax"] = msgYearsOrder
	case in.YearsMin != nil:
		lo := *in.YearsMin
		var hi *int
		if in.YearsMax != nil {
			h := *in.YearsMax
			hi = &h
		}
		j.YearsMin, j.YearsMax, j.Experience = &lo, hi, domain.ExperienceText(lo, hi)
	case j.YearsMin != nil:
		// Cleared: no experience stated (a draft may lack it).
		j.YearsMin, j.YearsMax, j.Experience = nil, nil, ""
	}
	return bad
}

// jobLists are the lists a job's location and department come from.
type jobLists struct {
	locs []domain.JobLocation
	deps []domain.JobDepartment
}

func (s *Server) jobListsOf(ctx context.Context) (jobLists, error) {
	locs, err := s.store.ListJobLocations(ctx)
	if err != nil {
		return jobLists{}, err
	}
	deps, err := s.store.ListJobDepartments(ctx)
	return jobLists{locs, deps}, err
}

// orNone is v, or an empty slice for nil (the web app reads an array).
func orNone(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// validateJob checks j's fields. complete asks for every field a public
// job page needs (publishing, or editing an open job) and a closing date
// that has not passed, unless it is unchanged from wasClosing (an open
// job edited after its date keeps it).
func validateJob(j domain.Job, now time.Time, complete bool, wasClosing *time.Time, bad map[string]string) error {
	f := map[string]string{}
	for k, v := range bad {
		f[k] = v
	}
	add := func(field, msg string) {
		if _, ok := f[field]; !ok {
			f[field] = msg
		}
	}
	singleLine := func(field, v string, max int, long string) {
		switch {
		case utf8.RuneCountInString(v) > max:
			add(field, long)
		case strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7f }):
			add(field, msgSingleLine)
		}
	}
	// A draft needs a title: it names the draft in the list.
	if j.JobTitle == "" {
		add("jobTitle", msgJobTitleRequired)
	}
	singleLine("jobTitle", j.JobTitle, jobTitleMax, msgJobTitleLong)
	// Experience: the years (applyJobInput checked them), or text from
	// before the range that stays until someone enters years.
	if complete && j.YearsMin == nil && j.Experience == "" {
		add("yearsMin", msgYearsMinRequired)
	}
	if complete && j.Location == "" {
		add("locationId", msgLocationRequired)
	}
	if !slices.Contains(domain.Workplaces, j.Workplace) {
		add("workplace", msgWorkplace)
	}
	if j.EmploymentType != "" && !slices.Contains(domain.EmploymentTypes, j.EmploymentType) {
		add("employmentType", msgEmploymentType)
	}
	for field, v := range map[string]int64{"salaryMin": j.SalaryMin, "salaryMax": j.SalaryMax} {
		switch {
		case v < 0:
			add(field, msgSalaryNegative)
		case v > jobSalaryMax:
			add(field, msgSalaryTooHigh)
		}
	}
	if j.SalaryMin > 0 && j.SalaryMax > 0 && j.SalaryMax < j.SalaryMin {
		add("salaryMax", msgSalaryOrder)
	}
	if complete && j.ClosingDate != nil && !domain.ClosesAt(j.ClosingDate).After(now) &&
		(wasClosing == nil || !wasClosing.Equal(*j.ClosingDate)) {
		add("closingDate", msgClosingDatePast)
	}
	switch {
	case utf8.RuneCountInString(j.Description) > jobDescriptionMax:
		add("description", msgDescriptionLong)
	case complete && seo.PlainText(sanitize.HTML(j.Description)) == "":
		add("description", msgDescriptionRequired)
	}
	if len(f) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.", Fields: f}
}
