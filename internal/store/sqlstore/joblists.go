package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"corpsite/internal/domain"
)

// ListJobLocations returns the locations by name with their job counts.
func (s *Store) ListJobLocations(ctx context.Context) (_ []domain.JobLocation, err error) {
	defer s.wrap(&err, "ListJobLocations")
	rows, err := s.r.QueryContext(ctx, `SELECT l.id, l.name, l.aliases,
		(SELECT COUNT(*) FROM jobs j WHERE j.location_id = l.id)
		FROM job_locations l ORDER BY l.name, l.id`)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.JobLocation, error) {
		var l domain.JobLocation
		err := sc.Scan(&l.ID, &l.Name, jsonCol{&l.Aliases}, &l.Jobs)
		l.Aliases = orEmpty(l.Aliases)
		return l, err
	})
}

// CreateJobLocation stores l; see domain.JobListStore.
func (s *Store) CreateJobLocation(ctx context.Context, l *domain.JobLocation) (err error) {
	defer s.wrap(&err, "CreateJobLocation")
	c := *l
	if err := domain.NormalizeJobLocation(&c); err != nil {
		return err
	}
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	aliases, err := jsonArg(c.Aliases)
	if err != nil {
		return err
	}
	err = s.tx(ctx, true, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO job_locations (id, name, aliases) VALUES (?, ?, ?)`),
			c.ID, c.Name, aliases); err != nil {
			return err
		}
		return s.locationKeys(ctx, tx, c)
	})
	if err == nil {
		c.Jobs = 0
		*l = c
	}
	return err
}

// UpdateJobLocation renames the entry with l's ID; see domain.JobListStore.
func (s *Store) UpdateJobLocation(ctx context.Context, l *domain.JobLocation) (err error) {
	defer s.wrap(&err, "UpdateJobLocation(%q)", l.ID)
	c := *l
	if err := domain.NormalizeJobLocation(&c); err != nil {
		return err
	}
	aliases, err := jsonArg(c.Aliases)
	if err != nil {
		return err
	}
	err = s.tx(ctx, true, func(tx *sql.Tx) error {
		if err := s.execOne(ctx, tx, "location", `UPDATE job_locations SET name = ?, aliases = ? WHERE id = ?`,
			c.Name, aliases, c.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM job_location_keys WHERE location_id = ?`), c.ID); err != nil {
			return err
		}
		if err := s.locationKeys(ctx, tx, c); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE jobs SET location = ? WHERE location_id = ?`), c.Name, c.ID); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM jobs WHERE location_id = ?`), c.ID).Scan(&c.Jobs)
	})
	if err == nil {
		*l = c
	}
	return err
}

// locationKeys claims the name keys of l's name and aliases; EConflict
// naming the entry that holds one already.
func (s *Store) locationKeys(ctx context.Context, tx *sql.Tx, l domain.JobLocation) error {
	for _, n := range l.Names() {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO job_location_keys (key, location_id) VALUES (?, ?)
			ON CONFLICT (key) DO NOTHING`), domain.NameKey(n), l.ID)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k == 1 {
			if err != nil {
				return err
			}
			continue
		}
		var other string
		err = tx.QueryRowContext(ctx, s.q(`SELECT l.name FROM job_location_keys k
			JOIN job_locations l ON l.id = k.location_id WHERE k.key = ?`), domain.NameKey(n)).Scan(&other)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return &domain.Error{Code: domain.EConflict, Message: "Please correct the highlighted fields.",
			Fields: map[string]string{nameField(n == l.Name): fmt.Sprintf("%q is already a name or alias of %s.", n, other)}}
	}
	return nil
}

func nameField(isName bool) string {
	if isName {
		return "name"
	}
	return "aliases"
}

// DeleteJobLocation removes an entry no job uses.
func (s *Store) DeleteJobLocation(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteJobLocation(%q)", id)
	return s.tx(ctx, true, func(tx *sql.Tx) error {
		if err := inUse(ctx, s, tx, "location", "location_id", id); err != nil {
			return err
		}
		return s.execOne(ctx, tx, "location", `DELETE FROM job_locations WHERE id = ?`, id)
	})
}

// inUse is EConflict naming how many jobs use the list entry id (in
// column), nil when none does.
func inUse(ctx context.Context, s *Store, tx *sql.Tx, what, column, id string) error {
	var n int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM jobs WHERE `+column+` = ?`), id).Scan(&n); err != nil {
		return err
	}
	switch n {
	case 0:
		return nil
	case 1:
		return domain.Errorf(domain.EConflict, "This %s cannot be deleted: 1 job uses it. Give that job another %s first.", what, what)
	}
	return domain.Errorf(domain.EConflict, "This %s cannot be deleted: %d jobs use it. Give those jobs another %s first.", what, n, what)
}

// ListJobDepartments returns the departments by name with their job counts.
func (s *Store) ListJobDepartments(ctx context.Context) (_ []domain.JobDepartment, err error) {
	defer s.wrap(&err, "ListJobDepartments")
	rows, err := s.r.QueryContext(ctx, `SELECT d.id, d.name,
		(SELECT COUNT(*) FROM jobs j WHERE j.department_id = d.id)
		FROM job_departments d ORDER BY d.name, d.id`)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(sc scanner) (domain.JobDepartment, error) {
		var d domain.JobDepartment
		return d, sc.Scan(&d.ID, &d.Name, &d.Jobs)
	})
}

// errDepartmentTaken is a department name that another entry has.
func errDepartmentTaken(name string) error {
	return &domain.Error{Code: domain.EConflict, Message: "Please correct the highlighted fields.",
		Fields: map[string]string{"name": fmt.Sprintf("There is already a department named %q.", name)}}
}

// CreateJobDepartment stores d; EConflict when the name is taken
// (regardless of case).
func (s *Store) CreateJobDepartment(ctx context.Context, d *domain.JobDepartment) (err error) {
	defer s.wrap(&err, "CreateJobDepartment")
	c := *d
	if err := domain.NormalizeJobDepartment(&c); err != nil {
		return err
	}
	if c.ID == "" {
		c.ID = domain.NewID()
	}
	err = s.tx(ctx, true, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO job_departments (id, name, name_key) VALUES (?, ?, ?)
			ON CONFLICT (name_key) DO NOTHING`), c.ID, c.Name, domain.NameKey(c.Name))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			return errDepartmentTaken(c.Name)
		}
		return nil
	})
	if err == nil {
		c.Jobs = 0
		*d = c
	}
	return err
}

// UpdateJobDepartment renames the entry with d's ID; the jobs using it
// show the new name.
func (s *Store) UpdateJobDepartment(ctx context.Context, d *domain.JobDepartment) (err error) {
	defer s.wrap(&err, "UpdateJobDepartment(%q)", d.ID)
	c := *d
	if err := domain.NormalizeJobDepartment(&c); err != nil {
		return err
	}
	err = s.tx(ctx, true, func(tx *sql.Tx) error {
		var other string
		err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM job_departments WHERE name_key = ? AND id <> ?`),
			domain.NameKey(c.Name), c.ID).Scan(&other)
		if err == nil {
			return errDepartmentTaken(c.Name)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := s.execOne(ctx, tx, "department", `UPDATE job_departments SET name = ?, name_key = ? WHERE id = ?`,
			c.Name, domain.NameKey(c.Name), c.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE jobs SET department = ? WHERE department_id = ?`), c.Name, c.ID); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM jobs WHERE department_id = ?`), c.ID).Scan(&c.Jobs)
	})
	if err == nil {
		*d = c
	}
	return err
}

// DeleteJobDepartment removes an entry no job uses.
func (s *Store) DeleteJobDepartment(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteJobDepartment(%q)", id)
	return s.tx(ctx, true, func(tx *sql.Tx) error {
		if err := inUse(ctx, s, tx, "department", "department_id", id); err != nil {
			return err
		}
		return s.execOne(ctx, tx, "department", `DELETE FROM job_departments WHERE id = ?`, id)
	})
}
