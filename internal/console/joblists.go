package console

// The lists a job's facts are picked from: locations (a city's canonical
// name and its aliases) and departments. Recruiters read them (the job
// editor offers them); admins keep them. The rules of an entry are the
// domain's (domain.NormalizeJobLocation); uniqueness across a list and
// "in use" are the store's. Every write is audited and changes public
// pages (job pages, the /jobs filters), so the site is told.

import (
	"context"
	"net/http"
	"strconv"

	"corpsite/internal/domain"
	"corpsite/internal/jobfacts"
	"corpsite/internal/wire"
)

var (
	errLocationNotFound   = domain.Errorf(domain.ENotFound, "Location not found.")
	errDepartmentNotFound = domain.Errorf(domain.ENotFound, "Department not found.")
)

// jobListRoutes are the staff API routes of the lists.
func (s *Server) jobListRoutes() []adminRoute {
	return []adminRoute{
		get("/job-lists", recruiters, s.adminJobLists),
		send(http.MethodPost, "/job-locations", adminsOnly, s.adminCreateLocation),
		send(http.MethodPut, "/job-locations/{id}", adminsOnly, s.adminUpdateLocation),
		call(http.MethodDelete, "/job-locations/{id}", adminsOnly, s.adminDeleteLocation),
		send(http.MethodPost, "/job-departments", adminsOnly, s.adminCreateDepartment),
		send(http.MethodPut, "/job-departments/{id}", adminsOnly, s.adminUpdateDepartment),
		call(http.MethodDelete, "/job-departments/{id}", adminsOnly, s.adminDeleteDepartment),
	}
}

// GET /api/admin/job-lists: both lists with their use, the workplace
// types, and every job whose facts are text from before the lists.
func (s *Server) adminJobLists(_ http.ResponseWriter, r *http.Request, _ *Staff) (wire.JobLists, error) {
	lists, err := s.jobListsOf(r.Context())
	if err != nil {
		return wire.JobLists{}, err
	}
	jobs, err := s.store.ListJobs(r.Context(), domain.JobFilter{})
	if err != nil {
		return wire.JobLists{}, err
	}
	out := wire.JobLists{
		Locations:   make([]wire.JobLocation, 0, len(lists.locs)),
		Departments: make([]wire.JobDepartment, 0, len(lists.deps)),
		Workplaces:  domain.Workplaces,
		YearsMax:    domain.YearsLimit,
		Unmapped:    []wire.UnmappedJob{},
	}
	for _, l := range lists.locs {
		out.Locations = append(out.Locations, locationView(l))
	}
	for _, d := range lists.deps {
		out.Departments = append(out.Departments, departmentView(d))
	}
	for _, j := range jobs {
		if facts := j.UnmappedFacts(); len(facts) > 0 {
			out.Unmapped = append(out.Unmapped, wire.UnmappedJob{
				ID: j.ID, JobTitle: j.JobTitle, Status: string(j.Status), Location: j.Location,
				Department: j.Department, Experience: j.Experience, Facts: facts,
			})
		}
	}
	return out, nil
}

// mapJobs maps the jobs whose text a new or renamed entry now names (the
// data step of start-up, run again). The entry is saved whatever happens
// here; a failure is logged and the jobs stay on the list to map.
func (s *Server) mapJobs(ctx context.Context) {
	if _, err := jobfacts.MapStored(ctx, s.store); err != nil {
		s.log.Error("map job facts", "err", err)
	}
}

func locationView(l domain.JobLocation) wire.JobLocation {
	return wire.JobLocation{ID: l.ID, Name: l.Name, Aliases: orNone(l.Aliases), Jobs: l.Jobs}
}

func departmentView(d domain.JobDepartment) wire.JobDepartment {
	return wire.JobDepartment{ID: d.ID, Name: d.Name, Jobs: d.Jobs}
}

// POST /api/admin/job-locations
func (s *Server) adminCreateLocation(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.JobLocationInput) (created[wire.JobLocation], error) {
	l := domain.JobLocation{Name: in.Name, Aliases: in.Aliases}
	if err := s.store.CreateJobLocation(r.Context(), &l); err != nil {
		return created[wire.JobLocation]{}, err
	}
	s.mapJobs(r.Context())
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "location "+l.ID, l.Name, "added "+l.Name)
	return created[wire.JobLocation]{locationView(l)}, nil
}

// PUT /api/admin/job-locations/{id}: a new name or aliases; the jobs in
// the city show the new name.
func (s *Server) adminUpdateLocation(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.JobLocationInput) (wire.JobLocation, error) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		return wire.JobLocation{}, errLocationNotFound
	}
	l := domain.JobLocation{ID: id, Name: in.Name, Aliases: in.Aliases}
	if err := s.store.UpdateJobLocation(r.Context(), &l); err != nil {
		if domain.IsNotFound(err) {
			return wire.JobLocation{}, errLocationNotFound
		}
		return wire.JobLocation{}, err
	}
	s.mapJobs(r.Context())
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "location "+l.ID, l.Name, "renamed "+l.Name+", "+strconv.Itoa(len(l.Aliases))+" aliases")
	return locationView(l), nil
}

// DELETE /api/admin/job-locations/{id}: only while no job uses it.
func (s *Server) adminDeleteLocation(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.Deleted, error) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		return wire.Deleted{}, errLocationNotFound
	}
	name := s.locationName(r.Context(), id)
	if err := s.store.DeleteJobLocation(r.Context(), id); err != nil {
		if domain.IsNotFound(err) {
			return wire.Deleted{}, errLocationNotFound
		}
		return wire.Deleted{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "location "+id, name, "deleted")
	return wire.Deleted{Deleted: true}, nil
}

// POST /api/admin/job-departments
func (s *Server) adminCreateDepartment(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.JobDepartmentInput) (created[wire.JobDepartment], error) {
	d := domain.JobDepartment{Name: in.Name}
	if err := s.store.CreateJobDepartment(r.Context(), &d); err != nil {
		return created[wire.JobDepartment]{}, err
	}
	s.mapJobs(r.Context())
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "department "+d.ID, d.Name, "added "+d.Name)
	return created[wire.JobDepartment]{departmentView(d)}, nil
}

// PUT /api/admin/job-departments/{id}: a new name, which its jobs show.
func (s *Server) adminUpdateDepartment(_ http.ResponseWriter, r *http.Request, st *Staff, in wire.JobDepartmentInput) (wire.JobDepartment, error) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		return wire.JobDepartment{}, errDepartmentNotFound
	}
	d := domain.JobDepartment{ID: id, Name: in.Name}
	if err := s.store.UpdateJobDepartment(r.Context(), &d); err != nil {
		if domain.IsNotFound(err) {
			return wire.JobDepartment{}, errDepartmentNotFound
		}
		return wire.JobDepartment{}, err
	}
	s.mapJobs(r.Context())
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "department "+d.ID, d.Name, "renamed "+d.Name)
	return departmentView(d), nil
}

// DELETE /api/admin/job-departments/{id}: only while no job uses it.
func (s *Server) adminDeleteDepartment(_ http.ResponseWriter, r *http.Request, st *Staff) (wire.Deleted, error) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		return wire.Deleted{}, errDepartmentNotFound
	}
	name := s.departmentName(r.Context(), id)
	if err := s.store.DeleteJobDepartment(r.Context(), id); err != nil {
		if domain.IsNotFound(err) {
			return wire.Deleted{}, errDepartmentNotFound
		}
		return wire.Deleted{}, err
	}
	s.site.Changed(r.Context())
	_ = s.auditAbout(r, st, domain.AuditJobListChanged, "department "+id, name, "deleted")
	return wire.Deleted{Deleted: true}, nil
}

// locationName is the name of location id for the audit log, "" when it
// cannot be read (the entry then names it by ID).
func (s *Server) locationName(ctx context.Context, id string) string {
	ls, err := s.store.ListJobLocations(ctx)
	if err != nil {
		return ""
	}
	for _, l := range ls {
		if l.ID == id {
			return l.Name
		}
	}
	return ""
}

// departmentName is locationName for a department.
func (s *Server) departmentName(ctx context.Context, id string) string {
	ds, err := s.store.ListJobDepartments(ctx)
	if err != nil {
		return ""
	}
	for _, d := range ds {
		if d.ID == id {
			return d.Name
		}
	}
	return ""
}
