-- Initial schema. Conventions (see package sqlstore): timestamps are TEXT
-- in RFC 3339 UTC with six fractional digits, so they sort as text;
-- booleans are 0/1; email_key is the lower-cased e-mail address; JSON
-- columns hold arrays.

-- Bumped in the same transaction as every write to jobs, blog posts and
-- comments; render caches key on it. Exactly one row.
CREATE TABLE content_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
) STRICT;
INSERT INTO content_version (id, version) VALUES (1, 1);

CREATE TABLE jobs (
    id              TEXT PRIMARY KEY,
    job_title       TEXT NOT NULL,
    experience      TEXT NOT NULL,
    location        TEXT NOT NULL,
    description     TEXT NOT NULL,
    department      TEXT NOT NULL,
    employment_type TEXT NOT NULL,
    salary_min      INTEGER NOT NULL,
    salary_max      INTEGER NOT NULL,
    closing_date    TEXT,
    status          TEXT NOT NULL CHECK (status IN ('draft', 'open', 'closed')),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;
CREATE INDEX jobs_created ON jobs (created_at DESC, id DESC);

CREATE TABLE blog_posts (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    image       TEXT NOT NULL,
    content     TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
) STRICT;
CREATE INDEX blog_posts_created ON blog_posts (created_at DESC, id DESC);
CREATE INDEX blog_posts_status_created ON blog_posts (status, created_at DESC, id DESC);

-- A post's comments go with it.
CREATE TABLE comments (
    id         TEXT PRIMARY KEY,
    blog_id    TEXT NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    website    TEXT NOT NULL,
    comment    TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('visible', 'spam', 'hidden')),
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX comments_blog_created ON comments (blog_id, created_at DESC, id DESC);

CREATE TABLE contact_messages (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    spam       INTEGER NOT NULL,
    handled    INTEGER NOT NULL,
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC, id DESC);

-- job_id is not a foreign key: applications outlive a deleted job.
-- One application per job and e-mail address (any case).
CREATE TABLE applications (
    id                       TEXT PRIMARY KEY,
    reference                TEXT NOT NULL UNIQUE,
    job_id                   TEXT NOT NULL,
    email_key                TEXT NOT NULL,
    first_name               TEXT NOT NULL,
    middle_name              TEXT NOT NULL,
    last_name                TEXT NOT NULL,
    full_name                TEXT NOT NULL,
    email                    TEXT NOT NULL,
    phone_country_code       TEXT NOT NULL,
    phone_number             TEXT NOT NULL,
    address                  TEXT NOT NULL,
    linkedin                 TEXT NOT NULL,
    website                  TEXT NOT NULL,
    location_preference      TEXT NOT NULL,
    availability_date        TEXT NOT NULL,
    work_experiences         TEXT NOT NULL CHECK (json_valid(work_experiences)),
    educations               TEXT NOT NULL CHECK (json_valid(educations)),
    skills                   TEXT NOT NULL CHECK (json_valid(skills)),
    certifications           TEXT NOT NULL CHECK (json_valid(certifications)),
    resume_key               TEXT NOT NULL,
    cover_letter             TEXT NOT NULL,
    heard_from               TEXT NOT NULL,
    eligible_to_work         INTEGER NOT NULL,
    willing_to_relocate      INTEGER NOT NULL,
    gender                   TEXT NOT NULL,
    disability_status        TEXT NOT NULL,
    national_id_type         TEXT NOT NULL,
    national_id_number_enc   BLOB,
    national_id_last4        TEXT NOT NULL,
    national_id_document_key TEXT NOT NULL,
    consent_version          TEXT NOT NULL,
    consent_at               TEXT NOT NULL,
    spam                     INTEGER NOT NULL,
    applied_at               TEXT NOT NULL,
    updated_at               TEXT NOT NULL,
    UNIQUE (job_id, email_key)
) STRICT;
CREATE INDEX applications_applied ON applications (applied_at DESC, id DESC);
CREATE INDEX applications_job_applied ON applications (job_id, applied_at DESC, id DESC);

-- Every blob key an application references, so that the sweeper's
-- question "is this file still needed?" is one index lookup.
CREATE TABLE application_blobs (
    blob_key       TEXT NOT NULL,
    application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    PRIMARY KEY (blob_key, application_id)
) STRICT;
CREATE INDEX application_blobs_application ON application_blobs (application_id);

CREATE TABLE staff_users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL,
    created_at    TEXT NOT NULL
) STRICT;
