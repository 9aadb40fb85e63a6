package console

// Editing jobs in the staff console: list, create, edit, preview, publish,
// close and delete. Descriptions are sanitised by the store on every
// write; every publish, close and delete is audited. Writes that change a
// public page move the content version on (the store does) and make this
// instance look at it at once, so the next page shows the change.

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/sanitize"
	"corpsite/internal/seo"
	"corpsite/internal/wire"
)

// Limits of a job's fields, in characters.
const (
	jobTitleMax       = 150
	jobLocationMax    = 100
	jobDepartmentMax  = 100
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

// experiencePattern: whole years ("3"), a range ("2-4") or a floor ("5+").
var experiencePattern = regexp.MustCompile(`^([0-9]{1,2})(?:-([0-9]{1,2})|\+)?$`)

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
	}
	return slices.Concat(jobs, s.postAdminRoutes())
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
			ID: j.ID, JobTitle: j.JobTitle, Location: j.Location, Status: string(j.Status),
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
func (s *Server) adminCreateJob(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminJobInput) (created[wire.AdminJob], error) {
	j := domain.Job{Status: domain.JobDraft}
	if err := applyJobInput(&j, in); err != nil {
		return created[wire.AdminJob]{}, err
	}
	if err := validateJob(j, s.now(), false, nil); err != nil {
		return created[wire.AdminJob]{}, err
	}
	if err := s.store.CreateJob(r.Context(), &j); err != nil {
		return created[wire.AdminJob]{}, err
	}
	return created[wire.AdminJob]{s.adminJobView(j)}, nil
}

// PUT /api/admin/jobs/{id}: replaces the job's fields; its status stays.
// An open job is on the site, so it must stay complete.
func (s *Server) adminUpdateJob(_ http.ResponseWriter, r *http.Request, _ *Staff, in wire.AdminJobInput) (wire.AdminJob, error) {
	j, err := s.staffJob(r.Context(), r.PathValue("id"))
	if err != nil {
		return wire.AdminJob{}, err
	}
	was := j
	if err := applyJobInput(&j, in); err != nil {
		return wire.AdminJob{}, err
	}
	if err := validateJob(j, s.now(), j.Status == domain.JobOpen, was.ClosingDate); err != nil {
		return wire.AdminJob{}, err
	}
	if err := s.store.UpdateJobFrom(r.Context(), &j, was.Status); err != nil {
		return wire.AdminJob{}, err
	}
	if j.Status != domain.JobDraft {
		s.site.Changed(r.Context())
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
	if err := validateJob(j, s.now(), true, nil); err != nil {
		if e, ok := err.(*domain.Error); ok {
			e.Message = "The job cannot be published until the highlighted fields are complete."
		}
		return wire.AdminJob{}, err
	}
	from := j.Status
	j.Status = domain.JobOpen
	if err := s.store.UpdateJobFrom(r.Context(), &j, from); err != nil {
		return wire.AdminJob{}, err
	}
	s.site.Changed(r.Context())
	// The job is public already: a failed audit row is logged, not undone.
	_ = s.audit(r, st, domain.AuditJobPublished, "job "+j.ID, "")
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
	j.Status = domain.JobClosed
	if err := s.store.UpdateJobFrom(r.Context(), &j, domain.JobOpen); err != nil {
		return wire.AdminJob{}, err
	}
	s.site.Changed(r.Context())
	_ = s.audit(r, st, domain.AuditJobClosed, "job "+j.ID, "")
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
	_ = s.audit(r, st, domain.AuditJobDeleted, "job "+j.ID, string(j.Status))
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
		j.ID, j.CreatedAt = saved.ID, saved.CreatedAt
	}
	if err := applyJobInput(&j, in); err != nil {
		return wire.PagePreview{}, err
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
		Department: j.Department, EmploymentType: j.EmploymentType,
		SalaryMin: j.SalaryMin, SalaryMax: j.SalaryMax, ClosingDate: dateText(j.ClosingDate),
		Description: j.Description, Status: string(j.Status), Expired: j.Expired(s.now()),
		CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt, URL: "/job/" + j.ID,
		Check: s.site.CheckJob(j),
	}
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
	msgExperienceRequired  = "Enter the years of experience, e.g. 3, 2-4 or 5+."
	msgExperienceInvalid   = "Enter the years of experience as a number (3), a range (2-4) or a minimum (5+)."
	msgLocationRequired    = "Enter the location (a city)."
	msgLocationLong        = "Location must be at most 100 characters."
	msgDepartmentLong      = "Department must be at most 100 characters."
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

// applyJobInput copies in onto j, trimmed. A closing date that is not a
// date is a field error.
func applyJobInput(j *domain.Job, in wire.AdminJobInput) error {
	j.JobTitle = strings.TrimSpace(in.JobTitle)
	j.Experience = strings.ReplaceAll(strings.TrimSpace(in.Experience), " ", "")
	j.Location = strings.TrimSpace(in.Location)
	j.Department = strings.TrimSpace(in.Department)
	j.EmploymentType = strings.TrimSpace(in.EmploymentType)
	j.SalaryMin, j.SalaryMax = in.SalaryMin, in.SalaryMax
	j.Description = in.Description
	j.ClosingDate = nil
	if d := strings.TrimSpace(in.ClosingDate); d != "" {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return &domain.Error{Code: domain.EInvalid, Message: "Please correct the highlighted fields.",
				Fields: map[string]string{"closingDate": msgClosingDateInvalid}}
		}
		j.ClosingDate = &t
	}
	return nil
}

// validateJob checks j's fields. complete asks for every field a public
// job page needs (publishing, or editing an open job) and a closing date
// that has not passed, unless it is unchanged from wasClosing (an open
// job edited after its date keeps it).
func validateJob(j domain.Job, now time.Time, complete bool, wasClosing *time.Time) error {
	f := map[string]string{}
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
	if j.Experience != "" {
		if m := experiencePattern.FindStringSubmatch(j.Experience); m == nil {
			add("experience", msgExperienceInvalid)
		} else if m[2] != "" {
			lo, _ := strconv.Atoi(m[1])
			hi, _ := strconv.Atoi(m[2])
			if lo >= hi {
				add("experience", msgExperienceInvalid)
			}
		}
	} else if complete {
		add("experience", msgExperienceRequired)
	}
	if j.Location == "" && complete {
		add("location", msgLocationRequired)
	}
	singleLine("location", j.Location, jobLocationMax, msgLocationLong)
	singleLine("department", j.Department, jobDepartmentMax, msgDepartmentLong)
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
