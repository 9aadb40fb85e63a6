package storetest

import (
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/jobfacts"
)

// jobFactsTests are the contract cases of the locations and departments
// lists, a job's structured facts, and the data step that maps jobs
// stored before them.
var jobFactsTests = []contractTest{
	{"JobFacts/DefaultLists", testJobFactsDefaults},
	{"JobFacts/LocationUniqueAndRename", testJobLocationUnique},
	{"JobFacts/DepartmentUniqueAndRename", testJobDepartmentUnique},
	{"JobFacts/InUseCannotBeDeleted", testJobListInUse},
	{"JobFacts/JobRoundTrip", testJobFactsRoundTrip},
	{"JobFacts/MapStored", testJobFactsMapStored},
}

func intp(n int) *int { return &n }

func testJobFactsDefaults(t *testing.T, s domain.Store) {
	locs, err := s.ListJobLocations(t.Context())
	must(t, err, "ListJobLocations")
	if len(locs) != 2 || locs[0].Name != "Bengaluru" || strings.Join(locs[0].Aliases, ",") != "Bangalore" ||
		locs[1].Name != "Hyderabad" || len(locs[1].Aliases) != 0 {
		t.Errorf("default locations = %+v", locs)
	}
	deps, err := s.ListJobDepartments(t.Context())
	must(t, err, "ListJobDepartments")
	var names []string
	for _, d := range deps {
		names = append(names, d.Name)
	}
	if got := strings.Join(names, ","); got != "Cloud,Consulting,Design,Engineering,Quality" {
		t.Errorf("default departments = %s", got)
	}
}

// fieldMessage is the message of field in err, a *domain.Error.
func fieldMessage(err error, field string) string {
	if e, ok := err.(*domain.Error); ok {
		return e.Fields[field]
	}
	return ""
}

func testJobLocationUnique(t *testing.T, s domain.Store) {
	ctx := t.Context()
	pune := domain.JobLocation{Name: "  Pune ", Aliases: []string{"Poona", " "}}
	must(t, s.CreateJobLocation(ctx, &pune), "CreateJobLocation")
	if pune.ID == "" || pune.Name != "Pune" || strings.Join(pune.Aliases, ",") != "Poona" {
		t.Errorf("created = %+v", pune)
	}
	// An alias of another entry, in another case, as a name.
	dup := domain.JobLocation{Name: "BANGALORE"}
	err := s.CreateJobLocation(ctx, &dup)
	wantCode(t, err, domain.EConflict, "CreateJobLocation(BANGALORE)")
	if msg := fieldMessage(err, "name"); msg != `"BANGALORE" is already a name or alias of Bengaluru.` {
		t.Errorf("name message = %q", msg)
	}
	// A name of another entry as an alias.
	dup = domain.JobLocation{Name: "Chennai", Aliases: []string{"poona"}}
	err = s.CreateJobLocation(ctx, &dup)
	wantCode(t, err, domain.EConflict, "CreateJobLocation(alias poona)")
	if msg := fieldMessage(err, "aliases"); msg != `"poona" is already a name or alias of Pune.` {
		t.Errorf("aliases message = %q", msg)
	}
	// Bad input is refused and changes nothing.
	for _, bad := range []domain.JobLocation{{Name: " "}, {Name: strings.Repeat("x", 61)}, {Name: "A", Aliases: []string{"a"}}} {
		wantCode(t, s.CreateJobLocation(ctx, &bad), domain.EInvalid, "CreateJobLocation(bad)")
	}
	locs, err := s.ListJobLocations(ctx)
	must(t, err, "ListJobLocations")
	if len(locs) != 3 {
		t.Errorf("%d locations after refused writes, want 3", len(locs))
	}

	// Renaming frees the old keys and renames the jobs.
	j := newJob("job-pune", t0, domain.JobOpen)
	j.LocationID, j.Location = pune.ID, "whatever the caller says"
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	if j.Location != "Pune" {
		t.Errorf("job location = %q, want the entry's name", j.Location)
	}
	v0, _ := s.ContentVersion(ctx)
	pune.Name, pune.Aliases = "Poona", []string{"Pune"}
	must(t, s.UpdateJobLocation(ctx, &pune), "UpdateJobLocation(swap)")
	if pune.Jobs != 1 {
		t.Errorf("jobs = %d, want 1", pune.Jobs)
	}
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	if got.Location != "Poona" || got.LocationID != pune.ID {
		t.Errorf("after rename job location = %q (%q)", got.Location, got.LocationID)
	}
	if v1, _ := s.ContentVersion(ctx); v1 <= v0 {
		t.Error("renaming a location left the content version")
	}
	other := domain.JobLocation{ID: pune.ID, Name: "Hyderabad"}
	wantCode(t, s.UpdateJobLocation(ctx, &other), domain.EConflict, "UpdateJobLocation(taken)")
	missing := domain.JobLocation{ID: "nope", Name: "Nowhere"}
	wantCode(t, s.UpdateJobLocation(ctx, &missing), domain.ENotFound, "UpdateJobLocation(missing)")
}

func testJobDepartmentUnique(t *testing.T, s domain.Store) {
	ctx := t.Context()
	d := domain.JobDepartment{Name: " Data  Science "}
	must(t, s.CreateJobDepartment(ctx, &d), "CreateJobDepartment")
	if d.Name != "Data Science" {
		t.Errorf("name = %q", d.Name)
	}
	dup := domain.JobDepartment{Name: "data science"}
	err := s.CreateJobDepartment(ctx, &dup)
	wantCode(t, err, domain.EConflict, "CreateJobDepartment(dup)")
	if msg := fieldMessage(err, "name"); msg != `There is already a department named "data science".` {
		t.Errorf("message = %q", msg)
	}
	wantCode(t, s.CreateJobDepartment(ctx, &domain.JobDepartment{Name: ""}), domain.EInvalid, "CreateJobDepartment(empty)")

	j := newJob("job-data", t0, domain.JobDraft)
	j.DepartmentID = d.ID
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	d.Name = "Data"
	must(t, s.UpdateJobDepartment(ctx, &d), "UpdateJobDepartment")
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	if got.Department != "Data" {
		t.Errorf("after rename department = %q", got.Department)
	}
	// Its own name in another case is no conflict.
	d.Name = "DATA"
	must(t, s.UpdateJobDepartment(ctx, &d), "UpdateJobDepartment(case)")
	taken := domain.JobDepartment{ID: d.ID, Name: "engineering"}
	wantCode(t, s.UpdateJobDepartment(ctx, &taken), domain.EConflict, "UpdateJobDepartment(taken)")
}

func testJobListInUse(t *testing.T, s domain.Store) {
	ctx := t.Context()
	for i, id := range []string{"job-1", "job-2"} {
		j := newJob(id, t0.Add(time.Duration(i)*time.Hour), domain.JobClosed)
		j.LocationID, j.DepartmentID = "hyderabad", "quality"
		must(t, s.CreateJob(ctx, &j), "CreateJob")
	}
	err := s.DeleteJobLocation(ctx, "hyderabad")
	wantCode(t, err, domain.EConflict, "DeleteJobLocation(used)")
	if err == nil || !strings.Contains(err.Error(), "2 jobs use it") {
		t.Errorf("error = %v, want it to name 2 jobs", err)
	}
	must(t, s.DeleteJob(ctx, "job-2"), "DeleteJob")
	err = s.DeleteJobDepartment(ctx, "quality")
	if err == nil || !strings.Contains(err.Error(), "1 job uses it") {
		t.Errorf("error = %v, want it to name 1 job", err)
	}
	must(t, s.DeleteJobDepartment(ctx, "design"), "DeleteJobDepartment(unused)")
	must(t, s.DeleteJobLocation(ctx, "bengaluru"), "DeleteJobLocation(unused)")
	wantCode(t, s.DeleteJobLocation(ctx, "bengaluru"), domain.ENotFound, "DeleteJobLocation(again)")
	// Its keys went with it: the name is free again.
	must(t, s.CreateJobLocation(ctx, &domain.JobLocation{Name: "Bangalore"}), "CreateJobLocation(freed)")
	// A job cannot point at an entry that is gone.
	j := newJob("job-3", t0, domain.JobDraft)
	j.LocationID = "bengaluru"
	wantCode(t, s.CreateJob(ctx, &j), domain.EConflict, "CreateJob(deleted location)")
}

func testJobFactsRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	j := newJob("job-facts", t0, domain.JobOpen)
	j.LocationID, j.DepartmentID, j.Workplace = "bengaluru", "cloud", domain.WorkplaceRemote
	j.YearsMin, j.YearsMax, j.Experience = intp(2), intp(4), "2-4"
	must(t, s.CreateJob(ctx, &j), "CreateJob")
	got, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	if got.Location != "Bengaluru" || got.Department != "Cloud" || got.Workplace != "remote" ||
		got.YearsMin == nil || *got.YearsMin != 2 || got.YearsMax == nil || *got.YearsMax != 4 {
		t.Errorf("stored facts = %s %s %s %v %v", got.Location, got.Department, got.Workplace, got.YearsMin, got.YearsMax)
	}
	got.YearsMin, got.YearsMax, got.Experience, got.Workplace = intp(5), nil, "5+", ""
	must(t, s.UpdateJob(ctx, &got), "UpdateJob")
	again, err := s.GetJob(ctx, j.ID)
	must(t, err, "GetJob")
	if *again.YearsMin != 5 || again.YearsMax != nil || again.Workplace != "onsite" {
		t.Errorf("updated facts = %v %v %q", again.YearsMin, again.YearsMax, again.Workplace)
	}
}

func testJobFactsMapStored(t *testing.T, s domain.Store) {
	ctx := t.Context()
	old := []struct{ id, location, department, experience string }{
		{"job-a", "bangalore", "Quality", "2 - 4"},
		{"job-b", "HYDERABAD", "", "5+"},
		{"job-c", "Pune", "Sales", "senior"},
		{"job-d", "Bengaluru", "cloud", "3"},
	}
	for _, o := range old {
		j := newJob(o.id, t0, domain.JobOpen)
		j.Location, j.Department, j.Experience = o.location, o.department, o.experience
		must(t, s.CreateJob(ctx, &j), "CreateJob")
	}
	res, err := jobfacts.MapStored(ctx, s)
	must(t, err, "MapStored")
	if res != (jobfacts.Result{Mapped: 3, Unmapped: 1}) {
		t.Errorf("result = %+v, want 3 mapped, 1 unmapped", res)
	}
	want := map[string]struct {
		loc, locID, dep, depID, exp string
		lo                          int
		hi                          *int
		unmapped                    string
	}{
		"job-a": {"Bengaluru", "bengaluru", "Quality", "quality", "2-4", 2, intp(4), ""},
		"job-b": {"Hyderabad", "hyderabad", "", "", "5+", 5, nil, ""},
		"job-c": {"Pune", "", "Sales", "", "senior", -1, nil, "location,department,experience"},
		"job-d": {"Bengaluru", "bengaluru", "Cloud", "cloud", "3", 3, intp(3), ""},
	}
	for id, w := range want {
		j, err := s.GetJob(ctx, id)
		must(t, err, "GetJob")
		lo := -1
		if j.YearsMin != nil {
			lo = *j.YearsMin
		}
		hiOK := (w.hi == nil) == (j.YearsMax == nil) && (w.hi == nil || *w.hi == *j.YearsMax)
		if j.Location != w.loc || j.LocationID != w.locID || j.Department != w.dep || j.DepartmentID != w.depID ||
			j.Experience != w.exp || lo != w.lo || !hiOK || strings.Join(j.UnmappedFacts(), ",") != w.unmapped {
			t.Errorf("%s = %q/%q %q/%q %q %d-%v unmapped %v", id, j.Location, j.LocationID, j.Department,
				j.DepartmentID, j.Experience, lo, j.YearsMax, j.UnmappedFacts())
		}
	}
	// A second run changes nothing; an entry added later maps what is left.
	v0, _ := s.ContentVersion(ctx)
	res, err = jobfacts.MapStored(ctx, s)
	must(t, err, "MapStored again")
	if v1, _ := s.ContentVersion(ctx); res != (jobfacts.Result{Unmapped: 1}) || v1 != v0 {
		t.Errorf("second run = %+v, version %d → %d", res, v0, v1)
	}
	must(t, s.CreateJobLocation(ctx, &domain.JobLocation{Name: "Pune"}), "CreateJobLocation")
	res, err = jobfacts.MapStored(ctx, s)
	must(t, err, "MapStored after adding Pune")
	if res != (jobfacts.Result{Mapped: 1, Unmapped: 1}) {
		t.Errorf("third run = %+v", res)
	}
}
