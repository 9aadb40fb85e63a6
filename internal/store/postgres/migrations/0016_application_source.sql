-- Where an application came from: the src (or utm_source) of the job or
-- apply link the applicant followed (domain.NormalizeSource: a short
-- lower-case token). '' = none, as for every application stored before
-- this migration. Indexed for the console's filter and counts by source.
ALTER TABLE applications ADD COLUMN source TEXT NOT NULL DEFAULT '';
CREATE INDEX applications_job_source ON applications (job_id, source);
