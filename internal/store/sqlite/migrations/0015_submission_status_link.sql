-- A replayed submission answers with the status link of the first
-- answer: its token, sealed with the data keys (AES-256-GCM, as national
-- ID numbers are), so that the database alone opens no application.
-- NULL: the first answer gave no link (suspected spam, or recorded
-- before this migration). Pruning the key forgets it.
ALTER TABLE submissions ADD COLUMN status_link_sealed BLOB;
