package postgres_test

import (
	"database/sql"
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
	VALUES ($1, $2, 'job-1', $3, 'A', '', 'B', 'A B', $4, '+91', '9876543210', '', '', '',
	'Hyderabad', '2024-04-01', '[]', '[]', '[]', '[]', '', '', '', true, false, '', '', 'PAN', NULL, '',
	'', '2024-01', '2024-03-01T10:00:00Z', $5, '2024-03-01T10:00:00Z',
	'2024-03-01T10:00:00Z', '2024-03-01T10:00:00Z', 'a b')`

// Migration 12 keeps the spam flags stored before it: suspected spam
// waits in the queue, says it was suspected by the earlier check, and
// still gets its confirmation once released; the rest is untouched.
func TestMigrateSpamReview(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := freshSchema(t)
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate.Up(ctx, db, migrationsBefore(t, 12), migrate.Options{Placeholder: migrate.Dollar}); err != nil {
		t.Fatalf("migrate to 11: %v", err)
	}
	for _, a := range [][]any{
		{"a-spam", "APP-SPAM2345", "bot@example.com", "bot@example.com", true},
		{"a-real", "APP-REAL2345", "real@example.com", "real@example.com", false},
	} {
		if _, err := db.ExecContext(ctx, oldApplication, a...); err != nil {
			t.Fatal(err)
		}
	}

	s := open(t, dbURL)
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
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
	if got, err := s.ListApplications(ctx, domain.ApplicationFilter{Email: "BOT@example.com"}); err != nil || len(got) != 1 {
		t.Errorf("look-up by e-mail after migration = %d, %v", len(got), err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE applications SET spam_review = 'maybe' WHERE id = 'a-real'`); err == nil {
		t.Error("an unknown spam review was stored")
	}
}
