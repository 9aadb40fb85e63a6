-- Initial schema. Conventions (see package sqlstore): email_key is the
-- lower-cased e-mail address; JSONB columns hold arrays. Nothing names a
-- schema: the connection's search_path decides where tables live.

-- Bumped in the same transaction as every write to jobs, blog posts and
-- comments; render caches key on it. Exactly one row.
CREATE TABLE content_version (
    id      SMALLINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 1);

CREATE TABLE jobs (
    id              TEXT PRIMARY KEY,
    job_title       TEXT NOT NULL,
    experience      TEXT NOT NULL,
    location        TEXT NOT NULL,
    description     TEXT NOT NULL,
    department      TEXT NOT NULL,
    employment_type TEXT NOT NULL,
    salary_min      BIGINT NOT NULL,
    salary_max      BIGINT NOT NULL,
    closing_date    TIMESTAMPTZ,
    status          TEXT NOT NULL CHECK (status IN ('draft', 'open', 'closed')),
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX jobs_created ON jobs (created_at DESC, id DESC);

CREATE TABLE blog_posts (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    image       TEXT NOT NULL,
    content     TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
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
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX comments_blog_created ON comments (blog_id, created_at DESC, id DESC);

CREATE TABLE contact_messages (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    spam       BOOLEAN NOT NULL,
    handled    BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
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
    work_experiences         JSONB NOT NULL,
    educations               JSONB NOT NULL,
    skills                   JSONB NOT NULL,
    certifications           JSONB NOT NULL,
    resume_key               TEXT NOT NULL,
    cover_letter             TEXT NOT NULL,
    heard_from               TEXT NOT NULL,
    eligible_to_work         BOOLEAN NOT NULL,
    willing_to_relocate      BOOLEAN NOT NULL,
    gender                   TEXT NOT NULL,
    disability_status        TEXT NOT NULL,
    national_id_type         TEXT NOT NULL,
    national_id_number_enc   BYTEA,
    national_id_last4        TEXT NOT NULL,
    national_id_document_key TEXT NOT NULL,
    consent_version          TEXT NOT NULL,
    consent_at               TIMESTAMPTZ NOT NULL,
    spam                     BOOLEAN NOT NULL,
    applied_at               TIMESTAMPTZ NOT NULL,
    updated_at               TIMESTAMPTZ NOT NULL,
    UNIQUE (job_id, email_key)
);
CREATE INDEX applications_applied ON applications (applied_at DESC, id DESC);
CREATE INDEX applications_job_applied ON applications (job_id, applied_at DESC, id DESC);

-- Every blob key an application references, so that the sweeper's
-- question "is this file still needed?" is one index lookup.
CREATE TABLE application_blobs (
    blob_key       TEXT NOT NULL,
    application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    PRIMARY KEY (blob_key, application_id)
);
CREATE INDEX application_blobs_application ON application_blobs (application_id);

CREATE TABLE staff_users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);
