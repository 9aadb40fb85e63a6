package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"corpsite/internal/domain"
	"corpsite/internal/sanitize"
)

const jobColumns = `id, job_title, experience, location, description, department,
	employment_type, salary_min, salary_max, closing_date, status, created_at, updated_at`

func scanJob(sc scanner) (domain.Job, error) {
	var j domain.Job
	err := sc.Scan(&j.ID, &j.JobTitle, &j.Experience, &j.Location, &j.Description, &j.Department,
		&j.EmploymentType, &j.SalaryMin, &j.SalaryMax, nullTimeCol{&j.ClosingDate}, &j.Status,
		timeCol{&j.CreatedAt}, timeCol{&j.UpdatedAt})
	return j, err
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
	// A draft is on no public page (its URL is the not-found page).
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO jobs (`+jobColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.JobTitle, c.Experience, c.Location, c.Description, c.Department,
			c.EmploymentType, c.SalaryMin, c.SalaryMax, s.tp(c.ClosingDate), string(c.Status),
			s.t(c.CreatedAt), s.t(c.UpdatedAt))
		return c.Status != domain.JobDraft, err
	})
	if err == nil {
		*j = c
	}
	return err
}

// UpdateJob replaces every field of the job with j's ID except CreatedAt,
// sanitising the description as CreateJob does, and sets UpdatedAt to the
// current time; j is updated with what was stored.
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
	// Editing a draft that stays a draft changes no public page.
	err = s.txVisible(ctx, func(tx *sql.Tx) (bool, error) {
		var was string
		err := tx.QueryRowContext(ctx, s.q(`SELECT status FROM jobs WHERE id = ?`+s.d.ForUpdate), c.ID).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("job")
		}
		if err != nil {
			return false, err
		}
		if from != "" && was != string(from) {
			return false, statusChanged("job", was)
		}
		row := tx.QueryRowContext(ctx, s.q(`UPDATE jobs SET job_title = ?, experience = ?, location = ?,
			description = ?, department = ?, employment_type = ?, salary_min = ?, salary_max = ?,
			closing_date = ?, status = ?, updated_at = ?
			WHERE id = ? RETURNING created_at`),
			c.JobTitle, c.Experience, c.Location, c.Description, c.Department, c.EmploymentType,
			c.SalaryMin, c.SalaryMax, s.tp(c.ClosingDate), string(c.Status), s.t(c.UpdatedAt), c.ID)
		err = row.Scan(timeCol{&c.CreatedAt})
		if errors.Is(err, sql.ErrNoRows) {
			return false, domain.NotFound("job")
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
		return was != string(domain.JobDraft), err
	})
}
