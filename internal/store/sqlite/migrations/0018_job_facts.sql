-- A job's structured facts. The locations and departments lists are kept
-- in the staff console; a job points at one entry of each. Names and
-- aliases are unique across the locations list regardless of case:
-- job_location_keys holds domain.NameKey of each. A list entry a job uses
-- cannot be deleted (the foreign keys; the store names how many jobs).
-- jobs.location and jobs.department keep the names pages show, renamed
-- with their entry; jobs.experience keeps the text pages show, derived
-- from years_min and years_max (NULL = no maximum). Jobs stored before
-- are mapped by a data step after the migrations (package jobfacts);
-- what it cannot map keeps its text and NULL references.
CREATE TABLE job_locations (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    aliases TEXT NOT NULL -- JSON array of strings
) STRICT;

CREATE TABLE job_location_keys (
    key         TEXT PRIMARY KEY,
    location_id TEXT NOT NULL REFERENCES job_locations (id) ON DELETE CASCADE
) STRICT;
CREATE INDEX job_location_keys_location ON job_location_keys (location_id);

CREATE TABLE job_departments (
    id       TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE
) STRICT;

ALTER TABLE jobs ADD COLUMN location_id TEXT REFERENCES job_locations (id);
ALTER TABLE jobs ADD COLUMN department_id TEXT REFERENCES job_departments (id);
ALTER TABLE jobs ADD COLUMN workplace TEXT NOT NULL DEFAULT 'onsite'
    CHECK (workplace IN ('onsite', 'hybrid', 'remote'));
ALTER TABLE jobs ADD COLUMN years_min INTEGER;
ALTER TABLE jobs ADD COLUMN years_max INTEGER;
CREATE INDEX jobs_location_id ON jobs (location_id);
CREATE INDEX jobs_department_id ON jobs (department_id);

-- The default lists, so that the demo jobs and the cities the
-- application form offers map.
INSERT INTO job_locations (id, name, aliases) VALUES
    ('hyderabad', 'Hyderabad', '[]'),
    ('bengaluru', 'Bengaluru', '["Bangalore"]');
INSERT INTO job_location_keys (key, location_id) VALUES
    ('hyderabad', 'hyderabad'),
    ('bengaluru', 'bengaluru'),
    ('bangalore', 'bengaluru');
INSERT INTO job_departments (id, name, name_key) VALUES
    ('engineering', 'Engineering', 'engineering'),
    ('cloud', 'Cloud', 'cloud'),
    ('quality', 'Quality', 'quality'),
    ('design', 'Design', 'design'),
    ('consulting', 'Consulting', 'consulting');
