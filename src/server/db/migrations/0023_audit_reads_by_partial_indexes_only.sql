-- Every read of an application's audit records asks for its staff actions or for its openings of the
-- borrower summary, each with a partial index of its own (migration 0019); the index of all of them was read
-- by nothing, yet written at every audited action and held 200 MB at a million applications.
DROP INDEX IF EXISTS "audit_log_application_idx";
