package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
)

const jobColumns = `id, job_title, experience, location, description, department,
	employment_type, salary_min, salary_max, closing_date, status, created_at, updated_at,
	location_id, department_id, workplace, years_min, years_max, version, updated_by`

func scanJob(sc scanner) (domain.Job, error) {
	var j domain.Job
	err := sc.Scan(jobDest(&j)...)
	return j, err
}

// jobDest are the scan destinations of jobColumns in j.
func jobDest(j *domain.Job) []any {
	return []any{&j.ID, &j.JobTitle, &j.Experience, &j.Location, &j.Description, &j.Department,
		&j.EmploymentType, &j.SalaryMin, &j.SalaryMax, nullTimeCol{&j.ClosingDate}, &j.Status,
		timeCol{&j.CreatedAt}, timeCol{&j.UpdatedAt},
		nullStringCol{&j.LocationID}, nullStringCol{&j.DepartmentID}, &j.Workplace, &j.YearsMin, &j.YearsMax,
		&j.Version, &j.UpdatedBy}
}

// ListJobs returns the jobs with any of f.Statuses (all when empty),
// newest first.
func (s *Store) ListJobs(ctx context.Context, f domain.JobFilter) (_ []domain.Job, err error) {
	defer s.wrap(&err, "ListJobs")
	query := `SELECT ` + jobColumns + ` FROM jobs`
	var args []any
	if len(f.Statuses) > 0 {
		query += ` WHERE status IN (` + placeholders(len(f.Statuses)) + `)`
		for _, st := range f.Statuses {
			args = append(args, string(st))
		}
	}
	query += ` ORDER BY created_at DESC, id DESC`
	rows, err := s.r.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanJob)
}

// GetJob returns the job with the given ID.
func (s *Store) GetJob(ctx context.Context, id string) (_ domain.Job, err error) {
	defer s.wrap(&err, "GetJob(%q)", id)
	j, err := scanJob(s.r.QueryRowContext(ctx, s.q(`SELECT `+jobColumns+` FROM jobs WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Job{}, domain.NotFound("job")
	}
	return j, err
}

// CreateJob stores j. Its description is sanitised (see package
// sanitize). An empty ID is filled with a new one, an empty status with
// draft and zero timestamps with the current time; j is updated with what
// was stored (timestamps in UTC, to the microsecond).
func (s *Store) CreateJob(ctx context.Context, j *domain.Job) (err error) {
	defer s.wrap(&err, "CreateJob")
	c := *j
	// Every write path cleans the HTML here, whoever calls: pages insert
	// the description as HTML.
	c.Description = sanitize.HTML(c.Description)
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	if c.Status == "" {
		c.Status = domain.JobDraft
	}
	t := now()
	c.CreatedAt, c.UpdatedAt = stampOr(c.CreatedAt, t), stampOr(c.UpdatedAt, t)
	c.ClosingDate = stampPtr(c.ClosingDate)
	if c.Workplace == "" {
		c.Workplace = domain.WorkplaceOnsite
	}
	c.Version = 1
	// A draft is on no public page (its URL is the not-found page).
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		if err := s.jobNames(ctx, tx, &c); err != nil {
			return false, err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO jobs (`+jobColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.JobTitle, c.Experience, c.Location, c.Description, c.Department,
			c.EmploymentType, c.SalaryMin, c.SalaryMax, s.tp(c.ClosingDate), string(c.Status),
			s.t(c.CreatedAt), s.t(c.UpdatedAt),
			nullString(c.LocationID), nullString(c.DepartmentID), c.Workplace, c.YearsMin, c.YearsMax,
			c.Version, c.UpdatedBy)
		if err == nil {
			err = s.keepRevision(ctx, tx, revisionJob, c.ID, c.Version, c.UpdatedAt, c.UpdatedBy, c)
		}
		if err == nil && c.Status == domain.JobOpen {
			err = s.markPublished(ctx, tx, c.ID, c.CreatedAt)
		}
		return c.Status != domain.JobDraft, err
	})
	if err == nil {
		*j = c
	}
	return err
}

// UpdateJob replaces every field of the job with j's ID except CreatedAt,
// sanitising the description as CreateJob does, and sets UpdatedAt to the
// current time; j is updated with what was stored. The job's next version
// is kept as a revision; when j.Version is not 0 the stored version must
// be that one (else StaleVersion).
func (s *Store) UpdateJob(ctx context.Context, j *domain.Job) error {
	return s.updateJob(ctx, j, "")
}

// UpdateJobFrom is UpdateJob while the stored status is from.
func (s *Store) UpdateJobFrom(ctx context.Context, j *domain.Job, from domain.JobStatus) error {
	return s.updateJob(ctx, j, from)
}

// updateJob is UpdateJob, only while the stored status is from (any when "").
func (s *Store) updateJob(ctx context.Context, j *domain.Job, from domain.JobStatus) (err error) {
	defer s.wrap(&err, "UpdateJob(%q)", j.ID)
	c := *j
	c.Description = sanitize.HTML(c.Description)
	if c.Status == "" {
		c.Status = domain.JobDraft
	}
	c.UpdatedAt = now()
	c.ClosingDate = stampPtr(c.ClosingDate)
	if c.Workplace == "" {
		c.Workplace = domain.WorkplaceOnsite
	}
	// Editing a draft that stays a draft changes no public page.
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		var version int
		err := tx.QueryRowContext(ctx, s.q(`SELECT status, version FROM jobs WHERE id = ?`+s.d.ForUpdate), c.ID).Scan(&was, &version)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("job")
		}
		if err != nil {
			return false, err
		}
		if from != "" && was != string(from) {
			return false, statusChanged("job", was)
		}
		if c.Version != 0 && c.Version != version {
			return false, domain.StaleVersion("job")
		}
		c.Version = version + 1
		if err := s.jobNames(ctx, tx, &c); err != nil {
			return false, err
		}
		row := tx.QueryRowContext(ctx, s.q(`UPDATE jobs SET job_title = ?, experience = ?, location = ?,
			description = ?, department = ?, employment_type = ?, salary_min = ?, salary_max = ?,
			closing_date = ?, status = ?, updated_at = ?, location_id = ?, department_id = ?,
			workplace = ?, years_min = ?, years_max = ?, version = ?, updated_by = ?
			WHERE id = ? RETURNING created_at`),
			c.JobTitle, c.Experience, c.Location, c.Description, c.Department, c.EmploymentType,
			c.SalaryMin, c.SalaryMax, s.tp(c.ClosingDate), string(c.Status), s.t(c.UpdatedAt),
			nullString(c.LocationID), nullString(c.DepartmentID), c.Workplace, c.YearsMin, c.YearsMax,
			c.Version, c.UpdatedBy, c.ID)
		err = row.Scan(timeCol{&c.CreatedAt})
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("job")
		}
		if err == nil {
			err = s.keepRevision(ctx, tx, revisionJob, c.ID, c.Version, c.UpdatedAt, c.UpdatedBy, c)
		}
		if err == nil && was != string(domain.JobOpen) && c.Status == domain.JobOpen {
			err = s.markPublished(ctx, tx, c.ID, c.UpdatedAt)
		}
		return was != string(domain.JobDraft) || c.Status != domain.JobDraft, err
	})
	if err == nil {
		*j = c
	}
	return err
}

// DeleteJob removes the job. Applications for it are kept.
func (s *Store) DeleteJob(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteJob(%q)", id)
	return s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		err := tx.QueryRowContext(ctx, s.q(`DELETE FROM jobs WHERE id = ? RETURNING status`), id).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("job")
		}
		if err == nil {
			err = s.dropRevisions(ctx, tx, revisionJob, id)
		}
		return was != string(domain.JobDraft), err
	})
}

// markPublished records that job id became public at at (job alerts list
// the jobs published since their last digest).
func (s *Store) markPublished(ctx context.Context, ex execer, id string, at time.Time) error {
	_, err := ex.ExecContext(ctx, s.q(`UPDATE jobs SET published_at = ? WHERE id = ?`), s.t(at), id)
	return err
}

// jobNames sets the location and department names of c from the list
// entries it points at, so the text pages show is always the entry's
// name; an entry that is gone is EConflict.
func (s *Store) jobNames(ctx context.Context, tx *sql.Tx, c *domain.Job) error {
	for _, ref := range []struct {
		id         string
		name       *string
		table, msg string
	}{
		{c.LocationID, &c.Location, "job_locations", "The chosen location is no longer in the list. Choose another."},
		{c.DepartmentID, &c.Department, "job_departments", "The chosen department is no longer in the list. Choose another."},
	} {
		if ref.id == "" {
			continue
		}
		err := tx.QueryRowContext(ctx, s.q(`SELECT name FROM `+ref.table+` WHERE id = ?`), ref.id).Scan(ref.name)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.EConflict, "%s", ref.msg)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nullStringCol scans a nullable text column; NULL is "".
type nullStringCol struct{ p *string }

func (c nullStringCol) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*c.p = ""
	case string:
		*c.p = v
	case []byte:
		*c.p = string(v)
	default:
		return fmt.Errorf("nullStringCol: unexpected %T", src)
	}
	return nil
}
