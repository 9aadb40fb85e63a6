-- The applicant's status page: the SHA-256 of the private link's token
-- (the token itself is only ever in the applicant's mail and browser;
-- NULL: no link issued, as for applications stored before this
-- migration, which get one when the applicant asks for it again), and
-- when the applicant withdrew the application (NULL: not withdrawn). A
-- later application for the same job replaces both.
ALTER TABLE applications ADD COLUMN status_token_hash TEXT;
ALTER TABLE applications ADD COLUMN withdrawn_at TIMESTAMPTZ;
CREATE UNIQUE INDEX applications_status_token ON applications (status_token_hash);
