package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"corpsite/internal/domain"
)

// Kinds of item in the revisions table.
const (
	revisionJob  = "job"
	revisionPost = "post"
)

// keepRevision stores item (a job or a post) as version of its kind and
// ID, and removes the item's revisions older than the last
// domain.RevisionsKept. Versions of an item are consecutive, so the ones
// kept are those above version - RevisionsKept.
func (s *Store) keepRevision(ctx context.Context, tx *sql.Tx, kind, id string, version int, at time.Time, by string, item any) error {
	data, err := json.Marshal(item)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO revisions (kind, item_id, version, saved_at, saved_by, data)
		VALUES (?, ?, ?, ?, ?, ?)`), kind, id, version, s.t(at), by, string(data)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, s.q(`DELETE FROM revisions WHERE kind = ? AND item_id = ? AND version <= ?`),
		kind, id, version-domain.RevisionsKept)
	return err
}

// dropRevisions removes every revision of an item (it is deleted).
func (s *Store) dropRevisions(ctx context.Context, tx *sql.Tx, kind, id string) error {
	_, err := tx.ExecContext(ctx, s.q(`DELETE FROM revisions WHERE kind = ? AND item_id = ?`), kind, id)
	return err
}

// scanRevision reads a revision row into r, its data into item.
func scanRevision(sc scanner, r *domain.Revision, item any) error {
	var data string
	if err := sc.Scan(&r.Version, timeCol{&r.SavedAt}, &r.SavedBy, &data); err != nil {
		return err
	}
	return json.Unmarshal([]byte(data), item)
}

// revisionOf reads one revision row of kind, filling Job or Post.
func revisionOf(kind string) func(sc scanner) (domain.Revision, error) {
	return func(sc scanner) (domain.Revision, error) {
		r := domain.Revision{}
		var err error
		if kind == revisionJob {
			r.Job = &domain.Job{}
			err = scanRevision(sc, &r, r.Job)
			r.Job.Version, r.Job.UpdatedBy, r.Job.UpdatedAt = r.Version, r.SavedBy, r.SavedAt
		} else {
			r.Post = &domain.BlogPost{}
			err = scanRevision(sc, &r, r.Post)
			r.Post.Version, r.Post.UpdatedBy, r.Post.UpdatedAt = r.Version, r.SavedBy, r.SavedAt
		}
		return r, err
	}
}

const revisionColumns = `version, saved_at, saved_by, data`

func (s *Store) revisions(ctx context.Context, kind, id string) ([]domain.Revision, error) {
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT `+revisionColumns+` FROM revisions
		WHERE kind = ? AND item_id = ? ORDER BY version DESC`), kind, id)
	if err != nil {
		return nil, err
	}
	return collect(rows, revisionOf(kind))
}

func (s *Store) revision(ctx context.Context, kind, id string, version int) (domain.Revision, error) {
	r, err := revisionOf(kind)(s.r.QueryRowContext(ctx, s.q(`SELECT `+revisionColumns+` FROM revisions
		WHERE kind = ? AND item_id = ? AND version = ?`), kind, id, version))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Revision{}, domain.NotFound("revision")
	}
	return r, err
}

// JobRevisions lists the kept revisions of job id, newest first.
func (s *Store) JobRevisions(ctx context.Context, id string) (_ []domain.Revision, err error) {
	defer s.wrap(&err, "JobRevisions(%q)", id)
	return s.revisions(ctx, revisionJob, id)
}

// JobRevision returns revision version of job id.
func (s *Store) JobRevision(ctx context.Context, id string, version int) (_ domain.Revision, err error) {
	defer s.wrap(&err, "JobRevision(%q, %d)", id, version)
	return s.revision(ctx, revisionJob, id, version)
}

// PostRevisions lists the kept revisions of post id, newest first.
func (s *Store) PostRevisions(ctx context.Context, id string) (_ []domain.Revision, err error) {
	defer s.wrap(&err, "PostRevisions(%q)", id)
	return s.revisions(ctx, revisionPost, id)
}

// PostRevision returns revision version of post id.
func (s *Store) PostRevision(ctx context.Context, id string, version int) (_ domain.Revision, err error) {
	defer s.wrap(&err, "PostRevision(%q, %d)", id, version)
	return s.revision(ctx, revisionPost, id, version)
}
