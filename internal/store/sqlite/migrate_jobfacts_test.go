package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/jobfacts"
	"corpsite/internal/store/migrate"
)

// oldJob inserts a job as written before migration 18.
const oldJob = `INSERT INTO jobs (id, job_title, experience, location, description, department,
	employment_type, salary_min, salary_max, closing_date, status, created_at, updated_at)
	VALUES (?, 'Old role', ?, ?, '<p>Work.</p>', ?, 'FULL_TIME', 0, 0, NULL, 'open',
	'2024-03-01T10:00:00.000000Z', '2024-03-01T10:00:00.000000Z')`

// Migration 18 and the data step after it: jobs stored before the lists
// get the entries and years their text names; the rest keeps its text.
func TestMigrateJobFacts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if err := migrate.Up(ctx, db, migrationsBefore(t, 18), migrate.Options{Placeholder: migrate.Question}); err != nil {
		t.Fatalf("migrate to 16: %v", err)
	}
	for _, j := range [][]any{
		{"j-blr", "3-5", "Bangalore", "Cloud"},
		{"j-hyd", "8+", "hyderabad", "engineering"},
		{"j-old", "senior", "Pune", "Sales"},
	} {
		if _, err := db.ExecContext(ctx, oldJob, j...); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s := openMigrated(t, path)
	if res, err := jobfacts.MapStored(ctx, s); err != nil || res != (jobfacts.Result{Mapped: 2, Unmapped: 1}) {
		t.Fatalf("MapStored = %+v, %v", res, err)
	}
	for id, want := range map[string]string{
		"j-blr": "Bengaluru bengaluru Cloud cloud 3-5 onsite []",
		"j-hyd": "Hyderabad hyderabad Engineering engineering 8+ onsite []",
		"j-old": "Pune  Sales  senior onsite [location department experience]",
	} {
		j, err := s.GetJob(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join([]string{j.Location, j.LocationID, j.Department, j.DepartmentID, j.Experience, j.Workplace}, " ") +
			" [" + strings.Join(j.UnmappedFacts(), " ") + "]"
		if got != want {
			t.Errorf("%s = %q, want %q", id, got, want)
		}
	}
	if j, _ := s.GetJob(ctx, "j-blr"); j.YearsMin == nil || *j.YearsMin != 3 || j.YearsMax == nil || *j.YearsMax != 5 {
		t.Errorf("j-blr years = %v-%v", j.YearsMin, j.YearsMax)
	}
	if j, _ := s.GetJob(ctx, "j-hyd"); j.YearsMin == nil || *j.YearsMin != 8 || j.YearsMax != nil {
		t.Errorf("j-hyd years = %v-%v", j.YearsMin, j.YearsMax)
	}
	// The old job is still on the site as it was.
	if open, err := s.ListJobs(ctx, domain.JobFilter{Statuses: []domain.JobStatus{domain.JobOpen}}); err != nil || len(open) != 3 {
		t.Errorf("open jobs after mapping = %d, %v", len(open), err)
	}
}
