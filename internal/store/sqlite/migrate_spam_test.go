package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/store/migrate"
)

// oldApplication inserts an application as written before migration 12.
const oldApplication = `INSERT INTO applications (id, reference, job_id, email_key, first_name, middle_name,
	last_name, full_name, email, phone_country_code, phone_number, address, linkedin, website,
	location_preference, availability_date, work_experiences, educations, skills, certifications,
	resume_key, cover_letter, heard_from, eligible_to_work, willing_to_relocate, gender,
	disability_status, national_id_type, national_id_number_enc, national_id_last4,
	national_id_document_key, consent_version, consent_at, spam, applied_at, updated_at,
	status_changed_at, name_key)
	VALUES (?, ?, 'job-1', ?, 'A', '', 'B', 'A B', ?, '+91', '9876543210', '', '', '',
	'Hyderabad', '2024-04-01', '[]', '[]', '[]', '[]', '', '', '', 1, 0, '', '', 'PAN', NULL, '',
	'', '2024-01', '2024-03-01T10:00:00.000000Z', ?, '2024-03-01T10:00:00.000000Z',
	'2024-03-01T10:00:00.000000Z', '2024-03-01T10:00:00.000000Z', 'a b')`

// Migration 12 keeps the spam flags stored before it: suspected spam
// waits in the queue, says it was suspected by the earlier check, and
// still gets its confirmation once released; the rest is untouched.
func TestMigrateSpamReview(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if err := migrate.Up(ctx, db, migrationsBefore(t, 12), migrate.Options{Placeholder: migrate.Question}); err != nil {
		t.Fatalf("migrate to 11: %v", err)
	}
	for _, a := range [][]any{
		{"a-spam", "APP-SPAM2345", "bot@example.com", "bot@example.com", 1},
		{"a-real", "APP-REAL2345", "real@example.com", "real@example.com", 0},
	} {
		if _, err := db.ExecContext(ctx, oldApplication, a...); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s := openMigrated(t, path)
	spam, err := s.GetApplication(ctx, "a-spam")
	if err != nil {
		t.Fatal(err)
	}
	if !spam.Spam || !spam.ConfirmationHeld || spam.SpamReview != domain.SpamUnreviewed || spam.SpamReasons == "" {
		t.Errorf("old spam after migration: spam %v, held %v, review %q, reasons %q", spam.Spam, spam.ConfirmationHeld, spam.SpamReview, spam.SpamReasons)
	}
	real, err := s.GetApplication(ctx, "a-real")
	if err != nil {
		t.Fatal(err)
	}
	if real.Spam || real.ConfirmationHeld || real.SpamReview != "" || real.SpamReasons != "" {
		t.Errorf("old real application after migration: %+v", real)
	}
	if n, err := s.CountApplications(ctx, domain.ApplicationFilter{Spam: domain.SpamQueue}); err != nil || n != 1 {
		t.Errorf("queue after migration = %d, %v; want 1", n, err)
	}
	if got, err := s.ListApplications(ctx, domain.ApplicationFilter{Reference: "app-spam2345"}); err != nil || len(got) != 1 {
		t.Errorf("look-up by reference after migration = %d, %v", len(got), err)
	}
	released := 0
	_, _, err = s.ReviewApplicationSpam(ctx, "a-spam", domain.SpamDecision{Release: func(a domain.Application) []*domain.OutboxMessage {
		released++
		return []*domain.OutboxMessage{{To: a.Email, Subject: "s", Body: "b"}}
	}})
	if err != nil || released != 1 {
		t.Errorf("release of old spam: %v, confirmation built %d times", err, released)
	}
	// The review's values are checked.
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(ctx, `UPDATE applications SET spam_review = 'maybe' WHERE id = 'a-real'`); err == nil {
		t.Error("an unknown spam review was stored")
	}
}
