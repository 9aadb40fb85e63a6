package sqlstore

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"corpsite/internal/domain"
)

// appCols are the columns of an application that scanApp reads, in order.
var appCols = []string{"id", "reference", "job_id", "first_name", "middle_name", "last_name",
	"full_name", "email", "phone_country_code", "phone_number", "address", "linkedin", "website",
	"location_preference", "availability_date", "work_experiences", "educations", "skills",
	"certifications", "resume_key", "cover_letter", "heard_from", "eligible_to_work",
	"willing_to_relocate", "gender", "disability_status", "national_id_type",
	"national_id_number_enc", "national_id_last4", "national_id_document_key", "consent_version",
	"consent_at", "spam", "applied_at", "updated_at", "status", "status_changed_at",
	"spam_reasons", "spam_review", "confirmation_held", "withdrawn_at", "source"}

var appColumns = strings.Join(appCols, ", ")

// writeCols are the columns written: appCols, the e-mail and name keys
// and the status link token's hash (never read back).
var writeCols = slices.Concat(appCols, []string{"email_key", "name_key", "status_token_hash"})

func scanApp(sc scanner) (domain.Application, error) {
	var a domain.Application
	err := sc.Scan(&a.ID, &a.Reference, &a.JobID, &a.FirstName, &a.MiddleName, &a.LastName,
		&a.FullName, &a.Email, &a.PhoneCountryCode, &a.PhoneNumber, &a.Address, &a.LinkedIn,
		&a.Website, &a.LocationPreference, &a.AvailabilityDate, jsonCol{&a.WorkExperiences},
		jsonCol{&a.Educations}, jsonCol{&a.Skills}, jsonCol{&a.Certifications}, &a.ResumeKey,
		&a.CoverLetter, &a.HeardFrom, &a.EligibleToWork, &a.WillingToRelocate, &a.Gender,
		&a.DisabilityStatus, &a.NationalIDType, &a.NationalIDNumberEnc, &a.NationalIDLast4,
		&a.NationalIDDocumentKey, &a.ConsentVersion, timeCol{&a.ConsentAt}, &a.Spam,
		timeCol{&a.AppliedAt}, timeCol{&a.UpdatedAt}, &a.Status, timeCol{&a.StatusChangedAt},
		&a.SpamReasons, &a.SpamReview, &a.ConfirmationHeld, nullTimeCol{&a.WithdrawnAt}, &a.Source)
	if err != nil {
		return a, err
	}
	normalizeApp(&a)
	return a, nil
}

// normalizeApp gives a the form in which the store returns it: empty,
// non-nil slices and nil for no encrypted national ID.
func normalizeApp(a *domain.Application) {
	a.WorkExperiences = orEmpty(a.WorkExperiences)
	a.Educations = orEmpty(a.Educations)
	a.Skills = orEmpty(a.Skills)
	a.Certifications = orEmpty(a.Certifications)
	if len(a.NationalIDNumberEnc) == 0 {
		a.NationalIDNumberEnc = nil
	}
}

// appArgs returns a's values for writeCols.
func (s *Store) appArgs(a *domain.Application) ([]any, error) {
	var js [4]string
	var err error
	if js[0], err = jsonArg(a.WorkExperiences); err == nil {
		if js[1], err = jsonArg(a.Educations); err == nil {
			if js[2], err = jsonArg(a.Skills); err == nil {
				js[3], err = jsonArg(a.Certifications)
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	var enc any
	if len(a.NationalIDNumberEnc) > 0 {
		enc = a.NationalIDNumberEnc
	}
	return []any{a.ID, a.Reference, a.JobID, a.FirstName, a.MiddleName, a.LastName,
		a.FullName, a.Email, a.PhoneCountryCode, a.PhoneNumber, a.Address, a.LinkedIn,
		a.Website, a.LocationPreference, a.AvailabilityDate, js[0], js[1], js[2], js[3],
		a.ResumeKey, a.CoverLetter, a.HeardFrom, a.EligibleToWork, a.WillingToRelocate,
		a.Gender, a.DisabilityStatus, a.NationalIDType, enc, a.NationalIDLast4,
		a.NationalIDDocumentKey, a.ConsentVersion, s.t(a.ConsentAt), a.Spam,
		s.t(a.AppliedAt), s.t(a.UpdatedAt), string(a.Status), s.t(a.StatusChangedAt),
		a.SpamReasons, string(a.SpamReview), a.ConfirmationHeld, s.tp(a.WithdrawnAt), a.Source,
		emailKey(a.Email), nameKey(a.FullName), nullString(a.StatusTokenHash)}, nil
}

// nullString is v, or NULL for "" (a column with a unique index that
// many rows leave empty).
func nullString(v string) any {
	if v == "" {
		return nil
	}
	return v
}

var refEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newReference returns a reference an applicant can read out or type:
// "APP-" and 8 upper-case base-32 characters (40 random bits).
func newReference() string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return "APP-" + refEncoding.EncodeToString(b[:])
}

// saveAttempts bounds SaveApplication's loop; each turn either finds the
// row or loses an insert race (or an ID collision), which cannot repeat
// indefinitely.
const saveAttempts = 5

// errReplayed ends a save's transaction, writing nothing, when its
// idempotency key turns out to be recorded already.
var errReplayed = errors.New("idempotency key already recorded")

// claimKey runs insert, an INSERT ... ON CONFLICT DO NOTHING of an
// idempotency key's row, in tx: errReplayed when the key was recorded
// already (of two transactions inserting one key, the second waits for the
// first on PostgreSQL, or finds its row behind SQLite's one writer).
func (s *Store) claimKey(ctx context.Context, tx *sql.Tx, insert string, args ...any) error {
	r, err := tx.ExecContext(ctx, s.q(insert), args...)
	if err != nil {
		return err
	}
	n, err := r.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errReplayed
	}
	return nil
}

// SaveApplication inserts a or, when an application for the same job and
// e-mail address (regardless of case) exists, replaces it keeping its ID,
// Reference and AppliedAt. On insert an empty ID and Reference are
// generated and a zero AppliedAt or UpdatedAt is the current time; on
// replace UpdatedAt is the current time. a is updated with what was
// stored. Previous holds the blob keys of the replaced application that
// the new one no longer references, so that deleting them is safe.
// Suspected spam (a.Spam) does not replace an application that is not:
// the existing row is left alone, a gets its ID, Reference and times,
// and Previous holds a's own blob keys instead.
//
// The idempotency key is claimed first, by inserting its row: of two
// transactions inserting one key, PostgreSQL makes the second wait for
// the first and then skips the insert if the first committed (SQLite has
// one writer, so the second simply finds the row). The loser writes
// nothing and reports the first result, read after its rollback.
func (s *Store) SaveApplication(ctx context.Context, a *domain.Application, opt domain.SaveOptions) (res domain.SaveResult, err error) {
	defer s.wrap(&err, "SaveApplication(job %q)", a.JobID)
	t := now()
	c := *a
	normalizeApp(&c)
	c.ConsentAt = stamp(c.ConsentAt)
	genID, genRef := c.ID == "", c.Reference == ""
	// The messages Notify returned, and the copies queued of them (given
	// back only when the transaction commits).
	var given []*domain.OutboxMessage
	var notify []domain.OutboxMessage

	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		given, notify = nil, nil
		if opt.IdempotencyKey != "" {
			if err := s.claimKey(ctx, tx, `INSERT INTO submissions
				(key_hash, job_id, application_id, reference, created, recorded_at)
				VALUES (?, ?, '', '', ?, ?) ON CONFLICT DO NOTHING`,
				keyHash(opt.IdempotencyKey), c.JobID, false, s.t(t)); err != nil {
				return err
			}
		}
		var err error
		if res.Created, res.Previous, err = s.saveApp(ctx, tx, &c, a, t, genID, genRef); err != nil {
			return err
		}
		if opt.IdempotencyKey != "" {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE submissions
				SET application_id = ?, reference = ?, created = ?, status_link_sealed = ? WHERE key_hash = ?`),
				c.ID, c.Reference, res.Created, opt.StatusLinkSealed, keyHash(opt.IdempotencyKey)); err != nil {
				return err
			}
		}
		if opt.Notify != nil {
			given = opt.Notify(c, res.Created)
			notify = make([]domain.OutboxMessage, len(given))
			for i, m := range given {
				if m == nil {
					return errors.New("nil outbox message")
				}
				notify[i] = *m
			}
		}
		for i := range notify {
			if err := s.enqueueOutbox(ctx, tx, &notify[i]); err != nil {
				return fmt.Errorf("enqueue notification: %w", err)
			}
		}
		return nil
	})
	if errors.Is(err, errReplayed) {
		// The first save has committed (that is when the claim above
		// gave way), so its result is readable now.
		sub, err := s.lookupSubmission(ctx, s.w, opt.IdempotencyKey)
		if err != nil {
			return domain.SaveResult{}, err
		}
		a.ID, a.Reference = sub.ApplicationID, sub.Reference
		return domain.SaveResult{Created: sub.Created, Replayed: true}, nil
	}
	if err != nil {
		return domain.SaveResult{}, err
	}
	*a = c
	for i, m := range given {
		*m = notify[i]
	}
	return res, nil
}

// saveApp is the insert-or-replace of SaveApplication inside tx: c is the
// application being stored (updated in place), given what the caller
// passed (for its times), t the current time.
func (s *Store) saveApp(ctx context.Context, tx *sql.Tx, c, given *domain.Application, t time.Time, genID, genRef bool) (created bool, previous []string, err error) {
	for range saveAttempts {
		old, err := scanApp(tx.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications
			WHERE job_id = ? AND email_key = ?`+s.d.ForUpdate), c.JobID, emailKey(c.Email)))
		switch {
		case err == nil && c.Spam && !old.Spam:
			// Suspected spam never replaces a real application: anyone
			// who knows an applicant's address could otherwise wipe it
			// (and its documents) with the honeypot filled. The row stays
			// as it is; the submission is answered as a replacement of it
			// and its own documents go.
			c.ID, c.Reference, c.AppliedAt, c.UpdatedAt = old.ID, old.Reference, old.AppliedAt, old.UpdatedAt
			c.Status, c.StatusChangedAt = old.Status, old.StatusChangedAt
			return false, dropKeys(c.BlobKeys(), old.BlobKeys()), nil
		case err == nil:
			// A later application is a fresh submission: back to new.
			// Staff's notes stay with the row, which keeps its ID.
			c.ID, c.Reference, c.AppliedAt, c.UpdatedAt = old.ID, old.Reference, old.AppliedAt, t
			c.Status, c.StatusChangedAt = domain.StatusNew, t
			args, err := s.appArgs(c)
			if err != nil {
				return false, nil, err
			}
			if _, err := tx.ExecContext(ctx, s.q(replaceSQL), replaceArgs(args, c.ID)...); err != nil {
				return false, nil, err
			}
			return false, dropKeys(old.BlobKeys(), c.BlobKeys()), s.setBlobKeys(ctx, tx, c)
		case !errors.Is(err, sql.ErrNoRows):
			return false, nil, err
		}

		if genID {
			c.ID = domain.NewID()
		}
		if genRef {
			c.Reference = newReference()
		}
		c.AppliedAt, c.UpdatedAt = stampOr(given.AppliedAt, t), stampOr(given.UpdatedAt, t)
		c.Status, c.StatusChangedAt = domain.StatusNew, c.AppliedAt
		args, err := s.appArgs(c)
		if err != nil {
			return false, nil, err
		}
		// DO NOTHING on any unique index: if a concurrent save for the
		// same job and address won, the next turn finds its row; if the
		// ID or reference was taken, the next turn draws new ones.
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO applications (`+strings.Join(writeCols, ", ")+`)
			VALUES (`+placeholders(len(args))+`) ON CONFLICT DO NOTHING`), args...)
		if err != nil {
			return false, nil, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return false, nil, err
			}
			continue
		}
		return true, nil, s.setBlobKeys(ctx, tx, c)
	}
	return false, nil, errors.New("no row inserted or found: ID or reference already taken")
}

// keyHash is how an idempotency key is stored: SHA-256, hex.
func keyHash(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// LookupSubmission returns the result recorded for an idempotency key.
func (s *Store) LookupSubmission(ctx context.Context, key string) (_ domain.Submission, err error) {
	defer s.wrap(&err, "LookupSubmission")
	return s.lookupSubmission(ctx, s.r, key)
}

func (s *Store) lookupSubmission(ctx context.Context, db *sql.DB, key string) (domain.Submission, error) {
	sub := domain.Submission{Key: key}
	if key == "" {
		return sub, domain.NotFound("submission")
	}
	err := db.QueryRowContext(ctx, s.q(`SELECT job_id, application_id, reference, created, recorded_at, status_link_sealed
		FROM submissions WHERE key_hash = ?`), keyHash(key)).
		Scan(&sub.JobID, &sub.ApplicationID, &sub.Reference, &sub.Created, timeCol{&sub.At}, &sub.StatusLinkSealed)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Submission{}, domain.NotFound("submission")
	}
	return sub, err
}

// PruneSubmissions forgets the idempotency keys recorded before t, of
// applications and of contact messages.
func (s *Store) PruneSubmissions(ctx context.Context, t time.Time) (err error) {
	defer s.wrap(&err, "PruneSubmissions")
	for _, table := range []string{"submissions", "contact_submissions"} {
		if _, err := s.w.ExecContext(ctx, s.q(`DELETE FROM `+table+` WHERE recorded_at < ?`), s.t(t)); err != nil {
			return err
		}
	}
	return nil
}

// kept lists the columns that replacing an application leaves alone.
var kept = []string{"id", "reference", "applied_at"}

// replaceSQL updates every other column of appCols, and email_key.
var replaceSQL = func() string {
	var set []string
	for _, c := range writeCols {
		if !slices.Contains(kept, c) {
			set = append(set, c+" = ?")
		}
	}
	return "UPDATE applications SET " + strings.Join(set, ", ") + " WHERE id = ?"
}()

// replaceArgs picks from args (as returned by appArgs) the values for
// replaceSQL.
func replaceArgs(args []any, id string) []any {
	var out []any
	for i, c := range writeCols {
		if !slices.Contains(kept, c) {
			out = append(out, args[i])
		}
	}
	return append(out, id)
}

// setBlobKeys records the blob keys a references, for BlobKeyReferenced.
func (s *Store) setBlobKeys(ctx context.Context, tx *sql.Tx, a *domain.Application) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM application_blobs WHERE application_id = ?`), a.ID); err != nil {
		return err
	}
	keys := a.BlobKeys()
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO application_blobs (blob_key, application_id) VALUES (?, ?)`), k, a.ID); err != nil {
			return err
		}
	}
	return nil
}

// dropKeys returns the keys of old that are not in keep.
func dropKeys(old, keep []string) []string {
	var out []string
	for _, k := range old {
		if !slices.Contains(keep, k) && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// GetApplication returns the application with the given ID.
func (s *Store) GetApplication(ctx context.Context, id string) (_ domain.Application, err error) {
	defer s.wrap(&err, "GetApplication(%q)", id)
	a, err := scanApp(s.r.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Application{}, domain.NotFound("application")
	}
	return a, err
}

// DeleteApplication removes an application and (by cascade) its notes.
// Its blobs are the caller's.
func (s *Store) DeleteApplication(ctx context.Context, id string) (err error) {
	defer s.wrap(&err, "DeleteApplication(%q)", id)
	return s.execOne(ctx, s.w, "application", `DELETE FROM applications WHERE id = ?`, id)
}

// DeleteApplicationsBefore removes the applications applied before t and
// returns the blob keys they referenced.
func (s *Store) DeleteApplicationsBefore(ctx context.Context, t time.Time) (keys []string, err error) {
	defer s.wrap(&err, "DeleteApplicationsBefore")
	t = ceilMicro(t)
	// RETURNING reports exactly the rows deleted, even if one was replaced
	// concurrently.
	rows, err := s.w.QueryContext(ctx, s.q(`DELETE FROM applications WHERE applied_at < ?
		RETURNING resume_key, national_id_document_key, certifications`), s.t(t))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	keys = []string{}
	for rows.Next() {
		var a domain.Application
		if err := rows.Scan(&a.ResumeKey, &a.NationalIDDocumentKey, jsonCol{&a.Certifications}); err != nil {
			return nil, err
		}
		keys = append(keys, a.BlobKeys()...)
	}
	return keys, rows.Err()
}

// ceilMicro rounds t up to whole microseconds, as times are stored, so
// that "before t" keeps its meaning.
func ceilMicro(t time.Time) time.Time {
	if c := t.Truncate(time.Microsecond); !c.Equal(t) {
		return c.Add(time.Microsecond)
	}
	return t
}

// ClearNationalIDDocumentsBefore empties the national-ID document key of
// the applications updated before t, in one transaction that locks them
// (a concurrent replacement either precedes it, and its new document's
// time counts, or follows it), and returns the keys no longer referenced.
func (s *Store) ClearNationalIDDocumentsBefore(ctx context.Context, t time.Time) (keys []string, err error) {
	defer s.wrap(&err, "ClearNationalIDDocumentsBefore")
	keys = []string{}
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.q(`SELECT `+appColumns+` FROM applications
			WHERE updated_at < ? AND national_id_document_key <> ''`+s.d.ForUpdate), s.t(ceilMicro(t)))
		if err != nil {
			return err
		}
		apps, err := collect(rows, scanApp)
		if err != nil {
			return err
		}
		for _, a := range apps {
			before := a.BlobKeys()
			a.NationalIDDocumentKey = ""
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET national_id_document_key = '' WHERE id = ?`), a.ID); err != nil {
				return err
			}
			if err := s.setBlobKeys(ctx, tx, &a); err != nil {
				return err
			}
			for _, k := range dropKeys(before, a.BlobKeys()) {
				// Another application may share the file.
				var used bool
				if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) > 0 FROM application_blobs WHERE blob_key = ?`), k).Scan(&used); err != nil {
					return err
				}
				if !used {
					keys = append(keys, k)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return keys, nil
}

// BlobKeyReferenced reports whether any application references key.
func (s *Store) BlobKeyReferenced(ctx context.Context, key string) (ok bool, err error) {
	defer s.wrap(&err, "BlobKeyReferenced")
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) > 0 FROM application_blobs WHERE blob_key = ?`), key).Scan(&ok)
	return ok, err
}

// GetApplicationByStatusToken returns the application whose status link
// token has the hash.
func (s *Store) GetApplicationByStatusToken(ctx context.Context, tokenHash string) (_ domain.Application, err error) {
	defer s.wrap(&err, "GetApplicationByStatusToken")
	if tokenHash == "" {
		return domain.Application{}, domain.NotFound("application")
	}
	return s.getAppWhere(ctx, `status_token_hash = ?`, tokenHash)
}

// GetApplicationByReference returns the application with the reference.
func (s *Store) GetApplicationByReference(ctx context.Context, reference string) (_ domain.Application, err error) {
	defer s.wrap(&err, "GetApplicationByReference")
	return s.getAppWhere(ctx, `reference = ?`, reference)
}

// getAppWhere returns the one application where cond holds.
func (s *Store) getAppWhere(ctx context.Context, cond string, args ...any) (domain.Application, error) {
	a, err := scanApp(s.r.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications WHERE `+cond), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Application{}, domain.NotFound("application")
	}
	return a, err
}

// SetStatusToken replaces application id's status link token and queues
// mail with it, in one transaction.
func (s *Store) SetStatusToken(ctx context.Context, id, tokenHash string, mail *domain.OutboxMessage) (err error) {
	defer s.wrap(&err, "SetStatusToken(%q)", id)
	var queued domain.OutboxMessage
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		if err := s.execOne(ctx, tx, "application", `UPDATE applications SET status_token_hash = ? WHERE id = ?`,
			nullString(tokenHash), id); err != nil {
			return err
		}
		if mail == nil {
			return nil
		}
		queued = *mail
		return s.enqueueOutbox(ctx, tx, &queued)
	})
	if err == nil && mail != nil {
		*mail = queued
	}
	return err
}

// WithdrawApplication marks application id withdrawn at the time given,
// unless it was withdrawn already, queueing notify if this call did.
func (s *Store) WithdrawApplication(ctx context.Context, id string, at time.Time, notify *domain.OutboxMessage) (a domain.Application, err error) {
	defer s.wrap(&err, "WithdrawApplication(%q)", id)
	var queued domain.OutboxMessage
	sent := false
	err = s.tx(ctx, false, func(tx *sql.Tx) error {
		sent = false
		res, err := tx.ExecContext(ctx, s.q(`UPDATE applications SET withdrawn_at = ?
			WHERE id = ? AND withdrawn_at IS NULL`), s.t(at), id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 1 && notify != nil {
			queued, sent = *notify, true
			if err := s.enqueueOutbox(ctx, tx, &queued); err != nil {
				return err
			}
		}
		a, err = scanApp(tx.QueryRowContext(ctx, s.q(`SELECT `+appColumns+` FROM applications WHERE id = ?`), id))
		if errors.Is(err, sql.ErrNoRows) {
			return domain.NotFound("application")
		}
		return err
	})
	if err != nil {
		return domain.Application{}, err
	}
	if sent {
		*notify = queued
	}
	return a, nil
}
